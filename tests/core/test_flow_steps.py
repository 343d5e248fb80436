"""One description of the steps inside a step (interpreter/flow_steps.py) serves every walk of a
flow: it names every field of a step that holds steps, in the core and in the language as
written, and its walks give every step once, in the order written, with a path that leads back
to it."""

from __future__ import annotations

import typing

import attrs

import wonderrules
from wonderrules.grammar import syntax as s
from wonderrules.interpreter import ir
from wonderrules.interpreter.bounds import _at_path, steps
from wonderrules.interpreter.flow_steps import STEP_FIELDS, children, nested_steps, rule_steps, walk_steps


def _fields_holding_steps(cls: type) -> list[str]:
    return [f.name for f in attrs.fields(cls) if f.type == "tuple[Step, ...]"]


def test_the_fields_named_are_every_field_that_holds_steps_in_the_core_and_as_written() -> None:
    for cls in (*ir.STEP_TYPES, *typing.get_args(s.Step)):
        held = _fields_holding_steps(cls)
        assert [f for f in STEP_FIELDS if f in held] == held, cls
    named = {f for cls in (*ir.STEP_TYPES, *typing.get_args(s.Step)) for f in _fields_holding_steps(cls)}
    assert named == set(STEP_FIELDS)


DEAL, AT, ROUND = ir.DealStep("age"), ir.AtStep("end of turn"), ir.RoundStep("play")
INNER_IF = ir.If(ir.Num(1), (ROUND,), (DEAL, AT))
FLOW = (ir.EachAge((DEAL, ir.Repeat((INNER_IF,), ir.Num(2)))), ir.If(ir.Num(0), (AT,)), ir.AtStep("end of game"))


def test_children_are_the_non_empty_fields_in_the_order_written() -> None:
    assert list(children(INNER_IF)) == [("then", (ROUND,)), ("otherwise", (DEAL, AT))]
    assert list(children(FLOW[1])) == [("then", (AT,))]  # no `else`
    assert list(children(DEAL)) == []


def test_a_walk_gives_each_step_after_the_one_holding_it_with_its_path() -> None:
    walked = list(walk_steps(FLOW, "flow"))
    assert [path for path, _ in walked] == [
        "flow[0]", "flow[0].body[0]", "flow[0].body[1]", "flow[0].body[1].body[0]",
        "flow[0].body[1].body[0].then[0]", "flow[0].body[1].body[0].otherwise[0]",
        "flow[0].body[1].body[0].otherwise[1]", "flow[1]", "flow[1].then[0]", "flow[2]"]
    assert [step for _, step in walked] == list(nested_steps(FLOW))
    rules = attrs.evolve(wonderrules.load_rules("base"), flow=FLOW)
    assert all(_at_path(rules, path) is step for path, step in walked)


def test_every_step_of_a_bundled_rule_set_is_walked_once_at_its_path() -> None:
    for name in ("base", "cities", "leaders"):
        rules = wonderrules.load_rules(name)
        walked = list(steps(rules))
        assert len({path for path, _ in walked}) == len(walked)
        assert all(_at_path(rules, path) is step for path, step in walked)
        assert any(".body[" in path for path, _ in walked)  # the ages and turns are walked into
        assert [step for _, step in walked] == list(rule_steps(rules))
