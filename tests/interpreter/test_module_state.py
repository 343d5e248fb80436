"""The engine keeps no mutable state in its modules: every cache belongs to a rule set's catalog,
a game or a state, and goes away with it. Module-level tables are read-only."""

from __future__ import annotations

import importlib
import pkgutil
from collections import deque

import wonderrules.interpreter as interpreter

MUTABLE = (dict, list, set, bytearray, deque)
#: functions with a cache that may stay: the JSON converter is built once from the IR classes
CACHED_ALLOWED = {"wonderrules.interpreter.serial.converter"}


def _modules():
    yield interpreter
    for info in pkgutil.walk_packages(interpreter.__path__, interpreter.__name__ + "."):
        yield importlib.import_module(info.name)


def _module_state() -> list[str]:
    """Every module-level mutable container and cached function of the engine's modules."""
    found = []
    for module in _modules():
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            qualified = f"{module.__name__}.{name}"
            if isinstance(value, MUTABLE):
                found.append(f"{qualified}: {type(value).__name__}")
            elif (callable(value) and hasattr(value, "cache_info")
                  and getattr(value, "__module__", "") == module.__name__ and qualified not in CACHED_ALLOWED):
                found.append(f"{qualified}: a cached function")
    return found


def test_no_module_of_the_engine_holds_a_mutable_table_or_a_cache():
    assert _module_state() == []


def test_a_table_in_a_nested_module_would_be_reported(monkeypatch):
    from wonderrules.interpreter.agents import greedy

    monkeypatch.setattr(greedy, "_PROBE", {}, raising=False)
    assert _module_state() == ["wonderrules.interpreter.agents.greedy._PROBE: dict"]


def test_a_cached_function_of_an_engine_module_would_be_reported(monkeypatch):
    from functools import cache

    from wonderrules.interpreter import trading

    @cache
    def probe() -> int:
        return 0

    probe.__module__ = trading.__name__
    monkeypatch.setattr(trading, "_probe", probe, raising=False)
    assert _module_state() == ["wonderrules.interpreter.trading._probe: a cached function"]
