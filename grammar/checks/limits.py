"""Pass: the compiled rule set stays within the limits the core declares on its fields (bounds of
numbers, lengths of lists), so that what compiles also loads. The limits are read from the
fields' metadata (``interpreter.constraints``), never repeated here; a value beyond one is E0104,
pointing at the nearest node that carries its origin."""

from __future__ import annotations

from typing import Any, Optional

import attrs

from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.interpreter import ir
from wonderrules.interpreter.constraints import field_spec

__all__ = ["check"]


def check(rules: ir.RuleSet, where: Optional[Span]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    _walk(rules, "", where, diags)
    return diags[:5]


def _span(node: Any, fallback: Optional[Span]) -> Optional[Span]:
    o = getattr(node, "origin", None)
    if isinstance(o, ir.Origin):
        return Span(o.path, o.line, o.column, o.line, o.column + 1)
    return fallback


def _walk(node: Any, path: str, where: Optional[Span], diags: list[Diagnostic]) -> None:
    where = _span(node, where)
    for f in attrs.fields(type(node)):
        value = getattr(node, f.name)
        spec = field_spec(f)
        here = f"{path}.{f.name}" if path else f.name
        if isinstance(value, tuple):
            hi, lo = spec.get("max_items"), spec.get("min_items")
            if hi is not None and len(value) > hi:
                diags.append(_beyond(f"{len(value)} items where at most {hi} are accepted", here, where))
            if lo is not None and len(value) < lo:
                diags.append(_beyond(f"{len(value)} items where at least {lo} are needed", here, where))
            for i, item in enumerate(value):
                _value(item, spec, f"{here}[{i}]", where, diags)
        else:
            _value(value, spec, here, where, diags)


def _value(value: Any, spec: Any, path: str, where: Optional[Span], diags: list[Diagnostic]) -> None:
    if attrs.has(type(value)):
        _walk(value, path, where, diags)
    elif isinstance(value, int) and not isinstance(value, bool):
        lo, hi = spec.get("min"), spec.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            diags.append(_beyond(f"{value} is not between {lo} and {hi}", path, where))
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            parts = spec.get("parts")
            _value(item, parts[i] if parts and i < len(parts) else {}, f"{path}[{i}]", where, diags)


def _beyond(message: str, path: str, where: Optional[Span]) -> Diagnostic:
    return error("E0104", f"beyond what the engine accepts: {message}", where,
                 help=f"at {path} of the compiled rule set; the engine's limits are listed in the documentation "
                      "of compiled rule sets")
