"""Checking expressions and seats: one expression language for every count, checked in the
context it is written in.

A setting (`hand`, `turns`) knows the table's numbers; a pool draw also the age; a deal the
hand and the turns; everything that happens during a game (amounts, conditions, strengths,
score formulas, the flow's conditions) knows them all and may count what cities hold:
quantities (`coins`, `cards(blue, left)`, `symbols(shield)`), aggregates over seats
(`max(coins over others)`) and ranks (`rank(coins among everyone)`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Optional

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, error
from wonderrules.grammar.lower_effects import QUANTITY_WORDS, RELATION_WORDS, split_arguments
from wonderrules.grammar.resolve import closest
from wonderrules.interpreter import words as w

__all__ = ["Context", "SETTING", "TURNS", "DRAW", "DEAL", "GAME", "FLOW", "QUANTITIES", "check_expr",
           "check_seats", "SEAT_WORDS", "AGGREGATES"]

#: quantity -> the kinds of the names it takes (`*`: any number, else exactly one); seats follow
QUANTITIES: Mapping[str, tuple[str, ...]] = {
    "coins": (),
    "tokens": ("token",),
    "value": ("token",),
    "cards": ("colour*",),
    "stages": (),
    "symbols": ("symbol|symbol group",),
    "squares": ("symbol group",),
    "sets": ("symbol group",),
    "size": ("zone",),
}
AGGREGATES = w.AGGREGATES
#: every word that names seats, as written
SEAT_WORDS = tuple(RELATION_WORDS)


@attrs.frozen
class Context:
    """What an expression may use: variables, and whether it counts in cities (`quantities`),
    only under an aggregate over seats (`flow`), or for a target (`their city`)."""

    variables: tuple[str, ...]
    quantities: bool = False
    flow: bool = False
    target: bool = False
    where: str = "here"


#: the hand size; `age`: each age may have its own (before the first age, that of Age I)
SETTING = Context(("players", "seats", "ages", "age"), where="in a setting")
TURNS = Context(("players", "seats", "ages", "age", "hand"), where="in a setting")
DRAW = Context(("players", "seats", "ages", "age"), where="in a pool draw")
DEAL = Context(("players", "seats", "ages", "age", "turns", "hand"), where="in a deal")
#: the table's variables, known wherever a game is played (`amount` and `loss` only in actions)
TABLE = tuple(v for v in w.VARIABLES if v not in w.ACTION_VARIABLES)
GAME = Context(TABLE, quantities=True)
FLOW = Context(TABLE, quantities=True, flow=True)

#: where the variables bound in an action are known
_ACTION_HELP = {
    "amount": "`amount` is the number an action takes: it is known in the `then:` of an action that declares "
              "its range (`amount 0 .. min(loss, coins)`)",
    "loss": "`loss` is the coins lost by a loss that asks a decision (`lose 2 coins or decide pay`): it is known "
            "in the actions of a decision",
}

NameCheck = Callable[[s.Name, tuple[str, ...], Optional[str]], bool]


def check_seats(seats: tuple[s.Seat, ...], diags: list[Diagnostic], *, target: bool = False,
                exclude: tuple[str, ...] = (), single: bool = False) -> None:
    """Seats as written: known words, a distance only after `left` and `right`, `their city`
    only where an effect has a target, no word excluded here."""
    for seat in seats:
        if seat.word not in RELATION_WORDS:
            hint = closest(seat.word, SEAT_WORDS)
            diags.append(error("E0101", f"unknown seat '{seat.word}'", seat.span,
                               help=f"did you mean '{hint}'?" if hint else "seats: " + ", ".join(SEAT_WORDS)))
        elif seat.distance is not None and seat.word not in ("left", "right"):
            diags.append(error("E0104", f"a distance is given only after `left` and `right`, not `{seat.word}`",
                               seat.span, help="write `left 2` for the seat two places to the left"))
        elif seat.distance is not None and not 1 <= seat.distance <= w.MAX_SEATS:
            diags.append(error("E0104", f"no seat is {seat.distance} places away", seat.span,
                               help=f"a distance is from 1 to {w.MAX_SEATS}"))
        elif seat.word == "their city" and not target:
            diags.append(error("E0104", "`their city` is only for effects on other players", seat.span,
                               help="count in `self` for the owner's own city"))
        elif seat.word in exclude:
            # (`opponent` only in an effect of a contest's result: not offered in general)
            allowed = [x for x in SEAT_WORDS if x not in exclude and x != "opponent" and (target or x != "their city")]
            diags.append(error("E0104", f"`{seat.word}` cannot be used here", seat.span,
                               help="use one of: " + ", ".join(allowed)))
    if single and len(seats) > 1:
        diags.append(error("E0104", "one seat is named here", seats[1].span,
                           help="name a single seat: `of controller`, `of left`"))


def check_expr(e: s.Expr, ctx: Context, name: NameCheck, diags: list[Diagnostic], aggregated: bool = False) -> None:
    """Check an expression in its context; `name(node, kinds, what)` checks a declared name."""
    if isinstance(e, s.Number):
        return
    if isinstance(e, (s.Neg, s.Not)):
        check_expr(e.operand, ctx, name, diags, aggregated)
    elif isinstance(e, s.BinOp):
        check_expr(e.left, ctx, name, diags, aggregated)
        check_expr(e.right, ctx, name, diags, aggregated)
        if e.op == "/" and isinstance(e.right, s.Number) and e.right.value == 0:
            diags.append(error("E0106", "division by zero", e.right.span))
    elif isinstance(e, s.NameRef):
        _name_ref(e, ctx, diags, aggregated)
    elif isinstance(e, s.Over):
        if _counts(e, ctx, diags, e.function.text):
            if e.function.text not in AGGREGATES:
                hint = closest(e.function.text, AGGREGATES)
                diags.append(error("E0106", f"`{e.function.text}(... over ...)` is not an aggregate", e.function.span,
                                   help=f"did you mean '{hint}'?" if hint else "aggregates: " + ", ".join(AGGREGATES)))
            check_seats(e.seats, diags, target=ctx.target)
            check_expr(e.expr, ctx, name, diags, True)
    elif isinstance(e, s.Rank):
        if _counts(e, ctx, diags, "rank"):
            if e.function.text != "rank":
                diags.append(error("E0106", f"`{e.function.text}(... among ...)` is not a rank", e.function.span,
                                   help="write `rank(EXPR among SEATS)`; an aggregate is `max(EXPR over SEATS)`"))
            check_seats(e.seats, diags, target=ctx.target)
            check_expr(e.expr, ctx, name, diags, True)
    elif isinstance(e, s.Call):
        _call(e, ctx, name, diags, aggregated)


def _counts(e: Any, ctx: Context, diags: list[Diagnostic], what: str) -> bool:
    if ctx.quantities:
        return True
    diags.append(error("E0106", f"`{what}` counts what cities hold, which is not known {ctx.where}", e.span,
                       help=f"{ctx.where} only numbers and " + ", ".join(ctx.variables) + " are known"))
    return False


def _name_ref(e: s.NameRef, ctx: Context, diags: list[Diagnostic], aggregated: bool) -> None:
    text = e.name.text
    if text in ctx.variables:
        return
    if ctx.quantities and text in QUANTITY_WORDS:
        _in_flow(e, ctx, diags, aggregated)
        return
    if text in w.ACTION_VARIABLES:
        diags.append(error("E0106", f"`{text}` is not known {ctx.where}", e.span, help=_ACTION_HELP[text]))
        return
    if text in w.VARIABLES:
        diags.append(error("E0106", f"`{text}` is not known {ctx.where}", e.span,
                           help="known: " + ", ".join(ctx.variables)))
        return
    if text in QUANTITIES:
        if not ctx.quantities:
            _counts(e, ctx, diags, text)
        else:
            shape = ", ".join(k.rstrip("*").split("|")[0] for k in QUANTITIES[text])
            diags.append(error("E0106", f"'{text}' needs arguments", e.span, help=f"write `{text}({shape})`"))
        return
    known = list(ctx.variables) + (list(QUANTITY_WORDS) if ctx.quantities else [])
    hint = closest(text, known)
    what = "quantity or variable" if ctx.quantities else "variable"
    diags.append(error("E0106", f"unknown {what} '{text}'", e.span,
                       help=f"did you mean '{hint}'?" if hint else "known: " + ", ".join(known)))


def _in_flow(e: Any, ctx: Context, diags: list[Diagnostic], aggregated: bool) -> None:
    if ctx.flow and not aggregated:
        diags.append(error("E0106", "the flow counts in no city of its own", e.span,
                           help="count over seats: `max(coins over everyone)`, `sum(cards(blue) over players)`"))


def _call(e: s.Call, ctx: Context, name: NameCheck, diags: list[Diagnostic], aggregated: bool) -> None:
    fn = e.function.text
    if fn in w.FUNCTIONS:
        # `max(coins)` of one number is that number: most likely an aggregate without its seats
        arity = (1, 1) if fn == "abs" else (2, 16)
        if not arity[0] <= len(e.args) <= arity[1]:
            if fn == "abs":
                diags.append(error("E0106", "`abs` takes one argument", e.span, help="write `abs(a)`"))
            else:
                diags.append(error("E0106", f"`{fn}` takes two or more arguments", e.span,
                                   help=f"write `{fn}(a, b)`; over seats, write `{fn}(coins over others)`"))
        for a in e.args:
            if isinstance(a, s.Seat):
                diags.append(error("E0106", f"`{fn}` takes numbers, not seats", a.span))
            else:
                check_expr(a, ctx, name, diags, aggregated)
        return
    if fn not in QUANTITIES:
        known = list(w.FUNCTIONS) + (list(QUANTITIES) if ctx.quantities else [])
        hint = closest(fn, known)
        diags.append(error("E0106", f"unknown function '{fn}'", e.function.span,
                           help=f"did you mean '{hint}'?" if hint else "known: " + ", ".join(known)))
        return
    if not _counts(e, ctx, diags, fn):
        return
    _in_flow(e, ctx, diags, aggregated)
    kinds = QUANTITIES[fn]
    shape = f"`{fn}({', '.join([k.rstrip('*').split('|')[0] for k in kinds] + ['seats...'])})`"
    for a in e.args:
        if not isinstance(a, (s.NameRef, s.Seat)):
            diags.append(error("E0106", f"`{fn}` takes names and seats here, not an expression", a.span,
                               help=f"write {shape}"))
            return
    names, seats = split_arguments(e.args)
    many = bool(kinds) and kinds[0].endswith("*")
    if (not many and len(names) != len(kinds)) or (not kinds and names):
        count = "no name" if not kinds else "one name"
        diags.append(error("E0106", f"`{fn}` takes {count} before its seats", e.span, help=f"write {shape}"))
        return
    for n in names:
        kind = kinds[0].rstrip("*")
        name(n, tuple(kind.split("|")), None)
    check_seats(tuple(seats), diags, target=ctx.target)
