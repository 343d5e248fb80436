"""Text from a rule set reaches the terminal literally: console markup (`[bold]`), emoji codes
(`:smile:`) are printed as written, and control characters (an escape sequence that would clear
the screen) are shown escaped, in `wr check`'s summary and in `wr play`'s score sheet."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from wonderrules.cli import main

TITLE = "Bold [bold]claims[/bold] :smile: \x1b[2J"
SHOWN = "Bold [bold]claims[/bold] :smile: \\x1b[2J"


def _variant(tmp_path: Path) -> Path:
    path = tmp_path / "loud.wr"
    path.write_text(f'ruleset loud "{TITLE}" extends base\ngame {{\n  override start coins 4\n}}\n', encoding="utf-8")
    return path


def test_check_prints_the_title_literally(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_variant(tmp_path))])
    assert result.exit_code == 0, result.output
    assert SHOWN in result.stdout
    assert "\x1b" not in result.stdout


def test_play_prints_the_title_literally(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--players", "3", "--seed", "2", "--rules", str(_variant(tmp_path))])
    assert result.exit_code == 0, result.output
    assert SHOWN in result.stdout
    assert "\x1b" not in result.stdout
    assert "(ties broken by coins, then shared)" in result.stdout
