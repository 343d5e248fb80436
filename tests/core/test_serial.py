"""The compiled core form as a contract: JSON that reads back into the same rule set, a JSON Schema
shipped with the package (equal to the one generated from the core IR, with vocabularies, bounds
and descriptions) that refuses what the loader refuses wherever a schema can say it, a loader
that refuses bad data with a JSON path."""

from __future__ import annotations

import json
import re
import typing
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from json_support import document, refused_at, tampered

import wonderrules
from wonderrules.interpreter import ir, serial
from wonderrules.interpreter import words as w
from wonderrules.interpreter.validate import CompiledRulesError, check_data

LAYERS = [("base",), ("cities",), ("two_player",), ("cities", "two_player")]


@pytest.mark.parametrize("layers", LAYERS, ids="+".join)
def test_a_rule_set_reads_back_from_its_json(layers) -> None:
    rules = wonderrules.load_rules(*layers)
    text = serial.rules_to_json(rules)
    assert serial.rules_from_json(text) == rules
    assert json.loads(text)["format"] == w.FORMAT_VERSION


def test_the_tagged_unions_carry_their_class_names() -> None:
    doc = document()
    assert doc["flow"][0]["type"] == "AtStep" and doc["flow"][1]["type"] == "EachAge"
    assert doc["cards"][0]["hooks"][0]["trigger"] == {"type": "Passive"}
    assert doc["cards"][0]["hooks"][0]["op"]["type"] == "Produce"
    assert doc["settings"]["hand"] == {"type": "Num", "value": 7}


# ---- the schema -------------------------------------------------------------------------------------

@cache
def validator() -> jsonschema.Draft202012Validator:
    schema = serial.load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_shipped_schema_is_the_generated_one() -> None:
    assert serial.load_schema() == serial.json_schema(), (
        "regenerate interpreter/core/ruleset.schema.json from serial.json_schema()")


@pytest.mark.parametrize("layers", LAYERS, ids="+".join)
def test_the_bundled_rule_sets_are_valid_by_the_schema(layers) -> None:
    errors = [f"{list(e.path)}: {e.message}" for e in validator().iter_errors(document(*layers))]
    assert errors == []


def _property(cls: str, name: str) -> dict:
    return serial.json_schema()["$defs"][cls]["properties"][name]


def test_the_schema_carries_vocabularies_bounds_and_descriptions() -> None:
    assert _property("Relation", "kind")["enum"] == list(w.RELATIONS)
    assert _property("When", "event")["enum"] == list(w.EVENTS)
    assert _property("Var", "name")["enum"] == list(w.VARIABLES)
    coins = _property("Cost", "coins")
    assert (coins["type"], coins["minimum"], coins["maximum"]) == ("integer", 0, w.MAX_COINS)
    assert _property("Settings", "ages")["maximum"] == w.MAX_AGES
    assert "An action name." in _property("Decision", "actions")["description"]
    assert _property("RuleSet", "format")["enum"] == [w.FORMAT_VERSION]
    hook = serial.json_schema()["$defs"]["Hook"]
    assert hook["description"].startswith("An effect: when its trigger comes")
    trigger = hook["properties"]["trigger"]["anyOf"]
    assert [t["$ref"] for t in trigger] == [f"#/$defs/{c.__name__}" for c in ir.TRIGGER_TYPES]
    assert serial.json_schema()["$defs"]["Num"]["properties"]["type"] == {"const": "Num"}


def _leaves(shape, spec):
    kind = shape[0]
    if kind in ("optional", "array"):
        yield from _leaves(shape[1], {k: v for k, v in spec.items() if k not in ("min_items", "max_items")})
    elif kind == "fixed":
        for part, part_spec in zip(shape[1], spec.get("parts") or ({},) * len(shape[1])):
            yield from _leaves(part, part_spec)
    else:
        yield kind, spec


def test_every_field_of_the_core_ir_declares_what_a_valid_value_is() -> None:
    """A field added to the core IR is checked and documented as soon as it has its metadata."""
    missing = []
    for cls, plan in serial.MODEL.plans.items():
        for f in plan.fields:
            where = f"{cls.__name__}.{f.name}"
            if not f.spec.get("doc"):
                missing.append(f"{where}: doc")
            for kind, spec in _leaves(f.shape, f.spec):
                if kind == "int" and not ("enum" in spec or ("min" in spec and "max" in spec)):
                    missing.append(f"{where}: bounds")
                if kind == "str" and not {"enum", "refers_to", "declares", "text"} & set(spec):
                    missing.append(f"{where}: what a valid string is")
            hint = typing.get_type_hints(cls, vars(ir))[f.name]
            if typing.get_origin(hint) is tuple and typing.get_args(hint)[-1] is Ellipsis and "max_items" not in f.spec:
                missing.append(f"{where}: a bound on its length")
    assert not missing, missing


_DECLARED = sorted({k for plan in serial.MODEL.plans.values() for f in plan.fields
                    for key in ("declares", "refers_to") if isinstance(f.spec.get(key), str)
                    for k in f.spec[key].split("|")} | {"card", "moment", "token", "contest", "colour", "zone",
                                                        "symbol", "symbol group"}, key=len, reverse=True)
_BEYOND_THE_SCHEMA = re.compile(
    r"^unknown (" + "|".join(re.escape(k) for k in _DECLARED if k) + r")( or [a-z ]+)? '"
    r"|is declared twice|^the same .* as |names nothing when|nests deeper than"
    r"|found the number -?\d+\.0$")  # JSON Schema counts 3.0 as an integer


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=tampered())
def test_the_schema_refuses_what_the_loader_refuses_where_it_can_say_so(case) -> None:
    _, doc = case
    schema_ok = validator().is_valid(doc)
    from wonderrules.interpreter.consistency import implicit_names

    try:
        check_data(doc, serial.MODEL, implicit_names)
    except CompiledRulesError as e:
        if not _BEYOND_THE_SCHEMA.search(e.message):
            assert not schema_ok, f"the schema accepts what the loader refuses: {e}"
        return
    assert schema_ok, [f"{list(x.path)}: {x.message}" for x in validator().iter_errors(doc)][:3]


# ---- loading ----------------------------------------------------------------------------------------

def test_what_is_not_a_rule_set_is_refused_with_a_sentence() -> None:
    with pytest.raises(CompiledRulesError) as caught:
        serial.rules_from_json("{nope")
    assert str(caught.value) == ("the rule set: this is not JSON: Expecting property name enclosed in double quotes "
                                 "at line 1, column 2")
    assert refused_at([]) == ("", "a compiled rule set is a JSON object, not an array")
    doc = document()
    doc["format"] = 1
    path, message = refused_at(doc)
    assert path == "format" and message.startswith("this is format 1; this version of wonder-rules reads compiled "
                                                   "rule sets of format 3")
    doc = document()
    doc["cards"][0]["hooks"][0]["op"]["type"] = "Teleport"
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0].op.type" and message.startswith("unknown type 'Teleport' (known: GainCoins,")
    doc = document()
    doc["cards"][0]["chains_to"] = ["Nowhere Hall"]
    path, message = refused_at(doc)
    assert path == "cards[0].chains_to[0]" and message.startswith("unknown card 'Nowhere Hall' (known: Clay Pit,")


# ---- the data the checker writes without the converter -------------------------------------------------

EXAMPLES = sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.wr"))


@pytest.mark.parametrize("layers", LAYERS + [("leaders",), ("cities_leaders",)] + [(e,) for e in EXAMPLES],
                         ids=lambda layers: "+".join(Path(x).name for x in layers))
def test_the_data_of_a_rule_set_is_what_the_converter_writes(layers) -> None:
    """validate.data_of (what `wr check` runs the loader's checks on) writes the very data the
    JSON converter writes, for every bundled rule set and every example of the docs."""
    from wonderrules.interpreter.consistency import MODEL
    from wonderrules.interpreter.validate import data_of

    rules = wonderrules.load_rules(*layers)
    assert json.loads(json.dumps(data_of(rules, MODEL))) == json.loads(serial.rules_to_json(rules))


def test_checking_a_rule_set_leaves_the_json_converter_unloaded() -> None:
    """A check does not load cattrs: everything a process keeps alive is walked by each full
    collection of the garbage collector, so a bigger heap makes every game played after it slower."""
    import subprocess
    import sys

    code = ("import sys, wonderrules; wonderrules.load_rules('cities', 'two_player'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'cattrs' or m.endswith('.serial')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_key_written_twice_is_refused_at_its_path() -> None:
    # json.loads keeps the last value, so the first `format` (the one a reader sees) was ignored
    text = serial.rules_to_json(wonderrules.load_rules("base"))
    with pytest.raises(CompiledRulesError) as caught:
        serial.rules_from_json('{"format": 99,' + text[1:])
    assert (caught.value.path, caught.value.message) == (
        "format", "this key is written twice in its object (JSON readers keep one or the other, so the file does "
                  "not say one thing)")
    doc = document()
    doc["cards"][3]["hooks"][0]["op"] = {"type": "GainCoins", "amount": 1}
    twice = json.dumps(doc).replace('"amount": 1}', '"amount": 1, "amount": 2}', 1)
    with pytest.raises(CompiledRulesError) as caught:
        serial.rules_from_json(twice)
    assert caught.value.path == "cards[3].hooks[0].op.amount"


def test_a_number_too_long_to_read_is_refused_at_its_path() -> None:
    doc = document()
    doc["settings"]["start_coins"] = 1
    text = json.dumps(doc).replace('"start_coins": 1', '"start_coins": ' + "7" * 5000, 1)
    with pytest.raises(CompiledRulesError) as caught:
        serial.rules_from_json(text)
    assert (caught.value.path, caught.value.message) == ("settings.start_coins",
                                                         "this number has 5000 digits: too long to read")


def test_json_nested_too_deeply_is_refused_at_its_line_and_column() -> None:
    with pytest.raises(CompiledRulesError) as caught:
        serial.rules_from_json('{"format": 3,\n "flow": ' + "[" * 10_000 + "]" * 10_000 + "}")
    assert (caught.value.path, caught.value.message) == (
        "", "this JSON nests too deeply to read: more than 64 levels at line 2, column 73")
