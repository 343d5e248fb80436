"""What an action of a kind costs a city now: the coins it may spend, the cost of a card or a
stage after the city's cost changes, the grants that waive it, and the coins an action pays to
the bank. Listing (:mod:`.legal`), explaining (:mod:`.refusals`) and carrying out
(:mod:`.action_kinds`) an action read the same figures here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from wonderrules.interpreter.action_steps import OpStep
from wonderrules.interpreter.effects import LoseCoins
from wonderrules.interpreter.trading import ZERO_COST

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.action_kinds import CompiledAction
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.city import City
    from wonderrules.interpreter.game_data import GameData
    from wonderrules.interpreter.grants import CityGrant
    from wonderrules.interpreter.values import Action

__all__ = ["ALWAYS", "CHAINED", "GRANTED", "NO_COST", "CARD_COST", "STAGE_COST", "budget", "costs", "changed_cost",
           "dominated", "coins_to_bank", "bank_share", "grant_for", "chained"]

#: when a way is open
ALWAYS, CHAINED, GRANTED = 0, 1, 2
#: what an action costs
NO_COST, CARD_COST, STAGE_COST = 0, 1, 2


def budget(st: GameData, seat: int, within: bool) -> int:
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


def coins_to_bank(st: GameData, player: int, action: Action) -> int:
    """The coins a legal `action` of `player`'s pending decision pays to the bank: the coins of
    the cost of its card or stage (after the cost changes of its city) unless its way is free,
    or the coins paid of a loss; as the cost stands now, when the action is chosen. Read by
    accounts of a game; the executor pays the same figure when the action resolves."""
    asked = st.asked[player]
    kind = st.catalog.action_by_name[action.kind]
    if kind.amounts is not None:
        return bank_share(st, asked.seat, kind, action)
    way = kind.way(action.way)
    if kind.cost == NO_COST or way is None or way.free:
        return 0
    city = st.cities[asked.seat]
    if kind.cost == STAGE_COST:
        src = city.board.stages[city.stages_built]
    else:
        src = next(c for c in st.zone(kind.card_zone, player) if c.name == action.card)
    paid = costs(city, kind, src)[0] if city.cost_changes else src.coins
    return paid + kind.way_changes.get(action.way, (0, 0))[1] if kind.way_changes else paid


def grant_for(city: City, ability: int, src: Optional[Source]) -> Optional[CityGrant]:
    """An unused grant of an ability that fits the card."""
    for grant in city.grants:
        if grant.ability == ability and (not grant.period or grant.used < grant.uses) and (
                not grant.colours or (src is not None and src.colour_id in grant.colours)):
            return grant
    return None


def chained(city: City, src: Source) -> bool:
    chains = src.chains_from
    return bool(chains) and not chains.isdisjoint(city.names)


def bank_share(st: GameData, seat: int, kind: CompiledAction, action: Action) -> int:
    """The coins an action that takes an amount pays to the bank: what its `lose` operations take
    from the acting city, counted with its amount (never more than the city holds)."""
    coins = st.cities[seat].coins
    paid = 0
    st.scratch.amount = action.amount
    try:
        for step in kind.then:
            op = step.op if type(step) is OpStep else None
            if isinstance(op, LoseCoins) and seat in op.targets(st, seat, seat):
                paid += max(0, min(op.amount(st, seat, seat, None), coins - paid))
    finally:
        st.scratch.amount = 0
    return paid
