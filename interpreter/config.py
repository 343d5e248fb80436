"""A rule set's settings resolved for one table: a player count and the options turned on.

The checker (deck arithmetic for every table a rule set allows) and the engine both use it, so
they agree on what a table of N players gets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w

__all__ = ["TableConfig", "ConfigError", "resolve_config", "Beyond", "beyond_limits", "check_limits", "evaluate",
           "supported_tables", "deck_cards"]


class ConfigError(ValueError):
    """The rule set cannot seat this table (a player count, an option), with a sentence."""


def evaluate(expr: ir.Expr, env: Mapping[str, int]) -> int:
    """A setting's expression over the table's variables (`players`, `seats`, `age`...)."""
    if isinstance(expr, ir.Num):
        return expr.value
    if isinstance(expr, ir.Var):
        if expr.name not in env:
            raise ConfigError(f"'{expr.name}' has no value in a setting of the table")
        return env[expr.name]
    if isinstance(expr, ir.BinOp):
        a, b = evaluate(expr.left, env), evaluate(expr.right, env)
        op = expr.op
        if op == "/":
            if b == 0:
                raise ConfigError("a setting divides by zero")
            return a // b
        table = {"+": a + b, "-": a - b, "*": a * b, "<": int(a < b), "<=": int(a <= b), "==": int(a == b),
                 "!=": int(a != b), ">=": int(a >= b), ">": int(a > b), "and": int(bool(a and b)),
                 "or": int(bool(a or b))}
        return table[op]
    if isinstance(expr, ir.Not):
        return int(not evaluate(expr.operand, env))
    if isinstance(expr, ir.Call):
        values = [evaluate(a, env) for a in expr.args]
        if expr.function == "abs":
            return abs(values[0])
        return min(values) if expr.function == "min" else max(values)
    raise ConfigError("a setting of the table cannot count what cities hold")


@attrs.frozen
class TableConfig:
    """Everything about a table that does not change during a game."""

    players: int
    seats: int
    options: tuple[str, ...]
    start_coins: int
    ages: int
    #: the hand size and the turns of Age I (see `hands_by_age` and `turns_by_age` for the others)
    hand: int
    turns: int
    #: per age, the hand size and the turns, when `hand` and `turns` depend on `age`; index 0 (the
    #: steps before the first age) holds those of Age I
    hands_by_age: tuple[int, ...]
    turns_by_age: tuple[int, ...]
    pass_directions: tuple[str, ...]
    #: per age (index 0, before the first age: as the last, the directions going round), the seats
    #: a hand passes without a direction of its own: +N to the left, -N to the right
    pass_steps: tuple[int, ...]
    #: (pool, age, number of cards drawn into that age's deck)
    pool_draws: tuple[tuple[str, int, int], ...]
    tie_break: tuple[str, ...]
    #: moment -> the order of the steps of its effects
    order: Mapping[str, tuple[str, ...]]
    neutral_seats: tuple[ir.NeutralSeat, ...]
    contests: tuple[ir.Contest, ...]
    zones: tuple[ir.Zone, ...]
    team_size: int
    winner: str
    #: the effects of the rule set, then those of each option turned on, in order
    effects: tuple[ir.RuleEffects, ...] = ()

    def steps(self, moment: str) -> tuple[str, ...]:
        return self.order.get(moment, ())

    def draws_for(self, age: int) -> list[tuple[str, int]]:
        return [(pool, n) for pool, a, n in self.pool_draws if a == age]

    def direction(self, age: int) -> str:
        dirs = self.pass_directions
        return dirs[(age - 1) % len(dirs)] if dirs else "left"

    def variables(self, age: int = 1) -> dict[str, int]:
        """The table's numbers in an age (0: before the first age, with the hand and turns of
        Age I), as the settings, deals and repeats of the flow read them."""
        return {"players": self.players, "seats": self.seats, "ages": self.ages, "age": age,
                "turns": self.turns_by_age[age], "hand": self.hands_by_age[age]}


def _replace_by(old: Sequence[Any], new: Sequence[Any], key: str) -> tuple[Any, ...]:
    names = {getattr(n, key) for n in new}
    return tuple(o for o in old if getattr(o, key) not in names) + tuple(new)


def _apply(values: dict[str, Any], zones: dict[str, ir.Zone], patch: ir.Patch) -> None:
    for name in ("start_coins", "hand", "turns", "pass_directions"):
        given = getattr(patch, name)
        if given is not None:
            values[name] = given
    if patch.pass_directions is not None:
        values["pass_distances"] = patch.pass_distances or ()
    if patch.pool_draws:
        values["pool_draws"] = _replace_by(values["pool_draws"], patch.pool_draws, "pool")
    if patch.neutral_seats:
        values["neutral_seats"] = _replace_by(values["neutral_seats"], patch.neutral_seats, "name")
    if patch.order:
        order = dict(values["order"])
        order.update({moment: tuple(steps) for moment, steps in patch.order})
        values["order"] = tuple(order.items())
    for zone in patch.zones:
        zones[zone.name] = zone


def resolve_config(rules: ir.RuleSet, players: int, options: Sequence[str] = ()) -> TableConfig:
    """The table of `players` players with the named options; ConfigError when not allowed."""
    known = {o.name: o for o in rules.options}
    chosen: list[ir.Option] = []
    for name in options:
        if name not in known:
            raise ConfigError(f"no option '{name}' (known: {', '.join(known) or 'none'})")
        chosen.append(known[name])
    s = rules.settings
    values: dict[str, Any] = {
        "start_coins": s.start_coins, "hand": s.hand, "turns": s.turns, "pass_directions": s.pass_directions,
        "pass_distances": s.pass_distances, "pool_draws": s.pool_draws, "order": s.order,
        "neutral_seats": s.neutral_seats,
    }
    zones = {z.name: z for z in rules.zones}
    for patch in rules.patches:
        if players in patch.players:
            _apply(values, zones, patch)
    contests = {c.name: c for c in rules.contests}
    effects = list(rules.effects)
    team_size = 0
    winner = "player"
    for opt in chosen:
        if opt.players and players not in opt.players:
            counts = ", ".join(str(p) for p in opt.players)
            raise ConfigError(f"option '{opt.name}' needs {counts} players, not {players}")
        for patch in opt.patches:
            if not patch.players or players in patch.players:
                _apply(values, zones, patch)
        for c in opt.contests:
            contests[c.name] = c
        effects.extend(opt.effects)
        team_size = opt.team_size or team_size
        winner = opt.winner if opt.winner != "player" else winner
    if players not in s.players:
        raise ConfigError(f"this rule set is for {_ranges(s.players)} players, not {players}")
    if team_size and players % team_size:
        raise ConfigError(f"{players} players cannot sit in teams of {team_size}")
    neutral: tuple[ir.NeutralSeat, ...] = values["neutral_seats"]
    seats = players + len(neutral)
    env = {"players": players, "seats": seats, "ages": s.ages}
    hands = [evaluate(values["hand"], {**env, "age": age}) for age in range(1, max(1, s.ages) + 1)]
    turns = [evaluate(values["turns"], {**env, "age": age, "hand": hand}) for age, hand in enumerate(hands, 1)]
    directions: tuple[str, ...] = tuple(values["pass_directions"])
    distances: tuple[int, ...] = tuple(values["pass_distances"]) or (1,) * len(directions)
    steps = tuple((1 if directions[(age - 1) % len(directions)] == "left" else -1)
                  * distances[(age - 1) % len(directions)] if directions else 1 for age in range(s.ages + 1))
    draws = []
    for d in values["pool_draws"]:
        for age in ([d.age] if d.age else range(1, s.ages + 1)):
            draws.append((d.pool, age, evaluate(d.count, {**env, "age": age})))
    return TableConfig(
        players=players, seats=seats, options=tuple(options), start_coins=values["start_coins"], ages=s.ages,
        hand=hands[0], turns=turns[0], hands_by_age=(hands[0], *hands), turns_by_age=(turns[0], *turns),
        pass_directions=directions, pass_steps=steps, pool_draws=tuple(draws),
        tie_break=tuple(s.tie_break), order=dict(values["order"]), neutral_seats=neutral,
        contests=tuple(contests.values()), zones=tuple(zones.values()), team_size=team_size, winner=winner,
        effects=tuple(effects))


@attrs.frozen
class Beyond:
    """A number of a table beyond the engine's limits: `what` it is (`the hand size`), its
    `value`, the bounds, and the `setting` that gave it (`hand`, `turns`, `ages`, `neutral_seats`,
    `pool_draws`, with the `pool` for a draw)."""

    setting: str
    what: str
    value: int
    low: int
    high: int
    pool: str = ""


def beyond_limits(cfg: TableConfig) -> list[Beyond]:
    """The numbers of a table beyond the engine's limits (the checker, the loader and Game all
    ask this function)."""
    limits = [Beyond("ages", "the number of ages", cfg.ages, 1, w.MAX_AGES),
              *_per_age("hand", "the hand size", cfg.hands_by_age[1:], w.MAX_HAND),
              *_per_age("turns", "the number of turns", cfg.turns_by_age[1:], w.MAX_TURNS),
              Beyond("neutral_seats", "the number of seats", cfg.seats, 1, w.MAX_SEATS)]
    limits += [Beyond("pool_draws", f"the draw from pool '{pool}' in age {age}", n, 0, w.MAX_DRAW, pool)
               for pool, age, n in cfg.pool_draws]
    return [b for b in limits if not b.low <= b.value <= b.high]


def _per_age(setting: str, what: str, values: Sequence[int], high: int) -> list[Beyond]:
    """The limits of a number of each age: said once when every age has the same."""
    if len(set(values)) <= 1:
        return [Beyond(setting, what, values[0], 0, high)] if values else []
    return [Beyond(setting, f"{what} in age {age}", n, 0, high) for age, n in enumerate(values, 1)]


def check_limits(cfg: TableConfig) -> None:
    """The table is within the engine's limits, or ConfigError with a sentence. A rule set loaded
    from text or JSON is checked for every table it seats (see :mod:`.bounds`); one built in
    Python reaches the Game without those checks, and would otherwise deal a negative hand from
    the end of the deck or fail in the middle of a game."""
    for b in beyond_limits(cfg):
        raise ConfigError(f"at {cfg.players} players, {b.what} is {b.value}; it must be between {b.low} and {b.high}")


def _ranges(counts: Sequence[int]) -> str:
    ordered = sorted(counts)
    if not ordered:
        return "no"
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(str(c) for c in ordered)


def supported_tables(rules: ir.RuleSet) -> list[tuple[int, tuple[str, ...]]]:
    """Every (player count, options) a rule set allows: each count alone and with each option."""
    out: list[tuple[int, tuple[str, ...]]] = []
    for n in sorted(set(rules.settings.players)):
        out.append((n, ()))
        for opt in rules.options:
            if not opt.players or n in opt.players:
                out.append((n, (opt.name,)))
    return out


def deck_cards(rules: ir.RuleSet, config: TableConfig, age: int, deck: str = "age") -> list[ir.Card]:
    """The cards of a deck dealt by age that are not drawn from pools, with their copies for the
    table (one copy per printed marker at or below the number of seats)."""
    out: list[ir.Card] = []
    for card in rules.cards:
        if card.deck == deck and card.age == age and not card.pool:
            out.extend([card] * card.copies_for(config.seats))
    return out


def option(rules: ir.RuleSet, name: str) -> Optional[ir.Option]:
    return next((o for o in rules.options if o.name == name), None)
