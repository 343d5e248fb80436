"""Where the cards of each deck can ever lie: the zones a deal puts them in, and every zone a move
can carry them on to (an action's `then: move card to`, a `draw`, a flow's `discard` or `pass`).

The check of effects that trigger each other asks it: a card built by a decision can only be
one that can lie in the zone the decision's actions take their card from. A leader that builds
from the discard pile is never built from it if no leader can ever lie there.
"""

from __future__ import annotations

from wonderrules.grammar.checks.ir_walk import objects
from wonderrules.interpreter import ir

__all__ = ["Reach", "deck_zones", "decision_sources"]


class Reach:
    """Where the cards of each deck can lie, and the zones each decision takes its card from,
    read from one walk of the compiled rule set (options included)."""

    def __init__(self, rules: ir.RuleSet) -> None:
        #: (from zone, to zone) of every way a card can change zones in a game
        moves: set[tuple[str, str]] = set()
        start: dict[str, set[str]] = {deck: set() for deck in rules.decks}
        self._kinds: dict[str, ir.ActionKind] = {}
        self._actions: dict[str, set[str]] = {}
        self._sources: dict[str, set[str] | None] = {}
        for node, _ in objects(rules):
            if isinstance(node, ir.ActionKind):
                self._kinds[node.name] = node
                if node.card_from:
                    moves.update((node.card_from, op.zone) for op in node.then if isinstance(op, ir.MoveCard))
            elif isinstance(node, ir.Move):
                moves.add((node.from_zone, node.to_zone))
            elif isinstance(node, ir.DiscardStep):
                moves.update((zone, node.to) for zone in node.zones)
            elif isinstance(node, ir.Deal):
                zones = start.setdefault(node.deck, set())
                zones.update(t.zone for t in node.targets)
                if node.rest:
                    zones.add(node.rest)
            elif isinstance(node, ir.Decision):
                self._actions.setdefault(node.name, set()).update(node.actions)
        for zones in start.values():
            grown = True
            while grown:
                more = {to for frm, to in moves if frm in zones} - zones
                zones |= more
                grown = bool(more)
        #: for each deck, every zone its cards can reach from the zones its deals give them to
        self.deck_zones = start

    def decision_sources(self, decision: str) -> set[str] | None:
        """The zones the actions of a decision take their card from; None when one takes none or
        the decision is unknown (any card may then be concerned)."""
        if decision not in self._sources:
            names = self._actions.get(decision, set())
            kinds = self._kinds
            if not names or any(a not in kinds or not kinds[a].card_from for a in names):
                self._sources[decision] = None
            else:
                self._sources[decision] = {kinds[a].card_from for a in names}
        return self._sources[decision]


def deck_zones(rules: ir.RuleSet) -> dict[str, set[str]]:
    """For each deck, every zone its cards can reach from the zones its deals give them to."""
    return Reach(rules).deck_zones


def decision_sources(rules: ir.RuleSet, decision: str) -> set[str] | None:
    """The zones the actions of a decision take their card from; None when one takes none or the
    decision is unknown (any card may then be concerned)."""
    return Reach(rules).decision_sources(decision)
