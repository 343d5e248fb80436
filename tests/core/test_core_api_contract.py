"""The API contract of a game on the core (docs/engine.rst): a refused call raises
IllegalActionError (an illegal choice, a reason per player) or ArgumentError (a wrong argument:
wrong type, unknown player, a game that is over), with a sentence, and leaves the state as it
was. Game and new_initial_state answer wrong arguments with SetupError."""

from __future__ import annotations

import enum
import json

import core_support as cs
import pytest
from core_snapshot import fingerprint, full_snapshot

from wonderrules.interpreter.actions import Action, IllegalActionError
from wonderrules.interpreter.errors import ArgumentError, SetupError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.grants import CityGrant
from wonderrules.interpreter.log import replay, to_log
from wonderrules.interpreter.observe import observation
from wonderrules.interpreter.work import NEXT


def refused_with(error, call, state) -> str:
    before = full_snapshot(state)
    with pytest.raises(error) as err:
        call()
    assert full_snapshot(state) == before
    message = str(err.value)
    assert message and "Error" not in message and "Traceback" not in message
    return message


def base(players: int = 3) -> Game:
    return cs.game(("base",), players)


def sells(state) -> dict[int, Action]:
    return {p: Action("sell", cs.hand(state, p)[0]) for p in state.pending_decisions()}


def test_argument_errors_are_not_illegal_choices():
    assert issubclass(ArgumentError, ValueError) and not issubclass(ArgumentError, IllegalActionError)
    assert issubclass(SetupError, ValueError) and issubclass(IllegalActionError, ValueError)


def test_the_errors_are_documented_classes_of_the_facade():
    import wonderrules

    assert {"ArgumentError", "IllegalActionError", "SetupError"} <= set(wonderrules.__all__)
    assert (wonderrules.ArgumentError, wonderrules.IllegalActionError, wonderrules.SetupError) == \
        (ArgumentError, IllegalActionError, SetupError)


# ---- a game that is over ---------------------------------------------------------------------

def test_apply_actions_after_the_end_is_refused_and_the_log_still_replays():
    st = cs.random_game(("base",), 3, seed=4)
    assert st.is_terminal()
    message = refused_with(ArgumentError, lambda: st.apply_actions({}), st)
    assert message == "the game is over: there is nothing left to decide"
    refused_with(ArgumentError, lambda: st.apply_actions({0: Action("sell", "Altar")}), st)
    log = json.loads(json.dumps(to_log(st)))
    assert replay(base(), log).is_terminal()


def test_after_the_end_players_have_nothing_to_choose_and_explain_says_why():
    st = cs.random_game(("base",), 3, seed=4)
    assert [st.legal_actions(p) for p in range(3)] == [[], [], []]
    assert st.pending_decisions() == {}
    assert st.explain(0, Action("sell", "Altar")) == "the game is over"


# ---- players ---------------------------------------------------------------------------------

@pytest.mark.parametrize("player", [-1, 3, 7, True, False, "0", 0.0, None, (0,)])
def test_anything_but_a_player_number_is_refused_by_every_call(player):
    st = base().new_initial_state(0)
    card = cs.hand(st, 0)[0]
    for call in (lambda: observation(st, player), lambda: st.legal_actions(player),
                 lambda: st.explain(player, Action("sell", card)),
                 lambda: st.apply_actions({player: Action("sell", card)})):
        message = refused_with(ArgumentError, call, st)
        assert "player" in message


def test_observation_of_a_negative_player_shows_no_hand():
    """A negative player is not a Python index from the end: no hand of the last player."""
    st = base().new_initial_state(0)
    assert refused_with(ArgumentError, lambda: observation(st, -1), st) == \
        "there is no player -1: the players are 0 to 2"


def test_a_neutral_seat_is_not_a_player():
    st = cs.game(("base", "two_player"), 2).new_initial_state(0)
    for call in (lambda: observation(st, 2), lambda: st.legal_actions(2), lambda: st.explain(2, Action("sell"))):
        assert refused_with(ArgumentError, call, st) == "there is no player 2: the players are 0 to 1"


def test_a_player_with_nothing_to_decide_gets_no_actions_and_explain_says_who_decides():
    st = cs.game(("base", "two_player"), 2).new_initial_state(3)
    st.apply_actions({p: st.legal_actions(p)[0] for p in st.pending_decisions()})
    pending = st.pending_decisions()
    assert len(pending) == 1  # the Free City's round: its controller alone decides
    (decider,) = pending
    idle = 1 - decider
    assert st.legal_actions(idle) == []
    assert st.explain(idle, Action("sell", "Altar")) == \
        f"player {idle} has no decision to make now (waiting for: {decider})"
    message = refused_with(IllegalActionError, lambda: st.apply_actions(
        {decider: st.legal_actions(decider)[0], idle: Action("sell", "Altar")}), st)
    assert message == f"player {idle}: player {idle} has no decision to make now (waiting for: {decider})"


# ---- actions ---------------------------------------------------------------------------------

def wrong_actions(card: str) -> list:
    return [
        {"kind": "sell", "card": card},
        ("sell", card, (), "", 0),
        "sell " + card,
        None,
        Action("sell", card, "0"),
        Action("sell", card, [(1, 2)]),
        Action("sell", card, {1: 2}),
        Action("sell", card, ((1, 1.0),)),
        Action("build", card, ((True, 1),)),
        Action("build", card, ((1,),)),
        Action("build", card, (1, 2)),
        Action("sell", 5),
        Action(7, card),
        Action("sell", card, way=None),
        Action("sell", card, amount="0"),
        Action("sell", card, amount=False),
        tuple.__new__(Action, ("sell", card)),
    ]


def test_an_action_must_be_an_action_with_fields_of_the_right_types():
    st = base().new_initial_state(0)
    card = cs.hand(st, 0)[0]
    others = {p: Action("sell", cs.hand(st, p)[0]) for p in (1, 2)}
    for wrong in wrong_actions(card):
        message = refused_with(ArgumentError, lambda w=wrong: st.apply_actions({0: w, **others}), st)
        assert message.startswith("player 0: ") and ("action" in message.lower())
        refused_with(ArgumentError, lambda w=wrong: st.explain(0, w), st)


@pytest.mark.parametrize("wrong,message", [
    ({"kind": "sell"}, "an action is an Action(kind, card, pay, way, amount), not {'kind': 'sell'} (a dict)"),
    (Action("sell", "Altar", [(1, 2)]), "the 'pay' of an Action is a tuple of (seat, coins) pairs, not [(1, 2)] "
                                        "(a list)"),
    (Action("sell", "Altar", ((1, 1.0),)), "the 'pay' of an Action holds (seat, coins) pairs of whole numbers, "
                                           "not (1, 1.0) (a tuple)"),
    (Action("sell", 5), "the 'card' of an Action is a text, not 5 (a int)"),
    (Action("sell", "Altar", amount=True), "the 'amount' of an Action is a whole number, not True (a bool)"),
    (tuple.__new__(Action, ("sell", "Altar")), "an Action has 5 fields (Action(kind, card, pay, way, amount)), "
                                               "this one 2"),
])
def test_a_wrongly_typed_action_is_named_with_its_field(wrong, message):
    st = base().new_initial_state(0)
    assert refused_with(ArgumentError, lambda: st.explain(0, wrong), st) == message


def test_apply_actions_needs_a_mapping_of_players_to_actions():
    st = base().new_initial_state(0)
    acts = list(sells(st).values())
    for wrong in (acts, tuple(acts), None, "sell", 3):
        message = refused_with(ArgumentError, lambda w=wrong: st.apply_actions(w), st)
        assert message.startswith("apply_actions takes a mapping (a dict) of player -> Action, not ")


def test_an_unknown_kind_is_an_illegal_choice_not_a_wrong_argument():
    st = base().new_initial_state(0)
    acts = sells(st)
    acts[0] = Action("fly", cs.hand(st, 0)[0])
    message = refused_with(IllegalActionError, lambda: st.apply_actions(acts), st)
    assert message == "player 0: the pending decision is 'play': choose 'build', 'stage', 'sell', not 'fly'"


@pytest.mark.parametrize(("field", "text"), [("kind", "sell\nplayer 1: forged"), ("card", "Altar\x1b[2J"),
                                             ("way", "free\u202e")])
def test_the_text_of_an_illegal_action_is_shown_escaped(field, text):
    # a reason is one line: a line break or an escape in the text given was written as it is
    st = base().new_initial_state(0)
    acts = sells(st)
    acts[0] = acts[0]._replace(**{field: text})
    message = refused_with(IllegalActionError, lambda: st.apply_actions(acts), st)
    assert message.isprintable() and text.encode("unicode_escape").decode().replace("\\n", "\\x0a") in message
    assert st.explain(0, acts[0]).isprintable()


def test_a_pending_player_left_out_is_an_illegal_choice():
    st = base().new_initial_state(0)
    acts = sells(st)
    del acts[1]
    with pytest.raises(IllegalActionError) as err:
        st.apply_actions(acts)
    assert err.value.reasons == {1: "player 1 must choose (play)"}


def test_every_refused_player_gets_a_reason():
    st = base().new_initial_state(0)
    acts = {0: Action("sell", "Nothing"), 1: Action("fly"), 2: sells(st)[2]}
    with pytest.raises(IllegalActionError) as err:
        st.apply_actions(acts)
    assert set(err.value.reasons) == {0, 1}
    assert err.value.reason(2) is None


def test_a_payment_in_any_order_is_the_payment_in_seat_order():
    """A payment is a map: its pairs given in another order name the same payment."""
    for state in cs.positions(("base",), 5, seed=3):
        paid = {p: [a for a in state.legal_actions(p) if len(a.pay) == 2] for p in state.pending_decisions()}
        player = next((p for p, found in paid.items() if found), None)
        if player is not None:
            break
    else:
        raise AssertionError("no payment to two sellers in this game")
    action = paid[player][0]
    reversed_pay = action._replace(pay=tuple(reversed(action.pay)))
    assert state.explain(player, reversed_pay) is None
    round_ = {p: state.legal_actions(p)[0] for p in state.pending_decisions()}
    round_[player] = reversed_pay
    state.apply_actions(round_)
    recorded = state.history[-1]["actions"][str(player)]
    assert recorded.pay == action.pay and to_log(state)["rounds"][-1][str(player)]["pay"] == {
        str(s): c for s, c in action.pay}


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
    with pytest.raises(SetupError, match=message) as err:
        Game(cs.core_rules("cities"), **kwargs)
    assert "Error" not in str(err.value)


@pytest.mark.parametrize("players", [2, 8])
def test_player_counts_outside_the_base_game_are_refused(players):
    """"Players: 3-7." """
    with pytest.raises(ValueError, match=f"^this rule set is for 3 to 7 players, not {players}$"):
        Game(cs.core_rules("base"), players)


def test_a_table_the_rules_do_not_seat_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="^option 'teams' needs 4, 6, 8 players, not 5$"):
        Game(cs.core_rules("cities"), 5, ("teams",))
    with pytest.raises(ValueError, match="^no option 'fast' \\(known: teams\\)$"):
        Game(cs.core_rules("cities"), 4, ("fast",))


def test_game_needs_a_rule_set():
    for wrong in ("base", {"format": 1}, None):
        with pytest.raises(SetupError, match="a Game needs a rule set"):
            Game(wrong, 3)


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
    ({"seed": 0, "boards": [("Atlantis", "A"), None, None]}, "no wonder 'Atlantis' side A in this rule set"),
    ({"seed": 0, "boards": [("Giza", "A"), ("Giza", "B"), None]}, "two seats were given the same wonder"),
    ({"seed": 0, "boards": [None, None]}, "2 boards given for 3 seats"),
    ({"seed": 0, "hands": [["Altar"] * 7] * 3}, "hands maps an age to its hands"),
    ({"seed": 0, "hands": {"one": [["Altar"] * 7] * 3}}, "hands are given by age, a whole number, not 'one'"),
    ({"seed": 0, "hands": {1.5: [["Altar"] * 7] * 3}}, "hands are given by age, a whole number, not 1.5"),
    ({"seed": 0, "hands": {1: "Altar"}}, "age 1: hands is a list of hands"),
    ({"seed": 0, "hands": {1: [["Altar"] * 6 + [7]] * 3}}, "age 1: hand 0 names a card by its text, not 7"),
    ({"seed": 0, "hands": {1: [None] * 3}}, "age 1: hand 0 is a list of card names, not None"),
    ({"seed": 0, "hands": {1: ["Altar" * 7] * 3}}, "age 1: hand 0 is a list of card names"),
    ({"seed": 0, "hands": {4: [["Altar"] * 7] * 3}}, "there is no age 4"),
    ({"seed": 0, "hands": {1: [["Altar"] * 7] * 2}}, "age 1: 2 hands given, 3 needed"),
    ({"seed": 0, "hands": {1: [["Altar"] * 6] * 3}}, "age 1: hand 0 has 6 cards, not 7"),
    ({"seed": 0, "hands": {2: [["Altar"] * 7] * 3}}, "'Altar' is not a card of age 2 in this rule set"),
    ({"seed": 0, "deals": {"deal": "age"}}, "deals is a list of fixed deals"),
    ({"seed": 0, "deals": [{"deal": "draft", "age": 1, "cards": []}]},
     "deal 0: no deal 'draft' in this rule set \\(deals: 'age'\\)"),
    ({"seed": 0, "deals": [{"deal": "age", "age": 4, "cards": []}]},
     "deal 0: the age is a number from 0 \\(before the first\\) to 3, not 4"),
    ({"seed": 0, "deals": [{"deal": "age", "age": True, "cards": []}]},
     "deal 0: the age is a number from 0 \\(before the first\\) to 3, not True"),
    ({"seed": 0, "deals": [{"deal": "age", "age": 1, "cards": [["Altar"] * 7] * 2}]},
     "deal 0: 2 lists of cards given, the deal 'age' has 3 targets"),
    ({"seed": 0, "deals": [{"deal": "age", "age": 1, "cards": [["Altar"] * 7] * 2 + [["Altar"] * 6]}]},
     "deal 0: target 2 \\(seat 2\\) gets 7 cards, not 6"),
    ({"seed": 0, "deals": [{"deal": "age", "age": 1, "cards": [["Altar"] * 7] * 2 + [["Arena"] * 7]}]},
     "deal 0: target 2 \\(seat 2\\): 'Arena' is not a card of age 1 in this rule set"),
    ({"seed": 0, "deals": [{"deal": "age", "age": 1, "cards": [["Altar"] * 7] * 3, "rest": ["Altar"]}]},
     "deal 0: the deal 'age' puts no card aside, but 'rest' gives 1"),
    ({"seed": 0, "deals": [{"deal": "age", "age": 1, "cards": [["Altar"] * 7] * 3, "colour": "red"}]},
     "deal 0: a fixed deal is"),
    ({"seed": 0, "hands": {1: [["Altar"] * 7] * 3}, "deals": [{"deal": "age", "age": 1, "cards": [["Altar"] * 7] * 3}]},
     "age 1: the deal is fixed twice \\(by hands and by deals\\)"),
])
def test_new_initial_state_refuses_wrong_arguments_with_a_setup_error(kwargs, message):
    with pytest.raises(SetupError, match=message) as err:
        base().new_initial_state(**kwargs)
    assert "Error" not in str(err.value)


def test_a_list_of_lists_is_a_board_choice_too():
    st = base().new_initial_state(0, boards=[["Giza", "A"], None, None])
    assert (st.cities[0].board.name, st.cities[0].board.side) == ("Giza", "A")


def test_fixed_deals_deal_those_cards():
    hands = [["Altar", "Baths", "Barracks", "Stockade", "Loom", "Press", "Glassworks"],
             ["Altar", "Baths", "Barracks", "Stockade", "Loom", "Press", "Glassworks"],
             ["Theater", "Baths", "Barracks", "Stockade", "Loom", "Press", "Glassworks"]]
    st = base().new_initial_state(0, deals=[{"deal": "age", "age": 1, "cards": hands}])
    assert [cs.hand(st, p) for p in range(3)] == hands


def test_scores_before_the_end_are_a_wrong_call():
    st = base().new_initial_state(0)
    with pytest.raises(ArgumentError, match="^the game is not over: there are no final scores yet$"):
        st.scores()
    assert st.winners() == [] and st.returns() == [0.0, 0.0, 0.0]


# ---- logs and compiled rule sets ----------------------------------------------------------------

@pytest.mark.parametrize(("state", "rules", "message"), [
    (None, (), "to_log needs a game state \\(from Game.new_initial_state\\), not None"),
    ("game", (), "to_log needs a game state \\(from Game.new_initial_state\\), not <wonderrules"),
    ("state", "base", "rules is a list of rule set names, not the text 'base': write \\['base'\\]"),
    ("state", [1, 2], "a rule set is named by a text, not 1"),
    ("state", None, "rules is a list of rule set names, not None"),
])
def test_to_log_refuses_what_is_not_a_state_or_names_of_rule_sets(state, rules, message):
    game = base()
    st = game.new_initial_state(0)
    value = {"state": st, "game": game}.get(state, state)
    with pytest.raises(ArgumentError, match=f"^{message}"):
        to_log(value, rules)
    assert to_log(st, ["base"])["rules"] == ["base"]


@pytest.mark.parametrize(("arguments", "message"), [
    ({"game": None}, "replay needs a Game, not None"),
    ({"game": "rules"}, "replay needs a Game, not RuleSet"),
    ({"upto": -1}, "upto is a number of rounds, 0 or more, not -1"),
    ({"upto": "3"}, "upto is a number of rounds, 0 or more, not '3'"),
    ({"upto": 2.5}, "upto is a number of rounds, 0 or more, not 2.5"),
    ({"upto": True}, "upto is a number of rounds, 0 or more, not True"),
    ({"before_round": 5}, "before_round is a function called before each round, not 5"),
])
def test_replay_refuses_wrong_arguments_before_it_starts(arguments, message):
    # upto=-1 replayed every round but the last
    st = cs.random_game(("base",), 3, seed=4)
    log = to_log(st)
    game = arguments.pop("game", st.game)
    if game == "rules":
        game = st.game.rules
    with pytest.raises(ArgumentError, match=f"^{message}"):
        replay(game, log, **arguments)
    assert len(replay(st.game, log, upto=5).history) < len(replay(st.game, log, upto=10**9).history)


@pytest.mark.parametrize("source", [None, 5, {"format": 3}, ["base"]])
def test_load_compiled_needs_a_path_or_json_text(source):
    import wonderrules

    with pytest.raises(ArgumentError, match="^load_compiled reads a file path or JSON text, not "):
        wonderrules.load_compiled(source)


# ---- the snapshots the contract is checked with ----------------------------------------------------

def _changes():
    def board(st):
        st.cities[2].board = st.cities[3].board

    def card_zone(name):
        return lambda st: st.cities[1].zones[st.catalog.zone_index[name]].reverse()

    return {
        "coins": lambda st: setattr(st.cities[1], "coins", st.cities[1].coins + 1),
        "a price": lambda st: st.cities[2].prices[0].__setitem__(3, 99),
        "a built card": lambda st: st.cities[0].built.append(st.cities[1].built[0]),
        "a name": lambda st: st.cities[3].names.add("Nothing"),
        "a token value": lambda st: st.cities[0].token_values.__setitem__(0, 99),
        "a grant used": lambda st: st.cities[0].grants.append(CityGrant(9, frozenset(), "age", 1)),
        "a board": board,
        "the order of a hand": card_zone("hand"),
        "the random generator": lambda st: st.rng.random(),
        "the work queue": lambda st: st.work.append(NEXT),
        "the history": lambda st: st.history.append({"type": "note"}),
        "the discard pile": lambda st: st.shared[st.catalog.zone_index["discard"]].append(st.cities[0].built[0]),
        "a pending decision": lambda st: st.pending.popitem(),
        "the turn": lambda st: setattr(st, "turn", st.turn + 1),
        "the program counter": lambda st: setattr(st, "pc", st.pc + 1),
        "a controller": lambda st: st.controller.__setitem__(9, 0),
    }


@pytest.mark.parametrize("name", list(_changes()))
def test_both_snapshots_see_a_change_anywhere_in_the_state(name):
    st = cs.random_game(("base",), 4, seed=2, upto=9)
    assert st.cities[1].built and st.cities[0].built and not st.is_terminal()
    full, quick = full_snapshot(st), fingerprint(st)
    _changes()[name](st)
    assert fingerprint(st) != quick
    assert full_snapshot(st) != full


def test_numbers_and_texts_of_subclasses_stand_for_themselves():
    """An IntEnum player, an Action subclass and fields of int and str subclasses are what they
    stand for: the round is applied and recorded as if plain values had been given."""

    class Seat(enum.IntEnum):
        FIRST = 0

    class Name(str):
        pass

    class MyAction(Action):
        pass

    st = base().new_initial_state(0)
    first = cs.hand(st, 0)[0]
    acts = sells(st)
    del acts[0]
    acts[Seat.FIRST] = MyAction("sell", Name(first), (), Name(""), Seat.FIRST)
    assert st.explain(Seat.FIRST, acts[Seat.FIRST]) is None
    st.apply_actions(acts)
    assert st.turn == 2 and st.cities[0].coins == 3 + 3
    recorded = st.history[-1]["actions"]["0"]
    assert type(recorded) is Action and recorded == Action("sell", first) and type(recorded.card) is str


def test_a_bool_is_not_a_number_even_in_an_action_equal_to_a_listed_one():
    """(True, 2) equals (1, 2), a listed payment to seat 1: it is refused all the same, as a
    player True is (JSON would have recorded `true`)."""
    for state in cs.positions(("base",), 3, seed=1):
        paid = [(p, a) for p in state.pending_decisions() for a in state.legal_actions(p)
                if len(a.pay) == 1 and a.pay[0][0] == 1]
        if paid:
            break
    player, action = paid[0]
    odd = action._replace(pay=((True, action.pay[0][1]),))
    assert odd == action
    round_ = {p: state.legal_actions(p)[0] for p in state.pending_decisions()}
    round_[player] = odd
    message = refused_with(ArgumentError, lambda: state.apply_actions(round_), state)
    assert message == f"player {player}: the 'pay' of an Action holds (seat, coins) pairs of whole numbers, " \
                      f"not (True, {action.pay[0][1]}) (a tuple)"
