"""A simple immediate-value heuristic, generic over rule sets.

Each legal action is valued by what it brings now: points of the card or stage as the city stands,
the change in the score formulas from new symbols, strength in conflicts, production, coins
(3 coins are worth a point), and abilities; coins paid count against it. Ties are broken at random.
"""

from __future__ import annotations

import random

from wonderrules.interpreter.actions import PAY, PICK, SELL, STAGE, Action
from wonderrules.interpreter.effects.abilities import (
    BuildFromDiscardHook,
    FreeBuildHook,
    FreeStageResourcesHook,
    PlayLastCardHook,
)
from wonderrules.interpreter.effects.economy import GainCoinsHook, GainTokensHook, LoseCoinsHook
from wonderrules.interpreter.effects.endgame import ScoreHook, SymbolHook
from wonderrules.interpreter.effects.production import ProduceDerivedHook, ProduceHook
from wonderrules.interpreter.effects.trade import TradePriceHook, TradeRebateHook

__all__ = ["GreedyAgent"]

COIN = 1 / 3


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state, player: int) -> Action:
        actions = state.legal_actions(player)
        dec = state.pending[player]
        if dec.kind == PAY:
            return max(actions, key=lambda a: a.coins)  # a coin costs a third of a point, a token more
        best: list[Action] = []
        best_value = float("-inf")
        for a in actions:
            v = self.value(state, dec.seat, a)
            if v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return self.rng.choice(best)

    # ---- valuation ---------------------------------------------------------------------------
    def value(self, state, seat: int, action: Action) -> float:
        paid = action.left + action.right
        if action.kind == SELL:
            return state.config.sell_coins * COIN - 0.5
        city = state.cities[seat]
        if action.kind == STAGE:
            src = city.board.stages[city.stages_built]
            return self.source_value(state, seat, src) + 0.5 - (src.coins + paid) * COIN
        card = state.cat.card_named(action.card, state.age)
        if card is None:
            return 0.0
        cost = 0 if action.means or action.kind == PICK else card.coins
        value = self.source_value(state, seat, card) - (cost + paid) * COIN
        if action.means == "free":
            value -= 0.5  # keep the free build for a dearer card when it is close
        return value

    def source_value(self, state, seat: int, src) -> float:
        ages_left = state.config.ages - state.age
        v = 0.0
        city = state.cities[seat]
        for hook in src.end_of_game:
            if isinstance(hook, ScoreHook):
                v += hook.points(state, seat, virtual_self=True)
            elif isinstance(hook, SymbolHook):
                v += max(self.symbol_value(state, seat, s, hook.amount) for s in hook.options)
        for hook in src.passive:
            if isinstance(hook, SymbolHook) and hook.fixed:
                v += self.symbol_value(state, seat, hook.options[0], hook.amount)
            elif isinstance(hook, (ProduceHook, ProduceDerivedHook)):
                v += (0.6 * getattr(hook, "amount", 1)) * (ages_left + 0.5)
            elif isinstance(hook, (TradePriceHook, TradeRebateHook)):
                v += 0.4 * (ages_left + 1)
            elif isinstance(hook, (FreeBuildHook, PlayLastCardHook)):
                v += 1.5 * (ages_left + 1)
            elif isinstance(hook, FreeStageResourcesHook):
                v += 0.5 * (len(city.board.stages) - city.stages_built)
        for hook in tuple(src.on_build) + tuple(src.end_of_turn):
            if isinstance(hook, GainCoinsHook) and "self" in hook.targets:
                n = hook.amount * (hook.counter.value(state, seat) + 1 if hook.counter else 1)
                v += n * COIN
            elif isinstance(hook, GainTokensHook):
                v += 0.5 * hook.amount
            elif isinstance(hook, LoseCoinsHook):
                v += 0.3 * hook.amount
            elif isinstance(hook, BuildFromDiscardHook):
                v += 2.0 * hook.count
        return v

    def symbol_value(self, state, seat: int, sym: int, amount: int) -> float:
        """The change in the score formulas, plus strength in conflicts, from more symbols."""
        scorer = state.game.scorer
        before = list(state.cities[seat].symbols)
        after = list(before)
        after[sym] += amount
        delta = 0.0
        for f in scorer.formulas:
            if f is not None:
                delta += f(state, seat, after) - f(state, seat, before)
        for strength in state.game.strengths.values():
            gain = strength(state, seat, after) - strength(state, seat, before)
            if gain > 0:
                delta += 1.5 * gain
        return delta
