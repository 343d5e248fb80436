"""Invariants over games of random agents, for every expansion table: every dealt card ends in
exactly one place (built, tucked under a stage, or discarded), coins never go negative, every
pending player always has a legal action, and replaying the game's log reproduces its final
scores and winners."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from expansion_support import dealt_names, new_game, play_random, zone_names

import wonderrules as wr
from wonderrules.interpreter.log import check_scores

GAMES = 10

TABLES = ([(("cities",), n, ()) for n in range(3, 9)]
          + [(("cities",), n, ("teams",)) for n in (4, 6, 8)]
          + [(("two_player",), 2, ()), (("cities", "two_player"), 2, ())])


def table_id(t):
    layers, n, opts = t
    return "+".join(layers + opts) + f"-{n}p"


def check_round(state, _tucked):
    for city in state.cities:
        assert city.coins >= 0, f"seat {city.seat} has {city.coins} coins"
        assert min(city.token_counts) >= 0
    for p in state.pending_decisions():
        assert state.legal_actions(p), f"player {p} has no legal action"


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_random_games_keep_the_invariants(table):
    layers, n, opts = table
    game = new_game(layers, n, opts, sides="random")
    for seed in range(GAMES):
        state, tucked = play_random(game, seed, check=check_round)
        # every card dealt is in exactly one place
        built = Counter(c.name for city in state.cities for c in city.built)
        where = built + Counter(zone_names(state, 0, "discard")) + Counter(tucked)
        assert where == dealt_names(state), seed
        assert sum(city.stages_built for city in state.cities) == len(tucked)
        held = [name for name in ("hand", "pile") if name in state.catalog.zone_index]
        assert all(not zone_names(state, s, name) for s in range(state.n) for name in held)
        # the log replays to the same scores and winners (through JSON text)
        log = json.loads(json.dumps(wr.to_log(state)))
        again = wr.replay(game, log)
        assert again.is_terminal()
        assert check_scores(again, log) == []
        assert [s.to_json() for s in again.scores()] == [s.to_json() for s in state.scores()]
        assert again.winners() == state.winners()
        sheets = state.scores()
        for sheet in sheets:
            assert sum(v for _, v in sheet.columns) == sheet.total


def test_clone_mid_game_plays_on_independently():
    """A clone of a game in progress (here: two players with Cities, mid Age II) plays on without
    touching the original (the state API promises clone())."""
    game = new_game(("cities", "two_player"), 2, sides="random")
    state = game.new_initial_state(seed=3)
    for _ in range(20):
        state.apply_actions({p: state.legal_actions(p)[0] for p in state.pending_decisions()})
    copy = state.clone()
    before = wr.to_log(state)
    while not copy.is_terminal():
        copy.apply_actions({p: copy.legal_actions(p)[-1] for p in copy.pending_decisions()})
    assert wr.to_log(state) == before
