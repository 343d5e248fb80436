"""Coins and tokens: gains, and losses that may be taken as tokens instead of coins."""

from __future__ import annotations

from typing import Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects.counting import Counter, compile_count

__all__ = ["compile_gain_coins", "compile_gain_tokens", "compile_lose_coins"]


class GainCoinsHook:
    __slots__ = ("amount", "targets", "counter")
    step = "gain"

    def __init__(self, amount: int, targets: tuple[str, ...], counter: Optional[Counter]) -> None:
        self.amount = amount
        self.targets = targets
        self.counter = counter

    def run(self, state, seat: int) -> None:
        for target in state.targets_of(self.targets, seat):
            n = self.amount
            if self.counter is not None:
                n *= self.counter.value(state, seat, target)
            if n:
                state.gain_coins(target, n)


class GainTokensHook:
    __slots__ = ("token", "amount", "worth", "targets")
    step = "gain"

    def __init__(self, token: int, amount: int, worth: int, targets: tuple[str, ...]) -> None:
        self.token = token
        self.amount = amount
        self.worth = worth
        self.targets = targets

    def run(self, state, seat: int) -> None:
        for target in state.targets_of(self.targets, seat):
            state.gain_tokens(target, self.token, self.amount, self.worth)


class LoseCoinsHook:
    """Each target loses coins to the bank; with a shortfall token the target chooses how many
    coins to pay and takes one token per coin not paid."""

    __slots__ = ("amount", "targets", "counter", "token")
    step = "lose"

    def __init__(self, amount: int, targets: tuple[str, ...], counter: Optional[Counter],
                 token: Optional[int]) -> None:
        self.amount = amount
        self.targets = targets
        self.counter = counter
        self.token = token

    def run(self, state, seat: int) -> None:
        for target in state.targets_of(self.targets, seat):
            n = self.amount
            if self.counter is not None:
                n *= self.counter.value(state, seat, target)
            if n > 0:
                state.lose_coins(target, n, self.token)


def compile_gain_coins(e: ir.GainCoins, cat, source) -> GainCoinsHook:
    return GainCoinsHook(e.amount, e.targets, compile_count(e.per, cat, source))


def compile_gain_tokens(e: ir.GainTokens, cat, source) -> GainTokensHook:
    return GainTokensHook(cat.token_index[e.token], e.amount, e.worth, e.targets)


def compile_lose_coins(e: ir.LoseCoins, cat, source) -> LoseCoinsHook:
    token = cat.token_index[e.shortfall_token] if e.shortfall_token else None
    return LoseCoinsHook(e.amount, e.targets, compile_count(e.per, cat, source), token)
