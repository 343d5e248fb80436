"""Helpers of the compiled-JSON tests: the compiled documents of the bundled rule sets, finding a
card or a hook in them, and the refusal a tampered document gets."""

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


def card_index(doc: dict, name: str, age: int | None = None) -> int:
    return next(i for i, c in enumerate(doc["cards"]) if c["name"] == name and age in (None, c["age"]))


def card(doc: dict, name: str) -> dict:
    return doc["cards"][card_index(doc, name)]


def hook_index(doc: dict, effect: str) -> tuple[int, int]:
    """(card index, hook index) of the first card hook with an effect of this type."""
    return next((i, k) for i, c in enumerate(doc["cards"]) for k, h in enumerate(c["hooks"])
                if h["effect"]["type"] == effect)


def refusal(doc: object) -> wr.CompiledRulesError:
    """The error loading `doc` raises (the test fails if it loads)."""
    with pytest.raises(wr.CompiledRulesError) as caught:
        serial.rules_from_dict(doc)  # type: ignore[arg-type]
    return caught.value


def refused_at(doc: object) -> tuple[str, str]:
    e = refusal(doc)
    return e.path, e.message

