"""Legal actions for a pending decision, and a reason for any illegal one."""

from __future__ import annotations

from typing import Optional

from wonderrules.interpreter.actions import BUILD, PAY, PICK, SELL, STAGE, Action, Decision
from wonderrules.interpreter.catalog import Catalog
from wonderrules.interpreter.trade_search import missing_resources
from wonderrules.interpreter.trading import ANSWERS, ZERO_COST

__all__ = ["actions_for", "reason", "discard_choices", "budget"]


def budget(state, dec: Decision) -> int:
    """Coins a city may spend now: its coins at the start of the turn (coins received during a
    turn are spendable only on the next one)."""
    city = state.cities[dec.seat]
    if dec.kind == "extra":
        return max(0, min(city.coins, city.turn_start_coins - city.spent))
    return city.coins


def discard_choices(state, seat: int) -> list[str]:
    """Distinct names in the discard pile that the city does not hold yet."""
    names = state.cities[seat].names
    out: list[str] = []
    for card in state.discard:
        if card.name not in names and card.name not in out:
            out.append(card.name)
    return out


def _free_build_slot(city, card) -> Optional[list]:
    for fb in city.free_builds:
        if not fb[1] and (not fb[0] or card.colour in fb[0]):
            return fb
    return None


def _stage_cost_id(city, stage) -> int:
    if city.free_stage_resources:
        return ZERO_COST
    return stage.cost_id


def actions_for(state, dec: Decision) -> list[Action]:
    if dec.kind == PAY:
        seat, amount, _ = state._losses[dec.player]
        top = min(amount, state.cities[seat].coins)
        return [Action(PAY, coins=k) for k in range(top + 1)]
    if dec.kind == PICK:
        return [Action(PICK, name) for name in discard_choices(state, dec.seat)]
    return _play_actions(state, dec)


_new = tuple.__new__


def _action(actions: dict, kind: str, name: str, left: int, right: int, means: str) -> Action:
    """Actions are immutable values: the catalog keeps one of each and hands it out again (a
    bounded table: it is forgotten when full)."""
    key = (kind, name, left, right, means)
    act = actions.get(key)
    if act is None:
        if len(actions) > Catalog.MAX_ACTIONS:
            actions.clear()
        act = actions[key] = _new(Action, (kind, name, left, right, means, 0))
    return act


def _play_actions(state, dec: Decision) -> list[Action]:
    """Every way to play each card of the hand: build (each payment), stage (each payment), sell.
    This runs for every player every turn; it is written for speed."""
    seat = dec.seat
    city = state.cities[seat]
    extra = dec.kind == "extra"
    coins = budget(state, dec) if extra else city.coins
    ctx = state.trade_context(seat, extra)
    known = ctx[ANSWERS].get
    trade = state.trade  # (not its bound method: one object fewer per call)
    neutral = state.neutral_rules.get(seat) if state.neutral_rules else None
    names = city.names
    free_slots = city.free_builds
    actions = state.cat.actions
    stage_pay = ()
    stages = city.board.stages
    if city.stages_built < len(stages):
        stage = stages[city.stages_built]
        sc = stage.coins
        if sc <= coins:
            sid = ZERO_COST if city.free_stage_resources else stage.cost_id
            pay = known(sid) if sid >= 0 else _FREE
            if pay is None:
                pay = trade.answer(sid, ctx)
            if neutral is not None and sid >= 0 and pay:
                pay = _every_split(state, sid, ctx)
            stage_pay = [p for p in pay if sc + p[0] + p[1] <= coins]
    out: list[Action] = []
    # a seat that sells only when nothing in the hand can be played: sales are kept apart and
    # offered only if no card gave a build or a stage
    hand_rule = neutral is not None and neutral.sells_only_when_hand_unplayable
    sales: list[Action] = []
    seen: set[str] = set()
    for card in state.hands[dec.player]:
        name = card.name
        if name in seen:
            continue
        seen.add(name)
        chained = False
        if name not in names:
            chains = card.chains_from
            if chains and not chains.isdisjoint(names):
                chained = True
                out.append(actions.get((BUILD, name, 0, 0, "chain")) or _action(actions, BUILD, name, 0, 0, "chain"))
            else:
                free_already = False
                cc = card.coins
                if cc <= coins:
                    cid = card.cost_id
                    opts = known(cid) if cid >= 0 else _FREE
                    if opts is None:
                        opts = trade.answer(cid, ctx)
                    if neutral is not None and cid >= 0 and opts:
                        opts = _every_split(state, cid, ctx)
                    for left, right in opts:
                        if cc + left + right <= coins:
                            out.append(actions.get((BUILD, name, left, right, "")) or
                                       _action(actions, BUILD, name, left, right, ""))
                            if not (cc or left or right):
                                free_already = True
                if free_slots and not free_already and _free_build_slot(city, card) is not None:
                    out.append(_action(actions, BUILD, name, 0, 0, "free"))
        if neutral is not None and neutral.must_chain and chained:
            continue
        for left, right in stage_pay:
            out.append(actions.get((STAGE, name, left, right, "")) or _action(actions, STAGE, name, left, right, ""))
        sale = actions.get((SELL, name, 0, 0, "")) or _action(actions, SELL, name, 0, 0, "")
        if hand_rule:
            sales.append(sale)
            continue
        out.append(sale)
    if hand_rule and not out:
        return sales
    return out


_FREE = ((0, 0),)


def _every_split(state, cost_id: int, ctx) -> list[tuple[int, int]]:
    """Every exact payment, not only the cheapest: for a neutral seat the player who plays for it
    chooses the seller whatever the cost (paying themself may be worth more than a saved coin)."""
    return sorted(state.trade.achievable(cost_id, ctx), key=lambda p: (p[0] + p[1], p[0]))


def reason(state, dec: Decision, action: Action) -> Optional[str]:
    """A sentence saying why `action` is illegal for `dec`, or None when it is legal (including
    payments that are valid but not minimal)."""
    extra = _extra_fields(action)
    if extra:
        return extra
    if dec.kind == PAY:
        if action.kind != PAY:
            return f"the pending decision is how much of a loss to pay: choose 'pay', not '{action.kind}'"
        seat, amount, _ = state._losses[dec.player]
        top = min(amount, state.cities[seat].coins)
        if not 0 <= action.coins <= top:
            return f"pay between 0 and {top} coins (a loss of {amount}, {state.cities[seat].coins} coins held)"
        return None
    if dec.kind == PICK:
        if action.kind != PICK:
            return f"the pending decision is a card to build from the discard pile: choose 'pick', not '{action.kind}'"
        choices = discard_choices(state, dec.seat)
        if action.card in state.cities[dec.seat].names:
            return f"the city already has a '{action.card}': no two structures may share a name"
        if action.card not in choices:
            return f"'{action.card}' is not in the discard pile"
        return None
    if action.kind not in (BUILD, STAGE, SELL):
        return f"the pending decision is the card to play: choose 'build', 'stage' or 'sell', not '{action.kind}'"
    hand = state.hands[dec.player]
    card = next((c for c in hand if c.name == action.card), None)
    if card is None:
        names = ", ".join(sorted({c.name for c in hand}))
        return f"'{action.card}' is not in the hand (the hand holds: {names})"
    city = state.cities[dec.seat]
    coins = budget(state, dec)
    neutral = state.neutral_rules.get(dec.seat)
    chained = bool(card.chains_from) and not card.chains_from.isdisjoint(city.names) and card.name not in city.names
    by_chain = action.kind == BUILD and action.means == "chain"
    if neutral is not None and neutral.must_chain and chained and not by_chain:
        return f"{neutral.name} must build '{card.name}' by its chain"
    ctx = state.trade_context(dec.seat, start_of_turn=dec.kind == "extra")
    if action.kind == SELL:
        if neutral is not None and neutral.sells_only_when_hand_unplayable:
            playable = next((a for a in _play_actions(state, dec) if a.kind != SELL), None)
            if playable is not None:
                return (f"{neutral.name} may be given a card to sell only when no card in the hand "
                        f"can be built or used for a wonder stage: '{playable.card}' can be "
                        f"{_how_playable(playable)}")
        return None
    if action.left < 0 or action.right < 0:
        return "payments to neighbours cannot be negative"
    if action.right and state.left(dec.seat) == state.right(dec.seat):
        return (f"seat {state.left(dec.seat)} is both the left and the right neighbour: it is one seller, "
                f"paid in 'left'; leave 'right' at 0")
    if action.kind == BUILD:
        if card.name in city.names:
            return f"the city already has a '{card.name}': no two structures may share a name"
        if chained and action.means != "chain":
            # nobody pays for what a chain gives for free: in team play this also stops buying
            # from a partner to hand them coins
            return f"'{card.name}' is built for free through its chain: build it with means 'chain'"
        if action.means == "chain":
            if not chained:
                needed = " or ".join(f"'{n}'" for n in sorted(card.chains_from)) or "nothing"
                return f"'{card.name}' cannot be built by chain: it needs {needed} in the city"
            return None if not (action.left or action.right) else "a chain build costs nothing: pay 0 and 0"
        if action.means == "free":
            if _free_build_slot(city, card) is None:
                if not city.free_builds:
                    return "the city has no free build"
                return "no free build is left for this card this age"
            return None if not (action.left or action.right) else "a free build costs nothing: pay 0 and 0"
        if action.means:
            return f"unknown way to build '{action.means}' (use '', 'chain' or 'free')"
        return _payment_reason(state, card.name, card.coins, card.cost, card.cost_id, ctx, coins, action)
    stages = city.board.stages
    if city.stages_built >= len(stages):
        return f"every stage of {city.board.name} is already built"
    if action.means:
        return "a wonder stage is paid: leave 'means' empty"
    stage = stages[city.stages_built]
    cost_id = _stage_cost_id(city, stage)
    cost = stage.cost if cost_id != ZERO_COST else tuple(0 for _ in stage.cost)
    return _payment_reason(state, f"stage {city.stages_built + 1} of {city.board.name}", stage.coins, cost,
                           cost_id, ctx, coins, action)


def _how_playable(action: Action) -> str:
    """How a build or stage action plays its card, as the end of a sentence."""
    if action.kind == STAGE:
        return "used for its next wonder stage"
    if action.means == "chain":
        return "built through its chain"
    if action.means == "free":
        return "built with its free build"
    return "built"


def _extra_fields(action: Action) -> Optional[str]:
    """Fields an action of its kind must leave empty (a sale pays no neighbour, a pick costs
    nothing, a payment names no card)."""
    if action.kind in (SELL, PICK) and (action.left or action.right or action.means or action.coins):
        return f"a '{action.kind}' action pays nothing: leave left, right, means and coins empty"
    if action.kind in (BUILD, STAGE) and action.coins:
        return f"a '{action.kind}' action pays neighbours with left and right: leave coins empty"
    if action.kind == PAY and (action.card or action.left or action.right or action.means):
        return "a 'pay' action gives only the coins paid"
    return None


def _payment_reason(state, what: str, card_coins: int, cost: tuple[int, ...], cost_id: int, ctx,
                    coins: int, action: Action) -> Optional[str]:
    if card_coins > coins:
        return f"{what} costs {card_coins} coin(s) and the city has {coins} to spend this turn"
    options = state.trade.payment_options(cost_id, ctx)
    if not options:
        missing = missing_resources(cost, state.trade.flat(ctx))
        lacking = [f"{n} {state.cat.resources[r]}" for r, n in enumerate(missing) if n]
        if lacking:
            return (f"{what} needs {', '.join(lacking)} more than the city and its neighbours can supply "
                    f"(production neighbours keep for themselves cannot be bought)")
        return f"{what} cannot be paid: the missing resources are not for sale next door"
    total = card_coins + action.left + action.right
    if (action.left, action.right) not in state.trade.achievable(cost_id, ctx):
        ways = "; ".join(f"{left} to the left and {right} to the right" for left, right in options[:6])
        return (f"paying {action.left} to the left and {action.right} to the right does not buy exactly "
                f"what {what} lacks; ways to pay: {ways}")
    if total > coins:
        return f"{what} would cost {total} coin(s) in all and the city has {coins} to spend this turn"
    return None
