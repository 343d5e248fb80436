"""The public API: reasons for illegal actions, an untouched state after a refused round,
observations that hide other hands, clone(), logs and replays."""

from __future__ import annotations

import json

import pytest
from engine_support import (
    FILLER,
    Script,
    build,
    find_action,
    game,
    place_stages,
    random_game,
    sell,
    snapshot,
    stage,
)

import wonderrules as wr
from wonderrules import Action, ArgumentError, IllegalActionError
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.log import ReplayError, check_scores

GIZA, OLYMPIA, RHODES = ("Giza", "A"), ("Olympia", "A"), ("Rhodes", "A")


def _refused(state, actions: dict) -> dict[int, str]:
    """Apply a round that must be refused; check the state is untouched; return the reasons."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_actions(actions)
    assert snapshot(state) == before
    assert str(err.value)  # a readable message
    return err.value.reasons


def _sells(state, **override):
    acts = {p: Action("sell", state.hands[p][0].name) for p in state.pending_decisions()}
    acts.update({int(k[1:]): v for k, v in override.items()})
    return acts


@pytest.fixture
def table():
    """Giza between Olympia (left) and Rhodes (right); Giza has built a Lumber Yard."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Lumber Yard"), sell("Lumber Yard")] + [None] * 4,
                    1: [None, sell("Apothecary")]}},
               leftovers={1: {2: "Tavern"}})
    s.turn()
    return s


def test_reason_for_a_card_not_in_hand(table):
    st = table.state
    reasons = _refused(st, _sells(st, p0=Action("build", "Palace")))
    assert set(reasons) == {0} and "not in the hand" in reasons[0]


def test_reason_for_a_card_already_built(table):
    st = table.state
    reasons = _refused(st, _sells(st, p0=Action("build", "Lumber Yard")))
    assert "already has a 'Lumber Yard'" in reasons[0]


def test_reason_for_missing_resources(table):
    st = table.state
    reasons = _refused(st, _sells(st, p1=Action("build", "Apothecary", 2, 0)))
    assert "loom" in reasons[1]


def test_reason_for_missing_coins():
    """Three 1-coin cards leave Giza with no coin: a Clay Pit (1 coin) is refused."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Timber Yard"), build("Excavation"), build("Tree Farm"), sell("Clay Pit")]}})
    s.turns(3)
    st = s.state
    assert st.cities[0].coins == 0
    reasons = _refused(st, _sells(st, p0=Action("build", "Clay Pit")))
    assert "1 coin" in reasons[0] and "0" in reasons[0]


def test_reason_for_a_stage_beyond_the_last():
    """Rhodes B has two stages; a third is refused."""
    st = game(3).new_initial_state(0, boards=[("Rhodes", "B"), OLYMPIA, GIZA])
    place_stages(st, 0, 2)
    reasons = _refused(st, _sells(st, p0=Action("stage", st.hands[0][0].name)))
    assert "already built" in reasons[0]


def test_reason_for_a_wrong_decision_kind():
    """A pick during a play decision, and a build during a discard pick, are refused."""
    s = Script(3, [("Halicarnassus", "B"), RHODES, GIZA],
               {1: {0: [build("Ore Vein"), stage("Altar", 2, 0)], 1: [None, sell("Tavern")]}})
    st = s.state
    reasons = _refused(st, _sells(st, p0=Action("pick", "Tavern")))
    assert "choose 'build', 'stage' or 'sell'" in reasons[0]
    s.turns(2)
    assert st.pending_decisions()[0].kind == "pick"
    reasons = _refused(st, {0: Action("build", "Tavern")})
    assert "choose 'pick'" in reasons[0]
    reasons = _refused(st, {0: Action("pick", "Palace")})
    assert "not in the discard pile" in reasons[0]
    reasons = _refused(st, {0: Action("pick", "Tavern"), 1: Action("sell", "Tavern")})
    assert set(reasons) == {1} and "player 1 has no decision to make now (waiting for: 0)" in reasons[1]


def test_reason_for_a_missing_player_and_for_a_player_not_asked(table):
    st = table.state
    acts = _sells(st)
    del acts[2]
    reasons = _refused(st, acts)
    assert "must choose" in reasons[2]
    before = snapshot(st)
    with pytest.raises(ArgumentError, match="there is no player 5: the players are 0 to 2"):
        st.apply_actions({**_sells(st), 5: Action("sell", FILLER[1])})
    assert snapshot(st) == before


def test_reasons_for_bad_payments_and_means(table):
    st = table.state
    assert "negative" in st.explain(0, Action("build", "Pawnshop", -2, 2))
    assert "unknown way" in st.explain(0, Action("build", "Pawnshop", means="magic"))
    assert "chain" in st.explain(0, Action("build", "Pawnshop", means="chain"))
    assert "free build" in st.explain(0, Action("build", "Pawnshop", means="free"))
    assert "means" in st.explain(0, Action("stage", "Pawnshop", means="chain"))


def test_every_player_refused_gets_a_reason_and_nothing_happens(table):
    """All reasons are reported together and none of the legal choices is applied."""
    st = table.state
    reasons = _refused(st, _sells(st, p0=Action("build", "Lumber Yard"), p2=Action("build", "Nothing")))
    assert set(reasons) == {0, 2}


def test_the_game_over_refuses_everything():
    st = random_game(3, 4)
    assert st.is_terminal() and st.pending_decisions() == {}
    assert st.explain(0, Action("sell", "Altar")) == "the game is over"
    assert st.legal_actions(0) == []


def test_observation_never_shows_another_players_hand():
    """Only the player's own hand is shown: a Tavern dealt only to player 1 appears nowhere in the
    observations of players 0 and 2, only its size does."""
    s = Script(3, [GIZA, OLYMPIA, RHODES], {1: {1: [sell("Tavern")]}})
    st = s.state
    for p in (0, 2):
        obs = wr.observation(st, p)
        assert "Tavern" not in json.dumps(obs)
        assert obs["hand_sizes"]["1"] == 7
        assert obs["hand"] == [c.name for c in st.hands[p]]
    assert "Tavern" in wr.observation(st, 1)["hand"]


@pytest.mark.parametrize("players", [3, 7])
def test_observations_in_random_games_hold_only_the_own_hand(players):
    """Over a whole random game: every list of card names in an observation is the own hand or a
    public city; no other hand ever appears."""
    g = game(players, "random")
    st = g.new_initial_state(11)
    agents = [make_agent("random", p) for p in range(players)]
    while not st.is_terminal():
        for p in range(players):
            obs = wr.observation(st, p)
            assert obs["hand"] == [c.name for c in st.hands[p]]
            assert set(obs) <= {"player", "age", "turn", "phase", "terminal", "cities", "hand", "hand_sizes",
                                "discard_size", "controls", "decision", "discard_choices", "scores", "winners"}
            assert obs["hand_sizes"] == {str(q): len(st.hands[q]) for q in range(players)}
        st.apply_actions({p: agents[p].choose(st, p) for p in st.pending_decisions()})


def test_clone_is_independent_of_the_original():
    """A clone plays on without touching the original, and the original without the clone."""
    st = random_game(4, 3, upto=8)
    assert not st.is_terminal()
    before = snapshot(st)
    twin = st.clone()
    assert snapshot(twin) == before
    twin.apply_actions({p: twin.legal_actions(p)[-1] for p in twin.pending_decisions()})
    assert snapshot(st) == before
    st.apply_actions({p: st.legal_actions(p)[0] for p in st.pending_decisions()})
    assert snapshot(twin) != snapshot(st)


@pytest.mark.parametrize("players,seed", [(3, 1), (5, 2), (7, 3)])
def test_log_replays_to_the_same_state_and_scores(players, seed):
    """to_log then replay (through JSON text) gives equal observations for every player, the same
    discard pile and history, and the recorded scores."""
    st = random_game(players, seed)
    log = json.loads(json.dumps(wr.to_log(st)))
    again = wr.replay(game(players, "random"), log)
    assert again.is_terminal()
    assert snapshot(again) == snapshot(st)
    assert [s.to_json() for s in again.scores()] == [s.to_json() for s in st.scores()]
    assert check_scores(again, log) == []
    assert again.winners() == st.winners()


def test_a_partial_log_replays_to_the_same_position():
    st = random_game(5, 8, upto=30)
    again = wr.replay(game(5, "random"), json.loads(json.dumps(wr.to_log(st))))
    assert snapshot(again) == snapshot(st)
    assert again.pending_decisions() == st.pending_decisions()


def test_an_edited_log_fails_with_a_clear_message():
    """A log whose round 4 now builds a card the player does not hold: ReplayError naming the
    round, the player and the reason."""
    st = random_game(3, 6)
    log = json.loads(json.dumps(wr.to_log(st)))
    log["rounds"][4]["1"] = {"kind": "build", "card": "Palace", "left": 0, "right": 0}
    with pytest.raises(ReplayError) as err:
        wr.replay(game(3, "random"), log)
    message = str(err.value)
    assert err.value.round_index == 4
    assert message.startswith("round 4: illegal action") and "player 1" in message and "Palace" in message


def test_a_log_with_changed_scores_is_reported():
    st = random_game(3, 6)
    log = json.loads(json.dumps(wr.to_log(st)))
    log["scores"][2]["total"] += 1
    again = wr.replay(game(3, "random"), log)
    problems = check_scores(again, log)
    assert problems and "seat 2" in problems[0] and "total" in problems[0]


def test_a_log_missing_a_players_action_fails():
    st = random_game(3, 6)
    log = json.loads(json.dumps(wr.to_log(st)))
    del log["rounds"][0]["2"]
    with pytest.raises(ReplayError, match="round 0: the log has actions for players"):
        wr.replay(game(3, "random"), log)


def test_find_action_helper_refuses_what_the_engine_refuses(table):
    """(The scenario helper itself must not hide refusals.)"""
    with pytest.raises(AssertionError):
        find_action(table.state, 0, build("Lumber Yard"))


def test_a_sale_that_pays_neighbours_is_refused():
    """Selling takes 3 coins from the bank and pays nobody: a sale with a payment or a means is
    not one of the legal actions and should be refused with a reason."""
    st = game(3).new_initial_state(0)
    card = st.hands[0][0].name
    assert Action("sell", card) in st.legal_actions(0)
    assert st.explain(0, Action("sell", card, 5, 0)) is not None
    assert st.explain(0, Action("sell", card, means="chain")) is not None


def test_every_legal_action_is_accepted_by_explain():
    """The two views agree in one direction: nothing listed as legal is refused."""
    st = random_game(5, 12, upto=40)
    for p in st.pending_decisions():
        for a in st.legal_actions(p):
            assert st.explain(p, a) is None, a


@pytest.mark.parametrize("players", [2, 8])
def test_player_counts_outside_the_base_game_are_refused(players):
    """"Players: 3-7.\""""
    with pytest.raises(ValueError, match=f"3 to 7 players, not {players}"):
        wr.Game(game(3).rules, players=players)


@pytest.mark.parametrize("kwargs,message", [
    ({"boards": [GIZA, ("Giza", "B"), None]}, "same wonder"),
    ({"boards": [("Atlantis", "A"), None, None]}, "no wonder 'Atlantis'"),
    ({"boards": [None, None]}, "2 boards given for 3 seats"),
    ({"hands": {1: [["Altar"] * 7] * 2}}, "2 hands given, 3 needed"),
    ({"hands": {1: [["Altar"] * 6] * 3}}, "has 6 cards, not 7"),
    ({"hands": {1: [["Statue"] * 7] * 3}}, "'Statue' is not a card of age 1"),
    ({"hands": {4: [["Altar"] * 7] * 3}}, "no age 4"),
])
def test_scenario_setup_errors_are_explained(kwargs, message):
    with pytest.raises(wr.SetupError, match=message):
        game(3).new_initial_state(0, **kwargs)


def test_scores_exist_only_at_the_end():
    st = game(3).new_initial_state(0)
    with pytest.raises(ValueError, match="not over"):
        st.scores()
    assert st.winners() == [] and st.returns() == [0.0, 0.0, 0.0]


def test_a_log_for_another_table_or_format_is_refused():
    log = json.loads(json.dumps(wr.to_log(random_game(3, 6))))
    with pytest.raises(ReplayError, match="the log is for 3 players, the game for 4"):
        wr.replay(game(4, "random"), log)
    with pytest.raises(ReplayError, match="not a game log"):
        wr.replay(game(3, "random"), {**log, "format": "something else"})
    with pytest.raises(ReplayError, match="game is over but the log goes on"):
        wr.replay(game(3, "random"), {**log, "rounds": log["rounds"] + [log["rounds"][-1]]})
