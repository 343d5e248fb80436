"""The compiled rule set as JSON (cattrs), and its JSON Schema.

Effects and expressions are tagged unions: each object carries `"type": "<ClassName>"`.
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

from wonderrules.interpreter import ir

__all__ = ["converter", "rules_to_json", "rules_from_json", "rules_fingerprint", "json_schema", "load_schema",
           "FORMAT_VERSION"]

FORMAT_VERSION = 1


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
    return converter().structure(data, ir.RuleSet)


def rules_from_json(text: str) -> ir.RuleSet:
    return rules_from_dict(json.loads(text))


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


def rules_fingerprint(rules: ir.RuleSet) -> str:
    """`sha256:` and the SHA-256 of the canonical compiled JSON (sorted keys, no spaces, ASCII):
    equal for the same compiled rules however they were loaded (.wr files or a compiled .json),
    different as soon as anything the engine reads differs. Game logs record it to refuse a replay
    against other rules."""
    import hashlib

    canonical = json.dumps(rules_to_dict(rules), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("ascii")).hexdigest()
