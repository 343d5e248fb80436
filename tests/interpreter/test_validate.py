"""Compiled JSON is checked when it is loaded: types exact, keys known, vocabularies closed, names
declared, counts bounded. A refusal is one CompiledRulesError whose text starts with the JSON path
at fault, never a Python error from deeper down (KeyError, ValueError) and never a silent
coercion ("3" read as 3, true as 1)."""

from __future__ import annotations

import json

import pytest
from compiled_support import card_index, document, hook_index, refusal, refused_at

import wonderrules as wr
from wonderrules.interpreter import serial, vocabulary

# ---- the error ------------------------------------------------------------------------------------


def test_a_misspelt_timing_is_refused_with_its_path_and_the_known_timings() -> None:
    doc = document()
    i = card_index(doc, "Tavern")
    doc["cards"][i]["hooks"][0]["timing"] = "on_buildd"
    e = refusal(doc)
    assert isinstance(e, ValueError)
    assert (e.path, e.message) == (f"cards[{i}].hooks[0].timing", "unknown timing 'on_buildd' (known: passive, "
                                   "on_build, end_of_turn, each_end_of_turn, each_end_of_age, end_of_game, "
                                   "whenever_builds)")
    assert str(e) == f"{e.path}: {e.message}"


def test_the_error_is_part_of_the_public_api() -> None:
    assert "CompiledRulesError" in wr.__all__
    assert issubclass(wr.CompiledRulesError, ValueError)
    assert serial.CompiledRulesError is wr.CompiledRulesError


def test_load_compiled_refuses_tampered_json_text() -> None:
    doc = document()
    doc["settings"]["start_coins"] = "3"
    with pytest.raises(wr.CompiledRulesError, match=r"^settings\.start_coins: expected an integer, found the "
                                                    r"string '3'$"):
        wr.load_compiled(json.dumps(doc))


def test_wr_play_refuses_a_tampered_json_rule_set_with_its_path(tmp_path) -> None:
    from click.testing import CliRunner

    from wonderrules.cli import main

    doc = document()
    i = card_index(doc, "Tavern")
    doc["cards"][i]["hooks"][0]["timing"] = "on_buildd"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--players", "3", "--rules", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: cannot load rules: cards[{i}].hooks[0].timing: unknown timing "
                                    "'on_buildd' (known: passive, on_build, ")
    assert "Traceback" not in result.output


# ---- format and document ------------------------------------------------------------------------------

@pytest.mark.parametrize("version", [99, 0, "1", None])
def test_an_unknown_format_version_is_refused_before_anything_else(version: object) -> None:
    doc = document()
    doc["format"] = version
    del doc["cards"]  # the version is what matters: a later format may have other keys
    path, message = refused_at(doc)
    assert path == "format"
    assert message.startswith(f"this is format {'null' if version is None else repr(version)}; this version of "
                              "wonder-rules reads compiled rule sets of format 1")


@pytest.mark.parametrize("text, message", [
    ("[]", "the rule set: a compiled rule set is a JSON object, not an array"),
    ('"rules"', "the rule set: a compiled rule set is a JSON object, not the string 'rules'"),
    ("{", "the rule set: this is not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
    ("", "the rule set: this is not JSON: Expecting value at line 1, column 1"),
])
def test_a_document_that_is_not_a_json_object_is_refused(text: str, message: str) -> None:
    with pytest.raises(wr.CompiledRulesError) as caught:
        serial.rules_from_json(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"format": ' + "1" * 5000 + "}"])
def test_json_too_deep_or_with_too_long_a_number_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(wr.CompiledRulesError, match="this JSON cannot be read"):
        serial.rules_from_json(text)


def test_data_nested_deeper_than_the_limit_is_refused() -> None:
    doc = document()
    expr: dict = {"type": "Num", "value": 1}
    for _ in range(200):
        expr = {"type": "BinOp", "op": "+", "left": expr, "right": {"type": "Num", "value": 1}}
    doc["categories"][0]["formula"] = expr
    path, message = refused_at(doc)
    assert path.startswith("categories[0].formula.left.left.")
    assert message == f"the data nests deeper than {vocabulary.MAX_NESTING} levels"


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
    i, k = hook_index(doc, "Produce")
    doc["cards"][i]["hooks"][k]["effect"]["for_sale"] = value
    assert refused_at(doc) == (f"cards[{i}].hooks[{k}].effect.for_sale", f"expected true or false, found {found}")


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
    doc["cards"][i]["cost"] = [["stone", 1, 1]]
    assert refused_at(doc) == (f"cards[{i}].cost[0]", "expected an array of 2 items, found 3")


def test_unknown_and_missing_keys_are_refused() -> None:
    doc = document()
    doc["settings"]["hand_size"] = 7
    path, message = refused_at(doc)
    assert (path, message.split(" (")[0]) == ("settings", "unknown key 'hand_size'")
    assert "known: players, start_coins, ages, hand, turns" in message
    doc = document()
    del doc["wonders"]
    assert refused_at(doc) == ("", "missing key 'wonders'")
    doc = document()
    del doc["cards"][0]["hooks"][0]["timing"]
    assert refused_at(doc) == ("cards[0].hooks[0]", "missing key 'timing'")


def test_the_type_tag_of_effects_and_expressions_is_checked() -> None:
    doc = document()
    doc["cards"][0]["hooks"][0]["effect"]["type"] = "Teleport"
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0].effect.type"
    assert message.startswith("unknown type 'Teleport' (known: Produce, ProduceDerived, Symbol, ")
    doc = document()
    del doc["settings"]["hand"]["type"]
    assert refused_at(doc) == ("settings.hand", "missing key 'type' (one of: Num, Var, BinOp, Call)")
    doc = document()
    doc["settings"]["hand"]["type"] = "Var"  # a Var has a name, not a value
    assert refused_at(doc)[1].startswith("unknown key 'value'")


# ---- closed vocabularies ---------------------------------------------------------------------------------

def _per_scopes(doc: dict) -> str:
    i = card_index(doc, "Vineyard")
    doc["cards"][i]["hooks"][0]["effect"]["per"]["scopes"][0] = "upstairs"
    return f"cards[{i}].hooks[0].effect.per.scopes[0]: unknown scope 'upstairs'"


def _targets(doc: dict) -> str:
    i = card_index(doc, "Tavern")
    doc["cards"][i]["hooks"][0]["effect"]["targets"] = ["elsewhere"]
    return f"cards[{i}].hooks[0].effect.targets[0]: unknown target 'elsewhere'"


def _count_kind(doc: dict) -> str:
    i = card_index(doc, "Vineyard")
    doc["cards"][i]["hooks"][0]["effect"]["per"]["kind"] = "coins"
    return f"cards[{i}].hooks[0].effect.per.kind: unknown count kind 'coins' (known: cards, stages, tokens, symbols)"


def _operator(doc: dict) -> str:
    doc["categories"][1]["formula"]["op"] = "%"
    return "categories[1].formula.op: unknown operator '%' (known: +, -, *, /)"


def _variable(doc: dict) -> str:
    doc["settings"]["hand"] = {"type": "Var", "name": "cards"}
    return "settings.hand.name: unknown variable 'cards' (known: players, seats, age)"


def _function(doc: dict) -> str:
    doc["categories"][0]["formula"] = {"type": "Call", "function": "nope", "names": [], "args": []}
    return "categories[0].formula.function: unknown function 'nope'"


def _direction(doc: dict) -> str:
    doc["settings"]["pass_directions"][1] = "up"
    return "settings.pass_directions[1]: unknown pass direction 'up' (known: left, right)"


def _side(doc: dict) -> str:
    i = card_index(doc, "East Trading Post")
    doc["cards"][i]["hooks"][0]["effect"]["sides"] = ["across"]
    return f"cards[{i}].hooks[0].effect.sides[0]: unknown side 'across' (known: left, right)"


def _tie_break(doc: dict) -> str:
    doc["settings"]["tie_break"] = ["points"]
    return "settings.tie_break[0]: unknown tie break 'points' (known: coins)"


def _order_moment(doc: dict) -> str:
    doc["settings"]["order"] = [["passive", ["gain"]]]
    return "settings.order[0][0]: unknown ordered moment 'passive' (known: on_build, end_of_turn, each_end_of_age)"


def _order_step(doc: dict) -> str:
    doc["settings"]["order"] = [["end_of_turn", ["gain", "fly"]]]
    return "settings.order[0][1][1]: unknown step 'fly' (known: gain, lose, build, score, copy)"


def _winner(doc: dict) -> str:
    doc["options"] = [{"name": "o", "winner": "everyone"}]
    return "options[0].winner: unknown winner mode 'everyone' (known: player, team)"


def _patch_field(doc: dict) -> str:
    doc["patches"] = [{"players": [3], "fields": ["hand_size"], "values": doc["settings"]}]
    return "patches[0].fields[0]: unknown setting 'hand_size'"


@pytest.mark.parametrize("tamper", [_per_scopes, _targets, _count_kind, _operator, _variable, _function, _direction,
                                    _side, _tie_break, _order_moment, _order_step, _winner, _patch_field])
def test_every_closed_vocabulary_is_checked(tamper) -> None:
    doc = document()
    expected = tamper(doc)
    assert str(refusal(doc)).startswith(expected)


# ---- names ----------------------------------------------------------------------------------------------

def _cost_resource(doc: dict) -> str:
    i = card_index(doc, "Baths")
    doc["cards"][i]["cost"][0][0] = "unobtainium"
    return (f"cards[{i}].cost[0][0]: unknown resource 'unobtainium' (known: wood, stone, clay, ore, glass, loom, "
            "papyrus)")


def _card_colour(doc: dict) -> str:
    doc["cards"][0]["colour"] = "pink"
    return "cards[0].colour: unknown colour 'pink' (known: brown, grey, blue, yellow, red, green, purple)"


def _symbol(doc: dict) -> str:
    i = card_index(doc, "Barracks")
    doc["cards"][i]["hooks"][0]["effect"]["options"] = ["sword"]
    return f"cards[{i}].hooks[0].effect.options[0]: unknown symbol 'sword' (known: compass, gear, tablet, shield)"


def _token(doc: dict) -> str:
    doc["conflicts"][0]["win_token"] = "gold"
    return "conflicts[0].win_token: unknown token 'gold' (known: victory, defeat)"


def _category(doc: dict) -> str:
    doc["colours"][2]["category"] = "fame"
    return "colours[2].category: unknown category 'fame'"


def _stages_category(doc: dict) -> str:
    doc["settings"]["stages_category"] = "fame"
    return "settings.stages_category: unknown category 'fame'"


def _pool(doc: dict) -> str:
    doc["settings"]["pool_draws"][0]["pool"] = "heroes"
    return "settings.pool_draws[0].pool: unknown pool 'heroes' (known: guilds)"


def _chain(doc: dict) -> str:
    i = card_index(doc, "Altar")
    doc["cards"][i]["chains_to"] = ["Tempel"]
    return f"cards[{i}].chains_to[0]: unknown card 'Tempel'"


def _wonder_start(doc: dict) -> str:
    doc["wonders"][0]["start"] = "gold"
    return "wonders[0].start: unknown resource 'gold'"


def _neighbours_sell(doc: dict) -> str:
    doc["settings"]["neighbours_sell"] = ["board", "pink"]
    return "settings.neighbours_sell[1]: unknown colour 'pink' (known: brown, grey, blue, yellow, red, green, " \
           "purple, board)"


def _count_names_by_kind(doc: dict) -> str:
    i = card_index(doc, "Vineyard")
    per = doc["cards"][i]["hooks"][0]["effect"]["per"]
    per["kind"] = "tokens"  # the names are colours: they do not name token kinds
    return f"cards[{i}].hooks[0].effect.per.names[0]: unknown token 'brown' (known: victory, defeat)"


def _stage_names(doc: dict) -> str:
    i = card_index(doc, "Vineyard")
    doc["cards"][i]["hooks"][0]["effect"]["per"]["kind"] = "stages"
    return f"cards[{i}].hooks[0].effect.per.names[0]: names nothing when kind is 'stages'"


@pytest.mark.parametrize("tamper", [_cost_resource, _card_colour, _symbol, _token, _category, _stages_category, _pool,
                                    _chain, _wonder_start, _neighbours_sell, _count_names_by_kind, _stage_names])
def test_every_name_resolves(tamper) -> None:
    doc = document()
    expected = tamper(doc)
    assert str(refusal(doc)).startswith(expected)


def test_names_are_declared_once() -> None:
    doc = document()
    doc["resources"].append({"name": "wood", "resource_class": "raw"})
    assert refused_at(doc) == ("resources[7].name", "resource 'wood' is declared twice (first at resources[0].name)")
    doc = document()
    doc["symbol_groups"][1]["members"].append("gear")
    assert refused_at(doc) == ("symbol_groups[1].members[1]",
                               "symbol 'gear' is declared twice (first at symbol_groups[0].members[1])")
    doc = document()
    doc["tokens"].append("victory")
    assert refused_at(doc) == ("tokens[2]", "token 'victory' is declared twice (first at tokens[0])")


def test_items_that_must_differ_are_unique() -> None:
    doc = document()
    doc["cards"].append(doc["cards"][3])
    assert refused_at(doc) == (f"cards[{len(doc['cards']) - 1}]",
                               "the same name and age as cards[3] ('Forest Cave', 1)")
    doc = document()
    doc["wonders"].append(doc["wonders"][0])
    assert refused_at(doc)[1] == "the same name and side as wonders[0] ('Rhodes', 'A')"
    doc = document()
    doc["settings"]["players"] = [3, 4, 4]
    assert refused_at(doc) == ("settings.players[2]", "4 is listed twice (first at settings.players[1])")


# ---- bounds -------------------------------------------------------------------------------------------

def _set(path: str, value: object):
    def tamper(doc: dict) -> None:
        *keys, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        target = doc
        for k in keys:
            target = target[k]
        target[last] = value
    return tamper


@pytest.mark.parametrize("path, value, message", [
    ("settings.players.0", 99, "99 is too large (at most 20)"),
    ("settings.players.0", 0, "0 is too small (at least 1)"),
    ("settings.ages", 10**9, "1000000000 is too large (at most 20)"),
    ("settings.start_coins", -1, "-1 is too small (at least 0)"),
    ("settings.hand.value", 10**12, "1000000000000 is too large (at most 1000000)"),
    ("cards.0.coins", 10**6, "1000000 is too large (at most 100)"),
    ("cards.14.cost.0.1", 1000, "1000 is too large (at most 10)"),
    ("cards.0.hooks.0.effect.amount", 10**6, "1000000 is too large (at most 10)"),
    ("cards.0.copies", [1] * 100_000, "holds 100000 items; at most 40 are allowed"),
    ("cards.0.copies.0", 99, "99 is too large (at most 40)"),
    ("conflicts.0.win_worth", [], "holds 0 items; at least 1 are needed"),
    ("settings.pool_draws.0.age", 0, "0 is too small (at least 1)"),
])
def test_every_count_is_bounded(path: str, value: object, message: str) -> None:
    doc = document()
    _set(path, value)(doc)
    got_path, got = refused_at(doc)
    assert got == message
    assert got_path.replace("[", ".").replace("]", "").startswith(path.rsplit(".", 1)[0])


def test_the_copy_count_of_an_effect_is_bounded() -> None:
    doc = document("cities")
    i, k = hook_index(doc, "CopySymbol")
    doc["cards"][i]["hooks"][k]["effect"]["count"] = 10**6
    assert refused_at(doc) == (f"cards[{i}].hooks[{k}].effect.count", "1000000 is too large (at most 10)")


def test_the_bundled_rule_sets_load_and_are_unchanged() -> None:
    for names in (("base",), ("cities",), ("two_player",), ("cities", "two_player")):
        assert serial.rules_from_dict(document(*names)) == wr.load_rules(*names)


def test_the_documented_limits_are_the_engines(repo_root) -> None:
    v = vocabulary
    rows = {
        "players at a table": f"1 to {v.MAX_PLAYERS}",
        "neutral seats": f"at most {v.MAX_NEUTRALS}",
        "ages": f"1 to {v.MAX_AGES}",
        "cards in a hand, turns in an age": f"0 to {v.MAX_HAND}",
        "cards drawn from a pool into one age": f"0 to {v.MAX_DRAW}",
        "coins of a cost, a gain, a loss, a sale, a treasury": f"at most {v.MAX_COINS}",
        "units of a resource in a cost or a production": f"1 to {v.MAX_UNITS}",
        "coins per unit bought": f"at most {v.MAX_PRICE}",
        "cards built from the discard pile or copied": f"1 to {v.MAX_COUNT}",
        "points or tokens given by one effect or conflict": f"-{v.MAX_POINTS} to {v.MAX_POINTS}",
        "a number in an expression": f"-{v.MAX_NUMBER} to {v.MAX_NUMBER}",
        "options": f"at most {v.MAX_OPTIONS}",
        "nesting of the JSON": f"{v.MAX_NESTING} levels",
        "steps of final scoring through a city's choices": f"{v.MAX_SCORING_STEPS}",
    }
    assert v.MAX_HAND == v.MAX_TURNS
    text = (repo_root / "docs" / "engine.rst").read_text(encoding="utf-8")
    documented = {}
    for line in text.splitlines():
        parts = [p.strip() for p in line.strip().split("  ") if p.strip()]
        if len(parts) == 2 and parts[0] in rows:
            documented[parts[0]] = parts[1]
    assert documented == rows
