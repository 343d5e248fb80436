"""Helpers of the front-end tests: a small complete game, and reading results."""

from __future__ import annotations

from pathlib import Path

from wonderrules.grammar.compiler import Compiled
from wonderrules.grammar.diagnostics import Diagnostic

__all__ = ["MINI", "codes", "only", "line_of"]

#: A small complete game that compiles without a diagnostic: 3 or 4 players, 2 ages, hands of 2,
#: one turn. Age 1 and age 2 each deal 6 cards at 3 players and 8 at 4. Tests add to it or break it;
#: the golden UI cases extend the same file (`tests/ui/mini.wr`).
MINI = (Path(__file__).resolve().parents[1] / "ui" / "mini.wr").read_text(encoding="utf-8")


def codes(result: Compiled) -> list[str]:
    """The codes of a result's diagnostics, in position order."""
    return [d.code for d in sorted(result.diagnostics, key=lambda d: d.sort_key())]


def only(result: Compiled, code: str | None = None) -> Diagnostic:
    """The one diagnostic of a result (of the given code); fails when there is not exactly one."""
    found = [d for d in result.diagnostics if code is None or d.code == code]
    assert len(found) == 1, [f"{d.code} {d.message}" for d in result.diagnostics]
    return found[0]


def line_of(text: str, needle: str) -> int:
    """The 1-based line of `text` holding `needle` (which must occur once)."""
    lines = [i for i, line in enumerate(text.split("\n"), 1) if needle in line]
    assert len(lines) == 1, (needle, lines)
    return lines[0]
