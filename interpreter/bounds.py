"""The bounds that keep every accepted core rule set playable in bounded time and memory.

Checked on the structured rule set after the rules between fields (:mod:`.consistency`), each
refusal naming the JSON path at fault: every table the rule set seats resolves within the
engine's limits (ages, hand, turns, draws, seats, a wonder per seat, deals of a bounded number
of cards, decks that hold what their deals give); the flow runs a bounded number of steps at
every table (loops and repeats at their largest count); no `whenever` effect sets itself off
again (a cycle of events); final scoring's end-of-game choices stay within a bounded number of
steps (:mod:`.scoring_bound`).

The walks of the rule set that both modules use (every step of the flow and of the blocks
attached to moments, through :mod:`.flow_steps`; every source with its hooks) are here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import partial
from itertools import islice
from typing import Any

from wonderrules.interpreter import ir
from wonderrules.interpreter.config import (
    ConfigError,
    TableConfig,
    beyond_limits,
    evaluate,
    resolve_config,
    supported_tables,
)
from wonderrules.interpreter.decks import Decks, check_decks
from wonderrules.interpreter.event_graph import COINS, Event, EventGraph, Raising, heard, sets_off
from wonderrules.interpreter.flow_steps import children, walk_steps
from wonderrules.interpreter.scoring_bound import check_scoring
from wonderrules.interpreter.validate import CompiledRulesError, quote
from wonderrules.interpreter.words import MAX_DRAW, MAX_FLOW_STEPS

__all__ = ["check_bounds", "MAX_FLOW_STEPS", "steps", "attached_steps", "sources", "rule_effect_lists", "table_value"]


def check_bounds(rules: ir.RuleSet) -> None:
    """CompiledRulesError at the first bound a rule set goes beyond."""
    _tables(rules)
    _event_cycles(rules)
    check_scoring(rules, rule_effect_lists(rules))


# ---- walks ----------------------------------------------------------------------------------------

def steps(rules: ir.RuleSet) -> Iterator[tuple[str, Any]]:
    """Every step of the flow and of the blocks attached to moments, with its path."""
    yield from walk_steps(rules.flow, "flow")
    for i, block in enumerate(rules.moments):
        yield from walk_steps(block.steps, f"moments[{i}].steps")


def attached_steps(rules: ir.RuleSet) -> dict[str, list[tuple[int, ir.MomentSteps]]]:
    out: dict[str, list[tuple[int, ir.MomentSteps]]] = {}
    for i, block in enumerate(rules.moments):
        out.setdefault(block.moment, []).append((i, block))
    return out


def sources(rules: ir.RuleSet) -> Iterator[tuple[str, tuple[ir.Hook, ...]]]:
    """(path, hooks) of every card, board, stage, neutral seat and block of effects of the rule set
    (its own and its options')."""
    for i, card in enumerate(rules.cards):
        yield f"cards[{i}]", card.hooks
    for i, board in enumerate(rules.boards):
        yield f"boards[{i}]", board.hooks
        for j, stage in enumerate(board.stages):
            yield f"boards[{i}].stages[{j}]", stage.hooks
    for where, seats in _neutral_lists(rules):
        for i, seat in enumerate(seats):
            yield f"{where}[{i}]", seat.hooks
    for where, blocks in rule_effect_lists(rules):
        for i, block in enumerate(blocks):
            yield f"{where}[{i}]", block.hooks


def rule_effect_lists(rules: ir.RuleSet) -> Iterator[tuple[str, tuple[ir.RuleEffects, ...]]]:
    """(path, blocks) of the effects of the rule set and of each of its options."""
    yield "effects", rules.effects
    for i, o in enumerate(rules.options):
        yield f"options[{i}].effects", o.effects


def _neutral_lists(rules: ir.RuleSet) -> Iterator[tuple[str, tuple[ir.NeutralSeat, ...]]]:
    yield "settings.neutral_seats", rules.settings.neutral_seats
    for i, p in enumerate(rules.patches):
        yield f"patches[{i}].neutral_seats", p.neutral_seats
    for i, o in enumerate(rules.options):
        for j, p in enumerate(o.patches):
            yield f"options[{i}].patches[{j}].neutral_seats", p.neutral_seats


def table_value(expr: Any, env: Mapping[str, int]) -> int:
    """A number of the table, as the engine computes it (`/` floors, dividing by 0 gives 0)."""
    if isinstance(expr, ir.Num):
        return expr.value
    if isinstance(expr, ir.Var):
        return env[expr.name]
    if isinstance(expr, ir.Not):
        return 0 if table_value(expr.operand, env) else 1
    if isinstance(expr, ir.Call):
        values = [table_value(a, env) for a in expr.args]
        return abs(values[0]) if expr.function == "abs" else (min(values) if expr.function == "min" else max(values))
    a, b = table_value(expr.left, env), table_value(expr.right, env)
    op = expr.op
    if op == "/":
        return a // b if b else 0
    if op == "and":
        return 1 if a and b else 0
    if op == "or":
        return 1 if a or b else 0
    return {"+": a + b, "-": a - b, "*": a * b, "<": int(a < b), "<=": int(a <= b), "==": int(a == b),
            "!=": int(a != b), ">=": int(a >= b), ">": int(a > b)}[op]


# ---- the flow ------------------------------------------------------------------------------------------

class _FlowSize:
    """The steps the flow may run at a table (at most: loops and repeats at their largest count,
    a moment's attached steps each time it comes), and where it goes beyond MAX_FLOW_STEPS."""

    def __init__(self, rules: ir.RuleSet, cfg: TableConfig) -> None:
        self.attached = attached_steps(rules)
        #: the table's numbers in each age (0: before the first); the turns of the longest age
        self.envs = [cfg.variables(age) for age in range(cfg.ages + 1)]
        self.ages, self.turns = cfg.ages, max(cfg.turns_by_age)
        #: the path of the innermost step whose own steps go beyond the bound
        self.beyond = ""
        self._times: dict[int, int] = {}
        self._moments: dict[str, int] = {}

    def times(self, step: ir.Repeat) -> int:
        """The largest count of a repeat, over every age and turn of the table (found once per
        repeat: a moment's steps are walked each time the moment comes)."""
        found = self._times.get(id(step))
        if found is None:
            found = self._times[id(step)] = max(table_value(step.times, {**env, "turn": t})
                                                for env in self.envs for t in range(0, env["turns"] + 1))
        return found

    def steps(self, steps: tuple[Any, ...], path: str) -> int:
        total = 0
        for i, step in enumerate(steps):
            here = f"{path}[{i}]"
            total += 1 + self._inside(step, here)
            if total > MAX_FLOW_STEPS:
                return total
        return total

    def _inside(self, step: Any, path: str) -> int:
        if isinstance(step, (ir.EachAge, ir.EachTurn, ir.Repeat)):
            times = self.ages if isinstance(step, ir.EachAge) else self.turns if isinstance(step, ir.EachTurn) \
                else max(0, self.times(step))
            n = times * (1 + self.steps(step.body, f"{path}.body")) if times else 0
        elif isinstance(step, ir.If):
            n = max(self.steps(step.then, f"{path}.then"), self.steps(step.otherwise, f"{path}.otherwise"))
        elif isinstance(step, ir.AtStep):
            n = self._moments.get(step.moment, -1)
            if n < 0:  # the same wherever the moment comes: counted once
                n = 0
                for k, block in self.attached.get(step.moment, ()):
                    n += self.steps(block.steps, f"moments[{k}].steps")
                    if n > MAX_FLOW_STEPS:
                        break
                self._moments[step.moment] = n
        else:
            n = 0
        if n > MAX_FLOW_STEPS and not self.beyond:
            self.beyond = path
        return n


def _flow_refusal(rules: ir.RuleSet, size: _FlowSize, table: str) -> CompiledRulesError:
    """The flow goes beyond its bound: named at the innermost step beyond it on its own, or at the
    repeat of the largest count inside that step (a repeat in a loop of turns, say)."""
    path = size.beyond
    step: Any = _at_path(rules, path)
    repeats = [(size.times(inner), where) for where, inner in islice(_within(step, path, size.attached), MAX_FLOW_STEPS)
               if isinstance(inner, ir.Repeat)]
    largest = max(repeats, key=lambda r: r[0], default=(0, ""))
    if largest[0] > 1 and not isinstance(step, ir.Repeat):
        path = largest[1]
        step = _at_path(rules, path)
    words = f"{table}, the flow may run more than {MAX_FLOW_STEPS} steps (loops, repeats and moments multiply " \
            "the steps inside them)"
    if isinstance(step, ir.Repeat) and size.times(step) > 1:
        words += f"; this repeat runs up to {size.times(step)} times"
    return CompiledRulesError(path or "flow", words)


def _within(step: Any, path: str, attached: dict[str, list[tuple[int, ir.MomentSteps]]]
            ) -> Iterator[tuple[str, Any]]:
    """The steps inside a step and those attached to the moments it runs, with their paths."""
    inside = [(f"{path}.{field}[{i}]", inner) for field, held in children(step) for i, inner in enumerate(held)]
    if isinstance(step, ir.AtStep):
        inside += [(f"moments[{k}].steps[{i}]", inner) for k, block in attached.get(step.moment, ())
                   for i, inner in enumerate(block.steps)]
    for here, inner in inside:
        yield here, inner
        yield from _within(inner, here, attached)


def _at_path(rules: ir.RuleSet, path: str) -> Any:
    """The object of the rule set at a path made of fields and indexes (`flow[0].body[2]`)."""
    value: Any = rules
    for name, index in re.findall(r"(\w+)|\[(\d+)\]", path):
        value = value[int(index)] if index else getattr(value, name)
    return value


# ---- tables --------------------------------------------------------------------------------------------

def _describe(players: int, options: tuple[str, ...]) -> str:
    return f"at {players} players" + (f" with option {quote(options[0])}" if options else "")


def _setting_path(rules: ir.RuleSet, players: int, options: tuple[str, ...], setting: str, pool: str = "") -> str:
    """The path of the value a table took for a setting: the base settings, or the last patch
    (of the rule set, then of the options, in the order they apply) that replaced it. For the
    draws of a pool (`pool`), the draw itself."""
    def draw(place: str, draws: tuple[ir.PoolDraw, ...]) -> str:
        found = [i for i, d in enumerate(draws) if d.pool == pool]
        return f"{place}[{found[-1]}]" if pool and found else place

    path = draw(f"settings.{setting}", rules.settings.pool_draws) if setting == "pool_draws" else f"settings.{setting}"
    for i, patch in enumerate(rules.patches):
        if players in patch.players and _sets(patch, setting, pool):
            path = draw(f"patches[{i}].{setting}", patch.pool_draws)
    index = {o.name: k for k, o in enumerate(rules.options)}
    for name in options:
        k = index[name]
        for j, patch in enumerate(rules.options[k].patches):
            if (not patch.players or players in patch.players) and _sets(patch, setting, pool):
                path = draw(f"options[{k}].patches[{j}].{setting}", patch.pool_draws)
    return path


def _sets(patch: ir.Patch, setting: str, pool: str) -> bool:
    if setting == "pool_draws" and pool:
        return any(d.pool == pool for d in patch.pool_draws)
    value = getattr(patch, setting, None)
    return value is not None and value != ()


def _tables(rules: ir.RuleSet) -> None:
    """Every table the rule set seats resolves within the engine's limits, with a wonder per seat,
    deals of a bounded number of cards, decks that hold what their deals give (:mod:`.decks`) and
    a flow of a bounded number of steps."""
    wonders = len({b.name for b in rules.boards})
    decks = Decks(rules)
    for players, options in supported_tables(rules):
        table = _describe(players, options)
        try:
            cfg = resolve_config(rules, players, options)
        except ConfigError as e:
            raise CompiledRulesError("settings", f"{table}: {e}") from None
        for b in beyond_limits(cfg):
            raise CompiledRulesError(_setting_path(rules, players, options, b.setting, b.pool),
                                     f"{table}, {b.what} is {b.value}; it must be between {b.low} and {b.high}")
        if cfg.seats > wonders:
            raise CompiledRulesError("boards", f"{table}, {cfg.seats} seats need a wonder each, but there are "
                                               f"{wonders}")
        for i, j, n in _deal_counts(rules, cfg, table):
            if not 0 <= n <= MAX_DRAW:
                raise CompiledRulesError(f"deals[{i}].targets[{j}].count", f"{table}, each gets {n} cards; it "
                                                                           f"must be between 0 and {MAX_DRAW}")
        check_decks(decks, table, cfg, partial(_setting_path, rules, players, options, "pool_draws"))
        size = _FlowSize(rules, cfg)
        if size.steps(rules.flow, "flow") > MAX_FLOW_STEPS:
            raise _flow_refusal(rules, size, table)


def _deal_counts(rules: ir.RuleSet, cfg: TableConfig, table: str) -> Iterator[tuple[int, int, int]]:
    """(deal, target, count) of every target of every deal at a table, counted as the engine deals."""
    for i, deal in enumerate(rules.deals):
        for j, target in enumerate(deal.targets):
            for age in range(cfg.ages + 1):  # before the first age, then in each
                try:
                    yield i, j, evaluate(target.count, cfg.variables(age))
                except ConfigError as e:
                    raise CompiledRulesError(f"deals[{i}].targets[{j}].count", f"{table}: {e}") from None


# ---- events --------------------------------------------------------------------------------------------

def _event_cycles(rules: ir.RuleSet) -> None:
    """No `whenever` effect listening to tokens or coins gained sets itself off again, alone or
    through others: what an effect gains (itself, through a decision's actions, or as the tokens
    of a loss) never leads back to what it listens to. An effect limited to once per period ends
    any cycle it is in (see :mod:`.event_graph`, which the checker reads too)."""
    raising = Raising(rules)
    paths: list[str] = []
    listened: list[frozenset[Event]] = []
    raised: list[frozenset[Event]] = []
    for path, hooks in sources(rules):
        for k, hook in enumerate(hooks):
            events = frozenset(e for e in heard(hook.trigger) if e[0] in _GAINED)
            if events:
                paths.append(f"{path}.hooks[{k}]")
                listened.append(events)
                raised.append(frozenset(e for e in raising.raised(hook.op) if e[0] in _GAINED))
    cycle = EventGraph(raised, listened).cycle()
    if cycle is None:
        return
    first, then = cycle[0], cycle[1] if len(cycle) > 1 else cycle[0]
    listens = _gained_words(listened[first])
    gains = _gained_words(e for e in raised[first] if any(sets_off(e, heard_e) for heard_e in listened[then]))
    through = "" if len(cycle) == 1 else " through " + ", then ".join(paths[i] for i in cycle[1:])
    raise CompiledRulesError(paths[first], f"this effect listens to {listens} gained and gains {gains} that set it "
                                           f"off again{through}: a cycle of `whenever` effects (limit one of them "
                                           "to once per turn, age or game)")


def _gained_words(events: Iterable[Event]) -> str:
    return " and ".join(sorted({"coins" if e == COINS else "tokens" for e in events}))


#: the events of coins and tokens gained
_GAINED = ("gains", "coins")
