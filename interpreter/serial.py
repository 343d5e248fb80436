"""The compiled rule set as JSON (cattrs), and its JSON Schema.

Effects and expressions are tagged unions: each object carries `"type": "<ClassName>"`.
Loading checks the data first (:mod:`.validate`, :mod:`.consistency`): anything refused raises
:class:`~.validate.CompiledRulesError` naming the JSON path at fault.
"""

from __future__ import annotations

import json
import types
import typing
from functools import lru_cache
from importlib import resources as pkg_resources
from typing import Any, Union

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from wonderrules.interpreter import ir, vocabulary
from wonderrules.interpreter.consistency import check_rules
from wonderrules.interpreter.validate import CompiledRulesError, check_data

__all__ = ["converter", "rules_to_json", "rules_from_json", "rules_from_dict", "json_schema", "load_schema",
           "FORMAT_VERSION", "CompiledRulesError"]

FORMAT_VERSION = vocabulary.FORMAT_VERSION


@lru_cache(maxsize=1)
def converter() -> cattrs.Converter:
    c = cattrs.Converter(forbid_extra_keys=True)
    configure_tagged_union(ir.Effect, c, tag_name="type")
    configure_tagged_union(ir.Expr, c, tag_name="type")
    optional_expr = typing.Optional[ir.Expr]
    c.register_unstructure_hook(optional_expr, lambda v: None if v is None else c.unstructure(v, ir.Expr))
    c.register_structure_hook(optional_expr, lambda v, _: None if v is None else c.structure(v, ir.Expr))
    return c


def rules_to_dict(rules: ir.RuleSet) -> dict:
    return converter().unstructure(rules)


def rules_to_json(rules: ir.RuleSet, indent: int | None = 1) -> str:
    return json.dumps(rules_to_dict(rules), indent=indent)


def rules_from_dict(data: dict) -> ir.RuleSet:
    """A rule set from JSON data, checked: CompiledRulesError names the first problem."""
    names = check_data(data)
    rules = converter().structure(data, ir.RuleSet)
    check_rules(rules, names)
    return rules


def rules_from_json(text: str) -> ir.RuleSet:
    """A rule set from JSON text, checked: CompiledRulesError when it is not JSON or is refused."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise CompiledRulesError("", f"this is not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except (ValueError, RecursionError):  # numbers too long to read, arrays nested too deeply
        raise CompiledRulesError("", "this JSON cannot be read: it nests too deeply or holds a number too long "
                                     "to read") from None
    return rules_from_dict(data)


# ---- JSON Schema ----------------------------------------------------------------------------

def _schema_for(tp: Any, defs: dict[str, dict]) -> dict:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is int:
        return {"type": "integer"}
    if tp is str:
        return {"type": "string"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is object:
        return {}
    if tp is type(None):
        return {"type": "null"}
    if origin is Union or origin is types.UnionType:
        return {"anyOf": [_schema_for(a, defs) for a in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema_for(args[0], defs)}
        return {"type": "array", "prefixItems": [_schema_for(a, defs) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if attrs.has(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # placeholder against recursion
            hints = typing.get_type_hints(tp, vars(ir))
            props = {}
            required = []
            for f in attrs.fields(tp):
                props[f.name] = _schema_for(hints[f.name], defs)
                if f.default is attrs.NOTHING:
                    required.append(f.name)
            tagged = tp in ir.EFFECT_TYPES or tp in (ir.Num, ir.Var, ir.BinOp, ir.Call)
            if tagged:
                props["type"] = {"const": name}
                required.append("type")
            defs[name] = {"type": "object", "properties": props, "required": required,
                          "additionalProperties": False}
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no schema for {tp!r}")


def json_schema() -> dict:
    """The JSON Schema of a compiled rule set, generated from the IR classes."""
    defs: dict[str, dict] = {}
    root = _schema_for(ir.RuleSet, defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://wonder-rules.invalid/compiled-ruleset.schema.json",
        "title": "wonder-rules compiled rule set",
        **root,
        "$defs": defs,
    }


def load_schema() -> dict:
    """The schema shipped with the package (kept equal to :func:`json_schema` by a test)."""
    text = pkg_resources.files("wonderrules.interpreter").joinpath("ruleset.schema.json").read_text()
    return json.loads(text)
