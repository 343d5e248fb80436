"""The compiled rule set as JSON: it round-trips, it validates against the shipped JSON Schema, and
the shipped schema is the one the IR classes generate (so it cannot go stale)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from wonderrules.grammar.compiler import compile_rules
from wonderrules.interpreter import ir, serial

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = [name for name in ("base", "cities", "two_player") if (ROOT / "rulesets" / f"{name}.wr").is_file()]


@cache
def compiled(name: str) -> ir.RuleSet:
    result = compile_rules([str(ROOT / "rulesets" / f"{name}.wr")])
    assert result.rules is not None, [(d.code, d.message) for d in result.diagnostics[:5]]
    return result.rules


@cache
def validator() -> jsonschema.Draft202012Validator:
    schema = serial.load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", BUNDLED)
def test_json_round_trip(name: str) -> None:
    rules = compiled(name)
    text = serial.rules_to_json(rules)
    assert serial.rules_from_json(text) == rules
    # and once more through the text: the encoding is stable
    assert serial.rules_to_json(serial.rules_from_json(text)) == text


@pytest.mark.parametrize("name", BUNDLED)
def test_json_validates_against_the_shipped_schema(name: str) -> None:
    document = json.loads(serial.rules_to_json(compiled(name)))
    errors = sorted(validator().iter_errors(document), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


def test_shipped_schema_is_the_generated_one() -> None:
    assert serial.load_schema() == serial.json_schema()


def test_shipped_schema_file_is_the_one_in_the_repository() -> None:
    on_disk = json.loads((ROOT / "interpreter" / "ruleset.schema.json").read_text(encoding="utf-8"))
    assert on_disk == serial.json_schema()


def test_schema_refuses_what_the_engine_could_not_load() -> None:
    good = json.loads(serial.rules_to_json(compiled("base")))
    broken_cost = copy.deepcopy(good)
    broken_cost["cards"][0]["cost"] = [["wood", "two"]]
    unknown_effect = copy.deepcopy(good)
    unknown_effect["cards"][0]["hooks"][0]["op"]["type"] = "Teleport"
    extra_key = copy.deepcopy(good)
    extra_key["settings"]["hand_size"] = 7
    missing = copy.deepcopy(good)
    del missing["settings"]  # the fields with a default (cards, boards) may be left out
    for doc in (broken_cost, unknown_effect, extra_key, missing):
        assert not validator().is_valid(doc)
    assert validator().is_valid(good)


def test_operations_and_expressions_are_tagged_by_class_name() -> None:
    document = json.loads(serial.rules_to_json(compiled("base")))
    (vineyard,) = [c for c in document["cards"] if c["name"] == "Vineyard"]
    hook = vineyard["hooks"][0]
    assert hook["trigger"]["type"] == "At" and hook["op"]["type"] == "GainCoins"
    assert hook["op"]["amount"]["type"] == "Quantity" and hook["op"]["amount"]["what"] == "cards"


# ---- what compiles also loads ------------------------------------------------------------------------

def test_a_rule_set_beyond_the_engines_limits_does_not_compile(compile_layer) -> None:
    """The loader's limits apply to `.wr` too: `wr compile` never writes a file the engine would
    refuse, and a game from `.wr` cannot be made to run for minutes."""
    text = 'replace card "Shrine" age 1 blue cost 2000 coins chain to "Temple" copies 3+ { end of game: score 2 }'
    r = compile_layer(text + "\n")
    (d,) = r.diagnostics
    assert (d.code, d.message) == ("E0104", "beyond what the engine accepts: 2000 is not between 0 and 1000")
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, 1)  # the card
    assert d.help.startswith("at cards[3].cost.coins of the compiled rule set")
    assert r.rules is None


def test_a_list_longer_than_the_engine_accepts_is_named_by_its_place(compile_layer) -> None:
    """A card holds at most 64 effects (the `hooks` of ir.Card); the message names the list, the
    span the card."""
    effects = "\n".join("  end of game: score 1" for _ in range(65))
    r = compile_layer('replace card "Shrine" age 1 blue copies 3+ {\n' + effects + "\n}\n")
    (d,) = r.diagnostics
    assert (d.code, d.message) == ("E0104", "beyond what the engine accepts: 65 items where at most 64 are accepted")
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, 1)
    assert d.help.startswith("at cards[3].hooks of the compiled rule set")
