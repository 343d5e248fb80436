"""Syntax nodes of the game's structure: zones, deals, actions, decisions, the market, the flow,
contests and neutral seats. Re-exported by :mod:`.syntax` (read the nodes from there).

Every node is frozen and carries its :class:`Span`; the names of the structure (a zone, an action,
a moment) are the rule set's own: nothing here knows a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, TypeVar, Union

import attrs

from wonderrules.grammar.diagnostics import Span

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.grammar.syntax import Effect, Expr, Hook, Name, Seat, Text

__all__ = [
    "ZoneProperty", "Zone", "DealTarget", "DealRest", "Deal", "ExtendDeal",
    "CardFrom", "UniqueIn", "Requirement", "ActionCost", "WayProperty", "Way", "AmountRange", "Then", "Action",
    "PreferredAction", "OtherActions", "TierItem", "Tier", "Prefer", "Decision",
    "Sellers", "Sells", "MarketPrice", "Market", "SellsOnly",
    "EachAge", "EachTurn", "Repeat", "IfStep", "DealStep", "AtStep", "RoundStep", "PassStep", "DiscardStep", "Step",
    "Flow", "AtBlock",
    "Strength", "TakesPart", "Pairs", "Ranking", "TokenCount", "ContestAfter", "ContestWin", "ContestLose",
    "ContestClause", "Contest",
    "ControllerStarts", "ControlFollows", "ResolvesFirst", "PaysAnySeller", "NeverWins",
    "SeatClause", "NeutralSeat", "RuleEffects",
]


#: the kind of clause or attribute `first` looks for
_Clause = TypeVar("_Clause")


# ---- zones and deals ------------------------------------------------------------------------------

@attrs.frozen
class ZoneProperty:
    kind: str  # seen_by | active | count_hidden
    value: Optional[Name]  # who sees it, for seen_by
    span: Span


@attrs.frozen
class Zone:
    """`zone hand: each seat, seen by owner`."""

    name: Name
    per: str  # seat | shared
    properties: tuple[ZoneProperty, ...]
    override: bool
    span: Span

    def seen_by(self) -> str:
        found = next((p.value for p in self.properties if p.kind == "seen_by" and p.value is not None), None)
        return found.text if found is not None else "nobody"

    def has(self, kind: str) -> bool:
        return any(p.kind == kind for p in self.properties)


@attrs.frozen
class DealTarget:
    """`hand cards to hand of each player`, `hand cards to pile of "Free City"`."""

    count: Expr
    zone: Name
    seat: Optional[Text]  # None: each player
    span: Span


@attrs.frozen
class DealRest:
    """`rest to discard`: where the undealt cards go."""

    zone: Name
    span: Span


@attrs.frozen
class Deal:
    name: Name
    deck: Name
    clauses: tuple[Union[DealTarget, DealRest], ...]
    override: bool
    span: Span


@attrs.frozen
class ExtendDeal:
    """`extend deal age { ... }`: targets added to a deal of a lower layer."""

    name: Name
    clauses: tuple[Union[DealTarget, DealRest], ...]
    span: Span


# ---- actions and decisions ------------------------------------------------------------------------

@attrs.frozen
class CardFrom:
    zone: Name
    span: Span


@attrs.frozen
class UniqueIn:
    zone: Name
    span: Span


@attrs.frozen
class Requirement:
    """`require coins >= 1 else "no coin to spend"`."""

    condition: Expr
    reason: Text
    span: Span


@attrs.frozen
class ActionCost:
    kind: str  # card | stage | none
    span: Span


@attrs.frozen
class WayProperty:
    kind: str  # free | chained | granted | units less | coins more
    ability: Optional[Name]  # for granted
    span: Span
    amount: int = 0  # for units less, coins more


@attrs.frozen
class Way:
    """`way chain: free, when chained`; `way pay` (name None): pay the cost; `way bank: 1
    resource less, 1 coin more, with bank_trade`: pay the cost changed."""

    name: Optional[Name]
    properties: tuple[WayProperty, ...]
    span: Span


@attrs.frozen
class Then:
    """`then: move card to built`: what the action does, in order."""

    ops: tuple[Effect, ...]
    span: Span


@attrs.frozen
class AmountRange:
    """`amount 0 .. min(loss, coins)`: the action takes a whole number in this range."""

    low: Expr
    high: Expr
    span: Span


ActionClause = Union[CardFrom, UniqueIn, Requirement, ActionCost, Way, AmountRange, Then]


@attrs.frozen
class Action:
    name: Name
    title: Optional[Text]
    clauses: tuple[ActionClause, ...]
    override: bool
    span: Span

    def first(self, kind: type[_Clause]) -> Optional[_Clause]:
        return next((c for c in self.clauses if isinstance(c, kind)), None)


@attrs.frozen
class PreferredAction:
    """`build by chain` (way given), `sell` (any way) in a tier of a preference."""

    action: Name
    way: Optional[Name]
    span: Span


@attrs.frozen
class OtherActions:
    """`*` in a tier: every action no other tier of the preference names."""

    span: Span


TierItem = Union[PreferredAction, OtherActions]


@attrs.frozen
class Tier:
    items: tuple[TierItem, ...]
    span: Span


@attrs.frozen
class Prefer:
    """`prefer per card: build by chain > build`, `prefer: * > sell`."""

    per_card: bool
    tiers: tuple[Tier, ...]
    span: Span


@attrs.frozen
class Decision:
    """`decision play "age {age}, turn {turn}": build, stage, sell`, with its preferences in braces."""

    name: Name
    title: Optional[Text]
    actions: tuple[Name, ...]
    override: bool
    span: Span
    prefer: tuple[Prefer, ...] = ()
    braced: bool = False  # written with braces (its preferences, perhaps none)


# ---- the market -----------------------------------------------------------------------------------

@attrs.frozen
class Sellers:
    seats: tuple[Seat, ...]
    span: Span


@attrs.frozen
class Sells:
    sources: tuple[Name, ...]
    span: Span


@attrs.frozen
class MarketPrice:
    """`price 2`; `price 3 from left 2, right 2`; `price 1 for manufactured [from left]`: the price
    of a unit, for some resources (names or classes) and some sellers (none named: all)."""

    coins: int
    resources: tuple[Name, ...]
    sellers: tuple[Seat, ...]
    span: Span

    @property
    def plain(self) -> bool:
        """The price of every unit from every seller (it names neither)."""
        return not self.resources and not self.sellers


@attrs.frozen
class SellsOnly:
    """`sells only raw from left 2, right 2`: the sellers of those relations sell only those
    resources (names or classes)."""

    resources: tuple[Name, ...]
    sellers: tuple[Seat, ...]
    span: Span


@attrs.frozen
class Market:
    clauses: tuple[Union[Sellers, Sells, MarketPrice, SellsOnly], ...]
    override: bool
    span: Span

    def first(self, kind: type[_Clause]) -> Optional[_Clause]:
        return next((c for c in self.clauses if isinstance(c, kind)), None)


# ---- the flow -------------------------------------------------------------------------------------

@attrs.frozen
class EachAge:
    body: tuple[Step, ...]
    span: Span


@attrs.frozen
class EachTurn:
    body: tuple[Step, ...]
    span: Span


@attrs.frozen
class Repeat:
    times: Expr
    body: tuple[Step, ...]
    span: Span


@attrs.frozen
class IfStep:
    condition: Expr
    then: tuple[Step, ...]
    otherwise: tuple[Step, ...]
    span: Span


@attrs.frozen
class DealStep:
    deal: Name
    span: Span


@attrs.frozen
class AtStep:
    """`at end of turn`: the moment's attached steps, contests and effects run here."""

    moment: Name
    span: Span


@attrs.frozen
class RoundStep:
    """`round play`, `round extra: players with last_card, within the turn`."""

    decision: Name
    seats: str  # seats | players
    ability: Optional[Name]
    within_turn: bool
    span: Span


@attrs.frozen
class PassStep:
    """`pass hand` (the age's direction and distance), `pass hand left`, `pass hand left 2`."""

    zone: Name
    direction: Optional[Name]
    span: Span
    distance: int = 1


@attrs.frozen
class DiscardStep:
    """`discard hand, pile to discard`."""

    zones: tuple[Name, ...]
    to: Name
    span: Span


Step = Union[EachAge, EachTurn, Repeat, IfStep, DealStep, AtStep, RoundStep, PassStep, DiscardStep]


@attrs.frozen
class Flow:
    steps: tuple[Step, ...]
    override: bool
    span: Span


@attrs.frozen
class AtBlock:
    """`at last turn { ... }`: steps attached to a moment, added layer after layer; `override at
    MOMENT { ... }` replaces those lower layers attached to it."""

    moment: Name
    steps: tuple[Step, ...]
    override: bool
    span: Span


# ---- contests -------------------------------------------------------------------------------------

@attrs.frozen
class Strength:
    expr: Expr
    span: Span


@attrs.frozen
class TakesPart:
    """`takes part: tokens(diplomacy) == 0`: the seats where the condition holds take part."""

    condition: Expr
    span: Span


@attrs.frozen
class Pairs:
    """`pairs: neighbours [where [not] partners]`, `pairs: left 2`."""

    seats: tuple[Seat, ...]
    where: tuple[Seat, ...]  # `where SEATS`: pairs form only with these seats of each other
    where_not: bool          # `where not SEATS`: pairs never form with them
    span: Span


@attrs.frozen
class Ranking:
    span: Span


@attrs.frozen
class TokenCount:
    """`tokens: 2`, `tokens: 2 - (tokens(diplomacy) > 0)`: counted for each seat a result gives tokens."""

    count: Expr
    span: Span


@attrs.frozen
class ContestAfter:
    """`after: lose 1 diplomacy token`: what each seat spends once the results are given."""

    effect: Effect
    span: Span


@attrs.frozen
class ContestWin:
    token: Name
    worth: tuple[int, ...]
    span: Span


@attrs.frozen
class ContestLose:
    token: Name
    worth: tuple[int, ...]
    span: Span


ContestClause = Union[Strength, TakesPart, Pairs, Ranking, TokenCount, ContestAfter, ContestWin, ContestLose]


@attrs.frozen
class Contest:
    name: Name
    moment: Name
    clauses: tuple[ContestClause, ...]
    override: bool
    span: Span

    def first(self, kind: type[_Clause]) -> Optional[_Clause]:
        return next((c for c in self.clauses if isinstance(c, kind)), None)


# ---- neutral seats --------------------------------------------------------------------------------

@attrs.frozen
class ControllerStarts:
    directions: tuple[Name, ...]
    span: Span


@attrs.frozen
class ControlFollows:
    zone: Name
    span: Span


@attrs.frozen
class ResolvesFirst:
    span: Span


@attrs.frozen
class PaysAnySeller:
    span: Span


@attrs.frozen
class NeverWins:
    span: Span


SeatClause = Union[ControllerStarts, ControlFollows, ResolvesFirst, PaysAnySeller, NeverWins, Prefer]


@attrs.frozen
class NeutralSeat:
    """`seat "Free City" { ... }`: a seat no player owns, its rules and its own effects."""

    name: Text
    clauses: tuple[SeatClause, ...]
    hooks: tuple[Hook, ...]
    override: bool
    span: Span

    def first(self, kind: type[_Clause]) -> Optional[_Clause]:
        return next((c for c in self.clauses if isinstance(c, kind)), None)


# ---- effects of the rule set ----------------------------------------------------------------------

@attrs.frozen
class RuleEffects:
    """`each player { each start of age: gain 1 coin }`, `each seat scores house { ... }`:
    effects of the rule set, held from the start by every player's seat or by every seat."""

    holders: str  # players | seats
    category: Optional[Name]  # the score column of their points
    hooks: tuple[Hook, ...]
    span: Span

    @property
    def words(self) -> str:
        """How the block begins: `each player`, `each seat`."""
        return f"each {self.holders[:-1]}"
