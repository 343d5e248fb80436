"""Text to syntax tree, or diagnostics. Never raises on bad input.

The file is cut into top-level items (a line that starts, at column 1, with an item keyword
begins a new one), so one broken card does not hide the errors of the next. Each piece is
parsed on its own with its line numbers kept, and parser failures are turned into sentences:
first from a catalogue of known mistakes, else from the tokens the grammar expected.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from wonderrules.grammar import syntax as s
from wonderrules.grammar.build import ToSyntax
from wonderrules.grammar.diagnostics import Diagnostic, Span, error

__all__ = ["parse_source", "load_parser"]

#: Item keywords that can never be nested: a line starting with one of them starts a new item.
_ALWAYS_SPLIT = ("card", "wonder", "replace", "remove", "game", "scoring", "option", "resources",
                 "symbols", "tokens", "colours")
#: Item keywords that may also appear nested (in an option): they split only at brace depth 0.
_SPLIT_AT_TOP = ("conflict", "override")


@lru_cache(maxsize=2)
def load_parser(strict: bool = False) -> Lark:
    """The grammar, loaded once from package data."""
    return Lark.open_from_package(
        "wonderrules.grammar", "wr.lark", parser="lalr", propagate_positions=True,
        start=["start", "item_list"], strict=strict,
    )


# Known mistakes: (sentence, help, examples). An example is a piece of text that fails in the same
# parser state and on the same kind of token as the mistake it illustrates.
_CATALOGUE: list[tuple[str, str, list[str]]] = [
    ("a card needs a colour after its age",
     'write the colour after the age, as in `card "Altar" age 1 blue { ... }`',
     ['card "A" age 1 {', 'card "A" age 1 "B"']),
    ("card and wonder names are written in double quotes",
     'write `card "Lumber Yard" age 1 brown`',
     ["card Lumber", "wonder Rhodes", "card 'A'"]),
    ("an effect starts with its timing",
     "write `passive:`, `on build:`, `end of turn:`, `each end of turn:`, `each end of age:` or "
     "`end of game:` before the effect, as in `passive: produce wood`",
     ['card "A" age 1 brown { produce', 'card "A" age 1 brown { score',
      'card "A" age 1 brown { gain', 'card "A" age 1 brown { symbol']),
    ("a timing is followed by a colon",
     "write `passive: produce wood`",
     ['card "A" age 1 brown { passive produce', 'card "A" age 1 brown { on build gain',
      'card "A" age 1 brown { end of game score']),
    ("the count comes before the resource",
     "write `cost 2 wood`, not `cost wood 2`",
     ['card "A" age 1 brown cost wood 2']),
    ("copy markers are written as on the printed card",
     "write `copies 3+ 5+` (one marker per copy: the smallest player count that uses it)",
     ['card "A" age 1 brown copies 3 ', 'card "A" age 1 brown copies {']),
    ("either/or choices are separated by `|`",
     "write `produce wood | stone`",
     ['card "A" age 1 brown { passive: produce wood or',
      'card "A" age 1 brown { passive: produce wood, stone',
      'card "A" age 1 brown { passive: produce wood / stone']),
    ("a count needs what it counts: `card`, `stage`, `token` or `symbol`",
     "write `per brown card in self`",
     ['card "A" age 1 brown { end of game: score 1 per brown in']),
    ("a count needs the cities it looks at",
     "write `per brown card in self, left, right`",
     ['card "A" age 1 brown { end of game: score 1 per brown card }',
      'card "A" age 1 brown { end of game: score 1 per brown card end']),
    ("a wonder side starts with its starting resource",
     "write `start ore` before the first stage",
     ['wonder "R" side A { stage']),
    ("a rule set starts with its header",
     'write `ruleset name "Title"` on the first line (and `extends base` for a layer)',
     ["!card", "!game {", "!wonder", "!# c\ncard"]),
]

_DISPLAY = {
    "NAME": "a name",
    "STRING": 'a quoted name like "Lumber Yard"',
    "INT": "a number",
    "$END": "the end of the file",
}


def _display(parser: Lark, terminal: str) -> str:
    if terminal in _DISPLAY:
        return _DISPLAY[terminal]
    for t in parser.terminals:
        if t.name == terminal:
            pat = t.pattern
            if pat.type == "str":
                return f"'{pat.value}'"
            return t.name.lower()
    return terminal.lower()


def _expected(parser: Lark, expected: set[str]) -> str:
    shown = sorted({_display(parser, t) for t in expected})
    if len(shown) > 8:
        return ", ".join(shown[:8]) + f" or {len(shown) - 8} more"
    if len(shown) > 1:
        return ", ".join(shown[:-1]) + " or " + shown[-1]
    return shown[0] if shown else "nothing"


def _chunks(text: str) -> list[tuple[int, str]]:
    """Cut `text` into (first line index, text) pieces at top-level item keywords."""
    lines = text.split("\n")
    starts = [0]
    depth = 0
    for i, line in enumerate(lines):
        word = re.match(r"[a-z]+", line)
        if i > 0 and word:
            w = word.group(0)
            if w in _ALWAYS_SPLIT or (w in _SPLIT_AT_TOP and depth <= 0):
                starts.append(i)
                depth = 0
        depth += _brace_delta(line)
    starts.append(len(lines))
    return [(a, "\n".join(lines[a:b])) for a, b in zip(starts, starts[1:]) if a < b]


def _brace_delta(line: str) -> int:
    line = re.sub(r'"[^"\n]*"', "", line)
    line = line.split("#", 1)[0]
    return line.count("{") - line.count("}")


def _unclosed_brace(path: str, first_line: int, chunk: str) -> Span | None:
    stack: list[tuple[int, int]] = []
    for i, line in enumerate(chunk.split("\n")):
        clean = re.sub(r'"[^"\n]*"', lambda m: " " * len(m.group(0)), line).split("#", 1)[0]
        for j, ch in enumerate(clean):
            if ch == "{":
                stack.append((i, j))
            elif ch == "}" and stack:
                stack.pop()
    if not stack:
        return None
    i, j = stack[-1]
    return Span.point(path, first_line + i + 1, j + 1)


def _syntax_diagnostic(parser: Lark, exc: UnexpectedInput, path: str, text: str,
                       first_line: int, chunk: str, last_chunk: bool, start: str) -> Diagnostic:
    if isinstance(exc, UnexpectedCharacters):
        line, col = exc.line, exc.column
        ch = text.split("\n")[line - 1][col - 1:col] if line - 1 < len(text.split("\n")) else "?"
        allowed = _expected(parser, set(exc.allowed or ()))
        return error("E0002", f"unexpected character {ch!r}", Span.point(path, line, col),
                     help=f"expected {allowed}" if exc.allowed else None)
    token = getattr(exc, "token", None)
    at_end = isinstance(exc, UnexpectedEOF) or (token is not None and token.type == "$END")
    expected = set(getattr(exc, "expected", None) or getattr(exc, "accepts", None) or ())
    if at_end:
        brace = _unclosed_brace(path, first_line, chunk)
        end_line = first_line + chunk.rstrip().count("\n") + 1
        last = chunk.rstrip().split("\n")[-1] if chunk.strip() else ""
        where = Span.point(path, end_line, max(1, len(last)))
        if brace is not None:
            what = "the file ends" if last_chunk else "the next item starts"
            return error("E0003", f"unclosed '{{': {what} before its '}}'", brace,
                         help="add the missing '}' at the end of this block")
        return error("E0003", "unexpected end of file", where,
                     help=f"expected {_expected(parser, expected)}" if expected else None)
    assert token is not None
    span = Span(path, token.line, token.column, token.end_line or token.line,
                token.end_column or token.column + len(str(token)))
    label = _match_catalogue(parser, exc, start)
    shown = str(token) if len(str(token)) < 40 else str(token)[:37] + "..."
    if label is not None:
        sentence, hint = label
        return error("E0001", f"{sentence} (found '{shown}')", span, help=hint)
    return error("E0001", f"unexpected '{shown}'", span,
                 help=f"expected {_expected(parser, expected)}")


def _match_catalogue(parser: Lark, exc: UnexpectedInput, start: str) -> Optional[tuple[str, str]]:
    """The catalogue entry whose example fails in the same parser state on the same kind of token.

    Examples are written without a header; those starting with '!' are whole files.
    """
    state = getattr(exc, "state", None)
    token = getattr(exc, "token", None)
    if state is None or token is None:
        return None
    for sentence, hint, texts in _CATALOGUE:
        for t in texts:
            if t.startswith("!"):
                if start != "start":
                    continue
                text = t[1:]
            else:
                text = ("ruleset x\n" + t) if start == "start" else t
            try:
                parser.parse(text, start=start)
            except UnexpectedToken as ut:
                if ut.state == state and ut.token.type == token.type:
                    return sentence, hint
            except Exception:  # an example that fails differently simply does not match
                continue
    return None


def _parse_piece(parser: Lark, path: str, piece: str, first_line: int, start: str):
    padded = "\n" * first_line + piece
    tree = parser.parse(padded, start=start)
    return ToSyntax(path).transform(tree)


def parse_source(text: str, path: str) -> tuple[s.Ruleset | None, list[Diagnostic]]:
    """Parse one file. Returns the syntax tree (None when any piece failed) and diagnostics."""
    parser = load_parser()
    try:
        tree = parser.parse(text, start="start")
        return ToSyntax(path).transform(tree), []
    except UnexpectedInput:
        pass
    except VisitError as e:  # a malformed tree that slipped past the grammar
        return None, [error("E0001", f"cannot read this file: {e.orig_exc}", Span.point(path, 1, 1))]
    except RecursionError:
        return None, [error("E0001", "the file nests too deeply to read", Span.point(path, 1, 1))]

    diags: list[Diagnostic] = []
    pieces = _chunks(text)
    for n, (first_line, piece) in enumerate(pieces):
        start = "start" if n == 0 else "item_list"
        try:
            _parse_piece(parser, path, piece, first_line, start)
        except UnexpectedInput as exc:
            diags.append(_syntax_diagnostic(parser, exc, path, text, first_line, piece,
                                            n == len(pieces) - 1, start))
        except (VisitError, RecursionError) as e:
            diags.append(error("E0001", f"cannot read this item: {e}", Span.point(path, first_line + 1, 1)))
    if not diags:  # whole-file parse failed but every piece parsed: an item split in two
        try:
            parser.parse(text, start="start")
        except UnexpectedInput as exc:
            diags.append(_syntax_diagnostic(parser, exc, path, text, 0, text, True, "start"))
    return None, diags


def token_at(text: str, line: int, column: int) -> Token | None:  # pragma: no cover - debugging aid
    parser = load_parser()
    for tok in parser.lex(text):
        if tok.line == line and tok.column <= column < (tok.end_column or column + 1):
            return tok
    return None
