"""`whenever SEATS gains coins` and `once per PERIOD` after a `whenever` trigger: lowered to the
`coins` event with its limit; refused after other triggers; an effect that gives what it answers
with no limit (it would set itself off forever, E0403) is refused with the way out, and a limit
lets it be."""

from __future__ import annotations

from grammar_support import only

from wonderrules.interpreter import ir


def _hooks(rules: ir.RuleSet, name: str) -> tuple[ir.Hook, ...]:
    return next(c for c in rules.cards if c.name == name).hooks


def test_a_limited_coins_listener_is_lowered_with_its_event_and_period(compile_layer) -> None:
    result = compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ {\n'
                           '  whenever self gains coins once per turn: gain 1 coin\n'
                           '  whenever neighbours gains coins: gain 1 victory token\n}\n')
    assert result.ok, [d.message for d in result.diagnostics]
    first, second = (h.trigger for h in _hooks(result.rules, "Barracks"))
    assert first == ir.When("coins", (ir.Relation("self"),), once_per="turn")
    assert second == ir.When("coins", (ir.Relation("neighbours"),))


def test_once_per_after_another_trigger_is_refused(compile_layer) -> None:
    result = compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ {\n'
                           '  on build once per turn: gain 1 coin\n}\n')
    found = only(result, "E0104")
    assert "once per turn" in found.message and "whenever" in (found.help or "")


def test_an_effect_that_sets_itself_off_is_refused_unless_limited(compile_layer) -> None:
    result = compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ {\n'
                           '  whenever self gains coins: gain 1 coin\n'
                           '  whenever self gains victory tokens once per age: gain 1 victory token\n}\n')
    found = only(result, "E0403")
    assert found.span.line == 3 and found.message.startswith("coins gained trigger each other without end")
    assert "once per turn" in (found.help or "")
