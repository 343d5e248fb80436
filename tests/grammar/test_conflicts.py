"""Pass `conflicts`: effects of one moment whose order changes the outcome need a declared order
(E0402); builds must not trigger each other without end (E0403)."""

from __future__ import annotations

from pathlib import Path

from grammar_support import MINI, codes, line_of, only

from wonderrules.grammar.checks.conflicts import effect_reads, effect_writes
from wonderrules.grammar.compiler import compile_rules
from wonderrules.interpreter import ir

BASE = Path(__file__).resolve().parents[2] / "rulesets" / "base.wr"

GAIN = 'replace card "Log" age 1 brown copies 3+ 4+ { end of turn: gain 1 coin }'
LOSE = 'replace card "Rock" age 1 brown copies 3+ 4+ { end of turn: others lose 1 coin }'


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


def test_reads_and_writes() -> None:
    per = ir.Count("cards", ("brown",), ("self",))
    assert effect_reads(ir.GainCoins(1, per=per)) == {"cards"}
    assert effect_writes(ir.GainCoins(1)) == {"coins+"}
    assert effect_reads(ir.LoseCoins(1)) == {"coins"}
    assert effect_writes(ir.LoseCoins(1, shortfall_token="debt")) == {"coins-", "tokens+"}
    assert effect_writes(ir.BuildFromDiscard()) == {"cards", "discard"}
    assert effect_writes(ir.Score(1)) == frozenset()


def test_gain_and_loss_at_the_same_moment_need_an_order(compile_layer) -> None:
    text = GAIN + "\n" + LOSE
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0402"
    assert d.message == ("at end of turn, 'lose' (card 'Rock') and 'gain' (card 'Log') both touch coins, "
                         "and their order is not declared")
    assert (d.span.line, d.span.column) == (3, col(LOSE, "end of turn"))
    assert [(lb.span.line, lb.message) for lb in d.labels] == [(2, "'gain' here")]
    assert d.help == ("declare it in the game block, in the order they should run: "
                      "`order end of turn: gain, lose`")


def test_a_declared_order_settles_it(compile_layer) -> None:
    assert compile_layer(f"game {{ order end of turn: lose, gain }}\n{GAIN}\n{LOSE}\n").ok


def test_an_order_missing_a_step_is_extended_in_the_help(compile_files) -> None:
    lower = MINI.replace("  tie break coins\n", "  tie break coins\n  order end of turn: gain, build\n")
    r = compile_files({"mini.wr": lower, "t.wr": f"ruleset t extends mini\n{GAIN}\n{LOSE}\n"})
    d = only(r, "E0402")
    assert d.help == ("declare it in the game block, in the order they should run: "
                      "`override order end of turn: gain, build, lose`")
    assert d.labels[1].span.path == "mini.wr" and d.labels[1].message == "the declared order"
    assert d.labels[1].span.line == line_of(lower, "order end of turn")


def test_the_new_layer_is_pointed_at(compile_files) -> None:
    # the gain is in the lower layer, the loss in the new one: the caret goes to the new one
    lower = MINI.replace('card "Log" age 1 brown copies 3+ 4+ { passive: produce wood }', GAIN[len("replace "):])
    r = compile_files({"mini.wr": lower, "t.wr": f"ruleset t extends mini\n{LOSE}\n"})
    d = only(r, "E0402")
    assert d.span.path == "t.wr" and d.labels[0].span.path == "mini.wr"


def test_effects_of_different_moments_do_not_conflict(compile_layer) -> None:
    r = compile_layer(GAIN.replace("end of turn", "on build") + "\n" + LOSE + "\n")
    assert "E0402" not in codes(r)


def test_base_declares_what_it_needs() -> None:
    # Vineyard / Bazar gain and Halicarnassus builds at the end of a turn: base orders them
    r = compile_rules([str(BASE)])
    assert r.ok and not [d for d in r.diagnostics if d.code == "E0402"]


def test_a_card_that_builds_from_the_discard_when_built(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ { end of turn: build 1 card from discard free }'
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0403"
    assert d.message == ("card 'Log' builds from the discard pile when it is built, so the card it builds "
                         "may do the same again, without end")
    assert d.span.column == col(text, "end of turn")


def test_two_cards_building_each_other(compile_layer) -> None:
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ { end of turn: build 1 card from discard free }\n'
                      'replace card "Rock" age 1 brown copies 3+ 4+ { end of turn: build 1 card from discard free }\n')
    msgs = [d.message for d in r.diagnostics if d.code == "E0403"]
    assert "builds trigger each other without end: card 'Log' -> card 'Rock' -> card 'Log'" in msgs


def test_a_stage_that_builds_from_the_discard_is_no_cycle(compile_layer) -> None:
    # a wonder stage is not built again by a build from the discard pile (Halicarnassus)
    r = compile_layer('replace wonder "Tower" side A { start stone  stage cost 2 wood '
                      '{ end of turn: build 1 card from discard free } }\n')
    assert r.ok, [d.message for d in r.diagnostics]


def test_an_earlier_harmless_effect_does_not_hide_a_conflict(compile_layer) -> None:
    # the first coin gain of the moment counts nothing; the second counts cards, which the
    # stage's build from the discard pile adds: their order matters
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ { end of turn: gain 1 coin }\n'
                      'replace card "Rock" age 1 brown copies 3+ 4+ '
                      '{ end of turn: gain 1 coin per brown card in left, right }\n'
                      'replace wonder "Tower" side A { start stone  stage cost 2 wood '
                      '{ end of turn: build 1 card from discard free } }\n')
    d = only(r, "E0402")
    assert d.message == ("at end of turn, 'build' (Tower A stage 1) and 'gain' (card 'Rock') both touch cards, "
                         "and their order is not declared")
    assert d.labels[0].span.line == 3


# ---- moments: what the engine runs as one queue --------------------------------------------------

def test_each_end_of_turn_shares_the_end_of_turn(compile_layer) -> None:
    # the engine queues `each end of turn` effects with the `end of turn` effects of the turn
    r = compile_layer(GAIN.replace("end of turn", "each end of turn") + "\n" + LOSE + "\n")
    d = only(r, "E0402")
    assert d.message.startswith("at end of turn, 'lose' (card 'Rock') and 'gain' (card 'Log')")
    assert d.help.endswith("`order end of turn: gain, lose`")


def test_order_end_of_turn_settles_each_end_of_turn_too(compile_layer) -> None:
    text = GAIN.replace("end of turn", "each end of turn") + "\n" + LOSE.replace("end of turn", "each end of turn")
    assert compile_layer(f"game {{ order end of turn: gain, lose }}\n{text}\n").ok


def test_whenever_effects_run_with_the_build_effects(compile_layer) -> None:
    r = compile_layer(GAIN.replace("end of turn", "on build") + "\n"
                      + LOSE.replace("end of turn", "whenever left, right builds cards") + "\n")
    d = only(r, "E0402")
    assert d.message.startswith("on build, 'lose' (card 'Rock') and 'gain' (card 'Log') both touch coins")
    assert d.help == "declare it in the game block, in the order they should run: `order on build: gain, lose`"
    text = GAIN.replace("end of turn", "on build") + "\n" + LOSE.replace("end of turn", "whenever left builds cards")
    assert compile_layer(f"game {{ order on build: lose, gain }}\n{text}\n").ok


def test_effects_at_each_end_of_age(compile_layer) -> None:
    d = only(compile_layer(GAIN.replace("end of turn", "each end of age") + "\n"
                           + LOSE.replace("end of turn", "each end of age") + "\n"), "E0402")
    assert d.message.startswith("at each end of age, 'lose'")
    assert d.help.endswith("`order each end of age: gain, lose`")


def test_an_order_of_this_layer_is_completed_without_override(compile_layer) -> None:
    # `override` would be refused (E0102, the same layer sets it twice): the help edits the line
    d = only(compile_layer(f"game {{ order end of turn: build }}\n{GAIN}\n{LOSE}\n"), "E0402")
    assert d.help == ("name both steps in the declared order, in the order they should run: "
                      "`order end of turn: build, gain, lose`")
    assert d.labels[1].message == "the declared order" and d.labels[1].span.line == 2
