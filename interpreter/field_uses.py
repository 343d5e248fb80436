"""Which rules use each optional field of the compiled form.

A field of the compiled form that exactly one rule of one rule set uses is a word made for that
rule: the next rule set that needs something alike needs a new word, and Python. This module
finds them. It walks compiled rule sets and, for every optional field (a field with a default),
gathers the rules that set it to something else than its default.

A *rule* is the named thing of a rule set that holds the value, the nearest one around it:

- a card (a leader is a card), by its name; a wonder side (its board and its stages), by its
  name and side; a way of an action, by the action's name and its own;
- a seat without a player, a contest, an action kind, a decision, a deal, a zone, a score
  column, a colour, an option (its title, its settings and its team play), each by its name;
- a step of the flow: a round, by the decision it asks (and the ability it needs); a pass, by
  the zone it passes;
- the market, an `if` of the flow and a block of effects of the rule set, each by where it is
  written (the file's name and the line: a rule set holds one market, so a market of another
  file is another rule);
- the rule set itself, by its name, for its settings, its settings by player count and its
  declarations.

A rule is the same rule wherever it appears: a card of a lower layer restated in a layer, or
inherited by every rule set that extends it, counts once, and so does a round of the same
decision written again in a layer's flow; two rounds of one decision in one flow count once
too. A rule set's own settings are the rule set's: a layer that inherits a setting is a second
user of it, as it is a second rule set that plays by it.

A rule set's examples and tests may use a field too: what counts is what the rule sets given
hold. Nothing here prints: `wr fields` (the command line) shows the list, and a test of the
docs requires every field with one user of the bundled rule sets and the docs' examples to be
justified there (docs/engine.rst, "Fields with one user today").
"""

from __future__ import annotations

import ntpath
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Optional

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.consistency import MODEL

__all__ = ["Rule", "optional_fields", "field_uses", "single_use"]

#: fields that say where a value was written, not what a rule does
_NOT_RULE_FIELDS = frozenset({"origin"})


@attrs.frozen(order=True)
class Rule:
    """A rule that holds a value: what kind of thing it is (`card`, `seat`, `round`...), its name,
    and where it was first seen written (none for what carries no place: a colour, an option,
    the rule set itself). Two rules of the same kind and name are the same rule, wherever written."""

    kind: str
    name: str
    origin: Optional[ir.Origin] = attrs.field(default=None, eq=False, order=False)

    def __str__(self) -> str:
        where = f" ({self.origin.path}:{self.origin.line})" if self.origin is not None else ""
        return f"{self.kind} {self.name}{where}"


def _where(origin: Optional[ir.Origin]) -> str:
    """A place as a rule's name holds it: the file's own name and the line, so that one file
    read from two folders gives one rule."""
    return f"{ntpath.basename(origin.path)}:{origin.line}" if origin is not None else "an unknown place"


def _rule_of(node: Any, outer: Rule) -> Optional[Rule]:
    """The rule `node` is, when it is one (else `outer`, the rule around it, holds its values)."""
    if isinstance(node, ir.Card):
        return Rule("card", node.name, node.origin)
    if isinstance(node, ir.Board):
        return Rule("wonder side", f"{node.name} {node.side}", node.origin)
    if isinstance(node, ir.RoundStep):
        name = f"{node.decision} with {node.ability}" if node.ability else node.decision
        return Rule("round", name, node.origin)
    if isinstance(node, ir.PassStep):
        return Rule("pass", node.zone, node.origin)
    if isinstance(node, ir.If):
        return Rule("if", f"at {_where(node.origin)}", node.origin)
    if isinstance(node, ir.RuleEffects):
        return Rule("effects of the rule set", f"at {_where(node.origin)}", node.origin)
    if isinstance(node, ir.Way):
        return Rule("way", f"{outer.name} {node.name or 'paid'}", outer.origin)
    if isinstance(node, ir.Market):
        return Rule("market", f"at {_where(node.origin)}", node.origin)
    if isinstance(node, ir.Colour):
        return Rule("colour", node.name)
    if isinstance(node, ir.Option):
        return Rule("option", node.name)
    kind = _NAMED.get(type(node))
    return Rule(kind, node.name, node.origin) if kind is not None else None


#: the rules that are named things carrying their place, by their class
_NAMED: Mapping[type, str] = MappingProxyType({
    ir.NeutralSeat: "seat", ir.Contest: "contest", ir.ActionKind: "action", ir.Decision: "decision",
    ir.Deal: "deal", ir.Zone: "zone", ir.Category: "score column"})


def optional_fields() -> tuple[str, ...]:
    """Every optional field of the compiled form (`Class.field`), sorted: the fields that have a
    default, other than where a value was written."""
    return tuple(sorted(f"{cls.__name__}.{f.name}" for cls, plan in MODEL.plans.items() for f in plan.fields
                        if not f.required and f.name not in _NOT_RULE_FIELDS))


def field_uses(rule_sets: Iterable[ir.RuleSet]) -> dict[str, tuple[Rule, ...]]:
    """For every optional field of the compiled form (`Class.field`, sorted), the rules of these
    rule sets that set it to something else than its default, in the order first met (a field
    no rule uses has none)."""
    found: dict[str, dict[Rule, Rule]] = {name: {} for name in optional_fields()}
    for rules in rule_sets:
        _visit(rules, Rule("rule set", rules.name), found)
    return {name: tuple(users) for name, users in found.items()}


def single_use(uses: Mapping[str, tuple[Rule, ...]]) -> dict[str, Rule]:
    """The fields of :func:`field_uses` that exactly one rule uses, with that rule."""
    return {name: users[0] for name, users in uses.items() if len(users) == 1}


def _visit(value: Any, rule: Rule, found: dict[str, dict[Rule, Rule]]) -> None:
    if isinstance(value, tuple):
        for item in value:
            _visit(item, rule, found)
        return
    plan = MODEL.plans.get(type(value))
    if plan is None:
        return
    rule = _rule_of(value, rule) or rule
    cls = type(value).__name__
    for f in plan.fields:
        if not f.required and f.name not in _NOT_RULE_FIELDS and getattr(value, f.name) != f.default:
            found[f"{cls}.{f.name}"].setdefault(rule, rule)
    for name, _ in MODEL.object_fields[type(value)]:
        _visit(getattr(value, name), rule, found)
