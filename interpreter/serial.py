"""The compiled rule set on the core as JSON: the contract between the front end and the engine.

Unions of classes (expressions, triggers, operations, flow steps) are tagged: each object carries
`"type": "<ClassName>"`. Loading checks the data before the engine sees it: its shape, types,
vocabularies, bounds and names by the metadata of the core IR's fields (the generic walk of
:mod:`..validate`), then the rules between fields of :mod:`.consistency`. Anything refused raises
:class:`CompiledRulesError` naming the JSON path at fault. The JSON Schema carries the same
vocabularies, bounds and descriptions; the package ships it as `ruleset.schema.json`.
"""

from __future__ import annotations

import json
import typing
from functools import lru_cache
from importlib import resources as pkg_resources
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from wonderrules.interpreter import ir, validate
from wonderrules.interpreter import words as w
from wonderrules.interpreter.consistency import MODEL, check_rules, implicit_names
from wonderrules.interpreter.files import TWICE, JsonValueError, parse_json
from wonderrules.interpreter.log_structure import LOG_FORMAT
from wonderrules.interpreter.validate import CompiledRulesError, check_data

__all__ = ["converter", "rules_to_dict", "rules_to_json", "rules_from_dict", "rules_from_json",
           "json_schema", "load_schema", "CompiledRulesError", "MODEL"]


@lru_cache(maxsize=1)
def converter() -> cattrs.Converter:
    """The JSON converter of the core IR, built once from its classes."""
    c = cattrs.Converter(forbid_extra_keys=True)
    for union in (ir.Expr, ir.Trigger, ir.Op, ir.Step):
        configure_tagged_union(union, c, tag_name="type")
    expr: Any = ir.Expr
    optional_expr = typing.Optional[ir.Expr]
    c.register_unstructure_hook(optional_expr, lambda v: None if v is None else c.unstructure(v, expr))
    c.register_structure_hook(optional_expr, lambda v, _: None if v is None else c.structure(v, expr))
    return c


def rules_to_dict(rules: ir.RuleSet) -> dict[str, Any]:
    """The JSON data of a rule set (fixed-length items as tuples, where JSON has arrays)."""
    data: dict[str, Any] = converter().unstructure(rules)
    return data


def rules_to_json(rules: ir.RuleSet, indent: int | None = 1) -> str:
    return json.dumps(rules_to_dict(rules), indent=indent)


def rules_from_dict(data: object) -> ir.RuleSet:
    """A rule set from JSON data, checked: CompiledRulesError names the first problem."""
    if isinstance(data, dict) and data.get("format") == LOG_FORMAT:
        raise CompiledRulesError("format", "this is a game log, not a compiled rule set (wr replay reads it)")
    names = check_data(data, MODEL, implicit_names)
    rules: ir.RuleSet = converter().structure(data, ir.RuleSet)
    check_rules(rules, names)
    return rules


def rules_from_json(text: str) -> ir.RuleSet:
    """A rule set from JSON text, checked: CompiledRulesError when it is not JSON, is JSON the
    tools do not read (a key written twice, a number too long, nesting too deep: see
    :func:`.files.parse_json`) or is refused."""
    try:
        data = parse_json(text)
    except json.JSONDecodeError as e:
        raise CompiledRulesError("", f"this is not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except JsonValueError as e:
        if e.kind == "deep":
            raise CompiledRulesError("", f"this JSON nests too deeply to read: more than {w.MAX_NESTING} levels at "
                                         f"{e.place}") from None
        if e.kind == "long":
            raise CompiledRulesError(e.place, f"this number has {e.digits} digits: too long to read") from None
        raise CompiledRulesError(e.place, f"this key is written twice in its object ({TWICE})") from None
    return rules_from_dict(data)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a compiled rule set on the core (see :func:`.validate.json_schema`)."""
    return validate.json_schema(MODEL, "wonder-rules compiled rule set (core)",
                                "https://wonder-rules.invalid/core-ruleset.schema.json")


def load_schema() -> dict[str, Any]:
    """The schema shipped with the package (kept equal to :func:`json_schema` by a test)."""
    text = pkg_resources.files("wonderrules.interpreter").joinpath("ruleset.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
