"""Effects of the rule set (`each player { ... }`, `each seat { ... }`): how they are written,
layered, checked and lowered."""

from __future__ import annotations

from grammar_support import line_of, only

from wonderrules.grammar.parse import parse_source
from wonderrules.interpreter import ir

GAIN = ir.GainCoins(ir.Num(1))


def lowered(compile_layer, text: str) -> ir.RuleSet:
    r = compile_layer(text)
    assert r.ok and r.diagnostics == (), [(d.code, d.message) for d in r.diagnostics]
    return r.rules


def test_a_block_lowers_to_effects_held_by_its_holders(compile_layer) -> None:
    text = ("each player {\n  each end of turn: gain 1 coin\n  passive: build costs 1 coin less\n}\n"
            "each seat scores civilian {\n  end of game: score coins / 3\n}\n")
    rules = lowered(compile_layer, text)
    players, seats = rules.effects
    assert (players.seats, players.category, seats.seats, seats.category) == ("players", "", "seats", "civilian")
    assert [(h.trigger, h.op) for h in players.hooks] == [
        (ir.At("end of turn", each=True), GAIN), (ir.Passive(), ir.CostChange("build", coins_less=1))]
    assert seats.hooks[0].op == ir.Score(ir.BinOp("/", ir.Quantity("coins"), ir.Num(3)))
    assert (players.origin.path, players.origin.line, players.origin.column) == ("t.wr", 2, 1)


def test_an_option_holds_its_own_blocks(compile_layer) -> None:
    text = 'option rich "Rich" {\n  override start coins 5\n  each seat { end of turn: gain 1 coin }\n}\n'
    rules = lowered(compile_layer, text)
    assert rules.effects == ()
    option = rules.options[0]
    assert [(b.seats, [(h.trigger, h.op) for h in b.hooks]) for b in option.effects] == [
        ("seats", [(ir.At("end of turn"), GAIN)])]
    assert option.patches[0].start_coins == 5


def test_blocks_of_two_layers_add_up_in_layer_order(compile_files) -> None:
    from grammar_support import MINI
    r = compile_files({"mini.wr": MINI,
                       "a.wr": "ruleset a extends mini\neach player { end of turn: gain 1 coin }\n",
                       "b.wr": "ruleset b extends a\neach seat { end of turn: gain 2 coins }\n"})
    assert r.ok
    assert [(b.seats, b.hooks[0].op) for b in r.rules.effects] == [("players", GAIN),
                                                                   ("seats", ir.GainCoins(ir.Num(2)))]


def test_each_starts_a_new_item_at_the_start_of_a_line() -> None:
    text = 'ruleset t\ncard "A" age 1 brown copies 3+ { passive: produce wood\neach player { passive: produce stone }\n'
    _, diags = parse_source(text, "t.wr")
    # the card's brace is never closed; the block after it is read on its own, without an error of its own
    assert [d.code for d in diags] == ["E0003"] and diags[0].span.line == 2


def test_holders_are_written_each_player_or_each_seat() -> None:
    _, diags = parse_source("ruleset t\neach players { passive: produce stone }\n", "t.wr")
    assert [d.message for d in diags] == ["expected 'player' or 'seat', found 'players'"]
    assert diags[0].help == "did you mean `each player`?"


def test_on_build_never_comes_for_effects_held_from_the_start(compile_layer) -> None:
    text = "each player {\n  on build: gain 2 coins\n}\n"
    d = only(compile_layer(text), "E0104")
    assert d.message == "an effect of `each player` is never built, so `on build` never comes"
    assert d.span.line == line_of("x\n" + text, "on build")
    assert d.help.startswith("it is held from the start of the game: write `each end of turn:`")


def test_points_need_the_column_of_the_block(compile_layer) -> None:
    d = only(compile_layer("each seat {\n  end of game: score 2\n}\n"), "E0105")
    assert d.message == "the effects of `each seat` score points, but the block names no score column"
    assert d.help == ("name the column their points go to: `each seat scores house { ... }`, with a column `house` "
                      "in the `scoring` block")
    d = only(compile_layer("each seat scores hous {\n  end of game: score 2\n}\n"), "E0101")
    assert d.message == "unknown score category 'hous'"


def test_the_effects_are_checked_as_every_effect(compile_layer) -> None:
    d = only(compile_layer("each player {\n  passive: gain 1 coin\n}\n"), "E0104")
    assert d.message == "`gain coins` cannot happen at `passive`"
    d = only(compile_layer("each seat {\n  each end of tun: gain 1 coin\n}\n"), "E0107")
    assert d.message == "an effect of `each seat` waits for 'end of tun', a moment the flow never runs"
    d = only(compile_layer('option o {\n  each player { end of tun: gain 1 coin }\n}\n'), "E0107")
    assert d.message == "an effect of `each player` in option 'o' waits for 'end of tun', a moment the flow never runs"


def test_an_order_they_need_is_asked_where_they_are_written(compile_files) -> None:
    from grammar_support import MINI
    card = 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ { end of turn: gain 1 coin }\n'
    r = compile_files({"mini.wr": MINI, "a.wr": "ruleset a extends mini\n" + card,
                       "b.wr": "ruleset b extends a\neach player {\n  each end of turn: lose 1 coin\n}\n"})
    d = only(r, "E0402")
    assert d.message == ("at end of turn, 'lose' (`each player`) and 'gain' (card 'Shrine') both touch coins, and "
                         "their order is not declared")
    assert (d.span.path, d.span.line) == ("b.wr", 3) and d.labels[0].span.path == "a.wr"
