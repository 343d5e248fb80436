"""Why an action is refused: a stable code and a sentence.

A :class:`Refusal` pairs a code from :data:`REFUSAL_CODES` (short words that never change, for
programs: a front-end, a protocol, an agent) with the sentence a person reads (which names the
cards, ways and seats of the rule set, and may be reworded). The codes are generic: they say
what kind of rule refused the action, never which card or mechanic. :func:`refusal` judges an
action of a pending decision; the state's own refusals (the game is over, no decision pending,
a pending player left out of a round) are :class:`.state.State`'s. Nothing here runs while legal
actions are listed or applied: a refusal is worked out only when an action is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import attrs

from wonderrules.interpreter.action_costs import (
    CHAINED,
    GRANTED,
    NO_COST,
    STAGE_COST,
    budget,
    chained,
    changed_cost,
    costs,
    dominated,
    grant_for,
)
from wonderrules.interpreter.legal import NOTHING_TO_PAY, amount_range, legal_actions, many_payments, seat_info_of
from wonderrules.interpreter.market import as_payment, many, many_context, seller_seats, trade_context
from wonderrules.interpreter.payments import TooManyPayments
from wonderrules.interpreter.preferences import refused_by
from wonderrules.interpreter.trading import ZERO_COST

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.actions import Action, CompiledAction
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.game_data import GameData

__all__ = ["Refusal", "REFUSAL_CODES", "refusal"]

#: every code a refusal may carry, in the order docs/engine.rst lists them
REFUSAL_CODES = (
    "game-over", "not-your-turn", "choice-missing", "wrong-decision", "field-not-used", "amount-out-of-range",
    "card-not-in-zone", "card-not-offered", "requirement-unmet", "duplicate-name", "all-stages-built",
    "unknown-way", "not-preferred", "chain-needed", "no-grant",
    "no-grant-left", "grant-not-needed", "pay-nobody", "bad-payment", "way-costs-more", "cannot-afford",
    "resources-missing", "payment-mismatch", "not-available",
)


@attrs.frozen
class Refusal:
    """Why an action is refused: `code`, one of :data:`REFUSAL_CODES`; `sentence`, one line for
    a person. ``str(refusal)`` is the sentence."""

    code: str
    sentence: str

    def __str__(self) -> str:
        return self.sentence

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "sentence": self.sentence}



def _listed(st: GameData, player: int) -> list[Action]:
    """The legal actions of a pending player, listed once for the game as it stands."""
    found = st.scratch.legal.get(player)
    if found is None:
        found = st.scratch.legal[player] = legal_actions(st, player)
    return found

def _amount_refusal(st: GameData, seat: int, kind: CompiledAction, action: Action) -> Refusal:
    """Why an action of a kind that takes an amount is refused: a field it does not use, or an
    amount outside its range."""
    if action.card or action.pay or action.way:
        return Refusal("field-not-used", f"a '{kind.name}' action gives only its amount")
    low, high = amount_range(st, seat, kind)
    loss = st.losses.get(seat)
    range_now = f"`amount {kind.amounts_written}`" + (f", the loss being {loss}" if loss is not None else "")
    if low > high:
        return Refusal("amount-out-of-range", f"a '{kind.name}' action takes no amount now ({range_now})")
    return Refusal("amount-out-of-range", f"a '{kind.name}' action takes an amount from {low} to {high} now "
                                          f"({range_now})")


def refusal(st: GameData, player: int, action: Action) -> Refusal:
    """Why `action` is not among the legal actions of `player`, whose decision is pending: a code
    and a sentence."""
    cat = st.catalog
    asked = st.asked[player]
    seat, decision, within = asked.seat, asked.decision, asked.within
    dec = cat.decisions[decision]
    if action.kind not in dec.actions:
        words = ", ".join(f"'{k}'" for k in dec.actions)
        return Refusal("wrong-decision", f"the pending decision is '{dec.name}': choose {words}, not '{action.kind}'")
    kind = cat.actions[cat.action_index[action.kind]]
    city = st.cities[seat]
    if kind.amounts is not None:
        return _amount_refusal(st, seat, kind, action)
    if action.amount:
        return Refusal("field-not-used", f"a '{kind.name}' action has no amount: leave it 0")
    card = None
    if kind.card_zone >= 0:
        cards = st.zone(kind.card_zone, player)
        card = next((c for c in cards if c.name == action.card), None)
        zone = cat.zones[kind.card_zone].name
        if card is None:
            if not _decider_sees(st, player, kind.card_zone):
                # a zone the decider cannot see: name only the cards it may take (its choices)
                names = ", ".join(dict.fromkeys(a.card for a in _listed(st, player) if a.kind == kind.name))
                return Refusal("card-not-offered",
                               f"'{action.card}' cannot be taken from the {zone} (the choices: {names or 'none'})")
            names = ", ".join(sorted({c.name for c in cards})) or "nothing"
            return Refusal("card-not-in-zone", f"'{action.card}' is not in the {zone} (it holds: {names})")
    elif action.card:
        return Refusal("field-not-used", f"a '{kind.name}' action takes no card")
    for fn, why in kind.requires:
        if not fn(st, seat, seat, None):
            return Refusal("requirement-unmet", why)
    legal = _listed(st, player)
    if card is not None and kind.unique_zone >= 0:
        holds = action.card in city.names if kind.unique_zone == city.card_zone else any(
            c.name == action.card for c in st.zone(kind.unique_zone, seat))
        if holds:
            zone = cat.zones[kind.unique_zone].name
            return Refusal("duplicate-name",
                           f"'{action.card}' is already in the city's zone '{zone}', where a name may be only once")
    if kind.needs_stage and city.stages_built >= len(city.board.stages):
        return Refusal("all-stages-built", f"every stage of {city.board.name} is already built")
    way = kind.way(action.way)
    if way is None:
        known = ", ".join(f"'{w.name}'" for w in kind.ways)
        return Refusal("unknown-way", f"'{action.way}' is not a way to pay for '{kind.name}' (ways: {known})")
    wname, free, when, ability = way
    preferred = _preferred(st, player, seat, decision, action, legal)
    if preferred is not None:
        return preferred
    if when == CHAINED and (card is None or not chained(city, card)):
        if card is None or not card.chains_from:
            return Refusal("chain-needed", f"'{action.card}' chains from no card: way '{wname}' is not open for it")
        needed = " or ".join(f"'{n}'" for n in sorted(card.chains_from))
        return Refusal("chain-needed", f"way '{wname}' is open for '{action.card}' when the city has {needed}")
    if when == GRANTED and grant_for(city, ability, card) is None:
        if not any(g.ability == ability for g in city.grants):
            return Refusal("no-grant", f"the city has no '{cat.abilities[ability]}'")
        return Refusal("no-grant-left", f"no '{cat.abilities[ability]}' is left for this card now")
    if free or kind.cost == NO_COST:
        if action.pay:
            return Refusal("pay-nobody", f"way '{wname}' costs nothing: pay nobody")
        other = next((a for a in legal if a.kind == action.kind and a.card == action.card and not a.pay), None)
        if other is not None and when == GRANTED:
            return Refusal("grant-not-needed", f"'{action.card}' costs nothing by way '{other.way}': "
                           f"the '{cat.abilities[ability]}' is not spent on it")
        return Refusal("not-available", "this action is not available now")
    return _payment_refusal(st, seat, kind, card, action, within)


def _preferred(st: GameData, player: int, seat: int, decision: int, action: Action, legal: list[Action]
               ) -> Optional[Refusal]:
    """A preference of the decision or of the seat that puts a legal action before this one."""
    cat = st.catalog
    neutral = st.neutral.get(seat)
    info = st.caches.seat_info[seat] or seat_info_of(st, seat, neutral)
    own = info.prefer
    for prefs, who in ((cat.decision_prefer[decision], f"decision '{cat.decisions[decision].name}' offers"),
                       (own, f"{neutral.name} may" if neutral is not None else "")):
        found = refused_by(action, prefs, legal)
        if found is not None:
            pref, better = found
            rank = pref.tier(action)
            # the last tier, every other action named before it: nothing else comes after
            nothing = "nothing else" if rank == len(pref.kinds) - 1 and 0 <= pref.others < rank else \
                "no action of an earlier tier"
            what = f"'{action.kind}' by way '{action.way}'" if action.way else f"'{action.kind}'"
            by = f" by way '{better.way}'" if better.way else ""
            can = f"'{better.card}' can be played as '{better.kind}'{by}" if better.card else \
                f"'{better.kind}'{by} can be taken"
            return Refusal("not-preferred", f"{who} {what} only when {nothing} can be played"
                                            f"{' for the same card' if pref.per_card else ''} (`{pref.text}`): {can}")
    return None


def _payment_refusal(st: GameData, seat: int, kind: CompiledAction, card: Optional[Source], action: Action,
                     within: bool) -> Refusal:
    cat = st.catalog
    city = st.cities[seat]
    sellers = seller_seats(st, seat)
    coins = budget(st, seat, within)
    if kind.cost == STAGE_COST:
        src = city.board.stages[city.stages_built]
        what = f"stage {city.stages_built + 1} of {city.board.name}"
    else:
        assert card is not None
        src = card
        what = f"'{card.name}'"
    for s, c in action.pay:
        if s not in sellers:
            if s == seat:
                return Refusal("bad-payment", "a city does not pay itself")
            names = ", ".join(str(x) for x in sellers) or "nobody"
            return Refusal("bad-payment", f"seat {s} does not sell to this city (its sellers: {names})")
        if c <= 0:
            return Refusal("bad-payment", "a payment to a seller is a positive number of coins")
    if len({s for s, _ in action.pay}) != len(action.pay):
        return Refusal("bad-payment", "a payment names each seller once")
    cc, cid = costs(city, kind, src)
    change = kind.way_changes.get(action.way) if kind.way_changes else None
    plain_cost = (cc, cid)
    if change is not None:
        if cid == ZERO_COST:
            return Refusal("way-costs-more", f"{what} needs no resources: way '{action.way}' would only cost more")
        cc, cid = changed_cost(kind, change, cc, cid)
    if cc > coins:
        return Refusal("cannot-afford", f"{what} costs {cc} coin(s) and the city has {coins} to spend this turn")
    split = tuple(dict(action.pay).get(s, 0) for s in sellers)
    options: tuple[tuple[int, ...], ...]
    exact: Optional[frozenset[tuple[int, ...]]]
    if many(st, seat):
        ctx = many_context(st, seat, within)
        options = many_payments(cat, cid, ctx, False)
        try:
            exact = frozenset(many_payments(cat, cid, ctx, True)) if options else frozenset()
        except TooManyPayments:  # too many to list (the options are not): compared with the options only
            exact = None
        own_fixed, own_units, sells = ctx[1][:3]
        fixed = [own_fixed] + [f for f, _ in sells]
        units = list(own_units) + [u for _, us in sells for u in us]
    else:
        ctx = trade_context(st, seat, within)
        options = cat.solver.payment_options(cid, ctx)
        exact = cat.solver.achievable(cid, ctx) if options else frozenset()
        flat = cat.solver.flat(ctx)
        fixed = [flat[0], flat[2], flat[4]]
        units = list(flat[1] + flat[3] + flat[5])
        split = (split + (0, 0))[:2]
    if not options:
        # what is missing from the cost to pay (of a cost less units: the one missing least)
        shortfalls = []
        for variant in cat.solver.variants(cid):
            short = []
            for r, need in enumerate(cat.solver.cost_of(variant)):
                have = sum(f[r] for f in fixed) + sum(1 for ch in units if r in ch)
                if need > have:
                    short.append((need - have, r))
            shortfalls.append((sum(n for n, _ in short), short))
        lacking = [f"{n} {cat.resources[r]}" for n, r in min(shortfalls)[1]]
        if lacking:
            return Refusal("resources-missing",
                           f"{what} needs {', '.join(lacking)} more than the city and its sellers can supply "
                           f"(production sellers keep for themselves cannot be bought)")
        return Refusal("resources-missing", f"{what} cannot be paid: the missing resources are not for sale")
    if change is not None:
        pc, pid = plain_cost
        plain = [p for p in (many_payments(cat, pid, ctx, False) if many(st, seat) else
                             cat.solver.payment_options(pid, ctx)) if pc + sum(p) <= coins] if pc <= coins else []
        better = next((p for p in plain if dominated(split, [p])), None)
        if better is not None:
            return Refusal("way-costs-more", f"way '{action.way}' costs more and pays the sellers no less than "
                           f"paying {what} as it is (paying {_describe(as_payment(sellers, better))})")
    if tuple(options) == NOTHING_TO_PAY or tuple(options) == ((0,) * len(options[0]),):
        return Refusal("pay-nobody", f"{what} needs nothing from the sellers: pay nobody")
    total = cc + sum(c for _, c in action.pay)
    if split not in (options if exact is None else exact):
        ways = "; ".join(_describe(as_payment(sellers, p)) for p in options[:6])
        if exact is None:
            return Refusal("payment-mismatch",
                           f"paying {_describe(action.pay)} is not one of the ways to pay {what}; ways to pay: {ways}")
        return Refusal("payment-mismatch",
                       f"paying {_describe(action.pay)} does not buy exactly what {what} lacks; ways to pay: {ways}")
    if total > coins:
        return Refusal("cannot-afford",
                       f"{what} would cost {total} coin(s) in all and the city has {coins} to spend this turn")
    return Refusal("not-available", f"{what} is not paid this way now")


def _decider_sees(st: GameData, player: int, zone: int) -> bool:
    """Whether the decider sees the cards of the zone its action takes a card from."""
    from wonderrules.interpreter.observe import sees, zones_in_force

    return sees(st, player, zones_in_force(st)[zone], player)


def _describe(pay: tuple[tuple[int, int], ...]) -> str:
    if not pay:
        return "nobody"
    return " and ".join(f"{c} to seat {s}" for s, c in pay)
