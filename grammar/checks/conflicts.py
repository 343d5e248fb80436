"""Pass: rule conflicts (networkx).

- Two effects that run at the same moment and touch the same quantity in an order-dependent way
  (one reads what the other writes, or one takes away what the other adds) need a declared order
  (`order end of turn: gain, build, lose`). A moment is what the engine runs as one queue:
  `end of turn` and `each end of turn` effects share the end of the turn, `whenever ... builds`
  effects run with the `on build` effects of the turn.
- Effects must not trigger each other in a cycle (a build that fires a build that fires ...).

Redefinitions across layers are found while merging (``resolve.py``, E0401).
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from wonderrules.grammar.checks.references import MOMENT_OF, TIMING_WORDS
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir

__all__ = ["check", "effect_reads", "effect_writes"]



def effect_reads(e: ir.Effect) -> frozenset[str]:
    """What an effect instance reads: counted quantities, and coins for capped losses."""
    out: set[str] = set()
    per = getattr(e, "per", None)
    if per is not None:
        out.add(per.kind)
    if isinstance(e, ir.LoseCoins):
        out.add("coins")
    if isinstance(e, ir.BuildFromDiscard):
        out.add("discard")
    return frozenset(out)


def effect_writes(e: ir.Effect) -> frozenset[str]:
    if isinstance(e, ir.GainCoins):
        return frozenset({"coins+"})
    if isinstance(e, ir.GainTokens):
        return frozenset({"tokens+"})
    if isinstance(e, ir.LoseCoins):
        return frozenset({"coins-"} | ({"tokens+"} if e.shortfall_token else set()))
    if isinstance(e, ir.BuildFromDiscard):
        return frozenset({"cards", "discard"})
    return frozenset()


def _order_dependent(a: ir.Effect, b: ir.Effect) -> str | None:
    """The quantity that makes the order of a and b matter, or None."""
    ra, rb, wa, wb = effect_reads(a), effect_reads(b), effect_writes(a), effect_writes(b)
    for w in wa:
        q = w.rstrip("+-")
        if q in rb:
            return q
    for w in wb:
        q = w.rstrip("+-")
        if q in ra:
            return q
    if ("coins-" in wa and "coins+" in wb) or ("coins+" in wa and "coins-" in wb):
        return "coins"
    return None


def _hooks(model: Model, rules: ir.RuleSet) -> Iterator[tuple[str, ir.Hook, Span, int]]:
    """(owner description, hook, span, layer rank) for every card and stage hook."""
    rank = {name: i for i, name in enumerate(model.layers)}
    for card in rules.cards:
        node = model.cards[(card.name, card.age)]
        for h, hn in zip(card.hooks, node.hooks):
            yield f"card '{card.name}'", h, hn.span, rank.get(card.layer, -1)
    for w in rules.wonders:
        node = model.wonders[(w.name, w.side)]
        for i, (st, stn) in enumerate(zip(w.stages, node.stages), 1):
            for h, hn in zip(st.hooks, stn.hooks):
                yield f"{w.name} {w.side} stage {i}", h, hn.span, rank.get(w.layer, -1)


#: how a message names each moment
_AT = {"on_build": "on build", "end_of_turn": "at end of turn", "each_end_of_age": "at each end of age"}


def _declared(rules: ir.RuleSet) -> dict[str, list[tuple[str, ...]]]:
    """Every order declared for a timing, in the settings, patches and options."""
    out: dict[str, list[tuple[str, ...]]] = {}
    sources = [rules.settings] + [p.values for p in rules.patches]
    sources += [p.values for o in rules.options for p in o.patches]
    for st in sources:
        for timing, steps in st.order:
            out.setdefault(timing, []).append(steps)
    return out


def _order_entry(model: Model, moment: str) -> tuple[Span, bool] | None:
    """Where the game block declares the order of a moment, and whether the topmost layer (the
    one being written) does."""
    entry = model.settings.get(f"order {moment}")
    if entry is None:
        return None
    return entry.node.span, bool(model.layers) and entry.layer == model.layers[-1]


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    declared = _declared(rules)
    by_timing: dict[str, list[tuple[str, ir.Hook, Span, int]]] = {}
    pairs_seen: set[tuple[str, str, str]] = set()
    hooks = list(_hooks(model, rules))
    for entry in hooks:
        _, h, _, _ = entry
        moment = MOMENT_OF.get(h.timing)
        if moment is None:
            continue
        group = by_timing.setdefault(moment, [])
        for other in group:
            if type(other[1].effect) is type(h.effect):
                continue
            q = _order_dependent(h.effect, other[1].effect)
            if q is None:
                continue
            step_a, step_b = h.effect.step, other[1].effect.step
            if step_a == step_b:
                continue
            orders = declared.get(moment, [])
            if orders and all(step_a in o and step_b in o for o in orders):
                continue
            key = (moment, *sorted((step_a, step_b)))
            if key in pairs_seen:
                continue
            pairs_seen.add(key)
            diags.append(_order_error(model, moment, q, entry, other, orders))
        group.append(entry)
    diags.extend(_trigger_cycles([(o, h, sp) for o, h, sp, _ in hooks]))
    return diags


def _order_error(model: Model, timing: str, quantity: str, a: tuple[str, ir.Hook, Span, int],
                 b: tuple[str, ir.Hook, Span, int], orders: list[tuple[str, ...]]) -> Diagnostic:
    """E0402, pointing at the hook of the latest layer (the one a designer just wrote)."""
    if b[3] > a[3]:
        a, b = b, a
    owner_a, hook_a, span_a, _ = a
    owner_b, hook_b, span_b, _ = b
    step_a, step_b = hook_a.effect.step, hook_b.effect.step
    existing = _order_entry(model, timing)
    steps = list(orders[0]) if orders else []
    steps += [st for st in (step_b, step_a) if st not in steps]
    words = TIMING_WORDS[timing]
    labels = [Label(span_b, f"'{step_b}' here")]
    line = f"order {words}: {', '.join(steps)}"
    if existing is None:
        hint = f"declare it in the game block, in the order they should run: `{line}`"
    else:
        labels.append(Label(existing[0], "the declared order"))
        hint = (f"name both steps in the declared order, in the order they should run: `{line}`" if existing[1]
                else f"declare it in the game block, in the order they should run: `override {line}`")
    return error(
        "E0402",
        f"{_AT[timing]}, '{step_a}' ({owner_a}) and '{step_b}' ({owner_b}) both touch {quantity}, "
        "and their order is not declared", span_a, labels=labels, help=hint)


def _trigger_cycles(hooks: list[tuple[str, ir.Hook, Span]]) -> list[Diagnostic]:
    """A build from the discard pile builds a card and fires that card's build hooks and every
    `whenever ... builds` hook; a cycle through them never ends."""
    g = nx.DiGraph()
    emitters = [(i, o, h, sp) for i, (o, h, sp) in enumerate(hooks) if "build" in getattr(h.effect, "emits", ())]
    card_owned = {i for i, (o, h, sp) in enumerate(hooks) if o.startswith("card ")}
    for i, _, _, _ in emitters:
        for j, (_, h, _) in enumerate(hooks):
            listens = h.timing == "whenever_builds" or (j in card_owned and h.timing in ("on_build", "end_of_turn"))
            if listens and "build" in getattr(h.effect, "emits", ()):
                g.add_edge(i, j)
    diags = []
    reported: set[frozenset] = set()
    for cycle in nx.simple_cycles(g):
        key = frozenset(cycle)
        if key in reported:
            continue
        reported.add(key)
        owner, _, span = hooks[cycle[0]]
        if len(cycle) == 1:
            message = (f"{owner} builds from the discard pile when it is built, so the card it builds "
                       "may do the same again, without end")
        else:
            message = "builds trigger each other without end: " + " -> ".join(hooks[k][0] for k in cycle + [cycle[0]])
        labels = [Label(hooks[k][2], "builds from the discard pile") for k in cycle[1:]]
        diags.append(error("E0403", message, span, labels=labels,
                           help="a card built from the discard pile must not itself build from the discard pile; "
                                "give this effect to a wonder stage, or let it happen `each end of age`"))
        if len(reported) > 5:
            break
    return diags


