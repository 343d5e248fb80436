"""The compiled rule set: frozen data that the engine runs.

This is the contract between the front end (``wonderrules.grammar``) and the runtime. It holds
no parser objects and no source text: a compiled rule set saved as JSON (see :mod:`.serial`)
loads and plays without the front end.

Effects form a closed vocabulary. Each effect class declares the quantities it ``reads`` and
``writes``, the ``step`` it belongs to within a hook and the ``timings`` it may have; the
conflict check uses the first two to find order-dependent effects, the engine uses the step to
run a hook's effects in the declared order.

Every field is declared with :func:`.constraints.spec`: its documentation and what a valid value
is (a vocabulary, a kind of declared name, bounds). Compiled JSON is checked against them when it
is loaded (:mod:`.validate`), and the JSON Schema carries them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Union

import attrs

from wonderrules.interpreter import vocabulary as vocab
from wonderrules.interpreter.constraints import spec
from wonderrules.interpreter.vocabulary import SCOPES, TARGET_SCOPES, TIMINGS

__all__ = [
    "TIMINGS", "SCOPES", "TARGET_SCOPES",
    "Num", "Var", "BinOp", "Call", "Expr",
    "Count", "Produce", "ProduceDerived", "Symbol", "GainCoins", "GainTokens", "LoseCoins", "Score",
    "TradePrice", "TradeRebate", "FreeBuild", "PlayLastCard", "FreeStageResources",
    "BuildFromDiscard", "CopyCard", "CopySymbol", "Effect", "EFFECT_TYPES",
    "Hook", "Card", "Stage", "Wonder", "Resource", "SymbolGroup", "Colour", "Category",
    "PoolDraw", "Neutral", "Conflict", "Settings", "Patch", "Option", "RuleSet",
]

_GAINS = ("on_build", "end_of_turn", "each_end_of_turn", "each_end_of_age", "whenever_builds")
_COLOURS = "colour"


def _colours(doc: str, default: Any = attrs.NOTHING) -> Any:
    return spec(default, doc=doc, refers_to=_COLOURS, unique=True)


# ---- expressions ------------------------------------------------------------------------------

@attrs.frozen
class Num:
    """A whole number."""

    value: int = spec(doc="The number.", min=-vocab.MAX_NUMBER, max=vocab.MAX_NUMBER)


@attrs.frozen
class Var:
    """`players`, `seats` or `age`."""

    name: str = spec(doc="The variable.", enum=vocab.VARIABLES, what="variable")


@attrs.frozen
class BinOp:
    """Two expressions combined; `/` is floor division."""

    op: str = spec(doc="The operator: + - * or / (floor division).", enum=vocab.OPERATORS, what="operator")
    left: Expr = spec(doc="The left operand.")
    right: Expr = spec(doc="The right operand.")


@attrs.frozen
class Call:
    """A quantity or function: coins(), value(victory), symbols(shield), squares(science),
    sets(science), tokens(debt), cards(blue, self), stages(self), min(a, b), max(a, b).
    Name arguments are stored as strings in `names`; numeric arguments in `args`."""

    function: str = spec(doc="The function.", enum=tuple(vocab.FUNCTIONS), what="function")
    names: tuple[str, ...] = spec((), doc="Name arguments, of the kinds the function takes, in order.", text=True)
    args: tuple[Expr, ...] = spec((), doc="Expression arguments (of min and max).")


Expr = Union[Num, Var, BinOp, Call]


# ---- effects ----------------------------------------------------------------------------------

@attrs.frozen
class Count:
    """`per <what> in <scopes>`: what to count and where.

    kind: cards (of `names` colours; all colours when empty), stages, tokens (of `names` kinds),
    symbols (of `names`). exclude_self: the card that carries the effect is not counted.
    """

    kind: str = spec(doc="What is counted.", enum=vocab.COUNT_KINDS, what="count kind")
    names: tuple[str, ...] = spec(
        doc="Colours of cards (all when empty), token kinds, or symbols and symbol groups.",
        refers_to={"kind": {"cards": _COLOURS, "tokens": "token", "symbols": "symbol|symbol group",
                            "stages": ""}}, unique=True)
    scopes: tuple[str, ...] = spec(doc="The cities counted in.", enum=vocab.SCOPES, what="scope", unique=True)
    exclude_self: bool = spec(False, doc="The card that carries the effect is not counted.")


@attrs.frozen
class Produce:
    """Produce `amount` units each turn; with several `options` each unit is one of them,
    chosen each time it is used (either/or)."""

    options: tuple[str, ...] = spec(doc="The resources produced; several: one of them per unit.",
                                    refers_to="resource", unique=True, min_items=1)
    amount: int = spec(1, doc="Units produced.", min=1, max=vocab.MAX_UNITS)
    for_sale: bool = spec(True, doc="Neighbours may buy the units.")
    step: ClassVar[str] = "produce"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"production"})


@attrs.frozen
class ProduceDerived:
    """Produce one unit, each turn, of a resource the city produces (or, with `missing`, does not
    produce) through cards of the `sources` colours or its board's starting resource."""

    sources: tuple[str, ...] = spec(doc="Card colours, and `board` for the board's starting resource.",
                                    refers_to=_COLOURS, also=(vocab.BOARD,), unique=True)
    missing: bool = spec(False, doc="A resource the city does not produce that way.")
    for_sale: bool = spec(False, doc="Neighbours may buy the unit.")
    step: ClassVar[str] = "produce"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset({"production"})
    writes: ClassVar[frozenset] = frozenset({"production"})


@attrs.frozen
class Symbol:
    """Show `amount` symbols; several options: one of them, chosen at game end to the owner's
    best score."""

    options: tuple[str, ...] = spec(doc="The symbols; several: one of them, chosen at the end of the game.",
                                    refers_to="symbol", unique=True, min_items=1)
    amount: int = spec(1, doc="Symbols shown.", min=1, max=vocab.MAX_UNITS)
    step: ClassVar[str] = "symbol"
    timings: ClassVar[tuple[str, ...]] = ("passive", "end_of_game")
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"symbols"})


@attrs.frozen
class GainCoins:
    """Each target gains coins from the bank."""

    amount: int = spec(doc="Coins gained (per counted thing with `per`).", min=1, max=vocab.MAX_COINS)
    targets: tuple[str, ...] = spec(("self",), doc="The cities that gain.", enum=vocab.TARGET_SCOPES,
                                    what="target", unique=True)
    per: Count | None = spec(None, doc="What the amount is multiplied by.")
    step: ClassVar[str] = "gain"
    timings: ClassVar[tuple[str, ...]] = _GAINS
    reads: ClassVar[frozenset] = frozenset({"cards", "stages", "tokens"})
    writes: ClassVar[frozenset] = frozenset({"coins+"})


@attrs.frozen
class GainTokens:
    """Each target takes tokens, each worth `worth` points."""

    token: str = spec(doc="The token kind.", refers_to="token")
    amount: int = spec(1, doc="Tokens taken.", min=1, max=vocab.MAX_POINTS)
    worth: int = spec(1, doc="Points each token is worth.", min=-vocab.MAX_POINTS, max=vocab.MAX_POINTS)
    targets: tuple[str, ...] = spec(("self",), doc="The cities that take the tokens.", enum=vocab.TARGET_SCOPES,
                                    what="target", unique=True)
    step: ClassVar[str] = "gain"
    timings: ClassVar[tuple[str, ...]] = _GAINS
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"tokens+"})


@attrs.frozen
class LoseCoins:
    """Each target loses coins to the bank. With `shortfall_token`, each target chooses how many
    of the coins to pay and takes one such token per coin not paid; without it, a target pays
    what it can."""

    amount: int = spec(doc="Coins lost (per counted thing with `per`).", min=1, max=vocab.MAX_COINS)
    targets: tuple[str, ...] = spec(("self",), doc="The cities that lose.", enum=vocab.TARGET_SCOPES,
                                    what="target", unique=True)
    per: Count | None = spec(None, doc="What the amount is multiplied by.")
    shortfall_token: str | None = spec(None, doc="The token taken for each coin not paid.", refers_to="token")
    step: ClassVar[str] = "lose"
    timings: ClassVar[tuple[str, ...]] = _GAINS
    reads: ClassVar[frozenset] = frozenset({"coins", "cards", "stages", "tokens"})
    writes: ClassVar[frozenset] = frozenset({"coins-", "tokens+"})


@attrs.frozen
class Score:
    """Points at game end, into the category of the card's colour (or of wonder stages)."""

    amount: int = spec(doc="Points (per counted thing with `per`).", min=-vocab.MAX_POINTS, max=vocab.MAX_POINTS)
    per: Count | None = spec(None, doc="What the amount is multiplied by.")
    step: ClassVar[str] = "score"
    timings: ClassVar[tuple[str, ...]] = ("end_of_game",)
    reads: ClassVar[frozenset] = frozenset({"cards", "stages", "tokens"})
    writes: ClassVar[frozenset] = frozenset({"points"})


@attrs.frozen
class TradePrice:
    """Buying these resources from these sides costs `price` coins per unit."""

    resources: tuple[str, ...] = spec(doc="The resources.", refers_to="resource", unique=True)
    sides: tuple[str, ...] = spec(doc="The neighbours bought from.", enum=vocab.DIRECTIONS, what="side", unique=True)
    price: int = spec(doc="Coins per unit.", min=0, max=vocab.MAX_PRICE)
    step: ClassVar[str] = "trade"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"prices"})


@attrs.frozen
class TradeRebate:
    """Each turn, the coins paid to each of these sides are `amount` fewer (not below 0) when at
    least one unit is bought there: the first unit bought costs less. Rebates on a side add up."""

    sides: tuple[str, ...] = spec(doc="The neighbours bought from.", enum=vocab.DIRECTIONS, what="side", unique=True)
    amount: int = spec(1, doc="Coins off.", min=1, max=vocab.MAX_PRICE)
    step: ClassVar[str] = "trade"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"prices"})


@attrs.frozen
class FreeBuild:
    """Once per age, build a structure (of these colours, any when empty) without paying."""

    colours: tuple[str, ...] = _colours("The colours that may be built free (any when empty).", ())
    step: ClassVar[str] = "ability"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"abilities"})


@attrs.frozen
class PlayLastCard:
    """The card that would be discarded at the end of each age may be played instead."""

    step: ClassVar[str] = "ability"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"abilities"})


@attrs.frozen
class FreeStageResources:
    """Wonder stages are built without paying their resource cost (coin costs are still paid)."""

    step: ClassVar[str] = "ability"
    timings: ClassVar[tuple[str, ...]] = ("passive",)
    reads: ClassVar[frozenset] = frozenset()
    writes: ClassVar[frozenset] = frozenset({"abilities"})


@attrs.frozen
class BuildFromDiscard:
    """The owner builds `count` card(s) from the discard pile for free (a decision)."""

    count: int = spec(1, doc="Cards built.", min=1, max=vocab.MAX_COUNT)
    step: ClassVar[str] = "build"
    timings: ClassVar[tuple[str, ...]] = ("end_of_turn", "each_end_of_turn", "each_end_of_age")
    reads: ClassVar[frozenset] = frozenset({"discard"})
    writes: ClassVar[frozenset] = frozenset({"cards", "discard"})
    emits: ClassVar[frozenset] = frozenset({"build"})


@attrs.frozen
class CopyCard:
    """At game end, copy `count` card(s) of these colours from these cities, as if built."""

    count: int = spec(doc="Cards copied.", min=1, max=vocab.MAX_COUNT)
    colours: tuple[str, ...] = _colours("The colours that may be copied (any when empty).")
    scopes: tuple[str, ...] = spec(doc="The cities copied from.", enum=vocab.COPY_SCOPES, what="scope", unique=True)
    step: ClassVar[str] = "copy"
    timings: ClassVar[tuple[str, ...]] = ("end_of_game",)
    reads: ClassVar[frozenset] = frozenset({"cards"})
    writes: ClassVar[frozenset] = frozenset({"symbols", "points"})


@attrs.frozen
class CopySymbol:
    """At game end, copy the symbol of `count` different card(s) of these colours from these
    cities; a given card is copied at most once per city."""

    count: int = spec(doc="Cards whose symbols are copied.", min=1, max=vocab.MAX_COUNT)
    colours: tuple[str, ...] = _colours("The colours that may be copied (any when empty).")
    scopes: tuple[str, ...] = spec(doc="The cities copied from.", enum=vocab.COPY_SCOPES, what="scope", unique=True)
    step: ClassVar[str] = "copy"
    timings: ClassVar[tuple[str, ...]] = ("end_of_game",)
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
    """An effect and when it happens."""

    timing: str = spec(doc="When the effect happens.", enum=vocab.TIMINGS, what="timing")
    effect: Effect = spec(doc="What happens.")
    #: for whenever_builds: whose builds (scopes) and which colours (all when empty)
    scopes: tuple[str, ...] = spec((), doc="For whenever_builds: the cities whose builds count.",
                                   enum=vocab.TARGET_SCOPES, what="scope", unique=True)
    colours: tuple[str, ...] = _colours("For whenever_builds: the colours that count (all when empty).", ())


# ---- definitions ------------------------------------------------------------------------------

@attrs.frozen
class Resource:
    """A resource, and its class (what trading discounts may name)."""

    name: str = spec(doc="The resource.", declares="resource", once=True)
    resource_class: str = spec(doc="Its class.", declares="resource class")


@attrs.frozen
class SymbolGroup:
    """Symbols scored together."""

    name: str = spec(doc="The group.", declares="symbol group", once=True)
    members: tuple[str, ...] = spec(doc="Its symbols (each symbol belongs to one group).", declares="symbol",
                                    once=True)


@attrs.frozen
class Colour:
    """A colour of cards, and the score category its points go to."""

    name: str = spec(doc="The colour.", declares=_COLOURS, once=True)
    category: str | None = spec(None, doc="The score category of its cards' points.", refers_to="category")


@attrs.frozen
class Category:
    """A column of the score sheet: card and stage points, plus a formula if any."""

    name: str = spec(doc="The column.", declares="category", once=True)
    formula: Expr | None = spec(None, doc="Points computed at the end of the game.", expression="quantity")


@attrs.frozen
class Card:
    """A card kind: what it costs, what it does, how many copies are dealt."""

    name: str = spec(doc="The card's name.", declares="card")
    age: int = spec(doc="The age whose deck holds it.", min=1, max=vocab.MAX_AGES)
    colour: str = spec(doc="Its colour.", refers_to=_COLOURS)
    coins: int = spec(0, doc="Coins it costs.", min=0, max=vocab.MAX_COINS)
    cost: tuple[tuple[str, int], ...] = spec(
        (), doc="Resources it costs: [resource, units] pairs.",
        parts=({"refers_to": "resource"}, {"min": 1, "max": vocab.MAX_UNITS, "what": "units"}))
    chains_from: tuple[str, ...] = spec((), doc="Cards that let it be built free.", refers_to="card", unique=True)
    chains_to: tuple[str, ...] = spec((), doc="Cards it lets be built free.", refers_to="card", unique=True)
    #: printed player-count markers: a card marked 3+ 5+ has 1 copy at 3-4 players, 2 at 5+
    copies: tuple[int, ...] = spec((), doc="Player-count markers: one copy from each count on.", min=1,
                                   max=vocab.MAX_SEATS, max_items=vocab.MAX_SEATS, what="marker")
    #: cards in a pool are not dealt by copies; a pool draw picks some of them at random
    pool: str | None = spec(None, doc="The pool it is drawn from (then it has no copies).", declares="pool")
    hooks: tuple[Hook, ...] = spec((), doc="Its effects.")
    aliases: tuple[str, ...] = spec((), doc="Other names for the card (game logs, scenario setups).",
                                    text=True, unique=True)
    layer: str = spec("", doc="The layer that declared it.", text=True)

    def copies_for(self, seats: int) -> int:
        return sum(1 for m in self.copies if m <= seats)


@attrs.frozen
class Stage:
    """A stage of a wonder board."""

    coins: int = spec(0, doc="Coins it costs.", min=0, max=vocab.MAX_COINS)
    cost: tuple[tuple[str, int], ...] = spec(
        (), doc="Resources it costs: [resource, units] pairs.",
        parts=({"refers_to": "resource"}, {"min": 1, "max": vocab.MAX_UNITS, "what": "units"}))
    hooks: tuple[Hook, ...] = spec((), doc="Its effects.")


@attrs.frozen
class Wonder:
    """One side of a wonder board."""

    name: str = spec(doc="The wonder.", text=True)
    side: str = spec(doc="The side (A, B).", text=True)
    start: str = spec(doc="The resource the board produces.", refers_to="resource")
    stages: tuple[Stage, ...] = spec(doc="Its stages, in the order they are built.")
    title: str = spec("", doc="A title to show.", text=True)
    layer: str = spec("", doc="The layer that declared it.", text=True)


@attrs.frozen
class PoolDraw:
    """Add `count` cards drawn at random from `pool` (cards of that age) to an age's deck."""

    pool: str = spec(doc="The pool.", refers_to="pool")
    count: Expr = spec(doc="Cards drawn (may use players, seats and age).", expression="draw")
    age: int | None = spec(None, doc="The age (every age when null).", min=1, max=vocab.MAX_AGES)


@attrs.frozen
class Neutral:
    """A seat that no player owns; each turn the player holding its marker plays for it.

    The marker starts each age with the player on the given side of the neutral seat and travels
    with that player's hand when hands pass."""

    name: str = spec(doc="The seat's name.", text=True)
    dealt_pile: bool = spec(False, doc="It is dealt a pile each age.")
    control_starts: tuple[str, ...] = spec(("left",), doc="By age (the last repeats): the side whose player "
                                           "holds the marker first.", enum=vocab.DIRECTIONS, what="side",
                                           min_items=1, max_items=vocab.MAX_AGES)
    draws_per_turn: int = spec(0, doc="Cards the marker's holder draws from the pile each turn.", min=0,
                               max=vocab.MAX_HAND)
    must_chain: bool = spec(False, doc="It builds by chain when it can.")
    #: no card may be sold for it while some card of the hand it is played from (what the
    #: controller holds after their own pick) can be built or used for its next stage
    sells_only_when_hand_unplayable: bool = spec(
        False, doc="It is given a card to sell only when no card of the hand it plays from can be built or "
                   "used for a stage.")
    never_wins: bool = spec(False, doc="It is left out of the ranking.")


@attrs.frozen
class Conflict:
    """A comparison of `strength` between pairs of cities at the end of each age."""

    name: str = spec(doc="The conflict (an option's conflict of the same name replaces it).", text=True)
    strength: Expr = spec(doc="Each city's strength.", expression="quantity")
    win_token: str = spec(doc="The token the stronger city takes.", refers_to="token")
    win_worth: tuple[int, ...] = spec(doc="By age (the last repeats): points of a win token.",
                                      min=-vocab.MAX_POINTS, max=vocab.MAX_POINTS, what="worth",
                                      min_items=1, max_items=vocab.MAX_AGES)
    lose_token: str = spec(doc="The token the weaker city takes.", refers_to="token")
    lose_worth: int = spec(doc="Points of a lose token.", min=-vocab.MAX_POINTS, max=vocab.MAX_POINTS)
    #: holders of this token sit the conflict out and spend `sit_out_spend` of it
    sit_out_token: str | None = spec(None, doc="Holders of this token sit the conflict out.", refers_to="token")
    sit_out_spend: int = spec(1, doc="Sit-out tokens spent.", min=0, max=vocab.MAX_POINTS)
    except_partners: bool = spec(False, doc="Partners never fight each other.")
    tokens_per_result: int = spec(1, doc="Tokens taken per result.", min=1, max=vocab.MAX_POINTS)
    #: holders of this token fight for `reduced_tokens` tokens and spend `reduced_spend` of it
    reduced_token: str | None = spec(None, doc="Holders of this token fight for fewer tokens.", refers_to="token")
    reduced_tokens: int = spec(1, doc="Tokens taken per result when a holder fights.", min=1, max=vocab.MAX_POINTS)
    reduced_spend: int = spec(1, doc="Reducing tokens spent.", min=0, max=vocab.MAX_POINTS)


@attrs.frozen
class Settings:
    """Game-structure values. Expressions may use `players` and `seats` (players plus neutral
    seats)."""

    players: tuple[int, ...] = spec((), doc="The player counts the rule set seats.", min=1, max=vocab.MAX_PLAYERS,
                                    unique=True, what="player count")
    start_coins: int = spec(0, doc="Coins each city starts with.", min=0, max=vocab.MAX_COINS)
    ages: int = spec(0, doc="Ages in a game.", min=0, max=vocab.MAX_AGES)
    hand: Expr = spec(Num(0), doc="Cards in a hand.", expression="setting")
    turns: Expr = spec(Num(0), doc="Turns in an age.", expression="setting")
    pass_directions: tuple[str, ...] = spec((), doc="By age (repeating): where hands pass.", enum=vocab.DIRECTIONS,
                                            what="pass direction", max_items=vocab.MAX_AGES)
    sell_coins: int = spec(0, doc="Coins for selling a card.", min=0, max=vocab.MAX_COINS)
    trade_price: int = spec(0, doc="Coins per unit bought from a neighbour.", min=0, max=vocab.MAX_PRICE)
    #: what neighbours may buy from: "board" (starting resource) and card colours
    neighbours_sell: tuple[str, ...] = spec((), doc="What neighbours may buy from: card colours, and `board`.",
                                            refers_to=_COLOURS, also=(vocab.BOARD,), unique=True)
    stages_category: str = spec("", doc="The score category of stage points (none when empty).",
                                refers_to="category", also=("",))
    pool_draws: tuple[PoolDraw, ...] = spec((), doc="Cards drawn from pools into the decks.")
    tie_break: tuple[str, ...] = spec((), doc="What breaks a tie of totals, in order.", enum=vocab.TIE_BREAKS,
                                      what="tie break", unique=True)
    #: step order within a timing: {"end_of_turn": ("gain", "build", "lose")}
    order: tuple[tuple[str, tuple[str, ...]], ...] = spec(
        (), doc="[moment, [step, ...]] pairs: the order of the steps of a moment.",
        parts=({"enum": vocab.ORDERED_MOMENTS, "what": "ordered moment"},
               {"enum": vocab.ORDER_STEPS, "what": "step", "unique": True}))
    neutrals: tuple[Neutral, ...] = spec((), doc="Neutral seats.", max_items=vocab.MAX_NEUTRALS, unique_by=("name",))


@attrs.frozen
class Patch:
    """Setting values that replace the base ones when the player count is in `players` (every
    count when empty). Only the fields named in `fields` are taken from `values`; pool draws
    replace the draw of the same pool, neutral seats the seat of the same name."""

    players: tuple[int, ...] = spec(doc="The player counts it applies to (every count when empty).", min=1,
                                    max=vocab.MAX_PLAYERS, unique=True, what="player count")
    fields: tuple[str, ...] = spec(doc="The settings it replaces.", enum=tuple(f.name for f in attrs.fields(Settings)),
                                   what="setting", unique=True)
    values: Settings = spec(doc="The new values (only the listed fields are read).")


@attrs.frozen
class Option:
    """A variant a table may choose."""

    name: str = spec(doc="The option's name.", text=True)
    title: str = spec("", doc="A title to show.", text=True)
    players: tuple[int, ...] = spec((), doc="The player counts it allows (any when empty).", min=1,
                                    max=vocab.MAX_PLAYERS, unique=True, what="player count")
    team_size: int = spec(0, doc="Seats per team (no teams when 0).", min=0, max=vocab.MAX_PLAYERS)
    winner: str = spec("player", doc="Who wins: the best player or the best team.", enum=vocab.WINNER_MODES,
                       what="winner mode")
    patches: tuple[Patch, ...] = spec((), doc="Setting values it changes.")
    conflicts: tuple[Conflict, ...] = spec((), doc="Conflicts it adds or replaces.", unique_by=("name",))


@attrs.frozen
class RuleSet:
    """A whole compiled rule set."""

    name: str = spec(doc="The rule set's name (its last layer).", text=True)
    title: str = spec(doc="A title to show.", text=True)
    layers: tuple[str, ...] = spec(doc="The layers compiled into it, in order.", text=True)
    resources: tuple[Resource, ...] = spec(doc="The resources.")
    symbol_groups: tuple[SymbolGroup, ...] = spec(doc="The symbols, by group.")
    tokens: tuple[str, ...] = spec(doc="The token kinds.", declares="token", once=True)
    colours: tuple[Colour, ...] = spec(doc="The card colours.")
    categories: tuple[Category, ...] = spec(doc="The score sheet's columns, in order.")
    settings: Settings = spec(doc="The game structure.")
    patches: tuple[Patch, ...] = spec(doc="Setting values for some player counts.")
    conflicts: tuple[Conflict, ...] = spec(doc="Conflicts at the end of each age.", unique_by=("name",))
    cards: tuple[Card, ...] = spec(doc="The cards.", unique_by=("name", "age"))
    wonders: tuple[Wonder, ...] = spec(doc="The wonder boards, one entry per side.", unique_by=("name", "side"))
    options: tuple[Option, ...] = spec((), doc="Variants a table may choose.", max_items=vocab.MAX_OPTIONS,
                                       unique_by=("name",))
    format: int = spec(vocab.FORMAT_VERSION, doc="The version of the compiled format.", enum=(vocab.FORMAT_VERSION,),
                       what="format")

    def card(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)
