"""The ``--boards`` option of `wr play`, `wr trace`, `wr simulate` and `wr compare`: the wonder
board and side of some seats, fixed by name, so that a new wonder can be tried at a chosen seat
(`wr compare` fixes them in both rule sets).

The option is a comma-separated list, one entry per seat in seat order: ``WONDER:SIDE``
(``Giza:A``), or ``-`` for a board drawn as usual (by the seed, on the side of ``--sides``).
Seats after the last entry are drawn. Names and sides are those of the rule set, matched
without regard to case. Every mistake is a bad option value (exit status 2) in one sentence.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Optional, TypeVar

import click

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.state import State

__all__ = ["DRAWN", "BOARDS_OPTION", "FixedBoards", "parse_boards", "start_with_boards", "fixed_boards_said"]

#: the entry of a seat whose board is drawn as usual
DRAWN = "-"

#: the (wonder, side) of each seat, None for a seat whose board is drawn; plain data, so that it
#: pickles to a simulation's workers
FixedBoards = tuple[Optional[tuple[str, str]], ...]

_HINT = "'--boards'"

_Command = TypeVar("_Command", bound=Callable[..., Any])

BOARDS_OPTION: Callable[[_Command], _Command] = click.option(
    "--boards", metavar="WONDER:SIDE,...",
    help=f"Fix the boards of the first seats, in seat order: WONDER:SIDE (Giza:A), or {DRAWN} for a board drawn "
         "as usual; seats not listed are drawn.")


def _refuse(why: str) -> click.BadParameter:
    return click.BadParameter(why, param_hint=_HINT)


def _matching(given: str, names: Sequence[str]) -> Optional[str]:
    """The name of `names` that is `given`, exactly or else the one that differs only by case."""
    if given in names:
        return given
    folded = [n for n in names if n.casefold() == given.casefold()]
    return folded[0] if len(folded) == 1 else None


def _unknown_wonder(given: str, wonders: Sequence[str]) -> click.BadParameter:
    by_folded = {n.casefold(): n for n in wonders}
    close = difflib.get_close_matches(given.casefold(), list(by_folded), n=1, cutoff=0.6)
    guess = f" (did you mean {by_folded[close[0]]}?)" if close else ""
    return _refuse(f"there is no wonder '{given}' in this rule set{guess}; its wonders are {', '.join(wonders)}")


def _entry(text: str, seat: int, sides_of: dict[str, list[str]]) -> Optional[tuple[str, str]]:
    """One entry of the list: (wonder, side) as the rule set spells them, or None (drawn)."""
    entry = text.strip()
    if entry == DRAWN:
        return None
    if not entry:
        raise _refuse(f"the entry of seat {seat} is empty: write {DRAWN} for a board drawn as usual")
    given, colon, side_given = entry.rpartition(":")
    if not colon:
        given, side_given = entry, ""
    given, side_given = given.strip(), side_given.strip()
    wonders = list(sides_of)
    name = _matching(given, wonders)
    if name is None:
        raise _unknown_wonder(given, wonders)
    sides = sides_of[name]
    if not colon:
        raise _refuse(f"the board of seat {seat} needs its side: write "
                      f"{' or '.join(f'{name}:{s}' for s in sides)}")
    side = _matching(side_given, sides)
    if side is None:
        raise _refuse(f"{name} has no side '{side_given}': its sides are {', '.join(sides)}")
    return name, side


def parse_boards(text: Optional[str], game: Game) -> Optional[FixedBoards]:
    """The boards of ``--boards`` for the table of `game`, one per seat (None: drawn), or None
    when the option is not given; a bad option value (exit status 2) otherwise."""
    if text is None:
        return None
    sides_of: dict[str, list[str]] = {}
    for board in game.rules.boards:  # the rule set's order
        sides_of.setdefault(board.name, []).append(board.side)
    seats, players = game.config.seats, game.players
    entries = text.split(",")
    if len(entries) > seats:
        neutral = seats - players
        table = f"{seats} seats ({players} players and {neutral} neutral)" if neutral else f"{seats} seats"
        raise _refuse(f"{len(entries)} boards given for a table of {table}")
    chosen = [_entry(e, seat, sides_of) for seat, e in enumerate(entries)]
    seat_of: dict[str, int] = {}
    for seat, choice in enumerate(chosen):
        if choice is None:
            continue
        if choice[0] in seat_of:
            raise _refuse(f"{choice[0]} is given to seats {seat_of[choice[0]]} and {seat}: a wonder sits at one "
                          "seat only")
        seat_of[choice[0]] = seat
    return tuple(chosen) + (None,) * (seats - len(chosen))


def start_with_boards(game: Game, seed: int, boards: Optional[FixedBoards]) -> State:
    """A new game of `game` dealt with `seed` on those boards; what the engine refuses in them
    (SetupError) is a bad option value."""
    from wonderrules.interpreter.errors import SetupError

    try:
        return game.new_initial_state(seed=seed, boards=boards)
    except SetupError as e:
        raise _refuse(str(e)) from None


def fixed_boards_said(boards: Optional[FixedBoards]) -> str:
    """`boards fixed: seat 0 Giza B, seat 2 Rhodes A`, or nothing when no board is fixed."""
    fixed = [f"seat {seat} {choice[0]} {choice[1]}" for seat, choice in enumerate(boards or ()) if choice is not None]
    return f"boards fixed: {', '.join(fixed)}" if fixed else ""
