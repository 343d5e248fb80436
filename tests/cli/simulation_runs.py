"""Helpers of the tests of `wr simulate` and `wr compare`: the command run in-process (never a
traceback), the figures of its output, and a variant whose Altar scores 20 points."""

from __future__ import annotations

from click.testing import CliRunner

from wonderrules.cli import main

__all__ = ["run", "figures", "STRONG_ALTAR"]

STRONG_ALTAR = ('ruleset strong_altar extends base\n'
                'replace card "Altar" age 1 blue chain to "Temple" copies 3+ 5+ { end of game: score 20 }\n')


def run(*args: str, **kwargs):
    result = CliRunner().invoke(main, list(args), **kwargs)
    assert "Traceback" not in result.output
    return result


def figures(output: str) -> list[str]:
    """The output without its first two lines (the times, and where the games were played)."""
    return output.splitlines()[2:]
