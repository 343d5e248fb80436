"""Pass `references`: names of the right kind, timings and scopes that suit each effect, and
formulas that call known quantities with the right arguments."""

from __future__ import annotations

import pytest
from grammar_support import MINI, codes, line_of, only

from wonderrules.interpreter import ir


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


def replace_log(effect: str, colour: str = "brown") -> str:
    """A layer line replacing the card Log (same copies, so the deal still adds up)."""
    return f'replace card "Log" age 1 {colour} copies 3+ 4+ {{ {effect} }}'


# ---- E0101 / E0103: names --------------------------------------------------------------------------

def test_unknown_colour_and_resource_with_suggestions(compile_layer) -> None:
    text = replace_log("passive: produce wod", colour="brwn")
    r = compile_layer(text + "\n")
    assert codes(r) == ["E0101", "E0101"]
    colour, resource = sorted(r.diagnostics, key=lambda d: d.sort_key())
    assert colour.message == "unknown colour 'brwn'" and colour.help == "did you mean 'brown'?"
    start = col(text, "brwn")
    assert (colour.span.line, colour.span.column, colour.span.end_column) == (2, start, start + 4)
    assert resource.message == "unknown resource 'wod'" and resource.help == "did you mean 'wood'?"
    assert resource.span.column == col(text, "wod")


def test_unknown_name_without_a_close_one_lists_the_known_ones(compile_layer) -> None:
    d = only(compile_layer(replace_log("passive: produce marble") + "\n"))
    assert d.message == "unknown resource 'marble'"
    assert d.help == "known: glass, stone, wood"


def test_wrong_kind_points_at_the_declaration(compile_layer) -> None:
    text = replace_log("passive: produce gear")
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0103" and d.message == "'gear' is a symbol, not a resource"
    assert d.span.column == col(text, "gear")
    (label,) = d.labels
    assert (label.span.path, label.span.line) == ("mini.wr", line_of(MINI, "symbols science"))
    assert label.span.column == col("symbols science: compass, gear", "gear")
    assert label.message == "declared as a symbol here"


def test_colour_or_board(compile_layer) -> None:
    text = "override market { sellers: left, right  sells: board, brown, bronze  price 2 }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0101" and d.message == "'bronze' is not a colour or `board`"
    assert d.help == "did you mean 'brown'?"
    assert (d.span.line, d.span.column) == (2, col(text, "bronze"))


def test_unknown_score_category(compile_layer) -> None:
    d = only(compile_layer("game { override stages score wonders }\n"))
    assert d.message == "unknown score category 'wonders'" and d.help == "did you mean 'wonder'?"


def test_colour_scoring_into_an_unknown_category(compile_layer) -> None:
    d = only(compile_layer("colours: yellow scores comercial\n"), "E0101")
    assert d.message == "unknown score category 'comercial'"


def test_trade_takes_resources_or_classes(compile_layer) -> None:
    text = replace_log("passive: buy raw, glass, shield from left for 1")
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0103" and d.message == "'shield' is a symbol, not a resource or a resource class"
    assert d.help == "known: glass, manufactured, raw, stone, wood"


def test_unknown_pool(compile_layer) -> None:
    d = only(compile_layer("game { pool guild: 1 in age 2 }\n"), "E0101")
    assert d.message == "unknown card pool 'guild'"


# ---- timings and scopes (E0104) ------------------------------------------------------------------

@pytest.mark.parametrize(("effect", "timing", "allowed"), [
    ("end of game: produce wood", "end of game", "write `passive: produce ...`"),
    ("passive: score 2", "passive", "write `end of game: score ...`"),
    ("passive: gain 2 coins", "passive", "use `on build`, a moment (`end of turn`) or `whenever ...`"),
    ("on build: symbol shield", "on build", "use `passive` or `end of game`"),
])
def test_effect_at_a_timing_it_cannot_have(compile_layer, effect: str, timing: str, allowed: str) -> None:
    text = replace_log(effect, "blue")  # blue cards score into a column
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0104"
    word = effect.split(":")[1].split()[0]
    assert d.message.endswith(f"cannot happen at `{timing}`") and f"`{word}" in d.message
    assert d.help == allowed
    assert d.span.column == col(text, effect.split(":")[0])


def test_their_city_needs_targets_other_than_the_owner(compile_layer) -> None:
    text = replace_log("on build: gain 1 coin per brown card in their city")
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0104" and d.message == "`their city` is only for effects on other players"
    assert d.span.column == col(text, "their city")
    assert compile_layer(replace_log("on build: others gain 1 coin per brown card in their city") + "\n").ok


def test_copy_cannot_take_from_self(compile_layer) -> None:
    text = replace_log("end of game: copy 1 blue card from self")
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0104" and d.message == "`self` cannot be used here"
    assert d.help == "use one of: left, right, neighbours, others, everyone, players, partners, enemies, controller"


def test_a_choice_of_symbols_is_made_at_the_end(compile_layer) -> None:
    text = replace_log("passive: symbol compass | gear")
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0104" and d.message == "a choice of symbols is made at the end of the game"
    assert compile_layer(replace_log("end of game: symbol compass | gear") + "\n").ok


def test_whenever_builds_colours_are_checked(compile_layer) -> None:
    d = only(compile_layer(replace_log("whenever left, right builds pink card: gain 1 coin") + "\n"))
    assert d.code == "E0101" and d.message == "unknown colour 'pink'"


# ---- expressions (E0106) --------------------------------------------------------------------------

def test_unknown_function_with_suggestion(compile_layer) -> None:
    text = "scoring { override science = squares(science) + 7 * set(science) }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0106" and d.message == "unknown function 'set'" and d.help == "did you mean 'sets'?"
    assert (d.span.column, d.span.end_column) == (col(text, "set("), col(text, "set(") + 3)


def test_quantity_needing_arguments(compile_layer) -> None:
    d = only(compile_layer("scoring { bonus = value }\n"))
    assert d.code == "E0106" and d.message == "'value' needs arguments" and d.help == "write `value(token)`"


def test_quantities_without_required_arguments_are_fine(compile_layer) -> None:
    r = compile_layer("scoring { bonus = cards + stages + cards(blue) + cards(left) + cards(blue, left) + coins }\n")
    assert r.ok, [d.message for d in r.diagnostics]


def test_arity_and_argument_kinds(compile_layer) -> None:
    r = compile_layer("scoring { bonus = max(coins) + value(victory + 1) + symbols(wood) + tokens(gear) }\n")
    got = sorted((d.code, d.message) for d in r.diagnostics)
    assert got == [
        ("E0103", "'gear' is a symbol, not a token kind"),
        ("E0103", "'wood' is a resource, not a symbol or a symbol group"),
        ("E0106", "`max` takes two or more arguments"),
        ("E0106", "`value` takes names and seats here, not an expression"),
    ]


def test_min_and_max_of_one_number_are_aggregates_without_their_seats(compile_layer) -> None:
    text = "scoring { bonus = min(coins) + max(coins, 3) + max(coins over others) }"
    d = only(compile_layer(text + "\n"))
    assert (d.code, d.message) == ("E0106", "`min` takes two or more arguments")
    assert (d.span.column, d.span.end_column) == (col(text, "min"), col(text, "min") + len("min(coins)"))
    assert d.help == "write `min(a, b)`; over seats, write `min(coins over others)`"


def test_setting_expressions_know_only_their_variables(compile_layer) -> None:
    text = "game { override hand players * 0 + seat }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0106" and d.message == "unknown variable 'seat'" and d.help == "did you mean 'seats'?"
    d = only(compile_layer("game { override hand cards(blue) }\n"))
    assert d.message == "`cards` counts what cities hold, which is not known in a setting"
    assert d.help == "in a setting only numbers and players, seats, ages, age are known"


#: a pool of one card in age 2 in place of Walls (age 2, copies 3+): the decks still add up
_POOL = ('colours: purple scores guilds\nscoring { guilds }\nremove card "Walls"\n'
         'card "Guild" age 2 purple pool guilds { end of game: score 1 per science symbol in left, right }\n')


def test_pool_draws_may_depend_on_the_age(compile_layer) -> None:
    # the engine evaluates a pool draw once per age, with `age` bound: 0 cards in age 1, 1 in age 2
    r = compile_layer(_POOL + "game { pool guilds: age - 1 in each age }\n")
    assert r.ok, [d.message for d in r.diagnostics]
    (draw,) = r.rules.settings.pool_draws
    assert draw.count == ir.BinOp("-", ir.Var("age"), ir.Num(1))


def test_the_turn_is_not_known_in_a_setting_but_the_age_is(compile_layer) -> None:
    text = "game { override turns turn }"
    d = only(compile_layer(text + "\n"))
    assert (d.code, d.message) == ("E0106", "`turn` is not known in a setting")
    assert d.span.column == col(text, "turn }")
    assert d.help == "known: players, seats, ages, age, hand"
    # each age may have its own turns: 1 in age 1, 2 in age 2 (hands of 2)
    r = compile_layer("game { override turns age }\n")
    assert r.ok, [d.message for d in r.diagnostics]
    assert r.rules.settings.turns == ir.Var("age")


def test_a_symbol_group_counts_its_symbols(compile_layer) -> None:
    # `per science symbol` counts compass and gear, as `symbols(science)` does
    r = compile_layer(_POOL + "game { pool guilds: 1 in age 2 }\n")
    assert r.ok, [d.message for d in r.diagnostics]
    neighbours = (ir.Relation("left"), ir.Relation("right"))
    assert r.rules.card("Guild").hooks[0].op == ir.Score(ir.Quantity("symbols", ("science",), neighbours))
    d = only(compile_layer(replace_log("end of game: score 1 per victory symbol in self", "blue") + "\n"))
    assert (d.code, d.message) == ("E0103", "'victory' is a token kind, not a symbol or a symbol group")


def test_division_by_zero(compile_layer) -> None:
    text = "scoring { override treasury = coins / 0 }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0106" and d.message == "division by zero"
    assert d.span.column == col(text, "0 }")


# ---- `order`: only for the moments the engine orders ----------------------------------------------

@pytest.mark.parametrize(("moment", "hint"), [
    ("passive", "passive effects take hold as their card is placed, one by one; remove this line"),
    ("end of game", "end-of-game effects are added up when the score is computed, where their order changes "
                    "nothing; remove this line"),
    ("whenever left builds cards", "`order on build` covers both: `whenever ... builds` effects run with the "
                                   "`on build` effects of the turn; write `order on build: gain, lose`"),
    ("whenever left gains victory tokens", "`whenever` effects run as soon as their event happens, in the order the "
                                           "events happen; remove this line"),
    ("each end of turn", "`order end of turn` covers both: `end of turn` and `each end of turn` effects run "
                         "together at the moment `end of turn`; write `order end of turn: gain, lose`"),
    ("each end of age", "`order end of age` covers both: `end of age` and `each end of age` effects run "
                        "together at the moment `end of age`; write `order end of age: gain, lose`"),
])
def test_order_of_a_moment_the_engine_does_not_order(compile_layer, moment: str, hint: str) -> None:
    d = only(compile_layer(f"game {{ order {moment}: gain, lose }}\n"))
    assert d.code == "E0104"
    words = f"whenever ... {moment.split()[2]}" if moment.startswith("whenever") else moment
    assert d.message == f"there is no `order` for `{words}`"
    assert (d.span.line, d.span.column, d.span.end_column) == (2, 14, 14 + len(moment))
    assert d.help == hint


def test_each_end_of_turn_points_at_the_declared_end_of_turn(compile_layer) -> None:
    d = only(compile_layer("game {\n  order end of turn: gain\n  order each end of turn: lose\n}\n"))
    assert d.help.endswith("list these steps in the declared `order end of turn`")
    assert [(lb.span.line, lb.message) for lb in d.labels] == [(3, "the declared order")]


@pytest.mark.parametrize("moment", ["on build", "end of turn", "end of age"])
def test_the_moments_the_engine_orders(compile_layer, moment: str) -> None:
    assert compile_layer(f"game {{ order {moment}: gain, lose }}\n").ok


@pytest.mark.parametrize("written", ["end of tun", "each end of tun"])
def test_an_order_of_a_misspelt_moment_is_named(compile_layer, written: str) -> None:
    d = only(compile_layer(f"game {{ order {written}: gain }}\n"))
    assert (d.code, d.message) == ("E0107", f"an `order` waits for '{written}', a moment the flow never runs")
    assert (d.span.line, d.span.column, d.span.end_column) == (2, 14, 14 + len(written))
    assert d.help == "did you mean 'end of turn'?"
