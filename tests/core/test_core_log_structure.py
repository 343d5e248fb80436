"""A malformed game log is refused before anything is replayed, with one sentence naming the field
at fault in the notation of the file (`rounds[12]["1"].pay["2"]`), never with Python error text;
a log of another table, or whose deals do not fit the rule set, is refused too. Both versions
the core reads are covered: 2 (written by the core) and 1 (the stored golden logs)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import core_support as cs
import pytest

from wonderrules.interpreter.log import ReplayError, check_scores, replay, to_log

V1 = Path(__file__).resolve().parents[1] / "interpreter" / "golden" / "base_3p_seed3003.json"


def v1_log() -> dict:
    return json.loads(V1.read_text(encoding="utf-8"))


@cache
def _v2_text() -> str:
    """A finished game of the base game at 3, as a version 2 log (played here, replayed by the
    tests of test_core_log.py). Its round 12 has a payment by player 1 to seat 2."""
    for seed in range(100):
        state = cs.random_game(("base",), 3, seed=seed)
        log = to_log(state)
        if len(log["rounds"]) > 12 and "pay" in log["rounds"][12]["1"] and "2" in log["rounds"][12]["1"]["pay"]:
            return json.dumps(log)
    raise AssertionError("no game with the payment the cases change")


def v2_log() -> dict:
    return json.loads(_v2_text())


def refused(change: Callable[[dict], object], log: dict | None = None) -> ReplayError:
    log = v2_log() if log is None else log
    change(log)
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base",), 3), log)
    return caught.value


def setter(path: tuple, value: object) -> Callable[[dict], None]:
    def change(log: dict) -> None:
        target = log
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
    return change


def deleter(path: tuple) -> Callable[[dict], None]:
    def change(log: dict) -> None:
        target = log
        for step in path[:-1]:
            target = target[step]
        del target[path[-1]]
    return change


CASES = [
    (setter(("rounds", 12, "1", "pay", "2"), "x"), 'rounds[12]["1"].pay["2"]: expected an integer, got "x"'),
    (setter(("rounds", 12, "1", "pay", "2"), True), 'rounds[12]["1"].pay["2"]: expected an integer, got true'),
    (setter(("rounds", 12, "1", "pay", "2"), -1), 'rounds[12]["1"].pay["2"]: expected an integer of at least 0, '
                                                  'got -1'),
    (setter(("rounds", 12, "1", "pay"), [2, 0]), 'rounds[12]["1"].pay: expected an object, got a list'),
    (setter(("rounds", 12, "1", "pay", "left"), 1),
     'rounds[12]["1"].pay: the key "left" is not a seat (a number such as "1")'),
    (setter(("rounds", 3, "0", "kind"), 7), 'rounds[3]["0"].kind: expected a string, got 7'),
    (setter(("rounds", 3, "0", "card"), ["Altar"]), 'rounds[3]["0"].card: expected a string, got a list'),
    (setter(("rounds", 3, "0", "way"), None), 'rounds[3]["0"].way: expected a string, got null'),
    (setter(("rounds", 3, "0", "amount"), 1.5), 'rounds[3]["0"].amount: expected an integer, got 1.5'),
    (setter(("rounds", 3, "0", "left"), 1),
     'rounds[3]["0"]: unknown field "left" (known: kind, card, pay, way, amount)'),
    (deleter(("rounds", 3, "0", "kind")), 'rounds[3]["0"]: missing "kind"'),
    (setter(("rounds", 3, "zero"), {"kind": "sell"}), 'rounds[3]: the key "zero" is not a player (a number such as '
                                                      '"1")'),
    (setter(("rounds", 3), [1, 2]), "rounds[3]: expected an object, got a list"),
    (setter(("rounds",), {"0": {}}), "rounds: expected a list, got an object"),
    (setter(("seed",), "7"), 'seed: expected an integer, got "7"'),
    (setter(("seed",), True), "seed: expected an integer, got true"),
    (setter(("seed",), 7.5), "seed: expected an integer, got 7.5"),
    (setter(("seed",), 2**63), "seed: expected an integer from -9223372036854775808 to 9223372036854775807, got "
                               "9223372036854775808"),
    (setter(("players",), "3"), 'players: expected an integer, got "3"'),
    (setter(("players",), 0), "players: expected an integer of at least 1, got 0"),
    (setter(("version",), "2"), 'version: expected an integer, got "2"'),
    (setter(("version",), 3), "version: log version 3 is not supported (versions 1 and 2 are read)"),
    (setter(("format",), "a shopping list"),
     'format: not a game log (expected "wonder-rules game log", got "a shopping list")'),
    (deleter(("format",)), 'format: missing: a game log needs "format": "wonder-rules game log"'),
    (deleter(("rounds",)), "rounds: missing: a game log needs the list of decision rounds"),
    (deleter(("deals",)), "deals: missing: a game log needs the list of the deals made"),
    (setter(("rules",), "base"), 'rules: expected a list, got "base"'),
    (setter(("options",), [None]), "options[0]: expected a string, got null"),
    (setter(("fingerprint",), "md5:00"),
     'fingerprint: expected "sha256:" and 64 lowercase hexadecimal digits, got "md5:00"'),
    (setter(("seats", 1, "wonder"), 3), "seats[1].wonder: expected a string, got 3"),
    (setter(("seats", 1, "seat"), 5), "seats[1].seat: expected 1 (its place in the list), got 5"),
    (setter(("seats", 1, "neutral"), "no"), 'seats[1].neutral: expected true or false, got "no"'),
    (deleter(("seats", 1, "side")), 'seats[1]: missing "side"'),
    (setter(("deals",), {"1": {}}), "deals: expected a list, got an object"),
    (setter(("deals", 0, "dealt", 0, "cards", 2), 5), "deals[0].dealt[0].cards[2]: expected a string, got 5"),
    (setter(("deals", 0, "dealt", 0, "seat"), "0"), 'deals[0].dealt[0].seat: expected an integer, got "0"'),
    (setter(("deals", 0, "dealt", 0, "seat"), -1), "deals[0].dealt[0].seat: expected an integer of at least 0, "
                                                   "got -1"),
    (deleter(("deals", 0, "dealt", 1, "zone")), 'deals[0].dealt[1]: missing "zone"'),
    (setter(("deals", 0, "dealt", 1, "hand"), []),
     'deals[0].dealt[1]: unknown field "hand" (known: zone, seat, cards)'),
    (setter(("deals", 0, "age"), "1"), 'deals[0].age: expected an integer, got "1"'),
    (deleter(("deals", 0, "deal")), 'deals[0]: missing "deal"'),
    (setter(("deals", 0, "rest"), "none"), 'deals[0].rest: expected a list, got "none"'),
    (setter(("scores", 0, "total"), "29"), 'scores[0].total: expected an integer, got "29"'),
    (setter(("scores", 0, "choices"), "none"), 'scores[0].choices: expected a list, got "none"'),
    (setter(("winners",), [True]), "winners[0]: expected an integer, got true"),
]


@pytest.mark.parametrize(("change", "message"), CASES, ids=[m.split(":")[0] for _, m in CASES])
def test_a_malformed_field_is_named_in_the_notation_of_the_file(change, message: str) -> None:
    assert str(refused(change)) == message


V1_CASES = [
    (setter(("rounds", 12, "1", "left"), "x"), 'rounds[12]["1"].left: expected an integer, got "x"'),
    (setter(("rounds", 12, "0", "right"), -1), 'rounds[12]["0"].right: expected an integer of at least 0, got -1'),
    (setter(("rounds", 3, "0", "kind"), "fly"),
     'rounds[3]["0"].kind: expected one of "build", "stage", "sell", "pick", "pay", got "fly"'),
    (setter(("rounds", 3, "0", "pay"), {"1": 1}),
     'rounds[3]["0"]: unknown field "pay" (known: kind, card, left, right, means, coins)'),
    (setter(("deals", "1", "hands", 0, 2), 5), 'deals["1"].hands[0][2]: expected a string, got 5'),
    (setter(("deals", "one"), {"hands": []}), 'deals: the key "one" is not an age (a number such as "1")'),
    (setter(("deals", "1", "piles"), {"x": []}), 'deals["1"].piles: the key "x" is not a seat (a number such as '
                                                 '"1")'),
    (deleter(("deals", "1", "hands")), 'deals["1"]: missing "hands"'),
    (setter(("deals",), []), "deals: expected an object, got a list"),
]


@pytest.mark.parametrize(("change", "message"), V1_CASES, ids=[m.split(":")[0] for _, m in V1_CASES])
def test_a_malformed_field_of_a_version_1_log_is_named_too(change, message: str) -> None:
    assert str(refused(change, v1_log())) == message


def test_the_round_at_fault_is_kept_with_the_error() -> None:
    error = refused(setter(("rounds", 12, "1", "pay", "2"), "x"))
    assert (error.round_index, error.field) == (12, 'rounds[12]["1"].pay["2"]')


def test_a_log_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ReplayError, match=r"^a game log is a JSON object, not a list$"):
        replay(cs.game(("base",), 3), [])


def test_long_strings_are_cut_in_messages() -> None:
    message = str(refused(setter(("seed",), "x" * 500)))
    assert message == f'seed: expected an integer, got "{"x" * 40}..."'


def test_check_scores_refuses_a_malformed_log_too() -> None:
    log = v2_log()
    state = replay(cs.game(("base",), 3), log)
    log["scores"][1]["science"] = None
    with pytest.raises(ReplayError, match=r"^scores\[1\]\.science: expected an integer, got null$"):
        check_scores(state, log)


def test_notes_a_converter_adds_at_the_top_are_ignored() -> None:
    log = v2_log()
    log["converted_from"] = {"engine": "elsewhere", "id": 42}
    assert replay(cs.game(("base",), 3), log).is_terminal()


# ---- what fits the game -----------------------------------------------------------------------------

def _card(log: dict, deal: int, target: int, index: int) -> str:
    return log["deals"][deal]["dealt"][target]["cards"][index]


FIT_CASES = [
    (setter(("deals", 0, "age"), 9), "deals[0].age: there is no age 9 in this game (ages 1 to 3)"),
    (setter(("deals", 0, "deal"), "draft"), 'deals[0].deal: no deal "draft" in these rules (deals: "age")'),
    (setter(("deals", 0, "dealt", 0, "cards", 0), "Nothing"),
     'deals[0].dealt[0].cards[0]: "Nothing" is not a card of age 1 in these rules'),
    (setter(("deals", 1, "dealt", 1, "cards", 0), "Altar"),
     'deals[1].dealt[1].cards[0]: "Altar" is not a card of age 2 in these rules'),
    (lambda log: log["deals"][0]["dealt"][0]["cards"].pop(), "deals[0].dealt[0].cards: 6 cards, the deal gives 7"),
    (lambda log: log["deals"][0]["dealt"].pop(), 'deals[0].dealt: 2 targets, the deal "age" has 3 at this table'),
    (setter(("deals", 0, "dealt", 1, "seat"), 2),
     'deals[0].dealt[1]: the deal gives its cards here to the "hand" of seat 1, not to the "hand" of seat 2'),
    (setter(("deals", 0, "dealt", 1, "zone"), "pile"),
     'deals[0].dealt[1]: the deal gives its cards here to the "hand" of seat 1, not to the "pile" of seat 1'),
    (setter(("deals", 0, "rest"), ["Altar"]), 'deals[0].rest: the deal "age" puts no card aside'),
    (setter(("seats", 1, "wonder"), "Atlantis"), 'seats[1]: no wonder "Atlantis" with a side "{side}" in these rules'),
    (setter(("seats", 1, "neutral"), True), "seats[1].neutral: seat 1 is a player's seat at this table"),
    (lambda log: log["seats"].pop(), "seats: the log lists 2 seats, the game has 3"),
    (setter(("players",), 4), "players: the log is for 4 players, the game for 3"),
    (setter(("options",), ["teams"]), "options: the log was played with the options teams, the game with none"),
    (setter(("rounds", 0, "00"), {"kind": "sell"}), 'rounds[0]: player 0 is written twice ("0" and "00")'),
    (setter(("rounds", 12, "1", "pay", "02"), 1), 'rounds[12]["1"].pay: seat 2 is written twice'),
]


@pytest.mark.parametrize(("change", "message"), FIT_CASES, ids=[m.split(":")[0] for _, m in FIT_CASES])
def test_a_log_that_does_not_fit_the_game_is_refused(change, message: str) -> None:
    log = v2_log()
    assert str(refused(change, log)) == message.format(side=log["seats"][1]["side"])


V1_FIT_CASES = [
    (setter(("deals", "1", "hands", 0, 0), "Nothing"),
     'deals["1"].hands[0][0]: "Nothing" is not a card of age 1 in these rules'),
    (setter(("deals", "2", "hands", 1, 0), "Altar"),
     'deals["2"].hands[1][0]: "Altar" is not a card of age 2 in these rules'),
    (lambda log: log["deals"]["1"]["hands"][0].pop(), 'deals["1"].hands[0]: 6 cards, the deal gives 7'),
    (lambda log: log["deals"]["1"]["hands"].pop(), 'deals["1"].hands: 2 hands for 3 players'),
    (setter(("deals", "1", "piles"), {"3": []}), 'deals["1"].piles["3"]: the rules deal no pile to seat 3 (piles: '
                                                 'no seat)'),
]


@pytest.mark.parametrize(("change", "message"), V1_FIT_CASES, ids=[m.split(":")[0] for _, m in V1_FIT_CASES])
def test_a_version_1_log_that_does_not_fit_the_game_is_refused(change, message: str) -> None:
    assert str(refused(change, v1_log())) == message


def test_an_age_the_game_does_not_have_is_refused_in_a_version_1_log() -> None:
    log = v1_log()
    log["deals"]["9"] = log["deals"]["3"]
    assert str(refused(lambda _: None, log)) == 'deals["9"]: there is no age 9 in this game (ages 1 to 3)'


def test_a_missing_pile_of_a_version_1_log_is_refused() -> None:
    path = Path(__file__).resolve().parents[1] / "expansions" / "golden" / "two_player.json"
    log = json.loads(path.read_text(encoding="utf-8"))
    del log["deals"]["2"]["piles"]
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base", "two_player"), 2), log)
    assert str(caught.value) == 'deals["2"].piles: missing the pile of seat 2'


def test_two_seats_with_one_wonder_are_refused() -> None:
    log = v2_log()
    other = log["seats"][0]
    error = refused(setter(("seats", 1), {"seat": 1, "wonder": other["wonder"], "side": other["side"]}), log)
    assert str(error) == "two seats were given the same wonder"


def test_an_illegal_action_is_refused_with_the_round_and_the_reason() -> None:
    log = v2_log()
    log["rounds"][4]["0"] = {"kind": "build", "card": "Nothing"}
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base",), 3), log)
    assert caught.value.round_index == 4
    assert str(caught.value).startswith("round 4: illegal action: player 0: 'Nothing' is not in the hand (it holds: ")


def test_a_round_for_other_players_is_refused() -> None:
    log = v2_log()
    del log["rounds"][2]["1"]
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base",), 3), log)
    assert str(caught.value) == "round 2: the log has actions for players [0, 2], the game asks players [0, 1, 2] " \
                                "(play, play, play)"


def test_a_log_that_goes_on_after_the_end_is_refused() -> None:
    log = v2_log()
    log["rounds"].append(log["rounds"][-1])
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base",), 3), log)
    assert str(caught.value) == f"round {len(log['rounds']) - 1}: the game is over but the log goes on"
