"""`wr simulate`, `wr play` and `wr replay` on a rule set whose players choose cards of a zone of
the table at once (tests/interpreter/data/table_draft.wr): two of them often choose the same
card, and the one behind in the round's order chooses again. Every agent plays such games to the
end, a game's log replays, and its account shows the choice made again in its round."""

from __future__ import annotations

import json
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


def _trace_json(*args: str) -> dict:
    result = run("trace", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_wr_trace_shows_a_choice_made_again_in_the_round_it_belongs_to(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3, random agents: the second draft round leaves Solomon and Nero on the table; seat 0
    keeps Solomon, seats 1 and 2 chose it too; both choose again, Nero, which seat 1 takes; seat
    2 has nothing left."""
    shutil.copy(DRAFT, tmp_path / "table_draft.wr")
    monkeypatch.chdir(tmp_path)
    new = _trace_json("--rules", "table_draft.wr", "-p", "3", "-s", "3", "--agents", "random")
    second = new["rounds"][1]
    assert second["title"] == "keep a leader from the table"
    assert [(p["seat"], p["label"], p["first_choice"], p["passed"], p["title"]) for p in second["plays"]] == [
        (0, "keep Solomon", "", False, "keep a leader from the table"),
        (1, "keep Nero", "Solomon", False, "keep a leader from the table"),
        (2, "keep Nero", "Solomon", True, "keep a leader from the table"),
    ]
    assert new["rounds"][2]["decisions"] == ["play"]
    text = run("trace", "--rules", "table_draft.wr", "-p", "3", "-s", "3", "--agents", "random").output
    assert "keep Nero (first chose Solomon, taken by a seat ahead)" in text
    assert "nothing (chose Solomon, taken by a seat ahead; none left)" in text
    # the log of the same game traces the same
    assert run("play", "--rules", "table_draft.wr", "-p", "3", "-s", "3", "--log", "game.json").exit_code == 0
    logged = _trace_json("game.json")
    assert logged["rounds"] == new["rounds"]
