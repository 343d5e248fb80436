"""The closed vocabulary of effects, compiled into hooks once per rule set.

Every IR effect class has exactly one compiler here. A compiled hook is one of:

- a *passive* hook: ``apply(state, seat)`` changes the city when the card or stage is built
  (production, prices, abilities, symbols);
- a *triggered* hook: ``run(state, seat)`` acts when its timing comes (coins, tokens, losses,
  builds from the discard pile); ``step`` places it within a moment (see ``order`` settings);
- an *end-of-game* hook: data the scoring reads (points, wild symbols, copies).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects import abilities, economy, endgame, production, trade

__all__ = ["compile_effect", "COMPILERS"]

COMPILERS: Mapping[type, Callable] = MappingProxyType({
    ir.Produce: production.compile_produce,
    ir.ProduceDerived: production.compile_produce_derived,
    ir.Symbol: endgame.compile_symbol,
    ir.GainCoins: economy.compile_gain_coins,
    ir.GainTokens: economy.compile_gain_tokens,
    ir.LoseCoins: economy.compile_lose_coins,
    ir.Score: endgame.compile_score,
    ir.TradePrice: trade.compile_trade_price,
    ir.TradeRebate: trade.compile_trade_rebate,
    ir.FreeBuild: abilities.compile_free_build,
    ir.PlayLastCard: abilities.compile_play_last_card,
    ir.FreeStageResources: abilities.compile_free_stage_resources,
    ir.BuildFromDiscard: abilities.compile_build_from_discard,
    ir.CopyCard: endgame.compile_copy_card,
    ir.CopySymbol: endgame.compile_copy_symbol,
})

assert set(COMPILERS) == set(ir.EFFECT_TYPES), "every effect of the vocabulary needs a compiler"


def compile_effect(effect: ir.Effect, cat, source):
    return COMPILERS[type(effect)](effect, cat, source)
