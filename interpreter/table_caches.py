"""What every game of one table finds the same, found once and shared (:class:`TableCaches`).

A :class:`.Game` owns one; each of its states holds it as `caches` and never copies it. Each
entry is filled by the first game that needs it and never changed afterwards: everything in it is
fixed by the rule set and the table (the seats, their sellers, the actions handed out), never by
what happens in a game, so the games of a table, their copies and their searches may share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.legal import SeatInfo
    from wonderrules.interpreter.market_sales import Sold

__all__ = ["TableCaches"]


class TableCaches:
    """The per-table caches of a Game (slotted: the engine reads some on every listing)."""

    __slots__ = ("interned", "asks", "sellers", "seat_info", "seller_pairs", "seller_sales", "start_prices",
                 "targets", "decks", "round_decisions")

    def __init__(self, seats: int) -> None:
        #: the actions handed out, by what lists them (immutable values; see legal.seat_info_of)
        self.interned: dict[tuple[Any, ...], Any] = {}
        #: the records of decisions asked (immutable values; see asks.round_asks)
        self.asks: dict[tuple[int, ...], Any] = {}
        #: per seat, its distinct sellers in slot order (see market.seller_seats)
        self.sellers: list[Optional[tuple[int, ...]]] = [None] * seats
        #: per seat, what listing its actions needs (see legal.SeatInfo)
        self.seat_info: list[Optional[SeatInfo]] = [None] * seats
        #: per seat, its two sellers when it has exactly two and both sell every resource (the
        #: market's usual shape), else None; empty until the first game fills it
        self.seller_pairs: list[Optional[tuple[int, ...]]] = []
        #: per seat, what each of its sellers sells to it (see market.sold_to)
        self.seller_sales: Optional[list[Optional[tuple[Sold, ...]]]] = None
        #: per seat, the market's price rows it starts with (each game copies them)
        self.start_prices: list[Optional[list[list[int]]]] = [None] * seats
        #: (deal, age) -> (zone, seat, count) of each hand dealt (see Game.deal_targets)
        self.targets: dict[tuple[str, int], list[tuple[int, int, int]]] = {}
        #: (deal, age) -> the deck's fixed cards and its pool draws (see Game.deck)
        self.decks: dict[tuple[int, int], tuple[list[Source], list[tuple[list[Source], int]]]] = {}
        #: (decision, age, turn) -> the Decision of each player in a round where every player
        #: decides for its own seat (its title read at that age and turn; see engine.ask_round)
        self.round_decisions: dict[tuple[int, int, int], tuple[Any, ...]] = {}
