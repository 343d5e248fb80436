"""The compiled rule set: frozen data that the engine runs.

This is the contract between the front end (``wonderrules.grammar``) and the runtime. It holds
no parser objects and no source text: a compiled rule set saved as JSON (see :mod:`.serial`)
loads and plays without the front end.

Effects form a closed vocabulary. Each effect class declares the quantities it ``reads`` and
``writes`` and the ``step`` it belongs to within a hook; the conflict check uses them to find
order-dependent effects, the engine uses the step to run a hook's effects in the declared order.
"""

from __future__ import annotations

from typing import ClassVar, Union

import attrs

__all__ = [
    "TIMINGS", "SCOPES", "TARGET_SCOPES",
    "Num", "Var", "BinOp", "Call", "Expr",
    "Count", "Produce", "ProduceDerived", "Symbol", "GainCoins", "GainTokens", "LoseCoins", "Score",
    "TradePrice", "TradeRebate", "FreeBuild", "PlayLastCard", "FreeStageResources",
    "BuildFromDiscard", "CopyCard", "CopySymbol", "Effect", "EFFECT_TYPES",
    "Hook", "Card", "Stage", "Wonder", "Resource", "SymbolGroup", "Colour", "Category",
    "PoolDraw", "Neutral", "Conflict", "Settings", "Patch", "Option", "RuleSet",
]

#: When a hook fires.
#: passive: while the card is in the city; on_build: once, when it is built;
#: end_of_turn: once, at the end of the turn it was built; each_end_of_turn / each_end_of_age:
#: repeatedly from then on; end_of_game: at final scoring; whenever_builds: each time a city in
#: the hook's scopes builds a matching card.
TIMINGS = ("passive", "on_build", "end_of_turn", "each_end_of_turn", "each_end_of_age",
           "end_of_game", "whenever_builds")

#: Cities an effect can count in or act on, relative to the owner.
SCOPES = ("self", "left", "right", "neighbours", "others", "everyone", "partner", "their city")
#: Scopes that may receive an effect (`their city` only exists for counting).
TARGET_SCOPES = SCOPES[:-1]


# ---- expressions ------------------------------------------------------------------------------

@attrs.frozen
class Num:
    value: int


@attrs.frozen
class Var:
    """`players`, `seats` or `age`."""

    name: str


@attrs.frozen
class BinOp:
    op: str  # + - * / (floor division)
    left: Expr
    right: Expr


@attrs.frozen
class Call:
    """A quantity or function: coins(), value(victory), symbols(shield), squares(science),
    sets(science), tokens(debt), cards(blue, self), stages(self), min(a, b), max(a, b).
    Name arguments are stored as strings in `names`; numeric arguments in `args`."""

    function: str
    names: tuple[str, ...] = ()
    args: tuple[Expr, ...] = ()


Expr = Union[Num, Var, BinOp, Call]


# ---- effects ----------------------------------------------------------------------------------

@attrs.frozen
class Count:
    """`per <what> in <scopes>`: what to count and where.

    kind: cards (of `names` colours; all colours when empty), stages, tokens (of `names` kinds),
    symbols (of `names`). exclude_self: the card that carries the effect is not counted.
    """

    kind: str
    names: tuple[str, ...]
    scopes: tuple[str, ...]
    exclude_self: bool = False


@attrs.frozen
class Produce:
    """Produce `amount` units each turn; with several `options` each unit is one of them,
    chosen each time it is used (either/or)."""

    options: tuple[str, ...]
    amount: int = 1
    for_sale: bool = True
    step: ClassVar[str] = "produce"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"production"})


@attrs.frozen
class ProduceDerived:
    """Produce one unit, each turn, of a resource the city produces (or, with `missing`, does not
    produce) through cards of the `sources` colours or its board's starting resource."""

    sources: tuple[str, ...]
    missing: bool = False
    for_sale: bool = False
    step: ClassVar[str] = "produce"
    reads: ClassVar[frozenset] = frozenset({"production"})
    writes: ClassVar[frozenset] = frozenset({"production"})


@attrs.frozen
class Symbol:
    """Show `amount` symbols; several options: one of them, chosen at game end to the owner's
    best score."""

    options: tuple[str, ...]
    amount: int = 1
    step: ClassVar[str] = "symbol"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"symbols"})


@attrs.frozen
class GainCoins:
    amount: int
    targets: tuple[str, ...] = ("self",)
    per: Count | None = None
    step: ClassVar[str] = "gain"
    reads: ClassVar[frozenset] = frozenset({"cards", "stages", "tokens"})
    writes: ClassVar[frozenset] = frozenset({"coins+"})


@attrs.frozen
class GainTokens:
    token: str
    amount: int = 1
    worth: int = 1
    targets: tuple[str, ...] = ("self",)
    step: ClassVar[str] = "gain"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"tokens+"})


@attrs.frozen
class LoseCoins:
    """Each target loses coins to the bank. With `shortfall_token`, each target chooses how many
    of the coins to pay and takes one such token per coin not paid; without it, a target pays
    what it can."""

    amount: int
    targets: tuple[str, ...] = ("self",)
    per: Count | None = None
    shortfall_token: str | None = None
    step: ClassVar[str] = "lose"
    reads: ClassVar[frozenset] = frozenset({"coins", "cards", "stages", "tokens"})
    writes: ClassVar[frozenset] = frozenset({"coins-", "tokens+"})


@attrs.frozen
class Score:
    """Points at game end, into the category of the card's colour (or of wonder stages)."""

    amount: int
    per: Count | None = None
    step: ClassVar[str] = "score"
    reads: ClassVar[frozenset] = frozenset({"cards", "stages", "tokens"})
    writes: ClassVar[frozenset] = frozenset({"points"})


@attrs.frozen
class TradePrice:
    """Buying these resources from these sides costs `price` coins per unit."""

    resources: tuple[str, ...]
    sides: tuple[str, ...]
    price: int
    step: ClassVar[str] = "trade"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"prices"})


@attrs.frozen
class TradeRebate:
    """Each turn, the coins paid to each of these sides are `amount` fewer (not below 0) when at
    least one unit is bought there: the first unit bought costs less. Rebates on a side add up."""

    sides: tuple[str, ...]
    amount: int = 1
    step: ClassVar[str] = "trade"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"prices"})


@attrs.frozen
class FreeBuild:
    """Once per age, build a structure (of these colours, any when empty) without paying."""

    colours: tuple[str, ...] = ()
    step: ClassVar[str] = "ability"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"abilities"})


@attrs.frozen
class PlayLastCard:
    """The card that would be discarded at the end of each age may be played instead."""

    step: ClassVar[str] = "ability"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"abilities"})


@attrs.frozen
class FreeStageResources:
    """Wonder stages are built without paying their resource cost (coin costs are still paid)."""

    step: ClassVar[str] = "ability"
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"abilities"})


@attrs.frozen
class BuildFromDiscard:
    """The owner builds `count` card(s) from the discard pile for free (a decision)."""

    count: int = 1
    step: ClassVar[str] = "build"
    reads: ClassVar[frozenset] = frozenset({"discard"})
    writes: ClassVar[frozenset] = frozenset({"cards", "discard"})
    emits: ClassVar[frozenset] = frozenset({"build"})


@attrs.frozen
class CopyCard:
    """At game end, copy `count` card(s) of these colours from these cities, as if built."""

    count: int
    colours: tuple[str, ...]
    scopes: tuple[str, ...]
    step: ClassVar[str] = "copy"
    reads: ClassVar[frozenset] = frozenset({"cards"})
    writes: ClassVar[frozenset] = frozenset({"symbols", "points"})


@attrs.frozen
class CopySymbol:
    """At game end, copy the symbol of `count` different card(s) of these colours from these
    cities; a given card is copied at most once per city."""

    count: int
    colours: tuple[str, ...]
    scopes: tuple[str, ...]
    step: ClassVar[str] = "copy"
    reads: ClassVar[frozenset] = frozenset({"cards"})
    writes: ClassVar[frozenset] = frozenset({"symbols"})


Effect = Union[Produce, ProduceDerived, Symbol, GainCoins, GainTokens, LoseCoins, Score, TradePrice,
               TradeRebate, FreeBuild, PlayLastCard, FreeStageResources, BuildFromDiscard, CopyCard,
               CopySymbol]
EFFECT_TYPES: tuple[type, ...] = (Produce, ProduceDerived, Symbol, GainCoins, GainTokens, LoseCoins,
                                  Score, TradePrice, TradeRebate, FreeBuild, PlayLastCard,
                                  FreeStageResources, BuildFromDiscard, CopyCard, CopySymbol)


@attrs.frozen
class Hook:
    timing: str
    effect: Effect
    #: for whenever_builds: whose builds (scopes) and which colours (all when empty)
    scopes: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()


# ---- definitions ------------------------------------------------------------------------------

@attrs.frozen
class Resource:
    name: str
    resource_class: str


@attrs.frozen
class SymbolGroup:
    name: str
    members: tuple[str, ...]


@attrs.frozen
class Colour:
    name: str
    category: str | None = None


@attrs.frozen
class Category:
    name: str
    formula: Expr | None = None


@attrs.frozen
class Card:
    name: str
    age: int
    colour: str
    coins: int = 0
    cost: tuple[tuple[str, int], ...] = ()
    chains_from: tuple[str, ...] = ()
    chains_to: tuple[str, ...] = ()
    #: printed player-count markers: a card marked 3+ 5+ has 1 copy at 3-4 players, 2 at 5+
    copies: tuple[int, ...] = ()
    #: cards in a pool are not dealt by copies; a pool draw picks some of them at random
    pool: str | None = None
    hooks: tuple[Hook, ...] = ()
    aliases: tuple[str, ...] = ()
    layer: str = ""

    def copies_for(self, seats: int) -> int:
        return sum(1 for m in self.copies if m <= seats)


@attrs.frozen
class Stage:
    coins: int = 0
    cost: tuple[tuple[str, int], ...] = ()
    hooks: tuple[Hook, ...] = ()


@attrs.frozen
class Wonder:
    name: str
    side: str
    start: str
    stages: tuple[Stage, ...]
    title: str = ""
    layer: str = ""


@attrs.frozen
class PoolDraw:
    """Add `count` cards drawn at random from `pool` (cards of that age) to an age's deck."""

    pool: str
    count: Expr
    age: int | None = None  # None: every age


@attrs.frozen
class Neutral:
    """A seat that no player owns; each turn the player holding its marker plays for it.

    The marker starts each age with the player on the given side of the neutral seat and travels
    with that player's hand when hands pass."""

    name: str
    dealt_pile: bool = False
    control_starts: tuple[str, ...] = ("left",)
    draws_per_turn: int = 0
    must_chain: bool = False
    #: no card may be sold for it while some card of the hand it is played from (what the
    #: controller holds after their own pick) can be built or used for its next stage
    sells_only_when_hand_unplayable: bool = False
    never_wins: bool = False


@attrs.frozen
class Conflict:
    """A comparison of `strength` between pairs of cities at the end of each age."""

    name: str
    strength: Expr
    win_token: str
    win_worth: tuple[int, ...]  # by age; the last value repeats
    lose_token: str
    lose_worth: int
    #: holders of this token sit the conflict out and spend `sit_out_spend` of it
    sit_out_token: str | None = None
    sit_out_spend: int = 1
    except_partners: bool = False
    tokens_per_result: int = 1
    #: holders of this token fight for `reduced_tokens` tokens and spend `reduced_spend` of it
    reduced_token: str | None = None
    reduced_tokens: int = 1
    reduced_spend: int = 1


@attrs.frozen
class Settings:
    """Game-structure values. Expressions may use `players` and `seats` (players plus neutral
    seats)."""

    players: tuple[int, ...] = ()
    start_coins: int = 0
    ages: int = 0
    hand: Expr = Num(0)
    turns: Expr = Num(0)
    pass_directions: tuple[str, ...] = ()
    sell_coins: int = 0
    trade_price: int = 0
    #: what neighbours may buy from: "board" (starting resource) and card colours
    neighbours_sell: tuple[str, ...] = ()
    stages_category: str = ""
    pool_draws: tuple[PoolDraw, ...] = ()
    tie_break: tuple[str, ...] = ()
    #: step order within a timing: {"end_of_turn": ("gain", "build", "lose")}
    order: tuple[tuple[str, tuple[str, ...]], ...] = ()
    neutrals: tuple[Neutral, ...] = ()


@attrs.frozen
class Patch:
    """Setting values that replace the base ones when the player count is in `players` (every
    count when empty). Only the fields named in `fields` are taken from `values`; pool draws
    replace the draw of the same pool, neutral seats the seat of the same name."""

    players: tuple[int, ...]
    fields: tuple[str, ...]
    values: Settings


@attrs.frozen
class Option:
    name: str
    title: str = ""
    players: tuple[int, ...] = ()
    team_size: int = 0
    winner: str = "player"
    patches: tuple[Patch, ...] = ()
    conflicts: tuple[Conflict, ...] = ()


@attrs.frozen
class RuleSet:
    name: str
    title: str
    layers: tuple[str, ...]
    resources: tuple[Resource, ...]
    symbol_groups: tuple[SymbolGroup, ...]
    tokens: tuple[str, ...]
    colours: tuple[Colour, ...]
    categories: tuple[Category, ...]
    settings: Settings
    patches: tuple[Patch, ...]
    conflicts: tuple[Conflict, ...]
    cards: tuple[Card, ...]
    wonders: tuple[Wonder, ...]
    options: tuple[Option, ...] = ()
    format: int = 1

    def card(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)
