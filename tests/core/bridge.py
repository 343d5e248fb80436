"""A rule set compiled for the first engine, translated into the generic core.

The rule sets of this version of the language are lowered to the first engine's IR; this module
writes the same game on the core: the flow, zones, actions, decisions, market, contests and seats
that the first engine knew in Python, and every effect as a core hook. Differential tests play the
same seeds on both engines and compare every legal set and every score.
"""

from __future__ import annotations

from wonderrules.interpreter import ir as old
from wonderrules.interpreter import ir as core

SELF = core.Relation("self")
_SCOPES = {
    "self": SELF, "left": core.Relation("left"), "right": core.Relation("right"),
    "neighbours": core.Relation("neighbours"), "others": core.Relation("others"),
    "everyone": core.Relation("everyone"), "partner": core.Relation("partners"),
    "their city": core.Relation("target"),
}
_MOMENTS = {"on_build": "on build", "end_of_turn": "end of turn", "each_end_of_age": "end of age"}
_STEPS = {"gain": "gain", "lose": "lose", "build": "decide"}


def seats(scopes) -> tuple[core.Relation, ...]:
    return tuple(_SCOPES[s] for s in scopes)


def expr(e) -> core.Expr:
    if isinstance(e, old.Num):
        return core.Num(e.value)
    if isinstance(e, old.Var):
        return core.Var(e.name)
    if isinstance(e, old.BinOp):
        return core.BinOp(e.op, expr(e.left), expr(e.right))
    assert isinstance(e, old.Call), e
    fn, names = e.function, e.names
    if fn in ("min", "max"):
        return core.Call(fn, tuple(expr(a) for a in e.args))
    if fn == "coins":
        return core.Quantity("coins")
    if fn in ("value", "tokens", "symbols", "squares", "sets"):
        return core.Quantity(fn, (names[0],))
    if fn == "cards":
        colours = tuple(n for n in names if n not in _SCOPES)
        scope = next((n for n in names if n in _SCOPES), "self")
        return core.Quantity("cards", colours, (_SCOPES[scope],))
    if fn == "stages":
        return core.Quantity("stages", (), (_SCOPES[names[0]] if names else SELF,))
    raise ValueError(f"no core form of {fn}")


def amount(n: int, per) -> core.Expr:
    if per is None:
        return core.Num(n)
    what = {"cards": "cards", "stages": "stages", "tokens": "tokens", "symbols": "symbols"}[per.kind]
    q = core.Quantity(what, tuple(per.names), seats(per.scopes), this="excluding" if per.exclude_self else "")
    return q if n == 1 else core.BinOp("*", core.Num(n), q)


def trigger(h: old.Hook):
    t = h.timing
    if t == "passive":
        return core.Passive()
    if t == "on_build":
        return core.OnBuild()
    if t == "end_of_turn":
        return core.At("end of turn")
    if t == "each_end_of_turn":
        return core.At("end of turn", each=True)
    if t == "each_end_of_age":
        return core.At("end of age", each=True)
    if t == "end_of_game":
        return core.EndOfGame()
    assert t == "whenever_builds", t
    return core.When("builds", seats(h.scopes), tuple(h.colours))


def op(e):
    if isinstance(e, old.Produce):
        return core.Produce(tuple(e.options), e.amount, e.for_sale)
    if isinstance(e, old.ProduceDerived):
        return core.ProduceOneOf(tuple(e.sources), e.missing, e.for_sale)
    if isinstance(e, old.Symbol):
        return core.Symbol(tuple(e.options), e.amount)
    if isinstance(e, old.GainCoins):
        return core.GainCoins(amount(e.amount, e.per), seats(e.targets))
    if isinstance(e, old.GainTokens):
        return core.GainTokens(e.token, core.Num(e.amount), core.Num(e.worth), seats(e.targets))
    if isinstance(e, old.LoseCoins):
        return core.LoseCoins(amount(e.amount, e.per), seats(e.targets), e.shortfall_token or "")
    if isinstance(e, old.Score):
        return core.Score(amount(e.amount, e.per))
    if isinstance(e, old.TradePrice):
        return core.Price(tuple(e.resources), seats(e.sides), e.price)
    if isinstance(e, old.TradeRebate):
        return core.Rebate(seats(e.sides), e.amount)
    if isinstance(e, old.FreeBuild):
        return core.Grant("free_build", "age", 1, tuple(e.colours))
    if isinstance(e, old.PlayLastCard):
        return core.Grant("last_card")
    if isinstance(e, old.FreeStageResources):
        return core.CostChange("stage", resources="none")
    if isinstance(e, old.BuildFromDiscard):
        return core.Decide("pick", e.count)
    if isinstance(e, old.CopyCard):
        return core.CopyCard(tuple(e.colours), seats(e.scopes), e.count)
    if isinstance(e, old.CopySymbol):
        return core.CopySymbol(tuple(e.colours), seats(e.scopes), e.count)
    raise ValueError(f"no core form of {e!r}")


def hooks(hs) -> tuple[core.Hook, ...]:
    return tuple(core.Hook(trigger(h), op(h.effect)) for h in hs)


def cost(coins: int, resources) -> core.Cost:
    return core.Cost(coins, tuple((r, n) for r, n in resources))


def card(c: old.Card) -> core.Card:
    return core.Card(c.name, c.colour, age=c.age, cost=cost(c.coins, c.cost), chains_from=tuple(c.chains_from),
                     chains_to=tuple(c.chains_to), copies=tuple(c.copies), pool=c.pool or "", hooks=hooks(c.hooks),
                     aliases=tuple(c.aliases))


def board(wd: old.Wonder) -> core.Board:
    start = core.Hook(core.Passive(), core.Produce((wd.start,), 1, True))
    stages = tuple(core.Stage(cost(st.coins, st.cost), hooks(st.hooks)) for st in wd.stages)
    return core.Board(wd.name, wd.side, wd.title, (start,), stages)


def contest(c: old.Conflict) -> core.Contest:
    return core.Contest(
        c.name, "end of age", expr(c.strength),
        win=core.Outcome(c.win_token, tuple(c.win_worth)), lose=core.Outcome(c.lose_token, (c.lose_worth,)),
        except_partners=c.except_partners, sit_out=c.sit_out_token or "", sit_out_spend=c.sit_out_spend,
        tokens_per_result=c.tokens_per_result, reduced=c.reduced_token or "", reduced_tokens=c.reduced_tokens,
        reduced_spend=c.reduced_spend)


def neutral(n: old.Neutral) -> core.NeutralSeat:
    restrictions = []
    if n.must_chain:
        restrictions.append(core.Restriction("forced", "build", "chain"))
    if n.sells_only_when_hand_unplayable:
        restrictions.append(core.Restriction("last_resort", "sell", over="decision"))
    seat_hooks = ()
    if n.draws_per_turn:
        draw = core.Move(core.Num(n.draws_per_turn), "pile", "hand", to_seat=core.Relation("controller"))
        seat_hooks = (core.Hook(core.At("start of turn", each=True), draw),)
    return core.NeutralSeat(n.name, tuple(n.control_starts), control_follows="hand", resolves_first=True,
                            every_payment=True, competes=not n.never_wins, restrictions=tuple(restrictions),
                            hooks=seat_hooks)


def order(entries) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((_MOMENTS[m], tuple(_STEPS[s] for s in steps if s in _STEPS)) for m, steps in entries)


def pool_draw(d: old.PoolDraw) -> core.PoolDraw:
    return core.PoolDraw(d.pool, expr(d.count), d.age or 0)


def patch(p: old.Patch, zones=()) -> core.Patch:
    v = p.values
    given = set(p.fields)
    return core.Patch(
        players=tuple(p.players),
        start_coins=v.start_coins if "start_coins" in given else None,
        hand=expr(v.hand) if "hand" in given else None,
        turns=expr(v.turns) if "turns" in given else None,
        pass_directions=tuple(v.pass_directions) if "pass_directions" in given else None,
        pool_draws=tuple(pool_draw(d) for d in v.pool_draws) if "pool_draws" in given else (),
        order=order(v.order) if "order" in given else (),
        neutral_seats=tuple(neutral(n) for n in v.neutrals) if "neutrals" in given else (),
        zones=tuple(zones))


def translate(rules: old.RuleSet) -> core.RuleSet:
    s = rules.settings
    piles = any(n.dealt_pile for n in s.neutrals) or any(
        n.dealt_pile for p in rules.patches for n in p.values.neutrals)
    zones = [
        core.Zone("hand", seen_by="owner"),
        core.Zone("built", seen_by="everyone", active=True),
        core.Zone("tucked"),
        core.Zone("discard", per="shared"),
    ]
    targets = [core.DealTarget("hand", "players", core.Var("hand"))]
    if piles:
        zones.append(core.Zone("pile"))
        for n in s.neutrals:
            if n.dealt_pile:
                targets.append(core.DealTarget("pile", n.name, core.Var("hand")))
    build = core.ActionKind(
        "build", "build {card}", card_from="hand", unique_in="built", cost="card",
        ways=(core.Way("chain", free=True, when="chained", only=True), core.Way(""),
              core.Way("free", free=True, when="granted", ability="free_build")),
        then=(core.MoveCard("built"),))
    stage = core.ActionKind("stage", "build a wonder stage with {card}", card_from="hand", cost="stage",
                            then=(core.MoveCard("tucked"), core.BuildStage()))
    sell = core.ActionKind("sell", "sell {card}", card_from="hand",
                           then=(core.MoveCard("discard"), core.GainCoins(core.Num(s.sell_coins))))
    pick = core.ActionKind("pick", "build {card} from the discard pile", card_from="discard", unique_in="built",
                           then=(core.MoveCard("built"),))
    last = core.BinOp("==", core.Var("turn"), core.Var("turns"))
    before_last = core.BinOp("<", core.Var("turn"), core.Var("turns"))
    flow = (
        core.EachAge((
            core.DealStep("age"),
            core.AtStep("start of age"),
            core.EachTurn((
                core.AtStep("start of turn"),
                core.RoundStep("play"),
                core.If(last, (core.AtStep("last turn"),)),
                core.AtStep("end of turn"),
                core.If(before_last, (core.PassStep("hand"),)),
            )),
            core.AtStep("end of age"),
        )),
        core.AtStep("end of game"),
    )
    moments = [core.MomentSteps("last turn", (
        core.RoundStep("extra", seats="players", ability="last_card", within_turn=True),
        core.DiscardStep(("hand",), "discard"),
    ))]
    if piles:
        moments.append(core.MomentSteps("last turn", (core.DiscardStep(("pile",), "discard"),)))
    options = []
    for o in rules.options:
        zone_patch = (core.Zone("hand", seen_by="partners"),) if o.team_size else ()
        patches = [patch(p) for p in o.patches]
        if zone_patch:
            patches.append(core.Patch(zones=zone_patch))
        options.append(core.Option(o.name, o.title, tuple(o.players), o.team_size, o.winner, tuple(patches),
                                   tuple(contest(c) for c in o.conflicts)))
    return core.RuleSet(
        format=2, name=rules.name, title=rules.title, layers=tuple(rules.layers),
        settings=core.Settings(
            players=tuple(s.players), start_coins=s.start_coins, ages=s.ages, hand=expr(s.hand),
            turns=expr(s.turns), pass_directions=tuple(s.pass_directions), card_zone="built",
            stages_category=s.stages_category, pool_draws=tuple(pool_draw(d) for d in s.pool_draws),
            tie_break=tuple(s.tie_break), order=order(s.order), neutral_seats=tuple(neutral(n) for n in s.neutrals)),
        resources=tuple(core.Resource(r.name, r.resource_class) for r in rules.resources),
        symbol_groups=tuple(core.SymbolGroup(g.name, tuple(g.members)) for g in rules.symbol_groups),
        tokens=tuple(rules.tokens),
        colours=tuple(core.Colour(c.name, c.category) for c in rules.colours),
        categories=tuple(core.Category(c.name, expr(c.formula) if c.formula is not None else None)
                         for c in rules.categories),
        zones=tuple(zones),
        pools=tuple(dict.fromkeys(c.pool for c in rules.cards if c.pool)),
        abilities=("free_build", "last_card"),
        deals=(core.Deal("age", "age", tuple(targets)),),
        actions=(build, stage, sell, pick),
        decisions=(core.Decision("play", ("build", "stage", "sell"), "age {age}, turn {turn}"),
                   core.Decision("extra", ("build", "stage", "sell"), "play the card left at the end of the age"),
                   core.Decision("pick", ("pick",), "build a card from the discard pile for free")),
        flow=flow,
        moments=tuple(moments),
        market=core.Market((core.Relation("left"), core.Relation("right")), tuple(s.neighbours_sell), s.trade_price),
        contests=tuple(contest(c) for c in rules.conflicts),
        patches=tuple(patch(p) for p in rules.patches),
        cards=tuple(card(c) for c in rules.cards),
        boards=tuple(board(wd) for wd in rules.wonders),
        options=tuple(options),
    )
