"""Helpers of the tests of compiled JSON loading: the compiled documents of the bundled rule sets,
finding a card in them, and the refusal a tampered document gets."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import wonderrules as wr
from wonderrules.interpreter import serial


@cache
def _text(names: tuple[str, ...]) -> str:
    return serial.rules_to_json(wr.load_rules(*names), indent=None)


def document(*names: str) -> dict[str, Any]:
    """A fresh copy of the compiled JSON data of bundled rule sets (base by default)."""
    return json.loads(_text(names or ("base",)))


def card_index(doc: dict, name: str) -> int:
    return next(i for i, c in enumerate(doc["cards"]) if c["name"] == name)


def op_index(doc: dict, op: str) -> int:
    """The index of the first card whose first hook has an operation of this type."""
    return next(i for i, c in enumerate(doc["cards"]) if c["hooks"] and c["hooks"][0]["op"]["type"] == op)


def refusal(doc: object) -> wr.CompiledRulesError:
    """The error loading `doc` raises (the test fails if it loads)."""
    with pytest.raises(wr.CompiledRulesError) as caught:
        serial.rules_from_dict(doc)
    return caught.value


def refused_at(doc: object) -> tuple[str, str]:
    e = refusal(doc)
    return e.path, e.message


def set_at(doc: dict, path: str, value: object) -> None:
    """Set the value at a dotted path (`cards.0.cost.coins`)."""
    *keys, last = [int(k) if k.isdigit() else k for k in path.split(".")]
    target: Any = doc
    for k in keys:
        target = target[k]
    target[last] = value
