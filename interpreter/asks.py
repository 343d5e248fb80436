"""What a player's pending decision is about: one named record per way a decision is asked.

The state keeps one per deciding player (`State.asked`, beside the :class:`.values.Decision` the
player sees). :class:`RoundAsk` is a choice of a round of the flow (`round DECISION`), made with
the others of the round and resolved with them; :class:`DecideAsk` is a decision an effect or a
loss asks (`decide DECISION`, `lose ... or decide DECISION`), carried out as soon as it is made.
Both name the seat the choice is for (a neutral seat's controller decides for it), the decision
by its index in the catalog, and whether it spends as at the start of the turn (`within`: only a
round's may).

The records are slotted (their fields read as fast as a tuple's items) and never changed once
made. Making one costs more than a tuple, and one is asked of every player at every round: the
games of a table share them instead (:func:`round_asks`, :func:`decide_ask`, kept in the
table's caches, :mod:`.table_caches`), each made once. They live only in a game in progress and
are never written to a log. (Plain slotted classes, as :class:`.events.Listener`: an attrs class costs more to make when
the engine is imported, for nothing these records need.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional, Union

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game import Game

__all__ = ["Ask", "RoundAsk", "DecideAsk", "RoundUnderWay", "round_asks", "decide_ask"]


class RoundAsk:
    """A choice of the round under way for `seat`, of decision number `decision`, spending as at
    the start of the turn when `within`."""

    __slots__ = ("seat", "decision", "within")

    def __init__(self, seat: int, decision: int, within: bool) -> None:
        self.seat = seat
        self.decision = decision
        self.within = within

    def __repr__(self) -> str:
        return f"RoundAsk(seat={self.seat}, decision={self.decision}, within={self.within})"


class DecideAsk:
    """Decision number `decision`, asked for `seat` by an effect or a loss, outside any round."""

    __slots__ = ("seat", "decision")
    #: a decision outside a round spends the coins the city holds
    within = False

    def __init__(self, seat: int, decision: int) -> None:
        self.seat = seat
        self.decision = decision

    def __repr__(self) -> str:
        return f"DecideAsk(seat={self.seat}, decision={self.decision})"


Ask = Union[RoundAsk, DecideAsk]


class RoundUnderWay(NamedTuple):
    """The round of the flow being played (`State.round`): its decision (an index of the
    catalog's), whether only the players decide (not the neutral seats), the ability that lets
    a seat take part (-1: every seat does), whether choices spend as at the start of the turn, and
    its sub-round (a player who decides for several seats decides for one per sub-round)."""

    decision: int
    players_only: bool
    ability: int
    within: bool
    sub: int


def round_asks(game: Game, decision: int, within: bool) -> tuple[RoundAsk, ...]:
    """The choice of a round of decision number `decision` (`within`: spending as at the start of
    the turn) for each seat, by seat: made for the first game of the table that asks it."""
    key = (decision, within)
    found: Optional[tuple[RoundAsk, ...]] = game.caches.asks.get(key)
    if found is None:
        found = game.caches.asks[key] = tuple(RoundAsk(seat, decision, within) for seat in range(game.config.seats))
    return found


def decide_ask(game: Game, seat: int, decision: int) -> DecideAsk:
    """Decision number `decision` asked of `seat` outside a round: made for the first game of the
    table that asks it."""
    key = (seat, decision, -1)
    found: Optional[DecideAsk] = game.caches.asks.get(key)
    if found is None:
        found = game.caches.asks[key] = DecideAsk(seat, decision)
    return found
