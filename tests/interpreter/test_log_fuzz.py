"""Corrupted golden logs: every stored game log (tests/interpreter/golden, tests/expansions/golden)
is damaged at random — a leaf changed in type or value, keys deleted or added, lists cut short or
grown, a value replaced by deep nesting — and replayed. Each replay either succeeds or raises
ReplayError with a sentence free of Python error text; `wr replay` answers a few of them with
exit status 1 and one message, never a traceback."""

from __future__ import annotations

import copy
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.interpreter.log import ReplayError, check_scores

TESTS = Path(__file__).resolve().parents[1]
LOGS = sorted([*(TESTS / "interpreter" / "golden").glob("*.json"), *(TESTS / "expansions" / "golden").glob("*.json")])

#: what Python's own errors say; none of it may reach a user
PYTHON_TEXT = re.compile(
    r"Traceback|Error\b|Exception|object has no attribute|unhashable|invalid literal|not subscriptable|"
    r"NoneType|not supported between|positional argument|object is not|must be (?:str|int|real)|"
    r"index out of range|\bdict\b|\btuple\b|<class ")

#: values a leaf may become: each JSON type, edge numbers, odd strings
ODD_VALUES = [None, True, False, 0, -1, 1, 2, 7, 10 ** 40, 1.5, 3.0, float("nan"), "", "x", "7", "Altar", "base",
              "../x.wr", "\u00e9\u0000", [], {}, [1, "a"], {"kind": "sell"}, {"1": []}]


@cache
def stored(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def game_for(path: Path) -> wr.Game:
    log = stored(path)
    return wr.Game(wr.load_rules(*log["rules"]), log["players"], tuple(log["options"]))


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
FIRST_STEPS = ["rounds"] * 10 + ["deals"] * 4 + ["seats"] * 2 + ["scores"] * 2 + [
    "winners", "players", "seed", "options", "rules", "format", "version", None]


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
        parent[key] = data.draw(st.sampled_from([node.upper(), node + " ", node[:-1], "Palace", "Giza"]))
    elif how == "delete":
        del parent[key]
    elif how == "add" and isinstance(node, dict):
        node[data.draw(st.sampled_from(["extra", "1", "99", "kind", "hands", "-1"]))] = copy.deepcopy(
            data.draw(st.sampled_from(ODD_VALUES)))
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
    path = data.draw(st.sampled_from(LOGS), label="log")
    log = copy.deepcopy(stored(path))
    for _ in range(data.draw(st.integers(1, 3), label="damages")):
        corrupt(log, data)
    try:
        state = wr.replay(game_for(path), log)
        problems = check_scores(state, log)
    except ReplayError as e:
        assert_clean(str(e))
        return
    for problem in problems:
        assert_clean(problem)


def test_the_fuzz_reads_every_golden_log() -> None:
    assert len(LOGS) == 9
    for path in LOGS:
        state = wr.replay(game_for(path), stored(path))
        assert state.is_terminal() and check_scores(state, stored(path)) == []


def _damaged(seed: int) -> dict:
    """A log damaged by a fixed random walk, for the command line cases."""
    rng = random.Random(seed)
    log = copy.deepcopy(stored(LOGS[seed % len(LOGS)]))
    node: Any = log[("rounds", "deals", "seats", "scores", "rounds", "deals")[seed % 6]]
    while True:
        keys = _children(node)
        key = rng.choice(keys)
        if not _children(node[key]) or rng.random() < 0.3:
            node[key] = rng.choice([None, True, 1.5, "x", -1, [], {}, deep(300)])
            return log
        node = node[key]


@pytest.mark.parametrize("seed", range(6))
def test_wr_replay_answers_a_damaged_log_with_one_message(tmp_path: Path, seed: int) -> None:
    (tmp_path / "game.json").write_text(json.dumps(_damaged(seed)), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "game.json")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    if result.exit_code == 0:
        assert "replay verified" in result.output
        return
    assert result.exit_code == 1, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("error: ")]
    mismatches = [ln for ln in result.output.splitlines() if ln.startswith("mismatch: ")]
    assert len(errors) == 1 or (not errors and mismatches), result.output
    for line in errors + mismatches:
        assert_clean(line.split(": ", 1)[1])
