"""`wr simulate --report` and `wr compare --report`: the page written after the tables, the same
bytes for any number of jobs, a stopped run's page, and the usage errors given before a game."""

from __future__ import annotations

import builtins
import functools
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from report_page import Page

from wonderrules.cli import main
from wonderrules.workbench import simulation_run

STRONG_ALTAR = ('ruleset strong_altar "Strong <Altar>" extends base\n'
                'replace card "Altar" age 1 blue chain to "Temple" copies 3+ 5+ { end of game: score 20 }\n')


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def test_simulate_writes_the_report_after_the_tables(tmp_path: Path) -> None:
    path = tmp_path / "reports" / "base.html"
    result = run("simulate", "-p", "3", "-n", "4", "-s", "5", "-j", "1", "--report", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.endswith(f"report written to {path}\n")
    text = path.read_text(encoding="utf-8")
    page = Page(text)
    assert page.sections == ["setup", "boards", "seats", "agents", "scores", "cards", "length"]
    assert page.headings[0] == "Simulation of 7 Wonders (base)"
    assert "<dd>4, dealt with seeds 5 to 8 (game g with seed 5 + g)</dd>" in text
    # 12 seat-games rank no card (none is built 20 times), and random played every seat: four plots,
    # and the reasons for the two left out
    assert len(page.images) == 4 and "No card was built in 20 seat-games or more" in text
    assert "One kind of agent played every seat: no plot of win rate per agent" in text
    assert sum(int(row[2]) for row in page.table("boards")[1:]) == 12


@pytest.mark.parametrize("seed", ["0", "3", "4"])
def test_a_board_that_never_won_is_drawn(tmp_path: Path, seed: str) -> None:
    # 20 games of 6 players leave some board or card with no win (or every win) in its seats
    path = tmp_path / "report.html"
    result = run("simulate", "-p", "6", "-n", "20", "-s", seed, "-j", "1", "--report", str(path))
    assert result.exit_code == 0, result.output
    assert "0.0%" in " ".join(row[3] for row in Page(path.read_text(encoding="utf-8")).table("boards"))


def test_the_report_is_the_same_bytes_for_one_job_or_two(tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        path = tmp_path / f"{jobs}.html"
        result = run("simulate", "-p", "3", "-n", "60", "-s", "1", "-j", jobs, "--report", str(path))
        assert result.exit_code == 0, result.output
    one = (tmp_path / "1.html").read_bytes()
    assert one == (tmp_path / "2.html").read_bytes()
    assert len(Page(one.decode()).images) == 5  # 180 seat-games rank some cards; one agent, no agent plot


def test_compare_writes_the_differences_and_a_beside_b(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("strong_altar.wr").write_text(STRONG_ALTAR, encoding="utf-8")
    result = run("compare", "base", "strong_altar.wr", "-p", "3", "-n", "60", "-j", "1", "--report", "cmp.html")
    assert result.exit_code == 0, result.output
    assert result.output.endswith("report written to cmp.html\n")
    text = Path("cmp.html").read_text(encoding="utf-8")
    page = Page(text)
    assert page.sections == ["setup", "changes", "differences", "boards", "seats", "agents", "scores", "cards",
                             "length"]
    assert page.headings[0] == "Comparison: 7 Wonders (base) against Strong <Altar> (base + strong_altar)"
    # the layer replaces the Altar with another effect (20 points for base's 2), and nothing else
    assert ("<p>B is A with the layer strong_altar, which:</p>\n<ul><li>changes 1 card: Altar (effects)</li>"
            "<li>changes the effects of Altar: at the end of the game: 2 points in A, at the end of the game: "
            "20 points in B</li></ul>" in text)
    assert "Strong &lt;Altar&gt;" in text and "Strong <Altar>" not in text
    significant = next(t for t in page.tables if t["caption"].startswith("Significant differences"))
    assert ["card", "Altar", "builders' win rate"] in [row[:3] for row in significant["rows"]]
    assert len(page.images) == 6  # random played every seat in both: no plot of win rate per agent


def test_compare_with_two_agents_plots_the_win_rate_per_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("compare", "base", "base", "-p", "3", "-n", "4", "-j", "1", "--agents", "random,greedy", "--report",
                 "cmp.html")
    assert result.exit_code == 0, result.output
    text = Path("cmp.html").read_text(encoding="utf-8")
    assert "<p>B writes every card and setting as A does.</p>" in text
    assert "One kind of agent played every seat" not in text
    assert 'alt="Win rate per agent, with 95% intervals and the fair rate"' in text


@pytest.mark.parametrize("command", [["simulate", "-p", "3", "-n", "2", "-j", "1"],
                                     ["compare", "base", "base", "-p", "3", "-n", "2", "-j", "1"]])
def test_a_report_that_cannot_be_written_is_a_usage_error_before_any_game(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    for place, why in ((tmp_path, "it is a folder"),
                       (tmp_path / "file" / "report.html", "a part of its folder is a file")):
        result = run(*command, "--report", str(place))
        assert result.exit_code == 2, result.output
        assert f"Invalid value for '--report': cannot write to '{place}': {why}" in " ".join(result.output.split())
        assert "games/s" not in result.output


@pytest.mark.parametrize("command", [["simulate", "-p", "3", "-n", "2", "-j", "1"],
                                     ["compare", "base", "base", "-p", "3", "-n", "2", "-j", "1"]])
def test_a_report_without_matplotlib_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          command: list[str]) -> None:
    real_import = builtins.__import__

    def without_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_matplotlib)
    result = run(*command, "--report", str(tmp_path / "report.html"))
    assert result.exit_code == 2
    assert ("Invalid value for '--report': a report needs matplotlib, which is not installed: pip install "
            "'wonder-rules[report]'" in " ".join(result.output.split()))
    assert "games/s" not in result.output and not (tmp_path / "report.html").exists()


def test_without_report_matplotlib_is_never_imported() -> None:
    code = ("import sys\n"
            "from click.testing import CliRunner\n"
            "from wonderrules.cli import main\n"
            "for args in (['simulate', '-p', '3', '-n', '2', '-j', '1'], ['compare', 'base', 'base', '-p', '3', "
            "'-n', '2', '-j', '1']):\n"
            "    assert CliRunner().invoke(main, args).exit_code == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def test_a_stopped_simulation_reports_the_games_it_finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def second_time() -> bool:  # asked before each game: the first game is played, then it stops
        asked.append(1)
        return len(asked) > 1

    monkeypatch.setattr(simulation_run, "run_jobs", functools.partial(simulation_run.run_jobs, stop_after=second_time))
    path = tmp_path / "report.html"
    result = run("simulate", "-p", "3", "-n", "5", "-j", "1", "--report", str(path))
    assert result.exit_code == 130, result.output
    text = path.read_text(encoding="utf-8")
    assert "interrupted: 1 of 5 games finished; the figures are of those." in text
    assert sum(int(row[2]) for row in Page(text).table("boards")[1:]) == 3


def test_a_simulation_stopped_before_any_game_writes_no_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation_run, "run_jobs", functools.partial(simulation_run.run_jobs, stop_after=lambda: True))
    path = tmp_path / "report.html"
    result = run("simulate", "-p", "3", "-n", "5", "-j", "1", "--report", str(path))
    assert result.exit_code == 130, result.output
    assert f"no game finished: no report written to {path}" in result.output and not path.exists()


def test_a_report_that_fails_to_be_written_is_said_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from wonderrules.reports import page as report_page

    def full(path: str, page: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(report_page, "write_page", full)
    path = tmp_path / "report.html"
    result = run("simulate", "-p", "3", "-n", "2", "-j", "1", "--report", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"error: cannot write the report to {path}: no space left on device"


def test_a_report_may_not_write_over_the_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("simulate", "-p", "3", "-n", "2", "-j", "1", "--out", "games.csv", "--report", "./games.csv")
    assert result.exit_code == 2
    assert ("Invalid value for '--report': it names the file of the records (--out): give the report a name of "
            "its own" in " ".join(result.output.split()))
    assert "games/s" not in result.output and not Path("games.csv").exists()


def stop_at(call: int) -> functools.partial:
    """run_jobs stopping when asked for the `call`-th time (it asks before each game, or before
    each game of A and B played side by side)."""
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= call

    return functools.partial(simulation_run.run_jobs, stop_after=stop)


def test_a_stopped_comparison_reports_the_games_finished_in_both(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulation_run, "run_jobs", stop_at(3))  # A and B play 2 games each
    path = tmp_path / "report.html"
    result = run("compare", "base", "base", "-p", "3", "-n", "5", "-j", "1", "--report", str(path))
    assert result.exit_code == 130, result.output
    text = path.read_text(encoding="utf-8")
    assert text.count("interrupted") == 1
    assert "interrupted: 2 of 5 games finished in both; the figures are of those." in text
    boards = [t["rows"] for t in Page(text).tables if t["caption"] == "Per board and side"]  # A's, then B's
    assert [sum(int(row[2]) for row in rows[1:]) for rows in boards] == [6, 6]  # 2 games of 3 seats


def test_a_comparison_stopped_before_any_game_writes_no_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    monkeypatch.setattr(simulation_run, "run_jobs", stop_at(1))  # no game of A or B
    path = tmp_path / "report.html"
    result = run("compare", "base", "base", "-p", "3", "-n", "5", "-j", "1", "--report", str(path))
    assert result.exit_code == 130, result.output
    assert result.output.endswith(f"no game finished in both: no report written to {path}\n") and not path.exists()
