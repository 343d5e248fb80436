"""Action kinds compiled: each kind a rule set declares, ready to list, judge and carry out,
with the function that carries out one of its actions when it resolves (its payment, then its
operations in order: a card moved, a stage built, an operation run).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.action_costs import (
    ALWAYS,
    CARD_COST,
    CHAINED,
    GRANTED,
    NO_COST,
    STAGE_COST,
    costs,
    grant_for,
)
from wonderrules.interpreter.action_steps import CompiledWay, MoveStep, OpStep, StageStep, Step
from wonderrules.interpreter.effects import GainCoins, GainTokens, compile_op
from wonderrules.interpreter.engine import activate, place
from wonderrules.interpreter.expressions import compile_expr, compile_seats
from wonderrules.interpreter.value_range import MAX_VALUE, beyond, figure, written

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.values import Action

__all__ = ["CompiledAction", "compile_action"]




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
        opens = {"always": ALWAYS, "chained": CHAINED, "granted": GRANTED}
        self.ways = tuple(CompiledWay(w.name, w.free, opens[w.when], cat.ability_index[w.ability] if w.ability else -1)
                          for w in kind.ways)
        self.then = tuple(_compile_step(op, cat, kind.name) for op in kind.then)
        self.needs_stage = self.cost == STAGE_COST or any(type(s) is StageStep for s in self.then)
        self.way_by_name = {w.name: w for w in self.ways}
        #: a paid way that changes the cost -> (resource units less, coins more)
        self.way_changes = {w.name: (w.units_less, w.coins_more) for w in kind.ways
                            if not w.free and (w.units_less or w.coins_more)}
        #: the rule set's trade solver (a cost less units of choice is one of its ids)
        self.solver = cat.solver
        self.run = _executor(self, cat)

    def way(self, name: str) -> Optional[CompiledWay]:
        return self.way_by_name.get(name)


def _compile_step(op: Any, cat: Catalog, action: str) -> Step:
    if isinstance(op, ir.MoveCard):
        # the seat whose zone receives the card: the acting seat itself (None), or another
        seats = None if op.seat == ir.Relation("self") else compile_seats((op.seat,))
        return MoveStep(cat.zone_index[op.zone], seats)
    if isinstance(op, ir.BuildStage):
        return StageStep()
    compiled = compile_op(op, cat, None)
    if isinstance(compiled, (GainCoins, GainTokens)):
        compiled.where = f"action '{action}'"
    return OpStep(compiled)


def _executor(kind: CompiledAction, cat: Catalog) -> Any:
    """`run(state, seat, action, card)`: pay for an action (its cost unless its way is free, and
    each seller) and carry out its operations in order: a card moved into an active zone is built
    there by the action's way (engine.place), a stage is built. Each seller paid raises a `buys`
    event when some source listens to one (heard once the resolution is over)."""
    paying = frozenset(w.name for w in kind.ways if not w.free) if kind.cost != NO_COST else frozenset()
    granted = {w.name: w.ability for w in kind.ways if w.when == GRANTED}
    changed_ways = kind.way_changes
    stage_cost = kind.cost == STAGE_COST
    steps: list[Any] = []
    for step in kind.then:
        if isinstance(step, MoveStep):
            zone, to = step.zone, step.seats
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
        elif isinstance(step, StageStep):
            def build_stage(st: Any, seat: int, city: Any, card: Any, way: str) -> None:
                stage = city.board.stages[city.stages_built]
                city.stages_built += 1
                activate(st, seat, stage, True, way)
            steps.append(build_stage)
        else:
            op = step.op
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
                grant.used += 1
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
        st.scratch.amount = action.amount
        run(st, seat, action, card)
        st.scratch.amount = 0
    return run_with_amount


def _gain(st: Any, seat: int, city: Any, n: int, where: str) -> None:
    coins = city.coins + n
    if not -MAX_VALUE <= coins <= MAX_VALUE:
        beyond(st, f"seat {seat} would hold {figure(coins)} coins", where)
    city.coins = coins


def compile_action(kind: ir.ActionKind, cat: Catalog) -> CompiledAction:
    return CompiledAction(cat.action_index[kind.name], kind, cat)
