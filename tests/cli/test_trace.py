"""The account `wr trace` gives of a game, checked by hand on a small game of the base rules whose
every choice is written here: a purchase from a neighbour, a wonder stage, a sold card, a chain,
and the military contests at the end of each age with their winners. The figures below are read
off rulesets/base.wr: start coins 3; Baths cost a stone; Giza A's first stage costs 2 stone;
Barracks cost ore, Guard Tower clay; a sale gives 3 coins; a resource bought from a neighbour
costs 2 coins; a victory is worth 1, 3, 5 by age, a defeat -1.

The seats: 0 Giza A (stone), 1 Rhodes A (ore), 2 Babylon A (clay). Seat i's left neighbour is
seat i+1, its right neighbour seat i-1; hands pass left in the first age (seat i's hand goes to
seat i+1), right in the second.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.interpreter.actions import Action

BOARDS = [("Giza", "A"), ("Rhodes", "A"), ("Babylon", "A")]
AGE_1 = [["Stone Pit", "Altar", "Theater", "Loom", "Press", "Glassworks", "Clay Pool"],
         ["Barracks", "Guard Tower", "Ore Vein", "Lumber Yard", "Timber Yard", "Clay Pit", "Stockade"],
         ["Baths", "Workshop", "Apothecary", "Scriptorium", "East Trading Post", "Marketplace", "West Trading Post"]]
AGE_2 = [["Brickyard", "Foundry", "Quarry", "Sawmill", "Glassworks", "Loom", "Press"],
         ["Courthouse", "Statue", "Temple", "Caravansery", "Forum", "Vineyard", "Archery Range"],
         ["Aqueduct", "Stables", "Walls", "Dispensary", "Laboratory", "Library", "School"]]
#: the choices written out, by (age, turn); every other turn, every city sells a card
CHOSEN = {
    (1, 1): {0: Action("build", "Stone Pit"), 1: Action("build", "Barracks"),
             2: Action("build", "Baths", pay=((0, 2),))},       # stone bought from seat 0, its left neighbour
    (1, 2): {0: Action("stage", "Workshop"),                     # holds seat 2's hand: 2 stone of its own
             1: Action("sell", "Altar"),                         # holds seat 0's hand
             2: Action("build", "Guard Tower")},                 # holds seat 1's hand: clay of its own
    (2, 1): {2: Action("build", "Aqueduct", way="chain")},      # the chain from its Baths
}


def play_scenario():
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=11, boards=BOARDS, hands={1: AGE_1, 2: AGE_2})
    while not state.is_terminal():
        chosen = CHOSEN.get((state.age, state.turn), {})
        state.apply_actions({p: chosen.get(p) or next(a for a in state.legal_actions(p) if a.kind == "sell")
                             for p in state.pending_decisions()})
    return state


@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("trace") / "game.json"
    path.write_text(json.dumps(wr.to_log(play_scenario(), ["base"])), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def account(log_file: Path) -> dict:
    result = CliRunner().invoke(main, ["trace", str(log_file), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def text(log_file: Path) -> str:
    result = CliRunner().invoke(main, ["trace", str(log_file)])
    assert result.exit_code == 0, result.output
    return result.stdout


def round_of(account: dict, age: int, turn: int) -> dict:
    [found] = [r for r in account["rounds"] if (r["age"], r["turn"]) == (age, turn)]
    return found


def play_of(rnd: dict, seat: int) -> dict:
    [found] = [p for p in rnd["plays"] if p["seat"] == seat]
    return found


def coins(rnd: dict) -> list[tuple[int, int]]:
    return [(c["coins"], c["coins_change"]) for c in rnd["cities"]]


def row(text: str, *cells: str) -> bool:
    """Whether a line of the text holds these cells, in order, apart by table spacing."""
    import re

    pattern = r"\s+".join(re.escape(c) for c in cells)
    return any(re.search(pattern, line) for line in text.splitlines())


def test_a_purchase_from_a_neighbour_is_paid_to_that_neighbour(account: dict, text: str) -> None:
    first = round_of(account, 1, 1)
    baths = play_of(first, 2)
    assert baths["label"] == "build Baths"
    assert baths["pay"] == [{"seat": 0, "coins": 2, "relation": "left neighbour"}] and baths["bank"] == 0
    # seat 2 pays 2 of its 3 coins to seat 0; seat 1 builds Barracks with its own ore
    assert coins(first) == [(5, 2), (3, 0), (1, -2)]
    assert row(text, "2", "Babylon A", "build Baths", "2 to seat 0 (left neighbour)", "1 (-2)")
    assert row(text, "0", "Giza A", "build Stone Pit", "-", "5 (+2)")


def test_a_wonder_stage_and_a_sold_card_say_what_they_paid_and_earned(account: dict, text: str) -> None:
    second = round_of(account, 1, 2)
    stage, sale = play_of(second, 0), play_of(second, 1)
    assert stage["label"] == "build a wonder stage with Workshop" and stage["bank"] == 0 and stage["pay"] == []
    assert sale["label"] == "sell Altar" and not sale["free"]
    assert coins(second) == [(5, 0), (6, 3), (1, 0)]
    assert row(text, "0", "Giza A", "build a wonder stage with Workshop", "-", "5")
    assert row(text, "1", "Rhodes A", "sell Altar", "-", "6 (+3)")


def test_a_chain_is_free_by_its_way(account: dict, text: str) -> None:
    aqueduct = play_of(round_of(account, 2, 1), 2)
    assert aqueduct["label"] == "build Aqueduct" and aqueduct["free"] and aqueduct["bank"] == 0
    assert aqueduct["action"] == {"kind": "build", "card": "Aqueduct", "way": "chain"}
    assert row(text, "2", "Babylon A", "build Aqueduct", "free (way chain)")


def test_the_military_contest_of_each_age_names_each_pair_and_its_winner(account: dict, text: str) -> None:
    # shields from the first age on: seat 0 none, seat 1 one (Barracks), seat 2 one (Guard Tower);
    # around three seats: 1 beats 0, 1 and 2 tie, 2 beats 0
    for age, worth in ((1, 1), (2, 3), (3, 5)):
        [contest] = [e for r in account["rounds"] for e in r["then"] if e["type"] == "contest" and e["age"] == age]
        assert contest["contest"] == "military" and contest["moment"] == "end of age"
        assert contest["pairs"] == [{"seats": [0, 1], "strengths": [0, 1]}, {"seats": [1, 2], "strengths": [1, 1]},
                                    {"seats": [0, 2], "strengths": [0, 1]}]
        winners = [(r["seat"], r["opponent"], r["worth"]) for r in contest["results"] if r["outcome"] == "win"]
        assert winners == [(1, 0, worth), (2, 0, worth)]
    assert text.count("military at end of age (age ") == 3
    assert "  seat 1 (1) beats seat 0 (0): 1 victory (worth 3 each) to seat 1, 1 defeat (worth -1 each) to seat 0" \
        in text
    assert "  seat 1 (1) and seat 2 (1) tie" in text
    # the round after which the first contest was resolved shows its tokens
    last = round_of(account, 1, 6)
    assert [c["tokens_change"] for c in last["cities"]] == [
        {"defeat": {"count": 2, "value": -2}}, {"victory": {"count": 1, "value": 1}},
        {"victory": {"count": 1, "value": 1}}]


def test_the_coins_after_each_round_add_up_to_the_final_sheet(account: dict) -> None:
    # after the first age's second turn every city sells a card each turn (3 coins), but seat 2
    # in the second age's first turn (its chain): 4 + 6 + 6 sales for seats 0 and 1, 15 for seat 2
    last = account["rounds"][-1]
    assert [c["coins"] for c in last["cities"]] == [5 + 16 * 3, 6 + 16 * 3, 1 + 15 * 3]
    assert [s["coins"] for s in account["scores"]] == [c["coins"] for c in last["cities"]]
    # military: seat 0 two defeats an age, seats 1 and 2 one victory an age
    assert [s["military"] for s in account["scores"]] == [-6, 9, 9]


def test_the_first_deals_come_before_the_first_round_and_the_later_ones_after_an_age(account: dict) -> None:
    assert [(e["type"], e["age"]) for e in account["start"]] == [("deal", 1)]
    assert account["start"][0]["dealt"][2] == {"zone": "hand", "seat": 2, "cards": AGE_1[2]}
    later = [(r["age"], r["turn"], e["age"]) for r in account["rounds"] for e in r["then"] if e["type"] == "deal"]
    assert later == [(1, 6, 2), (2, 6, 3)]


def test_following_a_seat_shows_only_that_city(log_file: Path) -> None:
    result = CliRunner().invoke(main, ["trace", str(log_file), "--seat", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    followed = json.loads(result.stdout)
    assert followed["followed"] == 2 and len(followed["rounds"]) == 18
    assert {p["seat"] for r in followed["rounds"] for p in r["plays"]} == {2}
    assert {c["seat"] for r in followed["rounds"] for c in r["cities"]} == {2}
    # its contests: only the pairs it fought
    contest = next(e for r in followed["rounds"] for e in r["then"] if e["type"] == "contest")
    assert [m["seats"] for m in contest["pairs"]] == [[1, 2], [0, 2]]
    text = CliRunner().invoke(main, ["trace", str(log_file), "--seat", "2"]).stdout
    assert "Babylon A" in text and not row(text, "0", "Giza A", "build")
    assert "seat 1 (1) beats seat 0" not in text and "seat 2 (1) beats seat 0 (0)" in text
