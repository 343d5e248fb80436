"""Sphinx configuration for the wonder-rules documentation.

Builds offline with Sphinx alone: ``sphinx-build -W -b html docs docs/_build/html``.
The package is not imported. The only addition is a small Pygments lexer for ``.wr`` code,
registered below for the ``wr``, ``wr-fragment`` and ``wr-excerpt`` code blocks.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

project = "wonder-rules"
author = "the wonder-rules team"
copyright = "the wonder-rules team"
release = "0.1"

extensions: list[str] = []
root_doc = "index"
exclude_patterns = ["_build"]
highlight_language = "none"
html_theme = "alabaster"
html_title = "wonder-rules"
html_static_path: list[str] = []
language = "en"


class WrLexer(RegexLexer):
    """Highlighting for the .wr rules language: comments, quoted names, numbers, keywords."""

    name = "wr"
    aliases = ["wr", "wr-fragment", "wr-excerpt"]
    filenames = ["*.wr"]

    _items = ("ruleset", "extends", "edition", "resources", "symbols", "tokens", "colours", "game",
              "scoring", "conflict", "option", "card", "wonder", "stage", "replace", "remove", "change",
              "override", "when", "neutral", "called", "side", "start")
    _timings = ("passive", "on build", "end of turn", "each end of turn", "each end of age",
                "end of game", "whenever")
    _scopes = ("self", "left", "right", "neighbours", "others", "everyone", "partner", "their city")

    tokens = {
        "root": [
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\n]*"', String),
            (r"\d+\+", Number),
            (r"\d+", Number),
            (words(_timings, prefix=r"\b", suffix=r"\b"), Keyword.Declaration),
            (words(_items, prefix=r"\b", suffix=r"\b"), Keyword),
            (words(_scopes, prefix=r"\b", suffix=r"\b"), Name.Builtin),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"[{}():,]", Punctuation),
            (r"[|=*/+\-]", Operator),
            (r"\s+", Text),
            (r".", Text),
        ],
    }


def setup(app):
    app.add_lexer("wr", WrLexer)
    app.add_lexer("wr-fragment", WrLexer)
    app.add_lexer("wr-excerpt", WrLexer)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
