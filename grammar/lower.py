"""Checked syntax to the compiled rule set on the generic core (:mod:`wonderrules.interpreter.ir`).

Runs only on a model whose names were checked: every reference here resolves. Every node that the
core gives an `origin` carries the file, line and column it was written at.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Optional

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.preferences import ways_of
from wonderrules.grammar.lower_effects import lower_expr, lower_hook, lower_op, lower_seats, origin
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w

__all__ = ["lower", "lower_expr", "AGE_DECK"]

#: the deck the core deals by age (its cards by their markers, with the pool draws)
AGE_DECK = "age"


class _Lowering:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.classes = model.resource_classes()
        self.groups = {g: [m.text for m in members] for g, (_, members) in model.symbol_groups.items()}
        self.resource_order = list(model.resources)

    def hooks(self, hooks: Iterable[s.Hook]) -> tuple[ir.Hook, ...]:
        return tuple(lower_hook(h, self.classes, self.groups) for h in hooks)

    def op(self, e: Any) -> ir.Op:
        return lower_op(e, self.classes, self.groups)


def lower(model: Model) -> ir.RuleSet:
    lw = _Lowering(model)
    cards = tuple(_card(c, lw) for c in model.cards.values())
    settings = _settings((model.settings[k].node for k in model.settings), model, lw)
    return ir.RuleSet(
        format=w.FORMAT_VERSION,
        name=model.layers[-1] if model.layers else "",
        title=model.title,
        settings=settings,
        layers=tuple(model.layers),
        resources=tuple(ir.Resource(n, cls.text) for n, (_, cls) in model.resources.items()),
        symbol_groups=tuple(ir.SymbolGroup(g, tuple(m.text for m in members))
                            for g, (_, members) in model.symbol_groups.items()),
        tokens=tuple(model.tokens),
        colours=tuple(ir.Colour(c.name.text, c.category.text if c.category else None)
                      for c in model.colours.values()),
        categories=tuple(ir.Category(c.name.text, lower_expr(c.formula) if c.formula else None, origin(c.span))
                         for c in model.categories),
        zones=tuple(lower_zone(z) for z in model.zones.values()),
        decks=(AGE_DECK,) + tuple(d for d in model.decks if d != AGE_DECK),
        pools=tuple(dict.fromkeys(c.pool for c in cards if c.pool)),
        abilities=tuple(model.abilities),
        deals=tuple(_deal(d, model) for d in model.deals.values()),
        actions=tuple(_action(a, lw) for a in model.actions.values()),
        decisions=tuple(_decision(d, lw) for d in model.decisions.values()),
        flow=_steps(model.flow.steps) if model.flow is not None else (),
        moments=tuple(ir.MomentSteps(b.moment.text, _steps(b.steps), origin(b.span)) for b, _ in model.at_blocks),
        market=_market(model.market, lw.classes) if model.market is not None else None,
        contests=tuple(lower_contest(c) for c in model.contests.values()),
        patches=_patches((wh.players, wh.node) for wh in model.whens),
        cards=cards,
        boards=tuple(_board(b, lw) for b in model.wonders.values()),
        effects=tuple(_rule_effects(block, lw) for block, _ in model.rule_effects),
        options=tuple(_option(o, lw) for o in model.options.values()),
    )


# ---- settings -----------------------------------------------------------------------------------

def _values(nodes: Iterable[s.Setting]) -> dict[str, Any]:
    """The fields a list of settings sets (pool draws and orders gathered)."""
    values: dict[str, Any] = {}
    for node in nodes:
        body = node.body
        if isinstance(body, s.Players):
            values["players"] = body.counts()
        elif isinstance(body, (s.StartCoins, s.Ages)):
            values["start_coins" if isinstance(body, s.StartCoins) else "ages"] = body.value
        elif isinstance(body, (s.Hand, s.Turns)):
            values["hand" if isinstance(body, s.Hand) else "turns"] = lower_expr(body.value)
        elif isinstance(body, s.PassDirections):
            values["pass_directions"] = tuple(d.text for d in body.directions)
            if any(n != 1 for n in body.distances):  # none written: the rule set's form is as before
                values["pass_distances"] = body.distances
        elif isinstance(body, s.StagesScore):
            values["stages_category"] = body.category.text
        elif isinstance(body, s.TieBreak):
            values["tie_break"] = tuple(n.text for n in body.keys)
        elif isinstance(body, s.CardZone):
            values["card_zone"] = body.zone.text
        elif isinstance(body, s.PoolDraw):
            values.setdefault("pool_draws", []).append(ir.PoolDraw(body.pool.text, lower_expr(body.count),
                                                                   body.age or 0))
        elif isinstance(body, s.Order):
            values.setdefault("order", []).append((body.moment.text, tuple(st.text for st in body.steps)))
        else:
            raise TypeError(type(body))
    for key in ("pool_draws", "order"):
        if key in values:
            values[key] = tuple(values[key])
    return values


def _settings(nodes: Iterable[s.Setting], model: Model, lw: _Lowering) -> ir.Settings:
    values = _values(nodes)
    values.setdefault("players", ())
    return ir.Settings(neutral_seats=tuple(_seat_rules(n, lw) for n in model.seats.values()), **values)


def _patch(players: tuple[int, ...], nodes: Iterable[s.Setting], zones: tuple[ir.Zone, ...] = ()) -> ir.Patch:
    values = _values(nodes)
    values.pop("players", None)
    values.pop("ages", None)
    for key in ("stages_category", "tie_break", "card_zone"):
        values.pop(key, None)  # not changed by player count or option (the checks say so)
    return ir.Patch(players=players, zones=zones, **values)


def _patches(entries: Iterable[tuple[tuple[int, ...], s.Setting]]) -> tuple[ir.Patch, ...]:
    grouped: dict[tuple[int, ...], list[s.Setting]] = {}
    for players, node in entries:
        grouped.setdefault(tuple(players), []).append(node)
    return tuple(_patch(players, nodes) for players, nodes in grouped.items())


def _option(o: s.Option, lw: _Lowering) -> ir.Option:
    plain: list[s.Setting] = []
    whens: list[tuple[tuple[int, ...], s.Setting]] = []
    contests: list[ir.Contest] = []
    zones: list[ir.Zone] = []
    team_size = 0
    winner = "player"
    players: tuple[int, ...] = ()
    for item in o.items:
        if isinstance(item, s.Setting):
            if isinstance(item.body, s.Players):
                players = item.body.counts()
            else:
                plain.append(item)
        elif isinstance(item, s.When):
            whens.extend((item.players.counts(), st) for st in item.settings if isinstance(st, s.Setting))
        elif isinstance(item, s.Contest):
            contests.append(lower_contest(item))
        elif isinstance(item, s.Zone):
            zones.append(lower_zone(item))
        elif isinstance(item, s.Teams):
            team_size = item.size
        elif isinstance(item, s.Winner):
            winner = item.mode
    effects = tuple(_rule_effects(item, lw) for item in o.items if isinstance(item, s.RuleEffects))
    patches = []
    if plain or zones:
        patches.append(_patch((), plain, tuple(zones)))
    patches.extend(_patches(whens))
    return ir.Option(o.name.text, o.title.text if o.title else "", players, team_size, winner, tuple(patches),
                     tuple(contests), effects)


def _rule_effects(block: s.RuleEffects, lw: _Lowering) -> ir.RuleEffects:
    return ir.RuleEffects(lw.hooks(block.hooks), block.holders, block.category.text if block.category else "",
                          origin(block.span))


# ---- the structure ------------------------------------------------------------------------------

def lower_zone(z: s.Zone) -> ir.Zone:
    return ir.Zone(z.name.text, per=z.per, seen_by=z.seen_by(), size_seen=not z.has("count_hidden"),
                   active=z.has("active"), origin=origin(z.span))


def _deal(d: s.Deal, model: Model) -> ir.Deal:
    clauses = list(d.clauses)
    for ext, _ in model.deal_extensions.get(d.name.text, ()):
        clauses.extend(ext.clauses)
    targets = tuple(ir.DealTarget(c.zone.text, c.seat.text if c.seat else "players", lower_expr(c.count),
                                  origin(c.span))
                    for c in clauses if isinstance(c, s.DealTarget))
    rest = next((c.zone.text for c in reversed(clauses) if isinstance(c, s.DealRest)), "")
    return ir.Deal(d.name.text, d.deck.text, targets, rest, origin(d.span))


def _way(way: s.Way) -> ir.Way:
    props = {p.kind: p for p in way.properties}
    when = "granted" if "granted" in props else "chained" if "chained" in props else "always"
    granted = props.get("granted")
    ability = granted.ability.text if granted is not None and granted.ability is not None else ""
    return ir.Way(way.name.text if way.name else "", free="free" in props, when=when, ability=ability,
                  units_less=props["units less"].amount if "units less" in props else 0,
                  coins_more=props["coins more"].amount if "coins more" in props else 0)


def _action(a: s.Action, lw: _Lowering) -> ir.ActionKind:
    card_from = a.first(s.CardFrom)
    unique = a.first(s.UniqueIn)
    cost = a.first(s.ActionCost)
    ways = tuple(_way(c) for c in a.clauses if isinstance(c, s.Way))
    then = tuple(lw.op(op) for c in a.clauses if isinstance(c, s.Then) for op in c.ops)
    requires = tuple(ir.Requirement(lower_expr(c.condition), c.reason.text) for c in a.clauses
                     if isinstance(c, s.Requirement))
    amount = a.first(s.AmountRange)
    return ir.ActionKind(
        a.name.text, a.title.text if a.title else "", card_from=card_from.zone.text if card_from else "",
        unique_in=unique.zone.text if unique else "", requires=requires, cost=cost.kind if cost else "none",
        ways=ways or (ir.Way(""),), then=then, amount_from=lower_expr(amount.low) if amount else None,
        amount_to=lower_expr(amount.high) if amount else None, origin=origin(a.span))


def _decision(d: s.Decision, lw: _Lowering) -> ir.Decision:
    prefer = tuple(p for p in (_preference(p, lw) for p in d.prefer) if p is not None)
    return ir.Decision(d.name.text, tuple(n.text for n in d.actions), d.title.text if d.title else "", prefer,
                       origin(d.span))


def _preference(p: s.Prefer, lw: _Lowering) -> Optional[ir.Preference]:
    """`prefer per card: build by chain > build`: its tiers, each with the actions it names and
    whether it holds `*`. A way the action does not have names nothing (checks.preferences warns):
    it is left out, and so is a tier left empty, and the preference when it has one tier left."""
    tiers = []
    for tier in p.tiers:
        named = []
        for i in tier.items:
            if isinstance(i, s.PreferredAction):
                action = lw.model.actions.get(i.action.text)
                if i.way is None:
                    named.append(ir.PreferredAction(i.action.text))
                elif action is not None and i.way.text in ways_of(action):
                    named.append(ir.PreferredAction(i.action.text, _way_name(i.way), any_way=False))
        others = any(isinstance(i, s.OtherActions) for i in tier.items)
        if named or others:
            tiers.append(ir.Tier(tuple(named), others=others))
    return ir.Preference(tuple(tiers), per_card=p.per_card) if len(tiers) > 1 else None


def _way_name(way: s.Name) -> str:
    """The way a tier names: `pay` is the paying way (its name is empty)."""
    return "" if way.text == "pay" else way.text


def _market(m: s.Market, classes: dict[str, list[str]]) -> ir.Market:
    """The market; `price 2` is its plain price, every other `price` line one of its prices, each
    `sells only` line one of its sales, with the resource classes they name expanded to their
    resources."""
    sellers = m.first(s.Sellers)
    sells = m.first(s.Sells)
    lines = [c for c in m.clauses if isinstance(c, s.MarketPrice)]
    plain = next((c.coins for c in lines if c.plain), 0)
    prices = tuple(ir.MarketPrice(c.coins, _resources(c.resources, classes), lower_seats(c.sellers, ()))
                   for c in lines if not c.plain)
    sales = tuple(ir.MarketSales(_resources(c.resources, classes), lower_seats(c.sellers, ()))
                  for c in m.clauses if isinstance(c, s.SellsOnly))
    return ir.Market(lower_seats(sellers.seats if sellers else ()), tuple(n.text for n in sells.sources) if sells
                     else (), plain, prices, origin(m.span), sales)


def _resources(names: Iterable[s.Name], classes: dict[str, list[str]]) -> tuple[str, ...]:
    """Resources named one by one or by their class, each once, in the order written."""
    out: list[str] = []
    for n in names:
        out.extend(classes.get(n.text, [n.text]))
    return tuple(dict.fromkeys(out))


def _steps(steps: Iterable[s.Step]) -> tuple[ir.Step, ...]:
    return tuple(_step(st) for st in steps)


def _step(st: s.Step) -> ir.Step:
    at = origin(st.span)
    if isinstance(st, s.EachAge):
        return ir.EachAge(_steps(st.body), at)
    if isinstance(st, s.EachTurn):
        return ir.EachTurn(_steps(st.body), at)
    if isinstance(st, s.Repeat):
        return ir.Repeat(_steps(st.body), lower_expr(st.times), at)
    if isinstance(st, s.IfStep):
        return ir.If(lower_expr(st.condition), _steps(st.then), _steps(st.otherwise), at)
    if isinstance(st, s.DealStep):
        return ir.DealStep(st.deal.text, at)
    if isinstance(st, s.AtStep):
        return ir.AtStep(st.moment.text, at)
    if isinstance(st, s.RoundStep):
        return ir.RoundStep(st.decision.text, st.seats, st.ability.text if st.ability else "", st.within_turn, at)
    if isinstance(st, s.PassStep):
        return ir.PassStep(st.zone.text, st.direction.text if st.direction else "", st.distance, at)
    if isinstance(st, s.DiscardStep):
        return ir.DiscardStep(tuple(z.text for z in st.zones), st.to.text, at)
    raise TypeError(type(st))


def lower_contest(c: s.Contest) -> ir.Contest:
    strength = c.first(s.Strength)
    win, lose = c.first(s.ContestWin), c.first(s.ContestLose)
    pairs = c.first(s.Pairs)
    takes_part = c.first(s.TakesPart)
    count = c.first(s.TokenCount)
    # required clauses: checks.values reports a contest without them (E0105), and nothing is lowered then
    assert strength is not None and win is not None and lose is not None
    kw: dict[str, Any] = {}
    if pairs is not None:
        kw["against"] = lower_seats(pairs.seats)
        if pairs.where:
            kw["never_against" if pairs.where_not else "only_against"] = lower_seats(pairs.where)
    if c.first(s.Ranking) is not None:
        kw["mode"] = "ranking"
    if takes_part is not None:
        kw["takes_part"] = lower_expr(takes_part.condition)
    if count is not None:
        kw["tokens"] = lower_expr(count.count)
    after = tuple(lower_op(cl.effect, {}, {}) for cl in c.clauses if isinstance(cl, s.ContestAfter))
    if after:
        kw["after"] = after
    return ir.Contest(c.name.text, c.moment.text, lower_expr(strength.expr),
                      win=ir.Outcome(win.token.text, win.worth), lose=ir.Outcome(lose.token.text, lose.worth),
                      origin=origin(c.span), **kw)


def _seat_rules(n: s.NeutralSeat, lw: _Lowering) -> ir.NeutralSeat:
    starts = n.first(s.ControllerStarts)
    follows = n.first(s.ControlFollows)
    return ir.NeutralSeat(
        n.name.text, tuple(d.text for d in starts.directions) if starts else ("left",),
        control_follows=follows.zone.text if follows else "", resolves_first=n.first(s.ResolvesFirst) is not None,
        every_payment=n.first(s.PaysAnySeller) is not None, competes=n.first(s.NeverWins) is None,
        prefer=tuple(p for p in (_preference(c, lw) for c in n.clauses if isinstance(c, s.Prefer)) if p is not None),
        hooks=lw.hooks(n.hooks),
        origin=origin(n.span))


# ---- cards and wonders --------------------------------------------------------------------------

def _cost(cost: Optional[s.Cost], order: list[str]) -> ir.Cost:
    if cost is None:
        return ir.Cost()
    coins = 0
    res: dict[str, int] = {}
    for item in cost.items:
        if item.resource is None:
            coins += item.amount
        else:
            res[item.resource.text] = res.get(item.resource.text, 0) + item.amount
    ordered = tuple(sorted(res.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
    return ir.Cost(coins, ordered)


def _card(c: s.Card, lw: _Lowering) -> ir.Card:
    chains_from = c.first(s.ChainFrom)
    chains_to = c.first(s.ChainTo)
    copies = c.first(s.Copies)
    pool = c.first(s.Pool)
    deck = c.first(s.CardDeck)
    aliases = [t.text for a in c.attrs if isinstance(a, s.Aliases) for t in a.names]
    return ir.Card(
        c.name.text, c.colour.text, age=c.age, deck=deck.name.text if deck else AGE_DECK,
        cost=_cost(c.first(s.Cost), lw.resource_order),
        chains_from=tuple(t.text for t in chains_from.names) if chains_from else (),
        chains_to=tuple(t.text for t in chains_to.names) if chains_to else (),
        copies=copies.markers if copies else (), pool=pool.name.text if pool else "",
        hooks=lw.hooks(c.hooks), aliases=tuple(aliases), origin=origin(c.span))


def _board(b: s.Wonder, lw: _Lowering) -> ir.Board:
    start = () if b.start is None else (
        ir.Hook(ir.Passive(), ir.Produce((b.start.text,), 1, True), origin=origin(b.start.span)),)
    stages = tuple(ir.Stage(_cost(st.cost, lw.resource_order), lw.hooks(st.hooks), origin(st.span))
                   for st in b.stages)
    return ir.Board(b.name.text, b.side.text, b.title.text if b.title else "", start + lw.hooks(b.hooks), stages,
                    origin(b.span))

