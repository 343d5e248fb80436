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
from wonderrules.reports.catalogue import board_lines, card_row

__all__ = ["KEYWORD_DOCS", "first_words", "top_level_keywords", "block_keywords", "hover_text", "all_keywords"]

#: one line for the words a designer meets first; any other keyword is named as a word of the language
KEYWORD_DOCS: dict[str, str] = {
    "ruleset": "The header: `ruleset NAME \"Title\" extends BELOW`, the first line of every rule set.",
    "extends": "Names the layers this rule set is written on (a file next to it, or a bundled rule set).",
    "edition": "The edition of the game the rule set writes (`edition 1`).",
    "resources": "Declares resources of a class: `resources raw: wood, stone`.",
    "symbols": "Declares symbols of a group: `symbols science: compass, gear, tablet`.",
    "tokens": "Declares the tokens cities collect: `tokens: victory, defeat`.",
    "colours": "Declares the card colours, and the score column each one's points go to.",
    "abilities": "Declares abilities an effect may grant a city (`grant NAME`).",
    "decks": "Declares the decks cards are dealt from.",
    "game": "The game's settings: players, start coins, ages, hand size, turns, passing.",
    "scoring": "The score sheet's columns, in order, and how each one is counted.",
    "zone": "A place cards are in: each seat's own, or shared.",
    "deal": "How the cards of a deck are dealt into zones, and when.",
    "action": "Something a player may do with a card (build, discard, build a stage...).",
    "decision": "A choice a player is asked, and the actions it offers.",
    "market": "Who buys resources from whom, and at what price.",
    "flow": "The order of the game: the moments of an age and of a turn.",
    "at": "Effects of the rules themselves at a moment of the flow.",
    "contest": "A contest between seats at a moment (military conflicts): strength, pairs, what is won.",
    "option": "A part of the rules a game may switch on by name.",
    "card": "A card: `card \"Name\" age N colour cost ... copies 3+ { effects }`.",
    "wonder": "A side of a wonder board: its starting resource, its own effects and its stages.",
    "stage": "A stage of a wonder board: its cost and its effects.",
    "phrase": "Names effect lines to use again: `phrase tribute(n) { ... }`, used as `tribute(2)`.",
    "remove": "Takes a card, wonder or named part of a lower layer out of the game.",
    "change": "Changes some attributes of a card of a lower layer, keeping the rest.",
    "replace": "Defines again a card or wonder of a lower layer, in full.",
    "override": "Defines again a setting or part of the rules a lower layer wrote.",
    "cost": "What building costs: coins and resources (`cost 2 stone, 1 coin`).",
    "chain": "`chain from \"Card\"`: built free by the owner of that card; `chain to`: the cards this one builds.",
    "copies": "The player counts at which a copy is in the deck (`copies 3+ 5+`: one from 3 players, two from 5).",
    "pool": "The card is drawn from this pool instead of being dealt from the deck.",
    "deck": "The deck the card is dealt from, when it is not the first deck.",
    "passive": "The effect holds for as long as the card is in the city (production, symbols, prices).",
    "on": "`on build`: the effect happens once, when the card is built.",
    "each": "`each MOMENT`: the effect happens at every such moment.",
    "whenever": "The effect happens whenever a city does something (builds, buys, gains, wins...).",
    "if": "The effect applies only when the condition holds.",
    "produce": "Produces a resource each turn, or one of several (`produce wood | clay`).",
    "symbol": "Gives a symbol (science, shields...) counted by the scoring or a contest.",
    "score": "Points at the end of the game, a number or a count (`score 1 per cards(brown, left)`).",
    "gain": "Gains coins or tokens (`gain 3 coins`).",
    "lose": "Loses coins or tokens.",
    "buy": "A trading price: `buy wood, stone from left for 1`.",
    "grant": "Grants an ability (`grant free_build once per age`).",
    "decide": "Asks the owner a decision.",
    "draw": "Draws cards from a pool or zone.",
    "players": "The player counts the rule set is played with; in an expression, the number of players.",
    "ages": "How many ages the game has.",
    "hand": "How many cards each player is dealt at the start of an age.",
    "turns": "How many turns an age has.",
    "pass": "The direction hands pass in, for each age.",
    "start": "What a city starts with: coins (`start coins 3`), or a wonder side's resource.",
    "self": "Your own city.",
    "left": "The neighbour on your left (`left 2`: two seats away).",
    "right": "The neighbour on your right (`right 2`: two seats away).",
    "neighbours": "Both neighbours.",
    "others": "Every city but yours.",
    "everyone": "Every city, yours included.",
}


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
        return f"{last.kind}{of} `{word.text}`, defined in {_where(last)}"
    if word.text in all_keywords():
        return f"`{word.text}`: " + KEYWORD_DOCS.get(word.text, "a word of the language (see the language pages).")
    return None


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
