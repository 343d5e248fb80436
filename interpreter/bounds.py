"""The bounds that keep every accepted core rule set playable in bounded time and memory.

Checked on the structured rule set after the rules between fields (:mod:`.consistency`), each
refusal naming the JSON path at fault: every table the rule set seats resolves within the
engine's limits (ages, hand, turns, draws, seats, a wonder per seat, deals of a bounded number
of cards); the flow runs a bounded number of steps at every table (loops and repeats at their
largest count); no `whenever` effect sets itself off again (a cycle of events); final scoring's
end-of-game choices stay within a bounded number of steps.

The walks of the rule set that both modules use (every step of the flow, the blocks attached to
moments, every source with its hooks) are here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from math import comb, prod
from typing import Any

from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w
from wonderrules.interpreter.config import ConfigError, resolve_config, supported_tables
from wonderrules.interpreter.event_graph import COINS, Event, EventGraph, Raising, heard, sets_off
from wonderrules.interpreter.validate import CompiledRulesError, quote
from wonderrules.interpreter.words import MAX_DRAW, MAX_HAND, MAX_SCORING_STEPS, MAX_TURNS

__all__ = ["check_bounds", "MAX_FLOW_STEPS", "steps", "attached_steps", "sources", "rule_effect_lists", "table_value"]

#: the steps of the flow one game may run at most (a round counts one)
MAX_FLOW_STEPS = 100_000


def check_bounds(rules: ir.RuleSet) -> None:
    """CompiledRulesError at the first bound a rule set goes beyond."""
    _tables(rules)
    _event_cycles(rules)
    _scoring_bounded(rules)


# ---- walks ----------------------------------------------------------------------------------------

def steps(rules: ir.RuleSet) -> Iterator[tuple[str, Any]]:
    """Every step of the flow and of the blocks attached to moments, with its path."""
    def walk(steps: tuple[Any, ...], path: str) -> Iterator[tuple[str, Any]]:
        for i, step in enumerate(steps):
            here = f"{path}[{i}]"
            yield here, step
            for field in ("body", "then", "otherwise"):
                inner = getattr(step, field, None)
                if inner:
                    yield from walk(inner, f"{here}.{field}")

    yield from walk(rules.flow, "flow")
    for i, block in enumerate(rules.moments):
        yield from walk(block.steps, f"moments[{i}].steps")


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

def _flow_steps(steps: tuple[Any, ...], attached: dict[str, list[tuple[int, ir.MomentSteps]]],
                env: dict[str, int], ages: int, turns: int) -> int:
    """How many steps the flow may run at a table (at most; loops at their largest count)."""
    total = 0
    for step in steps:
        total += 1
        if isinstance(step, ir.EachAge):
            total += ages * (1 + _flow_steps(step.body, attached, env, ages, turns))
        elif isinstance(step, ir.EachTurn):
            total += turns * (1 + _flow_steps(step.body, attached, env, ages, turns))
        elif isinstance(step, ir.Repeat):
            times = max(table_value(step.times, {**env, "age": a, "turn": t})
                        for a in range(0, ages + 1) for t in range(0, turns + 1))
            if times > 0:
                total += times * (1 + _flow_steps(step.body, attached, env, ages, turns))
        elif isinstance(step, ir.If):
            total += max(_flow_steps(step.then, attached, env, ages, turns),
                         _flow_steps(step.otherwise, attached, env, ages, turns))
        elif isinstance(step, ir.AtStep):
            for _, block in attached.get(step.moment, ()):
                total += _flow_steps(block.steps, attached, env, ages, turns)
        if total > MAX_FLOW_STEPS:
            return total
    return total


# ---- tables --------------------------------------------------------------------------------------------

def _describe(players: int, options: tuple[str, ...]) -> str:
    return f"at {players} players" + (f" with option {quote(options[0])}" if options else "")


def _setting_path(rules: ir.RuleSet, players: int, options: tuple[str, ...], setting: str) -> str:
    """The path of the value a table took for a setting: the base settings, or the last patch
    (of the rule set, then of the options, in the order they apply) that replaced it."""
    path = f"settings.{setting}"
    for i, patch in enumerate(rules.patches):
        if players in patch.players and _sets(patch, setting):
            path = f"patches[{i}].{setting}"
    index = {o.name: k for k, o in enumerate(rules.options)}
    for name in options:
        k = index[name]
        for j, patch in enumerate(rules.options[k].patches):
            if (not patch.players or players in patch.players) and _sets(patch, setting):
                path = f"options[{k}].patches[{j}].{setting}"
    return path


def _sets(patch: ir.Patch, setting: str) -> bool:
    value = getattr(patch, setting)
    return value is not None and value != ()


def _tables(rules: ir.RuleSet) -> None:
    """Every table the rule set seats resolves within the engine's limits, with a wonder per seat,
    deals of a bounded number of cards and a flow of a bounded number of steps."""
    wonders = len({b.name for b in rules.boards})
    attached = attached_steps(rules)
    for players, options in supported_tables(rules):
        table = _describe(players, options)
        try:
            cfg = resolve_config(rules, players, options)
        except ConfigError as e:
            raise CompiledRulesError("settings", f"{table}: {e}") from None

        limits = [(cfg.hand, 0, MAX_HAND, "hand", "the hand size"),
                  (cfg.turns, 0, MAX_TURNS, "turns", "the number of turns"),
                  (cfg.seats, 1, w.MAX_SEATS, "neutral_seats", "the number of seats")]
        limits += [(n, 0, MAX_DRAW, "pool_draws", f"the draw from pool {quote(pool)} in age {age}")
                   for pool, age, n in cfg.pool_draws]
        for value, low, high, setting, what in limits:
            if not low <= value <= high:
                raise CompiledRulesError(_setting_path(rules, players, options, setting),
                                         f"{table}, {what} is {value}; it must be between {low} and {high}")
        if cfg.seats > wonders:
            raise CompiledRulesError("boards", f"{table}, {cfg.seats} seats need a wonder each, but there are "
                                               f"{wonders}")
        env = cfg.variables()
        for i, deal in enumerate(rules.deals):
            for j, target in enumerate(deal.targets):
                n = table_value(target.count, env)
                if not 0 <= n <= MAX_DRAW:
                    raise CompiledRulesError(f"deals[{i}].targets[{j}].count", f"{table}, each gets {n} cards; it "
                                                                               f"must be between 0 and {MAX_DRAW}")
        steps = _flow_steps(rules.flow, attached, env, cfg.ages, cfg.turns)
        if steps > MAX_FLOW_STEPS:
            raise CompiledRulesError("flow", f"{table}, the flow may run more than {MAX_FLOW_STEPS} steps (its "
                                             "loops and repeats multiply)")


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


# ---- final scoring -------------------------------------------------------------------------------------

def _scoring_bounded(rules: ir.RuleSet) -> None:
    """Final scoring tries every combination of a city's end-of-game choices: each copied card,
    each set of different cards whose symbols are copied, each symbol of every either/or symbol.
    Bound the steps it could take for a city that built every card, on each board side, holding
    every effect of the rule set and of its options."""
    seats = max((resolve_config(rules, p, o).seats for p, o in supported_tables(rules)), default=1)
    cards = [h for i, c in enumerate(rules.cards) for h in _choices(c.hooks, f"cards[{i}]")]
    sides = [_choices(b.hooks, f"boards[{i}]") + [h for j, st in enumerate(b.stages)
                                                  for h in _choices(st.hooks, f"boards[{i}].stages[{j}]")]
             for i, b in enumerate(rules.boards)] or [[]]
    held = [h for where, blocks in rule_effect_lists(rules) for i, block in enumerate(blocks)
            for h in _choices(block.hooks, f"{where}[{i}]")]
    for side in sides:
        hooks = cards + side + held
        total = _scoring_steps(rules, [h for h, _ in hooks], seats)
        if total > MAX_SCORING_STEPS:
            path = max(hooks, key=lambda hp: _scoring_steps(rules, [hp[0]], seats))[1]
            big = str(total) if total < 10**12 else f"more than 10^{len(str(total)) - 1}"
            raise CompiledRulesError(path, f"final scoring could take {big} steps through the end-of-game choices "
                                           f"of one city (at most {MAX_SCORING_STEPS}); this effect adds the most")


def _choices(hooks: tuple[ir.Hook, ...], path: str) -> list[tuple[ir.Hook, str]]:
    return [(h, f"{path}.hooks[{k}]") for k, h in enumerate(hooks)
            if isinstance(h.op, (ir.CopyCard, ir.CopySymbol))
            or (isinstance(h.op, ir.Symbol) and len(h.op.options) > 1)]


def _wild(hooks: tuple[ir.Hook, ...]) -> list[int]:
    return [len(h.op.options) for h in hooks if isinstance(h.op, ir.Symbol) and len(h.op.options) > 1]


def _symbols(card: ir.Card) -> tuple[str, ...]:
    return tuple(sorted(s for h in card.hooks if isinstance(h.op, ir.Symbol) and len(h.op.options) == 1
                        for s in h.op.options * h.op.amount))


def _seats_in(relations: set[str], seats: int) -> int:
    if relations - {"left", "right", "neighbours", "self"}:
        return seats
    return 2 if "neighbours" in relations or {"left", "right"} <= relations else 1


def _scoring_steps(rules: ir.RuleSet, hooks: list[ir.Hook], seats: int) -> int:
    """The work final scoring may do for a city with these hooks (see scoring.py's loops): for
    each choice of copied cards, each set of different cards whose symbols are copied; for each
    distinct set, every choice of the either/or symbols, and each distinct choice scored (every
    formula evaluated: ten steps)."""
    copies, wild, slots = 1, [], 0
    colours: set[str] = set()
    relations: set[str] = set()
    for hook in hooks:
        op = hook.op
        if isinstance(op, ir.Symbol):
            wild.append(len(op.options))
        elif isinstance(op, ir.CopyCard):
            kinds = [c for c in rules.cards if not op.colours or c.colour in op.colours]
            copies *= max(1, len({c.name for c in kinds}) * _seats_in({r.kind for r in op.sources}, seats)) ** op.count
            most = max(kinds, key=lambda c: prod(_wild(c.hooks)), default=None)
            wild.extend(_wild(most.hooks) * op.count if most else [])
        elif isinstance(op, ir.CopySymbol):
            slots += op.count
            colours.update(op.colours)
            relations.update(r.kind for r in op.sources)
    shown = [c for c in rules.cards if c.colour in colours and _symbols(c)]
    candidates = len(shown) * _seats_in(relations, seats)
    picked = min(slots, candidates)
    walked = comb(candidates, picked)
    distinct = comb(len({_symbols(c) for c in shown}) + picked - 1, picked) if picked else 1
    symbols = len({s for g in rules.symbol_groups for s in g.members})
    choices = min(prod(wild), comb(symbols + len(wild) - 1, len(wild))) if wild else 1
    return copies * (walked + distinct * (prod(wild) + 10 * choices))
