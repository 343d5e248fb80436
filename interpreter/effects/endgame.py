"""End-of-game hooks: points, symbols (fixed, or chosen at the end), and copies of neighbours'
cards or symbols. Scoring (:mod:`..scoring`) reads them; fixed symbols are also passive."""

from __future__ import annotations

from typing import Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects.counting import Counter, compile_count

__all__ = ["compile_score", "compile_symbol", "compile_copy_card", "compile_copy_symbol",
           "ScoreHook", "SymbolHook", "CopyCardHook", "CopySymbolHook"]


class ScoreHook:
    __slots__ = ("amount", "counter")
    step = "score"

    def __init__(self, amount: int, counter: Optional[Counter]) -> None:
        self.amount = amount
        self.counter = counter

    def points(self, state, seat: int, virtual_self: bool = False) -> int:
        if self.counter is None:
            return self.amount
        return self.amount * self.counter.value(state, seat, None, virtual_self)


class SymbolHook:
    """Fixed symbols are added when built (passive); a choice is made at game end."""

    __slots__ = ("options", "amount")
    step = "symbol"

    def __init__(self, options: tuple[int, ...], amount: int) -> None:
        self.options = options
        self.amount = amount

    @property
    def fixed(self) -> bool:
        return len(self.options) == 1

    def apply(self, state, seat: int) -> None:
        if self.fixed:
            state.cities[seat].symbols[self.options[0]] += self.amount


class _CopyHook:
    """`count` copies, at game end, from cards of `colours` in the cities of `scopes`."""

    __slots__ = ("count", "colours", "scopes")
    step = "copy"

    def __init__(self, count: int, colours: frozenset[str], scopes: tuple[str, ...]) -> None:
        self.count = count
        self.colours = colours
        self.scopes = scopes


class CopyCardHook(_CopyHook):
    """Copies whole cards: their points and symbols count as if built by the copier."""

    __slots__ = ()


class CopySymbolHook(_CopyHook):
    """Copies the symbols of different cards."""

    __slots__ = ()


def compile_score(e: ir.Score, cat, source) -> ScoreHook:
    return ScoreHook(e.amount, compile_count(e.per, cat, source))


def compile_symbol(e: ir.Symbol, cat, source) -> SymbolHook:
    return SymbolHook(tuple(cat.sym_index[s] for s in e.options), e.amount)


def compile_copy_card(e: ir.CopyCard, cat, source) -> CopyCardHook:
    return CopyCardHook(e.count, frozenset(e.colours), e.scopes)


def compile_copy_symbol(e: ir.CopySymbol, cat, source) -> CopySymbolHook:
    return CopySymbolHook(e.count, frozenset(e.colours), e.scopes)
