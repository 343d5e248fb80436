"""Effects of a contest's result: `opponent` (the other seat of the result) and tokens taken
from a seat (`gain N TOKEN tokens from SEATS`), as written, checked and lowered."""

from __future__ import annotations

from grammar_support import only

from wonderrules.interpreter import ir


def test_tokens_taken_from_a_seat_lower_with_their_giver(compile_layer) -> None:
    text = ('replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n'
            "  whenever self loses military: opponent gain 1 defeat tokens from self\n}\n")
    r = compile_layer(text)
    assert r.ok, [d.message for d in r.diagnostics]
    (hook,) = next(c for c in r.rules.cards if c.name == "Shrine").hooks
    assert hook.trigger == ir.When("loses", (ir.Relation("self"),), (), "military")
    assert hook.op == ir.GainTokens("defeat", ir.Num(1), ir.Num(1), (ir.Relation("opponent"),),
                                    (ir.Relation("self"),))


def test_opponent_is_refused_outside_the_effects_of_a_result(compile_layer) -> None:
    text = ('replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n'
            "  each end of age: opponent gain 1 coin\n}\n")
    d = only(compile_layer(text))
    assert (d.code, d.span.line, d.span.column) == ("E0104", 3, 20)
    assert d.message == "`opponent` is the other seat of a contest's result"


def test_worth_and_a_giver_do_not_go_together(compile_layer) -> None:
    text = ('replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n'
            "  whenever self loses military: opponent gain 1 defeat tokens worth 2 from self\n}\n")
    assert only(compile_layer(text)).code == "E0001"
