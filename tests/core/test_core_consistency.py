"""The rules of a compiled core rule set that span several fields: each one refuses the compiled
JSON of the base game changed in one place, with the JSON path at fault and a sentence; the
bundled rule sets written on the core pass them all."""

from __future__ import annotations

import pytest
from json_support import document, refused_at

from wonderrules.interpreter import serial

NUM = {"type": "Num", "value": 1}


def _hook(trigger: dict, op: dict) -> dict:
    return {"trigger": trigger, "op": op}


def _card(doc: dict, name: str) -> dict:
    return next(c for c in doc["cards"] if c["name"] == name)


def _index(doc: dict, name: str) -> int:
    return next(i for i, c in enumerate(doc["cards"]) if c["name"] == name)


@pytest.mark.parametrize("layers", [("base",), ("cities",), ("two_player",), ("cities", "two_player"), ("leaders",),
                                    ("cities_leaders",)])
def test_the_bundled_rule_sets_pass(layers) -> None:
    doc = document(*layers)
    assert serial.rules_to_dict(serial.rules_from_dict(doc)) is not None


# ---- operations where they can run ----------------------------------------------------------------

@pytest.mark.parametrize("trigger,op,words", [
    ({"type": "OnBuild"}, {"type": "Produce", "options": ["wood"]}, "needs Passive, not OnBuild"),
    ({"type": "Passive"}, {"type": "Score", "amount": NUM}, "needs EndOfGame, not Passive"),
    ({"type": "Passive"}, {"type": "GainCoins", "amount": NUM}, "needs OnBuild, At or When, not Passive"),
    ({"type": "EndOfGame"}, {"type": "GainCoins", "amount": NUM}, "needs OnBuild, At or When, not EndOfGame"),
    ({"type": "At", "moment": "end of age"}, {"type": "CopyCard", "colours": ["blue"], "sources": [{"kind": "left"}]},
     "needs EndOfGame, not At"),
])
def test_an_operation_runs_only_with_its_kind_of_trigger(trigger, op, words) -> None:
    doc = document()
    doc["cards"][0]["hooks"] = [_hook(trigger, op)]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0].op" and words in message


def test_a_choice_of_symbols_is_made_at_the_end_of_the_game() -> None:
    doc = document()
    doc["cards"][0]["hooks"] = [_hook({"type": "Passive"}, {"type": "Symbol", "options": ["compass", "gear"]})]
    assert refused_at(doc) == ("cards[0].hooks[0].trigger", "a choice between symbols is made at the end of the "
                                                            "game: its trigger must be EndOfGame")


def test_moving_the_card_happens_in_an_action_and_an_action_does_no_passive_work() -> None:
    doc = document()
    doc["cards"][0]["hooks"] = [_hook({"type": "OnBuild"}, {"type": "MoveCard", "zone": "built"})]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0].op" and "happens in an action" in message
    doc = document()
    doc["actions"][2]["then"].append({"type": "Produce", "options": ["wood"]})
    path, message = refused_at(doc)
    assert path == "actions[2].then[2]" and "a Produce is an effect of what is built" in message


def test_only_a_builds_event_names_colours_and_each_event_names_what_it_listens_to() -> None:
    doc = document()
    when = {"type": "When", "event": "gains", "by": [{"kind": "self"}], "colours": ["blue"], "name": "victory"}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "GainCoins", "amount": NUM})]
    assert refused_at(doc) == ("cards[0].hooks[0].trigger.colours", "only a `builds` event names colours, not "
                                                                    "'gains'")
    when = {"type": "When", "event": "gains", "by": [{"kind": "self"}], "name": "military"}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "GainCoins", "amount": NUM})]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0].trigger.name" and message.startswith("unknown token 'military'")
    when = {"type": "When", "event": "builds", "by": [{"kind": "self"}], "name": "victory"}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "GainCoins", "amount": NUM})]
    assert refused_at(doc) == ("cards[0].hooks[0].trigger.name", "names nothing when event is 'builds'")


def test_an_effect_that_gives_what_its_event_answers_needs_a_limit() -> None:
    doc = document()
    when = {"type": "When", "event": "coins", "by": [{"kind": "self"}]}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "GainCoins", "amount": NUM})]
    assert refused_at(doc) == ("cards[0].hooks[0]", "this effect listens to coins gained and gains coins that set "
                                                    "it off again: a cycle of `whenever` effects (limit one of them "
                                                    "to once per turn, age or game)")
    doc["cards"][0]["hooks"] = [_hook(dict(when, once_per="turn"), {"type": "GainCoins", "amount": NUM})]
    assert serial.rules_from_dict(doc) is not None
    when = {"type": "When", "event": "gains", "by": [{"kind": "left"}], "name": "victory"}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "GainTokens", "token": "victory", "amount": NUM})]
    assert refused_at(doc)[0] == "cards[0].hooks[0]"
    doc["cards"][0]["hooks"] = [_hook(dict(when, once_per="turn"),
                                      {"type": "GainTokens", "token": "victory", "amount": NUM})]
    assert serial.rules_from_dict(doc) is not None


def test_a_quantity_names_what_it_counts() -> None:
    doc = document()
    i = _index(doc, "Vineyard")
    q = {"type": "Quantity", "what": "tokens", "names": ["victory", "defeat"]}
    doc["cards"][i]["hooks"] = [_hook({"type": "OnBuild"}, {"type": "GainCoins", "amount": q})]
    assert refused_at(doc) == (f"cards[{i}].hooks[0].op.amount.names", "a quantity of tokens names one token, not 2")
    q = {"type": "Quantity", "what": "cards", "names": ["shield"]}
    doc["cards"][i]["hooks"] = [_hook({"type": "OnBuild"}, {"type": "GainCoins", "amount": q})]
    path, message = refused_at(doc)
    assert path == f"cards[{i}].hooks[0].op.amount.names[0]" and message.startswith("unknown colour 'shield'")
    q = {"type": "Quantity", "what": "coins", "zone": "hand"}
    doc["cards"][i]["hooks"] = [_hook({"type": "OnBuild"}, {"type": "GainCoins", "amount": q})]
    assert refused_at(doc) == (f"cards[{i}].hooks[0].op.amount.zone", "only a count of cards looks at a zone, "
                                                                     "not coins")


def test_the_market_and_prices_name_seats_of_the_table() -> None:
    doc = document()
    doc["market"]["sellers"] = [{"kind": "left"}, {"kind": "target"}]
    path, message = refused_at(doc)
    assert path == "market.sellers[1].kind" and "names a seat only while an effect runs" in message


def test_a_price_of_the_market_names_its_sellers_as_the_market_does() -> None:
    doc = document()
    doc["market"]["prices"] = [{"price": 3, "sellers": [{"kind": "left", "distance": 2}]}]
    path, message = refused_at(doc)
    assert path == "market.prices[0].sellers[0]"
    assert message == "a price names sellers as the market's `sellers` does; 'left' at distance 2 is not one of them"


def test_two_prices_of_the_market_of_one_rank_never_disagree() -> None:
    doc = document()
    doc["market"]["prices"] = [{"price": 3, "sellers": [{"kind": "right"}]}, {"price": 1, "resources": ["glass"]},
                               {"price": 1, "resources": ["glass"], "sellers": [{"kind": "left"}]}]
    path, message = refused_at(doc)
    # from the left, the price naming both settles glass; from the right, 3 and 1 both hold
    assert path == "market.prices[1]"
    assert message == ("this price and prices[0] both hold for 'glass' from the sellers 'right' (distance 1) and "
                       "disagree: a price naming both the sellers and the resource says which holds")


def test_a_price_naming_both_settles_two_prices_that_disagree() -> None:
    """As the language says (docs/language/market.rst): `price 3 from right` and `price 1 for
    glass` disagree for glass from the right, and `price 2 for glass from right` settles it."""
    doc = document()
    doc["market"]["prices"] = [{"price": 3, "sellers": [{"kind": "right"}]}, {"price": 1, "resources": ["glass"]},
                               {"price": 2, "resources": ["glass"], "sellers": [{"kind": "right"}]},
                               {"price": 2, "resources": ["glass"], "sellers": [{"kind": "left"}]}]
    assert [p.price for p in serial.rules_from_dict(doc).market.prices] == [3, 1, 2, 2]


def test_prices_of_the_market_that_agree_or_rank_apart_pass() -> None:
    doc = document()
    doc["market"]["prices"] = [{"price": 3, "sellers": [{"kind": "right"}]}, {"price": 3, "resources": ["glass"]},
                               {"price": 1, "resources": ["glass"], "sellers": [{"kind": "right"}]}]
    rules = serial.rules_from_dict(doc)
    assert [p.price for p in rules.market.prices] == [3, 3, 1]


def test_the_effects_of_the_rule_set_are_never_built_and_score_in_a_column() -> None:
    doc = document()
    gain = {"type": "GainCoins", "amount": NUM}
    doc["effects"] = [{"hooks": [_hook({"type": "At", "moment": "start of age", "each": True}, gain),
                                 _hook({"type": "OnBuild"}, gain)]}]
    assert refused_at(doc) == ("effects[0].hooks[1].trigger", "an effect of the rule set is held from the start of "
                                                             "the game, never built: OnBuild never comes")
    doc["effects"] = [{"hooks": [_hook({"type": "EndOfGame"}, {"type": "Score", "amount": NUM})]}]
    assert refused_at(doc) == ("effects[0].category", "these effects score points: name the score column they go "
                                                      "to")
    doc["effects"][0]["category"] = "treasury"
    doc["options"] = [{"name": "fair", "effects": [{"hooks": [_hook({"type": "At", "moment": "end of age"}, gain)],
                                                    "seats": "seats"}]}]
    rules = serial.rules_from_dict(doc)
    assert rules.effects[0].category == "treasury" and rules.options[0].effects[0].seats == "seats"
    assert serial.rules_from_json(serial.rules_to_json(rules)) == rules


def test_an_effect_of_an_option_waits_only_for_a_moment_of_the_flow() -> None:
    doc = document()
    doc["options"] = [{"name": "late", "effects": [{"hooks": [_hook({"type": "At", "moment": "tea time"},
                                                                    {"type": "GainCoins", "amount": NUM})]}]}]
    path, message = refused_at(doc)
    assert path == "options[0].effects[0].hooks[0].trigger.moment" and message.startswith("unknown moment 'tea time'")


def test_a_way_is_declared_once_and_a_granted_way_names_its_ability() -> None:
    doc = document()
    doc["actions"][0]["ways"][2]["ability"] = ""
    assert refused_at(doc) == ("actions[0].ways[2].ability", "a way open `granted` names the ability it uses")
    doc = document()
    doc["actions"][0]["ways"][1]["name"] = "chain"
    path, message = refused_at(doc)
    assert path == "actions[0].ways[1].name" and "declared twice" in message


def test_names_that_identify_one_thing_are_declared_once() -> None:
    doc = document()
    doc["tokens"].append("victory")
    path, message = refused_at(doc)
    assert path == f"tokens[{len(doc['tokens']) - 1}]" and message == "token 'victory' is declared twice (first at " \
                                                                      "tokens[0])"


@pytest.mark.parametrize("name", ["seat", "total", "coins", "choices"])
def test_a_score_column_is_not_named_as_a_field_of_the_score_sheet(name: str) -> None:
    # the sheet of a log writes its columns beside these fields: a column `total` was lost in it,
    # a column `seat` overwrote the seat, and the replay found nothing wrong
    doc = document()
    doc["categories"][1]["name"] = name
    doc["colours"] = [{**c, "category": name if c["category"] == "treasury" else c["category"]} for c in doc["colours"]]
    path, message = refused_at(doc)
    assert path == "categories[1].name"
    assert message.startswith(f"{name!r} cannot be the name of a score category: a score sheet ")


def test_cards_are_discarded_into_a_shared_zone() -> None:
    doc = document()
    doc["moments"][0]["steps"][1]["to"] = "hand"
    assert refused_at(doc) == ("moments[0].steps[1].to", "cards are discarded into a shared zone; 'hand' is a zone "
                                                          "of each seat")


# ---- expressions of the table -------------------------------------------------------------------------

def test_the_numbers_of_a_table_use_its_variables_only() -> None:
    doc = document()
    doc["settings"]["hand"] = {"type": "Var", "name": "turn"}
    path, message = refused_at(doc)
    # a hand may differ by age (`hand 7 - 2 * (age == 4)`), never by turn
    assert path == "settings.hand.name" and message == "variable 'turn' has no value here (known here: players, " \
                                                       "seats, ages, age)"
    doc = document()
    doc["deals"][0]["targets"][0]["count"] = {"type": "Quantity", "what": "coins"}
    assert refused_at(doc) == ("deals[0].targets[0].count", "this number is set by the table: it cannot count what "
                                                            "cities hold")


# ---- the flow ---------------------------------------------------------------------------------------------

def test_a_moment_never_runs_itself() -> None:
    doc = document()
    doc["moments"][0]["steps"].append({"type": "AtStep", "moment": "last turn"})
    assert refused_at(doc) == ("moments[0].steps[2].moment", "moment 'last turn' runs itself: the steps attached to "
                                                             "it reach it again")


def test_an_effect_or_a_contest_waits_only_for_a_moment_the_flow_runs() -> None:
    doc = document()
    doc["cards"][0]["hooks"] = [_hook({"type": "At", "moment": "on build"}, {"type": "GainCoins", "amount": NUM})]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0].trigger.moment" and message.startswith(
        "this effect waits for moment 'on build', which the flow never runs (it runs: 'end of age', 'end of game'")
    doc = document()
    # 'start of age' is now declared only by steps attached to a moment the flow never runs
    doc["flow"][1]["body"][1] = {"type": "DealStep", "deal": "age"}  # flow[0]: at start of game
    doc["moments"].append({"moment": "on build", "steps": [{"type": "AtStep", "moment": "start of age"}]})
    doc["contests"][0]["moment"] = "start of age"
    path, message = refused_at(doc)
    assert path == "contests[0].moment" and message.startswith("contest 'military' waits for moment 'start of age'")
    doc["contests"][0]["moment"] = "end of age"
    path, message = refused_at(doc)
    assert path == "moments[1].moment" and message.startswith("this block of steps waits for moment 'on build'")


def test_the_flow_runs_a_bounded_number_of_steps() -> None:
    doc = document()
    doc["moments"][0]["steps"].insert(0, {"type": "Repeat", "times": {"type": "Num", "value": 1000},
                                          "body": [{"type": "Repeat", "times": {"type": "Num", "value": 1000},
                                                    "body": []}]})
    # the repeat at fault is named: the moment's steps run each turn of each age, and its
    # repeats multiply
    assert refused_at(doc) == ("moments[0].steps[0]", "at 3 players, the flow may run more than 100000 steps "
                               "(loops, repeats and moments multiply the steps inside them); this repeat runs up "
                               "to 1000 times")
    doc = document()
    doc["moments"][0]["steps"].insert(0, {"type": "Repeat", "times": {"type": "Quantity", "what": "coins"},
                                          "body": []})
    assert refused_at(doc) == ("moments[0].steps[0].times", "this number is set by the table: it cannot count what "
                                                            "cities hold")


# ---- tables, events, scoring ---------------------------------------------------------------------------------

def test_every_table_is_within_the_engine_limits() -> None:
    doc = document()
    doc["patches"].append({"players": [5], "hand": {"type": "Num", "value": 51}})
    n = len(doc["patches"]) - 1
    assert refused_at(doc) == (f"patches[{n}].hand", "at 5 players, the hand size is 51; it must be between 0 and 50")
    doc = document()
    doc["boards"] = [b for b in doc["boards"] if b["name"] in ("Rhodes", "Babylon", "Olympia")]
    assert refused_at(doc) == ("boards", "at 4 players, 4 seats need a wonder each, but there are 3")


def test_a_repeat_within_a_loop_is_named_rather_than_the_loop() -> None:
    doc = document()
    turn = doc["flow"][1]["body"][2]  # flow[0]: at start of game
    assert turn["type"] == "EachTurn"
    turn["body"].append({"type": "Repeat", "times": {"type": "Num", "value": 10_000}, "body": []})
    path, message = refused_at(doc)
    assert path == f"flow[1].body[2].body[{len(turn['body']) - 1}]"
    assert message.endswith("this repeat runs up to 10000 times")


def test_every_deck_holds_what_its_deal_gives() -> None:
    """The docs promise that the loader checks deck arithmetic: a card taken out of an age deck
    (or its age taken away) leaves a player a card short."""
    doc = document()
    del doc["cards"][_index(doc, "Clay Pit")]  # one copy from 3 players on
    assert refused_at(doc) == ("deals[0]", "at 3 players, the age 1 deck holds 20 cards (20 from copies), but the "
                                           "deal gives 21 (7 to hand of each of 3 players); the deck must hold "
                                           "exactly what its deal gives")
    doc = document()
    del doc["cards"][_index(doc, "Clay Pit")]["age"]  # a card of no age: dealt by no age
    assert refused_at(doc)[0] == "deals[0]"
    doc = document()
    doc["cards"][_index(doc, "Clay Pit")]["copies"] = [3, 3]
    assert refused_at(doc)[1].startswith("at 3 players, the age 1 deck holds 22 cards (22 from copies), but the "
                                         "deal gives 21")


def test_a_deck_may_hold_more_when_the_rest_is_put_aside() -> None:
    doc = document()
    doc["cards"][_index(doc, "Clay Pit")]["copies"] = [3, 3]
    doc["deals"][0]["rest"] = "discard"
    serial.rules_from_dict(doc)


def test_a_pool_holds_the_cards_drawn_from_it() -> None:
    doc = document()
    doc["settings"]["pool_draws"][0]["count"] = {"type": "Num", "value": 11}  # base has 10 guilds
    assert refused_at(doc) == ("settings.pool_draws[0]", "at 3 players, age 3 draws 11 cards from pool 'guilds', "
                                                         "which holds only 10")


def test_a_deal_counted_as_the_engine_deals() -> None:
    """A count that divides by zero stops the engine when it deals; the loader refuses it."""
    doc = document()
    doc["deals"][0]["targets"][0]["count"] = {"type": "BinOp", "op": "/", "left": {"type": "Num", "value": 7},
                                              "right": _players_minus(3)}
    assert refused_at(doc) == ("deals[0].targets[0].count", "at 3 players: a setting divides by zero")


def test_no_event_sets_itself_off_again() -> None:
    doc = document()
    when = {"type": "When", "event": "gains", "by": [{"kind": "neighbours"}], "name": "victory"}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "GainTokens", "token": "defeat", "amount": NUM})]
    doc["cards"][1]["hooks"] = [_hook(dict(when, name="defeat"), {"type": "GainTokens", "token": "victory",
                                                                   "amount": NUM})]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0]" and "a cycle of `whenever` effects" in message
    assert "tokens that set it off again through cards[1].hooks[0]:" in message
    doc["cards"][1]["hooks"] = [_hook(dict(when, name="defeat"), {"type": "GainCoins", "amount": NUM})]
    serial.rules_from_dict(doc)  # a chain that ends is fine


def test_a_cycle_of_four_effects_through_tokens_and_coins() -> None:
    doc = document()
    when = {"type": "When", "event": "gains", "by": [{"kind": "others"}], "name": "victory"}
    gains = [{"type": "GainTokens", "token": "defeat", "amount": NUM}, {"type": "GainCoins", "amount": NUM},
             {"type": "GainTokens", "token": "victory", "amount": NUM, "targets": [{"kind": "everyone"}]}]
    doc["cards"][0]["hooks"] = [_hook(when, gains[0])]
    doc["cards"][1]["hooks"] = [_hook(dict(when, name="defeat"), gains[1])]
    doc["cards"][2]["hooks"] = [_hook({"type": "When", "event": "coins", "by": [{"kind": "self"}]}, gains[2])]
    assert refused_at(doc) == ("cards[0].hooks[0]", "this effect listens to tokens gained and gains tokens that set "
                                                    "it off again through cards[1].hooks[0], then cards[2].hooks[0]: a "
                                                    "cycle of `whenever` effects (limit one of them to once per turn, "
                                                    "age or game)")
    doc["cards"][1]["hooks"] = [_hook(dict(when, name="defeat", once_per="age"), gains[1])]
    serial.rules_from_dict(doc)  # one effect limited: no cycle


def test_a_cycle_through_a_decision_asked_by_an_action() -> None:
    # the effect asks `first`, whose action asks `second`, whose action gains what the effect hears
    doc = document()
    doc["actions"] += [{"name": "give", "then": [{"type": "GainTokens", "token": "victory", "amount": NUM}]},
                       {"name": "ask", "then": [{"type": "Decide", "decision": "second"}]}]
    doc["decisions"] += [{"name": "first", "actions": ["ask"]}, {"name": "second", "actions": ["give"]}]
    when = {"type": "When", "event": "gains", "by": [{"kind": "self"}], "name": "victory"}
    doc["cards"][0]["hooks"] = [_hook(when, {"type": "Decide", "decision": "first"})]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0]" and message.startswith("this effect listens to tokens gained and gains tokens "
                                                              "that set it off again: a cycle")


def test_final_scoring_stays_bounded() -> None:
    doc = document()
    wild = {"type": "Symbol", "options": ["compass", "gear", "tablet"]}
    for card in doc["cards"][:14]:
        card["hooks"] = [_hook({"type": "EndOfGame"}, wild)]
    path, message = refused_at(doc)
    assert path.startswith("cards[") and "final scoring could take" in message


# ---- ported from the first engine's consistency tests ---------------------------------------------------

def test_an_alias_names_one_card_only() -> None:
    """An alias is read in logs: another card's name or another card's alias would make a name
    of a log mean two cards."""
    doc = document()
    i, j = _index(doc, "Altar"), _index(doc, "Baths")
    doc["cards"][i]["aliases"] = ["Baths"]
    assert refused_at(doc) == (f"cards[{i}].aliases[0]", f"'Baths' is the name of cards[{j}]")
    doc = document()
    doc["cards"][i]["aliases"] = ["Shrine"]
    doc["cards"][j]["aliases"] = ["Shrine"]
    assert refused_at(doc) == (f"cards[{max(i, j)}].aliases[0]", f"'Shrine' is also an alias of cards[{min(i, j)}]")


def test_cards_of_one_name_share_their_aliases() -> None:
    doc = document()
    names = [c["name"] for c in doc["cards"]]
    twice = next(n for n in names if names.count(n) > 1)
    for card in doc["cards"]:
        if card["name"] == twice:
            card["aliases"] = ["Another Spelling"]
    assert serial.rules_from_dict(doc).cards[names.index(twice)].aliases == ("Another Spelling",)


def test_a_rule_set_seats_at_least_one_player_count() -> None:
    doc = document()
    doc["settings"]["players"] = []
    assert refused_at(doc) == ("settings.players", "the rule set seats no player count: list at least one")


def _players_minus(n: int) -> dict:
    return {"type": "BinOp", "op": "-", "left": {"type": "Var", "name": "players"},
            "right": {"type": "Num", "value": n}}


@pytest.mark.parametrize("field, value, path, message", [
    ("hand", _players_minus(5), "settings.hand", "at 3 players, the hand size is -2; it must be between 0 and 50"),
    ("hand", {"type": "BinOp", "op": "/", "left": {"type": "Num", "value": 7}, "right": _players_minus(3)},
     "settings", "at 3 players: a setting divides by zero"),
    ("turns", {"type": "Num", "value": 60}, "settings.turns",
     "at 3 players, the number of turns is 60; it must be between 0 and 50"),
    ("ages", 0, "settings.ages", "0 is too small (at least 1)"),
])
def test_every_table_of_the_settings_is_within_the_engine_limits(field, value, path, message) -> None:
    doc = document()
    doc["settings"][field] = value
    assert refused_at(doc) == (path, message)


def test_an_option_needs_whole_teams() -> None:
    doc = document("cities")
    doc["options"][0]["team_size"] = 3
    assert refused_at(doc) == ("settings", "at 4 players with option 'teams': 4 players cannot sit in teams of 3")


def test_final_scoring_beyond_any_number_is_refused_in_a_sentence() -> None:
    """Every card copies twenty cards ten times: a count of tens of thousands of digits, said as
    a power of ten (Python refuses to write such a number out)."""
    doc = document()
    copy = {"type": "CopyCard", "colours": ["purple"], "sources": [{"kind": "left"}], "count": 20}
    for card in doc["cards"]:
        card["hooks"] = [_hook({"type": "EndOfGame"}, dict(copy)) for _ in range(10)]
    path, message = refused_at(doc)
    assert path == "cards[0].hooks[0]"
    assert message == ("final scoring could take more than 10^30 steps through the end-of-game choices of one city "
                       "(at most 5000000); this effect adds the most")


def test_copies_of_many_symbols_are_bounded() -> None:
    doc = document("cities")
    i = next(i for i, c in enumerate(doc["cards"]) if c["hooks"] and c["hooks"][0]["op"]["type"] == "CopySymbol")
    doc["cards"][i]["hooks"][0]["op"]["count"] = 10
    path, message = refused_at(doc)
    assert path == f"cards[{i}].hooks[0]" and message.startswith("final scoring could take ")
