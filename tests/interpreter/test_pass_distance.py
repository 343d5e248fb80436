"""Hands pass a number of players away: `pass left 2, right, left` in the game block (per age)
and `pass hand right 2` in the flow. A hand goes to the player that many seats away in its
direction, going round the table; the players of a table without a distance are unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import wonderrules
from wonderrules.grammar.compiler import compile_rules


def _rules(compile_files: Any, text: str) -> Any:
    result = compile_files({"far.wr": "ruleset far extends base\n" + text})
    assert result.ok, [f"{d.code} {d.message}" for d in result.diagnostics]
    return result.rules


def _hands(state: Any) -> list[list[str]]:
    hand = state.catalog.zone_index["hand"]
    return [[c.name for c in state.cities[seat].zones[hand]] for seat in range(state.players)]


def _play_a_turn(state: Any) -> list[list[str]]:
    """Every player sells their first card; the hands each player keeps, before they pass."""
    kept = _hands(state)
    choices = {}
    for seat in state.pending_decisions():
        sale = next(a for a in state.legal_actions(seat) if a.kind == "sell")
        choices[seat] = sale
        kept[seat].remove(sale.card)
    state.apply_actions(choices)
    return kept


def _to_next_age(state: Any) -> None:
    age = state.age
    while state.age == age:
        _play_a_turn(state)


def test_hands_pass_the_distance_of_the_age(compile_files: Any) -> None:
    rules = _rules(compile_files, "game { override pass left 2, right, left 3 }\n")
    assert rules.settings.pass_distances == (2, 1, 3)
    state = wonderrules.Game(rules, 5).new_initial_state(seed=4)
    kept = _play_a_turn(state)
    # Age I, `left 2`: the hand seat s kept is now seat s + 2's, round the table
    assert _hands(state) == [kept[(seat - 2) % 5] for seat in range(5)]
    _to_next_age(state)
    kept = _play_a_turn(state)
    # Age II, `right`: one seat the other way, as in the base game
    assert _hands(state) == [kept[(seat + 1) % 5] for seat in range(5)]
    _to_next_age(state)
    kept = _play_a_turn(state)
    assert _hands(state) == [kept[(seat - 3) % 5] for seat in range(5)]


def test_a_step_of_the_flow_passes_its_own_distance(compile_files: Any) -> None:
    flow = ("override flow {\n  at start of game\n  each age {\n    deal age\n    at start of age\n"
            "    each turn {\n      at start of turn\n      round play\n      if turn == turns { at last turn }\n"
            "      at end of turn\n      if turn < turns { pass hand right 2 }\n    }\n    at end of age\n  }\n"
            "  at end of game\n}\n")
    state = wonderrules.Game(_rules(compile_files, flow), 4).new_initial_state(seed=2)
    kept = _play_a_turn(state)
    assert _hands(state) == [kept[(seat + 2) % 4] for seat in range(4)]


def test_without_a_distance_the_compiled_rules_are_those_of_before() -> None:
    """`pass left, right, left` compiles to no distance at all: the fingerprints of the bundled
    rule sets (recorded in game logs) stay as they were, that of the Leaders golden log among them."""
    for name in ("base", "two_player", "leaders"):
        rules = wonderrules.load_rules(name)
        assert rules.settings.pass_distances == ()
    golden = Path(__file__).resolve().parents[1] / "expansions" / "golden" / "leaders" / "leaders_4p.json"
    assert wonderrules.load_rules("leaders").fingerprint == json.loads(golden.read_text("utf-8"))["fingerprint"]


def test_a_distance_beyond_any_table_is_refused(tmp_path: Any) -> None:
    path = tmp_path / "far.wr"
    path.write_text("ruleset far extends base\ngame { override pass left 0, right, left }\n", encoding="utf-8")
    result = compile_rules([str(path)])
    assert [(d.code, d.message) for d in result.diagnostics] == [("E0104", "hands cannot pass 0 players away")]


def test_a_distance_may_depend_on_the_player_count(compile_files: Any) -> None:
    rules = _rules(compile_files, "game { when players 6, 7 { pass left 2, right 2, left 2 } }\n")
    assert wonderrules.Game(rules, 5).config.pass_steps[1:] == (1, -1, 1)
    assert wonderrules.Game(rules, 6).config.pass_steps[1:] == (2, -2, 2)
