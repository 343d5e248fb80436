"""`wr` at the width of the terminal: at `COLUMNS=80` no line of `wr play`, `wr trace`, `wr check`
or `wr simulate` is wider than 80 (a quoted source line of a diagnostic may be), the score sheet is
folded into blocks with every seat's total; and the diagnostics in colour with `--color`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main
from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.diagnostics import render_pretty, sort_and_cap
from wonderrules.reports.terminal import fit_diagnostics

UI = Path(__file__).resolve().parents[1] / "ui"
BROKEN = "E0101_unknown_names.wr"
LONG_HELP = "E0001_missing_timing.wr"  # a help of 242 characters
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(args: list[str], **env: str | None):
    result = CliRunner().invoke(main, args, env={"COLUMNS": None, "NO_COLOR": None, **env})
    assert "Traceback" not in result.stdout + result.stderr
    return result


def too_wide(text: str, width: int = 80) -> list[str]:
    """The lines wider than `width`, but for a diagnostic's quoted source line (`  2 | ...`)."""
    return [line for line in text.splitlines() if len(line) > width and not re.match(r"^\s+\d+ \| ", line)]


def totals(output: str) -> dict[int, tuple[str, str]]:
    """Seat -> (total, coins), read from the block of the score sheet whose header has `total`."""
    found: dict[int, tuple[str, str]] = {}
    heads: list[str] = []
    for line in output.splitlines():
        if line.startswith("┃"):
            heads = [c.strip() for c in line.strip("┃").split("┃")]
        elif line.startswith("│") and "total" in heads:
            cells = [c.strip() for c in line.strip("│").split("│")]
            if cells[0]:
                found[int(cells[0].rstrip(" *"))] = (cells[heads.index("total")], cells[heads.index("coins")])
    return found


@pytest.mark.parametrize("rules", ["base", "cities"])
def test_the_score_sheet_of_seven_players_folds_at_80_columns(rules: str) -> None:
    args = ["play", "-p", "7", "-s", "3", "--rules", rules]
    narrow = run(args, COLUMNS="80")
    wide = run(args, COLUMNS="250")
    assert narrow.exit_code == 0 and wide.exit_code == 0, narrow.stderr
    assert too_wide(narrow.stdout) == []
    assert narrow.stdout.count("┏") == 2 and wide.stdout.count("┏") == 1  # two blocks, or one whole table
    assert len(totals(narrow.stdout)) == 7 and totals(narrow.stdout) == totals(wide.stdout)
    assert narrow.stdout.splitlines()[-1] == wide.stdout.splitlines()[-1]  # the winner line


def test_a_pipe_without_columns_prints_the_score_sheet_whole() -> None:
    result = run(["play", "-p", "7", "-s", "3", "--rules", "cities"])
    assert result.stdout.count("┏") == 1 and len(totals(result.stdout)) == 7


def test_trace_and_simulate_fit_80_columns() -> None:
    trace = run(["trace", "-p", "3", "-s", "2"], COLUMNS="80")
    assert trace.exit_code == 0 and too_wide(trace.stdout) == []
    assert len(totals(trace.stdout)) == 3
    simulated = run(["simulate", "-p", "5", "-n", "5", "-j", "1"], COLUMNS="80")
    assert simulated.exit_code == 0 and too_wide(simulated.stdout) == [] and too_wide(simulated.stderr) == []
    assert "note: every seat is played by the random agent" in simulated.stdout  # wrapped, not left out
    compared = run(["compare", "base", "base", "-p", "3", "-n", "4", "-j", "1"], COLUMNS="80")
    assert compared.exit_code == 0 and too_wide(compared.stdout) == [] and too_wide(compared.stderr) == []


def test_check_wraps_messages_and_help_but_not_source_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(UI)
    result = run(["check", LONG_HELP, BROKEN], COLUMNS="80")
    assert result.exit_code == 1
    assert too_wide(result.stderr) == []
    plain = run(["check", LONG_HELP, BROKEN])  # piped, no COLUMNS: one line a message, as the goldens
    assert plain.stderr == "".join((UI / (c[:-3] + ".stderr")).read_text(encoding="utf-8")
                                   for c in (LONG_HELP, BROKEN))
    # wrapping only breaks lines: the words are the same, in the same order
    assert result.stderr.split() == plain.stderr.split()


def test_fitting_keeps_a_wrapped_help_under_its_label() -> None:
    text = "error[E0001]: short\n  = help: " + " ".join(["word"] * 30) + "\n"
    fitted = fit_diagnostics(text, 40).splitlines()
    assert fitted[0] == "error[E0001]: short" and fitted[1].startswith("  = help: word")
    assert all(len(line) <= 40 for line in fitted)
    assert all(line.startswith(" " * len("  = help: ") + "word") for line in fitted[2:])


def test_color_always_paints_the_same_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(UI)
    painted = run(["check", "--color", "always", BROKEN])
    plain = run(["check", "--color", "never", BROKEN])
    assert ANSI.search(painted.stderr) and "\x1b[1;31merror" in painted.stderr  # bold red
    assert ANSI.search(plain.stderr) is None
    assert ANSI.sub("", painted.stderr) == plain.stderr
    kept, left_out = sort_and_cap(compile_rules([BROKEN]).diagnostics)
    assert plain.stderr == render_pretty(kept, compile_rules([BROKEN]).sources, left_out)


def test_auto_colour_is_off_in_a_pipe_and_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(UI)
    assert ANSI.search(run(["check", BROKEN]).stderr) is None  # CliRunner's streams are no terminal
    from wonderrules.reports import terminal

    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert terminal.use_colour("auto", Tty()) is True  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert terminal.use_colour("auto", Tty()) is False  # type: ignore[arg-type]
    assert terminal.use_colour("always", Tty()) is True  # type: ignore[arg-type]
    assert ANSI.search(run(["check", "--color", "always", BROKEN], NO_COLOR="1").stderr)


def test_compile_takes_color_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(UI)
    result = run(["compile", "--color", "always", BROKEN, "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 1 and ANSI.search(result.stderr)
    assert not (tmp_path / "out.json").exists()


def test_a_bad_color_is_a_usage_error() -> None:
    result = run(["check", "--color", "sometimes", "base"])
    assert result.exit_code == 2 and "sometimes" in result.stderr


def test_on_a_terminal_diagnostics_are_coloured_and_fit_its_width(tmp_path: Path) -> None:
    """`wr check` with its standard error on a pseudo-terminal 60 columns wide, no COLUMNS."""
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import sys
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR")}
    done = subprocess.run([sys.executable, "-m", "wonderrules.cli", "check", LONG_HELP], cwd=UI, env=env,
                          stdout=subprocess.PIPE, stderr=follower, timeout=120)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is closed once everything is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    seen = b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    assert done.returncode == 1 and ANSI.search(seen)
    plain = ANSI.sub("", seen)
    assert "= help: write the trigger" in plain and too_wide(plain, 60) == [] and len(plain.splitlines()) > 9


def test_replay_folds_its_score_sheet_too() -> None:
    log = Path(__file__).resolve().parent / "data" / "base_3p_seed3003_v1.json"
    narrow = run(["replay", str(log)], COLUMNS="80")
    wide = run(["replay", str(log)], COLUMNS="250")
    assert narrow.exit_code == 0 and too_wide(narrow.stdout) == [] and narrow.stdout.count("┏") == 2
    assert len(totals(narrow.stdout)) == 3 and totals(narrow.stdout) == totals(wide.stdout)


def table_rows(output: str) -> list[list[str]]:
    """The rows of a table as one line each: a row's cells wrapped over several lines put together."""
    rows: list[list[str]] = []
    for line in output.splitlines():
        if not line.startswith("│"):
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[0] or not rows:
            rows.append(cells)
        else:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells)]
    return rows


@pytest.mark.parametrize("rules", ["base", "cities", "leaders", "cities_leaders", "two_player"])
def test_check_fits_its_summary_and_table_at_80_columns(rules: str) -> None:
    """The summary of a rule set that checks clean wraps its lines and the cells of its table of
    cards dealt per age: no line is wider than 80, no cell is cut (`…`), and the table holds the
    same rows as at a width where each row is one line."""
    narrow = run(["check", rules], COLUMNS="80")
    wide = run(["check", rules], COLUMNS="250")
    assert narrow.exit_code == 0 and wide.exit_code == 0
    assert too_wide(narrow.stdout) == [] and "…" not in narrow.stdout
    assert narrow.stdout.count("┏") == 1
    assert table_rows(narrow.stdout) == table_rows(wide.stdout) != []
    assert all(len(line) <= 250 for line in wide.stdout.splitlines())
    assert narrow.stdout.split("┏")[0].split() == wide.stdout.split("┏")[0].split()  # the summary, wrapped


def test_ladder_says_its_agents_and_fits_80_columns() -> None:
    result = run(["ladder", "-p", "3", "-n", "1", "-j", "1", "--agents", "random , greedy"], COLUMNS="80")
    assert result.exit_code == 0 and too_wide(result.stdout) == []
    lines = result.stdout.splitlines()
    assert "agents: random, greedy" in lines
    assert lines.index("agents: random, greedy") < next(i for i, ln in enumerate(lines) if ln.startswith("┏"))
    assert "every seat is played by the random agent" not in result.stdout  # two agents: no such note
