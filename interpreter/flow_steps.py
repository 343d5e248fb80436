"""The steps of a flow and the steps inside them, described once.

A step holds steps in some of its fields: a loop (`each age`, `each turn`, `repeat`) its body, a
condition its steps and those of its `else`. :data:`STEP_FIELDS` names those fields and
:func:`children` gives them; the walks below follow them, for every pass that goes through a
flow: the catalog's moments, the decks dealt, the loader's checks and bounds, and the checker of
the language, whose steps as written hold their steps in fields of the same names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter import ir

__all__ = ["STEP_FIELDS", "children", "nested_steps", "walk_steps", "rule_steps"]

#: the fields of a step that hold steps, in the order written
STEP_FIELDS = ("body", "then", "otherwise")


def children(step: Any) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(field, steps) of each field of a step that holds steps, in the order written (none for a
    step that holds no steps, or whose fields are empty)."""
    for field in STEP_FIELDS:
        inner = getattr(step, field, None)
        if inner:
            yield field, inner


def nested_steps(steps: Iterable[Any]) -> Iterator[Any]:
    """Every step, each followed by the steps inside it, in the order written."""
    for step in steps:
        yield step
        for _, inner in children(step):
            yield from nested_steps(inner)


def rule_steps(rules: ir.RuleSet) -> Iterator[Any]:
    """Every step of a rule set's flow, then of each block of steps attached to a moment."""
    yield from nested_steps(rules.flow)
    for block in rules.moments:
        yield from nested_steps(block.steps)


def walk_steps(steps: Iterable[Any], path: str) -> Iterator[tuple[str, Any]]:
    """As :func:`nested_steps`, each step with its path from `path` (`flow[0].body[2]`)."""
    for i, step in enumerate(steps):
        here = f"{path}[{i}]"
        yield here, step
        for field, inner in children(step):
            yield from walk_steps(inner, f"{here}.{field}")
