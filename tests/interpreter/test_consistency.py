"""Rules of compiled JSON that span several fields: an effect happens only at a timing that
suits it, expressions use what their context knows, functions get the arguments they take,
aliases name one card, every table the rule set seats is within the engine's limits with a wonder
per seat, and final scoring has a bounded number of choices to try. Each refusal names the JSON
path at fault; before these checks, these documents loaded and then failed mid-game (or a card
silently did nothing)."""

from __future__ import annotations

import pytest
from compiled_support import card_index, document, hook_index, refused_at

from wonderrules.interpreter import vocabulary

# ---- hooks ----------------------------------------------------------------------------------------


def test_an_effect_happens_only_at_a_timing_that_suits_it() -> None:
    doc = document()
    i, k = hook_index(doc, "Produce")
    doc["cards"][i]["hooks"][k]["timing"] = "on_build"  # produced once? the engine has no such thing
    assert refused_at(doc) == (f"cards[{i}].hooks[{k}].timing",
                               "a Produce effect cannot happen at 'on_build' (it may at: passive)")


def test_a_choice_between_symbols_is_made_at_the_end_of_the_game() -> None:
    doc = document()
    i = card_index(doc, "Scientists Guild")
    doc["cards"][i]["hooks"][0]["timing"] = "passive"  # a passive choice would never be counted
    assert refused_at(doc) == (f"cards[{i}].hooks[0].timing", "a choice between symbols is made at the end of "
                                                              "the game: its timing must be 'end_of_game'")


def test_only_a_whenever_builds_hook_has_scopes_and_it_needs_some() -> None:
    doc = document()
    i = card_index(doc, "Tavern")
    doc["cards"][i]["hooks"][0]["scopes"] = ["left"]
    assert refused_at(doc) == (f"cards[{i}].hooks[0].scopes", "only a whenever_builds hook has scopes")
    doc["cards"][i]["hooks"][0]["timing"] = "whenever_builds"
    doc["cards"][i]["hooks"][0]["scopes"] = []
    assert refused_at(doc) == (f"cards[{i}].hooks[0].scopes",
                               "a whenever_builds hook names the cities whose builds set it off")


# ---- expressions --------------------------------------------------------------------------------

def _call(function: str, names: list[str] = (), args: list[dict] = ()) -> dict:
    return {"type": "Call", "function": function, "names": list(names), "args": list(args)}


def _num(value: int) -> dict:
    return {"type": "Num", "value": value}


@pytest.mark.parametrize("where, expr, path, message", [
    ("hand", {"type": "Var", "name": "age"}, "settings.hand.name",
     "variable 'age' cannot be used in a game setting (known there: players, seats)"),
    ("hand", _call("coins"), "settings.hand.function",
     "function 'coins' cannot be used in a game setting (known there: min, max)"),
    ("hand", _call("min", args=[_num(7)]), "settings.hand.args", "min() takes 2 expression arguments, not 1"),
    ("formula", _call("value"), "categories[0].formula.names", "value() needs a token name"),
    ("formula", _call("value", ["gold"]), "categories[0].formula.names[0]",
     "unknown token 'gold' (known: victory, defeat)"),
    ("formula", _call("cards", ["blue", "upstairs"]), "categories[0].formula.names[1]",
     "cards() takes an optional colour then an optional scope; 'upstairs' is not one of them"),
    ("formula", _call("coins", ["blue"]), "categories[0].formula.names[0]",
     "coins() takes no name; 'blue' is not one of them"),
    ("formula", _call("coins", args=[_num(1)]), "categories[0].formula.args",
     "coins() takes 0 expression arguments, not 1"),
    ("formula", {"type": "BinOp", "op": "/", "left": _call("coins"), "right": _num(0)},
     "categories[0].formula.right", "division by zero"),
])
def test_expressions_use_what_their_context_knows(where: str, expr: dict, path: str, message: str) -> None:
    doc = document()
    if where == "hand":
        doc["settings"]["hand"] = expr
    else:
        doc["categories"][0]["formula"] = expr
    assert refused_at(doc) == (path, message)


def test_the_functions_and_variables_a_rule_set_uses_are_accepted_in_their_context() -> None:
    doc = document()
    doc["categories"][0]["formula"] = _call("max", args=[_call("cards", ["blue", "left"]), _call("stages", ["others"])])
    doc["settings"]["pool_draws"][0]["count"] = {"type": "BinOp", "op": "+", "left": {"type": "Var", "name": "age"},
                                                  "right": {"type": "Var", "name": "players"}}
    doc["settings"]["hand"] = {"type": "BinOp", "op": "-", "left": _num(14), "right": _num(7)}
    from wonderrules.interpreter import serial

    rules = serial.rules_from_dict(doc)
    assert rules.categories[0].formula.function == "max"


# ---- aliases --------------------------------------------------------------------------------------

def test_an_alias_names_one_card_only() -> None:
    doc = document()
    i, j = card_index(doc, "Altar"), card_index(doc, "Baths")
    doc["cards"][i]["aliases"] = ["Baths"]
    assert refused_at(doc) == (f"cards[{i}].aliases[0]", f"'Baths' is the name of cards[{j}]")
    doc = document()
    doc["cards"][i]["aliases"] = ["Shrine"]
    doc["cards"][j]["aliases"] = ["Shrine"]
    assert refused_at(doc) == (f"cards[{j}].aliases[0]", f"'Shrine' is also an alias of cards[{i}]")


# ---- tables ---------------------------------------------------------------------------------------

def test_a_rule_set_seats_at_least_one_player_count() -> None:
    doc = document()
    doc["settings"]["players"] = []
    assert refused_at(doc) == ("settings.players", "the rule set seats no player count: list at least one")


def _players_minus(n: int) -> dict:
    return {"type": "BinOp", "op": "-", "left": {"type": "Var", "name": "players"}, "right": _num(n)}


@pytest.mark.parametrize("field, value, message", [
    ("hand", _players_minus(5), "at 3 players, the hand size is -2; it must be between 0 and 50"),
    ("hand", {"type": "BinOp", "op": "/", "left": _num(7), "right": _players_minus(3)},
     "at 3 players, the hand size cannot be computed: it divides by zero"),
    ("turns", _num(60), "at 3 players, the number of turns is 60; it must be between 0 and 50"),
    ("ages", 0, "at 3 players, the number of ages is 0; it must be between 1 and 20"),
    ("pass_directions", [], "at 3 players, hands pass in no direction: the rule set sets no pass direction"),
])
def test_every_table_is_within_the_engines_limits(field: str, value: object, message: str) -> None:
    doc = document()
    doc["settings"][field] = value
    assert refused_at(doc) == (f"settings.{field}", message)


def test_a_table_error_names_the_patch_the_value_came_from() -> None:
    doc = document("cities")
    (i,) = [i for i, p in enumerate(doc["patches"]) if "hand" in p["fields"]]
    doc["patches"][i]["values"]["hand"] = _num(-1)
    assert refused_at(doc) == (f"patches[{i}].values.hand", "at 8 players, the hand size is -1; it must be between "
                                                            "0 and 50")


def test_an_option_needs_whole_teams() -> None:
    doc = document("cities")
    doc["options"][0]["team_size"] = 3
    assert refused_at(doc) == ("options[0].team_size", "4 players cannot sit in teams of 3")


def test_each_seat_needs_a_wonder() -> None:
    doc = document()
    doc["wonders"] = [w for w in doc["wonders"] if w["name"] != "Giza"]
    assert refused_at(doc) == ("wonders", "at 7 players, 7 seats need a wonder each, but there are 6")


# ---- final scoring --------------------------------------------------------------------------------

def test_end_of_game_choices_are_bounded() -> None:
    doc = document()
    science = ["compass", "gear", "tablet"]
    for c in doc["cards"]:
        if c["colour"] == "green":
            c["hooks"] = [{"timing": "end_of_game", "effect": {"type": "Symbol", "options": science},
                           "scopes": [], "colours": []}]
    path, message = refused_at(doc)
    assert path.startswith("cards[") and path.endswith(".hooks[0]")
    assert message.startswith("final scoring could take ")
    assert message.endswith(f"(at most {vocabulary.MAX_SCORING_STEPS}); this effect adds the most")


def test_copies_of_many_symbols_are_bounded() -> None:
    doc = document("cities")
    i, k = hook_index(doc, "CopySymbol")
    doc["cards"][i]["hooks"][k]["effect"]["count"] = 10
    assert refused_at(doc)[0] == f"cards[{i}].hooks[{k}]"
