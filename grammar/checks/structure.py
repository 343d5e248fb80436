"""Pass: what the structure declares can happen.

- A moment something waits for (an effect, a contest, an `order`, an `at` block) is one the flow
  runs (E0107): otherwise it never comes, silently.
- Moments do not run each other in a circle through their `at` blocks (E0403).
- An action kind belongs to a decision (W0504); a decision is asked by a round or an effect's
  `decide` or a loss's `or decide` (W0505); an ability that is granted is used by a way or a round (W0506), and one
  that is used is granted by something (W0507); a zone receives cards from something: a deal,
  an action, a draw or a discard (W0508).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.digraph import Digraph
from wonderrules.grammar.checks.names import flow_moments
from wonderrules.grammar.diagnostics import Diagnostic, Label, error, warning
from wonderrules.grammar.resolve import Model, closest
from wonderrules.interpreter.flow_steps import nested_steps

__all__ = ["check", "warnings", "ON_BUILD", "all_hooks", "all_ops"]

#: the moment whose declared order sorts the effects of what was just built
ON_BUILD = "on build"
#: triggers a misspelt one may have meant
_TRIGGERS = ("passive", "on build", "end of game", "whenever")


def all_hooks(model: Model) -> Iterator[tuple[str, s.Hook]]:
    """(owner, hook) for the effects of every card, wonder stage, neutral seat and block of effects
    of the rule set."""
    for card in model.cards.values():
        for h in card.hooks:
            yield f"card '{card.name.text}'", h
    for wd in model.wonders.values():
        for h in wd.hooks:
            yield f"{wd.name.text} {wd.side.text}", h
        for i, stage in enumerate(wd.stages, 1):
            for h in stage.hooks:
                yield f"{wd.name.text} {wd.side.text} stage {i}", h
    for seat in model.seats.values():
        for h in seat.hooks:
            yield f'seat "{seat.name.text}"', h
    for block, option in model.effect_blocks():
        owner = f"`{block.words}`" + (f" in option '{option}'" if option else "")
        for h in block.hooks:
            yield owner, h


def all_ops(model: Model) -> Iterator[Any]:
    """Every operation: of effects and of actions' `then`."""
    for _, h in all_hooks(model):
        yield h.effect
    for action in model.actions.values():
        for c in action.clauses:
            if isinstance(c, s.Then):
                yield from c.ops


def _steps(model: Model) -> list[Any]:
    found = list(nested_steps(model.flow.steps)) if model.flow is not None else []
    for block, _ in model.at_blocks:
        found.extend(nested_steps(block.steps))
    return found


def check(model: Model) -> list[Diagnostic]:
    """E0107 and E0403: moments nothing runs, moments in a circle."""
    diags: list[Diagnostic] = []
    if model.flow is None:
        return diags  # the missing flow is reported by the values pass
    _moments(model, diags)
    return diags


def warnings(model: Model) -> list[Diagnostic]:
    """W0504 to W0508, on a rule set whose names all resolve (a misspelt name would make its
    declaration look unused)."""
    diags: list[Diagnostic] = []
    if model.flow is None:
        return diags
    steps = _steps(model)
    ops = list(all_ops(model))
    _actions_and_decisions(model, steps, ops, diags)
    _abilities(model, steps, ops, diags)
    _zones(model, steps, ops, diags)
    return diags


# ---- moments ----------------------------------------------------------------------------------------

def _unordered(words: str, run: Iterable[str]) -> bool:
    """An `order` of something that is not a moment of the flow, or of `each` and a moment of the
    flow: those have no order, and the references pass says why."""
    return words in (ON_BUILD, "passive", "end of game") or words.startswith("whenever ") or \
        (words.startswith("each ") and words[5:] in run)


def _listeners(model: Model, run: Iterable[str]) -> Iterator[tuple[s.Name, str]]:
    """Every moment named by something that waits for it, with what it is."""
    for owner, h in all_hooks(model):
        if isinstance(h.trigger, s.AtMoment):
            yield h.trigger.moment, f"an effect of {owner}"
    contests = list(model.contests.values())
    contests += [i for o in model.options.values() for i in o.items if isinstance(i, s.Contest)]
    for c in contests:
        yield c.moment, f"contest '{c.name.text}'"
    orders = [e.node.body for e in model.settings.values()] + [wh.node.body for wh in model.whens]
    for opt in model.options.values():
        for item in opt.items:
            if isinstance(item, s.Setting):
                orders.append(item.body)
            elif isinstance(item, s.When):
                orders.extend(st.body for st in item.settings if isinstance(st, s.Setting))
    for body in orders:
        if isinstance(body, s.Order) and not _unordered(body.moment.text, run):
            yield body.moment, "an `order`"
    for block, _ in model.at_blocks:
        yield block.moment, "an `at` block"


def _misspelt_trigger(words: str, run: Iterable[str]) -> str | None:
    """A trigger whose first keyword is misspelt reads as a moment of several words: `eahc end
    of age`, `whenevr left builds cards`. The trigger meant, or None."""
    first, _, rest = words.partition(" ")
    keyword = closest(first, ("each", "whenever")) if rest else None
    if keyword == "each" and rest in run:
        return f"each {rest}"
    if keyword == "whenever" and first != "whenever":
        return f"whenever {rest}"
    return None


def _moments(model: Model, diags: list[Diagnostic]) -> None:
    run = flow_moments(model)
    for moment, what in _listeners(model, run):
        if moment.text in run:
            continue
        words = moment.text
        # `order each end of tun`: the moment misspelt is the one after `each`
        near = (_misspelt_trigger(words, run) if what.startswith("an effect") else None) or \
            closest(words[5:] if words.startswith("each ") else words,
                    list(run) + (list(_TRIGGERS) if what.startswith("an effect") else []))
        hint = f"did you mean '{near}'?" if near else \
            f"the flow runs: {', '.join(run) or 'no moment'}; add `at {words}` to the flow where it happens"
        diags.append(error("E0107", f"{what} waits for '{words}', a moment the flow never runs", moment.span,
                           help=hint))
    graph: Digraph[str] = Digraph()
    order = {b.moment.text: i for i, (b, _) in reversed(list(enumerate(model.at_blocks)))}
    for block, _ in model.at_blocks:
        for st in nested_steps(block.steps):
            if isinstance(st, s.AtStep):
                graph.add_edge(block.moment.text, st.moment.text, st.span)
    reported: set[frozenset[str]] = set()
    for cycle in graph.simple_cycles():
        if frozenset(cycle) in reported:
            continue
        reported.add(frozenset(cycle))
        at = min(range(len(cycle)), key=lambda i: order.get(cycle[i], len(order)))
        cycle = cycle[at:] + cycle[:at]  # from the moment whose block comes first
        first = graph.edge(cycle[0], cycle[1 % len(cycle)])
        path = " -> ".join(cycle + [cycle[0]])
        diags.append(error("E0403", f"moments run each other in a cycle: {path}", first,
                           help="an `at` block runs a moment that runs this block again, without end; remove one of "
                                "these `at` steps"))


# ---- actions, decisions, abilities, zones --------------------------------------------------------------

def _actions_and_decisions(model: Model, steps: list[Any], ops: list[Any], diags: list[Diagnostic]) -> None:
    used = {n.text for d in model.decisions.values() for n in d.actions}
    for name, action in model.actions.items():
        if name not in used:
            diags.append(warning("W0504", f"action '{name}' belongs to no decision, so no one can ever take it",
                                 action.name.span, help=f"add it to a decision: `decision play: ..., {name}`"))
    asked = {st.decision.text for st in steps if isinstance(st, s.RoundStep)}
    asked |= {op.decision.text for op in ops if isinstance(op, s.Decide)}
    asked |= {op.or_decide.text for op in ops if isinstance(op, s.LoseCoins) and op.or_decide is not None}
    for name, decision in model.decisions.items():
        if name not in asked:
            diags.append(warning("W0505", f"decision '{name}' is never asked: no round and no effect asks it",
                                 decision.name.span, help=f"ask it in the flow (`round {name}`) or in an effect "
                                                          f"(`end of turn: decide {name}`)"))


def _abilities(model: Model, steps: list[Any], ops: list[Any], diags: list[Diagnostic]) -> None:
    granted: dict[str, s.Name] = {}
    for op in ops:
        if isinstance(op, s.Grant):
            granted.setdefault(op.ability.text, op.ability)
    used: dict[str, s.Name] = {}
    for action in model.actions.values():
        for way in (c for c in action.clauses if isinstance(c, s.Way)):
            for p in way.properties:
                if p.ability is not None:
                    used.setdefault(p.ability.text, p.ability)
    for st in steps:
        if isinstance(st, s.RoundStep) and st.ability is not None:
            used.setdefault(st.ability.text, st.ability)
    for name, node in model.abilities.items():
        if name in granted and name not in used:
            diags.append(warning("W0506", f"ability '{name}' is granted but nothing uses it", granted[name].span,
                                 help=f"open a way of an action with it (`way free: free, with {name}`) or a round "
                                      f"(`round extra: players with {name}`)"))
        elif name in used and name not in granted:
            diags.append(warning("W0507", f"ability '{name}' is used but nothing grants it", used[name].span,
                                 labels=[Label(node.span, "declared here")],
                                 help=f"grant it in an effect: `passive: grant {name}`"))
        elif name not in used:
            diags.append(warning("W0502", f"ability '{name}' is declared but nothing grants or uses it", node.span,
                                 help="remove it, or grant it and use it"))


def _zones(model: Model, steps: list[Any], ops: list[Any], diags: list[Diagnostic]) -> None:
    filled: set[str] = set()
    for deal in model.deals.values():
        clauses = list(deal.clauses) + [c for ext, _ in model.deal_extensions.get(deal.name.text, ())
                                        for c in ext.clauses]
        filled.update(c.zone.text for c in clauses)
    for op in ops:
        if isinstance(op, s.MoveCard):
            filled.add(op.zone.text)
        elif isinstance(op, s.Draw):
            filled.add(op.to_zone.text)
    for st in steps:
        if isinstance(st, s.DiscardStep):
            filled.add(st.to.text)
    for name, zone in model.zones.items():
        if name not in filled:
            diags.append(warning("W0508", f"zone '{name}' never receives a card", zone.name.span,
                                 help="deal cards to it, move an action's card there, draw into it or discard into "
                                      "it; or remove it"))


