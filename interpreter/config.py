"""The game structure for one table: a rule set's settings resolved for a player count and options.

Both the checker (deck arithmetic for every supported count) and the engine use this, so they
agree on what a table of N players gets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter import vocabulary as vocab
from wonderrules.interpreter.errors import SetupError

__all__ = ["GameConfig", "ConfigError", "resolve_config", "evaluate_setting", "supported_tables",
           "deck_cards", "check_table", "describe_table"]


class ConfigError(SetupError):
    """The rule set cannot seat this table (player count, options). `setting` names the
    setting at fault (a field of :class:`~.ir.Settings`, or `team_size`) when there is one."""

    def __init__(self, message: str, setting: str | None = None) -> None:
        super().__init__(message)
        self.setting = setting


def evaluate_setting(expr: ir.Expr, env: Mapping[str, int]) -> int:
    """Evaluate a game-setting expression over `players`, `seats`, `age`. ConfigError when it
    divides by zero or uses what a setting cannot."""
    if isinstance(expr, ir.Num):
        return expr.value
    if isinstance(expr, ir.Var):
        if expr.name not in env:
            raise ConfigError(f"'{expr.name}' is not known here (known: {', '.join(env)})")
        return env[expr.name]
    if isinstance(expr, ir.BinOp):
        a = evaluate_setting(expr.left, env)
        b = evaluate_setting(expr.right, env)
        if expr.op == "+":
            return a + b
        if expr.op == "-":
            return a - b
        if expr.op == "*":
            return a * b
        if b == 0:
            raise ConfigError("it divides by zero")
        return a // b
    if isinstance(expr, ir.Call) and expr.function in ("min", "max") and expr.args:
        vals = [evaluate_setting(a, env) for a in expr.args]
        return min(vals) if expr.function == "min" else max(vals)
    raise ConfigError(f"'{getattr(expr, 'function', expr)}' cannot be used in a game setting")


def describe_table(players: int, options: Sequence[str] = ()) -> str:
    """`at 4 players`, `at 4 players with option 'teams'`: a table, for messages."""
    text = f"at {players} player{'s' if players != 1 else ''}"
    if options:
        text += " with option" + ("s " if len(options) > 1 else " ") + ", ".join(f"'{o}'" for o in options)
    return text


def _evaluate(expr: ir.Expr, env: Mapping[str, int], setting: str, what: str, table: str) -> int:
    try:
        return evaluate_setting(expr, env)
    except ConfigError as e:
        raise ConfigError(f"{table}, {what} cannot be computed: {e}", setting) from None


@attrs.frozen
class GameConfig:
    """Everything about the table that does not change during a game."""

    players: int
    seats: int
    options: tuple[str, ...]
    start_coins: int
    ages: int
    hand: int
    turns: int
    pass_directions: tuple[str, ...]
    sell_coins: int
    trade_price: int
    neighbours_sell: tuple[str, ...]
    stages_category: str
    #: (pool, age) -> number of cards drawn into that age's deck
    pool_draws: tuple[tuple[str, int, int], ...]
    tie_break: tuple[str, ...]
    order: tuple[tuple[str, tuple[str, ...]], ...]
    neutrals: tuple[ir.Neutral, ...]
    conflicts: tuple[ir.Conflict, ...]
    team_size: int
    winner: str

    def steps(self, timing: str) -> tuple[str, ...]:
        for t, steps in self.order:
            if t == timing:
                return steps
        return ()

    def draws_for(self, age: int) -> list[tuple[str, int]]:
        return [(pool, n) for pool, a, n in self.pool_draws if a == age]

    def piles(self) -> int:
        """How many hands and neutral piles are dealt each age."""
        return self.players + sum(1 for n in self.neutrals if n.dealt_pile)


def _apply(values: dict[str, object], patch: ir.Patch) -> None:
    for field in patch.fields:
        new = getattr(patch.values, field)
        if field == "pool_draws":
            old = [d for d in values["pool_draws"] if d.pool not in {n.pool for n in new}]
            values["pool_draws"] = tuple(old) + tuple(new)
        elif field == "neutrals":
            old = [d for d in values["neutrals"] if d.name not in {n.name for n in new}]
            values["neutrals"] = tuple(old) + tuple(new)
        elif field == "order":
            old = [d for d in values["order"] if d[0] not in {n[0] for n in new}]
            values["order"] = tuple(old) + tuple(new)
        else:
            values[field] = new


def resolve_config(rules: ir.RuleSet, players: int, options: Sequence[str] = ()) -> GameConfig:
    """The table for `players` players with the named options; ConfigError when not allowed."""
    known = {o.name: o for o in rules.options}
    chosen: list[ir.Option] = []
    for name in options:
        if name not in known:
            raise ConfigError(f"no option '{name}' (known: {', '.join(known) or 'none'})")
        chosen.append(known[name])
    values = attrs.asdict(rules.settings, recurse=False)
    for patch in rules.patches:
        if players in patch.players:
            _apply(values, patch)
    conflicts = {c.name: c for c in rules.conflicts}
    team_size = 0
    winner = "player"
    for opt in chosen:
        if opt.players and players not in opt.players:
            counts = ", ".join(str(p) for p in opt.players)
            raise ConfigError(f"option '{opt.name}' needs {counts} players, not {players}")
        for patch in opt.patches:
            if not patch.players or players in patch.players:
                _apply(values, patch)
        for c in opt.conflicts:
            conflicts[c.name] = c
        team_size = opt.team_size or team_size
        winner = opt.winner if opt.winner != "player" else winner
    allowed: tuple[int, ...] = values["players"]  # type: ignore[assignment]
    if players not in allowed:
        counts = _ranges(allowed)
        raise ConfigError(f"this rule set is for {counts} players, not {players}", "players")
    neutrals: tuple[ir.Neutral, ...] = values["neutrals"]  # type: ignore[assignment]
    seats = players + len(neutrals)
    env = {"players": players, "seats": seats}
    table = describe_table(players, options)
    ages: int = values["ages"]  # type: ignore[assignment]
    draws = []
    for d in values["pool_draws"]:  # type: ignore[attr-defined]
        for age in ([d.age] if d.age is not None else range(1, ages + 1)):
            n = _evaluate(d.count, {**env, "age": age}, "pool_draws", f"the draw from pool '{d.pool}'", table)
            draws.append((d.pool, age, n))
    return GameConfig(
        players=players, seats=seats, options=tuple(options),
        start_coins=values["start_coins"], ages=ages,
        hand=_evaluate(values["hand"], env, "hand", "the hand size", table),  # type: ignore[arg-type]
        turns=_evaluate(values["turns"], env, "turns", "the number of turns", table),  # type: ignore[arg-type]
        pass_directions=values["pass_directions"], sell_coins=values["sell_coins"],
        trade_price=values["trade_price"], neighbours_sell=values["neighbours_sell"],
        stages_category=values["stages_category"], pool_draws=tuple(draws),
        tie_break=values["tie_break"], order=values["order"], neutrals=neutrals,
        conflicts=tuple(conflicts.values()), team_size=team_size, winner=winner,
    )  # type: ignore[arg-type]


def check_table(cfg: GameConfig) -> None:
    """ConfigError (with a sentence) when a table's values are beyond what the engine plays:
    a game needs ages, hands and turns within their limits, a direction to pass hands, draws of
    zero cards or more, and whole teams."""
    table = describe_table(cfg.players, cfg.options)

    def within(value: int, low: int, high: int, setting: str, what: str) -> None:
        if not low <= value <= high:
            raise ConfigError(f"{table}, {what} is {value}; it must be between {low} and {high}", setting)

    within(cfg.ages, 1, vocab.MAX_AGES, "ages", "the number of ages")
    within(cfg.hand, 0, vocab.MAX_HAND, "hand", "the hand size")
    within(cfg.turns, 0, vocab.MAX_TURNS, "turns", "the number of turns")
    for pool, age, n in cfg.pool_draws:
        within(n, 0, vocab.MAX_DRAW, "pool_draws", f"the draw from pool '{pool}' in age {age}")
    within(cfg.seats, 1, vocab.MAX_SEATS, "neutrals", "the number of seats")
    if not cfg.pass_directions:
        raise ConfigError(f"{table}, hands pass in no direction: the rule set sets no pass direction",
                          "pass_directions")
    if cfg.team_size and cfg.players % cfg.team_size:
        raise ConfigError(f"{cfg.players} players cannot sit in teams of {cfg.team_size}", "team_size")


def _ranges(counts: Sequence[int]) -> str:
    counts = sorted(counts)
    if not counts:
        return "no"
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(str(c) for c in counts)


def supported_tables(rules: ir.RuleSet) -> list[tuple[int, tuple[str, ...]]]:
    """Every (player count, options) a rule set allows: each count alone and with each option."""
    out: list[tuple[int, tuple[str, ...]]] = []
    for n in sorted(set(rules.settings.players)):
        out.append((n, ()))
        for opt in rules.options:
            if not opt.players or n in opt.players:
                out.append((n, (opt.name,)))
    return out


def deck_cards(rules: ir.RuleSet, config: GameConfig, age: int) -> list[ir.Card]:
    """The non-pool cards of an age, with their copies for this table."""
    out = []
    for card in rules.cards:
        if card.age == age and card.pool is None:
            out.extend([card] * card.copies_for(config.seats))
    return out

