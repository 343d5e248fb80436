"""Helpers of the front-end tests: a small complete game, and reading results."""

from __future__ import annotations

from wonderrules.grammar.compiler import Compiled
from wonderrules.grammar.diagnostics import Diagnostic

__all__ = ["MINI", "codes", "only", "line_of"]

#: A small complete game that compiles without a diagnostic: 3 or 4 players, 2 ages, hands of 2,
#: one turn. Age 1 and age 2 each deal 6 cards at 3 players and 8 at 4. Tests add to it or break it.
MINI = '''\
ruleset mini "Mini"

resources raw: wood, stone
resources manufactured: glass
symbols science: compass, gear
symbols military: shield
tokens: victory, defeat
colours: brown, grey, blue scores civilian, red, green

game {
  players 3..4
  start coins 3
  ages 2
  hand 2
  turns 1
  pass left, right
  sell for 3 coins
  trade price 2
  neighbours sell board, brown, grey
  stages score wonder
  tie break coins
}

scoring {
  military = value(victory) + value(defeat)
  treasury = coins / 3
  wonder
  civilian
  science = squares(science) + 7 * sets(science)
}

conflict military at end of age {
  strength: symbols(shield)
  pairs: neighbours
  win: victory worth 1, 3
  lose: defeat worth -1
}

card "Log" age 1 brown copies 3+ 4+ { passive: produce wood }
card "Rock" age 1 brown copies 3+ 4+ { passive: produce stone }
card "Glassworks" age 1 grey copies 3+ { passive: produce glass }
card "Shrine" age 1 blue chain to "Temple" copies 3+ { end of game: score 2 }
card "Barracks" age 1 red cost wood copies 3+ { passive: symbol shield }
card "Workshop" age 1 green cost glass copies 3+ { passive: symbol gear }

card "Sawmill" age 2 brown cost 1 coin copies 3+ 4+ { passive: produce 2 wood }
card "Quarry" age 2 brown cost 1 coin copies 3+ 4+ { passive: produce 2 stone }
card "Glassworks" age 2 grey copies 3+ { passive: produce glass }
card "Temple" age 2 blue cost wood, glass chain from "Shrine" copies 3+ { end of game: score 3 }
card "Walls" age 2 red cost 2 stone copies 3+ { passive: symbol 2 shield }
card "Lab" age 2 green cost wood, glass copies 3+ { passive: symbol compass }

wonder "Tower" called "The Tower" side A {
  start stone
  stage cost 2 wood { end of game: score 3 }
  stage cost 2 stone { passive: symbol shield }
}
'''


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
