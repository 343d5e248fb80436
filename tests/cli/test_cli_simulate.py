"""`wr simulate` at scale and `wr compare`: the same figures for any number of jobs, the records
file, the progress bar kept off the standard output, a stopped run, and the usage errors."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from records_reference import compare_records, same_figures, summarise_records
from simulation_runs import STRONG_ALTAR, figures, run
from test_cli_commands import table_lines, table_rows

import wonderrules as wr
from wonderrules.reports import tables as simulation_tables
from wonderrules.workbench import simulation_run
from wonderrules.workbench.records import read_records
from wonderrules.workbench.simulation import make_plan, play


def test_one_job_and_two_jobs_print_the_same_figures() -> None:
    one = run("simulate", "-p", "3", "-n", "6", "-s", "3", "-j", "1")
    two = run("simulate", "-p", "3", "-n", "6", "-s", "3", "-j", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert figures(one.output) == figures(two.output)
    assert one.output.splitlines()[1] == "1 process, seeds 3 to 8"
    assert two.output.splitlines()[1] == "2 processes, seeds 3 to 8"


def test_one_job_and_two_jobs_write_the_same_bytes(tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        result = run("simulate", "-p", "4", "-n", "9", "-s", "40", "-j", jobs, "--out", str(tmp_path / f"{jobs}.jsonl"))
        assert result.exit_code == 0, result.output
    assert (tmp_path / "1.jsonl").read_bytes() == (tmp_path / "2.jsonl").read_bytes()
    assert len((tmp_path / "1.jsonl").read_text(encoding="utf-8").splitlines()) == 36


def test_the_figures_printed_are_those_of_the_records_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    # the figures are counted as the games come, and no record is kept: they must be the figures
    # of the whole list of records, as written to --out
    printed = []

    def tables(summary, card_limit=0):
        printed.append(summary)
        return real(summary, card_limit)

    real = simulation_tables.summary_tables
    monkeypatch.setattr(simulation_tables, "summary_tables", tables)
    out = tmp_path / "games.jsonl"
    result = run("simulate", "-p", "4", "-n", "200", "-s", "7", "-j", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    (summary,) = printed
    assert summary.games == 200 and same_figures(summary) == same_figures(summarise_records(read_records(str(out))))


def test_compare_prints_the_comparison_of_the_records_of_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    printed = []

    def tables(comparison, *args, **kwargs):
        printed.append(comparison)
        return real(comparison, *args, **kwargs)

    real = simulation_tables.comparison_tables
    monkeypatch.setattr(simulation_tables, "comparison_tables", tables)
    monkeypatch.chdir(tmp_path)
    Path("strong_altar.wr").write_text(STRONG_ALTAR, encoding="utf-8")
    result = run("compare", "base", "strong_altar.wr", "-p", "3", "-n", "120", "-s", "9", "-j", "2")
    assert result.exit_code == 0, result.output
    a, b = (wr.load_rules(name) for name in ("base", "strong_altar.wr"))
    records_a, records_b = (play(make_plan(r, 3, (), ("random",), 9, 120), rules=r).records() for r in (a, b))
    (comparison,) = printed
    assert comparison.paired_games == 120
    assert same_figures(comparison) == same_figures(compare_records(records_a, records_b))


def test_the_tables_name_what_the_rule_set_names() -> None:
    result = run("simulate", "-p", "4", "-n", "8", "-j", "1", "--agents", "greedy,random")
    assert result.exit_code == 0, result.output
    boards = {b.name for b in wr.load_rules("base").boards}
    rows = table_lines(result.output, "Per board and side")
    assert {r["board"] for r in rows} <= boards and {r["side"] for r in rows} <= {"A", "B"}
    assert sum(int(r["seats"]) for r in rows) == 32
    agents = table_rows(result.output, "Per agent")
    assert set(agents) == {"greedy", "random"} and agents["greedy"]["seats"] == "16"
    assert list(table_rows(result.output, "Score columns per seat")) == [
        *(c.name for c in wr.load_rules("base").categories), "total"]
    assert "× fair: the win rate over the average seat's (25.0% here" in " ".join(result.output.split())


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_out_writes_one_record_per_seat_per_game(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / "runs" / f"games{suffix}"
    result = run("simulate", "-p", "3", "-n", "4", "-s", "2", "-j", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"records written to {out}" in result.output
    base = wr.load_rules("base")
    assert read_records(str(out)) == play(make_plan(base, 3, (), ("random",), 2, 4), rules=base).records()


@pytest.mark.parametrize(("name", "why"), [
    ("games.txt", "cannot tell the format of '{path}' from its suffix '.txt': name a .csv, .jsonl or .parquet file"),
    ("games", "cannot tell the format of '{path}' without a suffix: name a .csv, .jsonl or .parquet file"),
])
def test_an_out_file_of_unknown_format_is_a_usage_error_before_any_game(tmp_path: Path, name: str, why: str) -> None:
    path = tmp_path / name
    result = run("simulate", "-p", "3", "-n", "2", "-j", "1", "--out", str(path))
    assert result.exit_code == 2
    assert f"Invalid value for '--out': {why.format(path=path)}" in " ".join(result.output.split())
    assert "games/s" not in result.output and not path.exists()


def test_parquet_without_pyarrow_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def without_pyarrow(name, *args, **kwargs):
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_pyarrow)
    result = run("simulate", "-p", "3", "-n", "2", "-j", "1", "--out", str(tmp_path / "games.parquet"))
    assert result.exit_code == 2
    assert ("writing Parquet needs pyarrow, which is not installed: pip install 'wonder-rules[parquet]'"
            in " ".join(result.output.split()))


def test_a_stopped_simulation_prints_the_figures_of_the_games_it_finished(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def second_time() -> bool:  # asked before each game: the first game is played, then it stops
        asked.append(1)
        return len(asked) > 1

    stops = functools.partial(simulation_run.run_jobs, stop_after=second_time)
    monkeypatch.setattr(simulation_run, "run_jobs", stops)
    out = tmp_path / "games.csv"
    result = run("simulate", "-p", "3", "-n", "5", "-j", "1", "--out", str(out))
    assert result.exit_code == 130, result.output
    assert result.output.startswith("1 games, 3 players (base): ")
    assert "interrupted: 1 of 5 games finished; the figures are of those" in result.output
    assert table_rows(result.output, "Per agent")["random"]["seats"] == "3"
    assert [r.game for r in read_records(str(out))] == [0, 0, 0]


def test_the_progress_bar_goes_to_the_standard_error_only() -> None:
    shown = run("simulate", "-p", "3", "-n", "3", "-j", "1", "--progress")
    hidden = run("simulate", "-p", "3", "-n", "3", "-j", "1", "--no-progress")
    assert shown.exit_code == hidden.exit_code == 0
    assert "3/3 games" in shown.stderr and "3/3" not in shown.stdout
    assert hidden.stderr == "" and figures(shown.stdout) == figures(hidden.stdout)


def test_jobs_must_be_at_least_one() -> None:
    result = run("simulate", "-p", "3", "-j", "0")
    assert result.exit_code == 2 and "Invalid value for '--jobs' / '-j': 0 is not in the range x>=1" in result.output


def test_an_unknown_agent_is_a_usage_error() -> None:
    result = run("simulate", "-p", "3", "-n", "2", "--agents", "random,clever")
    assert result.exit_code == 2 and "no agent 'clever' (known: random, greedy, mcts)" in result.output


# ---- wr compare -----------------------------------------------------------------------------------

def test_compare_flags_a_much_stronger_card_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("strong_altar.wr").write_text(STRONG_ALTAR, encoding="utf-8")
    result = run("compare", "base", "strong_altar.wr", "-p", "3", "-n", "120", "-j", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("A: 120 games, 3 players (base): ")
    assert lines[1].startswith("B: 120 games, 3 players (base + strong_altar): ")
    significant = next(title.strip() for title in lines if title.startswith("Significant differences ("))
    rows = table_rows(result.output, significant)
    assert rows["card"]["name"] == "Altar" and rows["card"]["measure"] == "builders' win rate"
    assert rows["card"]["B - A"].startswith("+") and rows["card"]["Holm"] == "<0.0001"


def test_compare_of_a_rule_set_with_itself_finds_nothing() -> None:
    result = run("compare", "base", "base", "-p", "3", "-n", "10", "-j", "1")
    assert result.exit_code == 0, result.output
    assert "No significant difference at 0.05 after Holm's correction." in result.output


def test_compare_layers_the_names_joined_with_plus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("strong_altar.wr").write_text(STRONG_ALTAR, encoding="utf-8")
    result = run("compare", "cities", "cities+strong_altar.wr", "-p", "3", "-n", "4", "-j", "1")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("B: 4 games, 3 players (base + cities + strong_altar): ")


def test_compare_names_a_rule_set_that_does_not_load() -> None:
    result = run("compare", "base", "missing.wr", "-p", "3", "-n", "2", "-j", "1")
    assert result.exit_code == 1 and "missing.wr" in result.output and "games/s" not in result.output


def test_compare_refuses_an_empty_layer() -> None:
    result = run("compare", "base", "base+", "-p", "3", "-n", "2", "-j", "1")
    assert result.exit_code == 2 and "'base+' names an empty rule set between its '+'" in result.output


def test_a_records_file_that_cannot_be_written_is_named_in_one_line(tmp_path: Path, full_disk: None) -> None:
    out = tmp_path / "games.csv"
    result = run("simulate", "-p", "3", "-n", "3", "-j", "1", "--out", str(out))
    assert result.exit_code == 1
    assert result.output == f"error: cannot write the records to {out}: no space left on device\n"
    assert not out.exists()


def test_a_stopped_comparison_compares_the_games_finished_in_both(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def third_time() -> bool:  # asked before each game of A and B, played side by side: 2 of each
        asked.append(1)
        return len(asked) > 2

    monkeypatch.setattr(simulation_run, "run_jobs", functools.partial(simulation_run.run_jobs, stop_after=third_time))
    result = run("compare", "base", "base", "-p", "3", "-n", "5", "-j", "1")
    assert result.exit_code == 130
    a, b, agents, _note, stopped, *_ = result.output.splitlines()
    assert a.startswith("A: 2 games, 3 players (base): ") and b.startswith("B: 2 games, 3 players (base): ")
    assert agents == "agents in A and B: random at every seat"
    assert stopped == "interrupted: 2 of 5 games finished in both; the comparison is of those"
    assert "2 games played in both from the same seeds" in " ".join(result.output.split())


def test_a_comparison_stopped_before_any_game_compares_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation_run, "run_jobs", functools.partial(simulation_run.run_jobs, stop_after=lambda: True))
    result = run("compare", "base", "base", "-p", "3", "-n", "5", "-j", "1")
    assert result.exit_code == 130
    a, b, *rest = result.output.splitlines()
    assert re.fullmatch(r"A: 0 games, 3 players \(base\): [\d.]+ s, 0\.0 games/s, 0\.0 µs per decision", a)
    assert re.fullmatch(r"B: 0 games, 3 players \(base\): [\d.]+ s, 0\.0 games/s, 0\.0 µs per decision", b)
    assert rest[0] == "agents in A and B: random at every seat" and rest[1].startswith("note: every seat is played")
    assert rest[2:] == ["interrupted: 0 of 5 games finished in both; the comparison is of those"]


def test_a_worker_that_dies_is_said_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures.process import BrokenProcessPool

    def broken(*args, **kwargs):
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(simulation_run, "run_jobs", broken)
    result = run("simulate", "-p", "3", "-n", "4", "-j", "2")
    assert result.exit_code == 1
    assert result.output == ("error: a worker process stopped before its games were finished (was it killed, or out "
                             "of memory?); try fewer --jobs\n")
