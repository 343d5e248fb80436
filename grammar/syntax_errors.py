"""Parser failures turned into sentences a designer can act on.

A failure is explained by the first of these that applies (after words read as the moment of a
trigger are looked at, see ``syntax_moments``):

1. a catalogue of known mistakes. Each entry carries example texts that fail the same way as the
   mistake it names: on the same kind of token, at a point where the grammar accepts the same
   set of tokens. (Comparing what is accepted, not parser state numbers, lets one example cover
   a mistake wherever it is made: in a card with or without a cost, in a card or a wonder stage.)
2. a misspelt keyword: the unexpected word is close to a keyword the grammar accepts there
   (`pasive:`, `on built:`, `end of games:`);
3. otherwise, what the grammar accepts at that point, in words (`a timing`, `a card clause`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Optional

import attrs
from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.grammar.reading import read
from wonderrules.grammar.syntax_costs import COST_CHANGE, COST_CHANGE_HELP, explain_cost_words, explain_keyword_action
from wonderrules.grammar.syntax_moments import (
    TRIGGERS_HELP,
    effect_words,
    explain_moment_over_lines,
    explain_trigger_words,
    retarget,
    trigger_run,
)

__all__ = ["Mistake", "CATALOGUE", "explain", "describe_expected", "match_catalogue", "explain_moment_over_lines"]


@attrs.frozen
class Mistake:
    """A known mistake: the sentence that names it, a help line, and texts that make it.

    Examples are parsed without a header (as items); an example starting with '!' is a whole file.
    """

    sentence: str
    help: str
    examples: tuple[str, ...]


_CARD = 'card "A" age 1 brown copies 3+ '
_HOOK = _CARD + "{ "

CATALOGUE: tuple[Mistake, ...] = (
    Mistake("a card needs a colour after its age",
            'write the colour after the age, as in `card "Altar" age 1 blue ...`',
            ('card "A" age 1 {', 'card "A" age 1 "B"', 'card "A" age 1 3')),
    Mistake("card and wonder names are written in double quotes",
            'write `card "Lumber Yard" age 1 brown ...`',
            ("card Lumber", "wonder Rhodes", "replace card Lumber", "remove card Lumber",
             "remove wonder Rhodes", "change card Lumber")),
    Mistake("card names in a chain are written in double quotes",
            'write `chain from "Baths"` (several names separated by commas)',
            ('card "A" age 1 brown chain from Baths', 'card "A" age 1 brown chain to Baths')),
    Mistake("a chain says which way it goes",
            'write `chain from "Baths"` (this card is free after Baths) or `chain to "Aqueduct"`',
            ('card "A" age 1 brown chain "B"',)),
    Mistake("names in a list are separated by commas",
            'write `chain to "Stables", "Dispensary"`',
            ('card "A" age 1 brown chain to "B" "C"',)),
    Mistake("a trigger is followed by a colon",
            "write `passive: produce wood` or `end of game: score 3`",
            (_HOOK + "passive produce", _HOOK + "passive symbol", _HOOK + "on build gain",
             _HOOK + "whenever self builds card gain", _HOOK + "whenever self builds brown card gain",
             _HOOK + "passive buy", _HOOK + "passive grant", _HOOK + "passive self", _HOOK + "on build self",
             _HOOK + "whenever self builds a stage gain", _HOOK + "passive 3", _HOOK + "on build 3")),
    Mistake("the count comes before the resource",
            "write `cost 2 wood`, not `cost wood 2`",
            ('card "A" age 1 brown cost wood 2', 'card "A" age 1 brown cost 1 coin, wood 2',
             'card "A" age 1 brown cost coin 1', 'card "A" age 1 brown cost 1 coin, coin 2')),
    Mistake("the items of a cost are separated by commas",
            "write `cost 1 coin, 2 wood`",
            ('card "A" age 1 brown cost 1 coin 2', 'card "A" age 1 brown cost 2 wood 1',
             'card "A" age 1 brown cost 2 wood stone', 'card "A" age 1 brown cost 1 coin wood')),
    Mistake("copy markers are written as on the printed card, with a '+'",
            "write `copies 3+ 5+`: one marker per copy, the smallest player count that uses it",
            ('card "A" age 1 brown copies 3 5', 'card "A" age 1 brown copies 3 {',
             'card "A" age 1 brown copies 3,', 'card "A" age 1 brown copies 3 cost',
             'card "A" age 1 brown copies 3 chain', 'card "A" age 1 brown copies 3 pool')),
    Mistake("copy markers are separated by spaces, not commas",
            "write `copies 3+ 5+`",
            ('card "A" age 1 brown copies 3+,',)),
    Mistake("either/or choices are separated by `|`",
            "write `produce wood | stone` for one of them each turn; for both, write two effects "
            "(`passive: produce wood` and `passive: produce stone`)",
            (_HOOK + "passive: produce wood or", _HOOK + "passive: produce wood,",
             _HOOK + "passive: produce wood stone", _HOOK + "passive: produce wood and",
             _HOOK + "passive: produce wood /")),
    Mistake("either/or choices are separated by `|`",
            "write `end of game: symbol compass | gear` for one of them (chosen at the end of the game); "
            "for more than one symbol, write `symbol 2 shield` or two effects",
            (_HOOK + "end of game: symbol compass or", _HOOK + "end of game: symbol compass,",
             _HOOK + "end of game: symbol compass gear", _HOOK + "end of game: symbol compass /",
             _HOOK + "end of game: symbol compass and")),
    Mistake("a count needs what it counts: `card`, `stage`, `token` or `symbol`",
            "write `per brown card in self`, `per stage in self` or `per victory token in left, right`",
            (_HOOK + "end of game: score 1 per brown in", _HOOK + "end of game: score 1 per brown }",
             _HOOK + "end of game: score 1 per brown self", _HOOK + "end of game: score 1 per brown left",
             _HOOK + "end of game: score 1 per in self")),
    Mistake("a count needs `in` and the seats whose cities it looks at",
            "write `per brown card in self, left, right`",
            (_HOOK + "end of game: score 1 per brown card }", _HOOK + "end of game: score 1 per brown card end",
             _HOOK + "end of game: score 1 per brown card self", _HOOK + "end of game: score 1 per stage self",
             _HOOK + "end of game: score 1 per brown card left", _HOOK + "end of game: score 1 per stage }",
             _HOOK + "end of game: score 1 per stage left", _HOOK + "end of game: score 1 per brown card on",
             _HOOK + "end of game: score 1 per brown card passive", _HOOK + "end of game: score 1 per stage end")),
    Mistake("seats in a list are separated by commas",
            "write `in self, left, right`",
            (_HOOK + "end of game: score 1 per brown card in self left",
             _HOOK + "end of game: score 1 per brown card in self right",
             _HOOK + "end of game: score 1 per brown card in left right")),
    Mistake("`change card` changes a card's cost, chains, copies, pool, alias or deck",
            "a card's colour, age and effects are changed by writing the whole card again: "
            '`replace card "NAME" age N COLOUR ... { ... }`',
            ('change card "A": grey', 'change card "A" age 1: grey', 'change card "A": age',
             'change card "A": {', 'change card "A": copies 3+ {', 'change card "A": copies 3+ grey',
             'change card "A": colour')),
    Mistake("the attributes a `change card` line changes follow a colon",
            'write `change card "Loom" age 1: copies 3+ 5+`',
            ('change card "A" copies', 'change card "A" age 1 copies', 'change card "A" cost',
             'change card "A" age 1 {', 'change card "A" {')),
    Mistake("a wonder needs its side after its name",
            'write `wonder "Rhodes" side A { ... }`',
            ('wonder "R" {', 'wonder "R" called "T" {', 'wonder "R" A')),
    Mistake("`override` is written inside the block, before the setting it changes",
            "write `game { override hand 8 }`",
            ("override game", "override scoring", "override card")),
    Mistake("this '}' closes no block",
            "remove it, or look for a '{' missing earlier",
            ("}", _CARD + "{ } }", "!ruleset x\n}", "!ruleset x extends y\n}", '!ruleset x "X"\n}')),
    Mistake("a player range is written with two dots",
            "write `players 3..7`",
            ("game { players 3-", "game { players 3 to", "game { players 3, 4-", "game { when players 3-")),
    Mistake("a setting is written without `=` or `:`",
            "write `hand 7`, `turns 6`, `start coins 3`",
            ("game { hand =", "game { turns =", "game { hand :", "game { players =",
             "game { players :", "game { ages =")),
    Mistake("the names of a declaration follow a colon",
            "write `resources raw: wood, stone`, `symbols science: compass`, `tokens: victory, defeat` or "
            "`colours: brown, blue scores civilian`",
            ("resources raw wood", "symbols science compass", "tokens debt", "colours brown")),
    Mistake("a colour's score column follows `scores`, without a colon",
            "write `colours: yellow scores commercial`",
            ("colours: orange scores:",)),
    Mistake("score columns are separated by spaces or new lines, not commas",
            "write each column on its own line: `treasury = coins / 3`",
            ("scoring { a = coins,", "scoring { a,", "scoring { a b,")),
    Mistake("a contest says at which moment it takes place",
            "write `contest military at end of age { ... }`",
            ("contest naval {", "contest naval at {", "contest naval end of age {")),
    Mistake("a seat's rule among its actions is a preference",
            'write `prefer per card: build by chain > *` (a card it can chain is built so) or `prefer: * > sell` '
            '(it sells only when nothing else can be played) in the `seat "NAME" { ... }` block',
            ('seat "F" { must build by way chain }', 'seat "F" { sell only as a last resort }')),
    Mistake("the tiers of a preference follow a colon, the preferred first, separated by `>`",
            "write `prefer per card: build by chain > build` or `prefer: * > sell`",
            ('decision d: a { prefer a', 'seat "F" { prefer a',
             'decision d: a { prefer per a')),
    Mistake("a preference ranks two tiers or more, separated by `>`",
            "write `prefer per card: build by chain > build` (a tier's actions are separated by commas)",
            ('decision d: a { prefer: a }', 'decision d: a { prefer: a by b }', 'seat "F" { prefer: a }',
             'decision d: a { prefer: a, b }', 'decision d: a { prefer: a prefer')),
    Mistake("a deal gives a number of cards to a zone of each player, or of a seat",
            'write `hand cards to hand of each player` or `7 cards to pile of "Free City"`',
            ("deal a from deck a { 7 to", "deal a from deck a { 7 cards hand", "deal a from deck a { 7 cards to hand }",
             "deal a from deck a { 7 cards to hand of }", "deal a from deck a { 7 cards to hand of each }",
             "deal a from deck a { 7 cards to hand of all",
             "deal a from deck a { 7 cards to hand of players")),
    Mistake("an action's operations follow `then:`",
            "write `then: move card to built` (several operations one after the other, without commas)",
            ("action a { move", "action a { gain", "action a { then move")),
    Mistake("operations are written one after the other, without commas",
            "write `then: move card to discard  gain 3 coins` (one operation per line reads best)",
            ("action a { then: move card to a,", "action a { then: gain 3 coins,", "action a { then: build stage,")),
    Mistake("a way that is the only one when it is open is a preference of the decision",
            "take `only` out and write `{ prefer per card: build by chain > build }` after the decision's "
            "actions: a card that can be built by its chain is then offered no other way to build it",
            ("action a { way chain: free, when chained, only", "action a { way chain: only")),
    Mistake("a way says when it is open after a colon",
            "write `way chain: free, when chained`, `way free: free, with ABILITY`, or `way pay`",
            ("action a { way chain free", "action a { way free with", "action a { way chain when",
             "action a { way }")),
    Mistake("the action kinds of a decision follow a colon",
            'write `decision play "age {age}, turn {turn}": build, stage, sell`',
            ("decision play build", 'decision play "t" build', "decision play {")),
    Mistake("a zone says whether each seat has one or the table shares it",
            "write `zone hand: each seat, seen by owner` or `zone discard: shared`",
            ("zone hand {", "zone hand: seen", "zone hand: each,", "zone hand: per seat", "zone hand each",
             "zone hand: active")),
    Mistake("who sees a zone is `owner`, `partners`, `everyone` or `nobody`",
            "write `zone hand: each seat, seen by owner`",
            ("zone hand: each seat, seen by players", "zone hand: each seat, seen by all",
             "zone hand: each seat, seen by self", "zone hand: each seat, seen owner")),
    Mistake("a round names a decision, then who takes part after a colon",
            "write `round play`, or `round extra: players with ABILITY, within the turn`",
            ("flow { round {", "flow { round extra players", "flow { round extra: with {",
             "flow { round extra within", "flow { round extra: players, within turn")),
    Mistake("a condition of the flow is followed by its steps in braces",
            "write `if turn < turns { pass hand }` (and `else { ... }`)",
            ("flow { if turn < turns pass", "flow { if turn < turns: pass", "flow { if turn < turns then")),
    Mistake("a loop of the flow is `each age { ... }`, `each turn { ... }` or `repeat N times { ... }`",
            "write `each age { deal age  each turn { round play } }`",
            ("flow { each round", "flow { each player", "flow { repeat 3 {",
             "flow { each age round")),
    Mistake("an aggregate is written `max(EXPR over SEATS)`, a rank `rank(EXPR among SEATS)`",
            "write `max(coins over others)` or `rank(coins among everyone)`",
            (_HOOK + "end of game: score max(coins of others", _HOOK + "end of game: score max(coins in others",
             )),
    Mistake(COST_CHANGE, COST_CHANGE_HELP,
            (_HOOK + "passive: build costs 1 coin more",
             _HOOK + "passive: build costs 1 more", _HOOK + "passive: build costs 0 coins }")),
    Mistake("a token is gained with the word `token`",
            "write `gain 1 victory token` (`tokens` for more than one)",
            (_HOOK + "on build: gain 2 gold }", _HOOK + "on build: gain 2 gold on",
             _HOOK + "on build: self gain 2 gold }")),
    Mistake("points are written as a bare number",
            "write `score 2`, or `score 1 per brown card in self`",
            (_HOOK + "end of game: score 2 points", _HOOK + "end of game: score 2 vp",
             _HOOK + "end of game: score 2 VP")),
    Mistake("whether a card counts itself is written `(including this)` or `(excluding this)`",
            "write `per yellow card in self (including this)`",
            (_HOOK + "end of game: score 1 per brown card in self (including self",
             _HOOK + "end of game: score 1 per brown card in self (excluding it",
             _HOOK + "end of game: score 1 per brown card in self (including)")),
    Mistake("a rule set starts with its header",
            'write `ruleset name "Title"` on the first line (and `extends base` for a layer)',
            ("!card", "!game {", "!wonder", "!# c\ncard", "!resources", "!scoring", "!", "!# c\n")),
)


# ---- describing what the grammar accepts ------------------------------------------------------

#: Groups of keywords shown as one phrase when all of them are acceptable (largest first).
_GROUPS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"abilities", "action", "at", "card", "colours", "contest", "deal", "decision", "decks", "each",
                "change", "extend", "flow", "game", "market", "option", "phrase", "remove", "replace", "resources",
                "scoring",
                "seat", "symbols", "tokens", "wonder", "zone"}),
     "a new item (`card`, `wonder`, `game`, `action`, `flow`, ...)"),
    (frozenset({"ages", "cards", "hand", "order", "pass", "players", "pool", "stages", "start", "tie", "turns",
                "when"}),
     "a game setting (`players`, `hand`, `turns`, `pass`, ...)"),
    (frozenset({"buy", "copy", "decide", "draw", "first", "gain", "grant", "lose", "produce", "score",
                "symbol"}),
     "an effect (`produce`, `symbol`, `gain`, `score`, `grant`, ...)"),
    (frozenset({"controller", "enemies", "everyone", "left", "neighbours", "opponent", "others", "partners",
                "players", "right", "self", "their"}),
     "a seat (`self`, `left`, `right`, `neighbours`, ...)"),
    (frozenset({"at", "deal", "discard", "each", "if", "pass", "repeat", "round"}),
     "a step of the flow (`round`, `at`, `if`, `each`, `pass`, ...)"),
    (frozenset({"lose", "pairs", "ranking", "sit", "strength", "tokens", "win"}),
     "a contest clause (`strength:`, `pairs:`, `win:`, `lose:`, ...)"),
    (frozenset({"amount", "card", "cost", "require", "then", "unique", "way"}),
     "an action clause (`card from`, `cost`, `way`, `amount`, `then:`, ...)"),
    (frozenset({"control", "controller", "must", "never", "pays", "resolves"}),
     "a seat clause (`controller starts:`, `resolves first`, `must ...`, ...)"),
    (frozenset({"card", "cards", "symbol", "symbols", "token", "tokens"}),
     "what is counted (`card`, `token` or `symbol`)"),
    (frozenset({"each", "on", "passive", "whenever"}),
     "a trigger (`passive:`, `on build:`, `end of turn:`, `end of game:`, ...)"),
    (frozenset({"alias", "chain", "copies", "cost", "deck", "pool"}),
     "a card clause (`cost`, `chain`, `copies`, `pool`, `alias`)"),
)

#: effects the language no longer has as phrases: (word read as an action, the word after it) ->
#: what is written now (`INT`: any number after it)
_OLD_EFFECTS = {
    ("build", "free"): ("a free build is an ability granted by an effect",
                        "write `passive: grant ABILITY once per age` with an ability the rule set declares and a "
                        "way of its build action uses (`way free: free, with ABILITY`)"),
    ("build", "INT"): ("an effect asks a decision of the rule set",
                       "write `end of turn: decide DECISION` (`decide DECISION 2 times`), where the decision's action "
                       "takes its card from the discard pile"),
    ("play", "last"): ("playing the last card is an ability granted by an effect",
                       "write `passive: grant ABILITY`, with an ability a round of the flow asks for "
                       "(`round extra: players with ABILITY`)"),
    ("stages", "cost"): ("a cost change names an action and says `costs`", "write `stage costs no resources`"),
}

#: clauses of a contest the language replaced by general words: (the word found, a terminal the
#: parser accepts there, the word before it or "") -> the sentence and what is written now
_OLD_CONTEST_WORDS = {
    ("sit", "TAKES", ""): (
        "who takes part in a contest is a condition",
        "write `takes part: tokens(TOKEN) == 0`, and spend the token with `after: lose 1 TOKEN token`"),
    ("except", "WHERE", ""): (
        "pairs are kept or left out by seats", "write `pairs: neighbours where not partners`"),
    ("for", "COLON", "tokens"): (
        "the tokens of a result are one expression, counted for each seat",
        "write `tokens: 2 - (tokens(TOKEN) > 0 or tokens(TOKEN, opponent) > 0)`, and spend the token with "
        "`after: lose 1 TOKEN token`"),
}

#: words of the language that changed: the word written -> what is written now, and why
_CHANGED = {
    "conflict": ("a conflict is written as a contest", "write `contest military at end of age { ... }`"),
    "neutral": ("a seat without a player is declared on its own", 'write `seat "NAME" { ... }` outside the game block'),
    "sell": ("the price of a sale is an operation of the action that sells",
             "write it in the action: `then: move card to discard  gain 3 coins`"),
    "trade": ("trading is declared in the market", "write `market { sellers: left, right  sells: ...  price 2 }`"),
    "neighbours": ("trading is declared in the market", "write `market { sellers: left, right  sells: ...  price 2 }`"),
}

_TERMINAL_WORDS = {
    "NAME": "a name",
    "STRING": 'a quoted name like "Lumber Yard"',
    "INT": "a number",
    "$END": "the end of the file",
}


@lru_cache(maxsize=4)
def _literals(parser: Lark) -> dict[str, str]:
    """Terminal name -> the literal text of keyword and punctuation terminals."""
    return {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}


def _words(parser: Lark, terminals: Iterable[str]) -> list[str]:
    lits = _literals(parser)
    return [lits.get(t, t) for t in terminals]


def describe_expected(parser: Lark, terminals: Iterable[str]) -> str:
    """What the grammar accepts, in words: `a timing (...) or '}'`."""
    words = set(_words(parser, terminals))
    if "override" in words and words & {"hand", "card"}:
        words.discard("override")  # `override` may precede any setting or item; not worth listing
    if {"each", "on", "passive", "whenever"} <= words:
        words.discard("NAME")  # a trigger may be a moment, which is words
    phrases: list[str] = []
    for members, phrase in _GROUPS:
        if members <= words:
            phrases.append(phrase)
            words -= members
    rest = sorted(words, key=lambda w: (w not in _TERMINAL_WORDS, w))
    phrases.extend(_TERMINAL_WORDS.get(w, f"'{w}'") for w in rest)
    if len(phrases) > 7:
        phrases = phrases[:6] + [f"{len(phrases) - 6} more"]
    if not phrases:
        return "nothing more"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


# ---- catalogue ----------------------------------------------------------------------------------

def _failure(parser: Lark, text: str, start: str) -> Optional[UnexpectedToken]:
    try:
        read(parser, text, start)
    except UnexpectedToken as e:
        return retarget(parser, e, text, start)
    except UnexpectedInput:
        return None
    return None


def _context(exc: UnexpectedToken) -> tuple[str, ...]:
    """The kinds of the last two things read before the failure (tokens or reduced rules)."""
    ip = exc.interactive_parser
    stack = list(ip.parser_state.value_stack) if ip is not None else []
    kinds = [v.type if isinstance(v, Token) else str(getattr(v, "data", type(v).__name__)) for v in stack[-2:]]
    return tuple(kinds)


#: a failure's lookup key: the start rule, what is accepted, the token's kind, the kinds read before it
_Key = tuple[str, frozenset[str], str, tuple[str, ...]]


def _keys(start: str, exc: UnexpectedToken) -> list[_Key]:
    """Lookup keys of a failure, most specific first: what is accepted and the unexpected token's
    kind, with the last two, the last one, or none of the things read before it."""
    base = (start, frozenset(exc.accepts or ()), exc.token.type)
    ctx = _context(exc)
    return [base + (ctx,), base + (ctx[-1:],), base + ((),)]


@lru_cache(maxsize=4)
def _catalogue_index(parser: Lark) -> dict[_Key, Mistake]:
    """Failure keys (see `_keys`) -> the first mistake whose examples fail so."""
    index: dict[_Key, Mistake] = {}
    for mistake in CATALOGUE:
        for example in mistake.examples:
            start = "start" if example.startswith("!") else "item_list"
            text = example[1:] if example.startswith("!") else example
            failure = _failure(parser, text, start)
            if failure is None:
                continue
            for key in _keys(start, failure):
                index.setdefault(key, mistake)
                if start == "item_list":  # the same failure inside the first piece of a file
                    index.setdefault(("start",) + key[1:], mistake)
    return index


def match_catalogue(parser: Lark, exc: UnexpectedToken, start: str) -> Optional[Mistake]:
    index = _catalogue_index(parser)
    for key in _keys(start, exc):
        if key in index:
            return index[key]
    return None


# ---- explaining one failure ---------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z0-9_]")


def _found(token: Token) -> str:
    if token.type == "$END":
        return "the end of the file"
    text = str(token)
    return f"'{text if len(text) < 40 else text[:37] + '...'}'"


def _glued_word(padded: str, token: Token) -> Optional[tuple[str, int, int]]:
    """When the lexer cut a word in two (`games` read as the keyword `game` and `s`), the whole
    word, its first column and its offset in the text."""
    if token.type == "$END" or not _WORD.match(str(token)[:1]):
        return None
    assert token.line is not None and token.column is not None and token.start_pos is not None  # a lexed token
    line = padded.split("\n")[token.line - 1]
    start = token.column - 1
    while start > 0 and _WORD.match(line[start - 1]):
        start -= 1
    if start == token.column - 1:
        return None
    end = token.column - 1 + len(str(token))
    while end < len(line) and _WORD.match(line[end]):
        end += 1
    return line[start:end], start + 1, token.start_pos - (token.column - 1 - start)


def _accepts_at(parser: Lark, padded: str, offset: int, start: str) -> Optional[set[str]]:
    ip = parser.parse_interactive(padded[:offset], start=start)
    try:
        ip.exhaust_lexer()
    except UnexpectedInput:
        return None
    return set(ip.accepts())


def _keywords_before(exc: UnexpectedToken, span: Span) -> list[str]:
    """The keywords read just before a misspelt word, on its line (`end of` before `games`), so
    that a suggestion shows the whole phrase."""
    ip = exc.interactive_parser
    stack = list(ip.parser_state.value_stack) if ip is not None else []
    words: list[str] = []
    for v in reversed(stack):
        if not isinstance(v, Token) or v.type in ("NAME", "STRING", "INT") or not str(v).isalpha():
            break
        assert v.column is not None  # a lexed token
        if v.line != span.line or v.column >= span.column:
            if v.line != span.line:
                break
            continue  # the part of a glued word the lexer took for a keyword
        words.append(str(v))
    return words[::-1]


def _close_keyword(parser: Lark, word: str, accepts: Iterable[str]) -> Optional[str]:
    keywords = [w for w in _words(parser, accepts) if w.isalpha()]
    swapped = [k for k in keywords if len(k) >= 3 and sorted(k) == sorted(word.lower())]  # `aeg` for `age`
    if swapped:
        return swapped[0]
    found = difflib.get_close_matches(word.lower(), keywords, n=1, cutoff=0.7)
    return found[0] if found else None


def _old_effect(exc: UnexpectedToken) -> Optional[tuple[str, str, str, Token]]:
    """A phrase of effects the language replaced (`build free once per age`), read as the start of
    a cost change (`ACTION costs ...`; or a contest's `strength`): its sentence, help and the words found."""
    accepts = set(exc.accepts or ())
    if "COSTS" not in accepts or not accepts <= {"COSTS", "STRENGTH"}:
        return None
    ip = exc.interactive_parser
    stack = list(ip.parser_state.value_stack) if ip is not None else []
    if not stack or not isinstance(stack[-1], Token) or stack[-1].type != "NAME":
        return None
    after = "INT" if exc.token.type == "INT" else str(exc.token)
    found = _OLD_EFFECTS.get((str(stack[-1]), after))
    if found is None:
        return None
    return found[0], found[1], f"{stack[-1]} {exc.token}", stack[-1]


def _old_contest_words(exc: UnexpectedToken, path: str) -> Optional[Diagnostic]:
    """`sit out: ...`, `pairs: ... except partners`, `tokens for holders of ...`: contest clauses
    that general words replaced, with what is written now."""
    accepts = set(exc.accepts or exc.expected or ())
    ip = exc.interactive_parser
    stack = list(ip.parser_state.value_stack) if ip is not None else []
    before = str(stack[-1]) if stack and isinstance(stack[-1], Token) else ""
    for (word, accepted, after), (sentence, help_text) in _OLD_CONTEST_WORDS.items():
        if str(exc.token) == word and accepted in accepts and (not after or before == after):
            start = stack[-1] if after and isinstance(stack[-1], Token) else exc.token
            found = f"{after} {word}" if after else word
            return error("E0001", f"{sentence} (found '{found}')", _span(path, start).to(_span(path, exc.token)),
                         help=help_text)
    return None


def _colour_is_keyword(exc: UnexpectedToken) -> Optional[Token]:
    """`card "A" age 1 cost ...`: the colour was left out, so a clause keyword was read as it."""
    ip = exc.interactive_parser
    stack = list(ip.parser_state.value_stack) if ip is not None else []
    tail = [v for v in stack[-3:] if isinstance(v, Token)]
    if len(tail) == 3 and [t.type for t in tail] == ["AGE", "INT", "NAME"] and \
            str(tail[2]) in ("cost", "chain", "copies", "pool", "alias"):
        return tail[2]
    return None


def _span(path: str, token: Token) -> Span:
    assert token.line is not None and token.column is not None  # a lexed token
    return Span(path, token.line, token.column, token.end_line or token.line,
                token.end_column or token.column + max(1, len(str(token))))


def explain(parser: Lark, exc: UnexpectedInput, *, path: str, padded: str, start: str,
            first_line: int, chunk: str, last_chunk: bool) -> Diagnostic:
    """The diagnostic for a failure to parse `padded` (a piece of a file, with its line numbers)."""
    if isinstance(exc, UnexpectedCharacters):
        return _bad_character(parser, exc, path, padded)
    assert isinstance(exc, UnexpectedToken)
    exc = retarget(parser, exc, padded, start)
    words = explain_trigger_words(parser, exc, path)
    if words is not None:
        return words
    token = exc.token
    accepts = set(exc.accepts or exc.expected or ())
    if {"PASSIVE", "WHENEVER"} <= accepts and str(token) in effect_words(parser) and \
            not padded.split("\n")[token.line - 1][:token.column - 1].strip():
        # an effect that starts a line after another, read as a keyword of the language (`others`): its
        # trigger is missing; on the line of the effect before, it is more likely a list without commas
        return error("E0001", f"an effect starts with its trigger (found '{token}')", _span(path, token),
                     help=f"write the trigger and a colon before the effect, as in `end of turn: {token} ...`; "
                          f"{TRIGGERS_HELP}")
    cost_change = explain_keyword_action(parser, padded, token, path) or explain_cost_words(padded, token, path)
    if cost_change is not None:
        return cost_change
    old_contest = _old_contest_words(exc, path)
    if old_contest is not None:
        return old_contest
    old = _old_effect(exc)
    if old is not None:
        return error("E0001", f"{old[0]} (found '{old[2]}')", _span(path, old[3]).to(_span(path, token)),
                     help=old[1])
    if token.type == "NAME" and str(token) in _CHANGED and not _close_keyword(parser, str(token), accepts):
        sentence, changed_help = _CHANGED[str(token)]
        return error("E0001", f"{sentence} (found '{token}')", _span(path, token), help=changed_help)
    if token.type == "$END":
        return _early_end(parser, exc, accepts, path, token, first_line, chunk, last_chunk, start)

    keyword_colour = _colour_is_keyword(exc)
    if keyword_colour is not None:
        return error("E0001", f"a card needs a colour after its age (found '{keyword_colour}')",
                     _span(path, keyword_colour), help=CATALOGUE[0].help)

    glued = _glued_word(padded, token)
    word = str(token)
    span = _span(path, token)
    if glued is not None:
        word, column, offset = glued
        span = Span(path, token.line, column, token.line, column + len(word))
        accepts = _accepts_at(parser, padded, offset, start) or accepts
    elif (mistake := match_catalogue(parser, exc, start)) is not None:
        return error("E0001", f"{mistake.sentence} (found {_found(token)})", span, help=mistake.help)

    if glued is not None or str(token).isalpha():
        close = _close_keyword(parser, word, accepts)
        if close is not None:
            phrase = " ".join(_keywords_before(exc, span) + [close])
            return error("E0001", f"expected {describe_expected(parser, accepts)}, found '{word}'", span,
                         help=f"did you mean `{phrase}`?")
    hint = None
    literals = set(_words(parser, accepts))
    if "}" in literals and str(token) in ("card", "wonder", "stage", "game", "scoring", "option", "contest",
                                          "replace", "remove", "zone", "deal", "action", "decision", "market",
                                          "flow", "seat"):
        hint = "is a '}' missing before it?"
    found = f"'{word}'" if glued is not None else _found(token)
    if glued is None and trigger_run(exc) is not None:
        return error("E0001", f"a trigger is followed by a colon (found {found})", span,
                     help=f"write `end of turn: gain 2 coins`; {TRIGGERS_HELP}")
    return error("E0001", f"expected {describe_expected(parser, accepts)}, found {found}", span, help=hint)


def _bad_character(parser: Lark, exc: UnexpectedCharacters, path: str, padded: str) -> Diagnostic:
    lines = padded.split("\n")
    line = lines[exc.line - 1] if 0 < exc.line <= len(lines) else ""
    ch = line[exc.column - 1:exc.column] or "?"
    if ch == '"':
        return error("E0002", "this quoted name is not closed on its line",
                     Span(path, exc.line, exc.column, exc.line, max(exc.column + 1, len(line.rstrip()) + 1)),
                     help='a quoted name starts and ends on the same line: `"Lumber Yard"`')
    where = Span.point(path, exc.line, exc.column)
    if ch == ";":
        return error("E0002", "';' is not used in rule sets", where,
                     help="put each effect or setting on its own line, or separate them with spaces")
    if ch == "'":
        return error("E0002", "names are quoted with double quotes", where,
                     help='write `"Lumber Yard"`, not `\'Lumber Yard\'`')
    if ch.isalpha() or ch.isdigit():
        return error("E0002", f"unexpected character '{ch}'", where,
                     help="names use only the letters a to z, digits and '_'; quoted names "
                          '(cards, wonders) may use any letter: `"Théâtre"`')
    allowed = set(exc.allowed or ())
    shown = ch if ch.isprintable() else f"U+{ord(ch):04X}"
    return error("E0002", f"unexpected character '{shown}'", where,
                 help=f"expected {describe_expected(parser, allowed)}" if allowed else None)


def _unclosed_brace(path: str, first_line: int, chunk: str) -> Optional[Span]:
    stack: list[tuple[int, int]] = []
    for i, line in enumerate(chunk.split("\n")):
        clean = re.sub(r'"[^"\n]*"', lambda m: " " * len(m.group(0)), line).split("#", 1)[0]
        for j, ch in enumerate(clean):
            if ch == "{":
                stack.append((i, j))
            elif ch == "}" and stack:
                stack.pop()
    if not stack:
        return None
    i, j = stack[-1]
    return Span.point(path, first_line + i + 1, j + 1)


def _early_end(parser: Lark, exc: UnexpectedToken, accepts: set[str], path: str, token: Token, first_line: int,
               chunk: str, last_chunk: bool, start: str) -> Diagnostic:
    brace = _unclosed_brace(path, first_line, chunk)
    if brace is not None:
        what = "the file ends" if last_chunk else "the next item starts"
        return error("E0003", f"unclosed '{{': {what} before its '}}'", brace,
                     help="add the missing '}' at the end of this block")
    if chunk.strip() and token.line and token.end_column:
        where = Span.point(path, token.end_line or token.line, token.end_column)
    else:
        where = Span.point(path, first_line + 1, 1)
    what = describe_expected(parser, accepts)
    mistake = match_catalogue(parser, exc, start)
    ends = "the file ends" if last_chunk else "the next item starts"
    if mistake is not None:
        return error("E0003", f"{mistake.sentence} ({ends} here)", where, help=mistake.help)
    return error("E0003", f"expected {what}, but {ends} here", where)
