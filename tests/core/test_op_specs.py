"""The table of operations (interpreter/ops.py) is the one place that says where each operation
of the core may stand and what its step is: every operation class has one entry, the loader
accepts an operation exactly under the triggers, in the actions and in the contests the table
names, and the compiled hooks, the checker's triggers and the `order` vocabulary follow it."""

from __future__ import annotations

import typing

import attrs
import pytest
import tiny
from tiny import LEFT, SELF

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.references import EFFECT_TRIGGERS, LOWERED_TO
from wonderrules.interpreter import ir, serial
from wonderrules.interpreter import words as w
from wonderrules.interpreter.effects import compile_op
from wonderrules.interpreter.ops import OP_SPECS, compiled_spec, spec_of
from wonderrules.interpreter.validate import CompiledRulesError

#: one operation of each class, naming only what tiny's rule set declares (and the ability `extra`)
SAMPLES: tuple[object, ...] = (
    ir.GainCoins(ir.Num(1)), ir.LoseCoins(ir.Num(1)), ir.GainTokens("victory", ir.Num(1)),
    ir.LoseTokens("victory", ir.Num(1)), ir.Score(ir.Num(1)), ir.Produce(("wood",)), ir.ProduceOneOf(("brown",)),
    ir.Symbol(("shield",)), ir.Price(("wood",), (LEFT,), 1), ir.Rebate((LEFT,)), ir.Grant("extra"),
    ir.CostChange("build", coins="none"), ir.StrengthBonus("war", ir.Num(1)), ir.Decide("play"),
    ir.CopyCard(("blue",), (LEFT,)), ir.CopySymbol(("blue",), (LEFT,)), ir.Move(ir.Num(1), "discard", "hand"),
    ir.MoveCard("built"), ir.BuildStage(), ir.Transfer(ir.Num(1), (LEFT,)),
)
TRIGGERS = (ir.Passive(), ir.OnBuild(), ir.At("end of turn"), ir.When("builds", (SELF,)), ir.EndOfGame())


def _card(hooks: typing.Sequence[ir.Hook] = ()) -> ir.Card:
    """Nine copies of one card: the deck of three players of three cards each."""
    return tiny.card("Plain", hooks=hooks, copies=9)


def _base() -> ir.RuleSet:
    return attrs.evolve(tiny.rules([_card()], players=(3,)), abilities=("extra",))


def _accepted(rules: ir.RuleSet) -> bool:
    try:
        serial.rules_from_dict(serial.rules_to_dict(rules))
    except CompiledRulesError:
        return False
    return True


def _with_hook(trigger: object, op: object) -> ir.RuleSet:
    rules = _base()
    return attrs.evolve(rules, cards=(_card([tiny.hook(trigger, op)]),))


def _with_action_step(op: object) -> ir.RuleSet:
    rules = _base()
    sell = next(a for a in rules.actions if a.name == "sell")
    sell = attrs.evolve(sell, then=sell.then + (op,))
    return attrs.evolve(rules, actions=tuple(sell if a.name == "sell" else a for a in rules.actions))


def _with_contest_after(op: object) -> ir.RuleSet:
    return attrs.evolve(_base(), contests=(attrs.evolve(tiny.MILITARY, after=(op,)),))


def test_every_operation_class_has_exactly_one_spec_in_the_order_of_the_ir() -> None:
    assert tuple(OP_SPECS) == ir.OP_TYPES
    assert set(typing.get_args(ir.Op)) == set(ir.OP_TYPES)
    assert len({id(spec) for spec in OP_SPECS.values()}) == len(ir.OP_TYPES)
    assert all(spec.op is op for op, spec in OP_SPECS.items())
    assert sorted(type(op).__name__ for op in SAMPLES) == sorted(op.__name__ for op in ir.OP_TYPES)


def test_the_steps_of_the_table_are_those_an_order_names() -> None:
    assert {spec.step for spec in OP_SPECS.values() if spec.step} == set(w.STEPS)
    # only operations that happen once have a step (passive and end-of-game ones never wait in line)
    assert all(not spec.step or ir.OnBuild in spec.triggers for spec in OP_SPECS.values())


@pytest.mark.parametrize("op", SAMPLES, ids=lambda op: type(op).__name__)
def test_the_loader_accepts_an_effect_under_the_triggers_of_the_table_only(op: object) -> None:
    spec = spec_of(op)
    accepted = {type(t) for t in TRIGGERS if _accepted(_with_hook(t, op))}
    assert accepted == set(spec.triggers)


@pytest.mark.parametrize("op", SAMPLES, ids=lambda op: type(op).__name__)
def test_the_loader_accepts_an_action_step_and_a_contest_spending_as_the_table_says(op: object) -> None:
    spec = spec_of(op)
    assert _accepted(_with_action_step(op)) == spec.in_action
    assert _accepted(_with_contest_after(op)) == spec.spends
    assert spec.triggers or spec.in_action  # every operation stands somewhere


def test_a_refusal_names_the_triggers_of_the_table() -> None:
    with pytest.raises(CompiledRulesError) as refused:
        serial.rules_from_dict(serial.rules_to_dict(_with_hook(ir.Passive(), ir.Decide("play"))))
    assert refused.value.path == "cards[0].hooks[0].op"
    assert "a Decide does not last while its source is active: it needs OnBuild, At or When, not Passive" \
        in str(refused.value)


def test_a_compiled_hook_holds_the_spec_of_its_operation_and_its_step() -> None:
    hooks = [tiny.hook(ir.At("end of turn"), ir.GainCoins(ir.Num(1))), tiny.hook(ir.Passive(), ir.Produce(("wood",))),
             tiny.hook(ir.EndOfGame(), ir.CopySymbol(("blue",), (LEFT,)))]
    rules = attrs.evolve(_base(), cards=(_card(hooks),))
    src = rules.catalog.cards[0]
    (moment,) = src.at_once.values()
    assert [(h.spec.op, h.step) for h in (*moment, *src.passive, *src.end_of_game)] == [
        (ir.GainCoins, "gain"), (ir.Produce, ""), (ir.CopySymbol, "")]
    assert repr(moment[0]) == "CompiledHook(GainCoins of 'Plain')"


def test_an_operation_compiles_into_the_class_its_spec_names() -> None:
    cat = _base().catalog
    source = cat.cards[0]
    for op in SAMPLES:
        spec = spec_of(op)
        if spec.compile is None:  # the actions compile a card moved and a stage built themselves
            with pytest.raises(TypeError):
                compile_op(op, cat, source)
            continue
        compiled = compile_op(op, cat, source)
        assert type(compiled) is spec.compiled and compiled_spec(compiled) is spec


def test_anything_but_an_operation_has_no_spec() -> None:
    with pytest.raises(TypeError, match="not an operation"):
        spec_of(ir.Num(1))


def test_the_checker_allows_each_written_effect_the_triggers_of_its_operation() -> None:
    """The checker's triggers of each effect as written come from the table: the triggers of the
    operation it is lowered into (a choice of any symbol of a group: at the end of the game)."""
    effects = set(typing.get_args(s.Effect))
    assert set(LOWERED_TO) == effects and set(EFFECT_TRIGGERS) == effects
    assert set(LOWERED_TO.values()) == set(ir.OP_TYPES)
    words = {ir.Passive: "passive", ir.OnBuild: "on_build", ir.At: "moment", ir.When: "whenever",
             ir.EndOfGame: "end_of_game"}
    for node, op in LOWERED_TO.items():
        expected = ("end_of_game",) if node is s.SymbolAny else tuple(words[t] for t in OP_SPECS[op].triggers)
        assert EFFECT_TRIGGERS[node] == expected
    assert EFFECT_TRIGGERS[s.Draw] == ("on_build", "moment", "whenever") and EFFECT_TRIGGERS[s.MoveCard] == ()


@pytest.mark.parametrize("name", ["base", "cities", "leaders", "cities_leaders", "two_player"])
def test_each_effect_as_written_is_lowered_into_the_operation_its_triggers_come_from(name: str) -> None:
    """What LOWERED_TO says of an effect as written is what the lowering makes of it, for every
    effect of the bundled rule sets."""
    from wonderrules.grammar.checks.conflicts import entries
    from wonderrules.grammar.compiler import compile_rules

    result = compile_rules([name])
    assert result.ok
    written = set()
    for _, hook, compiled, _ in entries(result.model, result.rules):
        assert type(compiled.op) is LOWERED_TO[type(hook.effect)], hook
        written.add(type(hook.effect))
    assert {s.Produce, s.Symbol, s.GainCoins, s.Score} <= written
