"""Effects of the rule set, played: `each player { ... }` and `each seat { ... }` held by every
city from the start of the game, in a layer and in an option.

Each layer extends a bundled game; the figures are worked out from the rules: three ages, a
token gained at the start of each age is three tokens at the end; the base game starts every
city with 3 coins, and a card that costs 1 coin costs nothing with `build costs 1 coin less`.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import wonderrules
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.state import State


def rules(tmp_path: Path, text: str, base: str = "base"):
    path = tmp_path / "house.wr"
    path.write_text(f"ruleset house extends {base}\ntokens: favour\n{text}", encoding="utf-8")
    return wonderrules.load_rules(str(path))


def played(game: Game, seed: int = 0) -> State:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    return state


def favours(state: State) -> list[int]:
    token = state.catalog.token_index["favour"]
    return [city.token_counts[token] for city in state.cities]


EACH_AGE = "each start of age: gain 1 favour token"


@pytest.mark.parametrize(("holders", "expected"), [("player", [3, 3, 0]), ("seat", [3, 3, 3])])
def test_each_player_leaves_the_neutral_seat_out_and_each_seat_takes_it_in(tmp_path, holders, expected) -> None:
    # two players and the Free City (seat 2)
    game = Game(rules(tmp_path, f"each {holders} {{ {EACH_AGE} }}", "two_player"), 2)
    for seed in range(2):
        assert favours(played(game, seed)) == expected


def test_an_effect_at_a_moment_comes_once_and_each_moment_every_time(tmp_path) -> None:
    text = "each player {\n  start of age: gain 1 favour token\n  each end of age: gain 2 favour tokens\n}\n"
    state = played(Game(rules(tmp_path, text), 4), seed=3)
    assert favours(state) == [1 + 2 * 3] * 4


def test_coins_gained_at_the_start_of_the_first_age_are_held_at_its_first_decision(tmp_path) -> None:
    game = Game(rules(tmp_path, "each seat { start of age: gain 2 coins }"), 3)
    state = game.new_initial_state(seed=1)
    assert state.pending_decisions() and [city.coins for city in state.cities] == [5, 5, 5]


def test_an_option_adds_its_effects_only_when_it_is_turned_on(tmp_path) -> None:
    text = f'option patronage "Patronage" {{\n  each player {{ {EACH_AGE} }}\n}}\n'
    ruleset = rules(tmp_path, text)
    assert favours(played(Game(ruleset, 3, ("patronage",)))) == [3, 3, 3]
    assert favours(played(Game(ruleset, 3))) == [0, 0, 0]


def test_blocks_of_effects_add_up_layer_after_layer(tmp_path) -> None:
    (tmp_path / "first.wr").write_text(f"ruleset first extends base\ntokens: favour\neach player {{ {EACH_AGE} }}\n",
                                       encoding="utf-8")
    (tmp_path / "second.wr").write_text(f"ruleset second extends first\neach player {{ {EACH_AGE} }}\n",
                                        encoding="utf-8")
    ruleset = wonderrules.load_rules(str(tmp_path / "second.wr"))
    assert len(ruleset.effects) == 2
    assert favours(played(Game(ruleset, 3), seed=2)) == [6, 6, 6]


def test_a_house_rule_scores_in_the_column_its_block_names(tmp_path) -> None:
    text = "scoring {\n  house after guilds\n}\neach player scores house {\n  end of game: score coins / 3\n}\n"
    state = played(Game(rules(tmp_path, text, "two_player"), 2), seed=5)
    sheets = state.scores()
    # the Free City (seat 2) is no player: it scores no house points, whatever its coins
    assert [s.column("house") for s in sheets] == [sheets[0].coins // 3, sheets[1].coins // 3, 0]
    assert all(s.column("house") == s.column("treasury") for s in sheets[:2])
    assert [s.total for s in sheets] == [sum(v for _, v in s.columns) for s in sheets]


def test_a_passive_effect_held_by_everyone_lowers_every_cost(tmp_path) -> None:
    """Seat 0 builds the Clay Pit (1 coin) in its first turn while the others sell: with `build
    costs 1 coin less` it keeps its 3 coins (2 without), the others have 3 + 3."""
    hand = ["Clay Pit", "Lumber Yard", "Stone Pit", "Ore Vein", "Loom", "Press", "Altar"]
    for text, kept in (("each player { passive: build costs 1 coin less }", 3), ("", 2)):
        game = Game(rules(tmp_path, text), 3)
        state = game.new_initial_state(seed=0, hands={1: [hand, hand, hand]})
        state.apply_actions({p: next(a for a in state.legal_actions(p) if (a.kind, a.card) == (
            ("build", "Clay Pit") if p == 0 else ("sell", "Altar"))) for p in range(3)})
        assert [city.coins for city in state.cities] == [kept, 6, 6]


def test_what_they_produce_is_the_citys_own_and_never_for_sale(tmp_path) -> None:
    boards = [("Rhodes", "A"), ("Giza", "A"), ("Babylon", "A")]  # ore, stone, clay: no glass of their own
    state = Game(rules(tmp_path, "each player { passive: produce glass }"), 3).new_initial_state(boards=boards)
    glass = state.catalog.res_index["glass"]
    assert [(city.fixed[glass], city.sell_fixed[glass]) for city in state.cities] == [(1, 0)] * 3
