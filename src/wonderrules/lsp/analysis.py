"""A rule set as an editor holds it: compiled from its open files, with its names and their places.

An editor's open files stand in for the disk (`overlay`, by absolute path), so what is checked is
what is on the screen. Positions here are the front end's (:class:`Span`: lines and columns from
1, columns in characters); the protocol's (lines from 0, columns in UTF-16 code units) are made by
:func:`utf16_column` and :func:`character_column`.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from importlib import resources as pkg_resources

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.compiler import Compiled, compile_rules
from wonderrules.grammar.diagnostics import Span
from wonderrules.grammar.loading import BUNDLED_PREFIX, Layer, load_layers
from wonderrules.grammar.parse import ParsedFiles, readable_parts
from wonderrules.interpreter import ir

__all__ = ["Definition", "Analysis", "Analyser", "Word", "word_at", "file_path",
           "utf16_column", "character_column", "definitions_in"]


def file_path(path: str) -> str | None:
    """The file on disk behind a path as the front end names it: a bundled rule set
    (`<bundled>/base.wr`) is its file in the installed package; None when there is none."""
    if not path.startswith(BUNDLED_PREFIX):
        return os.path.abspath(path)
    found = pkg_resources.files("wonderrules.rulesets").joinpath(path[len(BUNDLED_PREFIX):])
    return os.path.abspath(str(found)) if found.is_file() else None


def utf16_column(line: str, column: int) -> int:
    """The protocol's column (UTF-16 code units from 0) of the front end's `column` (characters
    from 1) on `line`."""
    before = line[:max(column - 1, 0)]
    return len(before) + sum(1 for ch in before if ord(ch) > 0xFFFF) + max(column - 1 - len(line), 0)


def character_column(line: str, utf16: int) -> int:
    """The index (from 0) of the character at the protocol's column `utf16` on `line`."""
    units = 0
    for index, ch in enumerate(line):
        if units >= utf16:
            return index
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


@attrs.frozen
class Definition:
    """A name a rule set defines (a card, a wonder, a phrase, a resource, a zone...) and where."""

    name: str
    kind: str
    span: Span
    node: object


#: the word for what an item defines, by the class of its syntax node; any other is its class name
_KINDS = {"Resources": "resource", "Symbols": "symbol", "Tokens": "token", "Abilities": "ability",
          "Decks": "deck", "PhraseDef": "phrase", "Colour": "colour", "Category": "scoring category",
          "NeutralSeat": "neutral seat", "AtBlock": "moment"}


def _kind(node: object) -> str:
    name = type(node).__name__
    return _KINDS.get(name, name.lower())


def _defined(item: object) -> Iterator[Definition]:
    """The names a top-level item defines: its own name, the names it declares, and those of its
    colours or scoring categories. Items that remove or change a name define none."""
    if type(item).__name__.startswith(("Remove", "Change", "Extend")):
        return
    name = getattr(item, "name", None)
    if isinstance(name, (s.Name, s.Text)):
        yield Definition(name.text, _kind(item), name.span, item)
    for declared in getattr(item, "names", ()):
        if isinstance(declared, s.Name):
            yield Definition(declared.text, _kind(item), declared.span, item)
    for part in (*getattr(item, "colours", ()), *getattr(item, "categories", ())):
        part_name = getattr(part, "name", None)
        if isinstance(part_name, s.Name):
            yield Definition(part_name.text, _kind(part), part_name.span, part)


def definitions_in(items: Sequence[object]) -> list[Definition]:
    """Every name the items define, in their order."""
    return [d for item in items for d in _defined(item)]


@attrs.frozen
class Analysis:
    """One open file, compiled with the layers it extends."""

    #: the file, as the front end names it
    path: str
    compiled: Compiled
    #: the compiled rule set to describe names with: this file's, else (when it has errors) the
    #: layers below it, else None
    rules: ir.RuleSet | None
    #: every name defined by the file and its layers, the lowest layer's first
    definitions: Mapping[str, tuple[Definition, ...]]
    #: the file's own top-level items (those that read, when the file has a syntax error)
    items: tuple[object, ...]
    #: the texts read, by the front end's path
    sources: Mapping[str, str]
    #: the layers below the file (those that read), by name: the header of each
    layers: Mapping[str, s.Header] = attrs.field(factory=dict)


class Analyser:
    """Compiles open files; files parsed once are shared by the compilations that follow, and the
    layers below a file with errors are compiled once for each set of their texts. One
    compilation runs at a time, whatever thread asks."""

    def __init__(self) -> None:
        self._parsed = ParsedFiles()
        self._below: dict[tuple[tuple[str, str], ...], ir.RuleSet | None] = {}
        self._one_at_a_time = threading.Lock()

    def analyse(self, path: str, overlay: Mapping[str, str]) -> Analysis:
        """Compile the file at `path` (absolute) with the editor's open texts `overlay`."""
        with self._one_at_a_time:
            return self._analyse(path, overlay)

    def _analyse(self, path: str, overlay: Mapping[str, str]) -> Analysis:
        if len(self._below) > 16:  # nothing of old texts is kept for long
            self._parsed = ParsedFiles()
            self._below.clear()
        compiled = compile_rules([path], parsed=self._parsed, overlay=overlay)
        layers, sources, _ = load_layers([path], parsed=self._parsed, overlay=overlay)
        sources = {**sources, **compiled.sources}
        own = next((layer for layer in layers if layer.path == path), None)
        if own is not None:
            items: tuple[object, ...] = own.tree.items
        elif path in sources:
            items = tuple(readable_parts(sources[path], path)[1])
        else:
            items = ()
        definitions: dict[str, list[Definition]] = {}
        for layer_items in [layer.tree.items for layer in layers if layer is not own] + [items]:
            for found in definitions_in(layer_items):
                definitions.setdefault(found.name, []).append(found)
        rules = compiled.rules if compiled.rules is not None else self._rules_below(path, layers, sources, overlay)
        return Analysis(path, compiled, rules, {k: tuple(v) for k, v in definitions.items()}, items, sources,
                        {layer.name: layer.tree.header for layer in layers if layer is not own})

    def _rules_below(self, path: str, layers: list[Layer], sources: Mapping[str, str],
                     overlay: Mapping[str, str]) -> ir.RuleSet | None:
        """The layers below a file that does not compile, compiled on their own (None when they
        do not compile either)."""
        below = [layer.path for layer in layers if layer.path != path]
        if not below:
            return None
        key = tuple((p, sources.get(p, "")) for p in below)
        if key not in self._below:
            refs = [p[len(BUNDLED_PREFIX):-len(".wr")] if p.startswith(BUNDLED_PREFIX) else p for p in below]
            self._below[key] = compile_rules(refs, parsed=self._parsed, overlay=overlay).rules
        return self._below[key]


@attrs.frozen
class Word:
    """The word under the cursor: a name in quotes (`quoted`, without them) or a bare word, the
    columns (characters from 0) it spans on its line, and the rest of the line after it."""

    text: str
    quoted: bool
    start: int
    end: int
    after: str


_QUOTED = re.compile(r'"([^"\n]*)"')
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def word_at(line: str, index: int) -> Word | None:
    """The word of `line` at the character `index` (from 0; the end of a word counts), or None
    (in a comment, or on no word)."""
    code = line.split("#", 1)[0] if '"' not in line else _without_comment(line)
    for m in _QUOTED.finditer(code):
        if m.start() <= index <= m.end():
            return Word(m.group(1), True, m.start(), m.end(), code[m.end():])
    for m in _BARE.finditer(code):
        if m.start() <= index <= m.end():
            return Word(m.group(0), False, m.start(), m.end(), code[m.end():])
    return None


def _without_comment(line: str) -> str:
    """The line up to a `#` outside quotes."""
    quoted = False
    for index, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:index]
    return line
