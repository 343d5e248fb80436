"""The OpenSpiel game of wonderrules.embedding.openspiel passes OpenSpiel's own random-simulation test on the
bundled rule sets, and a game played through OpenSpiel's API is the engine's game of the same seed."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel",
                              reason="the OpenSpiel game needs the extra 'openspiel' (pip install '.[openspiel]')")

import wonderrules  # noqa: E402
from wonderrules import IllegalActionError  # noqa: E402
from wonderrules.embedding.openspiel import DEFAULT_DEALS, GAME_NAME, MAX_ROUNDS  # noqa: E402

TABLES = [("base", 3), ("cities", 4), ("two_player", 2), ("leaders", 3), ("cities+leaders", 4)]


def test_the_game_loads_by_name_with_its_parameters():
    game = pyspiel.load_game(f"{GAME_NAME}(rules=cities,players=4,sides=A)")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.num_players() == 4
    assert game.utility_sum() == 1.0
    engine_game = wonderrules.Game(wonderrules.load_rules("cities"), 4, sides="A")
    assert game.num_distinct_actions() == wonderrules.ActionSpace(engine_game).n
    assert game.observation_tensor_size() == wonderrules.ObservationSpace(engine_game).n
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == DEFAULT_DEALS == game.max_chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[r for r, _ in TABLES])
def test_openspiel_random_simulation_test(rules, players):
    game = pyspiel.load_game(GAME_NAME, {"rules": rules, "players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("rules", "players"), [("cities", 4), ("two_player", 2)])
def test_a_game_through_openspiel_is_the_engine_game_of_its_seed(rules, players):
    seed = 1234
    game = pyspiel.load_game(GAME_NAME, {"rules": rules, "players": players, "sides": "A"})
    engine_game = wonderrules.Game(wonderrules.load_rules(*rules.split("+")), players, sides="A")
    space = wonderrules.ActionSpace(engine_game)
    seen = wonderrules.ObservationSpace(engine_game)
    engine = engine_game.new_initial_state(seed=seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = random.Random(seed)
    waited = False
    while not state.is_terminal():
        assert state.is_simultaneous_node()
        ids = []
        for p in range(players):
            legal = state.legal_actions(p)
            assert legal == space.legal_ids(engine, p)
            if p not in engine.pending_decisions():
                assert legal == [0]
                waited = True
            ids.append(rng.choice(legal))
        engine.apply_actions({p: space.decode(engine, p, ids[p]) for p in engine.pending_decisions()})
        state.apply_actions(ids)
        assert state.observation_tensor(0) == [float(x) for x in seen.encode(engine, 0)]
    assert engine.is_terminal()
    assert state.returns() == engine.returns()
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.engine_state.scores() == engine.scores()
    assert state.history()[0] == seed
    assert waited or rules != "two_player"  # the Free City's round leaves a player waiting


def test_an_illegal_id_is_refused_and_changes_nothing():
    game = pyspiel.load_game(GAME_NAME, {"rules": "base", "players": 3})
    state = game.new_initial_state()
    state.apply_action(7)
    before = str(state)
    legal = state.legal_actions(0)
    wrong = next(i for i in range(1, game.num_distinct_actions()) if i not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_actions([wrong, state.legal_actions(1)[0], state.legal_actions(2)[0]])
    assert str(state) == before
    assert state.history() == [7]


def test_a_clone_goes_on_alone():
    game = pyspiel.load_game(GAME_NAME, {"rules": "base", "players": 3})
    state = game.new_initial_state()
    state.apply_action(3)
    copy = state.clone()
    copy.apply_actions([copy.legal_actions(p)[0] for p in range(3)])
    assert state.history() == [3]
    assert state.engine_state.history != copy.engine_state.history
    assert copy.engine_state.seed == 3


def _dealt(rules="base", players=3, seed=7, rounds=2):
    """An OpenSpiel state dealt from `seed`, `rounds` rounds played by the lowest legal ids."""
    game = pyspiel.load_game(GAME_NAME, {"rules": rules, "players": players})
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(rounds):
        state.apply_actions([state.legal_actions(p)[0] for p in range(players)])
    return game, state


def test_the_information_state_recalls_every_view_and_the_players_own_ids():
    game, state = _dealt(rounds=2)
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    n = game.observation_tensor_size()
    assert game.information_state_tensor_size() == n + MAX_ROUNDS
    for p in range(3):
        mine = [step.action for step in state.full_history() if step.player == p]
        assert len(mine) == 2
        tensor = state.information_state_tensor(p)
        assert tensor[:n] == state.observation_tensor(p)
        assert tensor[n:n + 2] == [float(i) for i in mine]
        assert set(tensor[n + 2:]) == {-1.0}
        read = json.loads(state.information_state_string(p))
        assert read["chosen"] == mine
        # perfect recall: the view at the deal, after round 1 and now, each as it was then
        _, then = _dealt(rounds=0)
        _, after_one = _dealt(rounds=1)
        assert read["seen"] == [json.loads(s.observation_string(p)) for s in (then, after_one, state)]
    # before the deal: nothing seen, nothing chosen
    fresh = game.new_initial_state()
    assert json.loads(fresh.information_state_string(0)) == {"seen": [], "chosen": []}


def test_the_information_state_string_recalls_the_hands_a_player_passed_on():
    """After a round, player 0's hand is another (hands pass); the string still holds the cards
    they were dealt, and the same string comes from a state whose earlier views were never asked
    (found again by replaying) as from one asked at every round."""
    game, asked_each_round = _dealt(rounds=0)
    dealt = json.loads(asked_each_round.observation_string(0))
    asked_each_round.information_state_string(0)
    asked_each_round.apply_actions([asked_each_round.legal_actions(p)[0] for p in range(3)])
    _, never_asked = _dealt(rounds=1)
    recalled = json.loads(never_asked.information_state_string(0))
    assert never_asked.information_state_string(0) == asked_each_round.information_state_string(0)
    hand_then = recalled["seen"][0]["cities"][0]["zones"]["hand"]["cards"]
    hand_now = recalled["seen"][1]["cities"][0]["zones"]["hand"]["cards"]
    assert hand_then == dealt["cities"][0]["zones"]["hand"]["cards"] and len(hand_then) == 7
    assert len(hand_now) == 6 and set(hand_now) - set(hand_then)  # the right neighbour's hand came


def test_an_opponents_hand_does_not_change_a_players_information_state():
    """Two states that differ only in the hands of players 1 and 2 (swapped) give player 0 the
    same information state, and players 1 and 2 different ones."""
    _, state = _dealt(rounds=1)
    other = state.clone()
    hand = other.engine_state.catalog.zone_index["hand"]
    one, two = (other.engine_state.cities[s].zones[hand] for s in (1, 2))
    assert sorted(c.name for c in one) != sorted(c.name for c in two)
    one[:], two[:] = list(two), list(one)
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.information_state_tensor(0) == other.information_state_tensor(0)
    for p in (1, 2):
        assert state.information_state_string(p) != other.information_state_string(p)
        assert state.information_state_tensor(p) != other.information_state_tensor(p)


def test_a_players_own_choice_changes_their_information_state():
    """Two rounds alike but for player 0's card: player 0's record of ids tells them apart."""
    game, state = _dealt(rounds=0)
    ids = [state.legal_actions(p)[0] for p in range(3)]
    first, second = state.clone(), state.clone()
    first.apply_actions(ids)
    second.apply_actions([state.legal_actions(0)[1], *ids[1:]])
    n = game.observation_tensor_size()
    assert first.information_state_tensor(0)[n] != second.information_state_tensor(0)[n]
    assert first.information_state_tensor(1)[n] == second.information_state_tensor(1)[n] == ids[1]
