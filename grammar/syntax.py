"""The typed syntax tree of a `.wr` file.

Every node is frozen and carries the :class:`Span` of the text it came from, so that every
diagnostic can point at the exact place a designer wrote. Node names mirror the grammar rules
in ``wr.lark``; ``build.py`` is the only code that creates them from parse trees.
"""

from __future__ import annotations

from typing import Optional, Union

import attrs

from wonderrules.grammar.diagnostics import Span
from wonderrules.interpreter.vocabulary import MAX_PLAYERS

__all__ = [
    "Span", "Name", "Text", "Node",
    "Ruleset", "Header", "Resources", "Symbols", "Tokens", "Colour", "Colours",
    "Game", "Setting", "When", "Players", "StartCoins", "Ages", "Hand", "Turns", "PassDirections",
    "Sell", "TradePrice", "NeighboursSell", "StagesScore", "PoolDraw", "TieBreak", "Order",
    "Neutral", "NeutralClause", "Option", "Teams", "Winner",
    "Scoring", "Category", "Conflict", "ConflictClause",
    "Card", "Cost", "CostItem", "ChainFrom", "ChainTo", "Copies", "Pool", "Aliases",
    "Wonder", "Stage", "RemoveCard", "RemoveWonder",
    "Hook", "Timing", "Per", "Countable",
    "Produce", "ProduceDerived", "Symbol", "SymbolAny", "GainCoins", "GainTokens", "LoseCoins",
    "Score", "TradePriceEffect", "TradeRebate", "FreeBuild", "PlayLastCard",
    "FreeStageResources", "BuildFromDiscard", "CopyCard", "CopySymbol", "Effect",
    "Number", "Neg", "BinOp", "NameRef", "Call", "Expr",
]


@attrs.frozen
class Name:
    """A bare identifier (`wood`, `blue`, `left`) with its position."""

    text: str
    span: Span


@attrs.frozen
class Text:
    """A quoted name (`"Lumber Yard"`) without its quotes, with its position."""

    text: str
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
    op: str  # one of + - * /
    left: Expr
    right: Expr
    span: Span


@attrs.frozen
class NameRef:
    name: Name
    span: Span


@attrs.frozen
class Call:
    function: Name
    args: tuple[Expr, ...]
    span: Span


Expr = Union[Number, Neg, BinOp, NameRef, Call]


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
    directions: tuple[Name, ...]
    span: Span


@attrs.frozen
class Sell:
    coins: int
    span: Span


@attrs.frozen
class TradePrice:
    coins: int
    span: Span


@attrs.frozen
class NeighboursSell:
    sources: tuple[Name, ...]
    span: Span


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
class Timing:
    """When a hook fires. `kind` is one of the IR timing names; `whenever` carries a filter."""

    kind: str
    scopes: tuple[Name, ...] = ()
    colours: tuple[Name, ...] = ()
    span: Span = attrs.field(default=None)


@attrs.frozen
class Order:
    timing: Timing
    steps: tuple[Name, ...]
    span: Span


@attrs.frozen
class NeutralClause:
    #: dealt_pile | control_starts | controller_draws | must_chain | sells_only_when_hand_unplayable |
    #: never_wins
    kind: str
    values: tuple[Union[Name, int], ...]
    span: Span


@attrs.frozen
class Neutral:
    name: Text
    clauses: tuple[NeutralClause, ...]
    span: Span


SettingBody = Union[Players, StartCoins, Ages, Hand, Turns, PassDirections, Sell, TradePrice,
                    NeighboursSell, StagesScore, PoolDraw, TieBreak, Order, Neutral]


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
    items: tuple[Union[Setting, When, Conflict, Teams, Winner], ...]
    span: Span


# ---- scoring and conflicts --------------------------------------------------------------------

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


@attrs.frozen
class ConflictClause:
    """One clause of a conflict block; `kind` is the grammar rule name."""

    kind: str  # strength | sit_out | pairs | token_count | reduced_tokens | win | lose
    expr: Expr | None = None
    token: Name | None = None
    numbers: tuple[int, ...] = ()
    flag: bool = False
    span: Span = attrs.field(default=None)


@attrs.frozen
class Conflict:
    name: Name
    clauses: tuple[ConflictClause, ...]
    override: bool
    span: Span


# ---- effects ----------------------------------------------------------------------------------

@attrs.frozen
class Countable:
    kind: str  # cards | any_cards | stages | tokens | symbols
    names: tuple[Name, ...]
    span: Span


@attrs.frozen
class Per:
    countable: Countable
    scopes: tuple[Name, ...]
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
    targets: tuple[Name, ...]
    amount: int
    per: Per | None
    span: Span


@attrs.frozen
class GainTokens:
    targets: tuple[Name, ...]
    amount: int
    token: Name
    worth: int | None
    span: Span


@attrs.frozen
class LoseCoins:
    targets: tuple[Name, ...]
    amount: int
    per: Per | None
    or_take: Name | None
    span: Span


@attrs.frozen
class Score:
    amount: int
    per: Per | None
    span: Span


@attrs.frozen
class TradePriceEffect:
    resources: tuple[Name, ...]  # resource names or resource classes
    sides: tuple[Name, ...]
    price: int
    span: Span


@attrs.frozen
class TradeRebate:
    sides: tuple[Name, ...]
    amount: int
    span: Span


@attrs.frozen
class FreeBuild:
    colours: tuple[Name, ...]
    span: Span


@attrs.frozen
class PlayLastCard:
    span: Span


@attrs.frozen
class FreeStageResources:
    span: Span


@attrs.frozen
class BuildFromDiscard:
    count: int
    span: Span


@attrs.frozen
class CopyCard:
    count: int
    colours: tuple[Name, ...]
    scopes: tuple[Name, ...]
    span: Span


@attrs.frozen
class CopySymbol:
    count: int
    colours: tuple[Name, ...]
    scopes: tuple[Name, ...]
    span: Span


Effect = Union[Produce, ProduceDerived, Symbol, SymbolAny, GainCoins, GainTokens, LoseCoins, Score,
               TradePriceEffect, TradeRebate, FreeBuild, PlayLastCard, FreeStageResources,
               BuildFromDiscard, CopyCard, CopySymbol]


@attrs.frozen
class Hook:
    timing: Timing
    effect: Effect
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


CardAttr = Union[Cost, ChainFrom, ChainTo, Copies, Pool, Aliases]


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

    def first(self, kind: type) -> CardAttr | None:
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
    name: Text
    title: Text | None
    side: Name
    start: Name
    stages: tuple[Stage, ...]
    replace: bool
    span: Span


@attrs.frozen
class RemoveCard:
    name: Text
    age: Optional[int]  # None: every age
    span: Span


@attrs.frozen
class RemoveWonder:
    name: Text
    side: Name
    span: Span


Item = Union[Resources, Symbols, Tokens, Colours, Game, Scoring, Conflict, Option, Card, Wonder,
             RemoveCard, RemoveWonder]


@attrs.frozen
class Ruleset:
    """One parsed `.wr` file."""

    path: str
    header: Header
    items: tuple[Item, ...]
    span: Span


Node = Union[Ruleset, Item, Hook, Effect, Expr, Setting, When, Name, Text]
