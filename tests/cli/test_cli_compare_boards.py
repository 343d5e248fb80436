"""`wr compare --boards`: the boards given are fixed in both rule sets, every game of A and of B
is played on them, the output says so, and a board one side's rule set lacks (a wonder only the
variant adds) is a bad option value naming that side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main

HARBOUR = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "harbour.wr")  # adds Carthage


def run(*args: str, columns: str | None = None):
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": columns, "NO_COLOR": None})
    assert "Traceback" not in result.stdout + result.stderr
    return result


def board_games(output: str) -> dict[str, set[str]]:
    """Board and side -> the numbers of games (the last column) of its rows in the differences."""
    found: dict[str, set[str]] = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip("│").split("│")]
        if line.startswith("│") and cells[0] == "board" and len(cells) > 4:
            found.setdefault(cells[1], set()).add(cells[-1])
    return found


def test_the_boards_are_fixed_in_both_rule_sets() -> None:
    args = ["compare", "base", HARBOUR, "-p", "3", "-n", "3", "-j", "1", "--boards", "giza:a,-,Rhodes:B"]
    result = run(*args, "--all", columns="250")
    assert result.exit_code == 0, result.stderr
    assert "boards fixed in A and B: seat 0 Giza A, seat 2 Rhodes B" in result.stdout.splitlines()
    games = board_games(result.stdout)
    assert games["Giza A"] == {"3"} and games["Rhodes B"] == {"3"}  # in every game of both
    assert not {"Giza B", "Rhodes A"} & set(games)
    narrow = run(*args, columns="80")
    assert narrow.exit_code == 0
    assert [ln for ln in narrow.stdout.splitlines() if len(ln) > 80] == []
    assert "boards fixed in A and B: seat 0 Giza A, seat 2 Rhodes B" in narrow.stdout


def test_a_board_only_the_variant_has_is_refused_naming_the_side() -> None:
    for a, b, side in (("base", HARBOUR, "A (base)"), (HARBOUR, "base", "B (base)")):
        result = run("compare", a, b, "-p", "3", "-n", "2", "-j", "1", "--boards", "-,Carthage:A")
        assert result.exit_code == 2 and result.stdout == ""
        message = " ".join(result.stderr.split())
        assert re.search(rf"Invalid value for '--boards': in {re.escape(side)}: there is no wonder 'Carthage' "
                         "in this rule set", message)
        assert "each board must be in both rule sets" in message


def test_without_boards_nothing_is_said_of_them() -> None:
    result = run("compare", "base", "base", "-p", "3", "-n", "2", "-j", "1")
    assert result.exit_code == 0 and "boards fixed" not in result.stdout


def test_the_report_names_the_boards_fixed(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the report's plots need matplotlib (the extra `report`)")
    page = tmp_path / "compare.html"
    result = run("compare", "base", HARBOUR, "-p", "3", "-n", "2", "-j", "1", "--boards", "-,Giza:B",
                 "--report", str(page))
    assert result.exit_code == 0, result.stderr
    assert "sides: random; boards fixed: seat 1 Giza B</dd>" in page.read_text(encoding="utf-8")
