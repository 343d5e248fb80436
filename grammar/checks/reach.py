"""Where the cards of each deck can ever lie: the zones a deal puts them in, and every zone a move
can carry them on to (an action's `then: move card to`, a `draw`, a flow's `discard` or `pass`).

The check of effects that trigger each other asks it: a card built by a decision can only be
one that can lie in the zone the decision's actions take their card from. A leader that builds
from the discard pile is never built from it if no leader can ever lie there.
"""

from __future__ import annotations

from typing import Any

import attrs

from wonderrules.interpreter import ir

__all__ = ["deck_zones", "decision_sources"]


def _walk(node: Any, found: list[Any]) -> None:
    """Every IR object under `node` (attrs classes, tuples), depth first."""
    if isinstance(node, tuple):
        for item in node:
            _walk(item, found)
    elif attrs.has(type(node)):
        found.append(node)
        for field in attrs.fields(type(node)):
            _walk(getattr(node, field.name), found)


def _moves(rules: ir.RuleSet) -> set[tuple[str, str]]:
    """(from zone, to zone) of every way a card can change zones in a game, options included."""
    nodes: list[Any] = []
    _walk(rules, nodes)
    moves: set[tuple[str, str]] = set()
    for node in nodes:
        if isinstance(node, ir.ActionKind) and node.card_from:
            for op in node.then:
                if isinstance(op, ir.MoveCard):
                    moves.add((node.card_from, op.zone))
        elif isinstance(node, ir.Move):
            moves.add((node.from_zone, node.to_zone))
        elif isinstance(node, ir.DiscardStep):
            moves.update((zone, node.to) for zone in node.zones)
    return moves


def deck_zones(rules: ir.RuleSet) -> dict[str, set[str]]:
    """For each deck, every zone its cards can reach from the zones its deals give them to."""
    moves = _moves(rules)
    nodes: list[Any] = []
    _walk(rules, nodes)
    start: dict[str, set[str]] = {deck: set() for deck in rules.decks}
    for node in nodes:
        if isinstance(node, ir.Deal):
            zones = start.setdefault(node.deck, set())
            zones.update(t.zone for t in node.targets)
            if node.rest:
                zones.add(node.rest)
    for zones in start.values():
        grown = True
        while grown:
            more = {to for frm, to in moves if frm in zones} - zones
            zones |= more
            grown = bool(more)
    return start


def decision_sources(rules: ir.RuleSet, decision: str) -> set[str] | None:
    """The zones the actions of a decision take their card from; None when one takes none or the
    decision is unknown (any card may then be concerned)."""
    nodes: list[Any] = []
    _walk(rules, nodes)
    kinds = {n.name: n for n in nodes if isinstance(n, ir.ActionKind)}
    names = {a for n in nodes if isinstance(n, ir.Decision) and n.name == decision for a in n.actions}
    if not names or any(a not in kinds or not kinds[a].card_from for a in names):
        return None
    return {kinds[a].card_from for a in names}
