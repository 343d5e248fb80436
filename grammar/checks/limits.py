"""Pass: the compiled rule set stays within the limits the core declares on its fields (bounds of
numbers, lengths of lists), so that what compiles also loads. The limits are read from the
fields' metadata (``interpreter.constraints``), never repeated here; a value beyond one is E0104,
pointing at the nearest node that carries its origin.

Every value of the compiled rule set is visited, so the walk is kept lean: the limits of each IR
class are read from its fields once per process (they depend on the code only), and the place of
a value (``cards[3].cost.coins``) is spelt out only for a value beyond a limit."""

from __future__ import annotations

from functools import cache
from typing import Any, Optional, Union

import attrs

from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.interpreter import ir
from wonderrules.interpreter.constraints import field_spec

__all__ = ["check"]

#: where a value sits: None for the rule set itself, else (where its container sits, field name or index)
_Place = Optional[tuple[Any, "str | int"]]


@attrs.frozen
class _Limits:
    """The constraints of one field that this pass reads."""
    name: str
    spec: Any
    min_items: Optional[int]
    max_items: Optional[int]
    #: bounds of the field's number (`min`, `max`)
    low: Optional[int]
    high: Optional[int]


@cache
def _limits(cls: type) -> Optional[tuple[_Limits, ...]]:
    """The fields of an IR class with their constraints; None for a class that is no IR node."""
    if not attrs.has(cls):
        return None
    out = []
    for f in attrs.fields(cls):
        spec = field_spec(f)
        out.append(_Limits(f.name, spec, spec.get("min_items"), spec.get("max_items"), spec.get("min"),
                           spec.get("max")))
    return tuple(out)


#: the origin of the nearest node that has one, or where the rule set is when none has
_Where = Union[ir.Origin, Span, None]


def check(rules: ir.RuleSet, where: Optional[Span]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    _walk(rules, None, where, diags)
    return diags[:5]


def _spelt(place: _Place) -> str:
    """A place as the compiled rule set's path to it: `cards[3].cost.coins`."""
    parts: list[str] = []
    while place is not None:
        place, step = place
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return "".join(reversed(parts)).lstrip(".")


def _walk(node: Any, place: _Place, where: _Where, diags: list[Diagnostic]) -> None:
    origin = getattr(node, "origin", None)
    if isinstance(origin, ir.Origin):
        where = origin
    for f in _limits(type(node)):
        value = getattr(node, f.name)
        kind = type(value)
        if kind is int:
            if (f.low is not None and value < f.low) or (f.high is not None and value > f.high):
                diags.append(_beyond(f"{value} is not between {f.low} and {f.high}", (place, f.name), where))
            continue
        if value is None or kind is str or kind is bool:
            continue
        here = (place, f.name)
        if kind is tuple:
            if f.max_items is not None and len(value) > f.max_items:
                diags.append(_beyond(f"{len(value)} items where at most {f.max_items} are accepted", here, where))
            if f.min_items is not None and len(value) < f.min_items:
                diags.append(_beyond(f"{len(value)} items where at least {f.min_items} are needed", here, where))
            for i, item in enumerate(value):
                if item is not None and type(item) is not str:
                    _value(item, f.spec, (here, i), where, diags)
        else:
            _value(value, f.spec, here, where, diags)


def _value(value: Any, spec: Any, place: _Place, where: _Where, diags: list[Diagnostic]) -> None:
    if _limits(type(value)) is not None:
        _walk(value, place, where, diags)
    elif isinstance(value, int) and not isinstance(value, bool):
        lo, hi = spec.get("min"), spec.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            diags.append(_beyond(f"{value} is not between {lo} and {hi}", place, where))
    elif isinstance(value, tuple):
        parts = spec.get("parts")
        for i, item in enumerate(value):
            _value(item, parts[i] if parts and i < len(parts) else {}, (place, i), where, diags)


def _beyond(message: str, place: _Place, where: _Where) -> Diagnostic:
    if isinstance(where, ir.Origin):
        where = Span(where.path, where.line, where.column, where.line, where.column + 1)
    return error("E0104", f"beyond what the engine accepts: {message}", where,
                 help=f"at {_spelt(place)} of the compiled rule set; the engine's limits are listed in the "
                      "documentation of compiled rule sets")
