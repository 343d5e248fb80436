"""The figures of simulated games computed from the whole list of their records, as `wr simulate`
and `wr compare` computed them before they kept their figures as counts: the reference the
counted figures must equal, number for number (workbench/test_statistics.py,
workbench/test_comparison.py, cli/test_cli_simulate.py). The code is kept as it was written
then, its two entry points renamed (`summarise_records`, `compare_records`); `same_figures`
compares two results, NaN included."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Optional

import attrs

from wonderrules.workbench.comparison import ALPHA, Comparison, Difference, holm, two_proportions
from wonderrules.workbench.simulation import SeatRecord
from wonderrules.workbench.statistics import (
    MIN_BUILT,
    CardStrength,
    Group,
    Mean,
    Spread,
    Summary,
    t_quantile,
    t_two_sided_p,
    wilson,
)

__all__ = ["summarise_records", "compare_records", "same_figures"]


def same_figures(x: object) -> object:
    """`x` (attrs classes, tuples, numbers) with NaN made comparable: NaN is not equal to itself."""
    if attrs.has(type(x)):
        return (type(x).__name__, same_figures(attrs.astuple(x, recurse=False)))
    if isinstance(x, (tuple, list)):
        return tuple(same_figures(v) for v in x)
    if isinstance(x, float) and math.isnan(x):
        return "NaN"
    return x


def mean_interval(values: Sequence[float]) -> Mean:
    """The mean with Student's 95% interval."""
    n = len(values)
    if n == 0:
        return Mean(0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Mean(1, mean, math.nan, math.nan, math.nan)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return Mean(n, mean, sd, mean - half, mean + half)


def quantile(ordered: Sequence[float], q: float) -> float:
    """The `q` quantile of sorted values, interpolated between the two nearest (the values at
    positions 0 to n-1 are the quantiles 0 to 1)."""
    if not ordered:
        return math.nan
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def spread(name: str, values: Sequence[float]) -> Spread:
    ordered = sorted(values)
    m = mean_interval(ordered)
    if not ordered:
        return Spread(name, 0, *([math.nan] * 7))
    return Spread(name, len(ordered), m.value, m.sd, ordered[0], quantile(ordered, 0.25), quantile(ordered, 0.5),
                  quantile(ordered, 0.75), ordered[-1])


def fair_rate(records: Sequence[SeatRecord]) -> float:
    """The mean share of the win over every seat: what a seat of no particular strength wins."""
    return math.fsum(r.winner for r in records) / len(records) if records else math.nan


def group(records: Iterable[SeatRecord], key: Callable[[SeatRecord], tuple[str, ...]], fair: float
          ) -> tuple[Group, ...]:
    """The groups of seats by `key`, in the order first met."""
    found: dict[Hashable, list[SeatRecord]] = {}
    for r in records:
        found.setdefault(key(r), []).append(r)
    out = []
    for k, rows in found.items():
        win = wilson(math.fsum(r.winner for r in rows), len(rows))
        out.append(Group(k, win, win.value / fair if fair else math.nan, mean_interval([r.total for r in rows])))
    return tuple(out)


def by_card(records: Sequence[SeatRecord]) -> tuple[dict[str, list[SeatRecord]], dict[str, list[SeatRecord]]]:
    """card -> the seat-games that saw it, and those that built it."""
    seen: dict[str, list[SeatRecord]] = {}
    built: dict[str, list[SeatRecord]] = {}
    for r in records:
        for card in r.seen:
            seen.setdefault(card, []).append(r)
        for card in dict.fromkeys(r.built):
            built.setdefault(card, []).append(r)
    return seen, built


def card_strengths(records: Sequence[SeatRecord], fair: float, min_built: int = MIN_BUILT
                   ) -> tuple[CardStrength, ...]:
    """Every card seen or built, ranked: first those built at least `min_built` times, by the
    win rate of the seats that built them (best first), then the rarely built ones, the same way."""
    seen, built = by_card(records)
    out = []
    for card in sorted(set(seen) | set(built)):
        saw, made = seen.get(card, []), built.get(card, [])
        made_when_seen = sum(1 for r in saw if card in r.built)
        passed = [r for r in saw if card not in r.built]
        builders = wilson(math.fsum(r.winner for r in made), len(made))
        out.append(CardStrength(
            card, len(saw), len(made), wilson(made_when_seen, len(saw)), builders,
            wilson(math.fsum(r.winner for r in passed), len(passed)),
            builders.value / fair if fair else math.nan, len(made) < min_built))
    out.sort(key=lambda c: (c.few, -c.builders.value if c.built else math.inf, c.card))
    return tuple(out)


def per_game(records: Iterable[SeatRecord]) -> dict[int, list[SeatRecord]]:
    """The records by game number, in the order first met."""
    games: dict[int, list[SeatRecord]] = {}
    for r in records:
        games.setdefault(r.game, []).append(r)
    return games


def summarise_records(records: Sequence[SeatRecord], min_built: int = MIN_BUILT) -> Summary:
    """Every statistic of the records (see the module's text for the conventions)."""
    fair = fair_rate(records)
    games = per_game(records)
    names = [name for name, _ in records[0].scores] if records else []
    columns = [spread(name, [dict(r.scores).get(name, 0) for r in records]) for name in names]
    columns.append(spread("total", [r.total for r in records]))
    boards = sorted(group(records, lambda r: (r.board, r.side), fair), key=lambda g: (-g.win.value, g.key))
    return Summary(
        games=len(games), seats=len(records), fair=fair, boards=tuple(boards),
        by_seat=tuple(sorted(group(records, lambda r: (str(r.seat),), fair), key=lambda g: int(g.key[0]))),
        by_agent=group(records, lambda r: (r.agent,), fair), columns=tuple(columns),
        cards=card_strengths(records, fair, min_built),
        rounds=spread("rounds", [rows[0].rounds for rows in games.values()]),
        decisions=spread("decisions", [r.decisions for r in records]), min_built=min_built)


# ---- the comparison, as wonderrules.workbench.comparison made it from the lists --------------------------

def _unpaired(section: str, subject: str, measure: str, a: float, b: float, test: str, n_a: int, n_b: int
              ) -> Difference:
    return Difference(section, subject, measure, a, b, b - a, math.nan, math.nan, math.nan, test, n_a, n_b)


def _from_t(difference: float, se: float, df: float) -> tuple[float, float, float]:
    """The interval and the p-value of a difference with standard error `se` (0: no spread at all)."""
    if se == 0 or math.isnan(se):
        if se == 0:
            return difference, difference, 1.0 if difference == 0 else 0.0
        return math.nan, math.nan, math.nan
    half = t_quantile(0.975, df) * se
    return difference - half, difference + half, t_two_sided_p(difference / se, df)


def paired(section: str, subject: str, measure: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    """The mean of b - a over pairs (one per game), by the paired t test."""
    n = len(a)
    if n == 0:
        return _unpaired(section, subject, measure, math.nan, math.nan, "paired t", 0, 0)
    mean_a, mean_b = math.fsum(a) / n, math.fsum(b) / n
    diffs = [y - x for x, y in zip(a, b)]
    d = math.fsum(diffs) / n
    if n < 2:
        return _unpaired(section, subject, measure, mean_a, mean_b, "paired t", n, n)
    sd = math.sqrt(math.fsum((x - d) ** 2 for x in diffs) / (n - 1))
    low, high, p = _from_t(d, sd / math.sqrt(n), n - 1)
    return Difference(section, subject, measure, mean_a, mean_b, d, low, high, p, "paired t", n, n)


def welch(section: str, subject: str, measure: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    """The difference of two means by Welch's t test (unequal variances)."""
    na, nb = len(a), len(b)
    mean_a = math.fsum(a) / na if na else math.nan
    mean_b = math.fsum(b) / nb if nb else math.nan
    if na < 2 or nb < 2:
        return _unpaired(section, subject, measure, mean_a, mean_b, "Welch t", na, nb)
    va = math.fsum((x - mean_a) ** 2 for x in a) / (na - 1) / na
    vb = math.fsum((x - mean_b) ** 2 for x in b) / (nb - 1) / nb
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1)) if se else math.inf
    low, high, p = _from_t(mean_b - mean_a, se, df)
    return Difference(section, subject, measure, mean_a, mean_b, mean_b - mean_a, low, high, p, "Welch t", na, nb)


def _per_game_values(games: dict[int, list[SeatRecord]], numbers: Sequence[int],
                     value: Callable[[list[SeatRecord]], Optional[float]]) -> dict[int, float]:
    out = {}
    for g in numbers:
        v = value(games[g])
        if v is not None:
            out[g] = v
    return out


def _mean(values: Sequence[float]) -> Optional[float]:
    return math.fsum(values) / len(values) if values else None


def _paired_sections(games_a: dict[int, list[SeatRecord]], games_b: dict[int, list[SeatRecord]]
                     ) -> list[Difference]:
    """The figures measured once per game, compared game by game."""
    common = sorted(set(games_a) & set(games_b))
    measures: list[tuple[str, str, str, Callable[[list[SeatRecord]], Optional[float]]]] = []
    columns_a = [n for n, _ in next(iter(games_a.values()))[0].scores] if games_a else []
    columns_b = [n for n, _ in next(iter(games_b.values()))[0].scores] if games_b else []
    out: list[Difference] = []
    for column in dict.fromkeys(columns_a + columns_b):
        if column not in columns_a or column not in columns_b:
            out.append(_unpaired("score", column, "mean", math.nan, math.nan, "", 0, 0))
            out[-1] = attrs.evolve(out[-1], only="A" if column in columns_a else "B")
            continue
        measures.append(("score", column, "mean",
                         lambda rows, c=column: _mean([dict(r.scores)[c] for r in rows])))
    measures.append(("score", "total", "mean", lambda rows: _mean([r.total for r in rows])))
    seats = sorted({r.seat for rows in games_a.values() for r in rows} | {r.seat for rows in games_b.values()
                                                                          for r in rows})
    for seat in seats:
        measures.append(("seat", str(seat), "win rate", lambda rows, s=seat: _mean([r.winner for r in rows
                                                                                    if r.seat == s])))
        measures.append(("seat", str(seat), "mean total", lambda rows, s=seat: _mean([r.total for r in rows
                                                                                      if r.seat == s])))
    agents = list(dict.fromkeys([r.agent for rows in games_a.values() for r in rows]
                                + [r.agent for rows in games_b.values() for r in rows]))
    for agent in agents:
        measures.append(("agent", agent, "win rate", lambda rows, n=agent: _mean([r.winner for r in rows
                                                                                  if r.agent == n])))
        measures.append(("agent", agent, "mean total", lambda rows, n=agent: _mean([r.total for r in rows
                                                                                    if r.agent == n])))
    measures.append(("length", "game", "rounds", lambda rows: float(rows[0].rounds)))
    for section, subject, measure, value in measures:
        va = _per_game_values(games_a, common, value)
        vb = _per_game_values(games_b, common, value)
        both = [g for g in common if g in va and g in vb]
        out.append(paired(section, subject, measure, [va[g] for g in both], [vb[g] for g in both]))
    return out


def _by(records: Sequence[SeatRecord], key: Callable[[SeatRecord], str]) -> dict[str, list[SeatRecord]]:
    out: dict[str, list[SeatRecord]] = {}
    for r in records:
        out.setdefault(key(r), []).append(r)
    return out


def _seat_games(section: str, subject: str, measure: str, rows_a: Sequence[SeatRecord],
                rows_b: Sequence[SeatRecord], value: Callable[[SeatRecord], float], rate: bool) -> Difference:
    """A figure over seat-games: paired seat-game by seat-game when both simulations count the
    same seats of the same games (a variant that deals and plays alike there), else compared as
    independent samples: rates by the z test, means by Welch's."""
    keyed_a = {(r.game, r.seat): value(r) for r in rows_a}
    keyed_b = {(r.game, r.seat): value(r) for r in rows_b}
    if keyed_a.keys() == keyed_b.keys() and len(keyed_a) == len(rows_a) == len(rows_b):
        keys = sorted(keyed_a)
        return paired(section, subject, measure, [keyed_a[k] for k in keys], [keyed_b[k] for k in keys])
    if rate:
        return two_proportions(section, subject, measure, math.fsum(keyed_a.values()), len(rows_a),
                               math.fsum(keyed_b.values()), len(rows_b))
    return welch(section, subject, measure, [value(r) for r in rows_a], [value(r) for r in rows_b])


def _only(section: str, subject: str, measure: str, only: str, rows: Sequence[SeatRecord]) -> Difference:
    """A subject met in simulation `only` alone: its seat-games, nothing tested."""
    n_a, n_b = (len(rows), 0) if only == "A" else (0, len(rows))
    return attrs.evolve(_unpaired(section, subject, measure, math.nan, math.nan, "", n_a, n_b), only=only)


def _board_sections(a: Sequence[SeatRecord], b: Sequence[SeatRecord]) -> list[Difference]:
    by_a, by_b = _by(a, lambda r: f"{r.board} {r.side}"), _by(b, lambda r: f"{r.board} {r.side}")
    out = []
    for subject in sorted(set(by_a) | set(by_b)):
        rows_a, rows_b = by_a.get(subject, []), by_b.get(subject, [])
        if not rows_a or not rows_b:
            out.append(_only("board", subject, "seats", "A" if rows_a else "B", rows_a or rows_b))
            continue
        out.append(_seat_games("board", subject, "win rate", rows_a, rows_b, lambda r: r.winner, True))
        out.append(_seat_games("board", subject, "mean total", rows_a, rows_b, lambda r: float(r.total), False))
    return out


def _card_sections(a: Sequence[SeatRecord], b: Sequence[SeatRecord]) -> list[Difference]:
    (seen_a, built_a), (seen_b, built_b) = by_card(a), by_card(b)
    out = []
    for card in sorted(set(seen_a) | set(built_a) | set(seen_b) | set(built_b)):
        in_a, in_b = card in seen_a or card in built_a, card in seen_b or card in built_b
        if not in_a or not in_b:
            out.append(_only("card", card, "seen", "A" if in_a else "B", (seen_a if in_a else seen_b).get(card, [])))
            continue
        out.append(_seat_games("card", card, "built when seen", seen_a.get(card, []), seen_b.get(card, []),
                               lambda r, c=card: float(c in r.built), True))
        out.append(_seat_games("card", card, "builders' win rate", built_a.get(card, []), built_b.get(card, []),
                               lambda r: r.winner, True))
    return out


def compare_records(a: Sequence[SeatRecord], b: Sequence[SeatRecord], alpha: float = ALPHA) -> Comparison:
    """Every statistic of simulation B against simulation A (differences are B - A)."""
    games_a, games_b = per_game(a), per_game(b)
    found = _paired_sections(games_a, games_b) + _board_sections(a, b) + _card_sections(a, b)
    adjusted = holm([d.p for d in found])
    found = [attrs.evolve(d, adjusted=q) for d, q in zip(found, adjusted)]
    tests = sum(1 for d in found if not math.isnan(d.p))

    def order(d: Difference) -> tuple[int, float, float]:
        if d.only:
            return (3, 0.0, 0.0)
        if math.isnan(d.p):
            return (2, 0.0, 0.0)
        return (0 if d.significant(alpha) else 1, d.adjusted if d.significant(alpha) else d.p, -abs(d.difference))

    found.sort(key=order)
    return Comparison(len(games_a), len(games_b), len(set(games_a) & set(games_b)), alpha, tests, tuple(found))
