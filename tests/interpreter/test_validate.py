"""Compiled JSON is checked when it is loaded: types exact, keys known, vocabularies closed, names
declared, counts bounded. A refusal is one CompiledRulesError whose text starts with the JSON path
at fault, never a Python error from deeper down (KeyError, ValueError) and never a silent
coercion ("3" read as 3, true as 1).

The checks that span several fields are in tests/core/test_core_consistency.py; the schema and the
loading of what is not a rule set at all in tests/core/test_serial.py."""

from __future__ import annotations

import json

import pytest
from compiled_support import card_index, document, op_index, refusal, refused_at, set_at

import wonderrules as wr
from wonderrules.interpreter import serial
from wonderrules.interpreter import words as w

# ---- the error ------------------------------------------------------------------------------------


def test_a_misspelt_trigger_is_refused_with_its_path_and_the_known_triggers() -> None:
    doc = document()
    i = card_index(doc, "Tavern")
    doc["cards"][i]["hooks"][0]["trigger"]["type"] = "OnBuildd"
    e = refusal(doc)
    assert isinstance(e, ValueError)
    assert (e.path, e.message) == (f"cards[{i}].hooks[0].trigger.type",
                                   "unknown type 'OnBuildd' (known: Passive, OnBuild, At, When, EndOfGame)")
    assert str(e) == f"{e.path}: {e.message}"


def test_the_error_is_part_of_the_public_api() -> None:
    assert "CompiledRulesError" in wr.__all__
    assert issubclass(wr.CompiledRulesError, ValueError)
    assert serial.CompiledRulesError is wr.CompiledRulesError


def test_load_compiled_refuses_tampered_json_text_and_files(tmp_path) -> None:
    doc = document()
    doc["settings"]["start_coins"] = "3"
    message = r"^settings\.start_coins: expected an integer, found the string '3'$"
    with pytest.raises(wr.CompiledRulesError, match=message):
        wr.load_compiled(json.dumps(doc))
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(wr.CompiledRulesError, match=message):
        wr.load_compiled(path)


# ---- format and document ------------------------------------------------------------------------------

@pytest.mark.parametrize("version", [99, 0, "1", None])
def test_an_unknown_format_version_is_refused_before_anything_else(version: object) -> None:
    doc = document()
    doc["format"] = version
    del doc["cards"]  # the version is what matters: a later format may have other keys
    path, message = refused_at(doc)
    assert path == "format"
    assert message.startswith(f"this is format {'null' if version is None else repr(version)}; this version of "
                              f"wonder-rules reads compiled rule sets of format {w.FORMAT_VERSION}")


@pytest.mark.parametrize("text, message", [
    ('"rules"', "the rule set: a compiled rule set is a JSON object, not the string 'rules'"),
    ("", "the rule set: this is not JSON: Expecting value at line 1, column 1"),
])
def test_a_document_that_is_not_a_json_object_is_refused(text: str, message: str) -> None:
    with pytest.raises(wr.CompiledRulesError) as caught:
        serial.rules_from_json(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "the rule set: this JSON nests too deeply to read: more than 64 levels at line 1, "
                                    "column 65"),
    ('{"format": ' + "1" * 5000 + "}", "format: this number has 5000 digits: too long to read"),
])
def test_json_too_deep_or_with_too_long_a_number_is_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(wr.CompiledRulesError) as caught:
        serial.rules_from_json(text)
    assert str(caught.value) == message


def test_data_nested_deeper_than_the_limit_is_refused() -> None:
    doc = document()
    expr: dict = {"type": "Num", "value": 1}
    for _ in range(200):
        expr = {"type": "BinOp", "op": "+", "left": expr, "right": {"type": "Num", "value": 1}}
    doc["categories"][0]["formula"] = expr
    path, message = refused_at(doc)
    assert path.startswith("categories[0].formula.left.left.")
    assert message == f"the data nests deeper than {w.MAX_NESTING} levels"


# ---- exact types ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, found", [
    ("3", "the string '3'"), (1.5, "the number 1.5"), (3.0, "the number 3.0"), (True, "true"),
    (None, "null"), ([3], "an array"), ({}, "an object"),
])
def test_an_integer_is_never_coerced(value: object, found: str) -> None:
    doc = document()
    doc["settings"]["start_coins"] = value
    assert refused_at(doc) == ("settings.start_coins", f"expected an integer, found {found}")


@pytest.mark.parametrize("value, found", [("x", "the string 'x'"), (1, "the integer 1"), (0, "the integer 0")])
def test_a_boolean_is_never_coerced(value: object, found: str) -> None:
    doc = document()
    i = op_index(doc, "Produce")
    doc["cards"][i]["hooks"][0]["op"]["for_sale"] = value
    assert refused_at(doc) == (f"cards[{i}].hooks[0].op.for_sale", f"expected true or false, found {found}")


def test_a_string_is_never_coerced() -> None:
    doc = document()
    doc["cards"][0]["colour"] = 3
    assert refused_at(doc) == ("cards[0].colour", "expected a string, found the integer 3")


def test_arrays_stand_where_the_ir_has_tuples_with_their_length() -> None:
    doc = document()
    doc["cards"][0]["copies"] = "3"
    assert refused_at(doc) == ("cards[0].copies", "expected an array, found the string '3'")
    doc = document()
    i = card_index(doc, "Baths")
    doc["cards"][i]["cost"]["resources"] = [["stone", 1, 1]]
    assert refused_at(doc) == (f"cards[{i}].cost.resources[0]", "expected an array of 2 items, found 3")


def test_unknown_and_missing_keys_are_refused() -> None:
    doc = document()
    doc["settings"]["hand_size"] = 7
    path, message = refused_at(doc)
    assert (path, message.split(" (")[0]) == ("settings", "unknown key 'hand_size'")
    assert "known: players, start_coins, ages, hand, turns" in message
    # a key of the top level is named by its path: the document itself has none
    doc = document()
    del doc["name"]
    assert refused_at(doc) == ("name", "missing key 'name'")
    doc = document()
    doc["extra"] = 1
    path, message = refused_at(doc)
    assert (path, message.split(" (")[0]) == ("extra", "unknown key 'extra'")
    doc = document()
    doc["a key"] = 1
    assert refused_at(doc)[0] == '["a key"]'
    doc = document()
    del doc["cards"][0]["hooks"][0]["trigger"]
    assert refused_at(doc) == ("cards[0].hooks[0]", "missing key 'trigger'")


def test_the_type_tag_of_operations_and_expressions_is_checked() -> None:
    doc = document()
    del doc["settings"]["hand"]["type"]
    assert refused_at(doc) == ("settings.hand", "missing key 'type' (one of: Num, Var, BinOp, Not, Call, Quantity, "
                                                "Over, Rank)")
    doc = document()
    doc["settings"]["hand"]["type"] = "Var"  # a Var has a name, not a value
    assert refused_at(doc) == ("settings.hand", "unknown key 'value' (known: name)")


# ---- closed vocabularies ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path, value, expected", [
    ("market.sellers.0.kind", "upstairs",
     "market.sellers[0].kind: unknown kind 'upstairs' (known: self, left, right, "),
    ("settings.pass_directions.1", "up", "settings.pass_directions[1]: unknown pass direction 'up' (known: left, "
                                         "right)"),
    ("settings.tie_break", ["points"], "settings.tie_break[0]: unknown tie break 'points' (known: coins)"),
    ("categories.1.formula.op", "%", "categories[1].formula.op: unknown op '%' (known: +, -, *, /, <, "),
    ("settings.hand", {"type": "Var", "name": "cards"}, "settings.hand.name: unknown name 'cards' (known: players, "),
    ("categories.1.formula.left.what", "gold", "categories[1].formula.left.what: unknown what 'gold' (known: coins, "),
    ("options", [{"name": "o", "winner": "everyone"}], "options[0].winner: unknown winner 'everyone' (known: "
                                                       "player, team)"),
    ("zones.0.seen_by", "neighbours", "zones[0].seen_by: unknown seen by 'neighbours' (known: owner, partners, "
                                      "everyone, nobody)"),
])
def test_every_closed_vocabulary_is_checked(path: str, value: object, expected: str) -> None:
    doc = document()
    set_at(doc, path, value)
    assert str(refusal(doc)).startswith(expected)


# ---- names ----------------------------------------------------------------------------------------------

RESOURCES = "(known: wood, stone, clay, ore, glass, loom, papyrus)"
COLOURS = "(known: brown, grey, blue, yellow, red, green, purple"


def _card(name: str, path: str) -> tuple[str, str]:
    """A path inside the card of that name, resolved on the base document."""
    return f"cards.{card_index(document(), name)}.{path}", f"cards[{card_index(document(), name)}]"


@pytest.mark.parametrize("path, value, expected", [
    (_card("Baths", "cost.resources.0.0")[0], "unobtainium",
     f"{_card('Baths', '')[1]}.cost.resources[0][0]: unknown resource 'unobtainium' {RESOURCES}"),
    ("cards.0.colour", "pink", f"cards[0].colour: unknown colour 'pink' {COLOURS})"),
    (_card("Barracks", "hooks.0.op.options")[0], ["sword"],
     f"{_card('Barracks', '')[1]}.hooks[0].op.options[0]: unknown symbol 'sword' (known: compass, gear, tablet, "
     "shield)"),
    ("contests.0.win.token", "gold", "contests[0].win.token: unknown token 'gold' (known: victory, defeat)"),
    ("colours.2.category", "fame", "colours[2].category: unknown category 'fame' (known: military, treasury, "),
    ("settings.stages_category", "fame", "settings.stages_category: unknown category 'fame'"),
    ("settings.pool_draws.0.pool", "heroes", "settings.pool_draws[0].pool: unknown pool 'heroes' (known: guilds)"),
    (_card("Altar", "chains_to")[0], ["Tempel"], f"{_card('Altar', '')[1]}.chains_to[0]: unknown card 'Tempel'"),
    ("market.sells", ["board", "pink"], f"market.sells[1]: unknown colour 'pink' {COLOURS}, board)"),
    ("settings.card_zone", "attic", "settings.card_zone: unknown zone 'attic' (known: hand, built, tucked, discard)"),
])
def test_every_name_resolves(path: str, value: object, expected: str) -> None:
    doc = document()
    set_at(doc, path, value)
    assert str(refusal(doc)).startswith(expected)


def test_names_are_declared_once() -> None:
    doc = document()
    doc["resources"].append({"name": "wood", "resource_class": "raw"})
    assert refused_at(doc) == ("resources[7].name", "resource 'wood' is declared twice (first at resources[0])")
    doc = document()
    doc["symbol_groups"][1]["members"].append("gear")
    assert refused_at(doc) == ("symbol_groups[1].members[1]",
                               "symbol 'gear' is declared twice (first at symbol_groups[0].members[1])")
    doc = document()
    doc["boards"].append(doc["boards"][0])
    assert refused_at(doc) == (f"boards[{len(doc['boards']) - 1}].name",
                               "wonder side 'Rhodes A' is declared twice (first at boards[0])")


# ---- bounds -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path, value, message", [
    ("settings.players.0", 99, f"99 is too large (at most {w.MAX_PLAYERS})"),
    ("settings.players.0", 0, "0 is too small (at least 1)"),
    ("settings.ages", 10**9, f"1000000000 is too large (at most {w.MAX_AGES})"),
    ("settings.start_coins", -1, "-1 is too small (at least 0)"),
    ("settings.hand.value", 10**12, f"1000000000000 is too large (at most {w.MAX_NUMBER})"),
    ("cards.0.cost.coins", 10**6, f"1000000 is too large (at most {w.MAX_COINS})"),
    ("cards.0.hooks.0.op.amount", 10**6, f"1000000 is too large (at most {w.MAX_UNITS})"),
    ("cards.0.copies", [1] * 100_000, "holds 100000 items; at most 16 are allowed"),
    ("cards.0.copies.0", 99, f"99 is too large (at most {w.MAX_SEATS})"),
    ("contests.0.win.worth", [], "holds 0 items; at least 1 are needed"),
    ("market.price", 10**6, f"1000000 is too large (at most {w.MAX_PRICE})"),
])
def test_every_count_is_bounded(path: str, value: object, message: str) -> None:
    doc = document()
    set_at(doc, path, value)
    got_path, got = refused_at(doc)
    assert got == message
    assert got_path.replace("[", ".").replace("]", "") == path


def test_the_units_of_a_cost_and_the_copy_count_of_an_operation_are_bounded() -> None:
    doc = document()
    i = card_index(doc, "Baths")
    doc["cards"][i]["cost"]["resources"][0][1] = 1000
    assert refused_at(doc) == (f"cards[{i}].cost.resources[0][1]", f"1000 is too large (at most {w.MAX_UNITS})")
    doc = document("cities")
    i = op_index(doc, "CopySymbol")
    doc["cards"][i]["hooks"][0]["op"]["count"] = 10**6
    assert refused_at(doc) == (f"cards[{i}].hooks[0].op.count", f"1000000 is too large (at most {w.MAX_COUNT})")


def test_the_bundled_rule_sets_load_and_are_unchanged() -> None:
    for names in (("base",), ("cities",), ("two_player",), ("cities", "two_player")):
        assert serial.rules_from_dict(document(*names)) == wr.load_rules(*names)


def test_the_documented_limits_are_the_engines(repo_root) -> None:
    rows = {
        "players at a table": f"1 to {w.MAX_PLAYERS}",
        "neutral seats": f"at most {w.MAX_NEUTRALS}",
        "ages": f"1 to {w.MAX_AGES}",
        "cards in a hand, turns in an age": f"0 to {w.MAX_HAND}",
        "cards drawn from a pool into one age": f"0 to {w.MAX_DRAW}",
        "cards a deal gives one target": f"0 to {w.MAX_DRAW}",
        "stages of a wonder": f"at most {w.MAX_STAGES}",
        "coins of a cost, coins off a cost, starting coins": f"at most {w.MAX_COINS}",
        "units of a resource in a cost or a production": f"1 to {w.MAX_UNITS}",
        "coins per unit bought, a rebate on buying": f"at most {w.MAX_PRICE}",
        "cards copied, uses of an ability, times asked": f"1 to {w.MAX_COUNT}",
        "a contest's tokens and their worth": f"-{w.MAX_POINTS} to {w.MAX_POINTS}",
        "a number in an expression": f"-{w.MAX_NUMBER} to {w.MAX_NUMBER}",
        "options": f"at most {w.MAX_OPTIONS}",
        "nesting of the JSON": f"{w.MAX_NESTING} levels",
        "steps of final scoring through a city's choices": f"{w.MAX_SCORING_STEPS}",
        "steps of the flow in one game": f"{w.MAX_FLOW_STEPS}",
    }
    assert w.MAX_HAND == w.MAX_TURNS
    text = (repo_root / "docs" / "engine.rst").read_text(encoding="utf-8")
    documented = {}
    for line in text.splitlines():
        parts = [p.strip() for p in line.strip().split("  ") if p.strip()]
        if len(parts) == 2 and parts[0] in rows:
            documented[parts[0]] = parts[1]
    assert documented == rows
