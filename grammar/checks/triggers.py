"""Pass: effects that set each other off without end (E0403).

An effect sets off another when what it raises (tokens or coins gained, a card or a stage built;
through the actions of a decision it asks, too) is what the other listens to: a `whenever`
effect, or a card's own `on build` and `at` effects, which come again with each such card built.
A cycle of such effects, through any number of effects, tokens, coins and builds, runs without
end. What effects listen to and raise is read from the compiled rule set by the module the
loader reads too (:mod:`wonderrules.interpreter.event_graph`), so `wr check` refuses every cycle
the loader refuses; it also follows builds, which the loader does not.

An effect limited to `once per turn|age|game` ends any cycle it is in. A card built by a decision
is one that can lie where the decision's actions take their card from: a leader never in the
discard pile is never built again from it (:mod:`.reach`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from wonderrules.grammar.checks.conflicts import Entry, entries
from wonderrules.grammar.checks.digraph import Digraph
from wonderrules.grammar.checks.reach import Reach
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.event_graph import BUILDS, COINS, Event, EventGraph, Raising, heard

__all__ = ["check", "listened", "heard_words"]

#: cycles reported at most (each is one diagnostic)
_MOST = 6
#: the event of a build by a decision's action: (_DECIDED, the decision)
_DECIDED = "builds by decision"


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    found = list(entries(model, rules))
    raising = Raising(rules)
    may_build = _builds_card(found, rules)
    decisions = sorted({hook.op.decision for _, _, hook, _ in found if isinstance(hook.op, ir.Decide)})
    raised: list[set[Event]] = []
    for _, _, hook, _ in found:
        events = set(raising.raised(hook.op))
        if isinstance(hook.op, ir.Decide) and BUILDS in events:  # builds what the decision may build
            events.discard(BUILDS)
            events.add((_DECIDED, hook.op.decision))
        raised.append(events)
    hears = [set(listened(owner, hook)) for owner, _, hook, _ in found]
    # first as if a decision could build any card: a rule set without a cycle then has none
    graph = EventGraph(raised, [events | {(_DECIDED, d) for d in decisions} if BUILDS in events else events
                                for events in hears])
    if graph.cycle() is None:
        return []
    for j, events in enumerate(hears):
        if BUILDS in events:
            events.update((_DECIDED, d) for d in decisions if may_build(d, j))
    graph = EventGraph(raised, hears)
    if graph.cycle() is None:
        return []
    g: Digraph[int] = Digraph()
    for node, heads in enumerate(graph.succ):
        for head in heads:
            g.add_edge(node, head)
    diags = []
    reported: set[frozenset[int]] = set()
    for cycle in g.simple_cycles():
        effects = [n for n in cycle if n < graph.effects]
        key = frozenset(effects)
        if key in reported:
            continue
        reported.add(key)
        kinds = {_kind(e) for e in map(graph.event_of, cycle) if e is not None}
        diags.append(_cycle_error(found, _from_first(found, effects), kinds))
        if len(reported) >= _MOST:
            break
    return diags


def listened(owner: str, hook: ir.Hook) -> frozenset[Event]:
    """What sets off an effect every time: its `whenever` event, or, for a card's own `on build`
    and `at` effects (not `each`), a build (each card built brings them again)."""
    t = hook.trigger
    if owner.startswith("card ") and (isinstance(t, ir.OnBuild) or (isinstance(t, ir.At) and not t.each)):
        return frozenset({BUILDS})
    return heard(t)


def heard_words(hook: ir.Hook) -> str:
    """What an effect listens to, as the rule set says it: `gains x tokens`, `built`."""
    t = hook.trigger
    if not isinstance(t, ir.When):
        return "built"
    if t.event == "gains":
        return f"gains {t.name} tokens" if t.name else "gains tokens"
    if t.event == "coins":
        return "gains coins"
    if t.event == "stages":
        return "builds a stage"
    if t.event == "builds":
        return f"builds {', '.join(t.colours)} cards" if t.colours else "builds cards"
    return f"{t.event} {t.name}".strip()


def _kind(e: Event) -> str:
    return "builds" if e[0] in ("builds", _DECIDED) else "coins" if e == COINS else "tokens"


def _builds_card(found: list[Entry], rules: ir.RuleSet) -> Callable[[str, int], bool]:
    """Whether a build by decision d may bring again effect j, a card's own effect that comes
    with each such card built: a card built by a decision is one that can lie where the
    decision's actions take their card from. Any build sets off a `whenever` effect."""
    reach: Optional[Reach] = None  # read from the compiled rule set when first needed
    decks = {card.name: card.deck for card in rules.cards}

    def may(decision: str, j: int) -> bool:
        nonlocal reach
        owner, _, hook, _ = found[j]
        if isinstance(hook.trigger, ir.When) or not owner.startswith("card '"):
            return True
        if reach is None:
            reach = Reach(rules)
        sources = reach.decision_sources(decision)
        deck = decks.get(owner[len("card '"):-1])
        return sources is None or deck is None or bool(sources & reach.deck_zones.get(deck, set()))
    return may


def _from_first(found: list[Entry], cycle: list[int]) -> list[int]:
    """The cycle from its first effect: of the topmost layer (the one being written), then the
    first written."""
    def place(k: int) -> tuple[int, str, int, int]:
        span = found[k][1].span
        return -found[k][3], span.path, span.line, span.column
    first = cycle.index(min(cycle, key=place))
    return cycle[first:] + cycle[:first]


def _cycle_error(found: list[Entry], cycle: list[int], kinds: set[str]) -> Diagnostic:
    owner, hook, _, _ = found[cycle[0]]
    labels = [Label(found[k][1].span, "triggers the next") for k in cycle[1:]]
    whenever = any(isinstance(found[k][2].trigger, ir.When) for k in cycle)
    if kinds == {"builds"} and not whenever:
        if len(cycle) == 1:
            return error("E0403", f"{owner} builds when it is built, so what it builds may do the same again, "
                                  "without end", hook.span, labels=labels,
                         help="a card built by an effect must not itself build by that effect when it is built; "
                              "give this effect to a wonder stage, or make it an `each ...` effect")
        return error("E0403", "builds trigger each other without end: " + " -> ".join(
            found[k][0] for k in cycle + cycle[:1]), hook.span, labels=labels,
            help="a card built by an effect must not itself build by that effect; break the circle")
    gained = [k for k in ("tokens", "coins") if k in kinds]
    subject = " and ".join((["builds"] if "builds" in kinds else []) + ([" and ".join(gained) + " gained"]
                                                                          if gained else []))
    names = [f"{found[k][0]} ({heard_words(found[k][2])})" for k in cycle] + [owner]
    if len(cycle) == 1 and "builds" not in kinds:
        what = gained[0]
        hint = (f"an effect run whenever {what} are gained must not gain those {what} again, or must be limited: "
                "`whenever ... once per turn: ...`")
    else:
        hint = ("break the circle: one of these effects must raise something else, or be limited: "
                "`whenever ... once per turn: ...`")
    return error("E0403", f"{subject} trigger each other without end: " + " -> ".join(names), hook.span,
                 labels=labels, help=hint)
