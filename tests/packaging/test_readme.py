"""The README's opening commands and its Python example work as written: the commands after
the install are run through the CLI, the example through the facade."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from wonderrules.cli import main

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_opening_command_checks_the_bundled_rule_sets_and_plays_a_game() -> None:
    first = re.search(r"```sh\n(.*?)\n```", README, flags=re.S).group(1)
    commands = [c.strip() for c in first.split("&&")]
    assert commands[:2] == ["python3 -m venv .venv", ".venv/bin/pip install ."]
    wr_commands = [shlex.split(c)[1:] for c in commands[2:]]
    assert [c[0] for c in wr_commands] == ["check", "play"]
    checked = CliRunner().invoke(main, wr_commands[0])
    assert checked.exit_code == 0, checked.output
    assert checked.output.count(" wonder sides (") == 3
    game = CliRunner().invoke(main, wr_commands[1])
    assert game.exit_code == 0, game.output
    assert "Winner" in game.output and "(ties broken by coins, then shared)" in game.output


def test_the_python_example_plays_a_game_to_its_end(capsys) -> None:
    example = re.search(r"```python\n(.*?)\n```", README, flags=re.S).group(1)
    exec(compile(example, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert printed.startswith("[{") and printed.rstrip().endswith("]")
