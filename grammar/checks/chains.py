"""Pass: the chain graph. Every link names a card, leads to a later age, forms no
cycle, and is printed on both cards (`chain to` on the earlier, `chain from` on the later; the
engine links through either). Also: a name used in several ages (Loom in ages 1 and 2) must be
the same card each time, and an alias names one card only."""

from __future__ import annotations

import re
from collections.abc import Iterable

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.digraph import Digraph
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error, warning
from wonderrules.grammar.resolve import Model, closest

__all__ = ["check", "chain_graph"]


def chain_graph(model: Model) -> Digraph[str]:
    """Earlier card name -> later card name, for every link that names two known cards."""
    names = model.card_names()
    g: Digraph[str] = Digraph()
    for name in names:
        g.add_node(name)
    for card in model.cards.values():
        name = card.name.text
        cf = card.first(s.ChainFrom)
        ct = card.first(s.ChainTo)
        for t in cf.names if cf else ():
            if t.text in names:
                g.add_edge(t.text, name, t.span)
        for t in ct.names if ct else ():
            if t.text in names and not g.has_edge(name, t.text):
                g.add_edge(name, t.text, t.span)
    return g


def _aliases(model: Model, names: dict[str, list[s.Card]], diags: list[Diagnostic]) -> None:
    """An alias is another name of one card: the engine looks a name up as a card first, so an
    alias that is another card's name is never used, and an alias of two cards names the first."""
    given: dict[str, tuple[str, s.Text]] = {}
    for card in model.cards.values():
        own = card.name.text
        for attr in card.attrs:
            if not isinstance(attr, s.Aliases):
                continue
            for alias in attr.names:
                if alias.text in names and alias.text != own:
                    other = names[alias.text][0]
                    diags.append(error("E0102", f"alias '{alias.text}' of card '{own}' is the name of another card",
                                       alias.span, labels=[Label(other.name.span, "that card")],
                                       help=f"remove the alias: '{alias.text}' always names the other card"))
                elif alias.text in given and given[alias.text][0] != own:
                    first, where = given[alias.text]
                    diags.append(error("E0102", f"alias '{alias.text}' is given to cards '{first}' and '{own}'",
                                       alias.span, labels=[Label(where.span, "given here first")],
                                       help="an alias names one card: remove one of the two"))
                else:
                    given.setdefault(alias.text, (own, alias))


def _same_card(a: s.Card, b: s.Card) -> bool:
    def shape(c: s.Card) -> tuple[str, list[tuple[int, str]], list[str]]:
        cost = c.first(s.Cost)
        items = sorted((i.amount, i.resource.text if i.resource else "coins") for i in cost.items) if cost else []
        hooks = [_strip(h) for h in c.hooks]
        return (c.colour.text, items, hooks)
    return shape(a) == shape(b)


def _strip(hook: object) -> str:
    """An effect's text without positions, for comparing two definitions."""

    return re.sub(r"span=Span\([^)]*\)", "", repr(hook))


def _unknown_link(model: Model, card: s.Card, kind: str, t: s.Text, names: Iterable[str]) -> Diagnostic:
    removal = model.removal_of(t.text)
    if removal is not None:
        node, layer = removal
        return error("E0201", f"chain {kind} '{t.text}', a card that layer '{layer}' removes", t.span,
                     labels=[Label(node.span, "removed here")],
                     help=f"replace \"{card.name.text}\" without this link (`replace card \"{card.name.text}\" "
                          f"age {card.age} ...`), or keep '{t.text}'")
    hint = closest(t.text, names)
    return error("E0201", f"chain {kind} unknown card '{t.text}'", t.span,
                 help=f"did you mean '{hint}'?" if hint else "chains link two cards of the rule set by name")


def check(model: Model) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    names = model.card_names()
    for defs in names.values():
        for other in defs[1:]:
            if not _same_card(defs[0], other):
                diags.append(error("E0102", f"card '{other.name.text}' appears in ages {defs[0].age} and "
                                   f"{other.age} as two different cards", other.name.span,
                                   labels=[Label(defs[0].name.span, "the other one")],
                                   help="a name may appear in several ages only for the same card; rename one"))
    _aliases(model, names, diags)
    g = chain_graph(model)
    order = {name: i for i, name in enumerate(names)}
    cycle_edges: set[tuple[str, str]] = set()
    for cycle in g.simple_cycles():
        if len(cycle) < 2:
            continue
        start = min(range(len(cycle)), key=lambda i: order.get(cycle[i], len(order)))
        cycle = cycle[start:] + cycle[:start]
        edges = list(zip(cycle, cycle[1:] + cycle[:1]))
        cycle_edges.update(edges)
        span = g.edge(*edges[0])
        others = [Label(g.edge(a, b), f"'{a}' -> '{b}'") for a, b in edges[1:]]
        diags.append(error("E0203", "chain cycle: " + " -> ".join(cycle + [cycle[0]]), span, labels=others,
                           help="chains lead from a card to cards of later ages; remove one of these links"))
    # (earlier, later) -> where the link is written, on the earlier card (`chain to`) or the later one
    stated_to: dict[tuple[str, str], Span] = {}
    stated_from: dict[tuple[str, str], Span] = {}
    bad: set[tuple[str, str]] = set()
    for card in model.cards.values():
        name = card.name.text
        for kind, attr in (("from", card.first(s.ChainFrom)), ("to", card.first(s.ChainTo))):
            for t in attr.names if attr else ():
                if t.text not in names:
                    diags.append(_unknown_link(model, card, kind, t, names))
                    continue
                if t.text == name:
                    diags.append(error("E0203", f"card '{name}' chains to itself", t.span,
                                       help="a chain links two different cards; remove this link"))
                    continue
                if kind == "from":
                    earlier, later = t.text, name
                    stated_from.setdefault((earlier, later), t.span)
                    earlier_ages, later_ages = [c.age for c in names[t.text]], [card.age]
                else:
                    earlier, later = name, t.text
                    stated_to.setdefault((earlier, later), t.span)
                    earlier_ages, later_ages = [card.age], [c.age for c in names[t.text]]
                if max(later_ages) <= min(earlier_ages):
                    bad.add((earlier, later))
                    if (earlier, later) in cycle_edges:
                        continue  # the cycle error explains it
                    diags.append(error(
                        "E0202",
                        f"chain from '{earlier}' (age {min(earlier_ages)}) to '{later}' "
                        f"(age {max(later_ages)}) does not lead to a later age", t.span,
                        help="a chain lets a card built in an earlier age make a card of a later age free"))
    for (earlier, later), span in sorted(stated_from.items()):
        if (earlier, later) in stated_to or (earlier, later) in bad or (earlier, later) in cycle_edges:
            continue
        if names[earlier][0].first(s.ChainTo) is None:
            continue  # the earlier card states no links at all: nothing disagrees
        diags.append(warning("W0204", f"'{later}' chains from '{earlier}', but '{earlier}' does not list it in "
                             "`chain to`", span, labels=[Label(names[earlier][0].name.span, "does not list it")],
                             help=f'add "{later}" to the `chain to` of "{earlier}"'))
    for (earlier, later), span in sorted(stated_to.items()):
        if (earlier, later) in stated_from or (earlier, later) in bad or (earlier, later) in cycle_edges:
            continue
        diags.append(warning("W0204", f"'{earlier}' chains to '{later}', but '{later}' does not list it in "
                             "`chain from`", span, labels=[Label(names[later][0].name.span, "does not list it")],
                             help=f'add `chain from "{earlier}"` to "{later}"'))
    return diags
