"""The walk of the compiled rule set that the passes share: every IR object once, in the order
of the engine's own walk, each with the origin of the innermost object holding it."""

from __future__ import annotations

import pytest

from wonderrules.grammar.checks.ir_walk import objects
from wonderrules.grammar.compiler import compile_rules
from wonderrules.interpreter import ir
from wonderrules.interpreter.consistency import MODEL
from wonderrules.interpreter.validate import objects as engine_objects


@pytest.mark.parametrize("name", ["base", "cities", "two_player"])
def test_the_walk_meets_every_object_in_the_order_of_the_engines_walk(name: str) -> None:
    rules = compile_rules([name]).rules
    assert [id(o) for o, _ in objects(rules)] == [id(o) for _, o, _ in engine_objects(rules, MODEL)]


def test_an_object_without_an_origin_takes_the_origin_of_what_holds_it() -> None:
    rules = compile_rules(["base"]).rules
    seen = {id(o): origin for o, origin in objects(rules)}
    card = next(c for c in rules.cards if c.name == "Vineyard")
    hook = card.hooks[0]
    assert hook.origin is not None and seen[id(hook)] == hook.origin
    assert seen[id(hook.op)] == hook.origin  # the operation has no origin of its own
    assert seen[id(card.cost)] == card.origin
    assert seen[id(rules)] is None


def test_a_card_built_by_hand_is_walked_field_by_field() -> None:
    where = ir.Origin("t.wr", 3, 1)
    card = ir.Card("Lab", "green", age=1, hooks=(ir.Hook(ir.Passive(), ir.Symbol(("compass",), 1)),),
                   origin=where)
    found = [(type(o).__name__, origin) for o, origin in objects(card)]
    assert found == [("Card", where), ("Cost", where), ("Hook", where), ("Passive", where), ("Symbol", where),
                     ("Origin", where)]
