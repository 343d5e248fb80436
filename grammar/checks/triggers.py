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
from wonderrules.interpreter.event_graph import BUILDS, COINS, Event, Raising, heard

__all__ = ["check", "listened", "heard_words"]

#: cycles reported at most (each is one diagnostic)
_MOST = 6


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    found = list(entries(model, rules))
    raising = Raising(rules)
    raised = [raising.raised(hook.op) for _, _, hook, _ in found]
    hears = [listened(owner, hook) for owner, _, hook, _ in found]
    may_build = _builds_card(found, rules)
    g: Digraph[int] = Digraph()
    listeners: dict[Event, list[int]] = {}
    for j, events in enumerate(hears):
        for e in events:
            listeners.setdefault(e, []).append(j)
    for i, events in enumerate(raised):
        passed: dict[int, set[str]] = {}
        for e in events:
            for j in listeners.get(e, []) + (listeners.get((e[0], ""), []) if e[1] else []):
                if e != BUILDS or may_build(i, j):
                    passed.setdefault(j, set()).add(_kind(e))
        for j in sorted(passed):
            g.add_edge(i, j, passed[j])
    diags = []
    reported: set[frozenset[int]] = set()
    for cycle in g.simple_cycles():
        key = frozenset(cycle)
        if key in reported:
            continue
        reported.add(key)
        diags.append(_cycle_error(found, _from_first(found, cycle), g))
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
    return "builds" if e == BUILDS else "coins" if e == COINS else "tokens"


def _builds_card(found: list[Entry], rules: ir.RuleSet) -> Callable[[int, int], bool]:
    """Whether the build of effect i may bring again effect j, a card's own effect that comes
    with each such card built: a card built by a decision is one that can lie where the
    decision's actions take their card from. Any build sets off a `whenever` effect."""
    reach: Optional[Reach] = None  # read from the compiled rule set when first needed
    decks = {card.name: card.deck for card in rules.cards}

    def may(i: int, j: int) -> bool:
        nonlocal reach
        owner, _, hook, _ = found[j]
        builder = found[i][2].op
        if isinstance(hook.trigger, ir.When) or not isinstance(builder, ir.Decide) or not owner.startswith("card '"):
            return True
        if reach is None:
            reach = Reach(rules)
        sources = reach.decision_sources(builder.decision)
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


def _cycle_error(found: list[Entry], cycle: list[int], g: Digraph[int]) -> Diagnostic:
    kinds: set[str] = set()
    for a, b in zip(cycle, cycle[1:] + cycle[:1]):
        kinds |= g.edge(a, b)
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
