"""Pass: seats that the table fixes, where the engine reads them once per table.

The market's sellers, the sellers a price or rebate names and the cities a symbol is copied from
are seats of the table (left, right, others...). `controller` and `target` name a seat only while
an effect runs, so they cannot stand there (E0104): the compiled form refuses them too, and a rule
set `wr check` accepts must load and play.
"""

from __future__ import annotations

from typing import Optional

from wonderrules.grammar.checks.ir_walk import objects
from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.interpreter import ir
from wonderrules.interpreter.consistency import DYNAMIC

__all__ = ["check"]

#: the IR objects holding seats of the table, and the field that holds them
_FIXED = ((ir.Market, "sellers", "the market's sellers"), (ir.Price, "sellers", "the sellers of a price"),
          (ir.Rebate, "sellers", "the sellers of a rebate"), (ir.CopySymbol, "sources", "the cities copied from"))


def check(rules: ir.RuleSet, where: Optional[Span]) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for obj, origin in objects(rules):
        for kind, field, what in _FIXED:
            if isinstance(obj, kind):
                for rel in getattr(obj, field):
                    if rel.kind in DYNAMIC:
                        diags.append(_dynamic(rel.kind, what, _span(origin) or where))
    return diags


def _span(origin: Optional[ir.Origin]) -> Optional[Span]:
    """The span of the innermost object holding the seats that knows where it was written."""
    return None if origin is None else Span(origin.path, origin.line, origin.column, origin.line, origin.column + 1)


def _dynamic(word: str, what: str, span: Optional[Span]) -> Diagnostic:
    return error("E0104", f"`{word}` cannot be among {what}: it names a seat only while an effect runs", span,
                 help="name seats of the table: self, left, right, neighbours, others, everyone, players, "
                      "partners, enemies")
