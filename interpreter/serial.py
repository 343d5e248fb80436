"""The compiled rule set as JSON (cattrs), and its JSON Schema.

Effects and expressions are tagged unions: each object carries `"type": "<ClassName>"`.
Loading checks the data first (:mod:`.validate`, :mod:`.consistency`): anything refused raises
:class:`~.validate.CompiledRulesError` naming the JSON path at fault. The schema carries the same
vocabularies, bounds and descriptions, read from the metadata of the IR fields.
"""

from __future__ import annotations

import json
import typing
from functools import lru_cache
from importlib import resources as pkg_resources

import cattrs
from cattrs.strategies import configure_tagged_union

from wonderrules.interpreter import ir, validate, vocabulary
from wonderrules.interpreter.consistency import MODEL, check_rules
from wonderrules.interpreter.validate import CompiledRulesError, check_data

__all__ = ["converter", "rules_to_json", "rules_from_json", "rules_from_dict", "rules_fingerprint", "json_schema",
           "load_schema", "FORMAT_VERSION", "CompiledRulesError", "MODEL"]

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
    names = check_data(data, MODEL)
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

def json_schema() -> dict:
    """The JSON Schema of a compiled rule set, generated from the IR classes and the metadata of
    their fields: types, vocabularies (enum), bounds, lengths and descriptions. What it cannot
    say (that a name is declared, rules between fields) the loader checks."""
    return validate.json_schema(MODEL, "wonder-rules compiled rule set",
                                "https://wonder-rules.invalid/compiled-ruleset.schema.json")


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
