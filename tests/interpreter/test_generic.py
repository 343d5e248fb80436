"""The engine is generic: its code names no card, wonder, resource or mechanic of the game (the
team's checker tool), and it plays a compiled rule set without the parser (no lark imported)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: the team's checker, in the `shared` folder beside the project or beside the folder of its worktrees
CHECKER = next((p / "shared" / "tools" / "check_generic_engine.py" for p in ROOT.parents[:2]
                if (p / "shared" / "tools" / "check_generic_engine.py").is_file()),
               ROOT.parent / "shared" / "tools" / "check_generic_engine.py")


@pytest.mark.skipif(not CHECKER.is_file(), reason=f"the checker tool is not at {CHECKER}")
def test_interpreter_code_names_nothing_of_the_game():
    result = subprocess.run([sys.executable, str(CHECKER)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_compiled_rule_set_plays_without_the_parser(tmp_path):
    """`wr compile base` writes JSON; a fresh interpreter loads it with load_compiled, plays a whole
    game, and never imports lark."""
    out = tmp_path / "base.json"
    wr_cli = Path(sys.executable).with_name("wr")
    cmd = [str(wr_cli)] if wr_cli.is_file() else [sys.executable, "-m", "wonderrules.cli"]
    compiled = subprocess.run(cmd + ["compile", "base", "-o", str(out)], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
    assert compiled.returncode == 0, compiled.stderr
    assert out.is_file()
    program = textwrap.dedent(f"""
        import sys
        import wonderrules
        rules = wonderrules.load_compiled({str(out)!r})
        game = wonderrules.Game(rules, players=5)
        state = game.new_initial_state(seed=3)
        while not state.is_terminal():
            state.apply_actions({{p: state.legal_actions(p)[-1] for p in state.pending_decisions()}})
        assert len(state.scores()) == 5
        assert state.winners()
        assert "lark" not in sys.modules, sorted(m for m in sys.modules if "lark" in m)
        assert not any(m.startswith("wonderrules.grammar") for m in sys.modules)
        print("ok", [s.total for s in state.scores()])
    """)
    played = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stdout + played.stderr
    assert played.stdout.startswith("ok")
