"""What sets off `whenever` effects, read from a compiled rule set: the events each effect listens
to, the events each operation raises (itself, or through the actions of the decisions it asks),
and the effects that set each other off.

Both doors read it, so that they agree: the loader refuses a cycle of effects through tokens and
coins gained (:mod:`.bounds`); the checker refuses the same cycles and those through builds
(E0403), and estimates how many effects one event may set off.

An event is a pair (what happens, the name it concerns): ``("gains", token)``, ``("coins", "")``,
``("builds", "")`` (a card or a stage built), ``("wins", contest)``, ``("loses", contest)``. An
effect that listens with an empty name (``gains`` of any token) hears every such event. An
effect limited to once per period hears nothing here: it ends any cycle it is in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Optional

from wonderrules.interpreter import ir

__all__ = ["Event", "COINS", "BUILDS", "heard", "Raising", "sets_off", "successors", "find_cycle"]

Event = tuple[str, str]
COINS: Event = ("coins", "")
BUILDS: Event = ("builds", "")


def heard(trigger: Any) -> frozenset[Event]:
    """The events that set off an effect with this trigger every time (none for an effect that
    is not `whenever`, or is limited to once per period)."""
    if not isinstance(trigger, ir.When) or trigger.once_per:
        return frozenset()
    if trigger.event in ("builds", "stages"):
        return frozenset({BUILDS})
    if trigger.event == "coins":
        return frozenset({COINS})
    if trigger.event == "buys":
        return frozenset({("buys", "")})
    return frozenset({(trigger.event, trigger.name)})


class Raising:
    """The events the operations of one rule set raise: coins and tokens gained (a loss paid in
    tokens too), cards and stages built; a decision's operation raises what the actions of that
    decision may raise."""

    def __init__(self, rules: ir.RuleSet) -> None:
        self._actions = {a.name: a for a in rules.actions}
        self._decisions = {d.name: d for d in rules.decisions}
        self._active = {z.name for z in rules.zones if z.active}
        self._of_decision: dict[str, frozenset[Event]] = {}

    def raised(self, op: Any) -> frozenset[Event]:
        return frozenset(self._raised(op, ()))

    def of_decision(self, decision: str) -> frozenset[Event]:
        """What any action of a decision may raise (its actions' operations, in turn)."""
        found = self._of_decision.get(decision)
        if found is None:
            found = self._of_decision[decision] = frozenset(self._decision(decision, ()))
        return found

    def _decision(self, decision: str, asking: tuple[str, ...]) -> set[Event]:
        out: set[Event] = set()
        kinds = self._decisions.get(decision)
        for name in kinds.actions if kinds is not None else ():
            kind = self._actions.get(name)
            for op in kind.then if kind is not None else ():
                out |= self._raised(op, asking + (decision,))
        return out

    def _raised(self, op: Any, asking: tuple[str, ...]) -> set[Event]:
        if isinstance(op, ir.GainTokens):
            return {("gains", op.token)}
        if isinstance(op, ir.GainCoins):
            return {COINS}
        if isinstance(op, ir.LoseCoins):
            return {("gains", op.or_take)} if op.or_take else set()
        if isinstance(op, (ir.Move, ir.MoveCard)):
            zone = op.to_zone if isinstance(op, ir.Move) else op.zone
            return {BUILDS} if zone in self._active else set()
        if isinstance(op, ir.BuildStage):
            return {BUILDS}
        if isinstance(op, ir.Decide) and op.decision not in asking:
            if not asking:
                return set(self.of_decision(op.decision))
            return self._decision(op.decision, asking)
        return set()


def sets_off(event: Event, listened: Event) -> bool:
    """Whether an event sets off an effect listening to `listened` (an empty name hears any)."""
    return event == listened or (not listened[1] and event[0] == listened[0])


def successors(raised: Sequence[Iterable[Event]], listened: Sequence[Iterable[Event]]) -> list[list[int]]:
    """For each effect i (what it raises: `raised[i]`), the effects j that what it raises sets
    off (what they listen to: `listened[j]`), in order."""
    by_event: dict[Event, list[int]] = {}
    for j, events in enumerate(listened):
        for e in events:
            by_event.setdefault(e, []).append(j)
    out: list[list[int]] = []
    for events in raised:
        found: set[int] = set()
        for e in events:
            found.update(by_event.get(e, ()))
            if e[1]:
                found.update(by_event.get((e[0], ""), ()))
        out.append(sorted(found))
    return out


def find_cycle(succ: Sequence[Sequence[int]]) -> Optional[list[int]]:
    """One cycle of the graph of `succ` (nodes in order, the first node once), the one found from
    the earliest node; None when there is none. A walk without recursion: a graph of thousands
    of effects does not reach Python's recursion limit."""
    state = [0] * len(succ)  # 0: not seen, 1: on the path being walked, 2: done
    for root in range(len(succ)):
        if state[root]:
            continue
        path = [root]
        nexts = [iter(succ[root])]
        state[root] = 1
        while path:
            j = next(nexts[-1], None)
            if j is None:
                state[path.pop()] = 2
                nexts.pop()
            elif state[j] == 1:
                return path[path.index(j):]
            elif state[j] == 0:
                state[j] = 1
                path.append(j)
                nexts.append(iter(succ[j]))
    return None
