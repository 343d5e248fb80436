"""A game the rules stop (GameStoppedError: here a cascade of `whenever` effects beyond the
engine's bound) is one sentence from every command that plays, naming the rule set and the game,
and the exit status 1; never a traceback. `wr simulate` stops the run there and keeps the records
of the games finished before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main
from wonderrules.interpreter import engine
from wonderrules.interpreter.words import MAX_CASCADE

#: seven links: whenever a player gains t_i tokens, every other seat gains a t_(i+1) token. At 7
#: players one t0 token sets off 1 + 6 + ... + 6^6 = 55987 effects, beyond the bound. Each link
#: has a condition, so that `wr check` cannot be sure of the count: it warns only
CHAIN = "".join(f"  whenever self gains t{i} tokens if coins >= 0: others gain 1 t{i + 1} token\n" for i in range(7))
TOKENS = "tokens: " + ", ".join(f"t{i}" for i in range(8)) + "\n"
#: every player gains a t0 token at the first end of a turn: every game stops in its first round
BOOM = f"ruleset boom extends base\n{TOKENS}each player {{\n  end of turn if coins >= 0: gain 1 t0 token\n{CHAIN}}}\n"
#: only a city that builds the Altar gains a t0 token: some games stop, some end
ALTAR = (f"ruleset altar extends base\n{TOKENS}"
         'replace card "Altar" age 1 blue chain to "Temple" copies 3+ 5+ { end of game: score 2\n'
         "  on build: gain 1 t0 token }\n"
         f"each player {{\n{CHAIN}}}\n")
STOPS = "the rules set off more than 10000 `whenever` effects in one cascade of events: the effects of each player"


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boom.wr").write_text(BOOM, encoding="utf-8")
    (tmp_path / "altar.wr").write_text(ALTAR, encoding="utf-8")
    return tmp_path


def one_error(result, game: str) -> None:
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"error: the game stopped ({game}): {STOPS}"), lines[0]


def test_play(rules: Path) -> None:
    one_error(run("play", "-p", "7", "-s", "4", "--rules", "boom.wr"), "7 Wonders (base + boom), 7 players, seed 4")


def test_trace_of_a_new_game(rules: Path) -> None:
    one_error(run("trace", "-p", "7", "-s", "4", "--rules", "boom.wr"), "7 Wonders (base + boom), 7 players, seed 4")


def test_replay_and_trace_of_a_log(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a game that sets off 55987 effects when its Altar is built, played under a bound it stays
    # within; replayed under the usual bound, it stops where it did
    monkeypatch.setattr(engine, "MAX_CASCADE", 10**6)
    assert run("play", "-p", "7", "-s", "0", "--rules", "altar.wr", "--log", "game.json").exit_code == 0
    assert json.loads((rules / "game.json").read_text(encoding="utf-8"))["seed"] == 0
    monkeypatch.setattr(engine, "MAX_CASCADE", MAX_CASCADE)
    one_error(run("replay", "game.json"), "game.json, seed 0")
    one_error(run("trace", "game.json"), "game.json, seed 0")


def test_simulate_keeps_the_records_of_the_games_before(rules: Path) -> None:
    # seed 2 ends (no Altar is built), seed 3 stops: the run stops there
    assert run("play", "-p", "7", "-s", "2", "--rules", "altar.wr").exit_code == 0
    result = run("simulate", "-p", "7", "-n", "4", "-s", "2", "-j", "1", "--rules", "altar.wr", "--out", "r.jsonl")
    one_error(result, "base + altar, 7 players, game 1, seed 3")
    rows = [json.loads(line) for line in (rules / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 7 and {r["game"] for r in rows} == {0}


def test_simulate_on_worker_processes(rules: Path) -> None:
    one_error(run("simulate", "-p", "7", "-n", "2", "-j", "2", "--rules", "boom.wr", "--no-progress"),
              "base + boom, 7 players, game 0, seed 0")


def test_compare(rules: Path) -> None:
    one_error(run("compare", "base", "base+boom.wr", "-p", "7", "-n", "2", "-j", "1"),
              "base + boom, 7 players, game 0, seed 0")


def test_ladder(rules: Path) -> None:
    one_error(run("ladder", "-p", "7", "-n", "1", "--agents", "random,greedy", "-j", "1", "--rules", "boom.wr"),
              "base + boom, 7 players, seed 0, agents random, greedy, random, greedy, random, greedy, random")


def test_simulate_on_a_cluster(rules: Path, dask_cluster) -> None:
    # the workers play from the plan: the stop comes back from them as it does from a local process
    one_error(run("simulate", "-p", "7", "-n", "3", "--rules", "boom.wr", "--cluster", dask_cluster.address),
              "base + boom, 7 players, game 0, seed 0")
