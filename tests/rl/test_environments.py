"""The PettingZoo environments of wonderrules.embedding.rl pass PettingZoo's own tests on every bundled
rule set, and a game played through them is the game its log replays."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the RL environments need the extra 'rl' (pip install '.[rl]')")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

import wonderrules  # noqa: E402
from wonderrules.embedding.rl import env, parallel_env  # noqa: E402

TABLES = [
    ("base", 3, ()),
    ("cities", 4, ()),
    ("two_player", 2, ()),
    ("leaders", 3, ()),
    (["cities", "leaders"], 4, ()),
]
IDS = ["base", "cities", "two_player", "leaders", "cities_leaders"]


@pytest.mark.parametrize(("rules", "players", "options"), TABLES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(rules, players, options):
    parallel_api_test(parallel_env(rules, players, options), num_cycles=1000)
    api_test(env(rules, players, options), num_cycles=300)
    parallel_seed_test(lambda: parallel_env(rules, players, options), num_cycles=30)
    seed_test(lambda: env(rules, players, options), num_cycles=30)


@pytest.mark.parametrize(("rules", "players"), [("base", 3), ("cities", 4)])
def test_pettingzoo_api_tests_with_the_payment_chosen(rules, players):
    parallel_api_test(parallel_env(rules, players, payments="choose"), num_cycles=1000)
    api_test(env(rules, players, payments="choose"), num_cycles=300)
    parallel_seed_test(lambda: parallel_env(rules, players, payments="choose"), num_cycles=30)


def test_the_payment_chosen_by_id_is_the_one_paid():
    """With payments="choose" the action space is a PaymentActionSpace's; each round plays the
    very actions the ids decode to, payments to the sellers included."""
    par = parallel_env("base", 3, payments="choose")
    assert isinstance(par.actions, wonderrules.PaymentActionSpace)
    assert par.action_space("player_0").n == par.actions.n > wonderrules.ActionSpace(par.game).n
    assert parallel_env("base", 3).actions.n == wonderrules.ActionSpace(par.game).n  # the default
    rng = random.Random(4)
    observations, _ = par.reset(seed=4)
    paid = 0
    while par.agents:
        actions = {a: rng.choice([i for i, f in enumerate(o["action_mask"]) if f]) for a, o in observations.items()}
        same = par.state.clone()
        decoded = {p: par.actions.decode(same, p, actions[f"player_{p}"]) for p in same.pending_decisions()}
        paid += sum(1 for action in decoded.values() if action.pay)
        same.apply_actions(decoded)
        observations, _, _, _, infos = par.step(actions)
        assert not any("refused" in info for info in infos.values())
        assert wonderrules.to_log(par.state) == wonderrules.to_log(same)
    assert paid > 0


def play_masked(par, seed):
    """A whole game with random legal ids; the id kinds that were chosen."""
    rng = random.Random(seed)
    observations, _ = par.reset(seed=seed)
    chosen = set()
    rewards = {}
    while par.agents:
        actions = {}
        for agent, seen in observations.items():
            legal = [i for i, flag in enumerate(seen["action_mask"]) if flag]
            actions[agent] = rng.choice(legal)
            chosen.add(par.actions.move(actions[agent])["kind"])
        observations, rewards, terminations, truncations, infos = par.step(actions)
        assert not any("refused" in info for info in infos.values())
        assert not any(truncations.values())
    assert all(terminations.values())
    return chosen, rewards


@pytest.mark.parametrize(("rules", "players"), [("cities", 4), ("two_player", 2)])
def test_random_masked_game_ends_as_its_log_replays(rules, players):
    par = parallel_env(rules, players)
    chosen, rewards = None, None
    for seed in range(1, 40):
        chosen, rewards = play_masked(par, seed)
        if rules != "cities" or "pay" in chosen:  # Cities: a game where a debt was paid in part
            break
    assert rules != "cities" or "pay" in chosen
    state = par.state
    assert state.is_terminal()
    log = wonderrules.to_log(state)
    replayed = wonderrules.replay(par.game, log)
    assert replayed.scores() == state.scores()
    assert [rewards[f"player_{p}"] for p in range(players)] == state.returns()
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_no_op_is_the_only_id_for_a_player_with_nothing_to_decide():
    par = parallel_env("two_player", 2)
    observations, _ = par.reset(seed=3)
    # the Free City: in some round one player has nothing to decide; play until one is seen
    rng = random.Random(0)
    waiting = None
    while par.agents and waiting is None:
        pending = par.state.pending_decisions()
        for p in range(2):
            if p not in pending:
                waiting = p
        if waiting is None:
            actions = {a: rng.choice([i for i, f in enumerate(o["action_mask"]) if f]) for a, o in observations.items()}
            observations, *_ = par.step(actions)
    assert waiting is not None
    mask = observations[f"player_{waiting}"]["action_mask"]
    assert mask[0] == 1 and mask.sum() == 1


def test_an_illegal_id_changes_nothing_and_says_why():
    par = parallel_env("base", 3)
    observations, _ = par.reset(seed=5)
    before = wonderrules.to_log(par.state)
    illegal = next(i for i, f in enumerate(observations["player_0"]["action_mask"]) if not f)
    legal = {a: next(i for i, f in enumerate(o["action_mask"]) if f) for a, o in observations.items()}
    after, rewards, _, _, infos = par.step({**legal, "player_0": illegal})
    assert "is not legal now" in infos["player_0"]["refused"]
    assert "refused" not in infos["player_1"]
    assert wonderrules.to_log(par.state) == before
    assert (after["player_0"]["observation"] == observations["player_0"]["observation"]).all()
    assert set(rewards.values()) == {0.0}
    # a missing action is refused the same way
    _, _, _, _, infos = par.step({"player_1": legal["player_1"], "player_2": legal["player_2"]})
    assert "no action id was given" in infos["player_0"]["refused"]


def test_same_seed_same_game_and_spaces():
    a, b = parallel_env("cities", 3), parallel_env("cities", 3)
    oa, _ = a.reset(seed=11)
    ob, _ = b.reset(seed=11)
    for agent in a.agents:
        assert (oa[agent]["observation"] == ob[agent]["observation"]).all()
        assert a.observation_space(agent)["observation"].shape == (a.observations.n,)
        assert a.action_space(agent).n == a.actions.n
        assert a.observation_space(agent).contains(oa[agent])


def test_wrong_arguments_get_a_sentence():
    with pytest.raises(wonderrules.ArgumentError, match="render_mode"):
        parallel_env("base", 3, render_mode="human")
    with pytest.raises(wonderrules.ArgumentError, match="payments is 'cheapest' or 'choose', not 'all'"):
        parallel_env("base", 3, payments="all")
    par = parallel_env("base", 3)
    with pytest.raises(wonderrules.ArgumentError, match="reset"):
        par.step({})
    par.reset(seed=1)
    with pytest.raises(wonderrules.ArgumentError, match="action id"):
        par.step({"player_0": "build"})
    with pytest.raises(wonderrules.ArgumentError, match="no agent"):
        par.step({"player_9": 0})


def test_the_example_evaluates_a_policy_against_greedy_seats():
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rl_trivial_policy.py"
    evaluate = runpy.run_path(str(example))["evaluate"]
    share = evaluate("cities", 3, 2)
    assert 0.0 <= share <= 1.0
    assert evaluate("cities", 3, 2) == share  # seeded: the same games again
