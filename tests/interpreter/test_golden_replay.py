"""Golden playthroughs: stored logs of random-agent games at 3 to 7 players, replayed and
compared with their recorded score sheets and winners.

The stored logs were recorded by the first engine, in log format version 1 (payments as `left`
and `right` coins, deals by age); the interpreter reads that version, and the checks below read
both it and the current version (payments per seller seat, a list of deals).

Regenerate with `WR_UPDATE_GOLDEN=1 pytest tests/interpreter/test_golden_replay.py`, then check
the new files by hand as was done for the stored ones (HAND_CHECKED below: a deal, one trade
payment and one Age's military resolution per file, each worked out from the rules against the
log) and update HAND_CHECKED to the new games.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from engine_support import game, left_right

import wonderrules as wr
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.log import check_scores, replay

# Checked by hand against each stored log (seats: left(s) = s+1, right(s) = s-1):
#  3p (Olympia A, Babylon B, Alexandria B):
#   round 1: Alexandria B stage 1 (2 clay): its Clay Pool + Babylon's clay on its right: (0, 2) only.
#   round 6: Olympia's Temple (wood, clay, glass): own wood; clay at 1 from the right (East
#     Trading Post) and glass at 2 from the right (Alexandria), or clay at 2 from Babylon on the
#     left: (0, 3) and (2, 2).
#   military: no shields in Age I; Age II Babylon 2 (Stables): +3 +3, the others -1 each; Age III
#     Olympia 0, Babylon 2, Alexandria 3 (Arsenal): Olympia -1 -1, Babylon +5 -1, Alexandria +5 +5.
#     Totals -3, 10, 9.
#  4p (Babylon B, Halicarnassus A, Ephesus B, Giza A):
#   round 2: Babylon's Apothecary (loom): loom only from Halicarnassus' board on the left (Giza on
#     the right has stone and a Clay Pit): (2, 0) only.
#   military: shields after Ages I, II, III: 1 0 0 1, 1 0 0 1, 1 5 0 1 (Halicarnassus' Ages III
#     cards): Babylon +1, +3, -1; Halicarnassus -1, -1, +5 +5; Ephesus -1, -1, -1 -1;
#     Giza +1, +3, +5. Totals 3, 8, -4, 9.
#  5p (Alexandria B, Giza B, Rhodes A, Halicarnassus A, Babylon A):
#   round 1: Alexandria B stage 1 (2 clay): 1 from Giza's Clay Pit on the left at 1 (its West
#     Trading Post), 1 from Babylon on the right at 2: (1, 2) only.
#   round 7: Rhodes' Courthouse (2 clay, loom): clay only on the right (Giza's Clay Pit and
#     Excavation), loom on the left (Halicarnassus): (2, 4) only.
#   military: Age I nobody; Age II Alexandria 2 (Walls): +3 +3, Giza and Babylon -1; Age III
#     Alexandria 8, Rhodes 3, the others 0: Alexandria +5 +5, Rhodes +5 +5, Giza -1 -1,
#     Halicarnassus -1, Babylon -1. Totals 16, -3, 10, -1, -2.
#  6p (Rhodes B, Giza B, Babylon A, Alexandria B, Halicarnassus B, Ephesus A):
#   round 1: Alexandria's Stockade (wood): wood only from Halicarnassus' Tree Farm on the left
#     (Babylon on the right has clay and nothing built): (2, 0) only.
#   military: shields 0 0 0 1 0 0, 2 2 0 5 0 0, 5 2 0 5 0 3: Rhodes 0, +3, +5 +5; Giza 0, +3, +5 -1;
#     Babylon -1, -1 -1, -1 -1; Alexandria +1 +1, +3 +3, +5 +5; Halicarnassus -1, -1, -1 -1;
#     Ephesus 0, -1, -1 +5. Totals 13, 7, -5, 18, -4, 3.
#  7p (Olympia B, Giza A, Ephesus B, Halicarnassus B, Babylon B, Rhodes A, Alexandria B):
#   round 5: Ephesus B stage 1 (2 stone): Giza's stone and Stone Pit on the right: (0, 4) only.
#   military: Rhodes 1 shield in Ages I and II: +1 +1, +3 +3, Babylon and Alexandria -1 each time;
#     Age III Olympia 3, Rhodes 4, Alexandria 6: Olympia +5 -1, Giza -1, Babylon -1, Rhodes +5 -1,
#     Alexandria +5 +5. Totals 4, -1, 0, 0, -3, 12, 8.
HAND_CHECKED = {
    3: {"payments": [(1, 2, "stage", "Press", {(0, 2)}), (6, 0, "build", "Temple", {(0, 3), (2, 2)})],
        "military": [-3, 10, 9]},
    4: {"payments": [(2, 0, "build", "Apothecary", {(2, 0)})],
        "military": [3, 8, -4, 9]},
    5: {"payments": [(1, 0, "stage", "Barracks", {(1, 2)}), (7, 2, "build", "Courthouse", {(2, 4)})],
        "military": [16, -3, 10, -1, -2]},
    6: {"payments": [(1, 3, "build", "Stockade", {(2, 0)})],
        "military": [13, 7, -5, 18, -4, 3]},
    7: {"payments": [(5, 2, "stage", "Tavern", {(0, 4)})],
        "military": [4, -1, 0, 0, -3, 12, 8]},
}

GOLDEN = Path(__file__).resolve().parent / "golden"
SEEDS = {3: 3003, 4: 4004, 5: 5005, 6: 6006, 7: 7007}
UPDATE = os.environ.get("WR_UPDATE_GOLDEN") == "1"


def _path(players: int) -> Path:
    return GOLDEN / f"base_{players}p_seed{SEEDS[players]}.json"


def _generate(players: int) -> dict:
    seed = SEEDS[players]
    state = game(players, "random").new_initial_state(seed)
    agents = [make_agent("random", seed + p) for p in range(players)]
    while not state.is_terminal():
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    log = wr.to_log(state, ["base"])
    log["agents"] = ["random"] * players
    return log


def _hands(log: dict, age: int) -> list[list[str]]:
    """The hands dealt to the players in an age, from a log of either version."""
    if log["version"] == 1:
        return log["deals"][str(age)]["hands"]
    deal = next(d for d in log["deals"] if d["age"] == age)
    return [d["cards"] for d in deal["dealt"] if d["zone"] == "hand"]


def _paid(log: dict, action: dict, player: int) -> tuple[int, int]:
    """(coins to the left neighbour, coins to the right neighbour) of a logged action."""
    if log["version"] == 1:
        return action.get("left", 0), action.get("right", 0)
    pay = action.get("pay", {})
    players = log["players"]
    return pay.get(str((player + 1) % players), 0), pay.get(str((player - 1) % players), 0)


def _load(players: int) -> dict:
    path = _path(players)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(_generate(players), indent=1) + "\n", encoding="utf-8")
    if not path.is_file():
        pytest.fail(f"missing golden log {path.name}: run with WR_UPDATE_GOLDEN=1")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_golden_log_replays_to_its_scores(players):
    log = _load(players)
    state = wr.replay(game(players), log)
    assert state.is_terminal()
    assert check_scores(state, log) == []
    assert [s.to_json() for s in state.scores()] == log["scores"]
    assert state.winners() == log["winners"]


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_golden_log_agrees_with_the_hand_checks(players):
    """The deal sizes, trade payments and military totals worked out by hand from each log."""
    log = _load(players)
    checked = HAND_CHECKED[players]
    for age in (1, 2, 3):
        hands = _hands(log, age)
        assert len(hands) == players and all(len(h) == 7 for h in hands)
    guilds = [n for h in _hands(log, 3) for n in h if n.endswith(" Guild")]
    assert len(set(guilds)) == len(guilds) == players + 2
    for rnd, player, kind, card, expected in checked["payments"]:
        action = log["rounds"][rnd][str(player)]
        assert (action["kind"], action["card"]) == (kind, card)
        assert _paid(log, action, player) in expected
        before = replay(game(players), log, upto=rnd)
        got = {left_right(before, player, a) for a in before.legal_actions(player)
               if a.kind == kind and a.card == card}
        assert got == expected
    assert [s["military"] for s in log["scores"]] == checked["military"]


def test_every_table_size_has_a_golden_log():
    assert {p for p in SEEDS} == {3, 4, 5, 6, 7}
    stored = sorted(p.name for p in GOLDEN.glob("*.json"))
    assert stored == sorted(_path(p).name for p in SEEDS)
