"""`pass hand` passes among the players only (docs/language/flow.rst): a neutral seat takes no
part, so the Free City of the two-player game, which holds no hand, is never given one."""

from __future__ import annotations

import random

import wonderrules


def test_hands_pass_between_the_two_players_and_skip_the_free_city() -> None:
    state = wonderrules.Game(wonderrules.load_rules("two_player"), 2).new_initial_state(seed=3)
    hand = state.catalog.zone_index["hand"]
    rng = random.Random(3)
    turns = set()
    while not state.is_terminal():
        turns.add((state.age, state.turn))
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
        assert not state.cities[2].zones[hand]  # seat 2, the Free City: never handed a player's cards
    assert len(turns) == 18  # six turns in each of three ages: five passes per age
