"""What happens in a city, and the `whenever` effects that hear it: one event record, one
listener record, one dispatcher.

An :class:`Event` says what happened (its `kind`, one of :data:`.words.EVENTS`), in whose city
(`seat`), to what (`subject`: the source built for `builds` and `stages`, the token index for
`gains`, the contest index for `wins` and `loses`, -1 otherwise), by which way of its action (a
build's `way`), the other seat involved (`other`: the seller paid for `buys`, the opponent of a
contest's result for `wins` and `loses`, the seat that paid or gave the coins or tokens of a
transfer or whose tokens were taken, -1 otherwise), and the card or stage whose effect made it
happen (`source`: for coins and tokens an effect gives, None otherwise).

A :class:`Listener` is one `whenever` effect of a source, compiled once by the catalog. Each of
its fields is one filter on the same path: the seats it listens to, the colours of a build, the
token or contest named, the way of a build, the sellers of a purchase, and a period (`once per`)
that lets it run at most once in each turn, age or game for its city.

:func:`raise_event` notes the work items of the listeners an event sets off (a
:class:`.work.RunHeard` of the listener, its seat and the event), in seat order, then in the
order their sources became active in that city; the engine runs them
(:func:`.engine.build_items`, :mod:`.engine`'s work queue). The work item carries
the event: while its effect runs, the state's `event` names it, so `opponent` is the event's other
seat. A listener limited to once per period is let through when it runs (its condition may not
hold the first time). Only the kinds of event some active source of the game listens to are
raised (the state's `listening`; `Catalog.events_listened` for the whole rule set); a card or
stage built is always recorded, for its own `on build` effects.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.work import RunHeard, SetOff

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.effects import CompiledHook
    from wonderrules.interpreter.expressions import SeatsFn
    from wonderrules.interpreter.game_data import GameData

__all__ = ["Event", "EventFields", "Listener", "compile_listener", "raise_event", "make_event", "OF_A_RESOLUTION"]

#: the kinds of event a round's resolution (or a decision's action) raises and that are heard
#: once it is over, with the `on build` effects of what it built, sorted and their conditions
#: read with them; the other kinds are heard as soon as what raised them is over
OF_A_RESOLUTION = frozenset({"builds", "stages", "buys"})


class Event(NamedTuple):
    """Something that happened in the city at `seat` (see the module's text)."""

    kind: str
    seat: int
    subject: Any = -1
    way: str = ""
    other: int = -1
    source: Any = None


#: an event's six fields in a plain tuple, in the order of Event's: how the engine's hot paths
#: raise and record events (the Event itself is made only when some listener hears it)
EventFields = tuple[str, int, Any, str, int, Any]
#: an Event made from its fields without a call in Python
make_event = partial(tuple.__new__, Event)


class Listener:
    """One `whenever` effect of a source, with the filters of its trigger compiled."""

    __slots__ = ("kind", "seats", "subjects", "colours", "way", "sellers", "period", "hook", "step", "condition",
                 "trigger", "effect")

    def __init__(self, kind: str, seats: SeatsFn, hook: CompiledHook, effect: ir.Hook, *,
                 subjects: Optional[frozenset[int]] = None, colours: Optional[frozenset[int]] = None,
                 way: str = "", sellers: Optional[SeatsFn] = None, period: str = "") -> None:
        self.kind = kind
        #: the seats whose events it hears, seen from its owner
        self.seats = seats
        #: the token or contest it names (None: any)
        self.subjects = subjects
        #: the colours of a build it hears (None: any)
        self.colours = colours
        #: the way of a build it hears ("": any)
        self.way = way
        #: the sellers of a purchase it hears, seen from its owner
        self.sellers = sellers
        #: `turn`, `age` or `game`: it runs at most once in each (its city remembers when it last ran)
        self.period = period
        self.hook = hook
        self.step = hook.step
        self.condition = hook.condition
        #: the trigger and the effect as the rule set writes them (for sentences)
        self.trigger: ir.When = effect.trigger  # type: ignore[assignment]
        self.effect = effect

    @property
    def source(self) -> Source:
        return self.hook.source

    def holds(self, st: GameData, seat: int) -> bool:
        return self.hook.holds(st, seat)

    def now(self, st: GameData) -> Any:
        """The period under way, as its city remembers it."""
        period = self.period
        return (st.age, st.turn) if period == "turn" else st.age if period == "age" else 0

    def __repr__(self) -> str:
        return f"Listener({self.kind} of {self.hook.source.name!r})"


def compile_listener(effect: ir.Hook, hook: CompiledHook, cat: Catalog) -> Listener:
    """The listener of one `whenever` effect whose operation is compiled as `hook`."""
    from wonderrules.interpreter.expressions import compile_seats

    t = effect.trigger
    assert isinstance(t, ir.When)
    subjects = None  # any token, any contest
    if t.event == "gains" and t.name:
        subjects = frozenset({cat.token_index[t.name]})
    elif t.event in ("wins", "loses") and t.name:
        subjects = frozenset({cat.contest_index[t.name]})
    colours = frozenset(cat.colour_index[c] for c in t.colours) if t.colours else None
    sellers = compile_seats(t.sellers) if t.event == "buys" else None
    return Listener(t.event, compile_seats(t.by), hook, effect, subjects=subjects, colours=colours, way=t.way,
                    sellers=sellers, period=t.once_per)


def raise_event(st: GameData, event: EventFields, into: Optional[list[SetOff]] = None) -> None:
    """Something happened (an Event, or its fields): the work items of the listeners it sets off,
    each carrying the Event, are noted in the state's `fired`, to run when what raised it is over
    (see :mod:`.engine`), or added to `into` (the effects of a resolution,
    :func:`.engine.build_items`)."""
    out = st.fired if into is None else into
    kind, seat, subject, way, other = event[:5]  # (an event of five fields has no source)
    record: Optional[Event] = None
    for city in st.cities:
        found = city.listeners.get(kind)
        if found:
            owner = city.seat
            for listener in found:  # each field of the trigger is one filter
                if listener.subjects is not None and subject not in listener.subjects:
                    continue
                if listener.colours is not None and subject.colour_id not in listener.colours:
                    continue
                if listener.way and way != listener.way:
                    continue
                if seat not in listener.seats(st, owner, owner):
                    continue
                if listener.sellers is not None and other not in listener.sellers(st, owner, owner):
                    continue
                if record is None:
                    record = make_event(event)
                out.append(tuple.__new__(RunHeard, (listener, owner, record)))
