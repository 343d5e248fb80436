"""Checked syntax to the compiled rule set (:mod:`wonderrules.interpreter.ir`).

Runs only on a model whose names were checked: every reference here resolves.
"""

from __future__ import annotations

from collections.abc import Iterable

from wonderrules.grammar import syntax as s
from wonderrules.grammar.resolve import SETTING_FIELDS, Model
from wonderrules.interpreter import ir

__all__ = ["lower", "lower_expr"]


def lower(model: Model) -> ir.RuleSet:
    settings, _ = _settings(model.settings[k].node for k in model.settings)
    patches = _patches((w.players, w.node) for w in model.whens)
    resource_order = list(model.resources)
    return ir.RuleSet(
        name=model.layers[-1] if model.layers else "",
        title=model.title,
        layers=tuple(model.layers),
        resources=tuple(ir.Resource(n, cls.text) for n, (_, cls) in model.resources.items()),
        symbol_groups=tuple(ir.SymbolGroup(g, tuple(m.text for m in members))
                            for g, (_, members) in model.symbol_groups.items()),
        tokens=tuple(model.tokens),
        colours=tuple(ir.Colour(c.name.text, c.category.text if c.category else None)
                      for c in model.colours.values()),
        categories=tuple(ir.Category(c.name.text, lower_expr(c.formula) if c.formula else None)
                         for c in model.categories),
        settings=settings,
        patches=patches,
        conflicts=tuple(_conflict(c) for c in model.conflicts.values()),
        cards=tuple(_card(c, model, resource_order) for c in model.cards.values()),
        wonders=tuple(_wonder(w, model, resource_order) for w in model.wonders.values()),
        options=tuple(_option(o) for o in model.options.values()),
    )


# ---- settings -----------------------------------------------------------------------------------

def _setting_values(body) -> dict[str, object]:
    if isinstance(body, s.Players):
        return {"players": body.counts()}
    if isinstance(body, (s.StartCoins, s.Ages)):
        return {SETTING_FIELDS[type(body)]: body.value}
    if isinstance(body, (s.Hand, s.Turns)):
        return {SETTING_FIELDS[type(body)]: lower_expr(body.value)}
    if isinstance(body, s.PassDirections):
        return {"pass_directions": tuple(d.text for d in body.directions)}
    if isinstance(body, (s.Sell, s.TradePrice)):
        return {SETTING_FIELDS[type(body)]: body.coins}
    if isinstance(body, s.NeighboursSell):
        return {"neighbours_sell": tuple(n.text for n in body.sources)}
    if isinstance(body, s.StagesScore):
        return {"stages_category": body.category.text}
    if isinstance(body, s.TieBreak):
        return {"tie_break": tuple(n.text for n in body.keys)}
    raise TypeError(type(body))


def _settings(nodes: Iterable[s.Setting]) -> tuple[ir.Settings, tuple[str, ...]]:
    """Settings from setting nodes; also the names of the fields they set."""
    values: dict[str, object] = {}
    draws: list[ir.PoolDraw] = []
    orders: list[tuple[str, tuple[str, ...]]] = []
    neutrals: list[ir.Neutral] = []
    fields: list[str] = []
    for node in nodes:
        body = node.body
        if isinstance(body, s.PoolDraw):
            draws.append(ir.PoolDraw(body.pool.text, lower_expr(body.count), body.age))
            fields.append("pool_draws")
        elif isinstance(body, s.Order):
            orders.append((body.timing.kind, tuple(st.text for st in body.steps)))
            fields.append("order")
        elif isinstance(body, s.Neutral):
            neutrals.append(_neutral(body))
            fields.append("neutrals")
        else:
            v = _setting_values(body)
            values.update(v)
            fields.extend(v)
    return ir.Settings(pool_draws=tuple(draws), order=tuple(orders), neutrals=tuple(neutrals),
                       **values), tuple(dict.fromkeys(fields))


def _patches(entries: Iterable[tuple[tuple[int, ...], s.Setting]]) -> tuple[ir.Patch, ...]:
    grouped: dict[tuple[int, ...], list[s.Setting]] = {}
    for players, node in entries:
        grouped.setdefault(tuple(players), []).append(node)
    out = []
    for players, nodes in grouped.items():
        values, fields = _settings(nodes)
        out.append(ir.Patch(players, fields, values))
    return tuple(out)


def _neutral(n: s.Neutral) -> ir.Neutral:
    kinds = {c.kind: c for c in n.clauses}
    starts = kinds.get("control_starts")
    draws = kinds.get("controller_draws")
    return ir.Neutral(
        name=n.name.text,
        dealt_pile="dealt_pile" in kinds,
        control_starts=tuple(v.text for v in starts.values) if starts else ("left",),
        draws_per_turn=int(draws.values[0]) if draws else 0,
        must_chain="must_chain" in kinds,
        sells_only_when_hand_unplayable="sells_only_when_hand_unplayable" in kinds,
        never_wins="never_wins" in kinds,
    )


def _option(o: s.Option) -> ir.Option:
    plain: list[s.Setting] = []
    whens: list[tuple[tuple[int, ...], s.Setting]] = []
    conflicts = []
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
        elif isinstance(item, s.Conflict):
            conflicts.append(_conflict(item))
        elif isinstance(item, s.Teams):
            team_size = item.size
        elif isinstance(item, s.Winner):
            winner = item.mode
    patches = []
    if plain:
        values, fields = _settings(plain)
        patches.append(ir.Patch((), fields, values))
    patches.extend(_patches(whens))
    return ir.Option(o.name.text, o.title.text if o.title else "", players, team_size, winner,
                     tuple(patches), tuple(conflicts))


def _conflict(c: s.Conflict) -> ir.Conflict:
    cl = {x.kind: x for x in c.clauses}
    kw: dict[str, object] = {}
    if "sit_out" in cl:
        kw["sit_out_token"] = cl["sit_out"].token.text
        kw["sit_out_spend"] = cl["sit_out"].numbers[0]
    if "pairs" in cl:
        kw["except_partners"] = cl["pairs"].flag
    if "token_count" in cl:
        kw["tokens_per_result"] = cl["token_count"].numbers[0]
    if "reduced_tokens" in cl:
        r = cl["reduced_tokens"]
        kw["reduced_token"] = r.token.text
        kw["reduced_tokens"] = r.numbers[0]
        kw["reduced_spend"] = r.numbers[1]
    return ir.Conflict(
        name=c.name.text,
        strength=lower_expr(cl["strength"].expr),
        win_token=cl["win"].token.text,
        win_worth=tuple(cl["win"].numbers),
        lose_token=cl["lose"].token.text,
        lose_worth=cl["lose"].numbers[0],
        **kw,
    )


# ---- cards and wonders --------------------------------------------------------------------------

def _cost(cost: s.Cost | None, order: list[str]) -> tuple[int, tuple[tuple[str, int], ...]]:
    if cost is None:
        return 0, ()
    coins = 0
    res: dict[str, int] = {}
    for item in cost.items:
        if item.resource is None:
            coins += item.amount
        else:
            res[item.resource.text] = res.get(item.resource.text, 0) + item.amount
    ordered = tuple(sorted(res.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99))
    return coins, ordered


def _card(c: s.Card, model: Model, order: list[str]) -> ir.Card:
    cost = c.first(s.Cost)
    coins, resources = _cost(cost, order)
    chains_from = c.first(s.ChainFrom)
    chains_to = c.first(s.ChainTo)
    copies = c.first(s.Copies)
    pool = c.first(s.Pool)
    aliases: list[str] = []
    for a in c.attrs:
        if isinstance(a, s.Aliases):
            aliases.extend(t.text for t in a.names)
    return ir.Card(
        name=c.name.text, age=c.age, colour=c.colour.text, coins=coins, cost=resources,
        chains_from=tuple(t.text for t in chains_from.names) if chains_from else (),
        chains_to=tuple(t.text for t in chains_to.names) if chains_to else (),
        copies=copies.markers if copies else (),
        pool=pool.name.text if pool else None,
        hooks=tuple(_hook(h, model) for h in c.hooks),
        aliases=tuple(aliases),
        layer=model.card_layers.get((c.name.text, c.age), ""),
    )


def _wonder(w: s.Wonder, model: Model, order: list[str]) -> ir.Wonder:
    stages = []
    for st in w.stages:
        coins, resources = _cost(st.cost, order)
        stages.append(ir.Stage(coins, resources, tuple(_hook(h, model) for h in st.hooks)))
    return ir.Wonder(w.name.text, w.side.text, w.start.text, tuple(stages),
                     w.title.text if w.title else "",
                     model.wonder_layers.get((w.name.text, w.side.text), ""))


# ---- effects ------------------------------------------------------------------------------------

def _names(nodes: Iterable[s.Name]) -> tuple[str, ...]:
    return tuple(n.text for n in nodes)


def _count(per: s.Per | None) -> ir.Count | None:
    if per is None:
        return None
    kind = per.countable.kind
    if kind == "any_cards":
        kind = "cards"
    return ir.Count(kind, _names(per.countable.names), _names(per.scopes),
                    exclude_self=per.self_count == "excluding")


def _targets(nodes: tuple[s.Name, ...], default: str) -> tuple[str, ...]:
    return _names(nodes) if nodes else (default,)


def _hook(h: s.Hook, model: Model) -> ir.Hook:
    return ir.Hook(h.timing.kind, lower_effect(h.effect, model), _names(h.timing.scopes),
                   _names(h.timing.colours))


def lower_effect(e: s.Effect, model: Model) -> ir.Effect:
    if isinstance(e, s.Produce):
        return ir.Produce(_names(e.options), e.amount, e.for_sale)
    if isinstance(e, s.ProduceDerived):
        return ir.ProduceDerived(_names(e.sources), e.missing, e.for_sale)
    if isinstance(e, s.Symbol):
        return ir.Symbol(_names(e.options), e.amount)
    if isinstance(e, s.SymbolAny):
        _, members = model.symbol_groups[e.group.text]
        return ir.Symbol(_names(members), 1)
    if isinstance(e, s.GainCoins):
        return ir.GainCoins(e.amount, _targets(e.targets, "self"), _count(e.per))
    if isinstance(e, s.GainTokens):
        return ir.GainTokens(e.token.text, e.amount, e.worth if e.worth is not None else 1,
                             _targets(e.targets, "self"))
    if isinstance(e, s.LoseCoins):
        return ir.LoseCoins(e.amount, _targets(e.targets, "self"), _count(e.per),
                            e.or_take.text if e.or_take else None)
    if isinstance(e, s.Score):
        return ir.Score(e.amount, _count(e.per))
    if isinstance(e, s.TradePriceEffect):
        classes = model.resource_classes()
        expanded: list[str] = []
        for n in e.resources:
            expanded.extend(classes.get(n.text, [n.text]))
        return ir.TradePrice(tuple(dict.fromkeys(expanded)), _names(e.sides), e.price)
    if isinstance(e, s.TradeRebate):
        return ir.TradeRebate(_names(e.sides), e.amount)
    if isinstance(e, s.FreeBuild):
        return ir.FreeBuild(_names(e.colours))
    if isinstance(e, s.PlayLastCard):
        return ir.PlayLastCard()
    if isinstance(e, s.FreeStageResources):
        return ir.FreeStageResources()
    if isinstance(e, s.BuildFromDiscard):
        return ir.BuildFromDiscard(e.count)
    if isinstance(e, s.CopyCard):
        return ir.CopyCard(e.count, _names(e.colours), _names(e.scopes))
    if isinstance(e, s.CopySymbol):
        return ir.CopySymbol(e.count, _names(e.colours), _names(e.scopes))
    raise TypeError(type(e))


# ---- expressions --------------------------------------------------------------------------------

def lower_expr(e: s.Expr) -> ir.Expr:
    if isinstance(e, s.Number):
        return ir.Num(e.value)
    if isinstance(e, s.Neg):
        return ir.BinOp("-", ir.Num(0), lower_expr(e.operand))
    if isinstance(e, s.BinOp):
        return ir.BinOp(e.op, lower_expr(e.left), lower_expr(e.right))
    if isinstance(e, s.NameRef):
        if e.name.text in ("players", "seats", "age"):
            return ir.Var(e.name.text)
        return ir.Call(e.name.text)
    if isinstance(e, s.Call):
        fn = e.function.text
        if fn in ("min", "max"):
            return ir.Call(fn, (), tuple(lower_expr(a) for a in e.args))
        return ir.Call(fn, tuple(a.name.text for a in e.args if isinstance(a, s.NameRef)))
    raise TypeError(type(e))

