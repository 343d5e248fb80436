"""`wr simulate`, `wr play` and `wr replay` on a rule set whose players choose cards of a zone of
the table at once (tests/interpreter/data/table_draft.wr): two of them often choose the same
card, and the one behind in the round's order chooses again. Every agent plays such games to the
end, and a game's log replays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from simulation_runs import run

DRAFT = Path(__file__).parents[1] / "interpreter" / "data" / "table_draft.wr"


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:2"])
def test_wr_simulate_plays_such_games_with_every_agent(spec: str) -> None:
    result = run("simulate", "--rules", str(DRAFT), "-p", "3", "-n", "3", "-j", "1", "--agents", spec, "--cards", "1")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("3 games, 3 players (base + table_draft): ")


def test_wr_play_writes_a_log_that_wr_replay_verifies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(DRAFT, tmp_path / "table_draft.wr")
    monkeypatch.chdir(tmp_path)
    played = run("play", "--rules", "table_draft.wr", "-p", "3", "-s", "2", "--agents", "greedy", "--log", "game.json")
    assert played.exit_code == 0, played.output
    replayed = run("replay", "game.json")
    assert replayed.exit_code == 0, replayed.output
    assert "the recorded scores match" in replayed.output
