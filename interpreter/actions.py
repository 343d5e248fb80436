"""Actions and decisions: the kinds a rule set declares, compiled; the legal actions of a decision;
why an action is illegal; and what an action does when it resolves.

An :class:`Action` is a small immutable value: its kind, its card, its payment (a map seller seat
-> coins, as pairs in seat order, no zeros), the way its cost is paid (`""`: paid; or a declared
way such as `chain` or `free`), and an amount (for a choice of a number, such as the coins paid
of a loss).

The legal actions of a decision are listed card by card (the decider's cards of the zone its
kinds take cards from, each name once), each kind in the decision's order; for each, its ways in
their declared order: paying lists every Pareto-minimal payment the seat can afford (every exact
payment for a seat that pays any seller); a granted free way is not offered when paying costs
nothing anyway. Then the preferences (the decision's, then the seat's; see :mod:`.preferences`)
take out the actions a preferred one outranks. A kind that takes an amount (`amount LOW .. HIGH`)
offers one action per number of its range, in increasing order, with neither card nor payment.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects import GainCoins, GainTokens, LoseCoins, compile_op
from wonderrules.interpreter.errors import IllegalActionError
from wonderrules.interpreter.expressions import compile_expr, compile_seats
from wonderrules.interpreter.market import as_payment, many_context, seller_seats, trade_context
from wonderrules.interpreter.payments import TooManyPayments, by_total, pareto
from wonderrules.interpreter.preferences import apply
from wonderrules.interpreter.trading import ZERO_COST
from wonderrules.interpreter.value_range import MAX_VALUE, beyond, figure, written
from wonderrules.interpreter.words import MAX_AMOUNTS, MAX_PAYMENT_SEARCH, MAX_PAYMENTS

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.city import City
    from wonderrules.interpreter.state import State
    from wonderrules.interpreter.trading import Payments, TradeContext

__all__ = ["Action", "Decision", "IllegalActionError", "CompiledAction", "compile_action", "decision_actions",
           "legal_actions", "reason", "budget", "costs", "coins_to_bank", "grant_for"]

#: when a way is open
ALWAYS, CHAINED, GRANTED = 0, 1, 2
#: what an action costs
NO_COST, CARD_COST, STAGE_COST = 0, 1, 2


class Action(NamedTuple):
    """One choice. `pay`: coins to each seller, as (seat, coins) pairs in seat order."""

    kind: str
    card: str = ""
    pay: tuple[tuple[int, int], ...] = ()
    way: str = ""
    amount: int = 0

    def __str__(self) -> str:
        text = f"{self.kind} {self.card}".strip() if self.card else self.kind
        if self.way:
            text += f" ({self.way})"
        if self.pay:
            text += " paying " + " and ".join(f"{c} to seat {s}" for s, c in self.pay)
        if self.amount or not (self.card or self.pay or self.way):
            text += f" {self.amount}"
        return text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.card:
            out["card"] = self.card
        if self.pay:
            out["pay"] = {str(s): c for s, c in self.pay}
        if self.way:
            out["way"] = self.way
        if self.amount:
            out["amount"] = self.amount
        return out


class Decision(NamedTuple):
    """`player` must choose an action for the city at `seat` (a neutral seat's controller decides
    for it); `kind` is the decision's name in the rule set."""

    player: int
    seat: int
    kind: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "seat": self.seat, "kind": self.kind, "detail": self.detail}


# ---- compiled action kinds --------------------------------------------------------------------------

class CompiledAction:
    """An action kind ready to list, judge and carry out."""

    __slots__ = ("index", "name", "title", "card_zone", "unique_zone", "requires", "cost", "ways", "then",
                 "needs_stage", "way_by_name", "way_changes", "run", "solver", "amounts", "amounts_written")

    def __init__(self, index: int, kind: ir.ActionKind, cat: Catalog) -> None:
        self.index = index
        self.name = kind.name
        self.title = kind.title
        self.card_zone = cat.zone_index[kind.card_from] if kind.card_from else -1
        self.unique_zone = cat.zone_index[kind.unique_in] if kind.unique_in else -1
        self.requires = tuple((compile_expr(r.condition, cat), r.reason) for r in kind.requires)
        #: for a kind that takes an amount: its least and greatest value, for the deciding seat
        self.amounts = (compile_expr(kind.amount_from, cat), compile_expr(kind.amount_to, cat)) \
            if kind.amount_from is not None and kind.amount_to is not None else None
        #: its range as written (`0 .. min(loss, coins)`), for a sentence
        self.amounts_written = f"{written(kind.amount_from)} .. {written(kind.amount_to)}" \
            if kind.amount_from is not None and kind.amount_to is not None else ""
        self.cost = {"none": NO_COST, "card": CARD_COST, "stage": STAGE_COST}[kind.cost]
        self.ways = tuple((w.name, w.free, {"always": ALWAYS, "chained": CHAINED, "granted": GRANTED}[w.when],
                           cat.ability_index[w.ability] if w.ability else -1) for w in kind.ways)
        self.then = tuple(_compile_step(op, cat, kind.name) for op in kind.then)
        self.needs_stage = self.cost == STAGE_COST or any(s[0] == "stage" for s in self.then)
        self.way_by_name = {w[0]: w for w in self.ways}
        #: a paid way that changes the cost -> (resource units less, coins more)
        self.way_changes = {w.name: (w.units_less, w.coins_more) for w in kind.ways
                            if not w.free and (w.units_less or w.coins_more)}
        #: the rule set's trade solver (a cost less units of choice is one of its ids)
        self.solver = cat.solver
        self.run = _executor(self, cat)

    def way(self, name: str) -> Optional[tuple[str, bool, int, int]]:
        return self.way_by_name.get(name)


def _compile_step(op: Any, cat: Catalog, action: str) -> tuple[Any, ...]:
    if isinstance(op, ir.MoveCard):
        # the seat whose zone receives the card: the acting seat itself (None), or another
        seats = None if op.seat == ir.Relation("self") else compile_seats((op.seat,))
        return ("move", cat.zone_index[op.zone], seats)
    if isinstance(op, ir.BuildStage):
        return ("stage",)
    compiled = compile_op(op, cat, None)
    if isinstance(compiled, (GainCoins, GainTokens)):
        compiled.where = f"action '{action}'"
    return ("op", compiled)


def _executor(kind: CompiledAction, cat: Catalog) -> Any:
    """`run(state, seat, action, card)`: pay for an action (its cost unless its way is free, and
    each seller) and carry out its operations in order: a card moved into an active zone is built
    there by the action's way (engine.place), a stage is built. Each seller paid raises a `buys`
    event when some source listens to one (heard once the resolution is over)."""
    from wonderrules.interpreter.engine import activate, place

    paying = frozenset(w[0] for w in kind.ways if not w[1]) if kind.cost != NO_COST else frozenset()
    granted = {w[0]: w[3] for w in kind.ways if w[2] == GRANTED}
    changed_ways = kind.way_changes
    stage_cost = kind.cost == STAGE_COST
    steps: list[Any] = []
    for step in kind.then:
        if step[0] == "move":
            zone, to = step[1], step[2]
            if cat.zones[zone].per == "shared":
                steps.append(lambda st, seat, city, card, way, z=zone: st.shared[z].append(card) if card else None)
            elif to is None and cat.zones[zone].active and zone == cat.card_zone_id:
                def build(st: Any, seat: int, city: Any, card: Any, way: str) -> None:  # engine.place, inlined
                    if card is not None:
                        city.built.append(card)
                        city.names.add(card.name)
                        if card.colour_id >= 0:
                            city.colour_counts[card.colour_id] += 1
                        activate(st, seat, card, True, way)
                steps.append(build)
            elif to is None:
                steps.append(lambda st, seat, city, card, way, z=zone: place(st, seat, card, z, way) if card else None)
            else:
                def move(st: Any, seat: int, city: Any, card: Any, way: str, z: int = zone, to: Any = to) -> None:
                    if card is not None:
                        targets = to(st, seat, seat)
                        place(st, targets[0] if targets else seat, card, z, way)
                steps.append(move)
        elif step[0] == "stage":
            def build_stage(st: Any, seat: int, city: Any, card: Any, way: str) -> None:
                stage = city.board.stages[city.stages_built]
                city.stages_built += 1
                activate(st, seat, stage, True, way)
            steps.append(build_stage)
        else:
            op = step[1]
            if isinstance(op, GainCoins) and op.constant is not None and "coins" not in cat.events_listened:
                n, where = op.constant, op.where
                steps.append(lambda st, seat, city, card, way, n=n, where=where: _gain(st, seat, city, n, where))
            else:
                steps.append(lambda st, seat, city, card, way, op=op: op.run(st, seat))
    run_steps = tuple(steps)
    # each seller paid is recorded when some source of the rule set listens to purchases: one
    # that becomes active later in the resolution hears them too
    buys_heard = "buys" in cat.events_listened

    def run(st: Any, seat: int, action: Action, card: Optional[Source]) -> None:
        city = st.cities[seat]
        pay = action.pay
        paid = 0
        for _, c in pay:
            paid += c
        way = action.way
        if way in paying:
            src = city.board.stages[city.stages_built] if stage_cost else card
            if src is not None:
                paid += costs(city, kind, src)[0] if city.cost_changes else src.coins
                if way in changed_ways:
                    paid += changed_ways[way][1]
        if granted and way in granted:
            grant = grant_for(city, granted[way], card)
            if grant is not None:
                grant[4] += 1
        if paid:
            city.coins -= paid
            city.spent += paid
            cities = st.cities
            for s, c in pay:
                held = cities[s].coins + c
                if held > MAX_VALUE:
                    beyond(st, f"seat {s} would hold {figure(held)} coins", f"paid by seat {seat}")
                cities[s].coins = held
            if buys_heard and pay:
                st.raised.extend(("buys", seat, -1, "", s, None) for s, c in pay if c)
        for step in run_steps:
            step(st, seat, city, card, way)
    if kind.amounts is None:
        return run

    def run_with_amount(st: Any, seat: int, action: Action, card: Optional[Source]) -> None:
        """The same, with `amount` bound to the action's while it runs."""
        st.amount = action.amount
        run(st, seat, action, card)
        st.amount = 0
    return run_with_amount


def _gain(st: Any, seat: int, city: Any, n: int, where: str) -> None:
    coins = city.coins + n
    if not -MAX_VALUE <= coins <= MAX_VALUE:
        beyond(st, f"seat {seat} would hold {figure(coins)} coins", where)
    city.coins = coins


def compile_action(kind: ir.ActionKind, cat: Catalog) -> CompiledAction:
    return CompiledAction(cat.action_index[kind.name], kind, cat)


# ---- budgets and costs ------------------------------------------------------------------------------

def budget(st: State, seat: int, within: bool) -> int:
    """Coins a city may spend now: its coins; within the turn, what it held at the start of the
    turn less what it spent since (coins received during a turn are spent on the next one)."""
    city = st.cities[seat]
    if within:
        return max(0, min(city.coins, city.turn_start_coins - city.spent))
    return city.coins


def costs(city: City, kind: CompiledAction, src: Source) -> tuple[int, int]:
    """(coins, cost id) of a card or stage for this city, after the cost changes that apply."""
    coins, cost_id = src.coins, src.cost_id
    changes = city.cost_changes.get(kind.index) if city.cost_changes else None
    if changes:
        units = 0
        for change in changes:
            if change.colours and src.colour_id not in change.colours:
                continue
            if change.no_resources:
                cost_id = ZERO_COST
            if change.no_coins:
                coins = 0
            elif change.coins_less:
                coins = max(0, coins - change.coins_less)
            units += change.units_less
        if units and cost_id != ZERO_COST:
            cost_id = kind.solver.less(cost_id, units)
    return coins, cost_id


def changed_cost(kind: CompiledAction, change: tuple[int, int], coins: int, cost_id: int) -> tuple[int, int]:
    """(coins, cost id) of a cost paid by a way that changes it: fewer resource units of the
    payer's choice, more coins."""
    units, more = change
    if units and cost_id != ZERO_COST:
        cost_id = kind.solver.less(cost_id, units)
    return coins + more, cost_id


def dominated(split: tuple[int, ...], plain: list[tuple[int, ...]]) -> bool:
    """Whether a payment by a way that costs coins more pays every seller at least what one of
    the plain payments pays: the plain one is then better."""
    return any(all(a <= b for a, b in zip(p, split)) for p in plain)


def coins_to_bank(st: State, player: int, action: Action) -> int:
    """The coins a legal `action` of `player`'s pending decision pays to the bank: the coins of
    the cost of its card or stage (after the cost changes of its city) unless its way is free,
    or the coins paid of a loss; as the cost stands now, when the action is chosen. Read by
    accounts of a game; the executor pays the same figure when the action resolves."""
    asked = st.asked[player]
    kind = st.catalog.action_by_name[action.kind]
    if kind.amounts is not None:
        return bank_share(st, asked[1], kind, action)
    way = kind.way(action.way)
    if kind.cost == NO_COST or way is None or way[1]:
        return 0
    city = st.cities[asked[1]]
    if kind.cost == STAGE_COST:
        src = city.board.stages[city.stages_built]
    else:
        src = next(c for c in st.zone(kind.card_zone, player) if c.name == action.card)
    paid = costs(city, kind, src)[0] if city.cost_changes else src.coins
    return paid + kind.way_changes.get(action.way, (0, 0))[1] if kind.way_changes else paid


def grant_for(city: City, ability: int, src: Optional[Source]) -> Optional[list[Any]]:
    """An unused grant of an ability that fits the card."""
    for grant in city.grants:
        if grant[0] == ability and (not grant[2] or grant[4] < grant[3]) and (
                not grant[1] or (src is not None and src.colour_id in grant[1])):
            return grant
    return None


def _chained(city: City, src: Source) -> bool:
    chains = src.chains_from
    return bool(chains) and not chains.isdisjoint(city.names)


# ---- legal actions ------------------------------------------------------------------------------------

def legal_actions(st: State, player: int) -> list[Action]:
    asked = st.asked[player]
    if asked[0] == "round":
        return decision_actions(st, player, asked[1], asked[2], asked[3])
    return decision_actions(st, player, asked[1], asked[2], False)


def decision_actions(st: State, player: int, seat: int, decision: int, within: bool) -> list[Action]:
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


def amount_range(st: State, seat: int, kind: CompiledAction) -> tuple[int, int]:
    """The least and greatest amount an action of `kind` takes for `seat` now (see ir.ActionKind)."""
    assert kind.amounts is not None
    low, high = kind.amounts
    return low(st, seat, seat, None), high(st, seat, seat, None)


def amount_actions(st: State, seat: int, kind: CompiledAction) -> list[Action]:
    """One action per amount of the kind's range, in increasing order (none when the range is
    empty); a range of more than MAX_AMOUNTS + 1 values stops the game."""
    low, high = amount_range(st, seat, kind)
    if high - low > MAX_AMOUNTS:
        from wonderrules.interpreter.engine import stop

        stop(st, f"seat {seat} would choose among {figure(high - low + 1)} amounts of '{kind.name}' "
                 f"({figure(low)} to {figure(high)}): an action offers at most {figure(MAX_AMOUNTS + 1)} amounts")
    name = kind.name
    return [tuple.__new__(Action, (name, "", (), "", k)) for k in range(low, high + 1)]


def bank_share(st: State, seat: int, kind: CompiledAction, action: Action) -> int:
    """The coins an action that takes an amount pays to the bank: what its `lose` operations take
    from the acting city, counted with its amount (never more than the city holds)."""
    coins = st.cities[seat].coins
    paid = 0
    st.amount = action.amount
    try:
        for step in kind.then:
            op = step[1] if step[0] == "op" else None
            if isinstance(op, LoseCoins) and seat in op.targets(st, seat, seat):
                paid += max(0, min(op.amount(st, seat, seat, None), coins - paid))
    finally:
        st.amount = 0
    return paid


def _distinct(cards: list[Source]) -> list[Source]:
    seen: set[str] = set()
    out = []
    for card in cards:
        if card.name not in seen:
            seen.add(card.name)
            out.append(card)
    return out


def _seat_info(st: State, seat: int, neutral: Optional[ir.NeutralSeat]) -> tuple[Any, ...]:
    """What listing needs of a seat that never changes in a game: its sellers (and the first
    two, as the solver's slots), whether it pays any seller, its own preferences (in the order
    they apply), the table of the actions handed out for its sellers, its view (the index of the
    catalog's listing for a neutral seat with its own preferences or every payment; -1: a player's
    seat's), whether it lists otherwise than a player's seat (its own view, or more than two
    sellers), whether it has more than two sellers."""
    sellers = seller_seats(st, seat)
    s0 = sellers[0] if sellers else -1
    s1 = sellers[1] if len(sellers) > 1 else -1
    many = len(sellers) > 2
    #: the actions handed out for these sellers, shared by the games of the table
    table = st.game.interned.setdefault(sellers if many else (s0, s1), {})
    every = neutral is not None and neutral.every_payment
    view = st.catalog.seat_views.get((every, neutral.prefer), -1) if neutral is not None else -1
    prefer = st.catalog.view_prefer[view] if view >= 0 else ()
    return (sellers, s0, s1, every, prefer, table, view, view >= 0 or many, many)


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


def payments(st: State, cost_id: int, ctx: TradeContext, every: bool) -> tuple[tuple[int, int], ...]:
    """The payments of a cost in a trade context: the Pareto-minimal ones, or every exact one."""
    if cost_id == ZERO_COST:
        return _FREE
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


def too_many_payments(st: State, seat: int, cost_id: int, sellers: int) -> NoReturn:
    """Stop the game: the ways for `seat` to pay a cost go beyond the bound of the search."""
    from wonderrules.interpreter.engine import stop

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

    def __init__(self, st: State, seat: int, city: City, within: bool, neutral: Optional[ir.NeutralSeat]) -> None:
        self.st = st
        self.seat = seat
        self.city = city
        self.within = within
        self.coins = budget(st, seat, within)
        self.ctx: Any = None
        info = st.seat_info[seat]
        if info is None:
            info = st.seat_info[seat] = _seat_info(st, seat, neutral)
        self.sellers, _, _, self.every, self.prefer, self.table, _, _, self.many = info
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
            return _FREE
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


def list_by_card(st: State, player: int, seat: int, within: bool, kinds: tuple[CompiledAction, ...],
                 decision: int) -> list[Action]:
    """The legal actions of a decision whose kinds all take their card from one zone, card by
    card, each kind in order: what the lists the catalog writes (:mod:`.listing`) give, for a seat
    they hand over (a buyer with more than two sellers)."""
    lister = _Lister(st, seat, st.cities[seat], within, st.neutral.get(seat) if st.neutral else None)
    for card in _distinct(st.zone(kinds[0].card_zone, player)):
        lister.card(kinds, card)
    return lister.finish(decision)


_FREE = ((0, 0),)
#: nothing paid to anybody
_NOTHING = (0, 0)


def _by_total(p: tuple[int, int]) -> tuple[int, int]:
    return (p[0] + p[1], p[0])


# ---- judging an action ------------------------------------------------------------------------------------

def reason(st: State, player: int, action: Action) -> str:
    """A sentence saying why `action` is not among the legal actions of `player` now (the
    sentence of :func:`.refusals.refusal`)."""
    from wonderrules.interpreter.refusals import refusal

    return refusal(st, player, action).sentence
