"""`wr trace`: a log traces exactly as the game it records played anew from its seed; the Cities
and two-player rule sets trace (losses paid in coins or taken as tokens, the Free City's cards
chosen by its controller); a log is read as `wr replay` reads it, and a bad one gets the same
one-sentence error; the options are checked before anything is played."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main


def wr(*args: str):
    return CliRunner().invoke(main, list(args))


def without_title(output: str) -> str:
    """A trace but its first line (the title names the log, or the game played)."""
    return output.split("\n", 1)[1]


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    result = wr("play", "-p", "4", "-s", "7", "--agents", "greedy,random", "--log", "logs/game.json")
    assert result.exit_code == 0, result.output
    return tmp_path / "logs" / "game.json"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_log_traces_as_the_same_seed_played_anew(played: Path, fmt: str) -> None:
    from_log = wr("trace", str(played), "--format", fmt)
    anew = wr("trace", "-p", "4", "-s", "7", "--agents", "greedy,random", "--format", fmt)
    assert from_log.exit_code == anew.exit_code == 0, from_log.output + anew.output
    if fmt == "json":
        a, b = json.loads(from_log.stdout), json.loads(anew.stdout)
        assert a.pop("title") == f"Trace of {played}" and b.pop("title") == "7 Wonders (base), 4 players, seed 7"
        assert a == b
        assert a["seats"][1]["agent"] == "random" and len(a["rounds"]) >= 18
    else:
        assert from_log.stdout.startswith(f"Trace of {played}\n")
        assert without_title(from_log.stdout) == without_title(anew.stdout)


def test_another_seed_is_another_game(played: Path) -> None:
    assert without_title(wr("trace", str(played)).stdout) != without_title(wr("trace", "-p", "4", "-s", "8").stdout)


def test_cities_traces_its_losses_paid_in_coins_or_taken_as_tokens() -> None:
    result = wr("trace", "-p", "5", "-s", "1", "--rules", "cities", "--format", "json")
    assert result.exit_code == 0, result.output
    account = json.loads(result.stdout)
    losses = [(r, p) for r in account["rounds"] for p in r["plays"] if p["decision"] == "pay"]
    assert losses
    for rnd, play in losses:
        # what is paid in coins goes to the bank; what is not, comes as debt tokens
        lost = int(play["title"].split()[1])
        city = next(c for c in rnd["cities"] if c["seat"] == play["seat"])
        assert play["bank"] == play["action"].get("amount", 0) <= lost
        debt = city["tokens_change"].get("debt", {"count": 0})["count"]
        assert debt >= lost - play["bank"]
    text = wr("trace", "-p", "5", "-s", "1", "--rules", "cities").stdout
    # the action's title in cities.wr: "pay {amount} of {loss}"
    assert re.search(r"pay 0 of [1-9]", text) and "debt" in text and "Score sheet" in text


def test_the_free_city_is_played_by_its_controller_in_the_round_of_the_players() -> None:
    result = wr("trace", "-p", "2", "-s", "3", "--rules", "two_player", "--format", "json")
    assert result.exit_code == 0, result.output
    account = json.loads(result.stdout)
    assert account["seats"][2]["neutral"] == "Free City"
    turns = [r for r in account["rounds"] if r["decisions"] == ["play"]]
    assert len(turns) == 3 * 6
    for rnd in turns:
        # each turn: both players, and the Free City chosen by one of them
        assert sorted(p["seat"] for p in rnd["plays"]) == [0, 1, 2]
        [free_city] = [p for p in rnd["plays"] if p["seat"] == 2]
        assert free_city["player"] in (0, 1)
    text = wr("trace", "-p", "2", "-s", "3", "--rules", "two_player").stdout
    assert "(Free City)" in text and "(chosen by player 0)" in text


def test_the_cities_of_the_two_player_game_trace_over_a_few_seeds() -> None:
    for seed in range(3):
        result = wr("trace", "-p", "2", "-s", str(seed), "--rules", "cities", "--rules", "two_player")
        assert result.exit_code == 0, result.output
        assert "Winner" in result.stdout


def test_an_unfinished_game_is_traced_as_far_as_it_goes(played: Path) -> None:
    log = json.loads(played.read_text(encoding="utf-8"))
    del log["rounds"][5:]
    del log["scores"], log["winners"]
    del log["deals"][1:]
    short = played.with_name("short.json")
    short.write_text(json.dumps(log), encoding="utf-8")
    result = wr("trace", str(short))
    assert result.exit_code == 0, result.output
    assert "The game is not over (age 1, turn 6)." in result.stdout and "Score sheet" not in result.stdout
    assert json.loads(wr("trace", str(short), "--format", "json").stdout)["over"] is False


# ---- bad input ----------------------------------------------------------------------------------------

def _bad_logs(folder: Path, played: Path) -> dict[str, list[str]]:
    """Logs that `wr replay` refuses, each with the arguments that name it."""
    log = json.loads(played.read_text(encoding="utf-8"))
    cases: dict[str, list[str]] = {"missing": [str(folder / "nothing.json")], "folder": [str(folder)]}
    (folder / "broken.json").write_text('{"format": "wonder-rules game log", "rounds": [', encoding="utf-8")
    cases["not JSON"] = [str(folder / "broken.json")]
    wrong = json.loads(json.dumps(log))
    wrong["rounds"][1]["0"]["card"] = "Nowhere"
    (folder / "illegal.json").write_text(json.dumps(wrong), encoding="utf-8")
    cases["an illegal action"] = [str(folder / "illegal.json")]
    typed = json.loads(json.dumps(log))
    typed["rounds"][0]["1"]["pay"] = {"0": "x"}
    (folder / "typed.json").write_text(json.dumps(typed), encoding="utf-8")
    cases["a field of the wrong type"] = [str(folder / "typed.json")]
    hostile = json.loads(json.dumps(log))
    hostile["rules"] = ["/etc/passwd.wr"]
    (folder / "hostile.json").write_text(json.dumps(hostile), encoding="utf-8")
    cases["rules outside its folder"] = [str(folder / "hostile.json")]
    cases["other rules"] = [str(played), "--rules", "cities"]
    return cases


def test_a_bad_log_gets_the_error_wr_replay_gives(played: Path) -> None:
    for case, args in _bad_logs(played.parent, played).items():
        traced, replayed = wr("trace", *args), wr("replay", *args)
        assert traced.exit_code == replayed.exit_code == 1, (case, traced.output)
        assert traced.output == replayed.output, case
        lines = traced.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (case, traced.output)
        assert "Traceback" not in traced.output


@pytest.mark.parametrize(("args", "message"), [
    ([], "give a log file to trace, or --players (and --seed) for a new game"),
    (["LOG", "-p", "3"], "give a log file or --players for a new game, not both"),
    (["LOG", "-s", "2"], "--seed is for a new game (with --players); a log fixes its own game"),
    (["LOG", "--agents", "greedy", "--sides", "A"],
     "--agents and --sides are for a new game (with --players); a log fixes its own game"),
    (["-p", "3", "--seat", "3"], "Invalid value for '--seat': there is no seat 3 at this table (seats 0 to 2)"),
    (["-p", "3", "--agents", "clever"], "no agent 'clever'"),
    (["-p", "1"], "base plays 3 to 7 players, not 1"),
])
def test_wrong_options_are_refused_with_a_reason(played: Path, args: list[str], message: str) -> None:
    result = wr("trace", *[str(played) if a == "LOG" else a for a in args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_text_from_the_rules_is_printed_literally(tmp_path: Path) -> None:
    path = tmp_path / "loud.wr"
    path.write_text('ruleset loud "Bold [bold]claims[/bold] :smile: [2J" extends base\n'
                    'game {\n  override start coins 4\n}\n', encoding="utf-8")
    result = wr("trace", "-p", "3", "--rules", str(path))
    assert result.exit_code == 0, result.output
    assert "Bold [bold]claims[/bold] :smile: [2J (base + loud)" in result.stdout and "\x1b" not in result.stdout
