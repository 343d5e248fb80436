"""Pass: every name refers to something of the right kind; every effect has a trigger, seats and
amounts that suit it; every expression is checked in its context (see ``expressions``). The
names of the game's structure (zones, deals, actions, the flow, the market, neutral seats) are
checked by ``structure_refs``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Optional

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks import expressions as ex
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.resolve import Model, closest
from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w
from wonderrules.interpreter.ops import OP_SPECS

__all__ = ["check", "Refs", "EFFECT_TRIGGERS", "LOWERED_TO", "TRIGGER_WORDS", "QUANTITIES", "EFFECT_WORDS",
           "trigger_kind"]

QUANTITIES = ex.QUANTITIES

#: effect node type -> the operation of the core it is lowered into (see ``lower_effects``)
LOWERED_TO: dict[type, type] = {
    s.Produce: ir.Produce, s.ProduceDerived: ir.ProduceOneOf, s.Price: ir.Price, s.Rebate: ir.Rebate,
    s.Grant: ir.Grant, s.CostChange: ir.CostChange, s.StrengthBonus: ir.StrengthBonus, s.Symbol: ir.Symbol,
    s.SymbolAny: ir.Symbol, s.Score: ir.Score, s.CopyCard: ir.CopyCard, s.CopySymbol: ir.CopySymbol,
    s.GainCoins: ir.GainCoins, s.GainTokens: ir.GainTokens, s.LoseCoins: ir.LoseCoins, s.LoseTokens: ir.LoseTokens,
    s.Decide: ir.Decide, s.Draw: ir.Move, s.MoveCard: ir.MoveCard, s.BuildStage: ir.BuildStage,
    s.PayCoins: ir.Transfer, s.GiveTokens: ir.Transfer,
}
#: the core's trigger classes -> the kinds of trigger as written (see trigger_kind)
_TRIGGER_KINDS: dict[type, str] = {ir.Passive: "passive", ir.OnBuild: "on_build", ir.At: "moment",
                                   ir.EndOfGame: "end_of_game", ir.When: "whenever"}
#: effect node type -> the kinds of trigger it may have (see trigger_kind): those the table of
#: operations gives its operation; a choice between symbols is made at the end of the game
EFFECT_TRIGGERS: dict[type, tuple[str, ...]] = {
    node: ("end_of_game",) if node is s.SymbolAny else tuple(_TRIGGER_KINDS[t] for t in OP_SPECS[op].triggers)
    for node, op in LOWERED_TO.items()}
TRIGGER_WORDS = {"passive": "passive", "on_build": "on build", "moment": "a moment (`end of turn`)",
                 "end_of_game": "end of game", "whenever": "whenever ..."}
EFFECT_WORDS = {s.Produce: "produce", s.ProduceDerived: "produce one of the resources", s.Symbol: "symbol",
                s.SymbolAny: "symbol any", s.GainCoins: "gain coins", s.GainTokens: "gain tokens",
                s.LoseCoins: "lose coins", s.LoseTokens: "lose tokens", s.Score: "score", s.Price: "buy ... for",
                s.Rebate: "first purchase ... costs less", s.Grant: "grant", s.CostChange: "costs ...",
                s.StrengthBonus: "strength", s.Decide: "decide", s.CopyCard: "copy card",
                s.CopySymbol: "copy symbol", s.Draw: "draw", s.MoveCard: "move card", s.BuildStage: "build stage",
                s.PayCoins: "pay coins to", s.GiveTokens: "give tokens to"}
#: the events a `whenever` trigger listens to, as written
_EVENT_WORDS = ("builds", "gains", "wins", "loses")
#: seats that are never a target of an effect, nor a seller, nor a city copied from
_NOT_A_TARGET = ("their city",)


def _trigger_shown(kind: str) -> str:
    """A kind of trigger in a sentence: the words written in backticks, a description as it is."""
    return TRIGGER_WORDS[kind] if kind == "moment" else f"`{TRIGGER_WORDS[kind]}`"


def trigger_kind(t: s.Trigger) -> str:
    if isinstance(t, s.Passive):
        return "passive"
    if isinstance(t, s.OnBuild):
        return "on_build"
    if isinstance(t, s.AtMoment):
        return "moment"
    if isinstance(t, s.EndOfGame):
        return "end_of_game"
    return "whenever"


def check(model: Model, names: Names) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    Refs(model, names, diags).run()
    return diags


def _takes_the_loss(a: s.Action) -> bool:
    """Whether an action takes an amount, or reads `loss` in its range or operations."""
    if a.first(s.AmountRange) is not None:
        return True
    return any(isinstance(node, s.NameRef) and node.name.text == "loss" for node in _walk(a.clauses))


def _walk(value: Any) -> Iterable[object]:
    """Every node under `value` (syntax nodes, tuples of them)."""
    yield value
    if isinstance(value, tuple):
        for item in value:
            yield from _walk(item)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if field.name != "span":
                yield from _walk(getattr(value, field.name))


class Refs:
    def __init__(self, model: Model, names: Names, diags: list[Diagnostic]) -> None:
        self.model = model
        self.names = names
        self.diags = diags
        #: the variables bound where expressions are being checked (`amount`, `loss` in an action)
        self.bound: tuple[str, ...] = ()

    def name(self, node: s.Name | s.Text, *kinds: str, extra: Iterable[str] = (), what: str | None = None) -> bool:
        return self.names.check(node, kinds, self.diags, extra=extra, what=what)

    def _name_check(self, node: s.Name, kinds: tuple[str, ...], what: Optional[str]) -> bool:
        return self.name(node, *kinds, what=what)

    def expr(self, e: s.Expr, ctx: ex.Context) -> None:
        if self.bound and ctx.quantities and not ctx.flow:
            ctx = attrs.evolve(ctx, variables=ctx.variables + self.bound)
        ex.check_expr(e, ctx, self._name_check, self.diags)

    # ---- whole model -------------------------------------------------------------------------
    def run(self) -> None:
        m = self.model
        for colour in m.colours.values():
            if colour.category is not None:
                self.name(colour.category, "category")
        for entry in m.settings.values():
            self.setting(entry.node.body)
        for wh in m.whens:
            self.setting(wh.node.body)
        for cat in m.categories:
            if cat.formula is not None:
                self.expr(cat.formula, ex.GAME)
        for contest in m.contests.values():
            self.contest(contest)
        for opt in m.options.values():
            for item in opt.items:
                if isinstance(item, s.Setting):
                    self.setting(item.body)
                elif isinstance(item, s.When):
                    for inner in item.settings:
                        if isinstance(inner, s.Setting):
                            self.setting(inner.body)
                elif isinstance(item, s.Contest):
                    self.contest(item)
        unplaced_cards = [c for c in m.unplaced if isinstance(c, s.Card)]
        unplaced_wonders = [wd for wd in m.unplaced if isinstance(wd, s.Wonder)]
        for card in [*m.cards.values(), *unplaced_cards]:
            self.card(card)
        for wonder in [*m.wonders.values(), *unplaced_wonders]:
            if wonder.start is not None:
                self.name(wonder.start, "resource")
            for hook in wonder.hooks:
                self.hook(hook)
            for stage in wonder.stages:
                if stage.cost is not None:
                    self.cost(stage.cost)
                for hook in stage.hooks:
                    self.hook(hook)
        for seat in m.seats.values():
            for hook in seat.hooks:
                self.hook(hook)
        for block, _ in m.effect_blocks():
            if block.category is not None:
                self.name(block.category, "category")
            for hook in block.hooks:
                self.hook(hook)

    def setting(self, body: s.SettingBody) -> None:
        if isinstance(body, s.Hand):
            self.expr(body.value, ex.SETTING)
        elif isinstance(body, s.Turns):
            self.expr(body.value, ex.TURNS)
        elif isinstance(body, s.PoolDraw):
            self.name(body.pool, "pool")
            self.expr(body.count, ex.DRAW)
        elif isinstance(body, s.StagesScore):
            self.name(body.category, "category")
        elif isinstance(body, s.CardZone):
            self.name(body.zone, "zone")
        elif isinstance(body, s.TieBreak):
            for n in body.keys:
                if n.text not in w.TIE_BREAKS:
                    self.diags.append(error("E0104", f"cannot break ties by '{n.text}'", n.span,
                                            help="ties are broken by " + ", ".join(f"`{t}`" for t in w.TIE_BREAKS)))
        elif isinstance(body, s.Order):
            self.order_moment(body)
            seen: set[str] = set()
            for st in body.steps:
                if st.text not in w.STEPS:
                    self.diags.append(error("E0104", f"'{st.text}' is not a step", st.span,
                                            help="the steps of a moment's effects are " + ", ".join(w.STEPS)))
                elif st.text in seen:
                    self.diags.append(error("E0102", f"step '{st.text}' is listed twice", st.span,
                                            help="list each step once, in the order it runs"))
                seen.add(st.text)

    def order_moment(self, body: s.Order) -> None:
        """`order` names a moment of the flow; the triggers that are not moments have no order."""
        words = body.moment.text
        steps = ", ".join(st.text for st in body.steps)
        if words.startswith("each ") and words[5:] in self.names.by_kind["moment"]:
            moment = words[5:]
            declared = self.model.settings.get(f"order {moment}")
            why = f"`{moment}` and `each {moment}` effects run together at the moment `{moment}`"
            then = f"list these steps in the declared `order {moment}`" if declared is not None else \
                f"write `order {moment}: {steps}`"
            hint = f"`order {moment}` covers both: {why}; {then}"
            labels = [Label(declared.node.span, "the declared order")] if declared is not None else []
        elif words.startswith("whenever "):
            event = next((wd for wd in words.split()[1:] if wd in _EVENT_WORDS), "")
            words = f"whenever ... {event}".rstrip()
            if event == "builds":
                hint = ("`order on build` covers both: `whenever ... builds` effects run with the `on build` "
                        f"effects of the turn; write `order on build: {steps}`")
            else:
                hint = ("`whenever` effects run as soon as their event happens, in the order the events happen; "
                        "remove this line")
            labels = []
        elif words == "passive":
            hint, labels = "passive effects take hold as their card is placed, one by one; remove this line", []
        elif words == "end of game":
            hint, labels = ("end-of-game effects are added up when the score is computed, where their order "
                            "changes nothing; remove this line"), []
        else:
            return
        self.diags.append(error("E0104", f"there is no `order` for `{words}`", body.moment.span, help=hint,
                                labels=labels))

    def contest(self, c: s.Contest) -> None:
        for cl in c.clauses:
            if isinstance(cl, (s.Strength, s.TakesPart)):
                self.expr(cl.expr if isinstance(cl, s.Strength) else cl.condition, ex.GAME)
                self._no_opponent(cl, "strength" if isinstance(cl, s.Strength) else "takes part")
            elif isinstance(cl, s.TokenCount):
                self.expr(cl.count, ex.GAME)
            elif isinstance(cl, s.ContestAfter):
                self._after(cl)
            elif isinstance(cl, (s.ContestWin, s.ContestLose)):
                self.name(cl.token, "token")
            elif isinstance(cl, s.Pairs):
                ex.check_seats(cl.seats, self.diags, exclude=("self", "their city", "opponent"))
                ex.check_seats(cl.where, self.diags, exclude=("self", "their city", "opponent"))

    def _after(self, clause: s.ContestAfter) -> None:
        """`after: OPERATION`: a loss each seat takes once the results are given (it sets off no event)."""
        eff = clause.effect
        asks = isinstance(eff, s.LoseCoins) and (eff.or_take is not None or eff.or_decide is not None)
        if not isinstance(eff, (s.LoseTokens, s.LoseCoins)) or asks:
            words = (("lose coins ... or take" if eff.or_take is not None else "lose coins ... or decide")
                     if isinstance(eff, s.LoseCoins) else EFFECT_WORDS[type(eff)])
            self.diags.append(error(
                "E0104", f"`{words}` cannot come after a contest", eff.span,
                help="after its results a contest spends: `after: lose 1 TOKEN token` or `after: lose 2 coins`; "
                     "other effects answer its results: `whenever SEATS wins CONTEST: ...`"))
            return
        self._no_opponent(clause, "after")
        self.effect(eff)

    def _no_opponent(self, clause: s.Strength | s.TakesPart | s.ContestAfter, words: str) -> None:
        """`opponent` names the other seat of a pair once pairs are formed: in `tokens`, not before."""
        for span in _opponents_in(clause):
            self.diags.append(error(
                "E0104", f"`opponent` is not known yet in `{words}`", span,
                help="`opponent` names the other seat of a pair, in the contest's `tokens` and in effects of "
                     "`whenever SEATS wins CONTEST` or `whenever SEATS loses CONTEST`"))

    # ---- cards and effects -------------------------------------------------------------------
    def card(self, card: s.Card) -> None:
        self.name(card.colour, "colour")
        for a in card.attrs:
            if isinstance(a, s.Cost):
                self.cost(a)
            elif isinstance(a, s.CardDeck):
                self.name(a.name, "deck")
        for hook in card.hooks:
            self.hook(hook)

    def cost(self, cost: s.Cost) -> None:
        for item in cost.items:
            if item.resource is not None:
                self.name(item.resource, "resource")

    def hook(self, hook: s.Hook) -> None:
        t = hook.trigger
        eff = hook.effect
        kind = trigger_kind(t)
        if not (isinstance(t, s.Whenever) and t.event in ("wins", "loses")):
            for seat in _seats_in((eff, hook.condition)):
                if seat.word == "opponent":
                    self.diags.append(error(
                        "E0104", "`opponent` is the other seat of a contest's result", seat.span,
                        help="name it in an effect of `whenever SEATS wins CONTEST` or `whenever SEATS loses "
                             "CONTEST`"))
        if hook.once_per and not isinstance(t, s.Whenever):
            self.diags.append(error("E0104", f"`once per {hook.once_per}` limits an effect that answers an event",
                                    hook.once_span, help="write it after a `whenever ...` trigger, or remove it"))
        allowed = EFFECT_TRIGGERS[type(eff)]
        if isinstance(t, s.AtMoment) and t.moment.text not in self.names.by_kind["moment"]:
            pass  # a moment the flow never runs, perhaps a misspelt trigger: the structure pass says so
        elif not allowed:
            self.diags.append(error("E0104", f"`{EFFECT_WORDS[type(eff)]}` is done by an action, not by an effect",
                                    eff.span, help="write it in the `then:` of an action"))
        elif kind not in allowed:
            word = EFFECT_WORDS[type(eff)]
            if len(allowed) == 1:
                hint = f"write `{TRIGGER_WORDS[allowed[0]]}: {word} ...`"
            else:
                shown = [_trigger_shown(a) for a in allowed]
                hint = "use " + ", ".join(shown[:-1]) + " or " + shown[-1]
            said = t.moment.text if isinstance(t, s.AtMoment) else TRIGGER_WORDS[kind]
            self.diags.append(error("E0104", f"`{word}` cannot happen at `{said}`", t.span, help=hint))
        if isinstance(t, s.Whenever):
            ex.check_seats(t.seats, self.diags, exclude=_NOT_A_TARGET)
            if t.sellers:
                ex.check_seats(t.sellers, self.diags, exclude=_NOT_A_TARGET)
            if t.way is not None:
                self.way(t.way)
            for col in t.colours:
                self.name(col, "colour")
            if t.name is not None:
                self.name(t.name, "token" if t.event == "gains" else "contest")
        if isinstance(eff, s.Symbol) and len(eff.options) > 1 and kind == "passive":
            self.diags.append(error("E0104", "a choice of symbols is made at the end of the game", eff.span,
                                    help="write it as `end of game: symbol a | b`"))
        if hook.condition is not None:
            self.expr(hook.condition, ex.GAME)
        self.effect(eff)

    def way(self, way: s.Name) -> None:
        """A way some action of the rule set declares (`whenever self builds cards by chain`)."""
        ways = sorted({c.name.text for a in self.model.actions.values() for c in a.clauses
                       if isinstance(c, s.Way) and c.name is not None})
        if way.text not in ways:
            near = closest(way.text, ways)
            self.diags.append(error("E0101", f"no action has a way '{way.text}'", way.span,
                                    help=f"did you mean '{near}'?" if near else
                                    ("the named ways: " + ", ".join(ways) if ways else "no action names a way")))

    def loss_decision(self, eff: s.LoseCoins) -> None:
        """`or decide D`: a declared decision whose actions take the loss (an amount, or `loss`);
        `or take TOKEN`, the old spelling, is refused with the way to write it now."""
        if eff.or_take is not None:
            self.diags.append(error(
                "E0104", f"a loss taken as '{eff.or_take.text}' tokens is a decision of the rule set", eff.or_take.span,
                help="declare an action that takes an amount and a decision of it, and write `or decide DECISION`: "
                     "`action pay \"pay {amount} of {loss}\" { amount 0 .. min(loss, coins)  then: lose amount coins  "
                     f"gain loss - amount {eff.or_take.text} tokens }}` and `decision pay: pay`"))
        if eff.or_decide is None or not self.name(eff.or_decide, "decision"):
            return
        decision = self.model.decisions.get(eff.or_decide.text)
        actions = [self.model.actions.get(n.text) for n in decision.actions] if decision is not None else []
        if actions and not any(a is not None and _takes_the_loss(a) for a in actions):
            self.diags.append(error(
                "E0104", f"no action of decision '{eff.or_decide.text}' takes an amount or reads `loss`, so the "
                         "coins lost are never counted", eff.or_decide.span,
                labels=[Label(decision.name.span, "declared here")] if decision is not None else [],
                help="give one of its actions a range and the loss: `amount 0 .. min(loss, coins)` with "
                     "`then: lose amount coins`"))

    def amount(self, amount: s.Expr, per: s.Per | None, targets: tuple[s.Seat, ...]) -> None:
        targeted = any(t.word != "self" for t in targets)
        self.expr(amount, attrs.evolve(ex.GAME, target=targeted))
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
        ex.check_seats(per.seats, self.diags, target=targeted)

    def transfer(self, eff: s.Transfer) -> None:
        """`pay N coins to SEATS`, `give N T tokens to SEATS`: seats, amount, token; a payer that
        is only the owner never pays the owner."""
        ex.check_seats(eff.targets, self.diags, exclude=_NOT_A_TARGET)
        ex.check_seats(eff.to, self.diags, exclude=_NOT_A_TARGET)
        self.amount(eff.amount, eff.per, eff.targets)
        if eff.token is not None:
            self.name(eff.token, "token")
        mine = next((seat for seat in eff.to if seat.word == "self"), None)
        if mine is not None and all(t.word == "self" for t in eff.targets):
            what, verb = ("tokens", "gives to") if eff.token is not None else ("coins", "pays")
            self.diags.append(error("E0104", f"a city never {verb} its own city: these {what} would go nowhere",
                                    mine.span, help="name the seats that receive them (`to left`), or the seats "
                                                    "that pay before the verb (`neighbours pay 1 coin to self`)"))

    def effect(self, eff: s.Effect) -> None:
        """An operation's names, seats and amounts (also the operations of an action's `then`)."""
        if isinstance(eff, s.Produce):
            for n in eff.options:
                self.name(n, "resource")
        elif isinstance(eff, s.ProduceDerived):
            for n in eff.sources:
                self.name(n, "colour", extra=(w.BOARD,), what="a colour or `board`")
        elif isinstance(eff, s.Symbol):
            for n in eff.options:
                self.name(n, "symbol")
        elif isinstance(eff, s.SymbolAny):
            self.name(eff.group, "symbol group")
        elif isinstance(eff, (s.GainCoins, s.LoseCoins)):
            ex.check_seats(eff.targets, self.diags, exclude=_NOT_A_TARGET)
            self.amount(eff.amount, eff.per, eff.targets)
            if isinstance(eff, s.LoseCoins):
                self.loss_decision(eff)
        elif isinstance(eff, s.GainTokens):
            ex.check_seats(eff.targets, self.diags, exclude=_NOT_A_TARGET)
            if eff.giver:
                ex.check_seats(eff.giver, self.diags, exclude=_NOT_A_TARGET)
            self.amount(eff.amount, None, eff.targets)
            if eff.worth is not None:
                self.amount(eff.worth, None, eff.targets)
            self.name(eff.token, "token")
        elif isinstance(eff, s.LoseTokens):
            ex.check_seats(eff.targets, self.diags, exclude=_NOT_A_TARGET)
            self.amount(eff.amount, None, eff.targets)
            self.name(eff.token, "token")
        elif isinstance(eff, s.Transfer):
            self.transfer(eff)
        elif isinstance(eff, s.Score):
            self.amount(eff.amount, eff.per, ())
        elif isinstance(eff, s.Price):
            for n in eff.resources:
                self.name(n, "resource", "resource class")
            ex.check_seats(eff.sellers, self.diags, exclude=("self", "their city"))
        elif isinstance(eff, s.Rebate):
            ex.check_seats(eff.sellers, self.diags, exclude=("self", "their city"))
        elif isinstance(eff, s.Grant):
            self.name(eff.ability, "ability")
            for n in eff.colours:
                self.name(n, "colour")
        elif isinstance(eff, s.CostChange):
            ex.check_seats(eff.targets, self.diags, exclude=_NOT_A_TARGET)
            self.name(eff.action, "action")
            for n in eff.colours:
                self.name(n, "colour")
        elif isinstance(eff, s.StrengthBonus):
            self.name(eff.contest, "contest")
            self.expr(eff.amount, ex.GAME)
        elif isinstance(eff, s.Decide):
            self.name(eff.decision, "decision")
        elif isinstance(eff, (s.CopyCard, s.CopySymbol)):
            for n in eff.colours:
                self.name(n, "colour")
            ex.check_seats(eff.seats, self.diags, exclude=("self", "their city"))
        elif isinstance(eff, s.Draw):
            self.expr(eff.count, ex.GAME)
            self.name(eff.from_zone, "zone")
            self.name(eff.to_zone, "zone")
            for seat in (eff.from_seat, eff.to_seat):
                if seat is not None:
                    ex.check_seats((seat,), self.diags, exclude=_NOT_A_TARGET)
        elif isinstance(eff, s.MoveCard):
            self.name(eff.zone, "zone")
            if eff.seat is not None:
                ex.check_seats((eff.seat,), self.diags, exclude=_NOT_A_TARGET)


def _nodes(node: object) -> Iterable[object]:
    """Every node written in an effect, a condition or an expression, itself first."""
    yield node
    if isinstance(node, tuple):
        for x in node:
            yield from _nodes(x)
    elif attrs.has(kind := type(node)):
        for f in attrs.fields(kind):
            yield from _nodes(getattr(node, f.name))


def _opponents_in(node: object) -> Iterable[s.Span]:
    """Where `opponent` is written in an expression: as a seat, or as the word of a quantity's argument."""
    for x in _nodes(node):
        if isinstance(x, s.Seat) and x.word == "opponent" or isinstance(x, s.NameRef) and x.name.text == "opponent":
            yield x.span


def _seats_in(node: object) -> Iterable[s.Seat]:
    """Every seat written in an effect or a condition."""
    return (x for x in _nodes(node) if isinstance(x, s.Seat))
