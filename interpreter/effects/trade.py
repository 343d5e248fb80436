"""Trading modifiers: lower prices by resource and side, and rebates on the first purchase."""

from __future__ import annotations

from types import MappingProxyType

from wonderrules.interpreter import ir

__all__ = ["compile_trade_price", "compile_trade_rebate"]

_SIDES = MappingProxyType({"left": 0, "right": 1})


class TradePriceHook:
    """Buying these resources from these sides costs `price`; with several prices for the same
    resource and side, the lowest applies."""

    __slots__ = ("resources", "sides", "price")
    step = "trade"

    def __init__(self, resources: tuple[int, ...], sides: tuple[int, ...], price: int) -> None:
        self.resources = resources
        self.sides = sides
        self.price = price

    def apply(self, state, seat: int) -> None:
        city = state.cities[seat]
        for side in self.sides:
            row = city.prices[side]
            for r in self.resources:
                if self.price < row[r]:
                    row[r] = self.price
        city.version += 1


class TradeRebateHook:
    """The first unit bought from each of these sides each turn costs `amount` less; rebates on
    the same side add up."""

    __slots__ = ("sides", "amount")
    step = "trade"

    def __init__(self, sides: tuple[int, ...], amount: int) -> None:
        self.sides = sides
        self.amount = amount

    def apply(self, state, seat: int) -> None:
        city = state.cities[seat]
        for side in self.sides:
            city.rebates[side] += self.amount
        city.version += 1


def compile_trade_price(e: ir.TradePrice, cat, source) -> TradePriceHook:
    return TradePriceHook(tuple(cat.res_index[r] for r in e.resources), tuple(_SIDES[s] for s in e.sides), e.price)


def compile_trade_rebate(e: ir.TradeRebate, cat, source) -> TradeRebateHook:
    return TradeRebateHook(tuple(_SIDES[s] for s in e.sides), e.amount)
