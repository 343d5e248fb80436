"""Text from a rule set reaches the terminal literally: console markup (`[bold]`), emoji codes
(`:smile:`) are printed as written, in `wr check`'s summary and in `wr play`'s score sheet; a
control character (an escape sequence that would clear the screen) is refused where it is
written, and shown escaped in the refusal."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from wonderrules.cli import main

TITLE = SHOWN = "Bold [bold]claims[/bold] :smile: [2J"


def _variant(tmp_path: Path, title: str = TITLE) -> Path:
    path = tmp_path / "loud.wr"
    path.write_text(f'ruleset loud "{title}" extends base\ngame {{\n  override start coins 4\n}}\n', encoding="utf-8")
    return path


def test_check_refuses_a_title_with_an_escape_and_shows_it_escaped(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_variant(tmp_path, TITLE + " \x1b[2J"))])
    assert result.exit_code == 1
    assert "E0002" in result.output and "U+001B" in result.output
    assert TITLE + " \\x1b[2J" in result.output
    assert "\x1b" not in result.output


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
