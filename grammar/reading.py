"""How the parser reads a text: LALR, with a word of the language read as a plain word where only
a word fits.

The grammar is LALR with a contextual lexer: in each parser state the lexer looks only for the
terminals that state may take. A state that may still reduce (after a number: `score 1` may be
the end of an effect, or elsewhere of a setting followed by `start coins 3`) takes the keywords
that may follow any of its reductions, so on the next line `start of turn:` is read as the
keyword `start`, which the effect lines then refuse, although a moment is any words. When the
parser meets a keyword where it takes a word (NAME), at the start of a line that reads as a
trigger (words, then a colon), the keyword is given to it as that word, and reading goes on.
Anywhere else the failure stands, to be explained as written (`in self left`, a `card` item
after a block left open).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Lark, Token, UnexpectedInput, UnexpectedToken

__all__ = ["read"]

#: a line that reads as a trigger: words (a moment, `each` and a moment), then a colon
_TRIGGER_LINE = re.compile(r"[ \t]*[A-Za-z_][A-Za-z0-9_]*(?:[ \t]+[A-Za-z_][A-Za-z0-9_]*)*[ \t]*(?:if\b[^\n]*)?:")


def _keyword_as_word(exc: UnexpectedInput, text: str) -> bool:
    """Lark's `on_error`: feed a refused keyword again as a word, when a word is what fits and the
    keyword begins a line that reads as a trigger."""
    if not isinstance(exc, UnexpectedToken) or exc.interactive_parser is None:
        return False
    token = exc.token
    if token.type == "NAME" or "NAME" not in exc.expected or token.start_pos is None:
        return False
    line_start = text.rfind("\n", 0, token.start_pos) + 1
    if text[line_start:token.start_pos].strip() or not _TRIGGER_LINE.match(text, line_start):
        return False
    exc.interactive_parser.feed_token(Token.new_borrow_pos("NAME", str(token), token))
    return True


def read(parser: Lark, text: str, start: str) -> Any:
    """The parse tree of `text` from the rule `start` (lark's exceptions when it does not read)."""
    return parser.parse(text, start=start, on_error=lambda exc: _keyword_as_word(exc, text))
