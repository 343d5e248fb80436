"""Scoring formulas and conflict strengths, compiled once into closures.

A compiled expression is called as ``fn(state, seat, symbols)``: `symbols` is the symbol count
vector to use (the city's own, or the one with end-of-game choices applied).
"""

from __future__ import annotations

from collections.abc import Callable

from wonderrules.interpreter import ir

__all__ = ["compile_expr", "Compiled"]

Compiled = Callable[[object, int, list], int]


def _scope_seats(state, scope: str, seat: int) -> list[int]:
    return state.seats_for(scope, seat, None)


def compile_expr(expr: ir.Expr, cat) -> Compiled:
    if isinstance(expr, ir.Num):
        v = expr.value
        return lambda st, seat, sym: v
    if isinstance(expr, ir.Var):
        name = expr.name
        if name == "age":
            return lambda st, seat, sym: st.age
        if name == "players":
            return lambda st, seat, sym: st.config.players
        return lambda st, seat, sym: st.config.seats
    if isinstance(expr, ir.BinOp):
        a = compile_expr(expr.left, cat)
        b = compile_expr(expr.right, cat)
        op = expr.op
        if op == "+":
            return lambda st, seat, sym: a(st, seat, sym) + b(st, seat, sym)
        if op == "-":
            return lambda st, seat, sym: a(st, seat, sym) - b(st, seat, sym)
        if op == "*":
            return lambda st, seat, sym: a(st, seat, sym) * b(st, seat, sym)

        def div(st, seat, sym):
            d = b(st, seat, sym)
            return a(st, seat, sym) // d if d else 0
        return div
    if isinstance(expr, ir.Call):
        return _call(expr, cat)
    raise TypeError(f"not an expression: {expr!r}")


def _call(expr: ir.Call, cat) -> Compiled:
    fn = expr.function
    names = expr.names
    if fn in ("min", "max"):
        parts = [compile_expr(a, cat) for a in expr.args]
        agg = min if fn == "min" else max
        return lambda st, seat, sym: agg(p(st, seat, sym) for p in parts)
    if fn == "coins":
        return lambda st, seat, sym: st.cities[seat].coins
    if fn in ("value", "tokens"):
        t = cat.token_index[names[0]]
        if fn == "value":
            return lambda st, seat, sym: st.cities[seat].token_values[t]
        return lambda st, seat, sym: st.cities[seat].token_counts[t]
    if fn == "symbols":
        idx = cat.symbol_groups.get(names[0]) or (cat.sym_index[names[0]],)
        return lambda st, seat, sym: sum(sym[i] for i in idx)
    if fn in ("squares", "sets"):
        idx = cat.symbol_groups[names[0]]
        if fn == "squares":
            return lambda st, seat, sym: sum(sym[i] * sym[i] for i in idx)
        return lambda st, seat, sym: min(sym[i] for i in idx) if idx else 0
    if fn == "cards":
        colour = names[0] if names and names[0] in cat.colour_index else None
        scope = next((n for n in names if n not in cat.colour_index), "self")
        ci = (cat.colour_index[colour],) if colour else None
        return lambda st, seat, sym: sum(st.cities[s].count_colours(ci) for s in _scope_seats(st, scope, seat))
    if fn == "stages":
        scope = names[0] if names else "self"
        return lambda st, seat, sym: sum(st.cities[s].stages_built for s in _scope_seats(st, scope, seat))
    raise ValueError(f"unknown function '{fn}'")
