"""A complete snapshot of a game state, to prove that a refused call changed nothing.

`full_snapshot` holds what a user sees (the log, every player's observation, every player's
legal actions) and every internal field of the state, walked deeply: cities slot by slot, hands,
piles, the work queue, the random generator's state, caches. Objects the state shares with its
rule set (cards, stages, boards, compiled hooks; the trade parts and contexts a city keeps as a
memo, whose answers fill as the rule set is played) are recorded by identity: a call that
swapped one would be seen, and they hold nothing of the game. A value of a type the walk does
not know fails the snapshot, so that a new field cannot slip through unseen.

`fingerprint` is the same internal fields pickled (shared objects again by identity): as
complete, and fast enough to take after every one of many thousands of calls.
"""

from __future__ import annotations

import importlib
import io
import json
import pickle
import pkgutil
import random
from collections import deque

import attrs

import wonderrules as wr
import wonderrules.interpreter.effects as effects
from wonderrules.interpreter.catalog import BoardKind, Source
from wonderrules.interpreter.engine import State
from wonderrules.interpreter.state import City

#: fields of a State that are the rule set's, shared by every state of a game
SHARED = {"game", "cat", "config", "trade", "_strength"}
SHARED_TYPES = (Source, BoardKind)


def _is_hook(value) -> bool:
    """A compiled hook: an object of the effects package (immutable after compilation)."""
    return type(value).__module__.startswith("wonderrules.interpreter.effects")


def _same(value):
    return value


def _sequence(value):
    return (type(value).__name__, tuple(map(freeze, value)))


def _mapping(value):
    return ("dict", tuple((freeze(k), freeze(v)) for k, v in value.items()))


def _unordered(value):
    return (type(value).__name__, tuple(sorted(repr(freeze(v)) for v in value)))


def _memo(parts):
    """A city's trade memo (version, own part, sales part, prices part, stamp, context): the
    numbers by value, the parts and the context by identity."""
    if parts is None:
        return None
    version, own, sells, prices, stamp, ctx = parts
    return (version, id(own), id(sells), id(prices), stamp, None if ctx is None else id(ctx))


def _city_fields(value) -> tuple:
    return tuple((slot, _memo(value.parts) if slot == "parts" else getattr(value, slot)) for slot in City.__slots__)


def _city(value):
    return ("City", tuple((slot, freeze(v)) for slot, v in _city_fields(value)))


def _shared(value):
    return ("shared", type(value).__name__, id(value))


#: the walk by exact type (the common case, fast); other types go through `_other`
_BY_TYPE = {
    type(None): _same, bool: _same, int: _same, float: _same, str: _same,
    tuple: _sequence, list: _sequence, deque: _sequence, dict: _mapping, set: _unordered, frozenset: _unordered,
    City: _city, **{t: _shared for t in SHARED_TYPES},
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
    if _is_hook(value):
        return _shared(value)
    if attrs.has(type(value)) and type(value).__setattr__ is not object.__setattr__:  # frozen attrs
        return (type(value).__name__, repr(value))
    raise TypeError(f"the snapshot does not know how to compare a {type(value).__name__}")


def internal(state: State) -> tuple:
    """Every field of the state: its own values deeply, the rule set's by identity."""
    out = []
    for name, value in sorted(vars(state).items()):
        out.append((name, ("shared", id(value)) if name in SHARED else freeze(value)))
    return tuple(out)


def full_snapshot(state: State) -> tuple:
    """What every player sees and may do, the log, then every internal field (read last: the
    legal actions and the trade contexts they need are cached inside the state)."""
    players = range(state.players)
    seen = tuple(json.dumps(wr.observation(state, p), sort_keys=True) for p in players)
    legal = tuple(tuple(state.legal_actions(p)) for p in players)
    log = json.dumps(wr.to_log(state), sort_keys=True)
    return seen, legal, log, internal(state)


def _by_identity(value):
    return (int, (id(value),))


def _city_reduced(value):
    return (tuple, (_city_fields(value),))


def _rule_set_classes() -> dict:
    """Pickling reducers: every shared type and every class of the effects package (hooks,
    counters) is written as its identity; a city as its fields (its trade memo by identity)."""
    table = {t: _by_identity for t in SHARED_TYPES}
    table[City] = _city_reduced
    for info in pkgutil.iter_modules(effects.__path__, effects.__name__ + "."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__:
                table[value] = _by_identity
    return table


_REDUCERS = _rule_set_classes()


def fingerprint(state: State) -> bytes:
    """Every internal field of the state, pickled; the rule set's objects by identity."""
    fields = {name: ("shared", id(value)) if name in SHARED else value for name, value in sorted(vars(state).items())}
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=5)
    pickler.dispatch_table = _REDUCERS
    pickler.dump(fields)
    return out.getvalue()
