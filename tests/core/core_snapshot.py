"""A complete snapshot of a game state on the core, to prove that a refused call changed nothing
and that a clone and its original are the same game.

`full_snapshot` holds what a user sees (every player's observation and legal actions, the log)
and every internal field of the state, walked deeply: cities slot by slot, zones, the program
counter and loop counters, the work queue, the decisions asked, the random generator's state.
Objects the state shares with its rule set (cards, stages, boards, compiled hooks, action kinds,
the functions compiled from expressions, the trade parts a city keeps as a memo, the table of
actions the game hands out) are recorded by identity: a call that swapped one would be seen, and
they hold nothing of one game. A value of a type the walk does not know fails the snapshot, so
that a new field cannot slip through unseen.

`fingerprint` is the same internal fields pickled (shared objects again by identity): as
complete, and fast enough to take after every one of many thousands of calls.
"""

from __future__ import annotations

import io
import json
import pickle
import random
import types
from collections import deque

import attrs

from wonderrules.interpreter import effects
from wonderrules.interpreter.actions import CompiledAction, SeatInfo
from wonderrules.interpreter.asks import DecideAsk, RoundAsk
from wonderrules.interpreter.catalog import BoardKind, Source
from wonderrules.interpreter.city import City
from wonderrules.interpreter.game_data import FIELDS, Scratch
from wonderrules.interpreter.grants import CityGrant
from wonderrules.interpreter.log import to_log
from wonderrules.interpreter.observe import observation
from wonderrules.interpreter.preferences import CompiledPreference
from wonderrules.interpreter.state import State

#: fields of a State that are the rule set's or the table's, shared by every game of a Game
SHARED = {"game", "catalog", "config", "table", "caches", "neutral"}
#: classes of the rule set's objects, compared by identity
SHARED_TYPES = (Source, BoardKind, CompiledAction, effects.CompiledHook, CompiledPreference, types.FunctionType,
                types.BuiltinFunctionType, types.MethodType)
#: slots of a city holding the market's memos (tuples of interned parts): by identity
MEMOS = {"memo", "parts", "turn_parts"}


def _same(value):
    return value


def _sequence(value):
    return (type(value).__name__, tuple(map(freeze, value)))


def _mapping(value):
    if _is_action_table(value):
        return _shared(value)
    return ("dict", tuple((freeze(k), freeze(v)) for k, v in value.items()))


def _unordered(value):
    return (type(value).__name__, tuple(sorted(repr(freeze(v)) for v in value)))


def _is_action_table(value) -> bool:
    """The game's table of actions handed out (see actions._seat_info): shared, by identity."""
    return any(value is t for t in _ACTION_TABLES)


_ACTION_TABLES: list[dict] = []


def attributes_of(cls: type) -> tuple[str, ...]:
    """The attributes of an engine class's objects: its slots and its bases' as Python makes the
    class, or the attributes mypyc lists for a class of the compiled engine (which has no slots)."""
    compiled = getattr(cls, "__mypyc_attrs__", None)
    if compiled is not None:
        return tuple(compiled)
    return tuple(name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ()))


def _city_fields(value) -> tuple:
    return tuple((slot, ("memo", id(getattr(value, slot))) if slot in MEMOS else getattr(value, slot))
                 for slot in attributes_of(City))


def _city(value):
    return ("City", tuple((slot, freeze(v)) for slot, v in _city_fields(value)))


def _shared(value):
    return ("shared", type(value).__name__, id(value))


def _record(value):
    """A slotted record of the engine (a decision asked, a grant a city holds, a seat's listing
    needs): field by field."""
    return (type(value).__name__, tuple(freeze(getattr(value, slot)) for slot in attributes_of(type(value))))


#: the walk by exact type (the common case, fast); other types go through `_other`
_BY_TYPE = {
    type(None): _same, bool: _same, int: _same, float: _same, str: _same,
    tuple: _sequence, list: _sequence, deque: _sequence, dict: _mapping, set: _unordered, frozenset: _unordered,
    City: _city, CityGrant: _record, SeatInfo: _record, RoundAsk: _record, DecideAsk: _record,
    **{t: _shared for t in SHARED_TYPES},
}


def freeze(value):
    """A comparable, deep image of a value of the state."""
    walk = _BY_TYPE.get(type(value))
    return walk(value) if walk is not None else _other(value)


def _other(value):
    if isinstance(value, tuple):  # Action, Decision and other named tuples
        return (type(value).__name__, tuple(map(freeze, value)))
    if isinstance(value, random.Random):
        return ("rng", value.getstate())
    if type(value).__module__ == effects.__name__:  # a compiled operation
        return _shared(value)
    if attrs.has(type(value)) and type(value).__setattr__ is not object.__setattr__:  # frozen attrs
        return (type(value).__name__, repr(value))
    raise TypeError(f"the snapshot does not know how to compare a {type(value).__name__}")


def fields_of(state: State) -> dict:
    """Every field of the state, by name (the table of game_data.FIELDS), its scratch as the
    scratch's own fields."""
    out = {name: getattr(state, name) for name, _ in FIELDS if name != "scratch"}
    out.update((f"scratch.{name}", getattr(state.scratch, name)) for name in attributes_of(Scratch))
    return out


def internal(state: State) -> tuple:
    """Every field of the state: its own values deeply, the rule set's by identity."""
    _ACTION_TABLES[:] = list(state.caches.interned.values())
    out = []
    for name, value in sorted(fields_of(state).items()):
        out.append((name, ("shared", id(value)) if name in SHARED else freeze(value)))
    return tuple(out)


def seen(state: State) -> tuple:
    """What every player sees and may do, and the log."""
    players = range(state.players)
    observations = tuple(json.dumps(observation(state, p), sort_keys=True) for p in players)
    legal = tuple(tuple(state.legal_actions(p)) for p in players)
    log = json.dumps(to_log(state), sort_keys=True)
    return observations, legal, log


def full_snapshot(state: State) -> tuple:
    """What every player sees and may do, the log, then every internal field (read last: the
    legal actions and the trade contexts they need are cached inside the state)."""
    return (*seen(state), internal(state))


def _by_identity(value):
    return (int, (id(value),))


def _city_reduced(value):
    return (tuple, (_city_fields(value),))


def _reducers() -> dict:
    """Pickling reducers: the rule set's objects by identity; a city as its fields."""
    table = {t: _by_identity for t in SHARED_TYPES}
    table[City] = _city_reduced
    for value in vars(effects).values():
        if isinstance(value, type) and value.__module__ == effects.__name__:
            table[value] = _by_identity
    return table


_REDUCERS = _reducers()


def fingerprint(state: State) -> bytes:
    """Every internal field of the state, pickled; the rule set's objects by identity."""
    fields = {}
    for name, value in sorted(fields_of(state).items()):
        if name in SHARED:
            value = ("shared", id(value))
        fields[name] = value
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=5)
    pickler.dispatch_table = _REDUCERS
    pickler.dump(fields)
    return out.getvalue()


def values(state: State) -> tuple:
    """Every internal field by value, the market's memos left out (two games equal in every
    value may hold equal memos in different objects)."""
    return tuple((name, value) for name, value in internal(state)
                 if name != "cities") + tuple(
        tuple((slot, v) for slot, v in city[1] if slot not in MEMOS) for city in
        (freeze(c) for c in state.cities))
