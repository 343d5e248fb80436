"""The range of the numbers a game holds and computes, -MAX_VALUE to MAX_VALUE (see words).

What a city holds is checked where it changes: coins from the bank, from a sale or from a buyer,
tokens and their worth; points when the game is scored (each column and the total); and every
product an expression computes, where a number grows fastest. A sum inside an expression (also
over seats) is not checked: its terms are in the range, so it stays within as many times the
range as it adds terms, and it is checked where it lands (coins, tokens, points, a product).
Beyond the range the game stops (engine.stop) with a sentence naming the number, which is not
kept. The checks are one comparison each, on paths that change a number anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.stopping import stop
from wonderrules.interpreter.words import MAX_VALUE

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.game_data import GameData

__all__ = ["MAX_VALUE", "beyond", "figure", "origin", "written", "check_sheets"]


def figure(n: int) -> str:
    """A whole number with its thousands apart: `-1 200 000 000` (its size only, when it is huge)."""
    digits = len(str(abs(n)))
    if digits > 30:
        return f"{'-' if n < 0 else ''}a number of {digits} digits"
    return f"{n:,}".replace(",", " ")


def beyond(st: GameData, said: str, where: str = "") -> NoReturn:
    """Stop the game: `said` names a number out of the range (`seat 2 would hold 1 200 000 000
    coins`), `where` what gave it (`gain coins of 'Bank'`)."""
    stop(st, f"{said}{f' ({where})' if where else ''}: numbers in a game stay between {figure(-MAX_VALUE)} "
             f"and {figure(MAX_VALUE)}")


def origin(source: Optional[Source]) -> str:
    """Where an effect comes from, for a sentence: `'Bank'`, `the effects of each player`."""
    if source is None:
        return ""
    return source.name if source.name.startswith("the effects of ") else f"'{source.name}'"


def check_sheets(st: GameData, sheets: list[Any]) -> None:
    """Each column and the total of every score sheet are in the range (else the game stops)."""
    for sheet in sheets:
        for name, points in sheet.columns:
            if not -MAX_VALUE <= points <= MAX_VALUE:
                beyond(st, f"seat {sheet.seat} would score {figure(points)} points in column '{name}'")
        if not -MAX_VALUE <= sheet.total <= MAX_VALUE:
            beyond(st, f"seat {sheet.seat} would score {figure(sheet.total)} points in all")


# ---- expressions as text, for sentences --------------------------------------------------------------

def written(expr: ir.Expr) -> str:
    """An expression of the compiled rule set, written as a rule set writes it (near enough)."""
    if isinstance(expr, ir.Num):
        return str(expr.value)
    if isinstance(expr, ir.Var):
        return expr.name
    if isinstance(expr, ir.BinOp):
        return f"{_operand(expr.left)} {expr.op} {_operand(expr.right)}"
    if isinstance(expr, ir.Not):
        return f"not {_operand(expr.operand)}"
    if isinstance(expr, ir.Call):
        return f"{expr.function}({', '.join(written(a) for a in expr.args)})"
    if isinstance(expr, ir.Quantity):
        args = [*expr.names, *(_relation(r) for r in expr.seats if r.kind != "self")]
        return expr.what + (f"({', '.join(args)})" if args else "")
    if isinstance(expr, ir.Over):
        return f"{expr.aggregate}({written(expr.expr)} over {', '.join(_relation(r) for r in expr.seats)})"
    fewest = "fewest " if expr.order == "fewest" else ""
    return f"rank({fewest}{written(expr.expr)} among {', '.join(_relation(r) for r in expr.among)})"


def _operand(expr: ir.Expr) -> str:
    return f"({written(expr)})" if isinstance(expr, ir.BinOp) else written(expr)


def _relation(r: ir.Relation) -> str:
    return f"{r.kind} {r.distance}" if r.distance != 1 else r.kind
