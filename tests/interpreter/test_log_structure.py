"""A malformed game log is refused before anything is replayed, with one sentence naming the field
at fault in the notation of the file (`rounds[12]["1"].left`), never with Python error text; a
log of other rules (its fingerprint) or of another table is refused too."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_support import game

import wonderrules as wr
from wonderrules.interpreter.log import ReplayError, check_scores
from wonderrules.interpreter.serial import rules_fingerprint, rules_from_json, rules_to_json

GOLDEN = Path(__file__).resolve().parent / "golden" / "base_3p_seed3003.json"


def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def refused(change: Callable[[dict], object]) -> ReplayError:
    log = golden()
    change(log)
    with pytest.raises(ReplayError) as caught:
        wr.replay(game(3), log)
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
    (setter(("rounds", 12, "1", "left"), "x"), 'rounds[12]["1"].left: expected an integer, got "x"'),
    (setter(("rounds", 12, "0", "left"), True), 'rounds[12]["0"].left: expected an integer, got true'),
    (setter(("rounds", 12, "0", "left"), 1.0), 'rounds[12]["0"].left: expected an integer, got 1.0'),
    (setter(("rounds", 12, "0", "right"), -1), 'rounds[12]["0"].right: expected an integer of at least 0, got -1'),
    (setter(("rounds", 3, "0", "kind"), "fly"),
     'rounds[3]["0"].kind: expected one of "build", "stage", "sell", "pick", "pay", got "fly"'),
    (setter(("rounds", 3, "0", "card"), ["Altar"]), 'rounds[3]["0"].card: expected a string, got a list'),
    (setter(("rounds", 3, "0", "colour"), "red"),
     'rounds[3]["0"]: unknown field "colour" (known: kind, card, left, right, means, coins)'),
    (deleter(("rounds", 3, "0", "kind")), 'rounds[3]["0"]: missing "kind"'),
    (setter(("rounds", 3, "zero"), {"kind": "sell"}),
     'rounds[3]: the key "zero" is not a player (a number such as "1")'),
    (setter(("rounds", 3), [1, 2]), "rounds[3]: expected an object, got a list"),
    (setter(("rounds",), {"0": {}}), "rounds: expected a list, got an object"),
    (setter(("seed",), "7"), 'seed: expected an integer, got "7"'),
    (setter(("seed",), True), "seed: expected an integer, got true"),
    (setter(("seed",), 7.5), "seed: expected an integer, got 7.5"),
    (setter(("players",), "3"), 'players: expected an integer, got "3"'),
    (setter(("players",), 0), "players: expected an integer of at least 1, got 0"),
    (setter(("version",), "1"), 'version: expected an integer, got "1"'),
    (setter(("version",), 2), "version: log version 2 is not supported (expected 1)"),
    (setter(("format",), "a shopping list"),
     'format: not a game log (expected "wonder-rules game log", got "a shopping list")'),
    (deleter(("format",)), 'format: missing: a game log needs "format": "wonder-rules game log"'),
    (deleter(("rounds",)), "rounds: missing: a game log needs the list of decision rounds"),
    (setter(("rules",), "base"), 'rules: expected a list, got "base"'),
    (setter(("options",), [None]), "options[0]: expected a string, got null"),
    (setter(("fingerprint",), "md5:00"),
     'fingerprint: expected "sha256:" and 64 lowercase hexadecimal digits, got "md5:00"'),
    (setter(("seats", 1, "wonder"), 3), "seats[1].wonder: expected a string, got 3"),
    (setter(("seats", 1, "seat"), 5), "seats[1].seat: expected 1 (its place in the list), got 5"),
    (setter(("seats", 1, "neutral"), "no"), 'seats[1].neutral: expected true or false, got "no"'),
    (deleter(("seats", 1, "side")), 'seats[1]: missing "side"'),
    (setter(("deals", "1", "hands", 0, 2), 5), 'deals["1"].hands[0][2]: expected a string, got 5'),
    (setter(("deals", "one"), {"hands": []}), 'deals: the key "one" is not an age (a number such as "1")'),
    (setter(("deals", "1", "piles"), {"x": []}), 'deals["1"].piles: the key "x" is not a seat (a number such as "1")'),
    (deleter(("deals", "1", "hands")), 'deals["1"]: missing "hands"'),
    (setter(("scores", 0, "total"), "29"), 'scores[0].total: expected an integer, got "29"'),
    (setter(("scores", 0, "choices"), "none"), 'scores[0].choices: expected a list, got "none"'),
    (setter(("winners",), [True]), "winners[0]: expected an integer, got true"),
]


@pytest.mark.parametrize(("change", "message"), CASES, ids=[m.split(":")[0] for _, m in CASES])
def test_a_malformed_field_is_named_in_the_notation_of_the_file(change, message: str) -> None:
    assert str(refused(change)) == message


def test_the_round_at_fault_is_kept_with_the_error() -> None:
    error = refused(setter(("rounds", 12, "1", "left"), "x"))
    assert (error.round_index, error.field) == (12, 'rounds[12]["1"].left')


def test_a_log_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ReplayError, match=r"^a game log is a JSON object, not a list$"):
        wr.replay(game(3), [])


def test_long_strings_are_cut_in_messages() -> None:
    message = str(refused(setter(("seed",), "x" * 500)))
    assert message == f'seed: expected an integer, got "{"x" * 40}..."'


def test_check_scores_refuses_a_malformed_log_too() -> None:
    log = golden()
    state = wr.replay(game(3), log)
    log["scores"][1]["science"] = None
    with pytest.raises(ReplayError, match=r"^scores\[1\]\.science: expected an integer, got null$"):
        check_scores(state, log)


# ---- what fits the game -----------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "message"), [
    (setter(("deals", "9"), {"hands": [[], [], []]}), 'deals["9"]: there is no age 9 in this game (ages 1 to 3)'),
    (setter(("deals", "1", "hands", 0, 0), "Nothing"),
     'deals["1"].hands[0][0]: "Nothing" is not a card of age 1 in these rules'),
    (setter(("deals", "2", "hands", 1, 0), "Altar"),
     'deals["2"].hands[1][0]: "Altar" is not a card of age 2 in these rules'),
    (lambda log: log["deals"]["1"]["hands"][0].pop(), 'deals["1"].hands[0]: 6 cards, a hand holds 7'),
    (lambda log: log["deals"]["1"]["hands"].pop(), 'deals["1"].hands: 2 hands for 3 players'),
    (setter(("deals", "1", "piles"), {"3": []}), 'deals["1"].piles: 1 neutral piles, the game deals 0'),
    (setter(("seats", 1, "wonder"), "Atlantis"), 'seats[1]: no wonder "Atlantis" with a side "B" in these rules'),
    (lambda log: log["seats"].pop(), "seats: the log lists 2 seats, the game has 3"),
    (setter(("players",), 4), "players: the log is for 4 players, the game for 3"),
    (setter(("options",), ["teams"]), "options: the log was played with the options teams, the game with none"),
])
def test_a_log_that_does_not_fit_the_game_is_refused(change, message: str) -> None:
    assert str(refused(change)) == message


def test_two_seats_with_one_wonder_are_refused() -> None:
    error = refused(setter(("seats", 1), {"seat": 1, "wonder": "Olympia", "side": "B"}))
    assert str(error) == "two seats were given the same wonder"


# ---- the fingerprint of the rules ----------------------------------------------------------------------

def played(rules: wr.RuleSet, players: int = 3, seed: int = 5) -> dict:
    state = wr.Game(rules, players).new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply_actions({p: state.legal_actions(p)[0] for p in state.pending_decisions()})
    return json.loads(json.dumps(wr.to_log(state)))


def test_a_log_records_the_fingerprint_of_its_rules() -> None:
    rules = wr.load_rules("base")
    log = played(rules)
    assert log["fingerprint"] == rules_fingerprint(rules)
    assert log["fingerprint"].startswith("sha256:") and len(log["fingerprint"]) == 7 + 64


def test_the_fingerprint_is_the_same_from_text_and_from_compiled_json() -> None:
    rules = wr.load_rules("base")
    assert rules_fingerprint(rules_from_json(rules_to_json(rules))) == rules_fingerprint(rules)
    assert rules_fingerprint(wr.load_rules("base")) == rules_fingerprint(rules)


def test_the_fingerprint_changes_with_anything_the_engine_reads(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "rich.wr").write_text("ruleset rich extends base\ngame {\n  override start coins 4\n}\n",
                                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert rules_fingerprint(wr.load_rules("rich.wr")) != rules_fingerprint(wr.load_rules("base"))


def test_a_replay_against_other_rules_is_refused(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "rich.wr").write_text("ruleset rich extends base\ngame {\n  override start coins 4\n}\n",
                                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    log = played(wr.load_rules("base"))
    other = wr.Game(wr.load_rules("rich.wr"), 3)
    with pytest.raises(ReplayError) as caught:
        wr.replay(other, log)
    assert str(caught.value).startswith("fingerprint: the log was recorded with other rules than these "
                                        f"(fingerprint {log['fingerprint'][:19]}... in the log, ")
    assert wr.replay(wr.Game(wr.load_rules("base"), 3), log).is_terminal()


def test_a_log_without_a_fingerprint_still_replays() -> None:
    log = golden()
    assert "fingerprint" not in log
    state = wr.replay(game(3), log)
    assert state.is_terminal() and check_scores(state, log) == []


def test_notes_a_converter_adds_at_the_top_are_ignored() -> None:
    log = golden()
    log["converted_from"] = {"engine": "elsewhere", "id": 42}
    assert wr.replay(game(3), log).is_terminal()


def test_a_log_is_not_changed_by_a_replay() -> None:
    log = golden()
    before = copy.deepcopy(log)
    wr.replay(game(3), log)
    assert log == before
