"""The typed syntax tree of a `.wr` file.

Every node is frozen and carries the :class:`Span` of the text it came from, so that every
diagnostic can point at the exact place a designer wrote. Node names mirror the grammar rules
in ``wr.lark``; ``build.py`` is the only code that creates them from parse trees. The nodes of
the game's structure (zones, deals, actions, decisions, the market, the flow, contests, neutral
seats) are in :mod:`.syntax_structure` and re-exported here, so every pass reads one module.
"""

from __future__ import annotations

from typing import Optional, TypeVar, Union

import attrs

from wonderrules.grammar.diagnostics import Span
from wonderrules.interpreter.words import MAX_PLAYERS

__all__ = [
    "Span", "Name", "Text", "Seat",
    "Number", "Neg", "BinOp", "Not", "NameRef", "Call", "Over", "Rank", "Expr",
    "Header", "Resources", "Symbols", "Tokens", "Colour", "Colours", "Abilities", "Decks",
    "Players", "StartCoins", "Ages", "Hand", "Turns", "PassDirections", "StagesScore", "PoolDraw",
    "TieBreak", "Order", "CardZone", "SettingBody", "Setting", "When", "Game", "Teams", "Winner", "Option",
    "Category", "Scoring",
    "Passive", "OnBuild", "AtMoment", "EndOfGame", "Whenever", "Trigger",
    "Countable", "Per", "Produce", "ProduceDerived", "Symbol", "SymbolAny", "GainCoins", "GainTokens",
    "LoseCoins", "LoseTokens",
    "Score", "Price", "Rebate", "Grant", "CostChange", "StrengthBonus", "Decide", "CopyCard", "CopySymbol",
    "Draw", "MoveCard", "BuildStage", "Effect", "Hook", "Transfer", "PayCoins", "GiveTokens",
    "CostItem", "Cost", "ChainFrom", "ChainTo", "Copies", "Pool", "Aliases", "CardDeck", "CardAttr", "Card",
    "Stage", "Wonder", "RemoveCard", "ChangeCard", "RemoveWonder", "RemoveNamed", "RemoveSeat", "Item", "Ruleset",
    "Node",
]


#: the kind of clause or attribute `first` looks for
_Clause = TypeVar("_Clause")


@attrs.frozen
class Name:
    """A bare identifier (`wood`, `blue`), or the words of a moment (`end of turn`), with its
    position."""

    text: str
    span: Span


@attrs.frozen
class Text:
    """A quoted name (`"Lumber Yard"`) without its quotes, with its position."""

    text: str
    span: Span


@attrs.frozen
class Seat:
    """Seats seen from a seat, as written: `self`, `left`, `left 2`, `neighbours`, `their city`..."""

    word: str
    distance: Optional[int]  # only after `left` and `right`; None: not written
    span: Span


# ---- expressions ------------------------------------------------------------------------------

@attrs.frozen
class Number:
    value: int
    span: Span


@attrs.frozen
class Neg:
    operand: Expr
    span: Span


@attrs.frozen
class BinOp:
    op: str  # + - * / < <= == != >= > and or
    left: Expr
    right: Expr
    span: Span


@attrs.frozen
class Not:
    operand: Expr
    span: Span


@attrs.frozen
class NameRef:
    """A variable (`players`, `turn`), a quantity written without arguments (`coins`), or, as an
    argument of a quantity, a name or a seat (`cards(blue, left)`)."""

    name: Name
    span: Span


@attrs.frozen
class Call:
    """A function of numbers (`max(a, b)`) or a quantity (`cards(blue, left 2)`)."""

    function: Name
    args: tuple[Union[Expr, Seat], ...]
    span: Span


@attrs.frozen
class Over:
    """An aggregate over seats: `max(coins over others)`."""

    function: Name
    expr: Expr
    seats: tuple[Seat, ...]
    span: Span


@attrs.frozen
class Rank:
    """`rank(coins among everyone)`, `rank(fewest coins among players)`: 1 is first."""

    function: Name
    expr: Expr
    seats: tuple[Seat, ...]
    order: str  # most | fewest
    span: Span


Expr = Union[Number, Neg, BinOp, Not, NameRef, Call, Over, Rank]


# ---- vocabulary -------------------------------------------------------------------------------

@attrs.frozen
class Header:
    name: Name
    title: Text | None
    edition: int | None
    extends: tuple[Name, ...]
    span: Span


@attrs.frozen
class Resources:
    resource_class: Name
    names: tuple[Name, ...]
    span: Span


@attrs.frozen
class Symbols:
    group: Name
    names: tuple[Name, ...]
    span: Span


@attrs.frozen
class Tokens:
    names: tuple[Name, ...]
    span: Span


@attrs.frozen
class Colour:
    name: Name
    category: Name | None
    span: Span


@attrs.frozen
class Colours:
    colours: tuple[Colour, ...]
    span: Span


@attrs.frozen
class Abilities:
    """Abilities a source may grant (`abilities: free_build, last_card`)."""

    names: tuple[Name, ...]
    span: Span


@attrs.frozen
class Decks:
    """Decks besides the deck dealt by age (`decks: leaders`)."""

    names: tuple[Name, ...]
    span: Span


# ---- game settings ----------------------------------------------------------------------------

@attrs.frozen
class Players:
    ranges: tuple[tuple[int, int], ...]
    span: Span

    def counts(self) -> tuple[int, ...]:
        """The counts of the ranges that a table can seat: a range beyond the bound is refused by
        the values pass, and is never expanded here (`players 3..1000000` stays cheap)."""
        out: set[int] = set()
        for lo, hi in self.ranges:
            out.update(range(max(lo, 0), min(hi, MAX_PLAYERS) + 1))
        return tuple(sorted(out))


@attrs.frozen
class StartCoins:
    value: int
    span: Span


@attrs.frozen
class Ages:
    value: int
    span: Span


@attrs.frozen
class Hand:
    value: Expr
    span: Span


@attrs.frozen
class Turns:
    value: Expr
    span: Span


@attrs.frozen
class PassDirections:
    """`pass left, right 2, left`: per age, a direction and how many players away (1 unwritten)."""

    directions: tuple[Name, ...]
    span: Span
    distances: tuple[int, ...] = ()


@attrs.frozen
class StagesScore:
    category: Name
    span: Span


@attrs.frozen
class PoolDraw:
    pool: Name
    count: Expr
    age: int | None  # None: every age
    span: Span


@attrs.frozen
class TieBreak:
    keys: tuple[Name, ...]
    span: Span


@attrs.frozen
class Order:
    """The order of the steps of the effects of one moment: `order end of turn: gain, decide`."""

    moment: Name
    steps: tuple[Name, ...]
    span: Span


@attrs.frozen
class CardZone:
    """`cards count in built`: the zone card counts look at."""

    zone: Name
    span: Span


SettingBody = Union[Players, StartCoins, Ages, Hand, Turns, PassDirections, StagesScore, PoolDraw, TieBreak,
                    Order, CardZone]


@attrs.frozen
class Setting:
    body: SettingBody
    override: bool
    span: Span


@attrs.frozen
class When:
    players: Players
    settings: tuple[Union[Setting, When], ...]
    span: Span


@attrs.frozen
class Game:
    settings: tuple[Union[Setting, When], ...]
    span: Span


@attrs.frozen
class Teams:
    size: int
    span: Span


@attrs.frozen
class Winner:
    mode: str  # team | player
    span: Span


@attrs.frozen
class Option:
    name: Name
    title: Text | None
    items: tuple[object, ...]  # Setting, When, Contest, Zone, Teams, Winner
    span: Span


# ---- scoring ----------------------------------------------------------------------------------

@attrs.frozen
class Category:
    name: Name
    formula: Expr | None
    placement: tuple[str, Name] | None  # ("after" | "before", category)
    override: bool
    span: Span


@attrs.frozen
class Scoring:
    categories: tuple[Category, ...]
    span: Span


# ---- triggers ---------------------------------------------------------------------------------

@attrs.frozen
class Passive:
    span: Span


@attrs.frozen
class OnBuild:
    span: Span


@attrs.frozen
class AtMoment:
    """`end of turn:` (the first such moment after the source is built) or `each end of age:`."""

    moment: Name
    each: bool
    span: Span


@attrs.frozen
class EndOfGame:
    """`end of game:`: at final scoring."""

    span: Span


@attrs.frozen
class Whenever:
    """`whenever SEATS builds [COLOURS] cards [by WAY]`, `... builds a stage`, `... gains T
    tokens`, `... gains coins` (event `coins`), `... wins C`, `... loses C`, `... buys from SELLERS`."""

    event: str  # builds | stages | gains | coins | wins | loses | buys
    seats: tuple[Seat, ...]
    colours: tuple[Name, ...]
    name: Name | None  # the token or the contest
    span: Span
    way: Name | None = None  # builds: only by this way of the action
    sellers: tuple[Seat, ...] = ()  # buys: from whom


Trigger = Union[Passive, OnBuild, AtMoment, EndOfGame, Whenever]


# ---- operations -------------------------------------------------------------------------------

@attrs.frozen
class Countable:
    kind: str  # cards | any_cards | stages | tokens | symbols
    names: tuple[Name, ...]
    span: Span


@attrs.frozen
class Per:
    """`per brown card in self, left, right (including this)`: the amount times a quantity."""

    countable: Countable
    seats: tuple[Seat, ...]
    self_count: str | None  # "including" | "excluding" | None (not stated)
    span: Span


@attrs.frozen
class Produce:
    amount: int
    options: tuple[Name, ...]
    for_sale: bool
    span: Span


@attrs.frozen
class ProduceDerived:
    missing: bool  # True: resources the city does NOT produce through `sources`
    sources: tuple[Name, ...]
    for_sale: bool
    span: Span


@attrs.frozen
class Symbol:
    amount: int
    options: tuple[Name, ...]
    span: Span


@attrs.frozen
class SymbolAny:
    group: Name
    span: Span


@attrs.frozen
class GainCoins:
    targets: tuple[Seat, ...]
    amount: Expr
    per: Per | None
    span: Span


@attrs.frozen
class GainTokens:
    targets: tuple[Seat, ...]
    amount: Expr
    token: Name
    worth: Expr | None
    span: Span
    giver: tuple[Seat, ...] = ()  # `from SEATS`: taken from them, not from the bank


@attrs.frozen
class LoseCoins:
    """`others lose 2 coins or decide pay`: with a decision, each loser decides it (`loss` is the
    coins lost while it is asked); `or take TOKEN` is an old spelling, refused by the checks."""

    targets: tuple[Seat, ...]
    amount: Expr
    per: Per | None
    or_decide: Name | None
    span: Span
    or_take: Name | None = None


@attrs.frozen
class LoseTokens:
    """`lose 1 diplomacy token`: tokens back to the bank."""

    targets: tuple[Seat, ...]
    amount: Expr
    token: Name
    span: Span


@attrs.frozen
class Score:
    amount: Expr
    per: Per | None
    span: Span


@attrs.frozen
class Price:
    """`buy raw from left, right for 1`."""

    resources: tuple[Name, ...]  # resource names or resource classes
    sellers: tuple[Seat, ...]
    price: int
    span: Span


@attrs.frozen
class Rebate:
    """`first purchase from left each turn costs 1 less`."""

    sellers: tuple[Seat, ...]
    amount: int
    span: Span


@attrs.frozen
class Grant:
    """`grant free_build once per age of brown cards`."""

    ability: Name
    period: str  # "" | turn | age | game
    uses: int
    colours: tuple[Name, ...]
    span: Span


@attrs.frozen
class CostChange:
    """`stage costs no resources`, `neighbours recruit costs 1 coin less for red cards`."""

    targets: tuple[Seat, ...]
    action: Name
    what: str  # resources | coins | less | resources less
    amount: int  # for `less` and `resources less`
    colours: tuple[Name, ...]
    span: Span


@attrs.frozen
class StrengthBonus:
    """`military strength + tokens(defeat)`: the owner's strength in a contest changes by an amount
    counted at each contest (`-` takes it away)."""

    contest: Name
    amount: Expr
    span: Span


@attrs.frozen
class Decide:
    """`decide pick`, `decide pick 2 times`."""

    decision: Name
    times: int
    span: Span


@attrs.frozen
class CopyCard:
    count: int
    colours: tuple[Name, ...]
    seats: tuple[Seat, ...]
    span: Span


@attrs.frozen
class CopySymbol:
    count: int
    colours: tuple[Name, ...]
    seats: tuple[Seat, ...]
    span: Span


@attrs.frozen
class Draw:
    """`draw 1 card from pile into hand of controller`."""

    count: Expr
    from_zone: Name
    from_seat: Seat | None
    to_zone: Name
    to_seat: Seat | None
    span: Span


@attrs.frozen
class Transfer:
    """`pay 2 coins to left`, `neighbours pay 1 coin to self`, `give 1 debt token to right`: coins
    (no token) or tokens from the targets (the owner when none is written) to each seat of `to`."""

    targets: tuple[Seat, ...]
    amount: Expr
    per: Per | None
    token: Name | None
    to: tuple[Seat, ...]
    span: Span


@attrs.frozen
class PayCoins(Transfer):
    """`pay 2 coins to left` (`token` is None)."""


@attrs.frozen
class GiveTokens(Transfer):
    """`give 1 debt token to right`."""


@attrs.frozen
class MoveCard:
    """In an action: `move card to built [of SEAT]`."""

    zone: Name
    seat: Seat | None
    span: Span


@attrs.frozen
class BuildStage:
    """In an action: `build stage`."""

    span: Span


Effect = Union[Produce, ProduceDerived, Symbol, SymbolAny, GainCoins, GainTokens, LoseCoins, LoseTokens, Score, Price,
               Rebate, Grant, CostChange, StrengthBonus, Decide, CopyCard, CopySymbol, Draw, MoveCard, BuildStage,
               PayCoins, GiveTokens]


@attrs.frozen
class Hook:
    trigger: Trigger
    condition: Expr | None
    effect: Effect
    span: Span
    once_per: str = ""  # `once per turn|age|game` after a `whenever` trigger (empty: every time)
    once_span: Span | None = None


# ---- phrases ----------------------------------------------------------------------------------

@attrs.frozen
class PhraseDef:
    """`phrase tribute(n) { end of turn: others lose n coins }`: effect lines under a name. The
    body is kept as text (`body`, the braces left out, starting at `body_line`:`body_column` of
    the file): it is read at each use, once its parameters are replaced by the arguments."""

    name: Name
    params: tuple[Name, ...]
    body: str
    body_line: int
    body_column: int
    span: Span


@attrs.frozen
class PhraseArg:
    """An argument of a phrase, as written (`2`, `-1`, `wood`, `"Altar"`)."""

    text: str
    span: Span


@attrs.frozen
class PhraseUse:
    """`tribute(2)`, written where effect lines go: the phrase's lines with `2` for `n`."""

    name: Name
    args: tuple[PhraseArg, ...]
    span: Span


# ---- cards and wonders ------------------------------------------------------------------------

@attrs.frozen
class CostItem:
    amount: int
    resource: Name | None  # None: coins
    span: Span


@attrs.frozen
class Cost:
    items: tuple[CostItem, ...]
    span: Span


@attrs.frozen
class ChainFrom:
    names: tuple[Text, ...]
    span: Span


@attrs.frozen
class ChainTo:
    names: tuple[Text, ...]
    span: Span


@attrs.frozen
class Copies:
    markers: tuple[int, ...]
    span: Span


@attrs.frozen
class Pool:
    name: Name
    span: Span


@attrs.frozen
class Aliases:
    names: tuple[Text, ...]
    span: Span


@attrs.frozen
class CardDeck:
    """`deck leaders`: the card belongs to a deck other than the one dealt by age."""

    name: Name
    span: Span


CardAttr = Union[Cost, ChainFrom, ChainTo, Copies, Pool, Aliases, CardDeck]


@attrs.frozen
class Card:
    name: Text
    age: int
    colour: Name
    attrs: tuple[CardAttr, ...]
    hooks: tuple[Hook, ...]
    replace: bool
    span: Span
    age_span: Span

    def first(self, kind: type[_Clause]) -> Optional[_Clause]:
        for a in self.attrs:
            if isinstance(a, kind):
                return a
        return None


@attrs.frozen
class Stage:
    cost: Cost | None
    hooks: tuple[Hook, ...]
    span: Span


@attrs.frozen
class Wonder:
    """A wonder side: its starting resource (None: it has none), its own effects (`hooks`, held
    from the start of the game) and its stages."""

    name: Text
    title: Text | None
    side: Name
    start: Name | None
    stages: tuple[Stage, ...]
    replace: bool
    span: Span
    hooks: tuple[Hook, ...] = ()


@attrs.frozen
class RemoveCard:
    name: Text
    age: Optional[int]  # None: every age
    span: Span


@attrs.frozen
class ChangeCard:
    """`change card "Loom" age 1: copies 3+ 5+`: attributes of a card a lower layer defines,
    each taking the place of the card's attribute of the same kind (or added when it has none)."""

    name: Text
    age: Optional[int]  # None: every age the card is in
    attrs: tuple[CardAttr, ...]
    span: Span


@attrs.frozen
class RemoveWonder:
    name: Text
    side: Name
    span: Span


@attrs.frozen
class RemoveNamed:
    """`remove contest military`, `remove action sell`: a declaration of a lower layer goes."""

    kind: str  # zone | deal | action | decision | contest
    name: Name
    span: Span


@attrs.frozen
class RemoveSeat:
    name: Text
    span: Span


# The structure of the game, re-exported (see the module docstring).
from wonderrules.grammar.syntax_structure import *  # noqa: E402,F403
from wonderrules.grammar.syntax_structure import (  # noqa: E402
    Action,
    AtBlock,
    Contest,
    Deal,
    Decision,
    ExtendDeal,
    Flow,
    Market,
    NeutralSeat,
    RuleEffects,
    Zone,
)
from wonderrules.grammar.syntax_structure import __all__ as _STRUCTURE  # noqa: E402

__all__ += list(_STRUCTURE)

Item = Union[Resources, Symbols, Tokens, Colours, Abilities, Decks, Game, Scoring, Option, Card, Wonder, RemoveCard,
             ChangeCard, RemoveWonder, RemoveNamed, RemoveSeat, Zone, Deal, ExtendDeal, Action, Decision, Market, Flow,
             AtBlock, Contest, NeutralSeat, RuleEffects, PhraseDef]


@attrs.frozen
class Ruleset:
    """One parsed `.wr` file."""

    path: str
    header: Header
    items: tuple[object, ...]
    span: Span


Node = Union[Ruleset, Hook, Effect, Expr, Setting, When, Name, Text, Seat]
