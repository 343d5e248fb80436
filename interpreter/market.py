"""The market: whom a city buys from, at what price, and its trade context for the solver.

The market declares its sellers as relations (`left, right`, `others`). Seen from a buyer, each
seat of each relation is a *slot*; a city keeps a price row and a rebate per slot. The distinct
seats of the slots are the sellers: a seat that fills several slots (the one neighbour of a table
of two seats) is one seller, at the lowest of its slots' prices, with all their rebates. A seat
never sells to itself.

A payment is a map seller -> coins, written as a tuple of (seat, coins) pairs in seat order,
without zeros. The packed solver of :mod:`..trading` answers a buyer with up to two sellers (the
usual market), from interned parts: the buyer's own production, what each seller sells, and the
buyer's prices. A buyer with more sellers is answered by :mod:`.payments` (`many_context`).
When the market says that some sellers sell only some resources, what such a seller sells to a
buyer is its sales part less the rest (:mod:`.market_sales`; :func:`sold_to`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional, Union

from wonderrules.interpreter import ir
from wonderrules.interpreter.market_sales import Sold, seller_sales, slot_sales, sold_parts, sold_values
from wonderrules.interpreter.trading import Prices, Production, TradeContext

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog
    from wonderrules.interpreter.game_data import GameData
    from wonderrules.interpreter.table import Table

__all__ = ["seller_seats", "slot_seats", "slots_of", "many", "trade_context", "many_context", "parts", "sales_part",
           "price_part", "price_rows", "as_payment", "PriceRows", "relation_prices", "disagreeing_prices",
           "start_prices", "sold_to"]

#: a buyer's price row and rebate for each of its sellers, in seller order
PriceRows = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


def slots_of(cat: Catalog, table: Table, buyer: int) -> tuple[int, ...]:
    """The seat of each slot of the market seen from `buyer`: each seat of each relation of the
    market's sellers, in order (-1: the buyer itself, no seller)."""
    out = []
    for rel in cat.market_sellers:
        for seat in table.seats_of(rel, buyer):
            out.append(-1 if seat == buyer else seat)
    return tuple(out)


def relation_prices(market: ir.Market, resources: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """The market's price of each resource (in the order given) from the sellers of each
    relation of its `sellers`, before effects: the price naming that relation and that resource,
    else one naming either, else the plain price (see :class:`.ir.Market`). Two prices a checked
    rule set never has (both naming the relation or the resource alone, and disagreeing) give the
    lower one."""
    rows: list[tuple[int, ...]] = []
    for rel in market.sellers:
        row: list[int] = []
        for res in resources:
            rank, price = 0, market.price
            for p in market.prices:
                if (p.sellers and rel not in p.sellers) or (p.resources and res not in p.resources):
                    continue
                named = bool(p.sellers) + bool(p.resources)
                if named > rank or (named == rank and p.price < price):
                    rank, price = named, p.price
            row.append(price)
        rows.append(tuple(row))
    return tuple(rows)


def disagreeing_prices(market: ir.Market, resources: Sequence[str]) -> tuple[int, int, ir.Relation, str] | None:
    """Two prices of the market (their indices in `prices`) that hold for the same relation of
    its sellers and the same resource, name as much (sellers, resources or both), ask different
    prices and are not settled by a price that names more (the one :func:`relation_prices` takes),
    with that relation and resource; None when every price is said once. A resource the sellers
    of a relation never sell (see `sales`) has no price to disagree on."""
    for rel in market.sellers:
        line = next((sales for sales in market.sales if rel in sales.sellers), None)
        for res in resources:
            if line is not None and res not in line.resources:
                continue
            holding = [(bool(p.sellers) + bool(p.resources), i, p.price) for i, p in enumerate(market.prices)
                       if not (p.sellers and rel not in p.sellers) and not (p.resources and res not in p.resources)]
            if not holding:
                continue
            top = max(rank for rank, _, _ in holding)
            best = [(i, price) for rank, i, price in holding if rank == top]
            other = next((i for i, price in best[1:] if price != best[0][1]), None)
            if other is not None:
                return best[0][0], other, rel, res
    return None


def start_prices(cat: Catalog, table: Table, buyer: int) -> list[list[int]]:
    """A buyer's price row for each slot of the market (see :func:`slots_of`), as a game starts:
    each slot's row is that of the relation that made the slot."""
    out: list[list[int]] = []
    for rel, row in zip(cat.market_sellers, cat.market_rows):
        out.extend(list(row) for _ in table.seats_of(rel, buyer))
    return out


def slot_seats(st: GameData, buyer: int) -> tuple[int, ...]:
    """The seat of each slot of the market seen from `buyer` (see :func:`slots_of`)."""
    return slots_of(st.catalog, st.table, buyer)


def many(st: GameData, seat: int) -> bool:
    """Whether a buyer has more than two sellers (its payments come from :mod:`.payments`)."""
    return len(seller_seats(st, seat)) > 2


def seller_seats(st: GameData, buyer: int) -> tuple[int, ...]:
    """The distinct sellers of a buyer, in slot order."""
    found = st.caches.sellers[buyer]
    if found is None:
        out: list[int] = []
        for seat in slot_seats(st, buyer):
            if seat >= 0 and seat not in out:
                out.append(seat)
        found = st.caches.sellers[buyer] = tuple(out)
    return found


def sold_to(st: GameData, buyer: int) -> Optional[tuple[Sold, ...]]:
    """What each seller of `buyer` (in :func:`seller_seats` order) sells to it; None when every
    seller sells every resource. Fixed by the table: found once per seat and shared by the games
    of the table, as the sellers are."""
    caches = st.caches
    found = caches.seller_sales
    if found is None:
        found = caches.seller_sales = [
            seller_sales(slot_sales(st.catalog, st.table, seat), slot_seats(st, seat), seller_seats(st, seat))
            for seat in range(st.config.seats)]
    return found[buyer]


def sales_part(st: GameData, seat: int) -> Production:
    """What a city sells: fixed units and either/or units."""
    city = st.cities[seat]
    derived: list[tuple[int, ...]] = []
    if city.derived:
        _, derived = city.derived_choices(len(st.catalog.resources))
    return tuple(city.sell_fixed), tuple(sorted(city.sell_choices + derived))


def own_part(st: GameData, seat: int) -> Production:
    city = st.cities[seat]
    derived: list[tuple[int, ...]] = []
    if city.derived:
        derived, _ = city.derived_choices(len(st.catalog.resources))
    return tuple(city.fixed), tuple(sorted(city.choices + derived))


def price_rows(st: GameData, seat: int) -> PriceRows:
    """The buyer's price row and rebate for each of its sellers, in seller order."""
    city = st.cities[seat]
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
    return tuple(rows), tuple(rebates)


def price_part(st: GameData, seat: int) -> Union[Prices, PriceRows]:
    """The buyer's prices and rebates per seller (two sellers at most), as the solver reads them;
    for a buyer with more sellers, its rows and rebates (see :func:`price_rows`)."""
    city = st.cities[seat]
    prices = city.prices
    sellers = seller_seats(st, seat)
    if len(prices) == 2 and len(sellers) == 2:  # one slot per seller: as they are
        return tuple(prices[0]), tuple(prices[1]), city.rebates[0], city.rebates[1]
    found = price_rows(st, seat)
    if len(sellers) > 2:
        return found
    rows, rebates = list(found[0]), list(found[1])
    r = len(st.catalog.resources)
    while len(rows) < 2:
        rows.append((0,) * r)
        rebates.append(0)
    return rows[0], rows[1], rebates[0], rebates[1]


def parts(st: GameData, seat: int) -> tuple[Any, ...]:
    """(version, own production part, sales part, price part) of a city, interned by the solver;
    recomputed when the city's version changes."""
    city = st.cities[seat]
    found = city.parts
    if found is None or found[0] != city.version:
        solver = st.catalog.solver
        prices = price_part(st, seat)
        found = city.parts = (city.version, solver.part(own_part(st, seat)), solver.part(sales_part(st, seat)),
                              solver.part(prices) if len(prices) == 4 else (prices, None))
        if city.turn_version == city.version:
            city.turn_parts = found
    return found


def turn_parts(st: GameData, seat: int) -> tuple[Any, ...]:
    """A city's parts as they were at the start of the turn: noted when first computed in the
    turn before anything changed it (every city's are, when the turn's decisions are listed)."""
    city = st.cities[seat]
    noted = city.turn_parts
    if city.turn_version == city.version or noted is None or noted[0] != city.turn_version:
        return parts(st, seat)
    return noted


def trade_context(st: GameData, seat: int, start_of_turn: bool = False) -> TradeContext:
    """The interned trade context of a buyer. With `start_of_turn`, sellers sell only what they
    had when the turn began, at the prices of then (a card built during the turn sells nothing
    and lowers no price until the next turn). Remembered by the buyer until its version or one
    of its sellers' changes."""
    cities = st.cities
    city = cities[seat]
    if not start_of_turn:
        pair = st.caches.seller_pairs[seat]
        if pair is not None:  # two sellers, the usual market: the stamp is three versions
            a = cities[pair[0]]
            b = cities[pair[1]]
            version = city.version
            stamp: tuple[int, ...] = (version, a.version, b.version)
            memo2: Optional[tuple[tuple[int, ...], TradeContext]] = city.memo
            if memo2 is not None and memo2[0] == stamp:
                return memo2[1]
            me = city.parts
            if me is None or me[0] != version:
                me = parts(st, seat)
            pa = a.parts
            if pa is None or pa[0] != a.version:
                pa = parts(st, pair[0])
            pb = b.parts
            if pb is None or pb[0] != b.version:
                pb = parts(st, pair[1])
            ctx = st.catalog.solver.context(me[1], pa[2], pb[2], me[3])
            city.memo = (stamp, ctx)
            return ctx
        else:
            stamp = (city.version,) + tuple(cities[s].version for s in seller_seats(st, seat))
        # a buyer with at most two sellers memos a TradeContext (see `many_context` for the others)
        memo: Optional[tuple[tuple[int, ...], TradeContext]] = city.memo
        if memo is not None and memo[0] == stamp:
            return memo[1]
    sellers = st.caches.sellers[seat] or seller_seats(st, seat)
    solver = st.catalog.solver
    sold = sold_to(st, seat)
    if start_of_turn:
        sells = [turn_parts(st, s)[2] for s in sellers]
        if sold is not None:
            sells = sold_parts(solver, sells, sold)
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
    if sold is not None:
        sells = sold_parts(solver, sells, sold)
    while len(sells) < 2:
        sells.append(solver.part(st.catalog.empty_sales))
    ctx = solver.context(me[1], sells[0], sells[1], me[3])
    city.memo = (stamp, ctx)
    return ctx


def many_context(st: GameData, seat: int, start_of_turn: bool = False) -> Any:
    """The context of a buyer with more than two sellers for :class:`.payments.ManySellers`:
    its own production, what each seller sells, its price rows and rebates (with
    `start_of_turn`, as in :func:`trade_context`). Remembered by the buyer as `trade_context`
    remembers its own."""
    cities = st.cities
    city = cities[seat]
    sellers = seller_seats(st, seat)
    solver = st.catalog.many_sellers
    sold = sold_to(st, seat)
    if start_of_turn:
        buyer_parts = turn_parts(st, seat)
        return solver.context(parts(st, seat)[1][0], sold_values([turn_parts(st, s)[2][0] for s in sellers], sold),
                              *buyer_parts[3][0])
    stamp = (city.version,) + tuple(cities[s].version for s in sellers)
    memo = city.memo
    if memo is not None and memo[0] == stamp:
        return memo[1]
    buyer_parts = parts(st, seat)
    ctx = solver.context(buyer_parts[1][0], sold_values([parts(st, s)[2][0] for s in sellers], sold),
                         *buyer_parts[3][0])
    city.memo = (stamp, ctx)
    return ctx


def as_payment(sellers: tuple[int, ...], split: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A solver's coins per seller (in seller order) as a payment map."""
    pairs = [(seat, coins) for seat, coins in zip(sellers, split) if coins]
    pairs.sort()
    return tuple(pairs)
