"""The generic core plays the bundled games exactly as the first engine does.

The first engine's rule sets (tests/core/data), and the core's, are played on both engines in
lockstep with random choices: at every decision the same players are asked for the same seats
with the same legal actions in the same order (payments as a map seller -> coins), and every game
ends with the same score sheets and winners. The core's rule sets are of two origins: translated
from the first engine's by `bridge.py`, and compiled from today's text (`rulesets/*.wr`, the
game's structure written in the language). Every table the bundled rule sets seat is covered."""

from __future__ import annotations

import bridge
import differential
import pytest

from wonderrules.grammar.compiler import compile_rules

TABLES = [
    (("base",), 3, ()), (("base",), 4, ()), (("base",), 5, ()), (("base",), 6, ()), (("base",), 7, ()),
    (("cities",), 3, ()), (("cities",), 4, ()), (("cities",), 5, ()), (("cities",), 6, ()), (("cities",), 7, ()),
    (("cities",), 8, ()), (("cities",), 4, ("teams",)), (("cities",), 6, ("teams",)), (("cities",), 8, ("teams",)),
    (("two_player",), 2, ()), (("cities", "two_player"), 2, ()),
]
GAMES = 12


@pytest.mark.parametrize("layers,players,options", TABLES, ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_the_core_plays_the_same_games(layers, players, options) -> None:
    rules = differential.first_engine_rules(layers)
    core_rules = bridge.translate(rules)
    for seed in range(GAMES):
        differential.play_both(layers, players, seed, options, rules, core_rules)


@pytest.mark.parametrize("layers,players,options", TABLES, ids=lambda v: "+".join(v) if isinstance(v, tuple) else v)
def test_the_rule_sets_written_on_the_core_play_the_same_games(layers, players, options) -> None:
    rules = differential.first_engine_rules(layers)
    compiled = compile_rules(list(layers))
    assert compiled.ok, [d.message for d in compiled.diagnostics]
    for seed in range(100, 100 + GAMES):
        differential.play_both(layers, players, seed, options, rules, compiled.rules)


def test_a_difference_is_caught() -> None:
    """The comparison itself: a core rule set with one price changed plays differently."""
    import attrs

    rules = differential.first_engine_rules(("base",))
    core_rules = bridge.translate(rules)
    cheaper = attrs.evolve(core_rules, market=attrs.evolve(core_rules.market, price=1))
    with pytest.raises(differential.Mismatch):
        for seed in range(5):
            differential.play_both(("base",), 4, seed, (), rules, cheaper)
