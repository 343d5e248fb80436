"""Sphinx configuration for the wonder-rules documentation.

Builds offline with Sphinx alone: ``sphinx-build -W -b html docs docs/_build/html``.
The package is not imported. The only addition is the package's Pygments lexer for ``.wr`` code
(``grammar/highlight.py``, loaded by its path: it needs Pygments and the grammar file, nothing
else), registered below for the ``wr``, ``wr-fragment`` and ``wr-excerpt`` code blocks.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

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

_HIGHLIGHT = Path(__file__).resolve().parents[1] / "grammar" / "highlight.py"


def _wr_lexer():
    """The lexer class of grammar/highlight.py, read from the source tree."""
    spec = importlib.util.spec_from_file_location("wr_highlight", _HIGHLIGHT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WrLexer


def setup(app):
    lexer = _wr_lexer()
    app.add_lexer("wr", lexer)
    app.add_lexer("wr-fragment", lexer)
    app.add_lexer("wr-excerpt", lexer)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
