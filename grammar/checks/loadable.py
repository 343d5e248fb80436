"""Pass: what compiles also loads. The compiled rule set goes through the loader's own checks
(those of :func:`wonderrules.interpreter.serial.rules_from_dict`: the JSON walk, the rules
between fields, the bounds of every table, of the flow and of final scoring; the JSON data is
written by :func:`~wonderrules.interpreter.validate.data_of`, without the JSON converter, which
a check leaves unloaded), so that `wr check` accepts nothing
that `load_compiled` refuses and `wr compile` writes nothing it would refuse. A refusal is an
E0104 at the innermost construct of the text it concerns (the effect, the step of the flow, the
deal's target...), the place in the compiled rule set in `help`.

The passes before this one say most of these things first and with more to say; this one runs
only on a rule set they accept, and is the last word."""

from __future__ import annotations

from typing import Any, Optional

from wonderrules.grammar.checks.places import shown, span_of
from wonderrules.grammar.diagnostics import Diagnostic, Span, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.consistency import MODEL, check_rules, implicit_names
from wonderrules.interpreter.validate import CompiledRulesError, NestingError, check_data, data_of
from wonderrules.interpreter.words import MAX_NESTING

__all__ = ["check"]

_DEEP = f"beyond what the engine accepts: this nests more than {MAX_NESTING} levels deep in the compiled rule set"
_FEWER = "write it with fewer levels inside one another (brackets, signs and calls in an expression, steps " \
         "within steps)"


def check(rules: ir.RuleSet, model: Optional[Model], where: Optional[Span]) -> list[Diagnostic]:
    try:
        check_rules(rules, check_data(data_of(rules, MODEL), MODEL, implicit_names))
    except NestingError as e:
        return [error("E0104", _DEEP, span_of(rules, model, e.path, where),
                      help=f"{_FEWER}; at {shown(e.path)} of the compiled rule set")]
    except RecursionError:  # so deep that the compiled form cannot even be written out
        return [error("E0104", _DEEP, _deepest(rules) or where, help=_FEWER)]
    except CompiledRulesError as e:
        return [error("E0104", f"beyond what the engine accepts: {e.message}", span_of(rules, model, e.path, where),
                      help=f"at {shown(e.path) or 'the top'} of the compiled rule set; the engine's limits are "
                           "listed in the documentation of compiled rule sets")]
    return []


def _deepest(rules: ir.RuleSet) -> Optional[Span]:
    """Where the object that lies deepest in the rule set was written (the origin of the
    innermost object holding it that has one), found without recursion."""
    holding = MODEL.object_fields
    stack: list[tuple[Any, int, Optional[ir.Origin]]] = [(rules, 0, None)]
    best: tuple[int, Optional[ir.Origin]] = (-1, None)
    while stack:
        node, depth, origin = stack.pop()
        if isinstance(node, tuple):
            stack.extend((item, depth + 1, origin) for item in node)
            continue
        fields = holding.get(type(node))
        if fields is None:
            continue
        own = getattr(node, "origin", None)
        origin = own if isinstance(own, ir.Origin) else origin
        if depth > best[0]:
            best = (depth, origin)
        stack.extend((getattr(node, name), depth + 1, origin) for name, _ in fields if getattr(node, name) is not None)
    at = best[1]
    return Span(at.path, at.line, at.column, at.line, at.column + 1) if at else None
