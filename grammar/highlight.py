"""Highlighting for `.wr` text, its words read from the grammar so that it never drifts from it.

The keywords are the words the grammar (``wr.lark``) writes in quotes, its operators and
punctuation the other quoted literals: a word added to the grammar is highlighted with no change
here. Two forms share them:

- :class:`WrLexer`, a Pygments lexer, registered under the name ``wr`` (``pygmentize -l wr
  base.wr``; ``.. code-block:: wr`` in Sphinx);
- :func:`textmate_grammar`, a TextMate grammar for editors, written to
  ``editors/vscode/syntaxes/wr.tmLanguage.json`` by ``python grammar/highlight.py PATH`` with
  that path (the VS Code extension of ``editors/vscode/`` reads it there).

The language's keywords are reserved only where the grammar expects them, so a card or an action
may be named with one: highlighting shows the word as a keyword wherever it is written.

This module reads the grammar as text and imports neither lark nor the rest of the package: the
docs load it by its path, and Pygments may load it without the engine.
"""

from __future__ import annotations

import json
import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from pygments.lexer import RegexLexer, words
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

GRAMMAR = Path(__file__).with_name("wr.lark")

#: the pieces of a Lark grammar: comments and regular expressions (skipped), quoted literals (kept)
_GRAMMAR_PIECES = re.compile(r'//[^\n]*|/(?:\\.|[^/\\\n])+/[imslux]*|"(?P<literal>(?:\\.|[^"\\\n])*)"i?')
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: what the grammar's NAME, STRING, INT and COMMENT terminals match
NAME = r"[A-Za-z_][A-Za-z0-9_]*"
STRING = r'"[^"\n]*"'
INT = r"[0-9]+"
COMMENT = r"#[^\n]*"
#: the literals that group (brackets, separators); every other symbol is an operator
_PUNCTUATION = frozenset("{}():,")


@cache
def grammar_literals() -> tuple[str, ...]:
    """Every literal the grammar writes in quotes, sorted."""
    text = GRAMMAR.read_text(encoding="utf-8")
    return tuple(sorted({m.group("literal") for m in _GRAMMAR_PIECES.finditer(text) if m.group("literal")}))


def keywords() -> tuple[str, ...]:
    """The words of the language, sorted."""
    return tuple(lit for lit in grammar_literals() if _WORD.fullmatch(lit))


def symbols() -> tuple[str, ...]:
    """The operators and punctuation of the language, longest first (`..` before `.`)."""
    return tuple(sorted((lit for lit in grammar_literals() if not _WORD.fullmatch(lit)), key=lambda s: (-len(s), s)))


def operators() -> tuple[str, ...]:
    """The operators of the language (`+`, `..`, `>=`, `|` ...), longest first."""
    return tuple(s for s in symbols() if s not in _PUNCTUATION)


def punctuation() -> tuple[str, ...]:
    """The brackets and separators of the language."""
    return tuple(s for s in symbols() if s in _PUNCTUATION)


def _alternation(texts: tuple[str, ...]) -> str:
    return "|".join(re.escape(t) for t in texts)


class WrLexer(RegexLexer):
    """Comments, strings, numbers, the grammar's keywords, names, operators and punctuation. A
    character the language has no use for is an error."""

    name = "wr"
    aliases: ClassVar[list[str]] = ["wr", "wr-fragment", "wr-excerpt"]
    filenames: ClassVar[list[str]] = ["*.wr"]

    tokens: ClassVar[dict[str, Any]] = {
        "root": [
            (COMMENT, Comment.Single),
            (STRING, String.Double),
            (INT, Number.Integer),
            (words(keywords(), prefix=r"\b", suffix=r"\b"), Keyword),
            (NAME, Name),
            (_alternation(operators()), Operator),
            (_alternation(punctuation()), Punctuation),
            (r"\s+", Whitespace),
            (r".", Error),
        ],
    }


def textmate_grammar() -> dict[str, Any]:
    """A TextMate grammar of `.wr` text (for editors), from the same words as :class:`WrLexer`."""
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "wr",
        "scopeName": "source.wr",
        "fileTypes": ["wr"],
        "comment": "Written by grammar/highlight.py from grammar/wr.lark: regenerate it, do not edit it.",
        "patterns": [
            {"name": "comment.line.number-sign.wr", "match": COMMENT},
            {"name": "string.quoted.double.wr", "match": STRING},
            {"name": "constant.numeric.integer.wr", "match": rf"\b{INT}\b"},
            {"name": "keyword.other.wr", "match": rf"\b(?:{'|'.join(keywords())})\b"},
            {"name": "variable.other.wr", "match": rf"\b{NAME}\b"},
            {"name": "keyword.operator.wr", "match": _alternation(operators())},
            {"name": "punctuation.wr", "match": _alternation(punctuation())},
        ],
    }


def textmate_text() -> str:
    """The TextMate grammar as the file ``editors/vscode/syntaxes/wr.tmLanguage.json`` holds it."""
    return json.dumps(textmate_grammar(), indent=2) + "\n"


def main(argv: list[str]) -> int:
    """Write the TextMate grammar to the file named in `argv`."""
    if len(argv) != 1:
        print("usage: python grammar/highlight.py editors/vscode/syntaxes/wr.tmLanguage.json", file=sys.stderr)
        return 2
    target = Path(argv[0])
    partial = target.with_name(target.name + ".partial")
    partial.write_text(textmate_text(), encoding="utf-8")
    os.replace(partial, target)  # the file whole, or the old one as it was
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
