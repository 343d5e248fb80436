"""The bundled rule sets play exactly the games the first engine played.

The first engine (which knew the shape of the game in Python) was checked against recorded games
of another engine before it went away; its games at every table the bundled rule sets seat are
kept in `data/first_engine_games.json.gz` (see `recorded.py`). The rule sets compiled from
today's text, where the game's structure is written in the language, must ask the same players
the same decisions with the same legal actions in the same order at every round, and end every
game with the same score sheets and winners."""

from __future__ import annotations

from collections import defaultdict

import attrs
import pytest
import recorded

import wonderrules
from wonderrules.interpreter.game import Game


def _tables() -> dict[tuple[tuple[str, ...], int, tuple[str, ...]], list[dict]]:
    tables: dict[tuple[tuple[str, ...], int, tuple[str, ...]], list[dict]] = defaultdict(list)
    for g in recorded.games():
        tables[(tuple(g["layers"]), g["players"], tuple(g["options"]))].append(g)
    return tables


TABLES = _tables()


def test_every_table_is_recorded() -> None:
    seated = {(layers, players) for layers, players, _ in TABLES}
    assert seated == {(("base",), n) for n in range(3, 8)} | {(("cities",), n) for n in range(3, 9)} | {
        (("two_player",), 2), (("cities", "two_player"), 2)}
    assert {(layers, players) for layers, players, options in TABLES if options == ("teams",)} == {
        (("cities",), 4), (("cities",), 6), (("cities",), 8)}
    assert all(len(games) == 24 for games in TABLES.values())


def _id(table: tuple) -> str:
    layers, players, options = table
    return "-".join(["+".join(layers), str(players), *options])


@pytest.mark.parametrize("table", list(TABLES), ids=_id)
def test_the_rule_sets_play_the_recorded_games(table) -> None:
    layers, players, options = table
    game = Game(wonderrules.load_rules(*layers), players, options)
    for record in TABLES[table]:
        recorded.replay(game, record)


def test_a_difference_is_caught() -> None:
    """The comparison itself: the base game with a cheaper trade price plays differently."""
    rules = wonderrules.load_rules("base")
    cheaper = attrs.evolve(rules, market=attrs.evolve(rules.market, price=1))
    records = TABLES[(("base",), 4, ())]
    with pytest.raises(recorded.Mismatch):
        for record in records[:5]:
            recorded.replay(Game(cheaper, 4), record)
