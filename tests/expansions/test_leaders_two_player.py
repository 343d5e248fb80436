"""Leaders with the two-player game (rulesets/leaders.wr's reading; no source combines them):
the Free City takes no part in the draft or the recruitment turns, holds no leader, and plays its
Age cards as in the two-player game; each player drafts 4 leaders and plays one at the start of
each age. Checked over random games, with and without Cities."""

from __future__ import annotations

import random

import pytest
from expansion_support import rules, zone_names

import wonderrules as wr


@pytest.mark.parametrize("layers", [("two_player", "leaders"), ("cities", "two_player", "cities_leaders")])
@pytest.mark.parametrize("seed", range(4))
def test_the_free_city_holds_no_leader_and_each_player_plays_one_per_age(layers, seed):
    state = wr.Game(rules(*layers), 2).new_initial_state(seed=seed)
    rng = random.Random(seed)
    (free_city,) = state.neutral
    drafts = 0
    leader_plays = {0: 0, 1: 0}
    while not state.is_terminal():
        pending = state.pending_decisions()
        for d in pending.values():
            assert not (d.seat == free_city and d.kind in ("draft", "recruitment")), d
        drafts += all(d.kind == "draft" for d in pending.values())
        chosen = {p: rng.choice(state.legal_actions(p)) for p in pending}
        for d in pending.values():
            if d.kind == "recruitment":
                leader_plays[d.seat] += 1
        state.apply_actions(chosen)
    assert drafts == 4
    assert leader_plays == {0: 3, 1: 3}
    white = [c.name for c in state.cities[free_city].built if c.colour == "white"]
    assert white == [] and zone_names(state, free_city, "leaders") == []
    if not any(c.name == "Courtesans Guild" for c in state.cities[free_city].built):
        assert state.scores()[free_city].column("leaders") == 0  # (the guild may copy a leader)
