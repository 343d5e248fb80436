"""Pass: every name refers to something of the right kind; every effect has a timing and scopes
that suit it; every expression calls known functions with the right arguments."""

from __future__ import annotations

from collections.abc import Iterable

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.resolve import Model, closest
from wonderrules.interpreter.ir import SCOPES, TARGET_SCOPES

__all__ = ["check", "EFFECT_TIMINGS", "QUANTITIES", "SETTING_VARIABLES", "TIMING_WORDS", "MOMENT_OF",
           "ORDERED_MOMENTS"]

_GAINS = ("on_build", "end_of_turn", "each_end_of_turn", "each_end_of_age", "whenever_builds")

#: effect node type -> the timings it may have
EFFECT_TIMINGS: dict[type, tuple[str, ...]] = {
    s.Produce: ("passive",),
    s.ProduceDerived: ("passive",),
    s.Symbol: ("passive", "end_of_game"),
    s.SymbolAny: ("end_of_game",),
    s.GainCoins: _GAINS,
    s.GainTokens: _GAINS,
    s.LoseCoins: _GAINS,
    s.Score: ("end_of_game",),
    s.TradePriceEffect: ("passive",),
    s.TradeRebate: ("passive",),
    s.FreeBuild: ("passive",),
    s.PlayLastCard: ("passive",),
    s.FreeStageResources: ("passive",),
    s.BuildFromDiscard: ("end_of_turn", "each_end_of_turn", "each_end_of_age"),
    s.CopyCard: ("end_of_game",),
    s.CopySymbol: ("end_of_game",),
}

TIMING_WORDS = {"passive": "passive", "on_build": "on build", "end_of_turn": "end of turn",
                "each_end_of_turn": "each end of turn", "each_end_of_age": "each end of age",
                "end_of_game": "end of game", "whenever_builds": "whenever ... builds"}

#: the moments the engine runs in a declared step order (`order MOMENT: ...`)
ORDERED_MOMENTS = ("on_build", "end_of_turn", "each_end_of_age")
#: timing -> the moment its effects run in: `each end of turn` effects join the end-of-turn queue,
#: `whenever ... builds` effects run with the `on build` effects of the turn
MOMENT_OF = {"on_build": "on_build", "whenever_builds": "on_build", "end_of_turn": "end_of_turn",
             "each_end_of_turn": "end_of_turn", "each_end_of_age": "each_end_of_age"}

_EFFECT_WORDS = {s.Produce: "produce", s.ProduceDerived: "produce one of the resources",
                 s.Symbol: "symbol", s.SymbolAny: "symbol any", s.GainCoins: "gain coins",
                 s.GainTokens: "gain tokens", s.LoseCoins: "lose coins", s.Score: "score",
                 s.TradePriceEffect: "buy ... for", s.TradeRebate: "first purchase ... costs less",
                 s.FreeBuild: "build free once per age", s.PlayLastCard: "play last card",
                 s.FreeStageResources: "stages cost no resources",
                 s.BuildFromDiscard: "build from discard", s.CopyCard: "copy card",
                 s.CopySymbol: "copy symbol"}

#: quantity functions of scoring formulas and conflict strengths: name -> argument kinds.
#: An argument kind ending in '?' is optional.
QUANTITIES: dict[str, tuple[str, ...]] = {
    "coins": (),
    "value": ("token",),
    "tokens": ("token",),
    "symbols": ("symbol",),
    "squares": ("symbol group",),
    "sets": ("symbol group",),
    "cards": ("colour?", "scope?"),
    "stages": ("scope?",),
}
_MATH = ("min", "max")
#: variables of game-setting expressions
SETTING_VARIABLES = ("players", "seats")
#: pool draws are evaluated for each age, with `age` bound to it
POOL_DRAW_VARIABLES = SETTING_VARIABLES + ("age",)


def check(model: Model, names: Names) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    r = _Refs(model, names, diags)
    r.run()
    return diags


class _Refs:
    def __init__(self, model: Model, names: Names, diags: list[Diagnostic]) -> None:
        self.model = model
        self.names = names
        self.diags = diags

    def name(self, node: s.Name, *kinds: str, extra: Iterable[str] = (), what: str | None = None) -> bool:
        return self.names.check(node, kinds, self.diags, extra=extra, what=what)

    # ---- whole model -----------------------------------------------------------------------
    def run(self) -> None:
        m = self.model
        for colour in m.colours.values():
            if colour.category is not None:
                self.name(colour.category, "category")
        for entry in m.settings.values():
            self.setting(entry.node.body)
        for w in m.whens:
            self.setting(w.node.body)
        for cat in m.categories:
            if cat.formula is not None:
                self.expr(cat.formula, quantities=True)
        for conflict in m.conflicts.values():
            self.conflict(conflict)
        for opt in m.options.values():
            for item in opt.items:
                if isinstance(item, s.Setting):
                    self.setting(item.body)
                elif isinstance(item, s.When):
                    for inner in item.settings:
                        if isinstance(inner, s.Setting):
                            self.setting(inner.body)
                elif isinstance(item, s.Conflict):
                    self.conflict(item)
        unplaced_cards = [c for c in m.unplaced if isinstance(c, s.Card)]
        unplaced_wonders = [w for w in m.unplaced if isinstance(w, s.Wonder)]
        for card in [*m.cards.values(), *unplaced_cards]:
            self.card(card)
        for wonder in [*m.wonders.values(), *unplaced_wonders]:
            self.name(wonder.start, "resource")
            for stage in wonder.stages:
                if stage.cost is not None:
                    self.cost(stage.cost)
                for hook in stage.hooks:
                    self.hook(hook, None)

    def setting(self, body) -> None:
        if isinstance(body, (s.Hand, s.Turns)):
            self.expr(body.value, quantities=False)
        elif isinstance(body, s.PoolDraw):
            self.name(body.pool, "pool")
            self.expr(body.count, quantities=False, variables=POOL_DRAW_VARIABLES)
        elif isinstance(body, s.NeighboursSell):
            for n in body.sources:
                self.name(n, "colour", extra=("board",), what="a colour or `board`")
        elif isinstance(body, s.StagesScore):
            self.name(body.category, "category")
        elif isinstance(body, s.TieBreak):
            for n in body.keys:
                if n.text not in ("coins",):
                    self.diags.append(error("E0104", f"cannot break ties by '{n.text}'", n.span,
                                            help="ties are broken by `coins`"))
        elif isinstance(body, s.Order):
            self.order_moment(body)
            seen: set[str] = set()
            for st in body.steps:
                if st.text in seen:
                    self.diags.append(error("E0102", f"step '{st.text}' is listed twice", st.span,
                                            help="list each step once, in the order it runs"))
                seen.add(st.text)

    def order_moment(self, body: s.Order) -> None:
        kind = body.timing.kind
        if kind in ORDERED_MOMENTS:
            return
        words = TIMING_WORDS[kind]
        steps = ", ".join(st.text for st in body.steps)
        labels = []
        if kind in MOMENT_OF:
            moment = TIMING_WORDS[MOMENT_OF[kind]]
            why = ("`end of turn` and `each end of turn` effects run in one end-of-turn queue"
                   if kind == "each_end_of_turn" else
                   "`whenever ... builds` effects run with the `on build` effects of the turn")
            declared = self.model.settings.get(f"order {MOMENT_OF[kind]}")
            if declared is None:
                hint = f"`order {moment}` covers both: {why}; write `order {moment}: {steps}`"
            else:
                labels.append(Label(declared.node.span, "the declared order"))
                hint = f"`order {moment}` covers both: {why}; list these steps in the declared `order {moment}`"
        elif kind == "passive":
            hint = "passive effects take hold as their card is placed, one by one; remove this line"
        else:
            hint = ("end-of-game effects are added up when the score is computed, where their order "
                    "changes nothing; remove this line")
        self.diags.append(error("E0104", f"there is no `order` for `{words}`", body.timing.span, help=hint,
                                labels=labels))

    def conflict(self, c: s.Conflict) -> None:
        for cl in c.clauses:
            if cl.expr is not None:
                self.expr(cl.expr, quantities=True)
            if cl.token is not None:
                self.name(cl.token, "token")

    # ---- cards and effects -----------------------------------------------------------------
    def card(self, card: s.Card) -> None:
        self.name(card.colour, "colour")
        for a in card.attrs:
            if isinstance(a, s.Cost):
                self.cost(a)
        for hook in card.hooks:
            self.hook(hook, card)

    def cost(self, cost: s.Cost) -> None:
        for item in cost.items:
            if item.resource is not None:
                self.name(item.resource, "resource")

    def hook(self, hook: s.Hook, card: s.Card | None) -> None:
        t = hook.timing
        eff = hook.effect
        allowed = EFFECT_TIMINGS[type(eff)]
        if t.kind not in allowed:
            effect = _EFFECT_WORDS[type(eff)]
            if len(allowed) == 1:
                hint = f"write `{TIMING_WORDS[allowed[0]]}: {effect} ...`"
            else:
                hint = "use one of " + ", ".join(f"`{TIMING_WORDS[a]}`" for a in allowed)
            self.diags.append(error(
                "E0104", f"`{effect}` cannot happen at `{TIMING_WORDS[t.kind]}`", t.span, help=hint))
        if t.kind == "whenever_builds":
            for sc in t.scopes:
                self.scope(sc, TARGET_SCOPES)
            for col in t.colours:
                self.name(col, "colour")
        self.effect(eff, t.kind)

    def scope(self, node: s.Name, allowed: tuple[str, ...]) -> None:
        if node.text not in allowed:
            self.diags.append(error("E0104", f"`{node.text}` cannot be used here", node.span,
                                    help="use one of: " + ", ".join(allowed)))

    def per(self, per: s.Per | None, targets: tuple[s.Name, ...]) -> None:
        if per is None:
            return
        cnt = per.countable
        if cnt.kind == "cards":
            for n in cnt.names:
                self.name(n, "colour")
        elif cnt.kind == "tokens":
            for n in cnt.names:
                self.name(n, "token")
        elif cnt.kind == "symbols":
            for n in cnt.names:  # a group counts every symbol of the group
                self.name(n, "symbol", "symbol group")
        targeted = any(t.text != "self" for t in targets)
        allowed = SCOPES if targeted else tuple(x for x in SCOPES if x != "their city")
        for sc in per.scopes:
            if sc.text == "their city" and not targeted:
                self.diags.append(error("E0104", "`their city` is only for effects on other players",
                                        sc.span, help="count in `self` for the owner's own city"))
            else:
                self.scope(sc, allowed)

    def effect(self, eff, timing: str) -> None:
        if isinstance(eff, s.Produce):
            for n in eff.options:
                self.name(n, "resource")
        elif isinstance(eff, s.ProduceDerived):
            for n in eff.sources:
                self.name(n, "colour", extra=("board",), what="a colour or `board`")
        elif isinstance(eff, s.Symbol):
            for n in eff.options:
                self.name(n, "symbol")
            if len(eff.options) > 1 and timing == "passive":
                self.diags.append(error("E0104", "a choice of symbols is made at the end of the game",
                                        eff.span, help="write it as `end of game: symbol a | b`"))
        elif isinstance(eff, s.SymbolAny):
            self.name(eff.group, "symbol group")
        elif isinstance(eff, (s.GainCoins, s.LoseCoins)):
            for t in eff.targets:
                self.scope(t, TARGET_SCOPES)
            self.per(eff.per, eff.targets)
            if isinstance(eff, s.LoseCoins) and eff.or_take is not None:
                self.name(eff.or_take, "token")
        elif isinstance(eff, s.GainTokens):
            for t in eff.targets:
                self.scope(t, TARGET_SCOPES)
            self.name(eff.token, "token")
        elif isinstance(eff, s.Score):
            self.per(eff.per, ())
        elif isinstance(eff, s.TradePriceEffect):
            for n in eff.resources:
                self.name(n, "resource", "resource class")
        elif isinstance(eff, s.FreeBuild):
            for n in eff.colours:
                self.name(n, "colour")
        elif isinstance(eff, (s.CopyCard, s.CopySymbol)):
            for n in eff.colours:
                self.name(n, "colour")
            for sc in eff.scopes:
                self.scope(sc, tuple(x for x in TARGET_SCOPES if x != "self"))

    # ---- expressions -----------------------------------------------------------------------
    def expr(self, e: s.Expr, quantities: bool, variables: tuple[str, ...] = SETTING_VARIABLES) -> None:
        """Check a scoring formula or conflict strength (`quantities`), or a game-setting
        expression over `variables`."""
        if isinstance(e, s.Number):
            return
        if isinstance(e, s.Neg):
            self.expr(e.operand, quantities, variables)
        elif isinstance(e, s.BinOp):
            self.expr(e.left, quantities, variables)
            self.expr(e.right, quantities, variables)
            if e.op == "/" and isinstance(e.right, s.Number) and e.right.value == 0:
                self.diags.append(error("E0106", "division by zero", e.right.span))
        elif isinstance(e, s.NameRef):
            known = QUANTITIES if quantities else variables
            text = e.name.text
            if quantities and text in QUANTITIES and not any(
                    not a.endswith("?") for a in QUANTITIES[text]):
                return
            if not quantities and text in variables:
                return
            if not quantities and text == "age":
                self.diags.append(error("E0106", "`age` is known in pool draws only", e.span,
                                        help="hands and turns are the same in every age; a pool draw may "
                                             "depend on the age: `pool guilds: age + 1 in each age`"))
                return
            hint = closest(text, list(known))
            what = "quantity" if quantities else "variable"
            if quantities and text in QUANTITIES:
                self.diags.append(error("E0106", f"'{text}' needs arguments", e.span,
                                        help=f"write `{text}({', '.join(QUANTITIES[text])})`"))
            else:
                self.diags.append(error("E0106", f"unknown {what} '{text}'", e.span,
                                        help=f"did you mean '{hint}'?" if hint else
                                        "known: " + ", ".join(known)))
        elif isinstance(e, s.Call):
            self.call(e, quantities, variables)

    def call(self, e: s.Call, quantities: bool, variables: tuple[str, ...]) -> None:
        fn = e.function.text
        if fn in _MATH:
            if len(e.args) != 2:
                self.diags.append(error("E0106", f"`{fn}` takes two arguments", e.span,
                                        help=f"write `{fn}(a, b)`"))
            for a in e.args:
                self.expr(a, quantities, variables)
            return
        if not quantities or fn not in QUANTITIES:
            known = list(_MATH) + (list(QUANTITIES) if quantities else [])
            hint = closest(fn, known)
            self.diags.append(error("E0106", f"unknown function '{fn}'", e.function.span,
                                    help=f"did you mean '{hint}'?" if hint else "known: " + ", ".join(known)))
            return
        kinds = QUANTITIES[fn]
        required = sum(1 for k in kinds if not k.endswith("?"))
        if not required <= len(e.args) <= len(kinds):
            self.diags.append(error("E0106", f"`{fn}` takes {_arity(kinds)}", e.span,
                                    help=f"write `{fn}({', '.join(k.rstrip('?') for k in kinds)})`"))
            return
        args = list(e.args)
        for kind in kinds:
            if not args:
                break
            a = args[0]
            if not isinstance(a, s.NameRef):
                self.diags.append(error("E0106", f"`{fn}` takes a name here, not an expression", a.span,
                                        help=f"write `{fn}({', '.join(k.rstrip('?') for k in kinds)})`"))
                args.pop(0)
                continue
            k = kind.rstrip("?")
            if k == "scope":
                self.scope(a.name, TARGET_SCOPES)
                args.pop(0)
            elif kind.endswith("?") and k == "colour" and a.name.text in TARGET_SCOPES:
                continue  # cards(left): the optional colour is omitted
            else:
                self.name(a.name, k, *(("symbol group",) if k == "symbol" else ()))
                args.pop(0)


def _arity(kinds: tuple[str, ...]) -> str:
    req = sum(1 for k in kinds if not k.endswith("?"))
    if req == len(kinds):
        return f"{req} argument{'s' if req != 1 else ''}"
    return f"{req} to {len(kinds)} arguments"
