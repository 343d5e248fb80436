"""`wr fmt`: one layout for every `.wr` file, its words and comments kept as written.

The formatter re-lays the words of a file (its tokens, comments included) and never the syntax
tree, so nothing the tree leaves out can be lost. It keeps the line breaks the author chose and
changes only the space around words:

- a line is indented two spaces per brace left open before it (a line that starts with `}`
  one level less); a line that carries on the statement of the line above (a card's attributes
  on a second line) four spaces more, or, inside a bracket left open above, one column after
  that bracket; the next operation after `then:` lines up under the first;
- within a line, one space between words: always after `,` and `:` and on each side of a brace
  (an empty block is `{}`), never before `,` `:` `)` nor after `(`; elsewhere a word written
  against the one before it (`3..7`, `3+`, `-1`, `symbols(shield)`) stays against it;
- a comment on a line of its own is indented as the code around it; comments at the end of
  consecutive lines are aligned two spaces after the longest of those lines;
- at most one blank line in a row, none right after `{` or right before `}`, none at the start
  of the file; no space at the end of a line; the file ends with one newline.

The body of a phrase (its braces and what is between) is one word of the grammar, kept as it is
written. Every layout is checked before it is given: it must parse to the same tree as the text
it came from, else :class:`FormatRefused` is raised and nothing is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs
from lark import Tree

from wonderrules.grammar.diagnostics import Diagnostic
from wonderrules.grammar.parse import load_parser, parse_source
from wonderrules.grammar.reading import read

__all__ = ["FormatRefused", "NotFormatted", "format_source", "comments_of"]

INDENT = "  "
CONTINUATION = "    "

_WORD = re.compile(r'''
    (?P<nl>\n)
  | (?P<space>[ \t\f\r]+)
  | (?P<comment>\#[^\n]*)
  | (?P<string>"[^"\n]*")
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\.\.|<=|>=|==|!=|.)
''', re.VERBOSE)
_PHRASE_BODY = re.compile(r"\{[^{}]*\}")
#: words written with no space before them, and after which no space is written
_NO_SPACE_BEFORE = {",", ":", ")"}
_NO_SPACE_AFTER = {"("}


class NotFormatted(Exception):
    """The text does not parse: the diagnostics `wr check` gives for it."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} error(s)")
        self.diagnostics = diagnostics


class FormatRefused(Exception):
    """A layout that would not read as its source did (a bug of the formatter): nothing is
    written."""


@attrs.frozen
class _Word:
    text: str
    start: int
    end: int
    comment: bool = False


@attrs.define
class _Line:
    """One line of the output: code words (with the space written before each in the source),
    a comment at its end, or a comment alone (no words), or a blank line (neither)."""

    depth: int
    words: list[tuple[_Word, str]] = attrs.Factory(list)
    comment: str | None = None
    carries_on: bool = False

    def code(self) -> tuple[str, list[tuple[str, int]]]:
        """The words as written on the line, and each word with its column there."""
        out: list[str] = []
        columns: list[tuple[str, int]] = []
        width = 0
        before: _Word | None = None
        for word, space in self.words:
            if before is not None:
                out.append(_space(before.text, word.text, space))
                width += len(out[-1])
            columns.append((word.text, width))
            out.append(word.text)
            width += len(word.text)
            before = word
        return "".join(out), columns


def _space(before: str, word: str, written: str) -> str:
    """The space between two words of a line; `written`: the space the source has there."""
    if word in _NO_SPACE_BEFORE or before in _NO_SPACE_AFTER or (before, word) == ("{", "}"):
        return ""
    opens = word.startswith("{")  # a brace, or the body of a phrase
    if before in (",", ":") or opens != (before == "{") or (word == "}") != (before == "}"):
        return " "
    return "" if not written else " "


def _words(text: str) -> Iterator[tuple[_Word, str]]:
    """The words and comments of `text`, each with the space written before it (newlines
    included)."""
    pos = 0
    gap: list[str] = []
    phrase_at: int | None = None  # the state of `phrase NAME(...) {body}`: 0 after `phrase`, 1 after `)`
    line_start = True
    depth = 0
    while pos < len(text):
        if phrase_at == 1 and text.startswith("{", pos):
            body = _PHRASE_BODY.match(text, pos)
            if body is not None:
                yield _Word(body.group(0), pos, body.end()), "".join(gap)
                gap, pos, phrase_at, line_start = [], body.end(), None, False
                continue
        m = _WORD.match(text, pos)
        assert m is not None  # the last alternative takes any character
        kind = m.lastgroup
        if kind in ("nl", "space"):
            gap.append(m.group(0))
            line_start = line_start or kind == "nl"
        else:
            word = _Word(m.group(0), pos, m.end(), comment=kind == "comment")
            yield word, "".join(gap)
            gap = []
            if not word.comment:
                if word.text == "phrase" and line_start and depth == 0:
                    phrase_at = 0
                elif word.text == ")" and phrase_at == 0:
                    phrase_at = 1
                depth += {"{": 1, "}": -1}.get(word.text, 0)
                line_start = False
        pos = m.end()


def _lines(text: str) -> tuple[list[_Line], dict[int, int]]:
    """The lines of the output before blank lines and comments are tidied, and the brace depth
    before each word (by its offset)."""
    lines: list[_Line] = []
    depth_at: dict[int, int] = {}
    depth = 0
    current: _Line | None = None
    for word, gap in _words(text):
        breaks = gap.count("\n")
        if breaks and current is not None:
            lines.append(current)
            current = None
        if breaks > 1:
            lines.append(_Line(depth))  # a blank line (runs are folded later)
        if word.comment:
            if current is not None:
                current.comment = word.text.rstrip()
                lines.append(current)
                current = None
            else:
                lines.append(_Line(depth, comment=word.text.rstrip()))
            continue
        depth_at[word.start] = depth
        if current is None:
            current = _Line(depth - 1 if word.text == "}" else depth)
        current.words.append((word, gap))
        depth += {"{": 1, "}": -1}.get(word.text, 0)
    if current is not None:
        lines.append(current)
    return lines, depth_at


def _mark_carried_on(lines: list[_Line], tree: Tree[object], depth_at: dict[int, int]) -> None:
    """Mark the lines that carry on a statement begun on a line above: a node of the tree begun
    before the line, at the same brace depth, still runs at its first word."""
    spans = sorted((node.meta.start_pos, node.meta.end_pos) for node in tree.iter_subtrees()
                   if node is not tree and not node.meta.empty and node.meta.start_pos in depth_at)
    reach: dict[int, int] = {}  # by brace depth: the furthest end of the nodes begun so far there
    begun = 0
    for line in lines:
        if not line.words:
            continue
        first = line.words[0][0]
        while begun < len(spans) and spans[begun][0] < first.start:
            start, end = spans[begun]
            depth = depth_at[start]
            reach[depth] = max(reach.get(depth, 0), end)
            begun += 1
        line.carries_on = first.text != "}" and reach.get(depth_at[first.start], 0) > first.start


def _tidy_blank_lines(lines: list[_Line]) -> list[_Line]:
    kept: list[_Line] = []
    for line in lines:
        blank = not line.words and line.comment is None
        if blank and (not kept or _is_blank(kept[-1]) or _opens(kept[-1])):
            continue
        if line.words and line.words[0][0].text == "}" and kept and _is_blank(kept[-1]):
            kept.pop()
        kept.append(line)
    while kept and _is_blank(kept[-1]):
        kept.pop()
    return kept


def _is_blank(line: _Line) -> bool:
    return not line.words and line.comment is None


def _opens(line: _Line) -> bool:
    return bool(line.words) and line.words[-1][0].text == "{"


def _render(lines: list[_Line]) -> str:
    texts: list[str] = []
    open_brackets: list[int] = []  # the column after each `(` left open, innermost last
    then_column: int | None = None  # the column of the first operation after `then:`
    for line in lines:
        indent = INDENT * max(line.depth, 0)
        if not line.words:
            texts.append("" if line.comment is None else indent + line.comment)
            continue
        if not line.carries_on:
            open_brackets, then_column = [], None
        elif open_brackets:
            indent = " " * open_brackets[-1]
        elif then_column is not None:
            indent = " " * then_column
        else:
            indent += CONTINUATION
        code, columns = line.code()
        texts.append(indent + code)
        for n, (word, column) in enumerate(columns):
            if word == "(":
                open_brackets.append(len(indent) + column + 1)
            elif word == ")" and open_brackets:
                open_brackets.pop()
            elif word == "then" and n + 2 < len(columns) and columns[n + 1][0] == ":":
                then_column = len(indent) + columns[n + 2][1]
    # comments at the end of consecutive lines: aligned two spaces after the longest line
    run: list[int] = []
    for i, line in enumerate([*lines, _Line(0)]):
        if line.words and line.comment is not None:
            run.append(i)
            continue
        if run:
            column = max(len(texts[j].rsplit("\n", 1)[-1]) for j in run) + 2
            for j in run:
                width = len(texts[j].rsplit("\n", 1)[-1])
                texts[j] += " " * (column - width) + (lines[j].comment or "")
            run = []
    return "\n".join(texts) + "\n" if texts else ""


def format_source(text: str, path: str = "<text>") -> str:
    """`text` in the canonical layout. Raises :class:`NotFormatted` when it does not parse
    (with the diagnostics `wr check` gives), :class:`FormatRefused` when the layout would not
    read as the text does."""
    tree, diagnostics = parse_source(text, path)
    if tree is None or diagnostics:
        raise NotFormatted(list(diagnostics))
    parser = load_parser()
    before = read(parser, text, "start")
    lines, depth_at = _lines(text)
    _mark_carried_on(lines, before, depth_at)
    formatted = _render(_tidy_blank_lines(lines))
    try:
        after = read(parser, formatted, "start")
    except Exception as exc:  # any failure to read the layout back is a bug of the formatter
        raise FormatRefused(f"{path}: the new layout does not parse ({type(exc).__name__})") from exc
    if after != before or comments_of(formatted) != comments_of(text):
        raise FormatRefused(f"{path}: the new layout does not read as the file does")
    return formatted


def comments_of(text: str) -> list[str]:
    """The comments of a `.wr` text, in order, as written (less the spaces that end them);
    those inside a phrase's body are part of that body and not listed."""
    return [word.text.rstrip() for word, _ in _words(text) if word.comment]
