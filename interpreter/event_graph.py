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
from wonderrules.interpreter.ops import BUILDS, COINS, Event, spec_of

__all__ = ["Event", "COINS", "BUILDS", "heard", "Raising", "sets_off", "EventGraph", "find_cycle"]


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
        return frozenset(spec_of(op).raises(op, self, ()))

    def of_decision(self, decision: str) -> frozenset[Event]:
        """What any action of a decision may raise (its actions' operations, in turn)."""
        found = self._of_decision.get(decision)
        if found is None:
            found = self._of_decision[decision] = frozenset(self._decision(decision, ()))
        return found

    def active(self, zone: str) -> bool:
        return zone in self._active

    def decided(self, decision: str, asking: tuple[str, ...]) -> set[Event]:
        """What the actions of a decision may raise, while the decisions `asking` are asked (none
        when it is one of them: it is counted already)."""
        if decision in asking:
            return set()
        if not asking:
            return set(self.of_decision(decision))
        return self._decision(decision, asking)

    def _decision(self, decision: str, asking: tuple[str, ...]) -> set[Event]:
        out: set[Event] = set()
        kinds = self._decisions.get(decision)
        for name in kinds.actions if kinds is not None else ():
            kind = self._actions.get(name)
            for op in kind.then if kind is not None else ():
                out |= spec_of(op).raises(op, self, asking + (decision,))
        return out


def sets_off(event: Event, listened: Event) -> bool:
    """Whether an event sets off an effect listening to `listened` (an empty name hears any)."""
    return event == listened or (not listened[1] and event[0] == listened[0])


class EventGraph:
    """Effects and the events between them, as one graph: effect i (node i) leads to each event
    it raises (a node after the effects), and each event to the effects it sets off. Its size is
    what the effects raise and hear, never effects times effects: a thousand effects that all
    hear one token and gain it make two thousand edges, not a million."""

    def __init__(self, raised: Sequence[Iterable[Event]], listened: Sequence[Iterable[Event]]) -> None:
        self.effects = len(raised)
        #: the events raised, in order; event k is node `effects + k`
        self.events: list[Event] = []
        index: dict[Event, int] = {}
        self.succ: list[list[int]] = [[] for _ in range(self.effects)]
        for i, events in enumerate(raised):
            for e in sorted(events):
                if e not in index:
                    index[e] = len(self.events)
                    self.events.append(e)
                    self.succ.append([])
                self.succ[i].append(self.effects + index[e])
        for j, events in enumerate(listened):
            nodes = set()
            for heard_event in events:
                for e in ([heard_event] if heard_event[1] else [e for e in self.events if e[0] == heard_event[0]]):
                    if e in index:
                        nodes.add(self.effects + index[e])
            for node in sorted(nodes):
                self.succ[node].append(j)

    def event_of(self, node: int) -> Optional[Event]:
        """The event of a node, None for an effect's."""
        return self.events[node - self.effects] if node >= self.effects else None

    def cycle(self) -> Optional[list[int]]:
        """The effects of one cycle, in order (see :func:`find_cycle`), or None."""
        found = find_cycle(self.succ)
        return None if found is None else [n for n in found if n < self.effects]

    def last_first(self) -> Optional[list[int]]:
        """Every node, each after every node it leads to; None when there is a cycle."""
        incoming = [0] * len(self.succ)
        for heads in self.succ:
            for j in heads:
                incoming[j] += 1
        free = [i for i, n in enumerate(incoming) if n == 0]
        order = []
        while free:
            i = free.pop()
            order.append(i)
            for j in self.succ[i]:
                incoming[j] -= 1
                if incoming[j] == 0:
                    free.append(j)
        return order[::-1] if len(order) == len(self.succ) else None


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
