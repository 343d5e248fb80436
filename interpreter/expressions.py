"""Expressions compiled once into closures.

A compiled expression is called as ``fn(state, subject, target, symbols)``: `subject` is the seat
it is evaluated for (an effect's owner, a scored city, a contestant), `target` the seat an effect
is being applied to (`their city`; the subject when there is none), and `symbols` the subject's
symbol counts to use (its own when None; final scoring passes them with its end-of-game choices).
Names are turned into indices here, so evaluating never looks a name up. A product beyond the
range of numbers (`value_range`) stops the game, naming the expression.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.value_range import MAX_VALUE, beyond, figure, origin, written

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.game_data import GameData

__all__ = ["Compiled", "SeatsFn", "compile_expr", "compile_seats"]

Compiled = Callable[["GameData", int, int, Optional[list[int]]], int]
#: seats of a relation union, seen from a subject, with the effect's target: fn(state, subject, target)
SeatsFn = Callable[["GameData", int, int], tuple[int, ...]]


def compile_seats(relations: tuple[ir.Relation, ...]) -> SeatsFn:
    """The seats of a union of relations, each once, in order."""
    if len(relations) == 1:
        rel = relations[0]
        kind, distance = rel.kind, rel.distance
        if kind == "target":
            return lambda st, subject, target: (target,)
        if kind == "controller":
            return lambda st, subject, target: (st.controller_of(subject),)
        if kind == "opponent":  # the other seat of the result whose event is heard (none otherwise)
            return _opponent
        if kind == "self":
            return lambda st, subject, target: (subject,)
        return lambda st, subject, target: st.table.relation(kind, distance)[subject]
    parts = [compile_seats((r,)) for r in relations]

    def union(st: GameData, subject: int, target: int) -> tuple[int, ...]:
        out: list[int] = []
        for part in parts:
            for s in part(st, subject, target):
                if s not in out:
                    out.append(s)
        return tuple(out)
    return union


def _opponent(st: GameData, subject: int, target: int) -> tuple[int, ...]:
    event = st.scratch.event
    return (event.other,) if event is not None and event.other >= 0 else ()


def reads_symbols(expr: ir.Expr) -> bool:
    """Whether an expression counts symbols anywhere in it (`symbols`, `squares`, `sets`): final
    scoring counts such an amount again for each choice of its city's symbols."""
    if isinstance(expr, ir.Quantity):
        return expr.what in ("symbols", "squares", "sets")
    if isinstance(expr, ir.BinOp):
        return reads_symbols(expr.left) or reads_symbols(expr.right)
    if isinstance(expr, ir.Not):
        return reads_symbols(expr.operand)
    if isinstance(expr, ir.Call):
        return any(reads_symbols(a) for a in expr.args)
    if isinstance(expr, (ir.Over, ir.Rank)):
        return reads_symbols(expr.expr)
    return False


def compile_expr(expr: ir.Expr, cat: Catalog, source: Optional[Source] = None, virtual: bool = False) -> Compiled:
    """`source`: the card or stage whose effect this is (for `including`/`excluding this`);
    `virtual`: evaluate as if that card were built already (to value a card still in hand)."""
    if isinstance(expr, ir.Num):
        v = expr.value
        return lambda st, s, t, sym: v
    if isinstance(expr, ir.Var):
        return _var(expr.name)
    if isinstance(expr, ir.BinOp):
        if expr.op == "==" and isinstance(expr.left, ir.Var) and isinstance(expr.right, ir.Var):
            if (expr.left.name, expr.right.name) == ("turn", "turns"):  # the last turn of the age
                return lambda st, s, t, sym: 1 if st.turn == st.config.turns_by_age[st.age] else 0
        left, right = compile_expr(expr.left, cat, source, virtual), compile_expr(expr.right, cat, source, virtual)
        if expr.op == "*":
            return _product(left, right, written(expr), f"in {origin(source)}" if source is not None else "")
        return _binop(expr.op, left, right)
    if isinstance(expr, ir.Not):
        inner = compile_expr(expr.operand, cat, source, virtual)
        return lambda st, s, t, sym: 0 if inner(st, s, t, sym) else 1
    if isinstance(expr, ir.Call):
        args = [compile_expr(a, cat, source, virtual) for a in expr.args]
        if expr.function == "abs":
            (a,) = args
            return lambda st, s, t, sym: abs(a(st, s, t, sym))
        agg = min if expr.function == "min" else max
        if len(args) == 2:  # the common case (`min(loss, coins)`), without a generator
            first, second = args
            return lambda st, s, t, sym: agg(first(st, s, t, sym), second(st, s, t, sym))
        return lambda st, s, t, sym: agg(a(st, s, t, sym) for a in args)
    if isinstance(expr, ir.Quantity):
        return _quantity(expr, cat, source, virtual)
    if isinstance(expr, ir.Over):
        return _over(expr, cat, source, virtual)
    if isinstance(expr, ir.Rank):
        return _rank(expr, cat, source, virtual)
    raise TypeError(f"not an expression: {expr!r}")


def _var(name: str) -> Compiled:
    if name == "age":
        return lambda st, s, t, sym: st.age
    if name == "turn":
        return lambda st, s, t, sym: st.turn
    if name == "turns":  # those of the age: a rule set may give each age its own
        return lambda st, s, t, sym: st.config.turns_by_age[st.age]
    if name == "hand":
        return lambda st, s, t, sym: st.config.hands_by_age[st.age]
    if name in ("players", "seats", "ages"):
        return lambda st, s, t, sym: getattr(st.config, name)
    if name == "amount":  # the amount of the action being carried out
        return lambda st, s, t, sym: st.scratch.amount
    if name == "loss":  # the loss whose decision the subject is asked or carrying out
        return lambda st, s, t, sym: st.losses.get(s, 0)
    raise ValueError(f"unknown variable '{name}'")


def _product(a: Compiled, b: Compiled, text: str, where: str) -> Compiled:
    """`a * b`, which stops the game when it is beyond the range of numbers."""
    def product(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
        value = a(st, s, t, sym) * b(st, s, t, sym)
        if -MAX_VALUE <= value <= MAX_VALUE:
            return value
        beyond(st, f"{text} would be {figure(value)}", where)
    return product


def _binop(op: str, a: Compiled, b: Compiled) -> Compiled:
    """An operator on two compiled operands (a product: see _product)."""
    if op == "+":
        return lambda st, s, t, sym: a(st, s, t, sym) + b(st, s, t, sym)
    if op == "-":
        return lambda st, s, t, sym: a(st, s, t, sym) - b(st, s, t, sym)
    if op == "/":
        def div(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
            d = b(st, s, t, sym)
            return a(st, s, t, sym) // d if d else 0
        return div
    if op == "and":
        return lambda st, s, t, sym: 1 if a(st, s, t, sym) and b(st, s, t, sym) else 0
    if op == "or":
        return lambda st, s, t, sym: 1 if a(st, s, t, sym) or b(st, s, t, sym) else 0
    compare = {"<": int.__lt__, "<=": int.__le__, "==": int.__eq__, "!=": int.__ne__, ">=": int.__ge__,
               ">": int.__gt__}[op]
    return lambda st, s, t, sym: 1 if compare(a(st, s, t, sym), b(st, s, t, sym)) else 0


def _over(expr: ir.Over, cat: Catalog, source: Optional[Source], virtual: bool) -> Compiled:
    seats = compile_seats(expr.seats)
    inner = compile_expr(expr.expr, cat, source, virtual)
    aggregates: dict[str, Callable[[list[int]], int]] = {"sum": sum, "max": max, "min": min}
    agg = aggregates[expr.aggregate]

    def over(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
        values = [inner(st, other, t, None) for other in seats(st, s, t)]
        return agg(values) if values else 0
    return over


def _rank(expr: ir.Rank, cat: Catalog, source: Optional[Source], virtual: bool) -> Compiled:
    among = compile_seats(expr.among)
    inner = compile_expr(expr.expr, cat, source, virtual)
    most = expr.order == "most"

    def rank(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
        own = inner(st, s, t, sym)
        better = 0
        for other in among(st, s, t):
            if other != s:
                v = inner(st, other, t, None)
                if (v > own) if most else (v < own):
                    better += 1
        return 1 + better
    return rank


_SELF = (ir.Relation("self"),)


def _quantity(q: ir.Quantity, cat: Catalog, source: Optional[Source], virtual: bool) -> Compiled:
    seats = compile_seats(q.seats)
    what = q.what
    own = q.seats == _SELF
    if own and what == "coins":
        return lambda st, s, t, sym: st.cities[s].coins
    if own and what in ("tokens", "value"):
        ti = cat.token_index[q.names[0]]
        if what == "tokens":
            return lambda st, s, t, sym: st.cities[s].token_counts[ti]
        return lambda st, s, t, sym: st.cities[s].token_values[ti]
    if what == "coins":
        def coins(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
            cities = st.cities
            return sum(cities[x].coins for x in seats(st, s, t))
        return coins
    if what in ("tokens", "value"):
        ti = cat.token_index[q.names[0]]
        if what == "tokens":
            return lambda st, s, t, sym: sum(st.cities[x].token_counts[ti] for x in seats(st, s, t))
        return lambda st, s, t, sym: sum(st.cities[x].token_values[ti] for x in seats(st, s, t))
    if what in ("symbols", "squares", "sets"):
        return _symbols(q, cat, seats)
    if what == "size":
        zi = cat.zone_index[q.names[0]]
        return lambda st, s, t, sym: st.zone_size(zi, seats(st, s, t))
    matches = False
    if what == "cards":
        colours = tuple(cat.colour_index[c] for c in q.names) if q.names else None
        zone = q.zone or cat.card_zone
        if zone == cat.card_zone:
            def count(st: GameData, x: int) -> int:
                return st.cities[x].count_colours(colours)
        else:
            zi = cat.zone_index[zone]

            def count(st: GameData, x: int) -> int:
                return st.count_in_zone(zi, x, colours)
        matches = source is not None and not source.is_stage and (colours is None or source.colour_id in colours)
    else:  # stages
        def count(st: GameData, x: int) -> int:
            return st.cities[x].stages_built
        matches = source is not None and source.is_stage
    adjust = 0
    if matches and q.this == "excluding" and not virtual:
        adjust = -1
    elif matches and virtual and q.this != "excluding":
        adjust = 1
    if not adjust:
        return lambda st, s, t, sym: sum(count(st, x) for x in seats(st, s, t))

    def adjusted(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
        found = seats(st, s, t)
        total = sum(count(st, x) for x in found)
        if s in found:
            total += adjust
        return max(0, total)
    return adjusted


def _symbols(q: ir.Quantity, cat: Catalog, seats: SeatsFn) -> Compiled:
    name = q.names[0]
    idx = cat.symbol_groups.get(name) or (cat.sym_index[name],)
    what = q.what

    def vector(st: GameData, x: int, s: int, sym: Optional[list[int]]) -> list[int]:
        return sym if (x == s and sym is not None) else st.cities[x].symbols

    if q.seats == _SELF:  # the subject's own symbols: no seat to look up
        if what == "symbols" and len(idx) == 1:
            i0 = idx[0]
            return lambda st, s, t, sym: (sym if sym is not None else st.cities[s].symbols)[i0]
        if what == "symbols":
            return lambda st, s, t, sym: sum((sym if sym is not None else st.cities[s].symbols)[i] for i in idx)
        if what == "squares":
            def squares(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
                v = sym if sym is not None else st.cities[s].symbols
                return sum(v[i] * v[i] for i in idx)
            return squares

    if what == "symbols":
        return lambda st, s, t, sym: sum(vector(st, x, s, sym)[i] for x in seats(st, s, t) for i in idx)
    if what == "squares":
        return lambda st, s, t, sym: sum(vector(st, x, s, sym)[i] ** 2 for x in seats(st, s, t) for i in idx)

    def sets(st: GameData, s: int, t: int, sym: Optional[list[int]]) -> int:
        total = 0
        for x in seats(st, s, t):
            v = vector(st, x, s, sym)
            total += min(v[i] for i in idx) if idx else 0
        return total
    return sets
