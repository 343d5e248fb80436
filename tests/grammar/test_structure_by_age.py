"""Hands and turns that change with the age (`hand 7 - 2 * (age == 4)`): the table counts each
age's, and the checks of the hand size, the turns and the decks follow each age."""

from __future__ import annotations

from grammar_support import codes, only

from wonderrules.interpreter import serial
from wonderrules.interpreter.config import resolve_config


def test_each_age_has_the_hand_and_the_turns_its_expressions_give(compile_layer) -> None:
    """Mini: 2 ages, hands of 2. Age 2 deals hands of 1 and plays 1 turn; its deck is cut to
    match: 3 and 4 cards (Sawmill 3+ 4+, Temple 3+, Glassworks 3+)."""
    r = compile_layer("game {\n  override hand 3 - age\n  override turns hand\n}\n"
                      'remove card "Quarry"\nremove card "Walls"\nremove card "Lab"\n')
    assert r.ok, [f"{d.code} {d.message}" for d in r.diagnostics]
    cfg = resolve_config(r.rules, 3)
    assert (cfg.hand, cfg.turns) == (2, 2)  # those of Age I
    assert cfg.hands_by_age == (2, 2, 1) and cfg.turns_by_age == (2, 2, 1)
    assert cfg.variables(2) == {"players": 3, "seats": 3, "ages": 2, "age": 2, "turns": 1, "hand": 1}
    # the compiled rule set, written and read back, is accepted by the loader's checks
    assert serial.rules_from_json(serial.rules_to_json(r.rules)) == r.rules


def test_more_turns_than_cards_in_one_age_is_refused(compile_layer) -> None:
    d = only(compile_layer("game { override turns age + 1 }\n"), "E0303")
    assert d.message == "3 turns but hands of 2 cards (3 and 4 players)"


def test_a_hand_beyond_the_engine_in_one_age_is_refused(compile_layer) -> None:
    r = compile_layer("game { override hand 2 + 100 * (age - 1) }\n")
    assert "E0104" in codes(r)
    d = next(d for d in r.diagnostics if d.code == "E0104")
    assert d.message.startswith("hands of 102 cards (3 and 4 players): beyond what the engine accepts")
