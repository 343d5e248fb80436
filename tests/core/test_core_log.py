"""Game logs on the core: version 2 is written and replays to the same game; every stored log of
version 1 (the earlier format, written by the first engine) replays on the core to its recorded
scores, its payments to the left and right neighbours paid to their seats."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import attrs
import core_support as cs
import pytest

from wonderrules.interpreter.log import (
    LOG_VERSION,
    ReplayError,
    check_scores,
    replay,
    rules_fingerprint,
    start_from_log,
    to_log,
)
from wonderrules.interpreter.observe import observation

TESTS = Path(__file__).resolve().parents[1]
V1_LOGS = sorted([*(TESTS / "interpreter" / "golden").glob("*.json"),
                  *(TESTS / "expansions" / "golden").glob("*.json")])
TWO_SEATS_V1 = Path(__file__).parent / "data" / "two_seats_v1.json"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def game_of(log: dict, path: Path):
    layers = tuple(cs.TWO_SEATS if r == "two_seats.wr" else r for r in log["rules"])
    return cs.game(layers, log["players"], tuple(log["options"]))


def as_json(value: dict) -> dict:
    return json.loads(json.dumps(value))


# ---- version 1 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [*V1_LOGS, TWO_SEATS_V1], ids=lambda p: p.stem)
def test_every_version_1_log_replays_on_the_core_to_its_recorded_scores(path: Path):
    log = load(path)
    assert log["version"] == 1
    state = replay(game_of(log, path), log)
    assert state.is_terminal()
    assert check_scores(state, log) == []
    assert state.winners() == log["winners"]
    sheets = [s.to_json() for s in state.scores()]
    assert [{k: v for k, v in s.items() if k != "choices"} for s in sheets] == \
        [{k: v for k, v in s.items() if k != "choices"} for s in log["scores"]]


def test_the_stored_logs_of_version_1_are_all_read():
    assert len(V1_LOGS) == 9


# Worked out by hand from the logs (seats: the left neighbour of seat s is s+1, the right one s-1):
#  base 3p, round 1: player 2 (seat 2) builds a stage paying 2 to the right: seat 1.
#  base 3p, round 6: player 0 builds the Temple paying 3 to the right: seat 2.
#  two-player, round 9: player 0 decides for the Free City (seat 2), paying 2 to its left
#    (seat 0) and 1 to its right (seat 1) - not to seat 0's neighbours.
#  two-player, round 4: player 0 for their own seat 0: 2 to the left (seat 1).
#  two seats, round 4: seat 1 (Babylon B, clay, a Duel Market) builds the Duel Shrine (wood)
#    from seat 0 (a Duel Sawpit, wood or clay) paying 2 "left": its one neighbour, seat 0.
HAND_CHECKED = [
    ("interpreter/golden/base_3p_seed3003.json", 1, "2", {"kind": "stage", "card": "Press", "pay": {"1": 2}}),
    ("interpreter/golden/base_3p_seed3003.json", 6, "0", {"kind": "build", "card": "Temple", "pay": {"2": 3}}),
    ("expansions/golden/two_player.json", 9, "0", {"kind": "stage", "card": "Timber Yard", "pay": {"0": 2, "1": 1}}),
    ("expansions/golden/two_player.json", 4, "0", {"kind": "stage", "card": "Clay Pit", "pay": {"1": 2}}),
    ("core/data/two_seats_v1.json", 4, "1", {"kind": "build", "card": "Duel Shrine", "pay": {"0": 2}}),
]


@pytest.mark.parametrize("name,index,player,expected", HAND_CHECKED)
def test_a_payment_to_the_left_and_right_is_paid_to_their_seats(name, index, player, expected):
    path = TESTS / name
    log = load(path)
    state = replay(game_of(log, path), log)
    assert to_log(state)["rounds"][index][player] == expected


def test_version_1_means_and_coins_are_the_way_and_the_amount():
    """Cities' debt: a loss paid partly in coins is a `pay` action with an amount; a chain
    build a way."""
    path = TESTS / "expansions" / "golden" / "cities_4p.json"
    log = load(path)
    v2 = to_log(replay(game_of(log, path), log))
    pairs = [(a, b) for r1, r2 in zip(log["rounds"], v2["rounds"]) for a, b in zip(r1.values(), r2.values())]
    assert any(a["kind"] == "pay" for a, _ in pairs) and any(a.get("means") == "chain" for a, _ in pairs)
    for old, new in pairs:
        assert new.get("way", "") == old.get("means", "")
        assert new.get("amount", 0) == old.get("coins", 0)
        assert sum(new.get("pay", {}).values()) == old.get("left", 0) + old.get("right", 0)


def test_version_1_deals_go_to_the_targets_of_the_deal_by_age():
    path = TESTS / "expansions" / "golden" / "two_player.json"
    log = load(path)
    v2 = to_log(replay(game_of(log, path), log))
    first = v2["deals"][0]
    assert (first["deal"], first["age"]) == ("age", 1)
    assert [(t["zone"], t["seat"]) for t in first["dealt"]] == [("hand", 0), ("hand", 1), ("pile", 2)]
    assert [t["cards"] for t in first["dealt"]] == log["deals"]["1"]["hands"] + [log["deals"]["1"]["piles"]["2"]]


def test_a_version_1_fingerprint_names_other_compiled_rules_and_is_not_compared():
    path = V1_LOGS[0]
    log = load(path)
    log["fingerprint"] = "sha256:" + "0" * 64
    assert replay(game_of(log, path), log).is_terminal()


# ---- version 2 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("layers,players,options", cs.TABLES, ids=cs.table_id)
def test_a_version_2_log_replays_to_the_same_game(layers, players, options):
    for seed in range(2):
        state = cs.random_game(layers, players, seed, options)
        log = as_json(to_log(state))
        assert log["version"] == LOG_VERSION == 2
        again = replay(cs.game(layers, players, options), log)
        assert as_json(to_log(again)) == log
        assert check_scores(again, log) == []
        assert [observation(again, p) for p in range(players)] == [observation(state, p) for p in range(players)]


def test_an_unfinished_game_replays_to_the_same_position():
    state = cs.random_game(("cities",), 4, seed=3, upto=11)
    log = as_json(to_log(state))
    assert "scores" not in log and len(log["rounds"]) == 11
    again = replay(cs.game(("cities",), 4), log)
    assert again.pending_decisions() == state.pending_decisions()
    assert [again.legal_actions(p) for p in range(4)] == [state.legal_actions(p) for p in range(4)]
    assert as_json(to_log(again)) == log


def test_a_replay_shows_each_round_before_it_is_applied():
    state = cs.random_game(("base", "two_player"), 2, seed=4)
    log = as_json(to_log(state))
    seen = []

    def before_round(index, position, actions):
        seen.append((index, position.pending_decisions(), actions))
        # the position is the game before the round: its actions are legal there
        assert all(a in position.legal_actions(p) for p, a in actions.items())

    replay(cs.game(("base", "two_player"), 2), log, before_round=before_round)
    decisions = [entry["actions"] for entry in state.history if entry["type"] == "decisions"]
    assert [i for i, _, _ in seen] == list(range(len(log["rounds"]))) == list(range(len(decisions)))
    assert [{str(p): a for p, a in actions.items()} for _, _, actions in seen] == decisions
    # the Free City's choices are asked of its controller in rounds of their own
    assert any(d.seat == 2 for _, pending, _ in seen for d in pending.values())


def test_a_version_2_log_reads_as_documented():
    state = cs.random_game(("base", "two_player"), 2, seed=6)
    log = as_json(to_log(state))
    assert list(log)[:4] == ["format", "version", "rules", "layers"]
    assert log["seats"][2] == {"seat": 2, "wonder": state.cities[2].board.name, "side": state.cities[2].board.side,
                               "neutral": True}
    assert [(d["deal"], d["age"]) for d in log["deals"]] == [("age", 1), ("age", 2), ("age", 3)]
    hands = [c for d in log["deals"] for t in d["dealt"] for c in t["cards"]]
    assert len(hands) == 3 * 3 * 7
    actions = [a for r in log["rounds"] for a in r.values()]
    assert all(set(a) <= {"kind", "card", "pay", "way", "amount"} for a in actions)
    paid = [a for a in actions if "pay" in a]
    assert paid and all(all(c > 0 and k.isdigit() for k, c in a["pay"].items()) for a in paid)


def test_a_replay_checks_the_recorded_scores():
    state = cs.random_game(("base",), 3, seed=2)
    log = as_json(to_log(state))
    log["scores"][1]["total"] += 1
    log["winners"] = [0, 1, 2]
    problems = check_scores(replay(cs.game(("base",), 3), log), log)
    total = log["scores"][1]["total"]
    assert problems == [f"seat 1: total is {total - 1} here, {total} in the log",
                        f"winners are {state.winners()} here, [0, 1, 2] in the log"]


@pytest.mark.parametrize("kept", [("scores", "winners"), ("scores",), ("winners",)])
def test_a_log_cut_short_that_records_the_end_of_the_game_is_refused(kept):
    state = cs.random_game(("base",), 3, seed=2)
    log = as_json(to_log(state))
    for name in {"scores", "winners"} - set(kept):
        del log[name]
    del log["rounds"][10:]  # a round a turn, six turns an age: the game waits for turn 5 of age 2
    what = "final scores" if "scores" in kept else "winners"
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base",), 3), log)
    assert str(caught.value) == (f"rounds: the game is not over after the 10 rounds of the log (age 2, turn 5), "
                                 f"yet the log records its {what}")
    assert caught.value.field == "rounds"
    for name in kept:
        del log[name]
    assert not replay(cs.game(("base",), 3), log).is_terminal()  # a log of a game under way


def test_every_deal_the_game_makes_must_be_recorded():
    state = cs.random_game(("base",), 3, seed=9)
    log = as_json(to_log(state))
    del log["deals"][2]
    with pytest.raises(ReplayError) as caught:
        replay(cs.game(("base",), 3), log)
    assert str(caught.value) == 'deals: the game deals "age" in age 3 here, and the log records no such deal'
    assert caught.value.round_index == 11  # the last round of age 2 ends the age


def test_a_recorded_deal_the_game_never_makes_is_refused():
    state = cs.random_game(("base",), 3, seed=9)
    log = as_json(to_log(state))
    log["deals"].append(copy.deepcopy(log["deals"][2]))
    with pytest.raises(ReplayError, match=r'^deals\[3\]: the game is over and never made this deal \("age" in '
                                          r'age 3\)$'):
        replay(cs.game(("base",), 3), log)


def test_a_log_recording_thousands_of_deals_is_refused_in_time_that_grows_with_its_size():
    # each fixed deal counted the deals before it: a log of 60,000 copies of one deal (25 MB,
    # under the limit of a log) took minutes to refuse
    state = cs.random_game(("base",), 3, seed=9)
    log = as_json(to_log(state))
    log["deals"] += [copy.deepcopy(log["deals"][2]) for _ in range(20_000)]
    started = time.perf_counter()
    with pytest.raises(ReplayError, match=r'^deals\[3\]: the game is over and never made this deal'):
        replay(cs.game(("base",), 3), log)
    assert time.perf_counter() - started < 30


# ---- the rules' fingerprint ---------------------------------------------------------------------------


def test_the_fingerprint_is_the_same_for_equal_rule_sets_and_ignores_where_things_were_written():
    rules = cs.core_rules("base")
    assert rules_fingerprint(cs.core_rules("base")) == rules_fingerprint(rules)
    again = __import__("wonderrules").load_rules("base")
    assert again is not rules and rules_fingerprint(again) == rules_fingerprint(rules)
    from wonderrules.interpreter import ir

    placed = attrs.evolve(rules, zones=tuple(attrs.evolve(z, origin=ir.Origin("base.wr", 3, 1)) for z in rules.zones))
    assert rules_fingerprint(placed) == rules_fingerprint(rules)


def test_a_log_records_the_fingerprint_of_its_rules():
    rules = cs.core_rules("base")
    log = as_json(to_log(cs.random_game(("base",), 3, seed=5)))
    assert log["fingerprint"] == rules_fingerprint(rules)
    assert log["fingerprint"].startswith("sha256:") and len(log["fingerprint"]) == 7 + 64


def test_the_fingerprint_changes_with_anything_that_plays():
    rules = cs.core_rules("base")
    cheaper = attrs.evolve(rules, market=attrs.evolve(rules.market, price=1))
    richer = attrs.evolve(rules, settings=attrs.evolve(rules.settings, start_coins=4))
    prints = {rules_fingerprint(r) for r in (rules, cheaper, richer)}
    assert len(prints) == 3 and all(p.startswith("sha256:") and len(p) == 71 for p in prints)


def test_the_fingerprint_is_computed_once_per_rule_set(monkeypatch):
    """Writing and replaying logs take the fingerprint of the rule set; its SHA-256 is computed
    once per rule set (it was most of the time of either call), whichever Game plays it."""
    import hashlib
    import random

    from wonderrules.interpreter.game import Game

    rules = attrs.evolve(cs.core_rules("base"))  # equal rules, and an object nothing has read yet
    real = hashlib.sha256
    computed = []

    def counted(*args, **kwargs):
        computed.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hashlib, "sha256", counted)
    logs = []
    for seed in (1, 2):
        state = Game(rules, 3).new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(5):
            state.apply_actions(cs.random_round(state, rng))
        logs += [as_json(to_log(state)), as_json(to_log(state))]
    for log in logs:
        replay(Game(rules, 3), log)
    assert len(computed) == 1
    assert {log["fingerprint"] for log in logs} == {rules_fingerprint(cs.core_rules("base"))}


def test_the_fingerprint_is_the_same_for_a_rule_set_from_text_and_from_its_compiled_json():
    from wonderrules.interpreter.serial import rules_from_json, rules_to_json

    rules = cs.core_rules("cities")
    assert rules_fingerprint(rules_from_json(rules_to_json(rules))) == rules_fingerprint(rules)


def test_a_replay_against_other_rules_is_refused():
    from wonderrules.interpreter.game import Game

    state = cs.random_game(("base",), 3, seed=1)
    log = as_json(to_log(state))
    rules = cs.core_rules("base")
    other = Game(attrs.evolve(rules, settings=attrs.evolve(rules.settings, start_coins=4)), 3)
    with pytest.raises(ReplayError) as caught:
        replay(other, log)
    assert str(caught.value).startswith("fingerprint: the log was recorded with other rules than these "
                                        f"(fingerprint {log['fingerprint'][:19]}... in the log, ")
    del log["fingerprint"]
    assert replay(other, log) is not None or True  # replays as far as the rules allow, checked action by action


def test_a_log_is_not_changed_by_a_replay_and_the_log_written_is_not_the_game():
    state = cs.random_game(("cities",), 4, seed=1)
    log = to_log(state)
    before = copy.deepcopy(log)
    replay(cs.game(("cities",), 4), log)
    assert log == before
    log["rounds"][0]["0"]["kind"] = "changed"
    log["deals"][0]["dealt"][0]["cards"].clear()
    assert to_log(state) == before


def test_start_from_log_sets_up_the_recorded_deal():
    state = cs.random_game(("cities", "two_player"), 2, seed=5)
    log = as_json(to_log(state))
    start = start_from_log(cs.game(("cities", "two_player"), 2), log)
    assert start.history[1]["dealt"] == [[t["zone"], t["seat"], t["cards"]] for t in log["deals"][0]["dealt"]]
    assert start.pending_decisions() == replay(cs.game(("cities", "two_player"), 2), log, upto=0).pending_decisions()


# ---- a deal of another deck, before the first age, with cards put aside ---------------------------------


def _leaders_rules():
    """The base game with a deck of six leaders: before the first age each player gets two into
    a reserve only they see, the rest goes to a pile of the table nobody sees."""
    from wonderrules.interpreter import ir

    rules = cs.core_rules("base")
    leaders = tuple(ir.Card(f"Leader {i}", "blue", deck="leaders") for i in range(1, 7))
    deal = ir.Deal("leaders", "leaders", (ir.DealTarget("reserve", "players", ir.Num(2)),), rest="leader pile")
    return attrs.evolve(
        rules, decks=rules.decks + ("leaders",), cards=rules.cards + leaders,
        zones=rules.zones + (ir.Zone("reserve", seen_by="owner"), ir.Zone("leader pile", per="shared")),
        deals=rules.deals + (deal,), flow=(ir.DealStep("leaders"),) + rules.flow)


def test_a_deal_of_any_deck_is_recorded_with_its_zones_seats_and_the_cards_put_aside():
    from wonderrules.interpreter.game import Game

    game = Game(_leaders_rules(), 3)
    state = game.new_initial_state(seed=4)
    rng = __import__("random").Random(4)
    while not state.is_terminal():
        state.apply_actions(cs.random_round(state, rng))
    log = as_json(to_log(state))
    first = log["deals"][0]
    assert (first["deal"], first["age"]) == ("leaders", 0)
    assert [(t["zone"], t["seat"], len(t["cards"])) for t in first["dealt"]] == [("reserve", p, 2) for p in range(3)]
    dealt = [c for t in first["dealt"] for c in t["cards"]]
    assert len(first["rest"]) == 0 and sorted(dealt) == [f"Leader {i}" for i in range(1, 7)]
    assert [(d["deal"], d["age"]) for d in log["deals"][1:]] == [("age", 1), ("age", 2), ("age", 3)]
    again = replay(game, log)
    assert as_json(to_log(again)) == log and check_scores(again, log) == []
    reserve = again.catalog.zone_index["reserve"]
    assert [[c.name for c in again.cities[p].zones[reserve]] for p in range(3)] == \
        [t["cards"] for t in first["dealt"]]
    seen = observation(again, 1)["cities"]
    assert "cards" in seen[1]["zones"]["reserve"] and seen[0]["zones"]["reserve"] == {"size": 2}


def test_the_cards_put_aside_by_a_deal_are_recorded_and_replayed():
    from wonderrules.interpreter import ir
    from wonderrules.interpreter.game import Game

    rules = _leaders_rules()
    one_each = attrs.evolve(rules, deals=tuple(
        attrs.evolve(d, targets=(ir.DealTarget("reserve", "players", ir.Num(1)),)) if d.name == "leaders" else d
        for d in rules.deals))
    game = Game(one_each, 3)
    state = game.new_initial_state(seed=2)
    log = as_json(to_log(state))
    first = log["deals"][0]
    assert len(first["rest"]) == 3
    pile = state.shared[state.catalog.zone_index["leader pile"]]
    assert first["rest"] == [c.name for c in pile]
    assert "cards" not in observation(state, 0)["table"]["leader pile"]
    again = start_from_log(game, log)
    assert [c.name for c in again.shared[again.catalog.zone_index["leader pile"]]] == first["rest"]
    log["deals"][0]["rest"][0] = "Altar"
    with pytest.raises(ReplayError, match=r'^deals\[0\]\.rest\[0\]: "Altar" is not a card of the deck "leaders" '
                                          r'in these rules$'):
        replay(game, log)
