"""Pass: the declarations of the game's structure have their required parts, each part once, and
values in range: a flow, deals with targets, actions whose card and ways make sense, a complete
market, loops that nest as ages and turns do, neutral seats with one controller side per age."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Optional

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.values import check_pass_distances, op_values
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import words as w
from wonderrules.interpreter.flow_steps import children, nested_steps

__all__ = ["check"]

_ACTION_WORDS = {s.CardFrom: "card from", s.UniqueIn: "unique in", s.ActionCost: "cost", s.Then: "then",
                 s.AmountRange: "amount"}
_MARKET_WORDS = {s.Sellers: ("sellers", "sellers: left, right"), s.Sells: ("sells", "sells: board, COLOUR, ..."),
                 s.MarketPrice: ("price", "price 2")}
_SEAT_WORDS = {s.ControllerStarts: "controller starts", s.ControlFollows: "control follows",
               s.ResolvesFirst: "resolves first", s.PaysAnySeller: "pays any seller", s.NeverWins: "never wins"}
_ZONE_WORDS = {"seen_by": "seen by", "active": "active", "count_hidden": "count hidden"}
#: how many ways an action may have
MAX_WAYS = 8


def check(model: Model, where: Optional[Span]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    if model.flow is None:
        diags.append(error("E0105", "the rule set has no flow", where,
                           help="say how the game runs: `flow { each age { deal age  each turn { round play } } }`"))
    zones = list(model.zones.values()) + [i for o in model.options.values() for i in o.items if isinstance(i, s.Zone)]
    for zone in zones:
        _once(((p.kind, p) for p in zone.properties), lambda k: f"zone property '{_ZONE_WORDS[k]}'", diags)
    for deal in model.deals.values():
        clauses = list(deal.clauses) + [c for ext, _ in model.deal_extensions.get(deal.name.text, ())
                                        for c in ext.clauses]
        if not any(isinstance(c, s.DealTarget) for c in clauses):
            diags.append(error("E0105", f"deal '{deal.name.text}' gives cards to nobody", deal.name.span,
                               help="add a target: `hand cards to hand of each player`"))
        _once(((type(c), c) for c in clauses if isinstance(c, s.DealRest)), lambda k: "clause 'rest to'", diags)
    for action in model.actions.values():
        _action(action, diags)
    for decision in model.decisions.values():
        _once(((n.text, n) for n in decision.actions), lambda k, d=decision.name.text: f"action '{k}' in decision "
              f"'{d}'", diags)
    if model.market is not None:
        _market(model.market, diags)
    _flow(model, diags)
    ages_node = model.setting("ages")
    ages = ages_node.value if ages_node is not None else None
    for seat in model.seats.values():
        _once(((type(c), c) for c in seat.clauses if type(c) in _SEAT_WORDS),
              lambda k: f"seat clause '{_SEAT_WORDS[k]}'", diags)
        starts = seat.first(s.ControllerStarts)
        if isinstance(starts, s.ControllerStarts) and ages is not None and 1 <= ages <= w.MAX_AGES and \
                len(starts.directions) != ages:
            n = len(starts.directions)
            diags.append(error("E0104", f"{n} starting controller{'s' if n != 1 else ''} for {ages} "
                               f"age{'s' if ages != 1 else ''}", starts.span,
                               help=f"give one side per age, {ages} in all"))
    return diags


def _once(entries: Iterable[tuple[Any, Any]], words: Any, diags: list[Diagnostic]) -> None:
    """E0102 for each key given a second time (`words(key)` names it)."""
    seen: dict[Any, Any] = {}
    for key, node in entries:
        if key in seen:
            diags.append(error("E0102", f"{words(key)} is given twice", node.span,
                               labels=[Label(seen[key].span, "first given here")], help="remove one of the two"))
        else:
            seen[key] = node


def _action(a: s.Action, diags: list[Diagnostic]) -> None:
    name = a.name.text
    _once(((type(c), c) for c in a.clauses if type(c) in _ACTION_WORDS),
          lambda k: f"clause '{_ACTION_WORDS[k]}' of action '{name}'", diags)
    ways = [c for c in a.clauses if isinstance(c, s.Way)]
    _once(((wy.name.text if wy.name else "", wy) for wy in ways),
          lambda k: f"way '{k}' of action '{name}'" if k else f"`way pay` of action '{name}'", diags)
    for wy in ways:
        _once(((p.kind, p) for p in wy.properties), lambda k: f"way property '{k}'", diags)
        kinds = {p.kind for p in wy.properties}
        if {"chained", "granted"} <= kinds:
            prop = next(p for p in wy.properties if p.kind == "granted")
            diags.append(error("E0104", "a way opens when the card is chained or with an ability, not both",
                               prop.span, help="write two ways, one for each"))
        changed = [p for p in wy.properties if p.kind in ("units less", "coins more")]
        if "free" in kinds and changed:
            diags.append(error("E0104", "a free way pays nothing: it has no resources less nor coins more",
                               changed[0].span, help="remove `free`, or the change of the cost"))
        for p in changed:
            if p.amount < 1:
                diags.append(error("E0104", f"`{p.amount} ... {p.kind.split()[1]}` changes nothing", p.span,
                                   help="write 1 or more"))
    if len(ways) > MAX_WAYS:
        diags.append(error("E0104", f"action '{name}' has {len(ways)} ways", ways[MAX_WAYS].span,
                           help=f"an action has at most {MAX_WAYS} ways to pay"))
    card_from = a.first(s.CardFrom)
    cost = a.first(s.ActionCost)
    if isinstance(cost, s.ActionCost) and cost.kind == "card" and card_from is None:
        diags.append(error("E0105", f"action '{name}' pays its card's cost, but takes no card", cost.span,
                           help="say where its card comes from: `card from hand`"))
    for then in (c for c in a.clauses if isinstance(c, s.Then)):
        for op in then.ops:
            op_values(op, diags)
            if isinstance(op, s.MoveCard) and card_from is None:
                diags.append(error("E0104", f"action '{name}' takes no card, so `move card` moves nothing", op.span,
                                   help="say where its card comes from: `card from hand`"))
    amount = a.first(s.AmountRange)
    if amount is not None and card_from is not None:
        diags.append(error("E0104", f"action '{name}' takes an amount and a card", amount.span,
                           labels=[Label(card_from.span, "its card")],
                           help="an action takes a card or a number, not both: declare two actions"))
    if amount is not None and isinstance(cost, s.ActionCost) and cost.kind != "none":
        diags.append(error("E0104", f"action '{name}' takes an amount and pays a cost", amount.span,
                           labels=[Label(cost.span, "its cost")],
                           help="what an action that takes an amount pays is in its operations: "
                                "`then: lose amount coins`"))
    unique = a.first(s.UniqueIn)
    if unique is not None and card_from is None:
        diags.append(error("E0104", f"action '{name}' takes no card, so no name is unique", unique.span,
                           help="say where its card comes from: `card from hand`"))


def _market(m: s.Market, diags: list[Diagnostic]) -> None:
    # one plain price (`price 2`); prices for some sellers or resources, and `sells only`, are the
    # market pass's
    clauses = [c for c in m.clauses if (not isinstance(c, s.MarketPrice) or c.plain) and not isinstance(c, s.SellsOnly)]
    _once(((type(c), c) for c in clauses), lambda k: f"market clause '{_MARKET_WORDS[k][0]}'", diags)
    prices = [c for c in m.clauses if isinstance(c, s.MarketPrice)]
    for kind, (word, example) in _MARKET_WORDS.items():
        if not any(isinstance(c, kind) for c in clauses):
            if kind is s.MarketPrice and prices:
                diags.append(error("E0105", "the market has no plain price", prices[0].span,
                                   help="add `price 2`: the price of every unit that no other `price` line sets"))
            else:
                diags.append(error("E0105", f"the market has no '{word}' clause", m.span, help=f"add `{example}`"))
    for price in prices:
        if price.coins > w.MAX_PRICE:
            diags.append(error("E0104", f"a price of {price.coins} coins is more than a rule set may ask",
                               price.span, help=f"prices are at most {w.MAX_PRICE} coins"))


def _flow(model: Model, diags: list[Diagnostic]) -> None:
    blocks = [model.flow.steps] if model.flow is not None else []
    blocks += [b.steps for b, _ in model.at_blocks]
    for steps in blocks:
        _nesting(steps, (), diags)
    for steps in blocks:
        for st in nested_steps(steps):
            if isinstance(st, s.PassStep):
                check_pass_distances((st.distance,), st.span, diags)
    needs_pass = None
    for steps in blocks:
        needs_pass = needs_pass or next((st for st in nested_steps(steps)
                                         if isinstance(st, s.PassStep) and st.direction is None), None)
    if needs_pass is not None and "pass_directions" not in model.settings:
        diags.append(error("E0105", "the flow passes cards in the age's direction, but the game sets no `pass`",
                           needs_pass.span, help="add `pass left, right, left` to the `game` block, or give the "
                                                 "direction here: `pass hand left`"))


def _nesting(steps: Iterable[Any], inside: tuple[type, ...], diags: list[Diagnostic]) -> None:
    for st in steps:
        if isinstance(st, (s.EachAge, s.EachTurn)) and type(st) in inside:
            word = "each age" if isinstance(st, s.EachAge) else "each turn"
            diags.append(error("E0104", f"`{word}` is written inside `{word}`", st.span,
                               help=f"ages and turns run one after the other: write `{word}` once"))
        if isinstance(st, s.EachAge) and s.EachTurn in inside:
            diags.append(error("E0104", "`each age` is written inside `each turn`", st.span,
                               help="turns run inside ages: `each age { each turn { ... } }`"))
        inner = inside + ((type(st),) if isinstance(st, (s.EachAge, s.EachTurn)) else ())
        for _, nested in children(st):
            _nesting(nested, inner, diags)
