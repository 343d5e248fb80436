"""The work items of the engine's queue: what runs before the next instruction of the program.

A state keeps a queue of them (`State.work`); :func:`.engine.advance` takes the first and runs it
by its class. Each is a named record:

- :class:`RunEffect`: an `on build` effect of what was built runs for its city;
  :class:`RunEffectRead`, the same whose condition was read (and held) when it was set off;
- :class:`RunHeard`: a `whenever` effect set off by an event (:mod:`.events`) runs, the event
  named by the state while it runs; :class:`RunHeardRead`, the same whose condition was read;
- :class:`NextOfMoment`: the next effect of the moment under way;
- :class:`AskLater`: a decision put off while its player was deciding something else;
- :class:`LossLater`: the decision a loss asks, put off likewise.

Beside the queue, two more records of the same kind: :class:`Waiting`, an effect waiting for
its moment; :class:`MomentEffect`, an effect of the moment under way, in its place in the
moment's order.

:func:`read_when_set_off` turns an effect's item into its `...Read` twin. A queue in progress is
never written to a log (a game travels as its log, played again).

The records are named tuples: the engine makes many of them as a game is played (one per effect
set off), each by ``tuple.__new__`` as cheaply as a plain tuple (a frozen attrs class costs some
thousand machine instructions more per record made).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional, Union

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.effects import CompiledHook
    from wonderrules.interpreter.events import Event, Listener

__all__ = ["WorkItem", "RunEffect", "RunEffectRead", "RunHeard", "RunHeardRead", "NextOfMoment", "AskLater",
           "LossLater", "SetOff", "NEXT", "NEXT_READ", "read_when_set_off", "Waiting", "MomentEffect"]


class RunEffect(NamedTuple):
    """An effect set off by a build (an `on build` effect of the source built) runs for the city
    at `seat`, its condition read as it runs."""

    effect: CompiledHook
    seat: int


class RunEffectRead(NamedTuple):
    """An effect set off by a build runs for the city at `seat`: its condition was read, and
    held, when it was set off."""

    effect: CompiledHook
    seat: int


class RunHeard(NamedTuple):
    """A `whenever` effect (its listener, `effect`) of the city at `seat` runs, set off by
    `event`, its condition read as it runs."""

    effect: Listener
    seat: int
    event: Event


class RunHeardRead(NamedTuple):
    """A `whenever` effect of the city at `seat` set off by `event` runs: its condition was read,
    and held, when it was set off."""

    effect: Listener
    seat: int
    event: Event


class NextOfMoment(NamedTuple):
    """The next effect of the moment under way runs; `read`: every condition of the moment's
    effects is read first (once its contests' listeners have run)."""

    read: bool = False


class AskLater(NamedTuple):
    """Decision number `decision` of the seat at `seat`, put off while its controller was deciding
    something else: asked now, if it has a legal action."""

    seat: int
    decision: int


class LossLater(NamedTuple):
    """The decision (number `decision`) a loss of `n` coins asks of the seat at `seat`, put off:
    its controller chooses now, even among one action; `cause`: the card or stage whose effect
    the loss is (None: none named)."""

    seat: int
    n: int
    decision: int
    cause: Optional[Source]


WorkItem = Union[RunEffect, RunEffectRead, RunHeard, RunHeardRead, NextOfMoment, AskLater, LossLater]
#: the work item of an effect set off, before its condition is read
SetOff = Union[RunEffect, RunHeard]

#: the two items of the next effect of a moment (one object each: the queue holds many)
NEXT = NextOfMoment()
NEXT_READ = NextOfMoment(True)


def read_when_set_off(item: SetOff) -> Union[RunEffectRead, RunHeardRead]:
    """The item of the same effect, its condition read (and found to hold) now."""
    if type(item) is RunEffect:
        return tuple.__new__(RunEffectRead, item)
    return tuple.__new__(RunHeardRead, item)


class Waiting(NamedTuple):
    """An effect of the city at `seat` waiting for the next time its moment comes (`State.waiting`,
    by moment); `seq` numbers the effects in the order they started waiting."""

    seat: int
    seq: int
    effect: CompiledHook


class MomentEffect(NamedTuple):
    """An effect of the moment under way (`State.moment_queue`): `rank` is its step's place in the
    moment's declared order (the steps of `order`; an undeclared step comes last); effects run by
    rank, then seat, then `seq`."""

    rank: int
    seat: int
    seq: int
    effect: CompiledHook

