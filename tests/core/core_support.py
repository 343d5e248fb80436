"""Helpers of the interpreter's tests: the bundled rule sets, games of every kind of table, random play.

TABLES covers each kind of table the bundled games seat: the base game at 3 and 7, Cities at 4
and in teams at 4 and 6, the two-player variant with and without Cities, and a table of two
seats without a neutral seat (each city both neighbours of the other).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any, Optional

import pytest

import wonderrules
from wonderrules.interpreter import ir
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.state import State
from wonderrules.version import PLAIN

#: for a test that watches the engine at work by putting a function of its own in place of one of
#: the engine's: a compiled engine calls its functions directly, so it would never call the test's
#: (test_compiled_same_games holds the compiled engine to the plain one, game for game)
plain_engine_only = pytest.mark.skipif(
    wonderrules.engine_build() != PLAIN,
    reason="replaces an engine function, which a compiled engine calls directly, never by its name")

TWO_SEATS = str(Path(__file__).parents[1] / "interpreter" / "data" / "two_seats.wr")

TABLES = [
    (("base",), 3, ()),
    (("base",), 7, ()),
    (("cities",), 4, ()),
    (("cities",), 4, ("teams",)),
    (("cities",), 6, ("teams",)),
    (("base", "two_player"), 2, ()),
    (("cities", "two_player"), 2, ()),
    ((TWO_SEATS,), 2, ()),
]


def table_id(value: Any) -> str:
    if isinstance(value, tuple):
        return "+".join(Path(v).stem for v in value) or "no-option"
    return str(value)


@cache
def core_rules(*layers: str) -> ir.RuleSet:
    """A bundled rule set (or .wr files), written on the core."""
    return wonderrules.load_rules(*layers)


@cache
def game(layers: tuple[str, ...] = ("base",), players: int = 3, options: tuple[str, ...] = (),
         sides: str = "random") -> Game:
    return Game(core_rules(*layers), players, options, sides)


def random_round(state: State, rng: random.Random) -> dict[int, Any]:
    return {p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()}


def random_game(layers: tuple[str, ...] = ("base",), players: int = 3, seed: int = 0, options: tuple[str, ...] = (),
                upto: Optional[int] = None) -> State:
    """A game played with random choices (to the end, or `upto` rounds)."""
    state = game(layers, players, options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    rounds = 0
    while not state.is_terminal() and (upto is None or rounds < upto):
        state.apply_actions(random_round(state, rng))
        rounds += 1
    return state


def positions(layers: tuple[str, ...], players: int, seed: int, options: tuple[str, ...] = ()):
    """Every position of a random game, the finished game last."""
    state = game(layers, players, options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_actions(random_round(state, rng))


def zone_index(state: State, name: str) -> int:
    return state.catalog.zone_index[name]


def hand(state: State, seat: int) -> list[str]:
    """The card names of a seat's hand."""
    return [c.name for c in state.cities[seat].zones[zone_index(state, "hand")]]
