"""The best immediate value, generic over rule sets on the core.

An action is valued by what it does, read from the core operations of its kind and of what it
builds, never from a name: the points a source scores (its `Score` operations counted as if it
were built already), the change of the score formulas and of every contest's strength its symbols
bring, production and prices (worth more the more ages are left), granted abilities, cost
changes, coins (3 coins are worth a point), tokens (the change of the score formulas, or half a
point when no formula counts them), decisions it grants; what another city gains or loses counts
the other way for a share (one over the number of other seats). The
coins the action costs count against it; a card given up without being built costs half a point,
a wonder stage is worth half a point more, and a free way granted a limited number of times costs
half a point (it may pay for a dearer card later). A loss that may be paid in coins or taken as
tokens is paid the way that costs the fewest points. Ties are broken at random. An action whose
counting goes beyond the range of numbers (it would stop the game) is worth the least of all; it
is counted on the game as it stands, which such a count leaves going (`engine.judged`).
"""

from __future__ import annotations

import random
from typing import Any, Optional

from wonderrules.interpreter.action_steps import MoveStep, StageStep
from wonderrules.interpreter.actions import GRANTED, NO_COST, STAGE_COST, Action, costs
from wonderrules.interpreter.agents.choices import legal_choices
from wonderrules.interpreter.engine import judged
from wonderrules.interpreter.ops import compiled_spec

__all__ = ["GreedyAgent", "COIN", "WORST", "takes_amounts"]

#: the worth of a coin, in points
COIN = 1 / 3
#: the value of an action whose counting goes beyond the range of numbers: below any other
WORST = -1e12


def takes_amounts(state: Any, player: int) -> bool:
    """Whether every kind of `player`'s pending decision takes an amount (a choice of a number)."""
    asked = state.asked.get(player)
    return asked is not None and all(k.amounts is not None for k in state.catalog.decision_kinds[asked.decision])


class GreedyAgent:
    name = "greedy"
    #: the worth of a coin, in points (what the table of operations' values read)
    coin = COIN

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, player: int) -> Action:
        actions = legal_choices(state, player)
        seat = state.pending_decisions()[player].seat
        if takes_amounts(state, player):  # a choice of a number: the first best amount
            values = self.values(state, player, seat, actions)
            return actions[values.index(max(values))]
        best: list[Action] = []
        best_value = float("-inf")
        for a, v in zip(actions, self.values(state, player, seat, actions)):
            if v > best_value + 1e-9:
                best, best_value = [a], v
            elif abs(v - best_value) <= 1e-9:
                best.append(a)
        return self.rng.choice(best)

    # ---- actions ------------------------------------------------------------------------------
    def value(self, st: Any, player: int, seat: int, action: Action) -> float:
        """What an action brings now (see the module's text); WORST when counting it goes beyond
        the range of numbers (carried out, it would stop the game)."""
        found = judged(st, lambda: self._value(st, player, seat, action))
        return WORST if found is None else found

    def values(self, st: Any, player: int, seat: int, actions: list[Action]) -> list[float]:
        """The value of each action (see value), judged together: one guard for all of them, and
        each alone only when counting one of them goes beyond the range."""
        found = judged(st, lambda: [self._value(st, player, seat, a) for a in actions])
        return [self.value(st, player, seat, a) for a in actions] if found is None else found

    def _value(self, st: Any, player: int, seat: int, action: Action) -> float:
        cat = st.catalog
        kind = cat.action_by_name.get(action.kind)
        if kind is None:
            return 0.0
        city = st.cities[seat]
        card = None
        if kind.card_zone >= 0:
            card = next((c for c in st.zone(kind.card_zone, player) if c.name == action.card), None)
        v = 0.0
        built = False
        if kind.amounts is not None:  # its operations count with its amount
            st.scratch.amount = action.amount
        for step in kind.then:
            if type(step) is MoveStep:
                zone, to = step.zone, step.seats
                if card is not None and to is None and cat.zones[zone].active:
                    v += self.source_value(st, seat, card)
                    built = True
            elif type(step) is StageStep:
                if city.stages_built < len(city.board.stages):
                    v += self.source_value(st, seat, city.board.stages[city.stages_built]) + 0.5
                    built = True
            else:
                v += self.op_value(st, seat, step.op, None)
        st.scratch.amount = 0
        if card is not None and not built:
            v -= 0.5
        way = kind.way(action.way)
        if way is not None and way.free:
            if way.when == GRANTED:
                v -= 0.5
        elif kind.cost != NO_COST:
            src = card
            if kind.cost == STAGE_COST:
                stages = city.board.stages
                src = stages[city.stages_built] if city.stages_built < len(stages) else None
            if src is not None:
                v -= (costs(city, kind, src)[0] + kind.way_changes.get(action.way, (0, 0))[1]) * COIN
        v -= sum(c for _, c in action.pay) * COIN
        return v

    # ---- sources ------------------------------------------------------------------------------
    def source_value(self, st: Any, seat: int, src: Any) -> float:
        """What a card, stage or board brings its city when built now: the worth of each of its
        effects, as the table of operations values it (:attr:`.ops.OpSpec.value`), half of it for a
        `whenever` effect."""
        v = 0.0
        for hook in src.end_of_game:
            v += hook.spec.value(self, st, seat, hook.op)
        for hook in src.passive:
            v += hook.spec.value(self, st, seat, hook.op)
        for hook in src.on_build:
            v += hook.spec.value(self, st, seat, hook.op)
        for hooks in src.at_once.values():
            for hook in hooks:
                v += hook.spec.value(self, st, seat, hook.op)
        for hooks in src.at_each.values():
            for hook in hooks:
                v += hook.spec.value(self, st, seat, hook.op)
        for listener in src.listeners:
            v += 0.5 * listener.hook.spec.value(self, st, seat, listener.hook.op)
        return v

    def op_value(self, st: Any, seat: int, op: Any, src: Optional[Any]) -> float:
        """What one triggered operation brings its owner when it runs now (as the table of
        operations values it, :attr:`.ops.OpSpec.value`)."""
        return compiled_spec(op).value(self, st, seat, op)

    # ---- the score's formulas -------------------------------------------------------------------
    def token_points(self, st: Any, seat: int, token: int, n: int, worth: int) -> float:
        """The change of a city's score formulas if it held `n` more tokens (each worth `worth`);
        half a point a token when no formula counts them."""
        if n <= 0:
            return 0.0
        city = st.cities[seat]
        formulas = [f for f in st.game.scorer.formulas if f is not None]
        before = sum(f(st, seat, seat, None) for f in formulas)
        city.token_counts[token] += n
        city.token_values[token] += n * worth
        try:
            after = sum(f(st, seat, seat, None) for f in formulas)
        finally:
            city.token_counts[token] -= n
            city.token_values[token] -= n * worth
        return float(after - before) if after != before else 0.5 * n

    def symbol_value(self, st: Any, seat: int, sym: int, amount: int) -> float:
        """The change of the score formulas, plus strength in contests, from more symbols."""
        before = list(st.cities[seat].symbols)
        after = list(before)
        after[sym] += amount
        delta = 0.0
        for f in st.game.scorer.formulas:
            if f is not None:
                delta += f(st, seat, seat, after) - f(st, seat, seat, before)
        for contest in _contests(st):
            gain = contest.written_strength(st, seat, seat, after) - contest.written_strength(st, seat, seat, before)
            if gain > 0:
                delta += 1.5 * gain
        return delta


def _contests(st: Any) -> list[Any]:
    """Every contest of the table, at whatever moment."""
    by_moment = st.game.contests_by_moment
    return [c for m in sorted(by_moment) for c in by_moment[m]]
