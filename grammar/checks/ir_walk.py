"""The objects of a compiled rule set, for the passes that look through all of it (unused tokens,
where cards can lie, seats fixed by the table).

One walk, kept lean: it follows only the fields that may hold IR objects (as the engine's model
of the IR says), spells out no path, and gives each object with the origin of the innermost
object holding it (itself included) that knows where it was written, for a diagnostic to point
at.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.consistency import MODEL

__all__ = ["objects"]


def objects(root: Any) -> Iterator[tuple[Any, Optional[ir.Origin]]]:
    """Every IR object under `root` (itself included), depth first and in field order, with the
    origin of the innermost object holding it that has one."""
    holding = MODEL.object_fields
    stack: list[tuple[Any, Optional[ir.Origin]]] = [(root, None)]
    while stack:
        node, origin = stack.pop()
        if isinstance(node, tuple):
            stack.extend((item, origin) for item in reversed(node))
            continue
        fields = holding.get(type(node))
        if fields is None:
            continue
        own = getattr(node, "origin", None)
        if isinstance(own, ir.Origin):
            origin = own
        yield node, origin
        for name, _ in reversed(fields):
            value = getattr(node, name)
            if value is not None:
                stack.append((value, origin))
