"""The environments build their observations from one board of shared numbers (rl_vectors): the
vector and mask of every agent at every step of whole games are exactly those of
ObservationSpace.encode and ActionSpace.mask, on tables with hidden hands, partners' hands
(teams) and neutral seats controlled by a player."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the RL environments need the extra 'rl' (pip install '.[rl]')")
pytest.importorskip("pettingzoo", reason="the RL environments need the extra 'rl' (pip install '.[rl]')")

from wonderrules.embedding.rl import parallel_env  # noqa: E402

TABLES = [
    ("base", 3, ()),
    ("base", 7, ()),
    ("cities", 5, ()),
    ("cities", 4, ("teams",)),
    ("two_player", 2, ()),
    ("leaders", 4, ()),
    (["cities", "leaders"], 3, ()),
]
IDS = ["base3", "base7", "cities5", "cities_teams", "two_player", "leaders4", "cities_leaders"]


@pytest.mark.parametrize(("rules", "players", "options"), TABLES, ids=IDS)
def test_every_observation_of_whole_games_is_the_encoders_vector_and_mask(rules, players, options):
    par = parallel_env(rules, players, options)
    checked = 0
    kinds = set()
    for seed in (1, 2):
        rng = random.Random(seed)
        observations, _ = par.reset(seed=seed)
        while True:
            state = par.state
            kinds.update(d.kind for d in state.pending.values())
            for agent, seen in observations.items():
                p = par.possible_agents.index(agent)
                vector = seen["observation"]
                assert vector.dtype == np.int32 and vector.shape == (par.observations.n,)
                assert vector.tolist() == par.observations.encode(state, p)
                assert seen["action_mask"].dtype == np.int8
                assert seen["action_mask"].tolist() == [int(f) for f in par.actions.mask(state, p)]
                checked += 1
            if not par.agents:
                break
            actions = {a: rng.choice(o["action_mask"].nonzero()[0].tolist()) for a, o in observations.items()}
            observations, *_ = par.step(actions)
    assert checked >= 2 * 18 * players  # two games of three ages of six turns at least
    if rules == "cities" and not options:
        assert "pay" in kinds  # a debt paid in part was asked, and its vectors checked


def test_the_observations_of_two_games_one_after_the_other_are_each_the_encoders():
    """The environment keeps counts from one step to the next: a new game (reset) starts them
    again, and a game cut short then started again gives the same vectors as a fresh one."""
    par = parallel_env("cities", 4)
    rng = random.Random(9)
    observations, _ = par.reset(seed=9)
    for _ in range(7):
        observations, *_ = par.step({a: rng.choice(o["action_mask"].nonzero()[0].tolist())
                                     for a, o in observations.items()})
    observations, _ = par.reset(seed=10)
    for _ in range(12):
        for agent, seen in observations.items():
            p = par.possible_agents.index(agent)
            assert seen["observation"].tolist() == par.observations.encode(par.state, p)
            assert par.observe(agent)["observation"].tolist() == par.observations.encode(par.state, p)
        observations, *_ = par.step({a: rng.choice(o["action_mask"].nonzero()[0].tolist())
                                     for a, o in observations.items()})


def test_an_observation_kept_is_not_changed_by_the_next_steps():
    par = parallel_env("base", 3)
    first, _ = par.reset(seed=4)
    observations = first
    rng = random.Random(4)
    for _ in range(5):
        actions = {a: rng.choice(o["action_mask"].nonzero()[0].tolist()) for a, o in observations.items()}
        observations, *_ = par.step(actions)
    par.reset(seed=5)
    again, _ = parallel_env("base", 3).reset(seed=4)
    for agent, seen in first.items():
        assert (seen["observation"] == again[agent]["observation"]).all()
        assert (seen["action_mask"] == again[agent]["action_mask"]).all()
