"""Information-set Monte Carlo tree search, generic over rule sets on the core.

The agent plans from what its player knows. Each iteration of the search starts from a
*determinization* of the game (:meth:`State.determinized`): the cards the player cannot see are
dealt again at random among the places it cannot see, and the future deals are drawn anew. The
iteration then walks down one tree shared by all determinizations (single-observer ISMCTS), plays
the game out with a cheap policy, and credits every choice made on the way with the result.

A node of the tree is a moment of the game as the searching player lived it: the path of its own
choices since the root. Every round in this game is played at once by all the players who have a
decision pending, so a node keeps *decoupled* statistics, one table per player: each pending
player picks its own choice by UCB1 over its own table, from its own result, as if the others'
choices were part of the world (decoupled UCT for simultaneous moves). The other players'
choices therefore improve with the search as the player's own do, instead of following a fixed
model. The child reached is keyed by the searching player's choice alone: what the others chose,
and what the determinization dealt, are chance seen from the tree. Because another player's
options differ from one determinization to the next (its hand is a guess), its arms are scored
with their availability: the exploration term counts how often an arm could have been chosen, not
how often the node was visited.

An arm is an action less its payment: actions that differ only in how coins are shared between
sellers are one arm, played the cheapest way (fewest coins in all, the first listed among equals).
That keeps the branching at what a player decides (which card, what to do with it) and the search
from spending its budget on equivalent payments; the agent gives up choosing which neighbour
earns the coins when two payments cost the same.

A play-out from a new node uses a cheap policy for every player: a random action that builds
something (a card put into a zone whose cards are built, or a stage) when there is one, else any
random action (each listed way to pay counts as an action there: a play-out is not worth the
cost of grouping them). The result is the game's `returns()` (1 for a winner,
a tie shared, 0 otherwise), which is already between 0 and 1; a play-out also adds a small share
for the final score's rank, so that a lost game played well counts for a little (see `_rewards`).
A play-out that the rules stop (GameStoppedError: a number beyond the range, a cascade of
events too long) is a game nobody wins: every player's reward is 0, and the search goes on; the
game being played stops only when its own state does.

At the root, the searching player's own arms carry a progressive bias from the greedy agent's
judgement (its values scaled from 0 to 1, weighing `PRIOR_WEIGHT / (visits + 1)` in UCB1, and the
best judged arm tried first): with a small budget the search leans on that judgement, with a
large one its own results outweigh it.

The budget is a number of iterations per decision (the same seed then gives the same choices on
any machine) or a time per decision in milliseconds (the number of iterations then depends on
the machine). A decision with a single arm is answered without searching. The choice is the arm
of the root tried most often, the better mean breaking ties.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Optional

from wonderrules.interpreter import engine
from wonderrules.interpreter.action_steps import MoveStep, StageStep
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents.choices import legal_choices
from wonderrules.interpreter.agents.greedy import GreedyAgent
from wonderrules.interpreter.errors import GameStoppedError

__all__ = ["MctsAgent", "DEFAULT_ITERATIONS", "EXPLORATION", "arms"]

#: iterations per decision when no budget is given
DEFAULT_ITERATIONS = 200
#: the exploration constant of UCB1 (rewards lie between 0 and 1)
EXPLORATION = 0.7
#: the weight of the score's rank in a play-out's reward (the rest is the game's result)
RANK_WEIGHT = 0.2
#: the weight of the greedy agent's judgement of the searching player's own arms at the root
PRIOR_WEIGHT = 1.0

#: an arm: the action's kind, card, way and amount (its payment left out)
ArmKey = tuple[str, str, str, int]


def arms(actions: list[Action]) -> dict[ArmKey, Action]:
    """The legal actions grouped by arm (see the module's text), each with its cheapest action,
    in the order of the listing."""
    out: dict[ArmKey, Action] = {}
    best: dict[ArmKey, int] = {}
    for a in actions:
        kind, card, pay, way, amount = a
        key = (kind, card, way, amount)
        paid = 0
        if pay:
            for _, c in pay:
                paid += c
        found = best.get(key)
        if found is None or paid < found:
            out[key] = a
            best[key] = paid
    return out


class _Node:
    """One moment of the searching player's game: per pending player, per arm, [visits, total
    reward, availability]; the children by the searching player's arm (None when it had nothing
    to decide)."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[ArmKey, list[float]]] = {}
        self.children: dict[Optional[ArmKey], _Node] = {}


class MctsAgent:
    """Chooses by information-set MCTS (see the module's text). `iterations` or `time_ms` per
    decision (iterations by default); `name` is how tables and logs call it."""

    def __init__(self, seed: int = 0, iterations: Optional[int] = None, time_ms: Optional[float] = None,
                 name: str = "mcts") -> None:
        if iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_ms = time_ms
        self.name = name
        #: what the last decision searched: iterations made, seconds taken
        self.last_search = (0, 0.0)
        #: the last decision's arms at the root: (visits, total reward) of each
        self.last_arms: dict[ArmKey, tuple[int, float]] = {}
        #: the rule set whose action kinds `_building` says build, and that answer
        self._building: tuple[Any, frozenset[str]] = (None, frozenset())
        self._prior: dict[ArmKey, float] = {}

    def choose(self, state: Any, player: int) -> Action:
        options = arms(legal_choices(state, player))
        if len(options) == 1:
            self.last_search = (0, 0.0)
            self.last_arms = {}
            return next(iter(options.values()))
        root = _Node()
        self._prior = _greedy_prior(state, player, options) if PRIOR_WEIGHT else {}
        start = time.perf_counter()
        deadline = start + self.time_ms / 1000 if self.time_ms is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(state, player, root)
            done += 1
        self.last_search = (done, time.perf_counter() - start)
        table = root.stats[player]
        self.last_arms = {key: (int(entry[0]), entry[1]) for key, entry in table.items()}
        order = {key: i for i, key in enumerate(options)}
        best = max(table, key=lambda k: (table[k][0], table[k][1] / max(1.0, table[k][0]), -order.get(k, 0)))
        return options[best]

    # ---- one iteration -------------------------------------------------------------------------
    def _iterate(self, root_state: Any, me: int, root: _Node) -> None:
        rng = self.rng
        path: list[tuple[_Node, dict[int, ArmKey]]] = []
        try:
            st = root_state.determinized(me, rng)
            node = root
            while not st.is_terminal():
                chosen: dict[int, Action] = {}
                keys: dict[int, ArmKey] = {}
                for p in st.pending_decisions():
                    options = arms(st.legal_actions(p))
                    prior = self._prior if node is root and p == me else None
                    key = self._select(node.stats.setdefault(p, {}), options, prior)
                    keys[p] = key
                    chosen[p] = options[key]
                path.append((node, keys))
                engine.apply(st, chosen)  # listed actions, one per pending player (see _play_out)
                own_key = keys.get(me)
                child = node.children.get(own_key)
                if child is None:
                    node.children[own_key] = _Node()
                    break
                node = child
            self._play_out(st)
            rewards = _rewards(st)
        except GameStoppedError:
            # the rules stop this copy of the game (a number out of range, a cascade too long): a
            # future nobody wins, not the end of the game being played
            rewards = [0.0] * root_state.players
        for visited, keys in path:
            for p, key in keys.items():
                entry = visited.stats[p][key]
                entry[0] += 1
                entry[1] += rewards[p]

    def _select(self, table: dict[ArmKey, list[float]], options: dict[ArmKey, Action],
                prior: Optional[dict[ArmKey, float]]) -> ArmKey:
        """UCB1 with availability over the arms open now, and with a `prior`, its progressive
        bias; an arm never tried goes first (the best of the prior, else one drawn at random)."""
        untried: list[ArmKey] = []
        found = table.get
        for key in options:
            entry = found(key)
            if entry is None:
                table[key] = [0.0, 0.0, 1.0]
                untried.append(key)
            else:
                entry[2] += 1
                if not entry[0]:
                    untried.append(key)
        if untried:
            if prior:
                return max(untried, key=lambda k: prior.get(k, 0.0))
            return untried[0] if len(untried) == 1 else untried[self.rng.randrange(len(untried))]
        best_key: Optional[ArmKey] = None
        best = -1.0
        log, sqrt = math.log, math.sqrt
        for key in options:
            visits, total, available = table[key]
            value = total / visits + EXPLORATION * sqrt(log(available) / visits)
            if prior:
                value += PRIOR_WEIGHT * prior.get(key, 0.0) / (visits + 1)
            if value > best:
                best, best_key = value, key
        assert best_key is not None
        return best_key

    # ---- play-outs -----------------------------------------------------------------------------
    def _play_out(self, st: Any) -> None:
        if self._building[0] is not st.catalog:
            self._building = (st.catalog, _building_kinds(st.catalog))
        builds = self._building[1]
        randrange = self.rng.randrange
        while not st.terminal:
            chosen: dict[int, Action] = {}
            listed = st.scratch.legal  # the round's lists, made as it was asked
            for p in st.pending:
                actions = listed.get(p) or st.legal_actions(p)
                building = [a for a in actions if a[0] in builds]
                pool = building or actions
                chosen[p] = pool[randrange(len(pool))]
            # every choice is one of the listed actions: nothing to judge (a stop still raises)
            engine.apply(st, chosen)


def _greedy_prior(state: Any, player: int, options: dict[ArmKey, Action]) -> dict[ArmKey, float]:
    """The greedy agent's value of each arm, scaled from 0 (the worst) to 1 (the best)."""
    judge = GreedyAgent(0)
    seat = state.pending_decisions()[player].seat
    values = {k: judge.value(state, player, seat, a) for k, a in options.items()}
    low, high = min(values.values()), max(values.values())
    if high - low < 1e-9:
        return dict.fromkeys(values, 0.5)
    return {k: (v - low) / (high - low) for k, v in values.items()}


def _building_kinds(cat: Any) -> frozenset[str]:
    """The action kinds that build: they move their card into an active zone of the acting seat,
    or build a stage."""
    return frozenset(kind.name for kind in cat.actions
                     if any(type(step) is StageStep or (type(step) is MoveStep and step.seats is None
                                                         and cat.zones[step.zone].active) for step in kind.then))


def _rewards(st: Any) -> list[float]:
    """Each player's reward of a finished game: its `returns()` share, and for `RANK_WEIGHT` how
    many players it outscored (ties count half; in team play too, by its own total), over the
    others; between 0 and 1."""
    result: list[float] = st.returns()
    n = st.players
    if n < 2:
        return result
    totals = [sheet.total for sheet in st.scores()[:n]]
    out = []
    for p in range(n):
        beaten = sum(1.0 if totals[p] > t else 0.5 if totals[p] == t else 0.0 for t in totals) - 0.5
        out.append((1 - RANK_WEIGHT) * result[p] + RANK_WEIGHT * beaten / (n - 1))
    return out
