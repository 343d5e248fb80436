"""The API contract (docs/engine.rst): a refused call raises IllegalActionError (an illegal
choice, a reason per player) or ArgumentError (a wrong argument: wrong type, unknown player, a
game that is over), with a sentence, and leaves the state as it was. Game and
new_initial_state answer wrong arguments with SetupError."""

from __future__ import annotations

import json

import pytest
from api_snapshot import full_snapshot
from engine_support import game, random_game

import wonderrules as wr
from wonderrules import Action, ArgumentError, IllegalActionError, SetupError
from wonderrules.interpreter.log import replay


def _refused_with(error, call, state):
    before = full_snapshot(state)
    with pytest.raises(error) as err:
        call()
    assert full_snapshot(state) == before
    message = str(err.value)
    assert message and "Error" not in message and "Traceback" not in message
    return message


def test_the_errors_are_documented_classes_of_the_facade():
    assert {"ArgumentError", "IllegalActionError", "SetupError"} <= set(wr.__all__)
    assert issubclass(ArgumentError, ValueError) and not issubclass(ArgumentError, IllegalActionError)


# ---- a game that is over ---------------------------------------------------------------------

def test_apply_actions_after_the_end_is_refused_and_the_log_still_replays():
    st = random_game(3, 4)
    assert st.is_terminal()
    message = _refused_with(ArgumentError, lambda: st.apply_actions({}), st)
    assert "over" in message
    _refused_with(ArgumentError, lambda: st.apply_actions({0: Action("sell", "Altar")}), st)
    log = json.loads(json.dumps(wr.to_log(st)))
    assert replay(game(3, "random"), log).is_terminal()


def test_after_the_end_players_have_nothing_to_choose_and_explain_says_why():
    st = random_game(3, 4)
    assert st.legal_actions(0) == []
    assert st.explain(0, Action("sell", "Altar")) == "the game is over"


# ---- players ---------------------------------------------------------------------------------

@pytest.mark.parametrize("player", [-1, 3, 7, True, False, "0", 0.0, None, (0,)])
def test_anything_but_a_player_number_is_refused_by_every_call(player):
    st = game(3).new_initial_state(0)
    card = st.hands[0][0].name
    for call in (lambda: wr.observation(st, player), lambda: st.legal_actions(player),
                 lambda: st.explain(player, Action("sell", card)),
                 lambda: st.apply_actions({player: Action("sell", card)})):
        message = _refused_with(ArgumentError, call, st)
        assert "player" in message


def test_observation_of_a_negative_player_shows_no_hand():
    """`observation(state, -1)` once showed the last player's hand (Python's negative index)."""
    st = game(3).new_initial_state(0)
    with pytest.raises(ArgumentError, match="no player -1"):
        wr.observation(st, -1)


def test_a_player_with_nothing_to_decide_gets_no_actions():
    st = game(3).new_initial_state(0)
    acts = {p: Action("sell", st.hands[p][0].name) for p in range(3)}
    st.apply_actions(acts)
    assert st.pending_decisions()  # the next turn
    done = random_game(3, 4)
    assert [done.legal_actions(p) for p in range(3)] == [[], [], []]


def test_observation_needs_a_state():
    with pytest.raises(ArgumentError, match="game state"):
        wr.observation({"cities": []}, 0)


# ---- actions ---------------------------------------------------------------------------------

def _wrong_actions(card):
    return [
        {"kind": "sell", "card": card},
        ("sell", card, 0, 0, "", 0),
        "sell " + card,
        None,
        Action("sell", card, "0"),
        Action("sell", card, 0, 1.0),
        Action("build", card, True),
        Action("sell", 5),
        Action(7, card),
        Action("sell", card, means=None),
        Action("sell", card, coins="0"),
    ]


def test_an_action_must_be_an_action_with_fields_of_the_right_types():
    st = game(3).new_initial_state(0)
    card = st.hands[0][0].name
    others = {p: Action("sell", st.hands[p][0].name) for p in (1, 2)}
    for wrong in _wrong_actions(card):
        message = _refused_with(ArgumentError, lambda w=wrong: st.apply_actions({0: w, **others}), st)
        assert "action" in message.lower() or "Action" in message
        _refused_with(ArgumentError, lambda w=wrong: st.explain(0, w), st)


def test_apply_actions_needs_a_mapping_of_players_to_actions():
    st = game(3).new_initial_state(0)
    acts = [Action("sell", st.hands[p][0].name) for p in range(3)]
    for wrong in (acts, tuple(acts), None, "sell", 3):
        message = _refused_with(ArgumentError, lambda w=wrong: st.apply_actions(w), st)
        assert "mapping" in message or "dict" in message


def test_an_unknown_kind_is_an_illegal_choice_not_a_wrong_argument():
    st = game(3).new_initial_state(0)
    acts = {p: Action("sell", st.hands[p][0].name) for p in range(3)}
    acts[0] = Action("fly", st.hands[0][0].name)
    _refused_with(IllegalActionError, lambda: st.apply_actions(acts), st)


# ---- Game and new_initial_state -----------------------------------------------------------------

@pytest.mark.parametrize("kwargs,message", [
    ({"players": "4"}, "players is the number of players, a whole number, not '4'"),
    ({"players": 4.0}, "a whole number, not 4.0"),
    ({"players": True}, "a whole number, not True"),
    ({"players": None}, "a whole number, not None"),
    ({"players": 4, "options": "teams"}, "not the text 'teams': write \\['teams'\\]"),
    ({"players": 4, "options": [1]}, "an option is named by a text, not 1"),
    ({"players": 4, "options": None}, "options is a list of option names, not None"),
    ({"players": 4, "sides": 1}, "sides is 'random', 'A' or 'B', not 1"),
    ({"players": 4, "sides": ["A"]}, "sides is 'random', 'A' or 'B', not \\['A'\\]"),
])
def test_game_refuses_wrong_arguments_with_a_setup_error(kwargs, message):
    rules = game(3).rules
    with pytest.raises(SetupError, match=message) as err:
        wr.Game(rules, **kwargs)
    assert "Error" not in str(err.value)


def test_game_needs_a_rule_set():
    with pytest.raises(SetupError, match="rule set"):
        wr.Game("base", 3)


@pytest.mark.parametrize("kwargs,message", [
    ({"seed": "x"}, "the seed is a whole number, not 'x'"),
    ({"seed": 1.5}, "the seed is a whole number, not 1.5"),
    ({"seed": None}, "the seed is a whole number, not None"),
    ({"seed": True}, "the seed is a whole number, not True"),
    ({"seed": 0, "boards": "Giza"}, "boards is a list of \\(wonder, side\\) pairs"),
    ({"seed": 0, "boards": 3}, "boards is a list of \\(wonder, side\\) pairs"),
    ({"seed": 0, "boards": [("Giza",), None, None]}, "the board of seat 0 is a \\(wonder, side\\) pair"),
    ({"seed": 0, "boards": [None, ("Giza", "A", "x"), None]}, "the board of seat 1 is a"),
    ({"seed": 0, "boards": [(1, "A"), None, None]}, "the board of seat 0 is a"),
    ({"seed": 0, "boards": [("Giza", None), None, None]}, "the board of seat 0 is a"),
    ({"seed": 0, "hands": [["Altar"] * 7] * 3}, "hands maps an age to its hands"),
    ({"seed": 0, "hands": {"one": [["Altar"] * 7] * 3}}, "hands are given by age, a whole number, not 'one'"),
    ({"seed": 0, "hands": {1.5: [["Altar"] * 7] * 3}}, "hands are given by age, a whole number, not 1.5"),
    ({"seed": 0, "hands": {1: "Altar"}}, "age 1: hands is a list of hands"),
    ({"seed": 0, "hands": {1: [["Altar"] * 6 + [7]] * 3}}, "age 1: hand 0 names a card by its text, not 7"),
    ({"seed": 0, "hands": {1: [None] * 3}}, "age 1: hand 0 is a list of card names, not None"),
    ({"seed": 0, "hands": {1: ["Altar" * 7] * 3}}, "age 1: hand 0 is a list of card names"),
])
def test_new_initial_state_refuses_wrong_arguments_with_a_setup_error(kwargs, message):
    with pytest.raises(SetupError, match=message) as err:
        game(3).new_initial_state(**kwargs)
    assert "Error" not in str(err.value)


def test_a_list_of_lists_is_a_board_choice_too():
    """JSON gives lists, not tuples: ["Giza", "A"] is a (name, side) pair."""
    st = game(3).new_initial_state(0, boards=[["Giza", "A"], None, None])
    assert st.cities[0].board.name == "Giza"


def test_scores_before_the_end_are_a_wrong_call():
    st = game(3).new_initial_state(0)
    with pytest.raises(ArgumentError, match="not over"):
        st.scores()


# ---- the snapshots the contract is checked with ----------------------------------------------------

def _changes():
    def board(st):
        st.cities[2].board = st.cities[3].board

    return {
        "coins": lambda st: setattr(st.cities[1], "coins", st.cities[1].coins + 1),
        "a price": lambda st: st.cities[2].prices[0].__setitem__(3, 99),
        "a built card": lambda st: st.cities[0].built.append(st.cities[1].built[0]),
        "a name": lambda st: st.cities[3].names.add("Nothing"),
        "a token value": lambda st: st.cities[0].token_values.__setitem__(0, 99),
        "a free build": lambda st: st.cities[0].free_builds.append([(), False]),
        "a board": board,
        "the order of a hand": lambda st: st.hands[1].reverse(),
        "the random generator": lambda st: st.rng.random(),
        "the work queue": lambda st: st._work.append(("_end_game",)),
        "the history": lambda st: st.history.append({"type": "note"}),
        "the discard pile": lambda st: st.discard.append(st.hands[0][0]),
        "a pending decision": lambda st: st.pending.popitem(),
        "the turn": lambda st: setattr(st, "turn", st.turn + 1),
    }


@pytest.mark.parametrize("name", list(_changes()))
def test_both_snapshots_see_a_change_anywhere_in_the_state(name):
    from api_snapshot import fingerprint

    st = random_game(4, 2, upto=9)
    assert st.cities[1].built and not st.is_terminal()
    full, quick = full_snapshot(st), fingerprint(st)
    _changes()[name](st)
    assert fingerprint(st) != quick
    assert full_snapshot(st) != full


def test_numbers_and_texts_of_subclasses_stand_for_themselves():
    """An IntEnum player, an Action subclass and fields of int and str subclasses are what they
    stand for: the round is applied as if plain values had been given."""
    import enum

    class Seat(enum.IntEnum):
        FIRST = 0

    class Name(str):
        pass

    class MyAction(Action):
        pass

    st = game(3).new_initial_state(0)
    first = st.hands[0][0].name
    acts = {p: Action("sell", st.hands[p][0].name) for p in (1, 2)}
    acts[Seat.FIRST] = MyAction("sell", Name(first), Seat.FIRST, Seat.FIRST)
    st.apply_actions(acts)
    assert st.turn == 2 and st.cities[0].coins == 3 + 3
    recorded = st.history[-1]["actions"]["0"]
    assert recorded == {"kind": "sell", "card": first} and type(recorded["card"]) is str
