"""Text to syntax tree, or diagnostics. Never raises on bad input.

The file is cut into top-level items (a line that starts, at column 1, with an item keyword
begins a new one), so one broken card does not hide the errors of the next. Each piece is
parsed on its own with its line numbers kept; ``syntax_errors`` turns each failure into a
sentence.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

from lark import Lark, Token, Tree, UnexpectedInput
from lark.exceptions import VisitError

from wonderrules.grammar import syntax as s
from wonderrules.grammar.build import MomentOverLines, ToSyntax
from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.grammar.reading import read
from wonderrules.grammar.syntax_errors import explain, explain_moment_over_lines
from wonderrules.interpreter.words import MAX_NUMBER

MAX_NUMBER_DIGITS = len(str(MAX_NUMBER))

__all__ = ["TokenRefused", "NumberTooLarge", "ControlCharacter", "parse_source", "ParsedFiles", "load_parser",
           "build_parser", "readable_parts"]

#: Item keywords that can never be nested: a line starting with one of them starts a new item.
_ALWAYS_SPLIT = ("card", "wonder", "replace", "remove", "change", "game", "scoring", "option", "resources",
                 "symbols", "tokens", "colours", "abilities", "decks", "action", "decision", "market", "flow",
                 "extend", "phrase")
#: Item keywords that may also appear nested (in an option, in the flow): they split only at brace
#: depth 0.
_SPLIT_AT_TOP = ("contest", "override", "zone", "deal", "at", "seat", "each")
#: `each player {` and `each seat scores ... {` begin an item wherever they are (no trigger or
#: step is written so), even inside a block left open
_EFFECTS_START = re.compile(r"each\s+(player|seat)\s+(\{|scores\b)")


class TokenRefused(Exception):
    """A word of the text refused while it is read, before Python converts it (a number of
    thousands of digits is refused without being read as one); :meth:`diagnostic` says why."""

    def __init__(self, token: Token) -> None:
        super().__init__(str(token))
        self.token = token

    def span(self, path: str) -> Span:
        tok = self.token
        assert tok.line is not None and tok.column is not None  # a lexed token
        assert tok.end_line is not None and tok.end_column is not None
        return Span(path, tok.line, tok.column, tok.end_line, tok.end_column)

    def diagnostic(self, path: str) -> Diagnostic:
        raise NotImplementedError


class NumberTooLarge(TokenRefused):
    """A number beyond :data:`MAX_NUMBER`."""

    def diagnostic(self, path: str) -> Diagnostic:
        tok = self.token
        digits = len(tok.lstrip("0"))
        shown = str(tok) if digits <= 12 else f"a number of {digits} digits"
        return error("E0104", f"{shown} is larger than a rule set may write", self.span(path),
                     help=f"numbers in a rule set are at most {MAX_NUMBER:,}".replace(",", " "))


#: the control characters a text editor may put in a line, by name
_CONTROL_NAMES = {"\t": "a tab", "\r": "a carriage return", "\x1b": "an escape", "\x00": "a null character"}


class ControlCharacter(TokenRefused):
    """A quoted name or text that holds a character that is not printed: a control character
    (escape, tab, a carriage return...), a line separator, an invisible formatting mark. Names
    are shown, logged and compared: they hold printable characters only."""

    def diagnostic(self, path: str) -> Diagnostic:
        tok = self.token
        assert tok.line is not None and tok.column is not None  # a lexed token
        at = next(i for i, c in enumerate(tok) if not c.isprintable())
        found = tok[at]
        name = unicodedata.name(found, "").lower() or _CONTROL_NAMES.get(found, "a control character")
        span = Span(path, tok.line, tok.column + at, tok.line, tok.column + at + 1)
        return error("E0002", f"a quoted name cannot hold U+{ord(found):04X} ({name})", span,
                     help="names and titles hold printable characters only: remove it, or write a space")


def _bounded_int(token: Token) -> Token:
    digits = token.lstrip("0")
    if len(digits) > MAX_NUMBER_DIGITS or (digits and int(digits) > MAX_NUMBER):
        raise NumberTooLarge(token)
    return token


def _printable_string(token: Token) -> Token:
    if not token.isprintable():
        raise ControlCharacter(token)
    return token


#: what the lexer checks of the words it reads
_CALLBACKS = {"INT": _bounded_int, "STRING": _printable_string}


#: The parse tables of ``wr.lark``, built once by ``python -m wonderrules.grammar.tables`` and
#: shipped beside it: building them from the grammar takes most of a second at every start.
TABLES = "wr.tables"

_OPTIONS: dict[str, Any] = dict(parser="lalr", propagate_positions=True, start=["start", "item_list", "effect_lines"])


@lru_cache(maxsize=2)
def load_parser(strict: bool = False) -> Lark:
    """The grammar's parser, made once per process: from the shipped tables when they were built
    from this very grammar with this version of Lark, else from the grammar itself (`strict`
    always builds, checking the grammar for collisions)."""
    if not strict:
        from wonderrules.grammar.tables import read_tables
        tables = read_tables()
        if tables is not None:
            parser: Lark = Lark._load_from_dict(tables["data"], tables["memo"], lexer_callbacks=_CALLBACKS)
            return parser
    return build_parser(strict)


def build_parser(strict: bool = False) -> Lark:
    """The grammar's parser, built from ``wr.lark``."""
    return Lark.open_from_package("wonderrules.grammar", "wr.lark", strict=strict,
                                  lexer_callbacks=_CALLBACKS, **_OPTIONS)


def _chunks(text: str) -> list[tuple[int, str]]:
    """Cut `text` into (first line index, text) pieces at top-level item keywords."""
    lines = text.split("\n")
    starts = [0]
    depth = 0
    content = False  # the current piece holds more than blank lines and comments
    for i, line in enumerate(lines):
        word = re.match(r"[a-z]+", line)
        if content and word:
            w = word.group(0)
            if w in _ALWAYS_SPLIT or (w in _SPLIT_AT_TOP and depth <= 0) or _EFFECTS_START.match(line):
                starts.append(i)
                depth = 0
        depth += _brace_delta(line)
        content = content or bool(line.split("#", 1)[0].strip())
    starts.append(len(lines))
    return [(a, "\n".join(lines[a:b])) for a, b in zip(starts, starts[1:]) if a < b]


def _brace_delta(line: str) -> int:
    line = re.sub(r'"[^"\n]*"', "", line)
    line = line.split("#", 1)[0]
    return line.count("{") - line.count("}")


@cache
def _rule_methods(cls: type) -> tuple[str, ...]:
    """The names of a transformer class's rule methods: those `v_args` wraps (read once per
    process: they depend on the code only)."""
    return tuple(name for name in dir(cls) if hasattr(getattr(cls, name, None), "visit_wrapper"))


def _transform(path: str, tree: Tree[Token]) -> s.Ruleset | Tree[Any]:
    """The syntax of a tree read from rule `start` (a Ruleset) or `item_list` (a tree whose
    children are items)."""
    builder = ToSyntax(path)
    # A method wrapped by `v_args` is bound anew, with a new wrapper, at every attribute lookup,
    # that is at every node of the tree; bound once here, Lark finds it on the instance.
    for name in _rule_methods(ToSyntax):
        setattr(builder, name, getattr(builder, name))
    built: s.Ruleset | Tree[Any] = builder.transform(tree)
    return built


def _transform_file(path: str, tree: Tree[Token]) -> s.Ruleset:
    """The syntax of a whole file, read from rule `start`."""
    ruleset = _transform(path, tree)
    assert isinstance(ruleset, s.Ruleset)  # `start` builds a Ruleset
    return ruleset


class ParsedFiles:
    """The files parsed by one run of the front end, for its compilations to share: `wr check
    base cities two_player` compiles three rule sets that all read the base game. Syntax trees
    and diagnostics are frozen, so they are shared as they are. The caller owns it: nothing is
    kept from one run to the next. (One compilation reads each file once anyway, see
    `loading.load_layers`, and its layer-order probes re-check the layers it has parsed.)"""

    def __init__(self) -> None:
        self._done: dict[tuple[str, str], tuple[s.Ruleset | None, tuple[Diagnostic, ...]]] = {}

    def parse(self, text: str, path: str) -> tuple[s.Ruleset | None, list[Diagnostic]]:
        hit = self._done.get((text, path))
        if hit is None:
            tree, diags = _parse(text, path)
            hit = self._done[(text, path)] = (tree, tuple(diags))
        return hit[0], list(hit[1])


def parse_source(text: str, path: str, parsed: ParsedFiles | None = None) -> tuple[s.Ruleset | None, list[Diagnostic]]:
    """Parse one file. Returns the syntax tree (None when any piece failed) and diagnostics.
    With `parsed`, a file it has seen already (same text and path) is not parsed again."""
    return parsed.parse(text, path) if parsed is not None else _parse(text, path)


def _parse(text: str, path: str) -> tuple[s.Ruleset | None, list[Diagnostic]]:
    parser = load_parser()
    try:
        tree = read(parser, text, "start")
        return _transform_file(path, tree), []
    except (UnexpectedInput, VisitError, RecursionError, TokenRefused):
        pass  # found again, piece by piece, below

    diags: list[Diagnostic] = []
    pieces = _chunks(text)
    for n, (first_line, piece) in enumerate(pieces):
        start = "start" if n == 0 else "item_list"
        padded = "\n" * first_line + piece
        try:
            _transform(path, read(parser, padded, start))
        except UnexpectedInput as exc:
            diags.append(explain(parser, exc, path=path, padded=padded, start=start, first_line=first_line,
                                 chunk=piece, last_chunk=n == len(pieces) - 1))
        except TokenRefused as e:
            diags.append(e.diagnostic(path))
        except RecursionError:
            diags.append(_too_deep(path, first_line))
        except VisitError as e:  # a tree the grammar allows but the syntax tree cannot hold
            if isinstance(e.orig_exc, RecursionError):
                diags.append(_too_deep(path, first_line))
            elif isinstance(e.orig_exc, MomentOverLines):
                diags.append(explain_moment_over_lines(parser, e.orig_exc, path))
            else:
                diags.append(error("E0001", f"cannot read this item: {e.orig_exc}",
                                   Span.point(path, first_line + 1, 1)))
    if not diags:  # every piece reads on its own: the file was cut in the wrong places
        try:
            return _transform_file(path, read(parser, text, "start")), []
        except UnexpectedInput as exc:
            diags.append(explain(parser, exc, path=path, padded=text, start="start", first_line=0,
                                 chunk=text, last_chunk=True))
        except TokenRefused as e:
            diags.append(e.diagnostic(path))
        except VisitError as e:
            if isinstance(e.orig_exc, MomentOverLines):
                diags.append(explain_moment_over_lines(parser, e.orig_exc, path))
            else:
                diags.append(error("E0001", f"cannot read this file: {e}", Span.point(path, 1, 1)))
        except RecursionError as e:
            diags.append(error("E0001", f"cannot read this file: {e}", Span.point(path, 1, 1)))
    return None, diags


def _too_deep(path: str, first_line: int) -> Diagnostic:
    return error("E0001", "this item nests too deeply to read", Span.point(path, first_line + 1, 1),
                 help="write the expression with fewer nested signs and brackets, the steps with fewer steps "
                      "within steps")


def readable_parts(text: str, path: str) -> tuple[s.Header | None, list[object]]:
    """The header and top-level items of a file that does not parse as a whole, from the pieces
    that do: what the file extends and declares is still known (to explain a failure by a
    declaration)."""
    parser = load_parser()
    header = None
    items: list[object] = []
    for n, (first_line, piece) in enumerate(_chunks(text)):
        start = "start" if n == 0 else "item_list"
        try:
            tree = _transform(path, read(parser, "\n" * first_line + piece, start))
        except (UnexpectedInput, VisitError, RecursionError, TokenRefused):
            continue
        if isinstance(tree, s.Ruleset):
            header = tree.header
            items.extend(tree.items)
        else:
            items.extend(tree.children)
    return header, items
