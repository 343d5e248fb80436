"""Every output holds every number of the range a game holds (MAX_VALUE): records in CSV, JSON
lines and Parquet, the report, the score sheet of `wr play` and `wr trace`, a log and its replay.
A variant near the edges: every city gains 600 000 000 coins at the end of the first age (a
treasury of about 200 000 000 points), and scores 799 000 000 points, or -999 000 000 with
fewer than two blue cards; totals come near 999 000 000 and -799 000 000."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.interpreter.log import check_scores, replay, to_log
from wonderrules.interpreter.words import MAX_VALUE
from wonderrules.workbench.records import read_records

HUGE = """ruleset huge "Numbers near a billion" extends base

scoring {
  fortune after guilds
}

each player scores fortune {
  end of age: gain 600 * 1000000 coins
  end of game if cards(blue) < 2: score 0 - 999 * 1000000
  end of game if cards(blue) >= 2: score 799 * 1000000
}
"""


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def huge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "huge.wr"
    path.write_text(HUGE, encoding="utf-8")
    return path


def test_the_variant_reaches_near_both_edges_of_the_range(huge: Path) -> None:
    rules = wr.load_rules(str(huge))
    game = wr.Game(rules, players=4)
    totals = []
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_actions({p: state.legal_actions(p)[0] for p in state.pending_decisions()})
        totals += [sheet.total for sheet in state.scores()]
        assert all(city.coins > 599_000_000 for city in state.cities)
    assert max(totals) > 999_000_000 and min(totals) < -798_000_000
    assert all(abs(t) <= MAX_VALUE for t in totals)


def test_records_hold_the_numbers_in_every_format(huge: Path) -> None:
    read = {}
    for suffix in ("csv", "jsonl", "parquet"):
        run("simulate", "--rules", "huge.wr", "-p", "4", "-n", "8", "--jobs", "1", "--out", f"r.{suffix}")
        read[suffix] = read_records(f"r.{suffix}")
    assert read["csv"] == read["jsonl"] == read["parquet"]
    records = read["csv"]
    assert {dict(r.scores)["fortune"] for r in records} == {-999_000_000, 799_000_000}
    assert all(r.total == sum(points for _, points in r.scores) for r in records)
    assert max(r.total for r in records) > 999_000_000 and min(r.total for r in records) < -798_000_000
    import pyarrow.parquet as pq

    schema = pq.read_schema("r.parquet")
    assert str(schema.field("fortune").type) == str(schema.field("total").type) == "int64"
    line = json.loads(Path("r.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert isinstance(line["total"], int)


def test_the_report_shows_the_numbers(huge: Path) -> None:
    run("simulate", "--rules", "huge.wr", "-p", "4", "-n", "8", "--jobs", "1", "--report", "r.html")
    page = Path("r.html").read_text(encoding="utf-8")
    assert "-999000000" in page and "799000000" in page


def test_score_sheets_show_whole_numbers(huge: Path) -> None:
    # the score sheet of a trace is printed narrower than that of `wr play`: no number is cut there
    for command in (["play"], ["trace"]):
        output = run(*command, "--rules", "huge.wr", "-p", "7", "-s", "3").output
        assert "…" not in output
        sheet = output[output.rindex("┃ seat"):]
        assert re.search(r"\b(-999000000|799000000)\b", sheet)
        assert len(re.findall(r"\b\d{9}\b", sheet)) >= 7 * 3  # the treasury, the total and the coins of each


def test_a_log_of_big_numbers_replays_and_its_scores_match(huge: Path) -> None:
    run("play", "--rules", "huge.wr", "-p", "4", "-s", "5", "--log", "game.json")
    log = json.loads(Path("game.json").read_text(encoding="utf-8"))
    assert any(abs(sheet["total"]) > 798_000_000 for sheet in log["scores"])
    assert "the recorded scores match" in run("replay", "game.json").output
    rules = wr.load_rules(str(huge))
    state = replay(wr.Game(rules, players=4), log)
    assert check_scores(state, log) == []
    assert to_log(state, ["huge.wr"]) == {k: v for k, v in log.items() if k != "agents"}


# ---- seeds ---------------------------------------------------------------------------------------------

#: the largest seed: a 64-bit signed integer, as records (Parquet), logs and other tools hold it
MAX_SEED = 2**63 - 1


@pytest.mark.parametrize("seed", [str(2**63), str(-(2**63) - 1), "9" * 4300])
@pytest.mark.parametrize("command", [["play", "-p", "3"], ["trace", "-p", "3"], ["simulate", "-p", "3", "-n", "2"],
                                     ["compare", "base", "base", "-p", "3", "-n", "2"],
                                     ["ladder", "-p", "3", "-n", "2", "--agents", "random,greedy"]])
def test_a_seed_beyond_64_bits_is_a_usage_error(command: list[str], seed: str) -> None:
    # a seed of 2**70 ended `wr simulate --out r.parquet` with an OverflowError, and one of 4300
    # digits `wr simulate` and `wr ladder` with a ValueError when seed + 1 was printed
    result = CliRunner().invoke(main, [*command, "-j", "1", "--seed", seed] if command[0] in ("simulate", "compare",
                                                                                            "ladder")
                                else [*command, "--seed", seed])
    assert result.exit_code == 2, result.output
    assert "not in the range -9223372036854775808<=x<=9223372036854775807" in result.output


@pytest.mark.parametrize("command", [["simulate", "-p", "3"], ["compare", "base", "base", "-p", "3"],
                                     ["ladder", "-p", "3", "--agents", "random,greedy"]])
def test_the_seeds_of_a_run_stay_within_64_bits(command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "-n", "3", "-j", "1", "--seed", str(MAX_SEED - 1)])
    assert result.exit_code == 2, result.output
    assert f"the seeds {MAX_SEED - 1} to {MAX_SEED + 1} go beyond {MAX_SEED}, the largest seed" in result.output


def test_the_largest_seed_plays_and_is_recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyarrow")
    monkeypatch.chdir(tmp_path)
    run("simulate", "-p", "3", "-n", "2", "-j", "1", "--seed", str(MAX_SEED - 1), "--out", "r.parquet")
    assert {r.seed for r in read_records("r.parquet")} == {MAX_SEED - 1, MAX_SEED}
    run("play", "-p", "3", "--seed", str(-(2**63)), "--log", "game.json")
    assert "replay verified" in run("replay", "game.json").output


def test_the_engine_takes_seeds_of_64_bits() -> None:
    game = wr.Game(wr.load_rules("base"), players=3)
    game.new_initial_state(seed=MAX_SEED)
    with pytest.raises(wr.SetupError, match=r"^the seed is a whole number from -9223372036854775808 to "
                                            r"9223372036854775807, not 9223372036854775808"):
        game.new_initial_state(seed=MAX_SEED + 1)
