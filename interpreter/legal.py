"""The legal actions of a decision, listed; and why an action is not among them.

The legal actions of a decision are listed card by card (the decider's cards of the zone its
kinds take cards from, each name once), each kind in the decision's order; for each, its ways in
their declared order: paying lists every Pareto-minimal payment the seat can afford (every exact
payment for a seat that pays any seller); a granted free way is not offered when paying costs
nothing anyway. Then the preferences (the decision's, then the seat's; see :mod:`.preferences`)
take out the actions a preferred one outranks. A kind that takes an amount (`amount LOW .. HIGH`)
offers one action per number of its range, in increasing order, with neither card nor payment.

A decision whose kinds all take their card from one zone is listed by the function the catalog
writes for it (:mod:`.listing`); :class:`_Lister` here lists any other, and is the reference
those functions are checked against. Why an action is refused is :mod:`.refusals`'.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any, NoReturn, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.action_costs import (
    CHAINED,
    GRANTED,
    NO_COST,
    STAGE_COST,
    budget,
    changed_cost,
    costs,
    dominated,
    grant_for,
)
from wonderrules.interpreter.market import as_payment, many_context, seller_seats, trade_context
from wonderrules.interpreter.payments import TooManyPayments, by_total, pareto
from wonderrules.interpreter.preferences import apply
from wonderrules.interpreter.stopping import stop
from wonderrules.interpreter.trading import ZERO_COST
from wonderrules.interpreter.value_range import figure
from wonderrules.interpreter.values import Action
from wonderrules.interpreter.words import MAX_AMOUNTS, MAX_PAYMENT_SEARCH, MAX_PAYMENTS

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.action_kinds import CompiledAction
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.city import City
    from wonderrules.interpreter.game_data import GameData
    from wonderrules.interpreter.preferences import CompiledPreference
    from wonderrules.interpreter.trading import Payments, TradeContext

__all__ = ["legal_actions", "decision_actions", "amount_range", "amount_actions", "SeatInfo", "seat_info_of",
           "new_pay", "new_free_action", "new_split_action", "payments", "many_payments", "too_many_payments",
           "list_by_card", "NOTHING_TO_PAY", "reason"]


def legal_actions(st: GameData, player: int) -> list[Action]:
    asked = st.asked[player]
    return decision_actions(st, player, asked.seat, asked.decision, asked.within)


def decision_actions(st: GameData, player: int, seat: int, decision: int, within: bool) -> list[Action]:
    """Every legal action of a decision for `seat`, decided by `player` (see the module's text).
    A decision whose kinds all take their card from one zone (and have no requirements) is listed
    by the function the catalog wrote for it (:mod:`.listing`); any other, kind by kind here."""
    cat = st.catalog
    listing = cat.decision_listings[decision]
    if listing is not None:
        return listing(st, player, seat, within)
    kinds = cat.decision_kinds[decision]
    city = st.cities[seat]
    kinds = tuple(k for k in kinds if all(fn(st, seat, seat, None) for fn, _ in k.requires))
    if all(k.amounts is not None for k in kinds):  # a choice of numbers: nothing to buy or restrict
        return [a for kind in kinds for a in amount_actions(st, seat, kind)]
    neutral = st.neutral.get(seat) if st.neutral else None
    lister = _Lister(st, seat, city, within, neutral)
    for kind in kinds:
        if kind.amounts is not None:
            lister.out.extend(amount_actions(st, seat, kind))
        elif kind.card_zone < 0:
            lister.list(kind, None)
        else:
            for card in _distinct(st.zone(kind.card_zone, player)):
                lister.list(kind, card)
    return lister.finish(decision)


def amount_range(st: GameData, seat: int, kind: CompiledAction) -> tuple[int, int]:
    """The least and greatest amount an action of `kind` takes for `seat` now (see ir.ActionKind)."""
    assert kind.amounts is not None
    low, high = kind.amounts
    return low(st, seat, seat, None), high(st, seat, seat, None)


def amount_actions(st: GameData, seat: int, kind: CompiledAction) -> list[Action]:
    """One action per amount of the kind's range, in increasing order (none when the range is
    empty); a range of more than MAX_AMOUNTS + 1 values stops the game."""
    low, high = amount_range(st, seat, kind)
    if high - low > MAX_AMOUNTS:
        stop(st, f"seat {seat} would choose among {figure(high - low + 1)} amounts of '{kind.name}' "
                 f"({figure(low)} to {figure(high)}): an action offers at most {figure(MAX_AMOUNTS + 1)} amounts")
    name = kind.name
    return [tuple.__new__(Action, (name, "", (), "", k)) for k in range(low, high + 1)]


def _distinct(cards: list[Source]) -> list[Source]:
    seen: set[str] = set()
    out = []
    for card in cards:
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


class SeatInfo:
    """What listing needs of a seat that never changes in a game (one per seat, shared by the
    games of a table: :mod:`.table_caches`); slotted, never changed once made."""

    __slots__ = ("sellers", "every", "prefer", "table", "view", "listed_apart", "many")

    def __init__(self, sellers: tuple[int, ...], every: bool, prefer: tuple[CompiledPreference, ...],
                 table: dict[Any, Any], view: int, many: bool) -> None:
        #: the seats it buys from, in the market's order
        self.sellers = sellers
        #: it is offered every exact payment (a neutral seat that pays any seller), not only the
        #: Pareto-minimal ones
        self.every = every
        #: its own preferences, in the order they apply
        self.prefer = prefer
        #: the actions handed out for its sellers, shared by the games of the table
        self.table = table
        #: the index of the catalog's listing for a neutral seat with its own preferences or every
        #: payment (:attr:`.Catalog.seat_views`); -1: a player's seat's
        self.view = view
        #: it lists otherwise than a player's seat: a view of its own, or more than two sellers
        self.listed_apart = view >= 0 or many
        #: it has more than two sellers
        self.many = many


def seat_info_of(st: GameData, seat: int, neutral: Optional[ir.NeutralSeat]) -> SeatInfo:
    """What listing needs of the seat (see SeatInfo), found once per table."""
    sellers = seller_seats(st, seat)
    many = len(sellers) > 2
    if many:
        key = sellers
    else:  # the two slots of the packed solver (-1: none)
        key = (sellers[0] if sellers else -1, sellers[1] if len(sellers) > 1 else -1)
    table = st.caches.interned.setdefault(key, {})
    every = neutral is not None and neutral.every_payment
    view = st.catalog.seat_views.get((every, neutral.prefer), -1) if neutral is not None else -1
    prefer = st.catalog.view_prefer[view] if view >= 0 else ()
    return SeatInfo(sellers, every, prefer, table, view, many)


def new_pay(table: dict[tuple[Any, ...], Any], sellers: tuple[int, ...], left: int, right: int
            ) -> tuple[tuple[int, int], ...]:
    """The payment of `left` coins to the first seller and `right` to the second, kept in the
    table of these sellers (one object per split, shared by the actions of every card).

    A listed Action that pays someone is a new object at every listing: a table of them would
    hold one per seller pair, card, way and split, and reading that many objects scattered in
    memory costs more than making a few fresh ones. Actions that pay nobody are the same for
    every seat: listing holds one per card name, kind and way, made once per rule set."""
    if not (left or right):
        pay: tuple[tuple[int, int], ...] = ()
    elif not right:
        pay = ((sellers[0], left),)
    elif not left:
        pay = ((sellers[1], right),)
    else:
        pay = ((sellers[0], left), (sellers[1], right)) if sellers[0] < sellers[1] else \
            ((sellers[1], right), (sellers[0], left))
    table[(left, right)] = pay
    return pay


def new_free_action(kname: str, name: str, wname: str) -> Action:
    """A new Action of this kind and way that pays nobody (listing holds one for every card of
    the rule set already: this serves any other name)."""
    return tuple.__new__(Action, (kname, name, (), wname, 0))


def new_split_action(table: dict[tuple[Any, ...], Action], sellers: tuple[int, ...], kname: str, name: str,
                     split: tuple[int, ...], wname: str) -> Action:
    """A new Action for a buyer with more than two sellers (`split`: coins per seller), kept in
    the table of its sellers (one object per value; a table that grows past its bound starts
    again)."""
    if len(table) > 100_000:
        table.clear()
    found = table[(kname, name, split, wname)] = Action(kname, name, as_payment(sellers, split), wname)
    return found


def payments(st: GameData, cost_id: int, ctx: TradeContext, every: bool) -> tuple[tuple[int, int], ...]:
    """The payments of a cost in a trade context: the Pareto-minimal ones, or every exact one."""
    if cost_id == ZERO_COST:
        return NOTHING_TO_PAY
    solver = st.catalog.solver
    found: Optional[Payments] = ctx[0].get(cost_id)
    if found is None:
        found = solver.answer(cost_id, ctx)
    if every and found:
        return tuple(sorted(solver.achievable(cost_id, ctx), key=_by_total))
    return found


def many_payments(cat: Catalog, cost_id: int, ctx: Any, exact: bool) -> tuple[tuple[int, ...], ...]:
    """A buyer with more than two sellers: its Pareto-minimal payments of a cost (`exact`: every
    exact payment), over the costs it may be paid as (see TradeSolver.less)."""
    solver = cat.many_sellers
    variants = cat.solver.variants(cost_id)
    if len(variants) == 1:
        cost = cat.solver.cost_of(cost_id)
        return solver.exact(cost, ctx) if exact else solver.options(cost, ctx)
    found = [p for v in variants for p in (solver.exact(cat.solver.cost_of(v), ctx) if exact else
                                          solver.options(cat.solver.cost_of(v), ctx))]
    if exact:
        return tuple(sorted(set(found), key=by_total))
    return pareto(found)


def too_many_payments(st: GameData, seat: int, cost_id: int, sellers: int) -> NoReturn:
    """Stop the game: the ways for `seat` to pay a cost go beyond the bound of the search."""
    cat = st.catalog
    cost = ", ".join(f"{n} {cat.resources[r]}" for r, n in enumerate(cat.solver.cost_of(cost_id)) if n)
    stop(st, f"seat {seat} could pay {cost} to its {sellers} sellers in more ways than the engine lists: a cost "
             f"is paid in at most {figure(MAX_PAYMENTS)} ways, found in at most {figure(MAX_PAYMENT_SEARCH)} steps")


class _Lister:
    """The legal actions of one decision, kind by kind and card by card (see the module's text).
    A payment is the coins to each seller, in seller order (two entries for the packed solver's
    sellers, one per seller for a buyer with more)."""

    __slots__ = ("st", "seat", "city", "within", "coins", "ctx", "sellers", "every", "table", "many",
                 "stage_pays", "out", "prefer")

    def __init__(self, st: GameData, seat: int, city: City, within: bool, neutral: Optional[ir.NeutralSeat]) -> None:
        self.st = st
        self.seat = seat
        self.city = city
        self.within = within
        self.coins = budget(st, seat, within)
        self.ctx: Any = None
        info = st.caches.seat_info[seat]
        if info is None:
            info = st.caches.seat_info[seat] = seat_info_of(st, seat, neutral)
        self.sellers, self.every, self.prefer, self.table, self.many = (info.sellers, info.every, info.prefer,
                                                                        info.table, info.many)
        self.stage_pays: dict[int, list[tuple[int, ...]]] = {}
        self.out: list[Action] = []

    def action(self, kname: str, name: str, split: tuple[int, ...], wname: str) -> Action:
        """The Action: a new one for two sellers (its payment shared by the table's games), one
        object per value for more."""
        table = self.table
        if self.many:
            found = table.get((kname, name, split, wname))
            return found if found is not None else new_split_action(table, self.sellers, kname, name, split, wname)
        left, right = split
        pay = table.get(split)
        if pay is None:
            pay = new_pay(table, self.sellers, left, right)
        return tuple.__new__(Action, (kname, name, pay, wname, 0))

    def context(self) -> Any:
        ctx = self.ctx
        if ctx is None:
            if self.many:
                ctx = self.ctx = many_context(self.st, self.seat, self.within)
            else:
                ctx = self.ctx = trade_context(self.st, self.seat, self.within)
        return ctx

    def payments(self, cost_id: int) -> tuple[tuple[int, ...], ...]:
        if cost_id == ZERO_COST:
            return NOTHING_TO_PAY
        if self.many:
            try:
                return many_payments(self.st.catalog, cost_id, self.context(), self.every)
            except TooManyPayments:
                too_many_payments(self.st, self.seat, cost_id, len(self.sellers))
        return payments(self.st, cost_id, self.context(), self.every)

    def list(self, kind: CompiledAction, card: Optional[Source]) -> None:
        city = self.city
        out = self.out
        name = card.name if card is not None else ""
        uz = kind.unique_zone
        if uz >= 0 and card is not None:
            if uz == city.card_zone:
                if name in city.names:
                    return
            elif any(c.name == name for c in self.st.zone(uz, self.seat)):
                return
        cost = kind.cost
        kname = kind.name
        if kind.needs_stage:
            stages = city.board.stages
            if city.stages_built >= len(stages):
                return
        if cost == STAGE_COST:
            pays = self.stage_pays.get(kind.index)
            if pays is None:
                sc, sid = costs(city, kind, city.board.stages[city.stages_built])
                coins = self.coins
                pays = [p for p in self.payments(sid) if sc + sum(p) <= coins] if sc <= coins else []
                self.stage_pays[kind.index] = pays
            for wname, free, when, ability in kind.ways:
                if free:
                    if when == GRANTED and grant_for(city, ability, card) is None:
                        continue
                    out.append(self.action(kname, name, _NOTHING, wname))
                    continue
                change = kind.way_changes.get(wname) if kind.way_changes else None
                if change is not None:
                    if when != GRANTED or grant_for(city, ability, card) is not None:
                        sc, sid = costs(city, kind, city.board.stages[city.stages_built])
                        self.changed(kind, name, wname, change, sc, sid, pays)
                    continue
                for split in pays:
                    out.append(self.action(kname, name, split, wname))
            return
        free_already = False
        for wname, free, when, ability in kind.ways:
            if when == CHAINED:
                if card is not None:
                    chains = card.chains_from
                    if chains and not chains.isdisjoint(city.names):
                        out.append(self.action(kname, name, _NOTHING, wname))
                continue
            if when == GRANTED:
                if free_already or grant_for(city, ability, card) is None:
                    continue
                if free:
                    out.append(self.action(kname, name, _NOTHING, wname))
                    continue
            if free or cost == NO_COST or card is None:
                out.append(self.action(kname, name, _NOTHING, wname))
                free_already = True
                continue
            if city.cost_changes:
                cc, cid = costs(city, kind, card)
            else:
                cc, cid = card.coins, card.cost_id
            coins = self.coins
            change = kind.way_changes.get(wname) if kind.way_changes else None
            if change is not None:
                plain = [p for p in self.payments(cid) if cc + sum(p) <= coins] if cc <= coins else []
                self.changed(kind, name, wname, change, cc, cid, plain)
                continue
            if cc > coins:
                continue
            for split in self.payments(cid):
                paid = sum(split)
                if cc + paid <= coins:
                    out.append(self.action(kname, name, split, wname))
                    if not (cc or paid):
                        free_already = True

    def changed(self, kind: CompiledAction, name: str, wname: str, change: tuple[int, int], cc: int, cid: int,
                plain: builtins.list[tuple[int, ...]]) -> None:
        """The payments by a way that changes the cost (coins `cc`, cost id `cid` as it is), each
        unless a plain payment (`plain`, affordable) pays every seller as little."""
        if cid == ZERO_COST:
            return  # nothing to buy: the way would only cost more
        cc, cid = changed_cost(kind, change, cc, cid)
        coins = self.coins
        if cc > coins:
            return
        for split in self.payments(cid):
            if cc + sum(split) <= coins and not dominated(split, plain):
                self.out.append(self.action(kind.name, name, split, wname))

    def card(self, kinds: tuple[CompiledAction, ...], card: Source) -> None:
        """Every kind for one card."""
        for kind in kinds:
            self.list(kind, card)

    def finish(self, decision: int) -> builtins.list[Action]:  # `list` here is the method above
        """The list, once the preferences of the decision and of the seat have taken out what a
        preferred action outranks."""
        prefer = self.st.catalog.decision_prefer[decision] + self.prefer
        return apply(self.out, prefer) if prefer else self.out


def list_by_card(st: GameData, player: int, seat: int, within: bool, kinds: tuple[CompiledAction, ...],
                 decision: int) -> list[Action]:
    """The legal actions of a decision whose kinds all take their card from one zone, card by
    card, each kind in order: what the lists the catalog writes (:mod:`.listing`) give, for a seat
    they hand over (a buyer with more than two sellers)."""
    lister = _Lister(st, seat, st.cities[seat], within, st.neutral.get(seat) if st.neutral else None)
    for card in _distinct(st.zone(kinds[0].card_zone, player)):
        lister.card(kinds, card)
    return lister.finish(decision)


#: the payments of a cost of nothing: one, nothing to anybody
NOTHING_TO_PAY = ((0, 0),)
#: nothing paid to anybody
_NOTHING = (0, 0)


def _by_total(p: tuple[int, int]) -> tuple[int, int]:
    return (p[0] + p[1], p[0])


# ---- judging an action ------------------------------------------------------------------------------------

def reason(st: GameData, player: int, action: Action) -> str:
    """A sentence saying why `action` is not among the legal actions of `player` now (the
    sentence of :func:`.refusals.refusal`)."""
    from wonderrules.interpreter.refusals import refusal

    return refusal(st, player, action).sentence
