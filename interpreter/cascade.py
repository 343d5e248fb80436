"""The bound on the work one cascade of events may do, and the sentence that names its effects
when a cascade goes beyond it.

An event (tokens or coins gained, a contest won or lost) sets off the `whenever` effects that
listen to it; what they do may raise more events, and so on. The effects so set off while one
step of the flow runs (a round and what its resolution sets off, a moment's contests) or one
effect of a moment runs are counted together, decisions they ask included (see
:mod:`.engine`): beyond :data:`.words.MAX_CASCADE`, the game stops. A chain of effects that each reach
several seats multiplies at each link; a cycle of effects never ends. The loader refuses cycles
of tokens and coins and the checker warns of large chains; this bound is what holds for a rule
set built in code, and for chains no check can see through.

Naming the effects is done only when a game stops, so it may take its time: the effects
involved are those that listen in some city and, through what they raise, lead to the effects
just set off, or follow from them (:mod:`.event_graph`), in the order they set each other off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wonderrules.interpreter import ir
from wonderrules.interpreter.event_graph import Event, EventGraph, Raising
from wonderrules.interpreter.validate import quote
from wonderrules.interpreter.words import MAX_CASCADE

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game_data import GameData
    from wonderrules.interpreter.work import RunHeard

__all__ = ["cascade_sentence", "described", "when_words"]

#: effects named at most in the sentence
_NAMED = 8


def cascade_sentence(st: GameData, fired: Sequence[RunHeard]) -> str:
    """Why the game stops: the bound, and the effects that led to `fired` (work items of the
    effects just set off), in the order they set each other off."""
    listeners = _listeners(st)
    raising = Raising(st.catalog.rules)
    hooks = list(listeners)
    index = {h: i for i, h in enumerate(hooks)}
    graph = EventGraph([raising.raised(listeners[h][0].op) for h in hooks], [[_heard(listeners[h][1])] for h in hooks])
    before: list[list[int]] = [[] for _ in graph.succ]
    for node, heads in enumerate(graph.succ):
        for head in heads:
            before[head].append(node)
    # from the effects just set off, back to the effects whose events led to them, and on to
    # those they set off next (an effect leads to the events it raises, an event to its listeners)
    distance = {index[item.effect]: 0 for item in fired if item.effect in index}
    for step, links in ((-1, before), (1, graph.succ)):
        frontier = [i for i, d in distance.items() if d == 0]
        while frontier:
            later = []
            for i in frontier:
                for event in links[i]:
                    for j in links[event]:
                        if j not in distance:
                            distance[j] = distance[i] + step
                            later.append(j)
            frontier = later
    order = [hooks[i] for i in sorted(distance, key=lambda i: (distance[i], i))]
    names = [described(h.source, listeners[h][1]) for h in order[:_NAMED]]
    more = f", and {len(order) - _NAMED} more" if len(order) > _NAMED else ""
    return (f"the rules set off more than {MAX_CASCADE} `whenever` effects in one cascade of events: "
            + " -> ".join(names) + more + " (each sets off the next, in every seat it reaches: limit one of them "
            "to once per turn, age or game, or let it reach fewer seats)")


def _listeners(st: GameData) -> dict[Any, tuple[ir.Hook, ir.When]]:
    """Each listener active in some city, with its effect and its trigger as the rule set says
    them."""
    out: dict[Any, tuple[ir.Hook, ir.When]] = {}
    for city in st.cities:
        for src in city.active:
            for listener in src.listeners:
                out.setdefault(listener, (listener.effect, listener.trigger))
    return out


def _heard(trigger: ir.When) -> Event:
    if trigger.event in ("builds", "stages"):
        return ("builds", "")
    return (trigger.event, trigger.name)


def described(src: Any, trigger: ir.When) -> str:
    """A `whenever` effect as the rule set names it: `card 'Altar' (whenever self gains victory
    tokens)`."""
    kind = type(src.ir)
    owner = {ir.Card: "card ", ir.Board: "wonder ", ir.NeutralSeat: "seat "}.get(kind, "")
    name = src.name if kind is ir.RuleEffects else owner + quote(src.name)
    return f"{name} ({when_words(trigger)})"


def when_words(t: ir.When) -> str:
    """`whenever left, right gains victory tokens once per turn`."""
    seats = ", ".join(_relation(r) for r in t.by)
    if t.event == "gains":
        what = f"gains {t.name} tokens" if t.name else "gains tokens"
    elif t.event == "coins":
        what = "gains coins"
    elif t.event == "stages":
        what = "builds a stage"
    elif t.event == "builds":
        what = "builds " + (", ".join(t.colours) + " " if t.colours else "") + "cards" + (
            f" by {t.way}" if t.way else "")
    elif t.event == "buys":
        what = "buys from " + ", ".join(_relation(r) for r in t.sellers)
    else:
        what = f"{t.event} {t.name}".strip()
    return f"whenever {seats} {what}" + (f" once per {t.once_per}" if t.once_per else "")


def _relation(r: ir.Relation) -> str:
    return f"{r.kind} {r.distance}" if r.kind in ("left", "right") and r.distance != 1 else r.kind
