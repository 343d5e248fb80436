"""`passive: CONTEST strength + EXPR`: a card adds to its owner's strength in a contest. The word
is lowered to its operation, names a contest the rule set declares, lasts while its source is
active only. It acts in the contest: tests/expansions/test_cities_leaders.py (Semiramis)."""

from __future__ import annotations

from grammar_support import only

from wonderrules.interpreter import ir


def _card(rules: ir.RuleSet, name: str) -> ir.Card:
    return next(c for c in rules.cards if c.name == name)


def test_the_bonus_is_lowered_with_its_contest_and_its_amount(compile_layer) -> None:
    result = compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ {\n'
                           '  passive: military strength + tokens(defeat)\n'
                           '  passive: military strength - 2\n}\n')
    assert result.ok, [d.message for d in result.diagnostics]
    ops = [h.op for h in _card(result.rules, "Barracks").hooks]
    assert ops == [ir.StrengthBonus("military", ir.Quantity("tokens", ("defeat",))),
                   ir.StrengthBonus("military", ir.Num(-2))]


def test_an_unknown_contest_is_named_with_a_suggestion(compile_layer) -> None:
    result = compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ { passive: militery strength + 1 }\n')
    found = only(result, "E0101")
    assert "militery" in found.message and "military" in (found.help or "")


def test_a_bonus_lasts_while_its_source_is_active_and_has_no_other_trigger(compile_layer) -> None:
    result = compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ {\n'
                           '  on build: military strength + 1\n}\n')
    assert "cannot happen at `on build`" in only(result, "E0104").message
