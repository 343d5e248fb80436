"""Names that words of the language would swallow where they are used.

The lexer is contextual: `colours: stage` reads, since only a name may follow `colours:`. But
where a name and a keyword may both come (`per stage card`: a colour, or wonder stages?), the
keyword wins, and the name can never be used there; a few are read silently as the keyword
(`per any card` counts every card, not the cards of a colour `any`). Such names are refused
where they are declared (E0104). A syntax error at a use of one of them is explained by that
declaration: it becomes a label of it instead of a diagnostic of its own.

A score category is refused, the same way, the names of the fields a score sheet writes beside
its columns (`seat`, `total`, `coins`, `choices`): the loader of compiled rule sets refuses them too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.interpreter.consistency import sheet_field
from wonderrules.interpreter.words import SCORE_SHEET_FIELDS

__all__ = ["RESERVED", "declarations", "explain_uses"]

_STAGES = "`per stage` counts wonder stages"
_ANY = "`per any card` counts the cards of every colour"
#: words of the expression language that a name in a quantity's arguments would be read as
_EXPRESSION = {"not": "`not` negates a condition", "their": "`their city` is the seat an effect acts on",
               "most": "`rank(most ...)` ranks by the most", "fewest": "`rank(fewest ...)` ranks by the fewest"}
#: seats written in a quantity's arguments (`cards(blue, left)`): a name spelt like one is read as the seat
_SEATS = {word: f"`{word}` names seats in a count, as in `cards(blue, {word})`"
          for word in ("self", "left", "right", "neighbours", "others", "everyone", "players", "partners", "enemies",
                       "controller")}
#: kind of name -> reserved word -> why it cannot be a name of that kind
RESERVED: dict[str, dict[str, str]] = {
    "resource": {
        "one": "`produce one of the resources ...` begins with it",
        "coin": "`cost 2 coin` is a price in coins",
        "coins": "`cost 2 coins` is a price in coins",
    },
    "colour": {
        "card": "`whenever ... builds card` reads it as the word `card`",
        "cards": "`whenever ... builds cards` reads it as the word `cards`",
        "a": "`whenever ... builds a stage` reads it as the word `a`",
        "stage": _STAGES, "stages": _STAGES,
        "any": _ANY,
        "board": "`sells: board` and `produced by board` mean the wonder board",
        **_SEATS, **_EXPRESSION,
    },
    "token": {
        "any": _ANY,
        "coin": "`gain 1 coin` gives coins",
        "coins": "`gain 2 coins` gives coins",
        "stage": _STAGES, "stages": _STAGES,
        **_SEATS, **_EXPRESSION,
    },
    "symbol": {
        "any": "`symbol any GROUP` is a symbol chosen from a group",
        "stage": _STAGES, "stages": _STAGES,
        **_SEATS, **_EXPRESSION,
    },
    "symbol group": {
        "any": _ANY,
        "stage": _STAGES, "stages": _STAGES,
        **_SEATS, **_EXPRESSION,
    },
    "zone": {**_SEATS, **_EXPRESSION},
    "score category": {word: sheet_field(word) for word in SCORE_SHEET_FIELDS},
}


def _declared(items: Iterable[object]) -> Iterable[tuple[str, s.Name]]:
    """(kind, name) of every vocabulary name the items declare."""
    for item in items:
        if isinstance(item, s.Resources):
            yield from (("resource", n) for n in item.names)
        elif isinstance(item, s.Symbols):
            yield "symbol group", item.group
            yield from (("symbol", n) for n in item.names)
        elif isinstance(item, s.Tokens):
            yield from (("token", n) for n in item.names)
        elif isinstance(item, s.Colours):
            yield from (("colour", c.name) for c in item.colours)
        elif isinstance(item, s.Zone):
            yield "zone", item.name
        elif isinstance(item, s.Scoring):
            yield from (("score category", c.name) for c in item.categories)


def declarations(items: Iterable[object]) -> list[Diagnostic]:
    """E0104 for each declared name that a word of the language would swallow."""
    diags = []
    for kind, name in _declared(items):
        why = RESERVED[kind].get(name.text)
        if why is not None:
            diags.append(error("E0104", f"'{name.text}' cannot be the name of a {kind}: {why}", name.span,
                               help=f"give the {kind} another name"))
    return diags


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _words_near(text: str, span: Span) -> list[tuple[str, Span]]:
    """The word just before a position (on its line), then the word at it: a syntax error is
    found at the word after a name read as a keyword, or at the name itself."""
    lines = text.split("\n")
    if not 1 <= span.line <= len(lines):
        return []
    line = lines[span.line - 1]
    found = [(m.group(0), Span(span.path, span.line, m.start() + 1, span.line, m.end() + 1))
             for m in _WORD.finditer(line)]
    at = [w for w in found if w[1].column <= span.column < w[1].end_column]
    before = [w for w in found if w[1].end_column <= span.column]
    return before[-1:] + at


def explain_uses(reserved: Sequence[Diagnostic], parse_diags: Sequence[Diagnostic],
                 sources: dict[str, str]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """Syntax errors at (or just after) a word declared as a name above are explained by that
    declaration: they become labels of it. Returns (declaration diagnostics, other diagnostics)."""
    by_word = {d.message.split("'")[1]: i for i, d in enumerate(reserved)}
    out = list(reserved)
    rest = []
    for d in parse_diags:
        hit = None
        if d.code in ("E0001", "E0002", "E0003") and d.span is not None and d.span.path in sources:
            hit = next(((w, sp) for w, sp in _words_near(sources[d.span.path], d.span) if w in by_word), None)
        if hit is None:
            rest.append(d)
            continue
        i = by_word[hit[0]]
        out[i] = attrs.evolve(out[i], labels=out[i].labels + (Label(hit[1], "read as a word of the language here"),))
    return out, rest
