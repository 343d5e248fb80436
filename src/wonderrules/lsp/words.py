"""What the language server says in words: hover text, and the keywords a place accepts.

A card or a wonder is described by the catalogue's functions (:mod:`wonderrules.reports.catalogue`),
as `wr cards` and `wr show` describe it; a phrase by what a use of it stands for; a keyword by one
line. The keywords a place accepts are read from the grammar (``wr.lark``): the first word of
each form an item, a card's effect line or a game setting may take, so a form added to the
grammar is offered with no change here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources as pkg_resources

from wonderrules.grammar import syntax as s
from wonderrules.grammar.phrases import written_out
from wonderrules.interpreter import ir
from wonderrules.lsp.analysis import Analysis, Definition, Word
from wonderrules.lsp.keyword_docs import KEYWORD_DOCS, KEYWORD_PAGES
from wonderrules.reports.catalogue import board_lines, card_row

__all__ = ["KEYWORD_DOCS", "first_words", "top_level_keywords", "block_keywords", "hover_text", "all_keywords",
           "keyword_text"]


@cache
def _rules() -> dict[str, str]:
    """The grammar's rules: each one's body (its alternatives) by name, comments left out."""
    text = pkg_resources.files("wonderrules.grammar").joinpath("wr.lark").read_text(encoding="utf-8")
    rules: dict[str, str] = {}
    name = None
    for line in text.splitlines():
        line = re.sub(r'("(?:\\.|[^"\\])*")|//.*', lambda m: m.group(1) or "", line)
        m = re.match(r"[?!]?([a-z_][a-z0-9_]*)(?:\.\d+)?\s*:(.*)", line)
        if m:
            name = m.group(1)
            rules[name] = m.group(2)
        elif re.match(r"[A-Z_]", line) or line.startswith("%"):
            name = None
        elif name is not None:
            rules[name] += " " + line
    return rules


_PIECE = re.compile(r'"(?:\\.|[^"\\])*"i?|/(?:\\.|[^/\\])+/|[A-Za-z_][A-Za-z0-9_]*[?*+]?|->\s*\w+|[()|\[\]]')


@cache
def first_words(rule: str, depth: int = 0) -> frozenset[str]:
    """The keywords a form of grammar rule `rule` may start with (an optional part before the
    first keyword, such as `replace?`, gives its own keywords too)."""
    body = _rules().get(rule)
    if body is None or depth > 12:
        return frozenset()
    found: set[str] = set()
    for alternative in _alternatives(body):
        for piece in _PIECE.findall(alternative):
            if piece.startswith('"'):
                word = piece.rstrip("i").strip('"')
                if re.fullmatch(r"[A-Za-z_]+", word):
                    found.add(word)
                break
            if piece.startswith(("->", "(", ")", "[", "]", "/")):
                continue
            optional = piece.endswith(("?", "*"))
            found |= first_words(piece.rstrip("?*+"), depth + 1)
            if not optional:
                break
    return frozenset(found)


def _alternatives(body: str) -> list[str]:
    """A rule's alternatives: its body split at each `|` outside brackets."""
    parts, level, current = [], 0, ""
    for piece in _PIECE.findall(body):
        if piece in ("(", "["):
            level += 1
        elif piece in (")", "]"):
            level -= 1
        if piece == "|" and level == 0:
            parts.append(current)
            current = ""
        else:
            current += " " + piece
    return parts + [current]


def all_keywords() -> frozenset[str]:
    """Every word the grammar writes in quotes."""
    return frozenset(w for body in _rules().values() for w in re.findall(r'"([A-Za-z_]+)"', body))


def top_level_keywords() -> frozenset[str]:
    """The words a line outside any block may start with."""
    return first_words("item") | {"ruleset"}


def block_keywords(opening: str) -> frozenset[str]:
    """The keywords offered inside a block whose first line is `opening` (`card "Baths" ... {`):
    a card's effect lines (triggers, effects, conditions), a wonder's (and its stages), a game's
    settings; every keyword in any other block."""
    words = opening.split()
    head = words[1] if words and words[0] in ("replace", "override") and len(words) > 1 else (words or [""])[0]
    effect_lines = first_words("trigger") | first_words("op") | {"if", "once"}
    if head == "card":
        return effect_lines
    if head == "wonder":
        return effect_lines | first_words("stage") | first_words("start_resource")
    if head == "stage":
        return effect_lines
    if head in ("game", "when"):
        return first_words("setting")
    return all_keywords()


# ---- hover ---------------------------------------------------------------------------------------

def _card_text(card: ir.Card, rules: ir.RuleSet, text: Callable[[str], Sequence[str] | None]) -> str:
    row = card_row(card, rules, text)
    lines = [f"**{row.name}**: age {row.age}, {row.colour} card", f"- cost: {row.cost}"]
    if row.chains:
        lines.append(f"- chains: {row.chains}")
    lines.append(f"- copies (players:copies): {row.copies}")
    lines.append(f"- effects: {row.effects or 'none'}")
    return "\n".join(lines)


def _where(definition: Definition) -> str:
    path = definition.span.path
    return f"{path.rsplit('/', 1)[-1]} line {definition.span.line}"


def hover_text(analysis: Analysis, word: Word, text: Callable[[str], Sequence[str] | None]) -> str | None:
    """What the word under the cursor is, in plain words (Markdown), or None for a word with
    nothing to say."""
    rules = analysis.rules
    if word.quoted:
        parts = []
        if rules is not None:
            parts += [_card_text(c, rules, text) for c in rules.cards if c.name == word.text]
            boards = [b for b in rules.boards if b.name == word.text]
            parts += ["```\n" + "\n".join(board_lines(b, text)) + "\n```" for b in boards]
        if not parts:
            found = analysis.definitions.get(word.text)
            return f"{found[-1].kind} `{word.text}`, defined in {_where(found[-1])}" if found else None
        return "\n\n".join(dict.fromkeys(parts))
    found = analysis.definitions.get(word.text)
    if found:
        last = found[-1]
        if isinstance(last.node, s.PhraseDef):
            return _phrase_text(last.node, word)
        group = getattr(last.node, "resource_class", None) or getattr(last.node, "group", None)
        of = f" ({group.text})" if isinstance(group, s.Name) else ""
        named = f"{last.kind}{of} `{word.text}`, defined in {_where(last)}"
        # a name spelt like a keyword (the action `build`, the zone `hand`): both, as the line may mean either
        return named + "\n\n" + keyword_text(word.text) if word.text in all_keywords() else named
    if word.text in all_keywords():
        return keyword_text(word.text)
    return None


def keyword_text(keyword: str) -> str:
    """What hover says of a keyword: its line, and the language page that explains it."""
    line = KEYWORD_DOCS.get(keyword, "a word of the language (see the language pages).")
    page = KEYWORD_PAGES.get(keyword)
    return f"`{keyword}`: {line}" + (f" — docs: language/{page}" if page else "")


def _phrase_text(phrase: s.PhraseDef, word: Word) -> str:
    """A phrase's signature and what its use on the line stands for (its own body when the
    cursor is on its definition)."""
    signature = f"phrase {phrase.name.text}({', '.join(p.text for p in phrase.params)})"
    use = re.match(r"\s*\(([^()]*)\)", word.after)
    if use is None or word.after.lstrip().startswith("(" + ", ".join(p.text for p in phrase.params) + ")"):
        return f"`{signature}` stands for:\n```wr\n{written_out(phrase, [p.text for p in phrase.params])}\n```"
    args = [a.strip() for a in use.group(1).split(",")] if use.group(1).strip() else []
    return (f"`{phrase.name.text}({', '.join(args)})` ({signature}) stands for:\n"
            f"```wr\n{written_out(phrase, args)}\n```")
