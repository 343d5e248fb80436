"""What the layering passes say when a layer changes a definition: the redefinition errors, the
overrides that only the load order decides, and `did you mean`.

Shared by ``resolve`` (vocabulary, settings, cards) and ``resolve_structure`` (the declarations
of the game's structure).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.loading import closest

__all__ = ["redefined", "SiblingOverride", "note_sibling", "did_you_mean"]


def redefined(what: str, new_span: Span, old_span: Span, keyword: str, same_layer: bool,
              lower: str = "", setting: bool = False, single: bool = False) -> Diagnostic:
    """E0102 within a layer, E0401 over a lower one. `setting`: a value set, not a definition;
    `single`: the game has one of it (the market, the flow), so no other name adds another."""
    verb = "set" if setting else "defined"
    if same_layer:
        return error("E0102", f"{what} is {verb} twice", new_span,
                     labels=[Label(old_span, f"first {verb} here")],
                     help="remove one of the two")
    where = f" (layer '{lower}')" if lower else ""
    rename = "" if setting or single else "; to add something new, give it another name"
    return error("E0401", f"{what} is already {verb} by a lower layer{where}", new_span,
                 labels=[Label(old_span, f"{verb} here")],
                 help=f"to change it on purpose, write `{keyword}`{rename}")


@attrs.frozen
class SiblingOverride:
    """An `override` or `replace` in `layer` that changes what `other` defined, though `layer`
    does not extend `other`: only the order the layers were loaded in decides it."""

    layer: str
    other: str
    what: str
    span: Span
    other_span: Span


def note_sibling(model: Any, layer: str, other: str, what: str, span: Span, other_span: Span) -> None:
    if other and other != layer and other not in model.ancestors.get(layer, ()):
        model.sibling_overrides.append(SiblingOverride(layer, other, what, span, other_span))


def did_you_mean(name: str, known: Iterable[str]) -> str | None:
    hint = closest(name, known)
    return f"did you mean '{hint}'?" if hint else None
