"""The compiled rule set as JSON (cattrs), and its JSON Schema.

Effects and expressions are tagged unions: each object carries `"type": "<ClassName>"`.
Loading checks the data first (:mod:`.validate`, :mod:`.consistency`): anything refused raises
:class:`~.validate.CompiledRulesError` naming the JSON path at fault. The schema carries the same
vocabularies, bounds and descriptions, read from the metadata of the IR fields.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources as pkg_resources
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from wonderrules.interpreter import ir, vocabulary
from wonderrules.interpreter.consistency import check_rules
from wonderrules.interpreter.constraints import item_spec
from wonderrules.interpreter.validate import ClassPlan, CompiledRulesError, Shape, check_data, class_plans

__all__ = ["converter", "rules_to_json", "rules_from_json", "rules_from_dict", "rules_fingerprint", "json_schema",
           "load_schema", "FORMAT_VERSION", "CompiledRulesError"]

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

def _describe(spec: Mapping[str, Any]) -> str:
    doc = spec.get("doc", "")
    refers = spec.get("refers_to")
    if isinstance(refers, str):
        doc += f" A {' or '.join(refers.split('|'))} name."
        words = [w for w in spec.get("also", ()) if w]
        if words:
            doc += " Also: " + ", ".join(words) + "."
    if "declares" in spec:
        doc += f" Declares a {spec['declares']} name."
    return doc


def _schema_for(shape: Shape, spec: Mapping[str, Any], defs: dict[str, dict], plans: Mapping[type, ClassPlan]) -> dict:
    kind = shape[0]
    if kind == "optional":
        return {"anyOf": [_schema_for(shape[1], spec, defs, plans), {"type": "null"}]}
    if kind in ("int", "str", "bool"):
        out: dict[str, Any] = {"type": {"int": "integer", "str": "string", "bool": "boolean"}[kind]}
        if "enum" in spec:
            out["enum"] = list(spec["enum"])
        if kind == "int" and "min" in spec:
            out["minimum"] = spec["min"]
        if kind == "int" and "max" in spec:
            out["maximum"] = spec["max"]
        return out
    if kind == "fixed":
        parts: Sequence[Mapping[str, Any]] = spec.get("parts") or ({},) * len(shape[1])
        return {"type": "array", "prefixItems": [_schema_for(a, p, defs, plans) for a, p in zip(shape[1], parts)],
                "minItems": len(shape[1]), "maxItems": len(shape[1])}
    if kind == "array":
        out = {"type": "array", "items": _schema_for(shape[1], item_spec(spec), defs, plans)}
        for key, word in (("min_items", "minItems"), ("max_items", "maxItems")):
            if key in spec:
                out[word] = spec[key]
        if spec.get("unique"):
            out["uniqueItems"] = True
        return out
    if kind == "tagged":
        return {"anyOf": [_schema_for(("object", cls), {}, defs, plans) for cls in shape[1].values()]}
    plan = plans[shape[1]]
    name = plan.cls.__name__
    if name not in defs:
        defs[name] = {}  # placeholder against recursion
        props = {}
        for f in plan.fields:
            props[f.name] = {**_schema_for(f.shape, f.spec, defs, plans), "description": _describe(f.spec)}
        required = [f.name for f in plan.fields if f.required]
        if plan.tagged:
            props["type"] = {"const": name}
            required.append("type")
        body: dict[str, Any] = {"type": "object", "properties": props, "required": required,
                                "additionalProperties": False}
        if plan.cls.__doc__:
            body = {"description": inspect.cleandoc(plan.cls.__doc__), **body}
        defs[name] = body
    return {"$ref": f"#/$defs/{name}"}


def json_schema() -> dict:
    """The JSON Schema of a compiled rule set, generated from the IR classes and the metadata of
    their fields: types, vocabularies (enum), bounds, lengths and descriptions. What it cannot
    say (that a name is declared, rules between fields) the loader checks."""
    defs: dict[str, dict] = {}
    root = _schema_for(("object", ir.RuleSet), {}, defs, class_plans())
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
