"""What each seller sells to a buyer, when the market's `sales` say that the sellers of some
relations sell only some resources (`sells only raw from left 2, right 2`; see
:class:`.ir.Market`).

Seen from a buyer, each slot of the market (see :mod:`.market`) sells what its relation sells; a
seat that fills several slots sells what any of them sells, each resource at the lowest price
of the slots that sell it (the price of a slot that does not sell a resource is UNSOLD, above
any other). What a seller sells to a buyer is fixed by the table (see
:func:`.market.sold_to`). A market without `sales`
never filters anything: every seller sells all it has for sale, and the buyers of the usual
market keep their shortest path (:func:`.market.trade_context`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog
    from wonderrules.interpreter.table import Table
    from wonderrules.interpreter.trading import Production, TradeSolver

__all__ = ["relation_sales", "unsold_prices", "slot_sales", "seller_sales", "only_sold", "sold_values", "sold_parts",
           "Sold", "UNSOLD"]

#: the resources (by index) a seller sells to a buyer; None: every resource
Sold = Optional[frozenset[int]]

#: a slot's price of a resource its relation does not sell: above any price a rule set asks, so
#: that it never wins over the price of a slot that sells the resource. An effect's price lowers
#: it as any other (the effect's price holds for the seller, through whichever slot sells).
UNSOLD = w.MAX_PRICE + 1


def relation_sales(market: ir.Market, resources: Sequence[str]) -> tuple[Sold, ...]:
    """What the sellers of each relation of the market's `sellers` sell (resource indices in the
    order given), or None for every relation when the market has no `sales`."""
    if not market.sales:
        return ()
    index = {name: i for i, name in enumerate(resources)}
    out: list[Sold] = []
    for rel in market.sellers:
        line = next((sales for sales in market.sales if rel in sales.sellers), None)
        out.append(None if line is None else frozenset(index[r] for r in line.resources if r in index))
    return tuple(out)


def unsold_prices(rows: tuple[tuple[int, ...], ...], sales: tuple[Sold, ...]) -> tuple[tuple[int, ...], ...]:
    """The price rows of the market's relations (see :func:`.market.relation_prices`), each
    resource a relation does not sell at UNSOLD."""
    if not sales:
        return rows
    return tuple(row if sold is None else tuple(p if r in sold else UNSOLD for r, p in enumerate(row))
                 for row, sold in zip(rows, sales))


def slot_sales(cat: Catalog, table: Table, buyer: int) -> tuple[Sold, ...]:
    """What each slot of the market seen from `buyer` sells (in the order of
    :func:`.market.slots_of`); empty when the market has no `sales`."""
    if not cat.market_sales:
        return ()
    out: list[Sold] = []
    for rel, sold in zip(cat.market_sellers, cat.market_sales):
        out.extend(sold for _ in table.seats_of(rel, buyer))
    return tuple(out)


def seller_sales(per_slot: Sequence[Sold], slots: Sequence[int], sellers: Sequence[int]) -> Optional[tuple[Sold, ...]]:
    """What each of `sellers` sells to a buyer, from what each slot sells and the seat of each
    slot: what any of its slots sells. None when every seller sells every resource."""
    if all(sold is None for sold in per_slot):
        return None
    out: list[Sold] = []
    for seller in sellers:
        of_seller = [per_slot[i] for i, s in enumerate(slots) if s == seller]
        out.append(None if any(sold is None for sold in of_seller)
                   else frozenset(r for sold in of_seller if sold is not None for r in sold))
    return tuple(out) if any(sold is not None for sold in out) else None


def only_sold(production: Production, sold: Sold) -> Production:
    """A seller's production for sale, less the resources it does not sell: an either/or unit
    keeps the resources sold (a unit left with one is a fixed unit, with none is gone)."""
    if sold is None:
        return production
    fixed, units = production
    kept = [n if r in sold else 0 for r, n in enumerate(fixed)]
    left: list[tuple[int, ...]] = []
    for unit in units:
        options = tuple(r for r in unit if r in sold)
        if len(options) == 1:
            kept[options[0]] += 1
        elif options:
            left.append(options)
    return tuple(kept), tuple(sorted(left))


def sold_values(sales: list[Production], sold: Optional[tuple[Sold, ...]]) -> tuple[Production, ...]:
    """What each seller sells to a buyer (in seller order), from what each has for sale."""
    if sold is None:
        return tuple(sales)
    return tuple(only_sold(production, what) for production, what in zip(sales, sold))


def sold_parts(solver: TradeSolver, sales: list[Any], sold: tuple[Sold, ...]) -> list[Any]:
    """The solver's parts of what each seller sells to a buyer, from the parts of what each has
    for sale."""
    return [solver.part(only_sold(part[0], what)) for part, what in zip(sales, sold)]
