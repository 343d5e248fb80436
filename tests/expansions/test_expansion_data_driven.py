"""The expansions are data: compiled to JSON they play without the parser, and a variant layer of
a few lines changes how the engine plays them, with no Python of their own."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from expansion_support import FREE_CITY

import wonderrules as wr
from wonderrules.interpreter.serial import rules_to_json

ROOT = Path(__file__).resolve().parents[2]


def test_compiled_cities_two_player_plays_without_the_parser(tmp_path):
    """Cities and the two-player variant, compiled together, play a whole game from JSON: debt
    decisions, the Free City's decisions and its pile included; lark is never imported. (The
    `wr compile` command writes the same JSON; the CLI's tests cover it.)"""
    out = tmp_path / "cities_two_player.json"
    out.write_text(rules_to_json(wr.load_rules("cities", "two_player")), encoding="utf-8")
    program = textwrap.dedent(f"""
        import sys
        import wonderrules
        rules = wonderrules.load_compiled({str(out)!r})
        game = wonderrules.Game(rules, players=2)
        kinds = set()
        for seed in range(6):
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                pend = state.pending_decisions()
                kinds |= {{(d.kind, d.seat == 2) for d in pend.values()}}
                state.apply_actions({{p: state.legal_actions(p)[seed % 2 - 1] for p in pend}})
            assert set(state.winners()) <= {{0, 1}}
            first = next(r for r in state.history if r["type"] == "deal")
            assert [(zone, len(names)) for zone, _, names in first["dealt"]] == [("hand", 8)] * 2 + [("pile", 8)]
        assert ("play", True) in kinds, kinds
        assert "lark" not in sys.modules
        assert not any(m.startswith("wonderrules.grammar") for m in sys.modules)
        print("ok", sorted(kinds))
    """)
    played = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stdout + played.stderr
    assert played.stdout.startswith("ok")


VARIANT = """\
ruleset alt "Free City card with the same player in every age" extends two_player

override seat "Free City" {
  controller starts: left, left, left
  control follows hand
  resolves first
  pays any seller
  never wins
  prefer per card: build by chain > *
  prefer: * > sell
  each start of turn: draw 1 card from pile into hand of controller
}
"""


def test_variant_layer_moves_the_free_city_card(tmp_path, monkeypatch):
    """A variant that keeps the Free City card with the same player in every age is a layer
    declaring the seat again (`override seat "Free City" { ... controller starts: left, left,
    left ... }`): in Age II the player on the Free City's left (seat 0) starts with its card, not
    the player on its right as in two_player.wr."""
    (tmp_path / "alt.wr").write_text(VARIANT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rules = wr.load_rules("cities", "two_player", str(tmp_path / "alt.wr"))
    st = wr.Game(rules, players=2, sides="A").new_initial_state(seed=1)
    starts = {}
    while not st.is_terminal():
        if st.turn == 1:
            starts[st.age] = st.controller[FREE_CITY]
        pend = st.pending_decisions()
        st.apply_actions({p: st.legal_actions(p)[-1] for p in pend})
    assert starts == {1: 0, 2: 0, 3: 0}
