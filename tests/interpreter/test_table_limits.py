"""A table the engine cannot play is refused when the Game is made, with a sentence: a rule set
built in Python (or options chosen together) reaches Game() without the loader's checks, so
Game() itself refuses negative hands, ages, turns or pool draws beyond the engine's limits,
settings that cannot be computed, broken teams and too few wonders. Without these, a negative
hand was dealt from the end of the deck and a negative draw failed in the middle of the game."""

from __future__ import annotations

from functools import cache

import attrs
import pytest
from engine_support import hand_cards

import wonderrules as wr
from wonderrules.interpreter import ir
from wonderrules.interpreter.config import ConfigError


@cache
def base() -> ir.RuleSet:
    return wr.load_rules("base")


def with_settings(**changes: object) -> ir.RuleSet:
    rules = base()
    return attrs.evolve(rules, settings=attrs.evolve(rules.settings, **changes))


def players_minus(n: int) -> ir.Expr:
    return ir.BinOp("-", ir.Var("players"), ir.Num(n))


@pytest.mark.parametrize("changes, message", [
    ({"hand": players_minus(6)}, "at 4 players, the hand size is -2; it must be between 0 and 50"),
    ({"turns": ir.BinOp("+", ir.Var("players"), ir.Num(47))},
     "at 4 players, the number of turns is 51; it must be between 0 and 50"),
    ({"hand": ir.BinOp("/", ir.Num(7), players_minus(4))}, "a setting divides by zero"),
    ({"turns": ir.Quantity("coins", (), (ir.Relation("self"),))},
     "a setting of the table cannot count what cities hold"),
    ({"turns": ir.Var("turn")}, "'turn' has no value in a setting of the table"),  # `age` has one
    ({"ages": 0}, "at 4 players, the number of ages is 0; it must be between 1 and 20"),
])
def test_a_table_beyond_the_engines_limits_is_refused_by_game(changes: dict, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        wr.Game(with_settings(**changes), players=4)
    assert str(caught.value) == message


def test_hands_pass_left_when_the_rule_set_sets_no_direction() -> None:
    """Without a pass direction the engine passes hands left (TableConfig.direction): after the
    first turn seat 1 holds what is left of the hand dealt to seat 0."""
    st = wr.Game(with_settings(pass_directions=()), players=4).new_initial_state(1)
    dealt = [[c.name for c in hand_cards(st, p)] for p in range(4)]
    st.apply_actions({p: wr.Action("sell", dealt[p][0]) for p in range(4)})
    assert [[c.name for c in hand_cards(st, p)] for p in range(4)] == [dealt[(p - 1) % 4][1:] for p in range(4)]


def test_teams_must_be_whole() -> None:
    rules = attrs.evolve(base(), options=(ir.Option("trios", team_size=3),))
    with pytest.raises(ConfigError, match="^4 players cannot sit in teams of 3$"):
        wr.Game(rules, players=4, options=("trios",))


def test_a_pool_draw_below_zero_is_refused() -> None:
    draw = attrs.evolve(base().settings.pool_draws[0], count=players_minus(9))
    with pytest.raises(ConfigError, match="^at 4 players, the draw from pool 'guilds' in age 3 is -5; it must be "
                                          "between 0 and 500$"):
        wr.Game(with_settings(pool_draws=(draw,)), players=4)


def test_too_few_wonders_for_the_seats_is_a_setup_error() -> None:
    rules = attrs.evolve(base(), boards=base().boards[:4])
    with pytest.raises(wr.SetupError, match="^5 seats but only 2 wonders$"):
        wr.Game(rules, players=5)
