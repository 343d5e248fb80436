"""One set of bounds for both doors: whatever `load_compiled` refuses, `wr check` refuses too, with
a diagnostic at the construct of the text at fault (E0104), so that a rule set that checks clean
always loads from its compiled JSON. Each case pushes a construct to a limit of the engine:
expressions and steps nested too deeply, repeats and final-scoring searches of astronomical
size, deals of fewer than no cards or too many, hands, turns and pool draws beyond the engine's
limits; and the last pass turns any refusal of the loader into such a diagnostic."""

from __future__ import annotations

import attrs
from grammar_support import MINI, line_of, only

from wonderrules.grammar.checks import loadable
from wonderrules.interpreter import serial
from wonderrules.interpreter import words as w

#: the flow of mini, with room for one more step in each age (`{}`)
FLOW = """override flow {{
  each age {{
    deal age
    each turn {{
      round play
      at end of turn
      if turn < turns {{ pass hand }}
    }}
{}
    discard hand to discard
    at end of age
  }}
  at end of game
}}
"""
#: the line of `t.wr` where the step added to FLOW starts
STEP = line_of("x\n" + FLOW, "{}")
#: the age deck of mini, dealt with what is left over put aside (so any hand size adds up)
REST = "override deal age from deck age {\n  1 cards to hand of each player\n  rest to discard\n}\n"


def effect(expression: str) -> str:
    return f'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {{ end of game: score {expression} }}\n'


def at(d, line: int, column: int | None = None) -> None:
    assert (d.span.path, d.span.line) == ("t.wr", line), (d.span, d.message)
    if column is not None:
        assert d.span.column == column, (d.span, d.message)


def refused(result, code: str = "E0104"):
    assert result.rules is None
    return only(result, code)


# ---- nesting --------------------------------------------------------------------------------------

def test_an_expression_nested_too_deeply_is_refused_at_its_effect(compile_layer) -> None:
    text = effect(" + ".join(["1"] * 70))  # a sum nests to the left, one level per term
    d = refused(compile_layer(text))
    assert d.message == f"beyond what the engine accepts: this nests more than {w.MAX_NESTING} levels deep in the " \
                        "compiled rule set"
    at(d, 2, text.index("end of game") + 1)
    assert d.help.startswith("write it with fewer levels inside one another")
    assert d.help.endswith("at cards[3].hooks[0].op.amount.left×58.op of the compiled rule set")


def test_a_long_enough_expression_still_loads(compile_layer) -> None:
    r = compile_layer(effect(" + ".join(["1"] * 50)))
    assert r.ok, [d.message for d in r.diagnostics]
    assert serial.rules_from_json(serial.rules_to_json(r.rules)) == r.rules


def test_nested_signs_calls_and_negations_are_refused(compile_layer) -> None:
    for expression in ("-" * 70 + "1", "not " * 70 + "1", "max(1, " * 40 + "1" + ")" * 40):
        d = refused(compile_layer(effect(expression)))
        assert "nests more than 64 levels" in d.message
        at(d, 2)


def test_a_long_score_formula_is_refused_at_its_column(compile_layer) -> None:
    d = refused(compile_layer("scoring {\n  override treasury = " + " + ".join(["coins"] * 70) + "\n}\n"))
    assert "nests more than 64 levels" in d.message
    at(d, 3, 3)


def test_a_long_setting_is_refused_at_the_setting(compile_layer) -> None:
    d = refused(compile_layer("game {\n  override hand " + " + ".join(["0"] * 70) + " + 2\n}\n"))
    assert "nests more than 64 levels" in d.message and "at settings.hand.left" in d.help
    at(d, 3, 3)


def test_steps_nested_too_deeply_are_refused_at_the_innermost_step(compile_layer) -> None:
    text = FLOW.format("if 1 {\n" * 40 + "}\n" * 40)
    d = refused(compile_layer(text))
    assert "nests more than 64 levels" in d.message and "flow[0].body[2].then[0]×" in d.help
    # the step the loader stops at: the JSON of the 31st `if` within the others is too deep
    at(d, STEP + 30)


def test_steps_nested_far_too_deeply_are_refused_without_a_traceback(compile_layer) -> None:
    text = FLOW.format("if 1 {\n" * 300 + "}\n" * 300)
    d = refused(compile_layer(text))
    assert "nests more than 64 levels" in d.message
    at(d, STEP + 299)  # the innermost step


# ---- the flow's steps -------------------------------------------------------------------------------

def test_a_repeat_of_astronomical_size_is_refused_at_the_repeat(compile_layer) -> None:
    text = FLOW.format("    repeat turns * 100000 times { pass hand }")
    d = refused(compile_layer(text))
    assert d.message == (f"beyond what the engine accepts: at 3 players, the flow may run more than "
                         f"{w.MAX_FLOW_STEPS} steps (loops, repeats and moments multiply the steps inside them); "
                         "this repeat runs up to 100000 times")
    at(d, STEP, 5)
    assert d.help.startswith("at flow[0].body[2] of the compiled rule set")


def test_repeats_that_multiply_are_refused(compile_layer) -> None:
    d = refused(compile_layer(FLOW.format("    repeat 400 times { repeat 400 times { pass hand } }")))
    assert "the flow may run more than" in d.message and d.message.endswith("this repeat runs up to 400 times")
    at(d, STEP, 5)  # the outer one: each alone runs few steps


def test_a_repeat_attached_to_a_moment_is_refused_where_it_is_written(compile_layer) -> None:
    """The steps attached to `end of turn` run each turn of each age: 2 x 2 x 30000 steps."""
    d = refused(compile_layer(REST + "game {\n  override hand 20\n  override turns 2\n}\n"
                              "at end of turn {\n  repeat 30000 times { pass hand }\n}\n"))
    assert d.message.endswith("this repeat runs up to 30000 times")
    at(d, 11, 3)
    assert d.help.startswith("at moments[0].steps[0] of the compiled rule set")


def test_a_flow_within_its_bound_loads(compile_layer) -> None:
    r = compile_layer(FLOW.format("    repeat 1000 times { pass hand }"))
    assert r.ok, [d.message for d in r.diagnostics]
    serial.rules_from_json(serial.rules_to_json(r.rules))


# ---- deals, hands, turns and pools ---------------------------------------------------------------

def test_a_deal_of_fewer_than_no_cards_is_refused_at_its_target(compile_layer) -> None:
    text = ("decks: extra\n"
            'card "Extra" age 1 blue deck extra copies 3+ { end of game: score 1 }\n'
            "deal extra from deck extra {\n  0 - 2 cards to tucked of each player\n  rest to discard\n}\n"
            + FLOW.format("    deal extra"))
    d = refused(compile_layer(text))
    assert d.message == "deal 'extra' gives -2 cards to tucked of each player (3 and 4 players)"
    assert d.help == f"a deal gives each target 0 to {w.MAX_DRAW} cards"
    at(d, 5, 3)


def test_a_deal_of_too_many_cards_is_refused_at_its_target(compile_layer) -> None:
    text = "override deal age from deck age {\n  hand cards to hand of each player\n  600 cards to tucked of each " \
           "player\n  rest to discard\n}\n"
    d = refused(compile_layer(text))
    assert d.message == "deal 'age' gives 600 cards to tucked of each player (3 and 4 players)"
    at(d, 4, 3)


def test_a_negative_deal_of_the_age_deck_is_named_as_such(compile_layer) -> None:
    """Not as a deck of the wrong size: the count is the mistake."""
    d = refused(compile_layer("extend deal age { 0 - 1 cards to tucked of each player }\n"))
    assert d.message == "deal 'age' gives -1 cards to tucked of each player (3 and 4 players)"
    at(d, 2, 19)


def test_hands_and_turns_beyond_the_engines_limits_are_refused_at_their_settings(compile_layer) -> None:
    r = compile_layer(REST + "game {\n  override hand 60\n  override turns 55\n}\n")
    assert r.rules is None
    hand, turns = sorted((d for d in r.diagnostics if d.code == "E0104"), key=lambda d: d.span.line)
    assert hand.message == "hands of 60 cards (3 and 4 players): beyond what the engine accepts"
    assert hand.help == f"the engine accepts 0 to {w.MAX_HAND}"
    at(hand, 7, 3)
    assert turns.message == "55 turns in an age (3 and 4 players): beyond what the engine accepts"
    at(turns, 8, 3)


def test_a_pool_draw_beyond_the_engines_limit_is_refused_at_its_setting(compile_layer) -> None:
    r = compile_layer('card "Extra" age 2 blue pool extra { end of game: score 1 }\n'
                      "game {\n  pool extra: 600 in age 2\n}\n")
    d = only(r, "E0104")
    assert d.message == "600 cards drawn from pool 'extra' in an age (3 and 4 players): beyond what the engine accepts"
    at(d, 4, 3)
    assert only(r, "E0302").span.line == 4  # and the pool holds one card


def test_a_setting_beyond_a_limit_is_refused_at_the_setting(compile_layer) -> None:
    d = refused(compile_layer("game {\n  override start coins 5000\n}\n"))
    assert d.message == f"beyond what the engine accepts: 5000 is not between 0 and {w.MAX_COINS}"
    at(d, 3, 3)


# ---- final scoring ----------------------------------------------------------------------------------

def test_a_final_scoring_search_of_astronomical_size_is_refused_at_its_effect(compile_layer) -> None:
    text = 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ { end of game: copy 20 green cards from ' \
           "others }\n"
    d = refused(compile_layer(text))
    assert d.message.startswith("beyond what the engine accepts: final scoring could take ")
    assert d.message.endswith(f"steps through the end-of-game choices of one city (at most {w.MAX_SCORING_STEPS}); "
                              "this effect adds the most")
    at(d, 2, text.index("end of game") + 1)


def test_many_choices_of_symbols_are_refused(compile_layer) -> None:
    cards = "".join(f'card "Wild {i}" age 1 green copies 3+ {{ end of game: symbol compass | gear | shield }}\n'
                    for i in range(16))
    r = compile_layer(cards + REST)
    d = refused(r)
    assert "final scoring could take" in d.message and d.span.path == "t.wr"


# ---- the last word: the loader's own refusal ------------------------------------------------------------

def test_any_refusal_of_the_loader_is_a_diagnostic_at_the_innermost_construct(compile_layer) -> None:
    """Whatever the passes before let through, the loader's refusal is said at the text: here a
    deal that gives cards of no deck its rule set holds (the counts pass would have said it)."""
    r = compile_layer("")
    assert r.ok
    deal = r.rules.deals[0]
    broken = attrs.evolve(r.rules, deals=(attrs.evolve(deal, deck="nowhere"),))
    (d,) = loadable.check(broken, r.model, None)
    assert d.code == "E0104" and d.message.startswith("beyond what the engine accepts: unknown deck 'nowhere'")
    assert (d.span.path, d.span.line) == ("mini.wr", line_of(MINI, "deal age from deck age"))
    assert d.help.startswith("at deals[0].deck of the compiled rule set")


def test_a_rule_set_the_loader_accepts_gets_no_diagnostic(compile_layer) -> None:
    r = compile_layer("")
    assert loadable.check(r.rules, r.model, None) == []
    short = attrs.evolve(r.rules, cards=tuple(c for c in r.rules.cards if c.name != "Log"))
    (d,) = loadable.check(short, r.model, None)
    assert d.message.startswith("beyond what the engine accepts: at 3 players, the age 1 deck holds 5 cards (5 "
                                "from copies), but the deal gives 6")
    assert d.span.line == line_of(MINI, "deal age from deck age")


def test_a_deal_count_the_table_cannot_compute_is_refused_at_its_target(compile_layer) -> None:
    text = "override deal age from deck age {\n  hand cards to hand of each player\n  1 / (players - 3) cards to " \
           "tucked of each player\n  rest to discard\n}\n"
    d = only(compile_layer(text), "E0104")
    assert d.message == "the cards deal 'age' gives to tucked of each player cannot be counted: divides by zero " \
                        "(3 players)"
    at(d, 4, 3)
