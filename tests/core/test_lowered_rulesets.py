"""The bundled rule sets, written in text on the core, lower to exactly the game the first engine
played: `lower(rulesets/*.wr)` equals the bridge's translation of the first engine's compiled rule
sets (tests/core/data), field by field.

Two things are set aside, each for a reason: origins (the bridge writes none), and whether a count
says `(including this)`: the first engine's compiled form recorded only `(excluding this)`, and the
core counts a source `including` it exactly as when nothing is said."""

from __future__ import annotations

import attrs
import bridge
import differential
import pytest

from wonderrules.grammar.compiler import compile_rules
from wonderrules.interpreter import ir

LAYERS = [("base",), ("cities",), ("two_player",), ("cities", "two_player")]


def comparable(node):
    """`node` without origins, with `including` counts written as counts that say nothing."""
    if attrs.has(type(node)):
        changes = {}
        for f in attrs.fields(type(node)):
            value = getattr(node, f.name)
            if f.name == "origin":
                changes[f.name] = None
            elif f.name == "this" and value == "including":
                changes[f.name] = ""
            else:
                changes[f.name] = comparable(value)
        return type(node)(**changes)
    if isinstance(node, tuple):
        return tuple(comparable(v) for v in node)
    return node


def differences(a, b, path="rules"):
    """Where two compiled forms differ, field by field (for a readable failure)."""
    if type(a) is not type(b):
        return [f"{path}: {type(a).__name__} / {type(b).__name__}"]
    if attrs.has(type(a)):
        out = []
        for f in attrs.fields(type(a)):
            out += differences(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
        return out
    if isinstance(a, tuple):
        if len(a) != len(b):
            return [f"{path}: {len(a)} items / {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} / {b!r}"]


def lowered(layers: tuple[str, ...]) -> ir.RuleSet:
    result = compile_rules(list(layers))
    assert result.ok, [d.message for d in result.diagnostics]
    return result.rules


@pytest.mark.parametrize("layers", LAYERS, ids="+".join)
def test_the_text_lowers_to_the_bridged_first_engine_rule_set(layers) -> None:
    new = comparable(lowered(layers))
    old = bridge.translate(differential.first_engine_rules(layers))
    assert new == old, differences(new, old)[:20]


def test_the_comparison_sees_a_changed_field() -> None:
    new = lowered(("base",))
    cheaper = attrs.evolve(new, market=attrs.evolve(new.market, price=1))
    assert differences(comparable(cheaper), bridge.translate(differential.first_engine_rules(("base",)))) == \
        ["rules.market.price: 1 / 2"]


def test_every_node_written_in_text_carries_where_it_was_written() -> None:
    rules = lowered(("cities", "two_player"))
    for card in rules.cards:
        assert card.origin is not None and card.origin.path.endswith(("base.wr", "cities.wr"))
        assert all(h.origin is not None for h in card.hooks)
    for kind in (rules.zones, rules.deals, rules.actions, rules.decisions, rules.contests, rules.moments,
                 rules.boards, rules.settings.neutral_seats):
        assert kind and all(x.origin is not None for x in kind)
    assert rules.market.origin is not None
    lighthouse = rules.card("Lighthouse")
    assert (lighthouse.origin.line, lighthouse.origin.column) == (_line_of("rulesets/base.wr", 'card "Lighthouse"'), 1)


def _line_of(path: str, text: str) -> int:
    from pathlib import Path

    lines = (Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, 1) if line.startswith(text))
