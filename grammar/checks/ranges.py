"""Pass: expressions that can be seen to go beyond the range of numbers a game holds, -MAX_VALUE
to MAX_VALUE (``interpreter.words``), are refused, E0104 at the expression:

- a product of two amounts that grow during a game with no bound the rule set sets: the coins a
  city holds, its tokens and their worth (``coins * coins``, ``tokens(favour) * value(favour)``,
  also inside sums, aggregates over seats and functions, and through ``per`` and ``worth``, which
  multiply too). Each grows by what the rules give, so a product of two can pass any bound;
- a part of an expression made of numbers and the table's variables only that goes beyond the
  range, each variable counted at the engine's limits (``players`` up to MAX_PLAYERS...).

Everything else is checked while the game is played: a product, coins, tokens and points that
would leave the range stop the game with a sentence (``interpreter.value_range``).

Each expression gets a shape from its parts: the interval of its values when it uses numbers and
variables only (None when it counts in cities), and the amounts that grow which it multiplies
(at most one, or it was refused). Comparisons and logic give 0 or 1; a division never grows;
``min``, ``max`` and ``abs`` keep what their arguments grow with; a rank is a seat count.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Optional

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, error
from wonderrules.grammar.loading import Layer
from wonderrules.interpreter import words as w
from wonderrules.interpreter.value_range import figure

__all__ = ["check", "VARIABLE_RANGES", "GROWING"]

#: the values the engine allows each variable of the table (at any table it can seat)
VARIABLE_RANGES = {"players": (1, w.MAX_PLAYERS), "seats": (1, w.MAX_SEATS), "ages": (1, w.MAX_AGES),
                   "age": (0, w.MAX_AGES), "turns": (0, w.MAX_TURNS), "turn": (0, w.MAX_TURNS),
                   "hand": (0, w.MAX_HAND)}
#: the quantities that grow with what the rules give: no bound of the rule set holds them
GROWING = ("coins", "tokens", "value")
_EXPRS = (s.Number, s.Neg, s.BinOp, s.Not, s.NameRef, s.Call, s.Over, s.Rank)
_NAMES = {"+": "sum", "-": "difference", "*": "product", "/": "quotient"}
_SHOWN = f"numbers in a game stay between {figure(-w.MAX_VALUE)} and {figure(w.MAX_VALUE)}"


@attrs.frozen
class _Shape:
    #: the lowest and highest value, when the expression uses numbers and table variables only
    interval: Optional[tuple[int, int]]
    #: the growing amount it multiplies, as written (`coins`, `tokens(victory)`), or ""
    grows: str = ""
    #: whether a part of it was refused already (its whole is not reported again)
    refused: bool = False


def check(layers: Sequence[Layer]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for layer in layers:
        roots: list[Any] = []
        _roots(layer.tree, roots)
        for node in roots:
            if type(node) in _AMOUNTS:
                _effect(node, diags)
            else:
                _shape(node, diags)
    return diags


#: operations whose amount something multiplies (`per`, `worth`): looked at whole
_AMOUNTS = frozenset({s.GainCoins, s.LoseCoins, s.Score, s.GainTokens, s.PayCoins, s.GiveTokens})
_ROOTS = _AMOUNTS | frozenset(_EXPRS)


@cache
def _fields(cls: type) -> tuple[str, ...]:
    """The fields of a syntax class that may hold an expression (none for a value that is no node)."""
    if not attrs.has(cls):
        return ()
    return tuple(f.name for f in attrs.fields(cls) if f.name not in ("span", "name"))


def _roots(node: Any, out: list[Any]) -> None:
    """The outermost expressions of a tree, and the operations of `_AMOUNTS`."""
    kind: type = type(node)
    if kind in _ROOTS:
        out.append(node)
    elif kind is tuple:
        for item in node:
            _roots(item, out)
    else:
        for name in _fields(kind):
            _roots(getattr(node, name), out)


def _effect(e: Any, diags: list[Diagnostic]) -> None:
    """An operation's amount, and what multiplies it: a `per` count, the worth of each token."""
    amount = _shape(e.amount, diags)
    if isinstance(e, s.GainTokens):
        if e.worth is not None:
            worth = _shape(e.worth, diags)
            if amount.grows and worth.grows and not (amount.refused or worth.refused):
                _grows(amount.grows, worth.grows, e.worth.span, diags)
        return
    per = e.per
    if per is not None and per.countable.kind == "tokens" and amount.grows and not amount.refused:
        _grows(amount.grows, " ".join([*(n.text for n in per.countable.names), "tokens"]), e.span, diags)


def _grows(a: str, b: str, span: s.Span, diags: list[Diagnostic]) -> None:
    diags.append(error(
        "E0104", f"a product of {a} and {b} can grow beyond the range of numbers", span,
        help=f"coins, tokens and their worth grow during a game with no bound the rule set sets: the product of "
             f"two of them can pass any bound, and {_SHOWN} (beyond, the game stops); multiply one of them by a "
             "number, a count of cards or stages, or a table variable"))


def _shape(e: Any, diags: list[Diagnostic]) -> _Shape:
    parts = [_shape(p, diags) for p in _parts(e)]
    refused = any(p.refused for p in parts)
    if isinstance(e, s.Number):
        return _Shape((e.value, e.value))
    if isinstance(e, s.NameRef):
        text = e.name.text
        if text in VARIABLE_RANGES:
            return _Shape(VARIABLE_RANGES[text])
        return _Shape(None, text if text in GROWING else "")
    if isinstance(e, s.Call) and e.function.text not in w.FUNCTIONS:  # a quantity: `coins(left)`
        fn = e.function.text
        return _Shape(None, _quantity(e) if fn in GROWING else "")
    if isinstance(e, s.Rank):
        return _Shape((1, w.MAX_SEATS), "", refused)
    if isinstance(e, s.Not) or (isinstance(e, s.BinOp) and e.op not in _NAMES):
        return _Shape((0, 1), "", refused)
    grows = next((p.grows for p in parts if p.grows), "")
    if isinstance(e, s.BinOp) and e.op == "*":
        left, right = parts
        if left.grows and right.grows and not refused:
            _grows(left.grows, right.grows, e.span, diags)
            return _Shape(None, grows, True)
    interval = _interval(e, parts)
    if interval is not None and not refused and not -w.MAX_VALUE <= interval[0] <= interval[1] <= w.MAX_VALUE:
        far = interval[1] if interval[1] > w.MAX_VALUE else interval[0]
        what = _NAMES.get(e.op, "expression") if isinstance(e, s.BinOp) else "expression"
        variables = ", ".join(f"{name} {high}" for name, (_, high) in VARIABLE_RANGES.items())
        diags.append(error(
            "E0104", f"this {what} can come to {figure(far)}, beyond the range of numbers", e.span,
            help=f"{_SHOWN}; a variable of the table counts at the largest the engine allows ({variables})"))
        refused = True
    return _Shape(interval, grows, refused)


def _parts(e: Any) -> list[Any]:
    if isinstance(e, (s.Neg, s.Not)):
        return [e.operand]
    if isinstance(e, s.BinOp):
        return [e.left, e.right]
    if isinstance(e, s.Call) and e.function.text in w.FUNCTIONS:
        return [a for a in e.args if not isinstance(a, s.Seat)]
    if isinstance(e, (s.Over, s.Rank)):
        return [e.expr]
    return []


def _interval(e: Any, parts: list[_Shape]) -> Optional[tuple[int, int]]:
    """The values of an expression of numbers and table variables (None for any other)."""
    if isinstance(e, s.Over):  # counted over seats: it counts in cities
        return None
    if any(p.interval is None for p in parts):
        return None
    ranges = [p.interval for p in parts if p.interval is not None]
    if isinstance(e, s.Neg):
        lo, hi = ranges[0]
        return -hi, -lo
    if isinstance(e, s.Call):  # min, max, abs
        if e.function.text == "abs":
            lo, hi = ranges[0]
            return (0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))
        pick = min if e.function.text == "min" else max
        return pick(r[0] for r in ranges), pick(r[1] for r in ranges)
    (a, b), (c, d) = ranges
    if e.op == "+":
        return a + c, b + d
    if e.op == "-":
        return a - d, b - c
    if e.op == "*":
        corners = (a * c, a * d, b * c, b * d)
        return min(corners), max(corners)
    big = max(abs(a), abs(b))  # a quotient is never larger than its dividend (dividing by 0 gives 0)
    return -big, big


def _quantity(e: s.Call) -> str:
    """A quantity as written: `coins(left)`, `tokens(victory)`, `value(defeat, left 2)`."""
    args = [a.word + (f" {a.distance}" if a.distance else "") if isinstance(a, s.Seat) else
            a.name.text if isinstance(a, s.NameRef) else "..." for a in e.args]
    return f"{e.function.text}({', '.join(args)})" if args else e.function.text
