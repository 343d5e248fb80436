"""Where in the text a place of the compiled rule set was written: for the passes that find a
problem in the compiled form (a value beyond the engine's limits, a refusal of the loader) and
point at the text.

A place is the compiled rule set's path to a value (`cards[3].hooks[0].op.amount`). Its span is
the origin of the innermost object on the path that carries one (an effect, a step of the flow,
a deal's target, a score column...); the settings, which carry none, are found in the model by
the setting that gave them; anything else is the rule set's header.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from wonderrules.grammar.diagnostics import Span
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir

__all__ = ["span_of", "shown"]

#: a place longer than this is shortened in messages
_SHOWN = 100


def span_of(rules: ir.RuleSet, model: Optional[Model], path: str, where: Optional[Span]) -> Optional[Span]:
    """The span of the text a place of the compiled rule set comes from (`where` when unknown)."""
    steps = re.findall(r"(\w+)|\[(\d+)\]", path)
    value: Any = rules
    found: Optional[ir.Origin] = None
    for name, index in steps:
        try:
            value = value[int(index)] if index else getattr(value, name)
        except (AttributeError, IndexError, TypeError):
            break
        at = getattr(value, "origin", None)
        if isinstance(at, ir.Origin):
            found = at
    if found is not None:
        return Span(found.path, found.line, found.column, found.line, found.column + 1)
    return _setting_span(rules, model, steps) or where


def _setting_span(rules: ir.RuleSet, model: Optional[Model], steps: list[tuple[str, str]]) -> Optional[Span]:
    """The setting of the text behind a place in `settings` (or an option's)."""
    if model is None or len(steps) < 2:
        return None
    (first, _), (field, _) = steps[0], steps[1]
    if first == "options" and steps[1][1]:
        option = model.options.get(rules.options[int(steps[1][1])].name)
        return option.span if option is not None else None
    if first != "settings":
        return None
    key = field
    if field == "pool_draws" and len(steps) > 2 and steps[2][1]:
        key = f"pool {rules.settings.pool_draws[int(steps[2][1])].pool}"
    elif field == "order" and len(steps) > 2 and steps[2][1]:
        key = f"order {rules.settings.order[int(steps[2][1])][0]}"
    entry = model.settings.get(key)
    return entry.node.span if entry is not None else None


def shown(path: str) -> str:
    """A place as messages show it: a step repeated many times is written once with its count
    (`amount.left×58.value`), and a long place loses its middle."""
    path = re.sub(r"(\.\w+(?:\[\d+\])?)\1{3,}(?![\w\[])",
                  lambda m: f"{m.group(1)}×{len(m.group(0)) // len(m.group(1))}", path)
    return path if len(path) <= _SHOWN else path[:_SHOWN // 2] + "…" + path[-_SHOWN // 2:]
