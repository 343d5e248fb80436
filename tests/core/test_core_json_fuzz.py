"""Property: whatever is done to the compiled core JSON of a rule set, loading it either refuses
it with a CompiledRulesError naming a JSON path that exists in the document, or accepts it, and
then a game at a table the rule set seats plays to the end with random agents: no exception but
the documented table errors (ConfigError, SetupError), no hang.

The compiled core JSON of base and of cities + two_player is tampered with at random: a leaf gets
a value of another type, a name nobody declared, a name from elsewhere in the document, a huge or
negative number; a key is deleted or added; an item of an array is duplicated or removed; an
object is replaced by another object of the document (an operation by another, a step of the flow
by another, a hook by a hook). Each example has a few seconds, enforced by an alarm."""

from __future__ import annotations

import json
import re
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_support import at, tampered

from wonderrules.interpreter import serial
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.config import ConfigError, supported_tables
from wonderrules.interpreter.errors import SetupError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.validate import CompiledRulesError

#: seconds an example may take, loading and playing included
SECONDS = 5
#: what a JSON path looks like: keys joined by dots, array indices in brackets
PATH = re.compile(r"^[a-z_]+(\.[a-z_]+|\[\d+\])*$")


def _resolves(doc: object, path: str) -> bool:
    """Whether a JSON path of a message names something in the document: an element, or a key
    left out of an object (a field with a default value)."""
    keys = tuple(k if k else int(i) for k, i in re.findall(r"([a-z_]+)|\[(\d+)\]", path))
    try:
        parent = at(doc, keys[:-1])
        if isinstance(parent, dict):
            return isinstance(keys[-1], str)
        return isinstance(keys[-1], int) and 0 <= keys[-1] < len(parent)
    except (KeyError, IndexError, TypeError):
        return False


class _TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise _TooSlow(f"an example took more than {SECONDS} s")


@pytest.fixture
def alarm():
    previous = signal.signal(signal.SIGALRM, _alarm)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(case=tampered(), table=st.integers(0, 50), seed=st.integers(0, 2**16))
def test_tampered_core_json_is_refused_with_a_path_or_plays_to_the_end(alarm, case, table: int, seed: int) -> None:
    signal.alarm(SECONDS)
    check(case[1], table, seed)


def check(doc: dict, table: int, seed: int) -> None:
    """Load a tampered document; when it loads, play a game at one of its tables."""
    try:
        rules = serial.rules_from_json(json.dumps(doc))
    except CompiledRulesError as e:
        assert e.message and str(e) == f"{e.path or 'the rule set'}: {e.message}"
        assert e.path == "" or (PATH.match(e.path) and _resolves(doc, e.path)), e.path
        return
    tables = supported_tables(rules)
    players, options = tables[table % len(tables)]
    try:
        game = Game(rules, players, options)
        state = game.new_initial_state(seed=seed)
    except (ConfigError, SetupError) as e:
        message = str(e)
        assert message and not re.match(r"^[A-Z]\w*Error\b", message) and "Traceback" not in message
        return
    agents = [make_agent("random", seed + p) for p in range(players)]
    while not state.is_terminal():
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    assert len(state.scores()) == game.config.seats
