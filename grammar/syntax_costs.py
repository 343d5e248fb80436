"""Parser failures of a cost change whose action bears the name of a word of the language.

A cost change names an action first (`build costs 1 coin less`). Where an effect begins, the
words that begin other effects (`draw`, `score`, `gain`) and the seats an effect may act on
(`left`, `others`) are keywords, so an action named like one of them is read as that word, and
the parser fails a little later, on words that make no sense for the effect it thought it read.
This module recognises the phrase `WORD costs` before the failure and names the real cause.

It also names what a cost change can say when the words after `costs` are none of them
(`costs nothing`: the lexer reads `no` and `thing`, so the catalogue of mistakes never sees it).
"""

from __future__ import annotations

import re
from typing import Optional

from lark import Lark, Token

from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.grammar.syntax_moments import effect_words

__all__ = ["explain_keyword_action", "explain_cost_words", "COST_CHANGE", "COST_CHANGE_HELP"]

_COSTS = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s+costs\b")
_AFTER_COSTS = re.compile(r"\bcosts\s+([A-Za-z_][A-Za-z0-9_]*)")
#: what a cost change may say, and how
COST_CHANGE = ("a cost change lowers what an action costs: `N coins less`, `N resources less`, `no coins` or "
               "`no resources`")
COST_CHANGE_HELP = ("write `build costs 1 coin less`, `build costs 1 resource less`, `build costs no coins` or "
                    "`build costs no resources` (for nothing at all, the last two as two effects)")


def explain_keyword_action(parser: Lark, padded: str, token: Token, path: str) -> Optional[Diagnostic]:
    """`passive: draw costs 1 coin less` with an action named `draw`: the diagnostic that says so,
    or None when the failure is not after such a phrase on its line."""
    if token.type == "$END" or not token.line:
        return None
    assert token.column is not None  # a lexed token
    lines = padded.split("\n")
    if not 1 <= token.line <= len(lines):
        return None
    upto = lines[token.line - 1][:token.column - 1 + len(str(token))]
    found = list(_COSTS.finditer(upto))
    if not found or found[-1].group(1) not in effect_words(parser):
        return None
    found_at = found[-1]
    word = found_at.group(1)
    span = Span(path, token.line, found_at.start(1) + 1, token.line, found_at.end(1) + 1)
    return error("E0001", f"'{word}' begins an effect of its own, so it cannot name the action of a cost change",
                 span, help=f"give the action another name where it is declared and here (`action {word}_card`, "
                            f"then `{word}_card costs ...`)")


def explain_cost_words(padded: str, token: Token, path: str) -> Optional[Diagnostic]:
    """`build costs nothing`, `build costs free`: a word after `costs` that is neither a number nor
    `no`, when the failure is at it."""
    if token.type == "$END" or not token.line:
        return None
    assert token.column is not None  # a lexed token
    lines = padded.split("\n")
    if not 1 <= token.line <= len(lines):
        return None
    for match in _AFTER_COSTS.finditer(lines[token.line - 1]):
        if match.start(1) <= token.column - 1 < match.end(1) and match.group(1) != "no":
            word = match.group(1)
            span = Span(path, token.line, match.start(1) + 1, token.line, match.end(1) + 1)
            return error("E0001", f"{COST_CHANGE} (found '{word}')", span, help=COST_CHANGE_HELP)
    return None
