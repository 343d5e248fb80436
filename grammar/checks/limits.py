"""Pass: the compiled rule set stays within the limits the core declares on its fields (bounds of
numbers, lengths of lists), so that what compiles also loads. The limits are read from the
fields' metadata (``interpreter.constraints``), never repeated here; a value beyond one is E0104,
pointing at the nearest node that carries its origin, or at the setting that gave it
(:mod:`.places`).

Every value of the compiled rule set that may be beyond a limit is visited, so the walk is kept
lean: the limits of each IR class are read from its fields once per process (they depend on the
code only), fields that cannot be beyond one are left out, and the place of a value
(``cards[3].cost.coins``) is spelt out only for a value beyond a limit."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Optional

import attrs

from wonderrules.grammar.checks.places import span_of
from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.constraints import field_spec

__all__ = ["check"]

#: where a value sits: None for the rule set itself, else (where its container sits, field name or index)
_Place = Optional[tuple[Any, "str | int"]]


#: the limits of one field: its name, its constraints, and the bounds this pass reads from them
#: (absent bounds made infinite, so that every number is compared the same way)
_Field = tuple[str, Mapping[str, Any], float, float, float, float]
_INF = float("inf")


#: the constraints this pass reads
_LIMITS = ("min", "max", "min_items", "max_items", "parts")
#: annotations of values that hold no node
_PLAIN = (str, int, bool, float, type(None))


@cache
def _limits(cls: type) -> Optional[tuple[_Field, ...]]:
    """The fields of an IR class that may be beyond a limit or hold a node that may, with their
    limits; None for a class that is no IR node. A field of words, flags or numbers without
    bounds (as its annotation says) has nothing to check."""
    if not attrs.has(cls):
        return None
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation that does not resolve: every field is visited
        hints = {}
    out = []
    for f in attrs.fields(cls):
        spec = field_spec(f)
        if f.name in hints and not any(k in spec for k in _LIMITS) and not _may_hold_node(hints[f.name]):
            continue
        out.append((f.name, spec, _bound(spec, "min_items", -_INF), _bound(spec, "max_items", _INF),
                    _bound(spec, "min", -_INF), _bound(spec, "max", _INF)))
    return tuple(out)


def _may_hold_node(annotation: Any) -> bool:
    """Whether a value so annotated may be or hold an IR node (when unsure, it may)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return False
    if origin is None:
        return annotation not in _PLAIN
    return any(_may_hold_node(a) for a in typing.get_args(annotation) if a is not Ellipsis)


def _bound(spec: Mapping[str, Any], key: str, absent: float) -> float:
    value = spec.get(key)
    return absent if value is None else value


#: what is beyond a limit, and its place
_Found = tuple[str, _Place]


def check(rules: ir.RuleSet, where: Optional[Span], model: Optional[Model] = None) -> list[Diagnostic]:
    found: list[_Found] = []
    _walk(rules, None, found)
    return [_beyond(message, _spelt(place), rules, model, where) for message, place in found[:5]]


def _spelt(place: _Place) -> str:
    """A place as the compiled rule set's path to it: `cards[3].cost.coins`."""
    parts: list[str] = []
    while place is not None:
        place, step = place
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return "".join(reversed(parts)).lstrip(".")


def _walk(node: Any, place: _Place, diags: list[_Found]) -> None:
    """Check the fields of an IR node. Numbers, words and nodes, the most common values, are
    handled here; anything else goes through `_value`."""
    node_class: type = type(node)
    fields = _limits(node_class)
    assert fields is not None, "only a node with limits is walked"
    for name, spec, min_items, max_items, low, high in fields:
        value = getattr(node, name)
        kind: type = type(value)
        if kind is int:
            if not low <= value <= high:
                diags.append(_not_between(value, spec, (place, name)))
        elif value is None or kind is str or kind is bool:
            continue
        elif kind is tuple:
            here = (place, name)
            if len(value) > max_items:
                diags.append((f"{len(value)} items where at most {spec['max_items']} are accepted", here))
            if len(value) < min_items:
                diags.append((f"{len(value)} items where at least {spec['min_items']} are needed", here))
            for i, item in enumerate(value):
                kind = type(item)
                if kind is int:
                    if not low <= item <= high:
                        diags.append(_not_between(item, spec, (here, i)))
                elif kind is not str and item is not None:
                    _value(item, spec, (here, i), diags)
        elif _limits(kind) is not None:
            _walk(value, (place, name), diags)
        else:
            _value(value, spec, (place, name), diags)


def _value(value: Any, spec: Mapping[str, Any], place: _Place, diags: list[_Found]) -> None:
    value_class: type = type(value)
    if _limits(value_class) is not None:
        _walk(value, place, diags)
    elif isinstance(value, int) and not isinstance(value, bool):
        lo, hi = spec.get("min"), spec.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            diags.append(_not_between(value, spec, place))
    elif isinstance(value, tuple):
        parts = spec.get("parts")
        for i, item in enumerate(value):
            _value(item, parts[i] if parts and i < len(parts) else {}, (place, i), diags)


def _not_between(value: int, spec: Mapping[str, Any], place: _Place) -> _Found:
    return f"{value} is not between {spec.get('min')} and {spec.get('max')}", place


def _beyond(message: str, path: str, rules: ir.RuleSet, model: Optional[Model], where: Optional[Span]) -> Diagnostic:
    return error("E0104", f"beyond what the engine accepts: {message}", span_of(rules, model, path, where),
                 help=f"at {path} of the compiled rule set; the engine's limits are listed in the documentation "
                      "of compiled rule sets")
