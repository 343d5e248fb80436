"""Sphinx configuration for the wonder-rules documentation.

Builds offline with Sphinx alone: ``sphinx-build -W -b html docs docs/_build/html``.
Two additions: the package's Pygments lexer for ``.wr`` code (``grammar/highlight.py``, loaded by
its path: it needs Pygments and the grammar file, nothing else), registered below for the
``wr``, ``wr-fragment`` and ``wr-excerpt`` code blocks; and the ``wr-catalogue`` directive of the
catalogue pages (``_ext/wr_catalogue.py``), which loads the rule sets with the installed package.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "wonder-rules"
author = "the wonder-rules team"
copyright = "the wonder-rules team"
release = "0.1"

extensions: list[str] = ["wr_catalogue"]
root_doc = "index"
exclude_patterns = ["_build", "_ext"]
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
