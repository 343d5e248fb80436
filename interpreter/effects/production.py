"""Production: `produce ...` and `produce one of the resources [not] produced by ...`."""

from __future__ import annotations

from wonderrules.interpreter import ir

__all__ = ["compile_produce", "compile_produce_derived"]


class ProduceHook:
    __slots__ = ("resources", "amount", "for_sale", "colour")
    step = "produce"

    def __init__(self, resources: tuple[int, ...], amount: int, for_sale: bool, colour: str) -> None:
        self.resources = resources
        self.amount = amount
        self.for_sale = for_sale
        self.colour = colour

    def apply(self, state, seat: int) -> None:
        sellable = self.for_sale and self.colour in state.config.neighbours_sell
        state.cities[seat].add_production(self.resources, self.amount, sellable)


class ProduceDerivedHook:
    __slots__ = ("sources", "missing", "for_sale", "colour")
    step = "produce"
    resources = ()

    def __init__(self, sources: frozenset[str], missing: bool, for_sale: bool, colour: str) -> None:
        self.sources = sources
        self.missing = missing
        self.for_sale = for_sale
        self.colour = colour

    def apply(self, state, seat: int) -> None:
        city = state.cities[seat]
        sellable = self.for_sale and self.colour in state.config.neighbours_sell
        city.derived.append((self.sources, self.missing, sellable))
        city.version += 1


def compile_produce(e: ir.Produce, cat, source) -> ProduceHook:
    return ProduceHook(tuple(cat.res_index[r] for r in e.options), e.amount, e.for_sale, source.colour)


def compile_produce_derived(e: ir.ProduceDerived, cat, source) -> ProduceDerivedHook:
    return ProduceDerivedHook(frozenset(e.sources), e.missing, e.for_sale, source.colour)
