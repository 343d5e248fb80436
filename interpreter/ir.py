"""The compiled rule set on the generic core: frozen data that the engine runs.

A rule set declares a game entirely: its vocabulary (resources, symbols, tokens, colours and
score columns), where cards are (zones), how they are dealt (deals), what a player may do
(action kinds, gathered into decisions), in what order things happen (the flow, its rounds and
its moments), who trades with whom (the market), who fights whom (contests), the seats without a
player (neutral seats), every card and wonder board with its effects, and the effects of the rule
set itself, held by every player. An effect (a hook) is a trigger, an optional condition and one
core operation whose amounts are expressions.

The engine knows only these primitives. It names no card, wonder, resource or mechanic of any
game: 7 Wonders lives in `rulesets/*.wr`, which the front end lowers into these classes.

Every class is frozen; every field declares its meaning and constraints with :func:`spec`, which
the validator of compiled JSON and the JSON Schema read. Nodes that come from text carry a
:class:`Origin` (file, line, column) so that checks and runtime errors point at the text.
"""

from __future__ import annotations

import functools
from typing import Any, Optional, Union

import attrs

from wonderrules.interpreter import words as w
from wonderrules.interpreter.constraints import spec

# ---- where things come from ---------------------------------------------------------------------


@attrs.frozen
class Origin:
    """Where a node was written: a file and the line and column of its first character."""

    path: str = spec(doc="The file, as the front end named it.", text=True)
    line: int = spec(doc="Line, from 1.", min=1, max=10_000_000)
    column: int = spec(doc="Column, from 1.", min=1, max=10_000_000)


def _origin() -> Any:
    return spec(None, doc="Where this was written (absent in rule sets written by other tools).")


# ---- seats ------------------------------------------------------------------------------------


@attrs.frozen
class Relation:
    """Seats seen from one seat (the subject): itself, its neighbours at some distance, the others,
    everyone, the players (no neutral seat), its partners and enemies in team play, the player
    who decides for it (its controller), the seat an effect is applied to (its target), or the
    other seat of the contest result that raised a `wins`/`loses` event (its opponent)."""

    kind: str = spec(doc="Which seats.", enum=w.RELATIONS)
    distance: int = spec(1, doc="For left and right: how many seats away.", min=1, max=w.MAX_SEATS)


Seats = tuple[Relation, ...]


def seats(default: Any = attrs.NOTHING, *, doc: str) -> Any:
    """A field holding seats: a union of relations, at least one."""
    return spec(default, doc=doc, min_items=1, max_items=16)


# ---- expressions --------------------------------------------------------------------------------


@attrs.frozen
class Num:
    value: int = spec(doc="A whole number.", min=-w.MAX_NUMBER, max=w.MAX_NUMBER)


@attrs.frozen
class Var:
    """A value of the table or of the moment: players, seats, ages, age, turns, turn, hand; in an
    action, the number it takes (`amount`) and the coins lost by the loss that asked its decision
    (`loss`, 0 when no loss asked it)."""

    name: str = spec(doc="The variable.", enum=w.VARIABLES)


@attrs.frozen
class BinOp:
    """Arithmetic (`/` is floor division, dividing by 0 gives 0), comparisons (1 or 0) and logic."""

    op: str = spec(doc="The operator.", enum=w.OPERATORS)
    left: Expr = spec(doc="Left operand.")
    right: Expr = spec(doc="Right operand.")


@attrs.frozen
class Not:
    operand: Expr = spec(doc="1 when this is 0, else 0.")


@attrs.frozen
class Call:
    """`min(a, b, ...)`, `max(a, b, ...)`, `abs(a)`."""

    function: str = spec(doc="The function.", enum=w.FUNCTIONS)
    args: tuple[Expr, ...] = spec(doc="Its arguments.", min_items=1, max_items=16)


@attrs.frozen
class Quantity:
    """Something counted in the cities of some seats (summed over them), seen from the subject:
    coins, tokens (how many) or their value, cards of some colours in a zone, built stages,
    symbols of a name or a group, the sum of squares or the number of complete sets of a symbol
    group, the number of cards in a zone."""

    what: str = spec(doc="What is counted.", enum=w.QUANTITIES)
    names: tuple[str, ...] = spec((), doc="Colours, a token, a symbol or group, or a zone, by `what`.",
                                  max_items=32, refers_to={"what": {
                                      "coins": "", "stages": "", "tokens": "token", "value": "token",
                                      "cards": "colour", "symbols": "symbol|symbol group",
                                      "squares": "symbol|symbol group", "sets": "symbol|symbol group",
                                      "size": "zone"}})
    seats: Seats = seats((Relation("self"),), doc="Whose cities, summed.")
    zone: str = spec("", doc="For cards: the zone counted (empty: the game's card zone).", refers_to="zone",
                     also=("",))
    this: str = spec("", doc="For cards and stages: whether the card or stage that carries the effect "
                             "counts itself ('including', 'excluding'; empty: as it stands).",
                     enum=("", "including", "excluding"))


@attrs.frozen
class Over:
    """An aggregate over seats: the expression evaluated with each seat as subject."""

    aggregate: str = spec(doc="How the values combine.", enum=w.AGGREGATES)
    seats: Seats = seats(doc="The seats, seen from the subject.")
    expr: Expr = spec(doc="What is evaluated for each seat.")


@attrs.frozen
class Rank:
    """The subject's rank among seats (1: first), by an expression: one more than the number of
    those seats with a strictly better value."""

    expr: Expr = spec(doc="What is compared.")
    among: Seats = seats(doc="The seats ranked (the subject always is one).")
    order: str = spec("most", doc="Whether more or less is better.", enum=("most", "fewest"))


Expr = Union[Num, Var, BinOp, Not, Call, Quantity, Over, Rank]
EXPR_TYPES: tuple[type, ...] = (Num, Var, BinOp, Not, Call, Quantity, Over, Rank)


# ---- triggers -----------------------------------------------------------------------------------


@attrs.frozen
class Passive:
    """While the source is active: a card in an active zone, a built stage, a board."""


@attrs.frozen
class OnBuild:
    """Once, when the source is built: after every card of the round is placed."""


@attrs.frozen
class At:
    """At a moment of the flow: the first one after the source is built (`end of turn`), or every
    one from then on (`each end of turn`)."""

    moment: str = spec(doc="The moment.", refers_to="moment")
    each: bool = spec(False, doc="Every time (else: once, the first time).")


@attrs.frozen
class When:
    """Each time something happens in the cities of some seats, from the time the source is built:
    a card is built (of some colours; any when none are named; by one way of its action when
    `way` names it), a stage is built, tokens are gained, coins are taken from the bank
    (`coins`: by an effect or an action's operation, not from a buyer), a contest is won or lost,
    coins are paid to a seller for resources (`buys`: once per seller and action). With
    `once_per`, the effect runs at most once in each turn, age or game."""

    event: str = spec(doc="What happens.", enum=w.EVENTS)
    by: Seats = seats(doc="In whose cities, seen from the owner.")
    colours: tuple[str, ...] = spec((), doc="For `builds`: the colours that count (all when empty).",
                                    refers_to="colour", max_items=32)
    name: str = spec("", doc="For `gains`: the token; for `wins`/`loses`: the contest (any when empty).",
                     refers_to={"event": {"builds": "", "stages": "", "gains": "token", "coins": "", "wins": "contest",
                                          "loses": "contest", "buys": ""}}, also=("",))
    way: str = spec("", doc="For `builds`: only cards built by this way of their action (any when empty).",
                    text=True)
    sellers: Seats = spec((), doc="For `buys`: the sellers that count, seen from the owner (required there).",
                          max_items=16)
    once_per: str = spec("", doc="At most once in each of these periods (empty: every time).", enum=w.PERIODS)


@attrs.frozen
class EndOfGame:
    """At final scoring: points, symbols chosen then, copies."""


Trigger = Union[Passive, OnBuild, At, When, EndOfGame]
TRIGGER_TYPES: tuple[type, ...] = (Passive, OnBuild, At, When, EndOfGame)


# ---- operations ---------------------------------------------------------------------------------


def targets() -> Any:
    """The field of the seats an operation acts on: its owner's city unless told (a field
    specifier, typed as attrs types its own, like :func:`seats`)."""
    return seats((Relation("self"),), doc="Whose city it acts on, seen from the owner.")


@attrs.frozen
class GainCoins:
    """Coins from the bank. The amount is evaluated for each target (`their city` is the target)."""

    amount: Expr = spec(doc="How many.")
    targets: Seats = targets()


@attrs.frozen
class LoseCoins:
    """Coins back to the bank, never more than the target has. With `or_decide`, the target's
    controller decides that decision instead, with `loss` bound to the coins lost while it is
    asked; it is asked only when it offers more than one action (its one action is carried out
    otherwise, and none: nothing happens)."""

    amount: Expr = spec(doc="How many.")
    targets: Seats = targets()
    or_decide: str = spec("", doc="The decision the loser decides instead of paying.", refers_to="decision",
                          also=("",))


@attrs.frozen
class GainTokens:
    """Tokens for the targets: from the bank, each worth `worth`; or, with `giver`, taken from
    that seat (at most what it holds), each with the worth the giver's tokens have on average."""

    token: str = spec(doc="The token.", refers_to="token")
    amount: Expr = spec(doc="How many.")
    worth: Expr = spec(Num(1), doc="The value of each (what `value(T)` adds up).")
    targets: Seats = targets()
    giver: Seats = spec((), doc="Whose tokens are taken (empty: the bank's).", max_items=16)


@attrs.frozen
class LoseTokens:
    """Tokens back to the bank, never more than the target holds; their worth goes with them (the
    average worth of the target's tokens of that name, the remainder of an uneven worth staying)."""

    token: str = spec(doc="The token.", refers_to="token")
    amount: Expr = spec(doc="How many.")
    targets: Seats = targets()


@attrs.frozen
class Score:
    """Points at the end of the game, in the source's score column."""

    amount: Expr = spec(doc="How many points.")


@attrs.frozen
class Produce:
    """Units of resources each turn; several options: each unit is one of them, chosen each time
    it is used."""

    options: tuple[str, ...] = spec(doc="The resources.", refers_to="resource", min_items=1, max_items=32)
    amount: int = spec(1, doc="How many units.", min=1, max=w.MAX_UNITS)
    for_sale: bool = spec(True, doc="Whether the market may sell it (also by where it comes from).")


@attrs.frozen
class ProduceOneOf:
    """One unit each turn of a resource the city produces (or, with `missing`, does not produce)
    through these sources: `board` and card colours."""

    sources: tuple[str, ...] = spec(doc="Where the production is looked at.", refers_to="colour",
                                    also=(w.BOARD,), min_items=1, max_items=32)
    missing: bool = spec(False, doc="A resource not produced there.")
    for_sale: bool = spec(False, doc="Whether the market may sell it.")


@attrs.frozen
class Symbol:
    """Symbols shown while active; with several options, one of them chosen at the end of the game
    to the owner's best score."""

    options: tuple[str, ...] = spec(doc="The symbols.", refers_to="symbol", min_items=1, max_items=32)
    amount: int = spec(1, doc="How many.", min=1, max=w.MAX_UNITS)


@attrs.frozen
class Price:
    """Buying these resources from these sellers costs `price` per unit (the lowest price applies)."""

    resources: tuple[str, ...] = spec(doc="The resources.", refers_to="resource", min_items=1, max_items=32)
    sellers: Seats = seats(doc="From whom, seen from the buyer.")
    price: int = spec(doc="Coins per unit.", min=0, max=w.MAX_PRICE)


@attrs.frozen
class Rebate:
    """Each turn, the coins paid to each of these sellers are `amount` fewer (not below 0) when
    anything is bought there."""

    sellers: Seats = seats(doc="From whom, seen from the buyer.")
    amount: int = spec(1, doc="Coins off.", min=1, max=w.MAX_PRICE)


@attrs.frozen
class Grant:
    """An ability the city holds while the source is active, named in the rule set: a way of an
    action (`way free: ... with free build`), a round (`round extra: players with last card`).
    With a period, it can be used `uses` times per turn, age or game."""

    ability: str = spec(doc="The ability.", refers_to="ability")
    period: str = spec("", doc="How often it renews (empty: it is never used up).", enum=w.PERIODS)
    uses: int = spec(1, doc="Uses per period.", min=1, max=w.MAX_COUNT)
    colours: tuple[str, ...] = spec((), doc="Only for cards of these colours (any when empty).",
                                    refers_to="colour", max_items=32)


@attrs.frozen
class CostChange:
    """What an action costs the targets from now on: no resources, no coins, fewer coins, or fewer
    resources (each unit off of the buyer's choice: the payments are those of the cost less any
    `units_less` of its units)."""

    action: str = spec(doc="The action kind.", refers_to="action")
    resources: str = spec("", doc="`none`: no resources are paid.", enum=("", "none"))
    coins: str = spec("", doc="`none`: no coins are paid.", enum=("", "none"))
    coins_less: int = spec(0, doc="Coins off (not below 0).", min=0, max=w.MAX_COINS)
    units_less: int = spec(0, doc="Resource units off, each of the buyer's choice.", min=0, max=w.MAX_UNITS)
    colours: tuple[str, ...] = spec((), doc="Only for cards of these colours (any when empty).",
                                    refers_to="colour", max_items=32)
    targets: Seats = targets()


@attrs.frozen
class StrengthBonus:
    """While active, the owner's strength in a contest is more by `amount`, counted in its city at
    each contest (a negative amount is less)."""

    contest: str = spec(doc="The contest.", refers_to="contest")
    amount: Expr = spec(doc="What is added to the strength.")


@attrs.frozen
class Decide:
    """The owner's controller makes a decision now, when it has a legal action (`times` times)."""

    decision: str = spec(doc="The decision.", refers_to="decision")
    times: int = spec(1, doc="How many times.", min=1, max=w.MAX_COUNT)


@attrs.frozen
class CopyCard:
    """At the end of the game: copy cards of these colours built in these cities; each copy scores
    and shows symbols for the copier, and counts as one of its cards, as if built there."""

    colours: tuple[str, ...] = spec(doc="Of these colours.", refers_to="colour", min_items=1, max_items=32)
    sources: Seats = seats(doc="From whose cities.")
    count: int = spec(1, doc="How many cards.", min=1, max=w.MAX_COUNT)


@attrs.frozen
class CopySymbol:
    """At the end of the game: copy the symbols of different cards of these colours built in these
    cities."""

    colours: tuple[str, ...] = spec(doc="Of these colours.", refers_to="colour", min_items=1, max_items=32)
    sources: Seats = seats(doc="From whose cities.")
    count: int = spec(1, doc="How many cards.", min=1, max=w.MAX_COUNT)


@attrs.frozen
class Move:
    """Move cards from the top of a zone to a zone (`draw 1 card from pile of self into hand of
    controller`)."""

    count: Expr = spec(doc="How many (fewer when the zone runs out).")
    from_zone: str = spec(doc="From this zone.", refers_to="zone")
    to_zone: str = spec(doc="Into this zone.", refers_to="zone")
    from_seat: Relation = spec(Relation("self"), doc="Whose zone (for a zone of each seat).")
    to_seat: Relation = spec(Relation("self"), doc="Whose zone (for a zone of each seat).")


@attrs.frozen
class MoveCard:
    """In an action: move the action's card into a zone of a seat (seen from the acting seat). A
    card entering an active zone becomes active: its passive effects apply, its other effects
    wait for their trigger, and it is built."""

    zone: str = spec(doc="The zone.", refers_to="zone")
    seat: Relation = spec(Relation("self"), doc="Whose zone.")


@attrs.frozen
class BuildStage:
    """In an action: build the seat's next wonder stage (it becomes active)."""


@attrs.frozen
class Transfer:
    """Coins (no `token`) or tokens from each target to each seat of `to`, never more than the
    target has left: what one loses the other gains (tokens with the giver's average worth).
    The amount is evaluated for each target (`their city` is the target); `to` is seen from the
    source's owner, and a target never pays itself."""

    amount: Expr = spec(doc="How many, to each seat of `to`.")
    to: Seats = seats(doc="Who receives them.")
    token: str = spec("", doc="The token given (empty: coins).", refers_to="token", also=("",))
    targets: Seats = targets()


Op = Union[GainCoins, LoseCoins, GainTokens, LoseTokens, Score, Produce, ProduceOneOf, Symbol, Price, Rebate, Grant,
           CostChange, StrengthBonus, Decide, CopyCard, CopySymbol, Move, MoveCard, BuildStage, Transfer]
OP_TYPES: tuple[type, ...] = (GainCoins, LoseCoins, GainTokens, LoseTokens, Score, Produce, ProduceOneOf, Symbol, Price,
                              Rebate, Grant, CostChange, StrengthBonus, Decide, CopyCard, CopySymbol, Move, MoveCard,
                              BuildStage, Transfer)


@attrs.frozen
class Hook:
    """An effect: when its trigger comes, if its condition holds (evaluated for the owner), the
    operation is carried out. Its operation's step (`gain`, `lose`, `decide` or `move`, as the
    engine's table of operations gives it) places it among the effects of the same moment (see
    the game's `order`)."""

    trigger: Trigger = spec(doc="When.")
    op: Op = spec(doc="What.")
    condition: Optional[Expr] = spec(None, doc="Only when this is not 0.")
    origin: Optional[Origin] = _origin()


# ---- vocabulary -----------------------------------------------------------------------------------


@attrs.frozen
class Resource:
    name: str = spec(doc="The resource.", declares="resource")
    resource_class: str = spec(doc="Its class (`raw`, `manufactured`, ...).", declares="resource class|")


@attrs.frozen
class SymbolGroup:
    name: str = spec(doc="The group.", declares="symbol group")
    members: tuple[str, ...] = spec(doc="Its symbols.", declares="symbol", min_items=1, max_items=32)


@attrs.frozen
class Colour:
    name: str = spec(doc="The colour.", declares="colour")
    category: Optional[str] = spec(None, doc="The score column its cards' points go to.", refers_to="category")


@attrs.frozen
class Category:
    """A score column: a formula, or the sum of the points of cards and stages that score there."""

    name: str = spec(doc="The column.", declares="category")
    formula: Optional[Expr] = spec(None, doc="How it is computed (absent: the points put there).")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class Zone:
    """A place cards are: one per seat (a hand, a city) or one for the table (the discard pile).
    Who sees its cards, and whether everyone sees how many. Cards in an active zone are built:
    their effects work."""

    name: str = spec(doc="The zone.", declares="zone")
    per: str = spec("seat", doc="One per seat, or one shared by the table.", enum=("seat", "shared"))
    seen_by: str = spec("nobody", doc="Who sees its cards.", enum=w.VISIBILITY)
    size_seen: bool = spec(True, doc="Whether everyone sees how many cards it holds.")
    active: bool = spec(False, doc="Whether its cards are built (their effects work).")
    origin: Optional[Origin] = _origin()


# ---- cards and boards ---------------------------------------------------------------------------------


@attrs.frozen
class Cost:
    coins: int = spec(0, doc="Coins paid to the bank.", min=0, max=w.MAX_COINS)
    resources: tuple[tuple[str, int], ...] = spec(
        (), doc="Units of resources, produced or bought.", max_items=32,
        parts=({"refers_to": "resource", "what": "resource"}, {"min": 1, "max": w.MAX_UNITS, "what": "units"}))


@attrs.frozen
class Card:
    name: str = spec(doc="The card's name (several cards of different ages may share it).", text=True)
    colour: str = spec(doc="Its colour.", refers_to="colour")
    age: int = spec(0, doc="Its age, for a deck dealt by age (0: none).", min=0, max=w.MAX_AGES)
    deck: str = spec("age", doc="The deck it belongs to.", refers_to="deck")
    cost: Cost = spec(Cost(), doc="What building it costs.")
    chains_from: tuple[str, ...] = spec((), doc="Cards that let the city build it for free.", refers_to="card",
                                        max_items=32)
    chains_to: tuple[str, ...] = spec((), doc="Later cards it lets the city build for free.", refers_to="card",
                                      max_items=32)
    copies: tuple[int, ...] = spec((), doc="Printed player-count markers: one copy per marker at or below the "
                                           "number of seats.", min=1, max=w.MAX_SEATS, max_items=16)
    pool: str = spec("", doc="A pool it is drawn from instead of being dealt by markers.", refers_to="pool",
                     also=("",))
    hooks: tuple[Hook, ...] = spec((), doc="Its effects.", max_items=64)
    aliases: tuple[str, ...] = spec((), doc="Other spellings of its name (in logs).", text=True, max_items=16)
    origin: Optional[Origin] = _origin()

    def copies_for(self, seats: int) -> int:
        return sum(1 for m in self.copies if m <= seats)


@attrs.frozen
class Stage:
    cost: Cost = spec(Cost(), doc="What building it costs.")
    hooks: tuple[Hook, ...] = spec((), doc="Its effects.", max_items=64)
    origin: Optional[Origin] = _origin()


@attrs.frozen
class Board:
    """One side of a wonder board: its own effects (its starting resource) and its stages, built in
    order."""

    name: str = spec(doc="The wonder.", text=True)
    side: str = spec(doc="The side.", text=True)
    title: str = spec("", doc="Its full name.", text=True)
    hooks: tuple[Hook, ...] = spec((), doc="The board's own effects.", max_items=64)
    stages: tuple[Stage, ...] = spec((), doc="Its stages.", max_items=w.MAX_STAGES)
    origin: Optional[Origin] = _origin()


# ---- effects of the rule set ------------------------------------------------------------------------------


@attrs.frozen
class RuleEffects:
    """Effects of the rule set itself, which no card, stage or board carries: every seat a player
    owns holds them (`players`), or every seat, the neutral ones too (`seats`), from the start of
    the game, as a board holds its own. They work as a board's do: passive effects from the
    start; an effect at a moment at the first such moment (`each`: at every one); `whenever`
    effects from the start; `on build` never comes. Their points go to `category`."""

    hooks: tuple[Hook, ...] = spec(doc="The effects.", max_items=64)
    seats: str = spec("players", doc="Who holds them: every seat a player owns, or every seat.",
                      enum=("players", "seats"))
    category: str = spec("", doc="The score column of their points (empty: they score none).", refers_to="category",
                         also=("",))
    origin: Optional[Origin] = _origin()


# ---- decks and deals ------------------------------------------------------------------------------------


@attrs.frozen
class PoolDraw:
    """Add `count` cards drawn at random from a pool (of the deal's age) to the deck."""

    pool: str = spec(doc="The pool.", refers_to="pool")
    count: Expr = spec(doc="How many (may use players, seats, age).")
    age: int = spec(0, doc="Only in this age (0: every age).", min=0, max=w.MAX_AGES)


@attrs.frozen
class DealTarget:
    """`count` cards into a zone of each player, or of one neutral seat."""

    zone: str = spec(doc="The zone.", refers_to="zone")
    to: str = spec(doc="`players`, or a neutral seat's name.", refers_to="seat", also=("players",))
    count: Expr = spec(doc="How many cards each.")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class Deal:
    """A deck shuffled and dealt. The deck of `age` is, for the current age, its cards by their
    markers for the number of seats, and the pool draws; any other deck is all its cards. What is
    left goes to `rest` (a shared zone), or out of the game."""

    name: str = spec(doc="The deal.", declares="deal")
    deck: str = spec(doc="The deck.", refers_to="deck")
    targets: tuple[DealTarget, ...] = spec(doc="Who gets cards, in order.", min_items=1, max_items=16)
    rest: str = spec("", doc="Where the undealt cards go.", refers_to="zone", also=("",))
    origin: Optional[Origin] = _origin()


# ---- actions and decisions -------------------------------------------------------------------------------


@attrs.frozen
class Way:
    """A way to pay an action's cost: pay it (coins and resources, bought on the market), or do it
    for free, always, when the card chains from one the city has, or with a granted ability (one
    use). A paid way may change the cost: fewer resource units (of the payer's choice) and more
    coins to the bank; it is offered only where it pays a seller less than paying the cost as it
    is. (A way offered alone when it is open is a decision's preference, see Preference.)"""

    name: str = spec(doc="The way (empty for paying).", text=True)
    free: bool = spec(False, doc="Nothing is paid.")
    when: str = spec("always", doc="When it is open.", enum=("always", "chained", "granted"))
    ability: str = spec("", doc="For `granted`: the ability used.", refers_to="ability", also=("",))
    units_less: int = spec(0, doc="The cost is paid less this many resource units, each of the payer's choice.",
                           min=0, max=w.MAX_UNITS)
    coins_more: int = spec(0, doc="The cost is paid with this many coins more, to the bank.", min=0, max=w.MAX_COINS)


@attrs.frozen
class Requirement:
    condition: Expr = spec(doc="Evaluated for the acting seat; the action is legal only when not 0.")
    reason: str = spec(doc="Why not, shown when it is 0.", text=True)


@attrs.frozen
class ActionKind:
    """Something a seat may do in a decision: with a card taken from a zone (the decider's, for a
    zone of each seat; the table's, for a shared zone), or with none; under requirements; for a
    cost paid one of its ways; then its operations, in order."""

    name: str = spec(doc="The action.", declares="action")
    title: str = spec("", doc="How an action of this kind reads (`{card}` is its card).", text=True)
    card_from: str = spec("", doc="The zone its card is taken from (empty: no card).", refers_to="zone", also=("",))
    unique_in: str = spec("", doc="The card's name may not be in this zone of the seat already.",
                          refers_to="zone", also=("",))
    requires: tuple[Requirement, ...] = spec((), doc="Conditions.", max_items=16)
    cost: str = spec("none", doc="What is paid: nothing, the card's cost, the next stage's cost.",
                     enum=("none", "card", "stage"))
    ways: tuple[Way, ...] = spec((Way(""),), doc="The ways to pay, in the order offered.", min_items=1,
                                 max_items=8)
    then: tuple[Op, ...] = spec((), doc="What it does.", max_items=16)
    amount_from: Optional[Expr] = spec(None, doc="The least number the action takes (`amount`), evaluated for "
                                                 "the deciding seat when it is asked; absent: it takes none.")
    amount_to: Optional[Expr] = spec(None, doc="The greatest number it takes (none when below `amount_from`).")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class Decision:
    """A choice a seat's controller makes among the legal actions of some kinds."""

    name: str = spec(doc="The decision.", declares="decision")
    actions: tuple[str, ...] = spec(doc="Its action kinds, in the order offered.", refers_to="action",
                                    min_items=1, max_items=16)
    title: str = spec("", doc="How it reads (`{age}`, `{turn}`, `{seat}`; `{loss}` and `{cause}` when a loss "
                                  "asks it).",
                      text=True)
    prefer: tuple[Preference, ...] = spec((), doc="Its preferences among its actions, applied in order.",
                                          max_items=8)
    origin: Optional[Origin] = _origin()


@attrs.frozen
class PreferredAction:
    """Actions a tier of a preference names: those of an action kind, by one of its ways or by any."""

    action: str = spec(doc="The action kind.", refers_to="action")
    way: str = spec("", doc="The way, when `any_way` is false (empty: paying).", text=True)
    any_way: bool = spec(True, doc="By any of its ways; otherwise by `way` only.")


@attrs.frozen
class Tier:
    """One tier of a preference: the actions it names, and with `others` every action that no
    other tier of the preference names (`*`)."""

    actions: tuple[PreferredAction, ...] = spec((), doc="The actions it names.", max_items=16)
    others: bool = spec(False, doc="Also every action no other tier of the preference names.")


@attrs.frozen
class Preference:
    """"Must do this if able": of the legal actions its tiers name, only those of the first tier
    that has any stay legal; actions it does not name are left as they are. Read over the whole
    decision, or for each card apart (the actions that take that card)."""

    tiers: tuple[Tier, ...] = spec(doc="The tiers, the preferred first.", min_items=2, max_items=8)
    per_card: bool = spec(False, doc="Read for each card apart; otherwise over the whole decision.")


# ---- seats without a player --------------------------------------------------------------------------


@attrs.frozen
class NeutralSeat:
    """A seat no player owns. Its decisions go to its controller: at the start of each age, the
    player next to it on the side given for that age (the last side repeats); with
    `control_follows`, control passes with that zone when it is passed."""

    name: str = spec(doc="The seat.", declares="seat")
    controller_starts: tuple[str, ...] = spec(("left",), doc="Per age: the side its controller sits on.",
                                              enum=w.DIRECTIONS, min_items=1, max_items=w.MAX_AGES)
    control_follows: str = spec("", doc="The zone its control travels with.", refers_to="zone", also=("",))
    resolves_first: bool = spec(False, doc="Its actions resolve before the players'.")
    every_payment: bool = spec(False, doc="Its controller is offered every exact payment, not only the cheapest "
                                          "(it chooses its sellers whatever the cost).")
    competes: bool = spec(True, doc="Whether its score can win.")
    prefer: tuple[Preference, ...] = spec((), doc="Its preferences among the actions of each decision asked for it, "
                                                  "applied after the decision's own.", max_items=8)
    hooks: tuple[Hook, ...] = spec((), doc="Effects of the seat itself.", max_items=32)
    origin: Optional[Origin] = _origin()


# ---- the market ----------------------------------------------------------------------------------------


@attrs.frozen
class MarketPrice:
    """A price of the market that holds for some sellers, some resources, or both, in place of
    the market's plain `price` (see :class:`Market`)."""

    price: int = spec(doc="Coins per unit, paid to the seller.", min=0, max=w.MAX_PRICE)
    resources: tuple[str, ...] = spec((), doc="For these resources (every resource when empty).",
                                      refers_to="resource", max_items=32)
    sellers: Seats = spec((), doc="From the sellers of these relations, each one of the market's `sellers` "
                                  "as written there (every seller when empty).", max_items=16)


@attrs.frozen
class MarketSales:
    """What the sellers of some relations sell: only these resources (see :class:`Market`)."""

    resources: tuple[str, ...] = spec(doc="The resources they sell.", refers_to="resource", min_items=1,
                                      max_items=32)
    sellers: Seats = spec(doc="The relations of the market's `sellers`, as written there.", min_items=1,
                          max_items=16)


@attrs.frozen
class Market:
    """Who a city buys resources from, what they may sell (production of the board, of cards of
    some colours), and the price of a unit before any effect changes it.

    A unit's price depends on the relation of `sellers` that makes the seat a seller and on the
    resource: the price of `prices` that names both that relation and that resource; else the
    one that names either (never two that disagree); else `price`. A seat that is a seller by
    several relations (at a small table, the seat two to the left may be the right neighbour)
    sells at the lowest of their prices. Effects change prices from there (:class:`Price`,
    :class:`Rebate`).

    A relation of `sellers` named by one of `sales` sells only that line's resources; the others
    sell every resource. A seat that is a seller by several relations sells what any of them
    sells, each resource at the lowest price of the relations that sell it."""

    sellers: Seats = seats(doc="Whom a city buys from, seen from the buyer (one seat counts once).")
    sells: tuple[str, ...] = spec(doc="Which production is for sale: `board` and card colours.",
                                  refers_to="colour", also=(w.BOARD,), max_items=32)
    price: int = spec(doc="Coins per unit, paid to the seller, where no price of `prices` holds.", min=0,
                      max=w.MAX_PRICE)
    prices: tuple[MarketPrice, ...] = spec((), doc="Prices for some sellers or some resources.", max_items=64)
    origin: Optional[Origin] = _origin()
    sales: tuple[MarketSales, ...] = spec((), doc="What the sellers of some relations sell (the others: every "
                                          "resource).", max_items=16)


# ---- contests ------------------------------------------------------------------------------------------


@attrs.frozen
class Outcome:
    """Tokens given to a contest's winner or loser: `count` tokens whose worth depends on the age
    (the last worth repeats)."""

    token: str = spec(doc="The token.", refers_to="token")
    worth: tuple[int, ...] = spec(doc="Worth of each token, by age.", min=-w.MAX_POINTS, max=w.MAX_POINTS,
                                  min_items=1, max_items=w.MAX_AGES)


@attrs.frozen
class Contest:
    """Seats compared by strength at a moment. Participants: the seats where `takes_part` holds.
    `pairs`: each participant against its nearest participant on each side (`neighbours`), or
    against the seats of a relation, kept or left out by `only_against` and `never_against`; a
    pair fights once; the stronger gets `win`, the weaker `lose`, a tie nothing. `ranking`: the
    strongest get `win`, the weakest `lose`. Each result gives `tokens` tokens, counted for each
    seat that gets them. Then every seat carries out `after` (what the contest spends)."""

    name: str = spec(doc="The contest.", declares="contest")
    moment: str = spec(doc="When it takes place.", refers_to="moment")
    strength: Expr = spec(doc="Each seat's strength.")
    win: Outcome = spec(doc="What the stronger gets.")
    lose: Outcome = spec(doc="What the weaker gets.")
    mode: str = spec("pairs", doc="Pairs or a ranking.", enum=("pairs", "ranking"))
    against: Seats = seats((Relation("neighbours"),), doc="For pairs: whom each participant fights.")
    only_against: Seats = spec((), doc="For pairs: a pair forms only when each seat is among these seats of the "
                                       "other (every pair when empty).", max_items=16)
    never_against: Seats = spec((), doc="For pairs: a pair never forms when a seat is among these seats of the "
                                        "other.", max_items=16)
    takes_part: Expr = spec(Num(1), doc="Who takes part: the seats where this, counted in their city at the "
                                        "contest's moment, is not 0.")
    tokens: Expr = spec(Num(1), doc="How many tokens a result gives a seat, counted in its city before any result "
                                    "of the moment (`opponent`: the other seat of its pair).")
    after: tuple[Op, ...] = spec((), doc="What every seat, in seat order, loses once the results are given: "
                                         "LoseTokens, or LoseCoins without `or_decide` (nothing that sets off an "
                                         "event).", max_items=16)
    origin: Optional[Origin] = _origin()


# ---- the flow ------------------------------------------------------------------------------------------


@attrs.frozen
class EachAge:
    """The body once per age (`age` = 1, 2, ...)."""

    body: tuple[Step, ...] = spec(doc="The steps.", max_items=64)
    origin: Optional[Origin] = _origin()


@attrs.frozen
class EachTurn:
    """The body once per turn of the age (`turn` = 1 .. turns)."""

    body: tuple[Step, ...] = spec(doc="The steps.", max_items=64)
    origin: Optional[Origin] = _origin()


@attrs.frozen
class Repeat:
    body: tuple[Step, ...] = spec(doc="The steps.", max_items=64)
    times: Expr = spec(doc="How many times.")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class If:
    condition: Expr = spec(doc="When not 0.")
    then: tuple[Step, ...] = spec(doc="The steps.", max_items=64)
    otherwise: tuple[Step, ...] = spec((), doc="Else these.", max_items=64)
    origin: Optional[Origin] = _origin()


@attrs.frozen
class DealStep:
    deal: str = spec(doc="The deal.", refers_to="deal")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class AtStep:
    """A moment: the steps attached to it (`at MOMENT { ... }`, in layer order), then its
    contests, then the effects waiting for it."""

    moment: str = spec(doc="The moment.", declares="moment")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class RoundStep:
    """A decision round: every seat asked decides (a player deciding for several seats decides for
    its own first, then for each other seat in turn), then every chosen action resolves at once.
    Asked: each seat (or each player's seat) that has the ability, if one is named, and at least
    one legal action. `within_turn`: coins and the market are those of the start of the turn,
    less what was spent in it."""

    decision: str = spec(doc="The decision.", refers_to="decision")
    seats: str = spec("seats", doc="Every seat, or the players' seats only.", enum=("seats", "players"))
    ability: str = spec("", doc="Only seats with this ability.", refers_to="ability", also=("",))
    within_turn: bool = spec(False, doc="Spend as at the start of the turn.")
    origin: Optional[Origin] = _origin()


@attrs.frozen
class PassStep:
    """The players pass the cards of a zone to a neighbour, or a player further away: in the
    given direction and distance, or in the game's direction and distance for the age."""

    zone: str = spec(doc="The zone.", refers_to="zone")
    direction: str = spec("", doc="Left, right, or the age's direction.", enum=("",) + w.DIRECTIONS)
    distance: int = spec(1, doc="With a direction: how many players away.", min=1, max=w.MAX_PLAYERS, added=True)
    origin: Optional[Origin] = _origin()


@attrs.frozen
class DiscardStep:
    """Every card of these zones goes to a shared zone (seat by seat)."""

    zones: tuple[str, ...] = spec(doc="The zones emptied.", refers_to="zone", min_items=1, max_items=16)
    to: str = spec(doc="Where the cards go.", refers_to="zone")
    origin: Optional[Origin] = _origin()


Step = Union[EachAge, EachTurn, Repeat, If, DealStep, AtStep, RoundStep, PassStep, DiscardStep]
STEP_TYPES: tuple[type, ...] = (EachAge, EachTurn, Repeat, If, DealStep, AtStep, RoundStep, PassStep, DiscardStep)


@attrs.frozen
class MomentSteps:
    """Steps attached to a moment by `at MOMENT { ... }`."""

    moment: str = spec(doc="The moment.", refers_to="moment")
    steps: tuple[Step, ...] = spec(doc="The steps.", max_items=64)
    origin: Optional[Origin] = _origin()


# ---- the game ------------------------------------------------------------------------------------------


@attrs.frozen
class Settings:
    """The numbers of a game. Expressions may use `players` and `seats`."""

    players: tuple[int, ...] = spec(doc="The player counts it seats.", min=1, max=w.MAX_PLAYERS,
                                    max_items=w.MAX_PLAYERS)
    start_coins: int = spec(0, doc="Coins each seat starts with.", min=0, max=w.MAX_COINS)
    ages: int = spec(1, doc="How many ages.", min=1, max=w.MAX_AGES)
    hand: Expr = spec(Num(0), doc="Cards in a hand (`hand` in deals).")
    turns: Expr = spec(Num(0), doc="Turns per age.")
    pass_directions: tuple[str, ...] = spec((), doc="Per age, where hands pass (the last repeats).",
                                            enum=w.DIRECTIONS, max_items=w.MAX_AGES)
    pass_distances: tuple[int, ...] = spec((), doc="Per age, with `pass_directions`, how many players away hands "
                                               "pass (empty: 1 in every age).", min=1, max=w.MAX_PLAYERS,
                                           max_items=w.MAX_AGES, added=True)
    card_zone: str = spec("", doc="The zone card counts look at.", refers_to="zone", also=("",))
    stages_category: str = spec("", doc="The score column of wonder stages' points.", refers_to="category",
                                also=("",))
    pool_draws: tuple[PoolDraw, ...] = spec((), doc="Cards drawn from pools into age decks.", max_items=32)
    tie_break: tuple[str, ...] = spec((), doc="What breaks ties of totals.", enum=w.TIE_BREAKS, max_items=4)
    order: tuple[tuple[str, tuple[str, ...]], ...] = spec(
        (), doc="Per moment, the order of the steps of its effects.", max_items=16,
        parts=({"refers_to": "moment", "what": "moment"}, {"enum": w.STEPS, "what": "step"}))
    neutral_seats: tuple[NeutralSeat, ...] = spec((), doc="Seats without a player.", max_items=w.MAX_NEUTRALS)


@attrs.frozen
class Patch:
    """Settings that change for some player counts (every count when empty): each field given
    replaces the base one; pool draws replace the draw of the same pool, neutral seats the seat of
    the same name, orders the order of the same moment."""

    players: tuple[int, ...] = spec((), doc="The player counts.", min=1, max=w.MAX_PLAYERS, max_items=w.MAX_PLAYERS)
    start_coins: Optional[int] = spec(None, doc="See Settings.", min=0, max=w.MAX_COINS)
    hand: Optional[Expr] = spec(None, doc="See Settings.")
    turns: Optional[Expr] = spec(None, doc="See Settings.")
    pass_directions: Optional[tuple[str, ...]] = spec(None, doc="See Settings.", enum=w.DIRECTIONS,
                                                      max_items=w.MAX_AGES)
    pass_distances: Optional[tuple[int, ...]] = spec(None, doc="See Settings (with `pass_directions`).", min=1,
                                                     max=w.MAX_PLAYERS, max_items=w.MAX_AGES, added=True)
    pool_draws: tuple[PoolDraw, ...] = spec((), doc="See Settings.", max_items=32)
    order: tuple[tuple[str, tuple[str, ...]], ...] = spec(
        (), doc="See Settings.", max_items=16,
        parts=({"refers_to": "moment", "what": "moment"}, {"enum": w.STEPS, "what": "step"}))
    neutral_seats: tuple[NeutralSeat, ...] = spec((), doc="See Settings.", max_items=w.MAX_NEUTRALS)
    zones: tuple[Zone, ...] = spec((), doc="Zones declared again (who sees them).", max_items=16)


@attrs.frozen
class Option:
    """A variant a table may turn on: setting patches, contests replaced, teams of adjacent seats,
    and who wins (the best player, or the best team)."""

    name: str = spec(doc="The option.", declares="option")
    title: str = spec("", doc="Its title.", text=True)
    players: tuple[int, ...] = spec((), doc="The player counts it allows (any when empty).", min=1,
                                    max=w.MAX_PLAYERS, max_items=w.MAX_PLAYERS)
    team_size: int = spec(0, doc="Seats per team (0: no teams).", min=0, max=w.MAX_PLAYERS)
    winner: str = spec("player", doc="Who wins.", enum=w.WINNER_MODES)
    patches: tuple[Patch, ...] = spec((), doc="Its settings.", max_items=16)
    contests: tuple[Contest, ...] = spec((), doc="Contests it replaces (by name).", max_items=16)
    effects: tuple[RuleEffects, ...] = spec((), doc="Effects of the rule set it adds.", max_items=32)


@attrs.frozen
class RuleSet:
    format: int = spec(doc="The compiled format's version.", enum=(w.FORMAT_VERSION,))
    name: str = spec(doc="The rule set.", text=True)
    settings: Settings = spec(doc="The numbers.")
    title: str = spec("", doc="Its title.", text=True)
    layers: tuple[str, ...] = spec((), doc="The layers it was built from, lowest first.", text=True, max_items=32)
    resources: tuple[Resource, ...] = spec((), doc="Resources.", max_items=32)
    symbol_groups: tuple[SymbolGroup, ...] = spec((), doc="Symbols, by group.", max_items=16)
    tokens: tuple[str, ...] = spec((), doc="Tokens.", declares="token", max_items=32)
    colours: tuple[Colour, ...] = spec((), doc="Card colours.", max_items=32)
    categories: tuple[Category, ...] = spec((), doc="Score columns, in order.", max_items=32)
    zones: tuple[Zone, ...] = spec((), doc="Zones.", max_items=32)
    decks: tuple[str, ...] = spec(("age",), doc="Decks (`age`: dealt by age).", declares="deck", max_items=16)
    pools: tuple[str, ...] = spec((), doc="Pools of cards drawn into age decks.", declares="pool", max_items=16)
    abilities: tuple[str, ...] = spec((), doc="Abilities grants may give.", declares="ability", max_items=64)
    deals: tuple[Deal, ...] = spec((), doc="Deals.", max_items=16)
    actions: tuple[ActionKind, ...] = spec((), doc="Action kinds.", max_items=64)
    decisions: tuple[Decision, ...] = spec((), doc="Decisions.", max_items=64)
    flow: tuple[Step, ...] = spec((), doc="The game from start to end.", max_items=64)
    moments: tuple[MomentSteps, ...] = spec((), doc="Steps attached to moments.", max_items=64)
    market: Optional[Market] = spec(None, doc="Trading (absent: nobody buys from anybody).")
    contests: tuple[Contest, ...] = spec((), doc="Contests.", max_items=32)
    patches: tuple[Patch, ...] = spec((), doc="Settings by player count.", max_items=32)
    cards: tuple[Card, ...] = spec((), doc="Every card.", max_items=2000)
    boards: tuple[Board, ...] = spec((), doc="Every wonder side.", max_items=200)
    effects: tuple[RuleEffects, ...] = spec((), doc="Effects of the rule set, held from the start of the game.",
                                            max_items=32)
    options: tuple[Option, ...] = spec((), doc="Options.", max_items=w.MAX_OPTIONS)

    @functools.cached_property
    def fingerprint(self) -> str:
        """`sha256:` and the SHA-256 of the rule set as canonical JSON, without the places in the
        source text (see :mod:`.fingerprint`): what game logs record. Computed once, when first
        asked; the rule set never changes, and a changed copy (`attrs.evolve`) has its own."""
        from wonderrules.interpreter.fingerprint import computed_fingerprint

        return computed_fingerprint(self)

    @functools.cached_property
    def catalog(self) -> Any:
        """The engine's tables for the rule set (a :class:`.catalog.Catalog`: names as indices,
        compiled effects, action kinds, listings, the program). Built when first asked and shared
        by every Game of the rule set, whatever its players and options, as nothing in them depends
        on the table. Not part of the compiled form: a pickled or saved rule set builds its own.
        (Typed `Any` here, as the field readers resolve every annotation of the class and the IR
        does not import the engine; :class:`.Game` holds it typed.)"""
        from wonderrules.interpreter.catalog import Catalog

        return Catalog(self)

    def card(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)
