"""Renaming a card, a wonder or a phrase: where its name is written in a text.

A card or a wonder is named in quotes (`"Baths"`, in its definition, a `chain from`, a `change
card` ...): each quoted text equal to the name is a place. A phrase is named by a word before a
bracket (`phrase tribute(n)`, `tribute(2)`). Nothing in a comment is a place; a word in quotes is
never a phrase.
"""

from __future__ import annotations

import re

import attrs

from wonderrules.lsp.words import all_keywords

__all__ = ["Place", "places", "refused_name"]

_QUOTED = re.compile(r'"([^"\n]*)"')
_CALLED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")


@attrs.frozen
class Place:
    """Where a name is written: its line and the characters it spans (from 0, end excluded)."""

    line: int
    start: int
    end: int


def _code(line: str) -> tuple[str, list[tuple[int, int]]]:
    """The line without its comment, and the spans of its quoted texts (quotes included)."""
    quoted: list[tuple[int, int]] = []
    opened = None
    for index, ch in enumerate(line):
        if ch == '"':
            if opened is None:
                opened = index
            else:
                quoted.append((opened, index + 1))
                opened = None
        elif ch == "#" and opened is None:
            return line[:index], quoted
    return line, quoted


def places(text: str, name: str, quoted: bool) -> list[Place]:
    """Every place `name` is written in `text`: in quotes (a card or a wonder) or, `quoted` false,
    as a phrase's word before a bracket."""
    found = []
    for row, line in enumerate(text.split("\n")):
        code, strings = _code(line)
        if quoted:
            found += [Place(row, m.start(1), m.end(1)) for m in _QUOTED.finditer(code) if m.group(1) == name]
        else:
            found += [Place(row, m.start(1), m.end(1)) for m in _CALLED.finditer(code)
                      if m.group(1) == name and not any(a <= m.start(1) < b for a, b in strings)]
    return found


def refused_name(new: str, quoted: bool) -> str | None:
    """Why `new` cannot be the new name (one sentence), or None when it can."""
    if quoted:
        if not new.strip() or '"' in new or "\n" in new:
            return "a card or wonder name is a non-empty text without a double quote or a line break"
        return None
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", new):
        return "a phrase name is one word of letters, digits and underscores, not starting with a digit"
    if new in all_keywords():
        return f"'{new}' is a word of the language: a phrase named so would be read as the word"
    return None
