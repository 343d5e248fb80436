"""Corrupted logs: every stored game log of version 1 and version 2 logs of games played on the
core are damaged at random (a leaf changed in type or value, keys deleted or added, lists cut
short or grown, a value replaced by deep nesting) and replayed on the core. Each replay either
succeeds or raises ReplayError with a sentence free of Python error text."""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import core_support as cs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wonderrules.interpreter.log import ReplayError, check_scores, replay, to_log

TESTS = Path(__file__).resolve().parents[1]
V1_LOGS = sorted([*(TESTS / "interpreter" / "golden").glob("*.json"),
                  *(TESTS / "expansions" / "golden").glob("*.json")])
V2_TABLES = [(("base",), 4, ()), (("cities",), 6, ("teams",)), (("cities", "two_player"), 2, ())]

#: what Python's own errors say; none of it may reach a user
PYTHON_TEXT = re.compile(
    r"Traceback|Error\b|Exception|object has no attribute|unhashable|invalid literal|not subscriptable|"
    r"NoneType|not supported between|positional argument|object is not|must be (?:str|int|real)|"
    r"index out of range|\bdict\b|\btuple\b|<class ")

#: values a leaf may become: each JSON type, edge numbers, odd strings
ODD_VALUES = [None, True, False, 0, -1, 1, 2, 7, 10 ** 40, 1.5, 3.0, float("nan"), "", "x", "7", "Altar", "base",
              "hand", "age", "../x.wr", "\u00e9\u0000", [], {}, [1, "a"], {"kind": "sell"}, {"1": []}, {"2": 1}]


@cache
def stored(index: int) -> tuple[str, dict]:
    """The logs fuzzed, as (table, log): the golden logs of version 1, then version 2 logs."""
    if index < len(V1_LOGS):
        log = json.loads(V1_LOGS[index].read_text(encoding="utf-8"))
        return json.dumps([log["rules"], log["players"], log["options"]]), log
    layers, players, options = V2_TABLES[index - len(V1_LOGS)]
    log = json.loads(json.dumps(to_log(cs.random_game(layers, players, seed=index, options=options))))
    return json.dumps([list(layers), players, list(options)]), log


def game_for(table: str):
    layers, players, options = json.loads(table)
    return cs.game(tuple(layers), players, tuple(options))


def deep(levels: int) -> Any:
    value: Any = "bottom"
    for i in range(levels):
        value = [value] if i % 2 else {"k": value}
    return value


def _children(node: Any) -> list:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


#: where a damage starts, weighted towards the parts a replay walks through
FIRST_STEPS = ["rounds"] * 10 + ["deals"] * 5 + ["seats"] * 2 + ["scores"] * 2 + [
    "winners", "players", "seed", "options", "rules", "format", "version", "fingerprint", None]

#: the kinds of damage, weighted towards values of the right type that are wrong for the game
DAMAGES = ["nudge"] * 4 + ["replace"] * 2 + ["delete", "add", "truncate", "grow", "nest"]


def corrupt(log: dict, data: st.DataObject) -> None:
    """Walk down from the top to a random node and damage it (or its parent's entry)."""
    parent: Any = None
    key: Any = None
    node: Any = log
    first = data.draw(st.sampled_from(FIRST_STEPS), label="first step")
    if first is not None and first in log:
        parent, key, node = log, first, log[first]
    while _children(node) and (parent is None or data.draw(st.integers(0, 5), label="go deeper") > 0):
        keys = _children(node)
        key = keys[data.draw(st.integers(0, len(keys) - 1), label="child")]
        parent, node = node, node[key]
    how = data.draw(st.sampled_from(DAMAGES), label="how")
    if how == "replace" or parent is None:
        value = data.draw(st.sampled_from(ODD_VALUES), label="value")
        if parent is None:
            log.clear()
            if isinstance(value, dict):
                log.update(value)
            return
        parent[key] = copy.deepcopy(value)
    elif how == "nudge" and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + data.draw(st.sampled_from([-2, -1, 1, 5]), label="by")
    elif how == "nudge" and isinstance(node, str):
        parent[key] = data.draw(st.sampled_from([node.upper(), node + " ", node[:-1], "Palace", "Giza", "pile"]))
    elif how == "delete":
        del parent[key]
    elif how == "add" and isinstance(node, dict):
        node[data.draw(st.sampled_from(["extra", "1", "99", "kind", "hands", "-1", "pay", "rest", "01"]))] = \
            copy.deepcopy(data.draw(st.sampled_from(ODD_VALUES)))
    elif how == "add" and isinstance(node, list):
        node.append(copy.deepcopy(node[0] if node else data.draw(st.sampled_from(ODD_VALUES))))
    elif how == "truncate" and isinstance(node, (list, str)):
        parent[key] = node[: data.draw(st.integers(0, max(0, len(node) - 1)))]
    elif how == "grow" and isinstance(node, list) and node:
        parent[key] = node + node[: data.draw(st.integers(1, len(node)))]
    else:  # nest, or a change that does not apply to this node
        parent[key] = deep(data.draw(st.integers(1, 400), label="levels"))


def assert_clean(message: str) -> None:
    assert message, "an empty message"
    assert not PYTHON_TEXT.search(message), message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_corrupted_log_replays_or_is_refused_with_a_sentence(data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(V1_LOGS) + len(V2_TABLES) - 1), label="log")
    table, original = stored(index)
    log = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3), label="damages")):
        corrupt(log, data)
    try:
        state = replay(game_for(table), log)
        problems = check_scores(state, log)
    except ReplayError as e:
        assert_clean(str(e))
        return
    for problem in problems:
        assert_clean(problem)


def test_the_fuzz_reads_every_log_undamaged() -> None:
    for index in range(len(V1_LOGS) + len(V2_TABLES)):
        table, log = stored(index)
        state = replay(game_for(table), log)
        assert state.is_terminal() and check_scores(state, log) == []
