"""The JSON Schema of compiled rule sets says what the loader checks, wherever a schema can say it:
types, keys, type tags, vocabularies (enum), bounds (minimum, maximum), lengths and unique items,
each field described. Both come from the metadata of the IR fields, so every field must declare
what a valid value is; and a document the loader refuses for a reason the schema can express is
refused by a JSON Schema validator too (and the other way round)."""

from __future__ import annotations

import re
import typing
from functools import cache

import jsonschema
from compiled_support import tampered
from hypothesis import HealthCheck, given, settings

import wonderrules as wr
from wonderrules.interpreter import ir, serial, vocabulary
from wonderrules.interpreter.validate import check_data, class_plans


@cache
def validator() -> jsonschema.Draft202012Validator:
    schema = serial.load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _property(cls: str, name: str) -> dict:
    return serial.json_schema()["$defs"][cls]["properties"][name]


def test_the_schema_carries_vocabularies_bounds_and_descriptions() -> None:
    timing = _property("Hook", "timing")
    assert timing["enum"] == list(vocabulary.TIMINGS) and timing["description"] == "When the effect happens."
    coins = _property("Card", "coins")
    assert (coins["type"], coins["minimum"], coins["maximum"]) == ("integer", 0, vocabulary.MAX_COINS)
    copies = _property("Card", "copies")
    assert copies["maxItems"] == vocabulary.MAX_SEATS and copies["items"]["maximum"] == vocabulary.MAX_SEATS
    assert _property("Count", "scopes")["items"]["enum"] == list(vocabulary.SCOPES)
    assert _property("Count", "scopes")["uniqueItems"] is True
    assert _property("Call", "function")["enum"] == list(vocabulary.FUNCTIONS)
    assert _property("RuleSet", "format")["enum"] == [vocabulary.FORMAT_VERSION]
    assert "A resource name." in _property("Wonder", "start")["description"]
    order = _property("Settings", "order")["items"]["prefixItems"]
    assert order[0]["enum"] == list(vocabulary.ORDERED_MOMENTS) and order[1]["items"]["enum"] == list(
        vocabulary.ORDER_STEPS)


def _leaves(shape, spec):
    """(kind of leaf, spec) for every scalar a field holds."""
    kind = shape[0]
    if kind in ("optional", "array"):
        inner = {k: v for k, v in spec.items() if k not in ("min_items", "max_items", "unique", "unique_by")}
        yield from _leaves(shape[1], inner)
    elif kind == "fixed":
        for part, part_spec in zip(shape[1], spec.get("parts") or ({},) * len(shape[1])):
            yield from _leaves(part, part_spec)
    elif kind in ("int", "str", "bool"):
        yield kind, spec
    else:
        yield kind, spec


def test_every_field_declares_what_a_valid_value_is() -> None:
    """A field added to the IR is checked and documented as soon as it has its metadata: this
    says which metadata each kind of value needs."""
    missing = []
    for cls, plan in class_plans(ir.RuleSet).items():
        for f in plan.fields:
            where = f"{cls.__name__}.{f.name}"
            if not f.spec.get("doc"):
                missing.append(f"{where}: doc")
            for kind, spec in _leaves(f.shape, f.spec):
                if kind == "int" and not ("enum" in spec or ("min" in spec and "max" in spec)):
                    missing.append(f"{where}: bounds")
                if kind == "str" and not {"enum", "refers_to", "declares", "text"} & set(spec):
                    missing.append(f"{where}: what a valid string is")
            hint = typing.get_type_hints(cls)[f.name]
            if ir.Num in typing.get_args(hint) and "expression" not in f.spec and cls not in (ir.BinOp, ir.Call):
                missing.append(f"{where}: expression context")
    assert not missing, missing


# ---- the loader and the schema agree ---------------------------------------------------------------

def _declared_kinds() -> list[str]:
    """Kinds of declared names: that a name is declared is beyond what the schema can say."""
    kinds: set[str] = set()

    def visit(spec: dict) -> None:
        if "declares" in spec:
            kinds.add(spec["declares"])
        refers = spec.get("refers_to")
        if isinstance(refers, str):
            kinds.update(refers.split("|"))
        elif isinstance(refers, dict):
            for by_value in refers.values():
                for k in by_value.values():
                    kinds.update(x for x in k.split("|") if x)
        for part in spec.get("parts") or ():
            visit(part)

    for plan in class_plans(ir.RuleSet).values():
        for f in plan.fields:
            visit(f.spec)
    return sorted(kinds, key=len, reverse=True)


_BEYOND_THE_SCHEMA = re.compile(
    r"^unknown (" + "|".join(_declared_kinds()) + r")( or [a-z ]+)? '"  # a name that is not declared
    r"|is declared twice|^the same .* as |names nothing when|nests deeper than"
    r"|found the number -?\d+\.0$")  # JSON Schema counts 3.0 as an integer


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=tampered())
def test_the_schema_refuses_what_the_loader_refuses_where_it_can_say_so(case) -> None:
    _, doc = case
    schema_ok = validator().is_valid(doc)
    try:
        check_data(doc, serial.MODEL)
    except wr.CompiledRulesError as e:
        if not _BEYOND_THE_SCHEMA.search(e.message):
            assert not schema_ok, f"the schema accepts what the loader refuses: {e}"
        return
    assert schema_ok, [f"{list(x.path)}: {x.message}" for x in validator().iter_errors(doc)][:3]

