"""How an IR field says what a valid value is.

Each field of the compiled rule set is declared with :func:`spec`, which stores its constraints
in the attrs metadata. Two readers use them: the validator of compiled JSON (:mod:`.validate`)
and the JSON Schema generator (:mod:`.serial`). Declaring a field with its metadata is enough for
both: neither knows the IR classes by name.

Constraints on a value (for a tuple ``tuple[X, ...]`` they apply to each item, for an optional
value to the value when present):

``doc``
    What the field means (the schema's ``description``).
``what``
    The noun for one value in messages (default: the field name, singular).
``enum``
    The closed vocabulary the value belongs to (strings or integers).
``refers_to``
    The kind of declared name the string must be, or several kinds joined by ``|``. A mapping
    ``{sibling: {value: kinds}}`` makes the kind depend on a sibling field (``""``: no name).
``also``
    Words accepted besides the declared names (``board``, or ``""`` for none).
``declares``
    The string declares a name of this kind (``once``: it may be declared only once).
``min`` / ``max``
    Bounds of an integer.
``expression``
    An expression's context: ``setting``, ``draw`` or ``quantity`` (see
    :data:`.vocabulary.EXPRESSION_CONTEXTS`).
``text``
    Free text (a title, a layer's name): any string.
``added``
    The field came after rule sets were first fingerprinted: while it holds its default, the
    fingerprint leaves it out (:mod:`.fingerprint`), so a rule set that does not use it keeps its
    fingerprint and the games recorded with it replay.

Constraints on a tuple itself: ``min_items``, ``max_items``, ``unique`` (items differ) and
``unique_by`` (items are objects that differ in these fields). A fixed-length tuple takes one
spec per position in ``parts`` (passed on, like the value constraints, to each fixed-length
item of a tuple).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

__all__ = ["spec", "field_spec", "item_spec", "ITEM_KEYS", "LIST_KEYS"]

#: constraints on a value: passed on to the items of a tuple and to an optional value
ITEM_KEYS = frozenset({"what", "enum", "refers_to", "also", "declares", "once", "min", "max", "expression",
                       "text", "parts"})
#: constraints on a tuple itself
LIST_KEYS = frozenset({"min_items", "max_items", "unique", "unique_by"})
_KEYS = ITEM_KEYS | LIST_KEYS | {"doc", "added"}


def spec(default: Any = attrs.NOTHING, *, doc: str, **constraints: Any) -> Any:
    """An attrs field whose metadata holds its documentation and constraints."""
    unknown = sorted(set(constraints) - _KEYS)
    if unknown:
        raise TypeError(f"unknown constraint {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    return attrs.field(default=default, metadata={"doc": doc, **constraints})


def field_spec(field: attrs.Attribute[Any]) -> Mapping[str, Any]:
    """The constraints declared on an attrs field (empty when none)."""
    return field.metadata


def item_spec(constraints: Mapping[str, Any]) -> dict[str, Any]:
    """The constraints that apply to each item of a tuple, or to an optional value."""
    return {k: v for k, v in constraints.items() if k in ITEM_KEYS}
