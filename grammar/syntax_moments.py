"""Parser failures after words read as a moment.

A moment is named by words (`end of turn`, `last turn`), so where a trigger may begin, any word
starts one: the parser reads `produce stone` without its trigger, or `end of turn gain 2 coins`
without its colon, as the words of a moment, and fails only later. This module says what went
wrong from those words: an effect written without its trigger, a trigger without its colon, or
words after a complete effect (`produce wood or stone`), where the failure is moved back to the
first of them, as if it had been found there. It also explains a moment whose words run onto the
next line.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any, Optional

from lark import Lark, Token, Tree, UnexpectedInput, UnexpectedToken

from wonderrules.grammar.diagnostics import Diagnostic, Span, error

__all__ = ["effect_words", "trigger_run", "retarget", "explain_trigger_words", "explain_moment_over_lines",
           "TRIGGERS_HELP"]

TRIGGERS_HELP = ("a trigger is `passive`, `on build`, a moment of the flow (`end of turn`), `each` and a moment, "
                 "`end of game` or `whenever ...`")

#: a hook whose trigger is read, for asking the parser what may start an effect
_PROBE = 'card "A" age 1 brown { passive:'


@lru_cache(maxsize=4)
def effect_words(parser: Lark) -> frozenset[str]:
    """The keywords that may begin an effect (`produce`, `gain`, `others`, ...), from the grammar."""
    ip = parser.parse_interactive(_PROBE, start="item_list")
    ip.exhaust_lexer()
    literals = {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}
    return frozenset(literals[t] for t in ip.accepts() if t in literals and literals[t].isalpha())


def _stack(exc: UnexpectedToken) -> list[Any]:
    ip = exc.interactive_parser
    return list(ip.parser_state.value_stack) if ip is not None else []


def trigger_run(exc: UnexpectedToken) -> Optional[tuple[list[Token], Any]]:
    """The words just read as a trigger's moment, and what came before them; None when the
    failure is not right after such words (a trigger is where `:` and `if` may follow)."""
    accepts = set(exc.accepts or ())
    if not {"COLON", "IF"} <= accepts:
        return None
    stack = _stack(exc)
    if stack and isinstance(stack[-1], Tree) and stack[-1].data == "moment":  # read and reduced
        run: list[Token] = [t for t in stack[-1].children if isinstance(t, Token)]
        return run, (stack[-2] if len(stack) > 1 else None)
    run = []
    taken = 0
    for v in reversed(stack):
        if isinstance(v, Token) and v.type == "NAME":
            run[:0] = [v]
        elif isinstance(v, Tree) and v.data.startswith("__moment"):  # the words read so far, grouped
            run[:0] = [t for t in v.scan_values(lambda x: isinstance(x, Token))]
        else:
            break
        taken += 1
    if not run:
        return None
    before = stack[-taken - 1] if len(stack) > taken else None
    return run, before


def _end_line(node: Any) -> Optional[int]:
    if isinstance(node, Token):
        return node.end_line
    if isinstance(node, Tree) and not getattr(node.meta, "empty", True):
        return node.meta.end_line
    return None


def retarget(parser: Lark, exc: UnexpectedToken, text: str, start: str) -> UnexpectedToken:
    """When words after a complete effect, on its line, were read as the moment of a next trigger
    (`produce wood or stone }`), the failure as found at the first of them; else `exc`."""
    found = trigger_run(exc)
    if found is None:
        return exc
    run, before = found
    while isinstance(before, Tree) and before.data.startswith("__") and before.children:
        before = before.children[-1]  # a repetition (`hook*`): its last item
    if not (isinstance(before, Tree) and before.data == "hook" and _end_line(before) == run[0].line):
        return exc
    if run[0].value in effect_words(parser):
        return exc
    ip = parser.parse_interactive(text[:run[0].start_pos], start=start)
    try:
        ip.exhaust_lexer()
    except UnexpectedInput:
        return exc
    moved = UnexpectedToken(run[0], set(ip.accepts()), state=ip.parser_state, interactive_parser=ip)
    return moved


def explain_trigger_words(parser: Lark, exc: UnexpectedToken, path: str) -> Optional[Diagnostic]:
    """An effect without its trigger (`{ produce stone }`) or a trigger without its colon
    (`end of turn gain 2 coins`), told from an effect's first word among the words read."""
    found = trigger_run(exc)
    if found is None:
        return None
    run, before = found
    words = effect_words(parser)
    at = next((i for i, t in enumerate(run) if t.value in words), None)
    if at is None:
        return None
    token = run[at]
    assert token.line is not None and token.column is not None  # a lexed token
    span = Span(path, token.line, token.column, token.end_line or token.line, token.end_column or token.column + 1)
    written = " ".join(t.value for t in run)
    if at == 0 and not (isinstance(before, Token) and before.type == "EACH"):
        return error("E0001", f"an effect starts with its trigger (found '{token.value}')", span,
                     help=f"write the trigger and a colon before the effect, as in `passive: produce wood` or "
                          f"`end of game: score 3`; {TRIGGERS_HELP}")
    trigger = " ".join(t.value for t in run[:at])
    rest = " ".join(t.value for t in run[at:])
    return error("E0001", f"a trigger is followed by a colon (found '{written}')", span,
                 help=f"write `{'each ' if isinstance(before, Token) and before.type == 'EACH' else ''}"
                      f"{trigger}: {rest} ...`")


def explain_moment_over_lines(parser: Lark, exc: Any, path: str) -> Diagnostic:
    """A moment is written on one line: the word below it was meant as something else."""
    first = exc.words[0]
    above = " ".join(t.value for t in exc.words if t.line == first.line)
    tok = exc.first_on_next
    span = Span(path, tok.line, tok.column, tok.end_line or tok.line, tok.end_column or tok.column + 1)
    keywords = sorted({t.pattern.value for t in parser.terminals if t.pattern.type == "str"
                       and t.pattern.value.isalpha()})
    close = difflib.get_close_matches(tok.value.lower(), keywords, n=1, cutoff=0.7)
    hint = f"did you mean `{close[0]}`?" if close else \
        f"a moment's words are on one line: if '{tok.value}' begins something new, check its spelling"
    return error("E0001", f"'{tok.value}' continues the moment '{above}' from the line above", span, help=hint)
