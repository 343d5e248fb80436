"""Damaged logs on the command line: `wr replay` answers a stored game log damaged at random with
exit status 1 and one message free of Python error text, never a traceback.

The replay of corrupted logs by the engine itself (every stored log of version 1 and logs of
version 2, damaged by a hypothesis strategy) is tested in tests/core/test_core_log_fuzz.py."""

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

from wonderrules.cli import main

TESTS = Path(__file__).resolve().parents[1]
LOGS = sorted([*(TESTS / "interpreter" / "golden").glob("*.json"), *(TESTS / "expansions" / "golden").glob("*.json")])

#: what Python's own errors say; none of it may reach a user
PYTHON_TEXT = re.compile(
    r"Traceback|Error\b|Exception|object has no attribute|unhashable|invalid literal|not subscriptable|"
    r"NoneType|not supported between|positional argument|object is not|must be (?:str|int|real)|"
    r"index out of range|\bdict\b|\btuple\b|<class ")


@cache
def stored(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


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


def assert_clean(message: str) -> None:
    assert message, "an empty message"
    assert not PYTHON_TEXT.search(message), message


def _damaged(seed: int) -> dict:
    """A log damaged by a fixed random walk."""
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


def test_the_damaged_logs_come_from_every_stored_log() -> None:
    assert len(LOGS) == 9


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
