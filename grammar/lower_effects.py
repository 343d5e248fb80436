"""Checked syntax of effects and expressions to the core's compiled form.

An effect is a hook: a trigger, an optional condition and one operation whose amounts are
expressions. The readable phrases are shorthand for core forms: `gain 2 coins per grey card in
self, left, right` is a gain of `2 * cards(grey, self, left, right)`; `symbol any science` a
symbol chosen among the group's; `buy raw from left for 1` a price for each resource of the
class. Runs only on a model whose names were checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Optional

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Span
from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w
from wonderrules.interpreter.validate import printable

__all__ = ["origin", "lower_expr", "lower_seat", "lower_seats", "lower_hook", "lower_op", "RELATION_WORDS",
           "QUANTITY_WORDS", "SELF"]

SELF = (ir.Relation("self"),)

#: the words that name seats, as written -> the core's relation
RELATION_WORDS: Mapping[str, str] = {word: word for word in w.RELATIONS if word != "target"} | {"their city": "target"}
#: quantities written without arguments (`coins`): every argument they take is optional
QUANTITY_WORDS = ("coins", "cards", "stages")
#: what a `per` counts -> the quantity
_PER = {"cards": "cards", "any_cards": "cards", "stages": "stages", "tokens": "tokens", "symbols": "symbols"}


def origin(span: Span) -> ir.Origin:
    """Where a part was written; a path that holds characters not printed is written with their
    escapes (a compiled rule set's strings are printable)."""
    return ir.Origin(printable(span.path), span.line, span.column)


def _names(nodes: Iterable[s.Name]) -> tuple[str, ...]:
    return tuple(n.text for n in nodes)


def lower_seat(seat: s.Seat) -> ir.Relation:
    return ir.Relation(RELATION_WORDS.get(seat.word, seat.word), seat.distance or 1)


def lower_seats(seats: Iterable[s.Seat], default: tuple[ir.Relation, ...] = SELF) -> tuple[ir.Relation, ...]:
    out = tuple(lower_seat(x) for x in seats)
    return out or default


# ---- expressions ----------------------------------------------------------------------------------

def lower_expr(e: s.Expr) -> ir.Expr:
    if isinstance(e, s.Number):
        return ir.Num(e.value)
    if isinstance(e, s.Neg):
        if isinstance(e.operand, s.Number):
            return ir.Num(-e.operand.value)
        return ir.BinOp("-", ir.Num(0), lower_expr(e.operand))
    if isinstance(e, s.BinOp):
        return ir.BinOp(e.op, lower_expr(e.left), lower_expr(e.right))
    if isinstance(e, s.Not):
        return ir.Not(lower_expr(e.operand))
    if isinstance(e, s.NameRef):
        if e.name.text in w.VARIABLES:
            return ir.Var(e.name.text)
        return ir.Quantity(e.name.text)
    if isinstance(e, s.Over):
        return ir.Over(e.function.text, lower_seats(e.seats), lower_expr(e.expr))
    if isinstance(e, s.Rank):
        return ir.Rank(lower_expr(e.expr), lower_seats(e.seats), e.order)
    if isinstance(e, s.Call):
        if e.function.text in w.FUNCTIONS:
            return ir.Call(e.function.text, tuple(lower_expr(a) for a in e.args if not isinstance(a, s.Seat)))
        names, seats = split_arguments(e.args)
        return ir.Quantity(e.function.text, _names(names), lower_seats(seats))
    raise TypeError(type(e))


def split_arguments(args: Iterable[object]) -> tuple[list[s.Name], list[s.Seat]]:
    """A quantity's arguments: the names it counts (colours, a token, a symbol, a zone) and the
    seats whose cities it counts in (`left`, `left 2`, `their city`)."""
    names: list[s.Name] = []
    seats: list[s.Seat] = []
    for a in args:
        if isinstance(a, s.Seat):
            seats.append(a)
        elif isinstance(a, s.NameRef) and a.name.text in RELATION_WORDS:
            seats.append(s.Seat(a.name.text, None, a.span))
        elif isinstance(a, s.NameRef):
            names.append(a.name)
    return names, seats


def _amount(amount: s.Expr, per: Optional[s.Per]) -> ir.Expr:
    """`n per X in S`: n times the quantity (the quantity alone when n is 1)."""
    if per is None:
        return lower_expr(amount)
    this = per.self_count or ""
    counted = ir.Quantity(_PER[per.countable.kind], _names(per.countable.names), lower_seats(per.seats), this=this)
    if isinstance(amount, s.Number) and amount.value == 1:
        return counted
    return ir.BinOp("*", lower_expr(amount), counted)


# ---- hooks --------------------------------------------------------------------------------------------

def lower_trigger(t: s.Trigger) -> ir.Trigger:
    if isinstance(t, s.Passive):
        return ir.Passive()
    if isinstance(t, s.OnBuild):
        return ir.OnBuild()
    if isinstance(t, s.AtMoment):
        return ir.At(t.moment.text, t.each)
    if isinstance(t, s.EndOfGame):
        return ir.EndOfGame()
    if isinstance(t, s.Whenever):
        return ir.When(t.event, lower_seats(t.seats), _names(t.colours), t.name.text if t.name else "",
                       t.way.text if t.way else "", lower_seats(t.sellers) if t.sellers else ())
    raise TypeError(type(t))


def lower_hook(h: s.Hook, resource_classes: Mapping[str, list[str]], groups: Mapping[str, list[str]]) -> ir.Hook:
    condition = lower_expr(h.condition) if h.condition is not None else None
    trigger = lower_trigger(h.trigger)
    if h.once_per and isinstance(trigger, ir.When):
        trigger = attrs.evolve(trigger, once_per=h.once_per)
    return ir.Hook(trigger, lower_op(h.effect, resource_classes, groups), condition, origin(h.span))


def lower_op(e: s.Effect, resource_classes: Mapping[str, list[str]], groups: Mapping[str, list[str]]) -> ir.Op:
    """One operation. `resource_classes` and `groups` expand `buy raw ...` and `symbol any G`."""
    if isinstance(e, s.Produce):
        return ir.Produce(_names(e.options), e.amount, e.for_sale)
    if isinstance(e, s.ProduceDerived):
        return ir.ProduceOneOf(_names(e.sources), e.missing, e.for_sale)
    if isinstance(e, s.Symbol):
        return ir.Symbol(_names(e.options), e.amount)
    if isinstance(e, s.SymbolAny):
        return ir.Symbol(tuple(groups[e.group.text]), 1)
    if isinstance(e, s.GainCoins):
        return ir.GainCoins(_amount(e.amount, e.per), lower_seats(e.targets))
    if isinstance(e, s.GainTokens):
        worth = lower_expr(e.worth) if e.worth is not None else ir.Num(1)
        return ir.GainTokens(e.token.text, lower_expr(e.amount), worth, lower_seats(e.targets),
                             lower_seats(e.giver) if e.giver else ())
    if isinstance(e, s.LoseCoins):
        return ir.LoseCoins(_amount(e.amount, e.per), lower_seats(e.targets), e.or_decide.text if e.or_decide else "")
    if isinstance(e, s.LoseTokens):
        return ir.LoseTokens(e.token.text, lower_expr(e.amount), lower_seats(e.targets))
    if isinstance(e, s.Transfer):
        return ir.Transfer(_amount(e.amount, e.per), lower_seats(e.to), e.token.text if e.token else "",
                           lower_seats(e.targets))
    if isinstance(e, s.Score):
        return ir.Score(_amount(e.amount, e.per))
    if isinstance(e, s.Price):
        expanded: list[str] = []
        for n in e.resources:
            expanded.extend(resource_classes.get(n.text, [n.text]))
        return ir.Price(tuple(dict.fromkeys(expanded)), lower_seats(e.sellers), e.price)
    if isinstance(e, s.Rebate):
        return ir.Rebate(lower_seats(e.sellers), e.amount)
    if isinstance(e, s.Grant):
        return ir.Grant(e.ability.text, e.period, e.uses, _names(e.colours))
    if isinstance(e, s.CostChange):
        return ir.CostChange(e.action.text, resources="none" if e.what == "resources" else "",
                             coins="none" if e.what == "coins" else "", coins_less=e.amount if e.what == "less" else 0,
                             units_less=e.amount if e.what == "resources less" else 0,
                             colours=_names(e.colours), targets=lower_seats(e.targets))
    if isinstance(e, s.StrengthBonus):
        return ir.StrengthBonus(e.contest.text, lower_expr(e.amount))
    if isinstance(e, s.Decide):
        return ir.Decide(e.decision.text, e.times)
    if isinstance(e, s.CopyCard):
        return ir.CopyCard(_names(e.colours), lower_seats(e.seats), e.count)
    if isinstance(e, s.CopySymbol):
        return ir.CopySymbol(_names(e.colours), lower_seats(e.seats), e.count)
    if isinstance(e, s.Draw):
        return ir.Move(lower_expr(e.count), e.from_zone.text, e.to_zone.text,
                       lower_seat(e.from_seat) if e.from_seat else SELF[0],
                       lower_seat(e.to_seat) if e.to_seat else SELF[0])
    if isinstance(e, s.MoveCard):
        return ir.MoveCard(e.zone.text, lower_seat(e.seat) if e.seat else SELF[0])
    if isinstance(e, s.BuildStage):
        return ir.BuildStage()
    raise TypeError(type(e))
