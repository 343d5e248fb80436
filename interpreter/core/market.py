"""The market: whom a city buys from, at what price, and its trade context for the solver.

The market declares its sellers as relations (`left, right`). Seen from a buyer, each relation is
a *slot*; a city keeps a price row and a rebate per slot. The distinct seats of the slots are the
sellers: a seat that fills several slots (the one neighbour of a table of two seats) is one seller,
at the lowest of its slots' prices, with all their rebates. A seat never sells to itself.

A payment is a map seller -> coins, written as a tuple of (seat, coins) pairs in seat order,
without zeros. The solver of :mod:`..trading` answers for up to two sellers, from interned parts:
the buyer's own production, what each seller sells, and the buyer's prices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wonderrules.interpreter.trading import TradeContext

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.core.state import State

__all__ = ["seller_seats", "slot_seats", "trade_context", "parts", "sales_part", "price_part", "as_payment"]


def slot_seats(st: State, buyer: int) -> tuple[int, ...]:
    """The seat of each slot of the market seen from `buyer` (-1: the buyer itself, no seller)."""
    table = st.table
    out = []
    for rel in st.catalog.market_sellers:
        seats = table.seats_of(rel, buyer)
        seat = seats[0] if seats else -1
        out.append(-1 if seat == buyer else seat)
    return tuple(out)


def seller_seats(st: State, buyer: int) -> tuple[int, ...]:
    """The distinct sellers of a buyer, in slot order."""
    found = st.sellers[buyer]
    if found is None:
        out: list[int] = []
        for seat in slot_seats(st, buyer):
            if seat >= 0 and seat not in out:
                out.append(seat)
        found = st.sellers[buyer] = tuple(out)
    return found


def sales_part(st: State, seat: int) -> tuple[Any, ...]:
    """What a city sells: fixed units and either/or units."""
    city = st.cities[seat]
    derived: list[tuple[int, ...]] = []
    if city.derived:
        _, derived = city.derived_choices(len(st.catalog.resources))
    return tuple(city.sell_fixed), tuple(sorted(city.sell_choices + derived))


def own_part(st: State, seat: int) -> tuple[Any, ...]:
    city = st.cities[seat]
    derived: list[tuple[int, ...]] = []
    if city.derived:
        derived, _ = city.derived_choices(len(st.catalog.resources))
    return tuple(city.fixed), tuple(sorted(city.choices + derived))


def price_part(st: State, seat: int) -> tuple[Any, ...]:
    """The buyer's prices and rebates per seller (two sellers at most), as the solver reads them."""
    city = st.cities[seat]
    prices = city.prices
    if len(prices) == 2 and len(seller_seats(st, seat)) == 2:  # one slot per seller: as they are
        return tuple(prices[0]), tuple(prices[1]), city.rebates[0], city.rebates[1]
    slots = slot_seats(st, seat)
    rows: list[tuple[int, ...]] = []
    rebates: list[int] = []
    for seller in seller_seats(st, seat):
        of_seller = [i for i, s in enumerate(slots) if s == seller]
        row = city.prices[of_seller[0]]
        for i in of_seller[1:]:
            row = [a if a < b else b for a, b in zip(row, city.prices[i])]
        rows.append(tuple(row))
        rebates.append(sum(city.rebates[i] for i in of_seller))
    r = len(st.catalog.resources)
    while len(rows) < 2:
        rows.append((0,) * r)
        rebates.append(0)
    return rows[0], rows[1], rebates[0], rebates[1]


def parts(st: State, seat: int) -> tuple[Any, ...]:
    """(version, own production part, sales part, price part) of a city, interned by the solver;
    recomputed when the city's version changes."""
    city = st.cities[seat]
    found = city.parts
    if found is None or found[0] != city.version:
        solver = st.catalog.solver
        found = city.parts = (city.version, solver.part(own_part(st, seat)), solver.part(sales_part(st, seat)),
                              solver.part(price_part(st, seat)))
        if city.turn_version == city.version:
            city.turn_parts = found
    return found


def turn_parts(st: State, seat: int) -> tuple[Any, ...]:
    """A city's parts as they were at the start of the turn: noted when first computed in the
    turn before anything changed it (every city's are, when the turn's decisions are listed)."""
    city = st.cities[seat]
    noted = city.turn_parts
    if city.turn_version == city.version or noted is None or noted[0] != city.turn_version:
        return parts(st, seat)
    return noted


def trade_context(st: State, seat: int, start_of_turn: bool = False) -> TradeContext:
    """The interned trade context of a buyer. With `start_of_turn`, sellers sell only what they
    had when the turn began, at the prices of then (a card built during the turn sells nothing
    and lowers no price until the next turn). Remembered by the buyer until its version or one
    of its sellers' changes."""
    cities = st.cities
    city = cities[seat]
    if not start_of_turn:
        pair = st.seller_pairs[seat]
        if pair is not None:  # two sellers, the usual market: the stamp is three versions
            stamp: tuple[int, ...] = (city.version, cities[pair[0]].version, cities[pair[1]].version)
        else:
            stamp = (city.version,) + tuple(cities[s].version for s in seller_seats(st, seat))
        memo = city.memo
        if memo is not None and memo[0] == stamp:
            return memo[1]
    sellers = st.sellers[seat] or seller_seats(st, seat)
    solver = st.catalog.solver
    if start_of_turn:
        sells = [turn_parts(st, s)[2] for s in sellers]
        while len(sells) < 2:
            sells.append(solver.part(st.catalog.empty_sales))
        return solver.context(parts(st, seat)[1], sells[0], sells[1], turn_parts(st, seat)[3])
    me = city.parts
    if me is None or me[0] != city.version:
        me = parts(st, seat)
    sells = []
    for s in sellers:
        p = cities[s].parts
        sells.append(p[2] if p is not None and p[0] == cities[s].version else parts(st, s)[2])
    while len(sells) < 2:
        sells.append(solver.part(st.catalog.empty_sales))
    ctx = solver.context(me[1], sells[0], sells[1], me[3])
    city.memo = (stamp, ctx)
    return ctx


def as_payment(sellers: tuple[int, ...], split: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The solver's (coins to the first seller, coins to the second) as a payment map."""
    pairs = [(seat, coins) for seat, coins in zip(sellers, split) if coins]
    pairs.sort()
    return tuple(pairs)
