"""Helpers of the tests of compiled JSON: the documents of the bundled rule sets, the refusal a
document gets, and a strategy that tampers with a document at random (a leaf of another type, a
wrong name, a huge or negative number, a key deleted or added, an array item duplicated or removed,
an object replaced by another one of the document)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import strategies as st

import wonderrules
from wonderrules.interpreter import serial
from wonderrules.interpreter.validate import CompiledRulesError

#: the bundled documents tampered with
RULE_SETS = (("base",), ("cities", "two_player"))
Key = Any  # a str key of an object or an int index of an array


@cache
def _text(names: tuple[str, ...]) -> str:
    return serial.rules_to_json(wonderrules.load_rules(*names), indent=None)


def document(*names: str) -> dict[str, Any]:
    """A fresh copy of the compiled core JSON of bundled rule sets (base by default)."""
    return json.loads(_text(names or ("base",)))


def refusal(doc: object) -> CompiledRulesError:
    """The error loading `doc` raises (the test fails if it loads)."""
    with pytest.raises(CompiledRulesError) as caught:
        serial.rules_from_dict(doc)
    return caught.value


def refused_at(doc: object) -> tuple[str, str]:
    e = refusal(doc)
    return e.path, e.message


def at(doc: Any, path: tuple[Key, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _walk(value: Any, path: tuple[Key, ...]) -> Iterator[tuple[tuple[Key, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, path + (i,))


@cache
def _parts(names: tuple[str, ...]) -> dict[str, list[Any]]:
    """Paths of the document by what they hold, and the strings it uses (plausible wrong names)."""
    out: dict[str, list[Any]] = {"leaf": [], "object": [], "array": [], "strings": []}
    for path, value in _walk(document(*names), ()):
        if isinstance(value, dict):
            out["object"].append(path)
        elif isinstance(value, list):
            out["array"].append(path)
        else:
            out["leaf"].append(path)
            if isinstance(value, str):
                out["strings"].append(value)
    out["strings"] = sorted(set(out["strings"]))
    return out


WRONG = ["nowhere", "", "3", 3, 1.5, -1, 0, True, False, None, [], {}, ["x"], {"type": "Num", "value": 1}]
NUMBERS = [-(10**9), -5, -1, 0, 1, 2, 7, 20, 21, 50, 51, 101, 10**6, 10**9, 2**63]


def _try_at(doc: Any, path: tuple[Key, ...]) -> Any:
    try:
        return at(doc, path)
    except (KeyError, IndexError, TypeError):
        return None


@st.composite
def tampered(draw: Any) -> tuple[tuple[str, ...], dict[str, Any]]:
    names = draw(st.sampled_from(RULE_SETS))
    parts = _parts(names)
    doc = document(*names)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["leaf type", "leaf name", "leaf number", "delete key", "add key",
                                     "duplicate item", "remove item", "graft"]))
        if kind in ("delete key", "add key"):
            target = _try_at(doc, draw(st.sampled_from(parts["object"])))
            if not isinstance(target, dict):
                continue
            if kind == "add key" or not target:
                target[draw(st.sampled_from(["extra", "type", "name", "amount"]))] = draw(st.sampled_from(WRONG))
            else:
                del target[draw(st.sampled_from(sorted(target)))]
            continue
        if kind in ("duplicate item", "remove item"):
            target = _try_at(doc, draw(st.sampled_from(parts["array"])))
            if not isinstance(target, list) or not target:
                continue
            i = draw(st.integers(0, len(target) - 1))
            if kind == "duplicate item":
                target.insert(i, json.loads(json.dumps(target[i])))
            else:
                del target[i]
            continue
        if kind == "graft":
            path = draw(st.sampled_from(parts["object"]))
            value = json.loads(json.dumps(at(document(*names), draw(st.sampled_from(parts["object"])))))
        else:
            path = draw(st.sampled_from(parts["leaf"]))
            if kind == "leaf type":
                value = draw(st.sampled_from(WRONG))
            elif kind == "leaf name":
                value = draw(st.sampled_from(parts["strings"] + ["nowhere"]))
            else:
                value = draw(st.sampled_from(NUMBERS))
        if path:
            parent = _try_at(doc, path[:-1])
            try:
                parent[path[-1]] = value
            except (TypeError, IndexError, KeyError):
                continue
    return names, doc
