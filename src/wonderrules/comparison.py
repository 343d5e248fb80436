"""What changes from one simulated rule set to another: every statistic of
:mod:`wonderrules.statistics` taken in both, its difference (B - A) with a 95% interval and a
test, the p-values corrected for the number of tests by Holm's method.

Both simulations play the same game numbers with the same seeds (common random numbers): game g
of A and game g of B start from the same seed, with agents drawing from the same generators. So a
figure measured once per game (the mean score of a column, the result of a seat or of an agent,
the length of a game) is compared game by game, with a paired t test on the differences, which
removes most of the luck the two share. A figure of a board or a card is measured over the
seat-games that had it; it is compared seat-game by seat-game (paired t test) when both
simulations had it at the same seats of the same games, as a variant that deals and plays alike
does, and otherwise as two independent samples: rates by the two-proportion z test (with
Newcombe's interval), means by Welch's t test.

Pure functions; the result is plain data for a table or a report.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Optional

import attrs

from wonderrules.simulation import SeatRecord
from wonderrules.statistics import by_card, per_game, t_quantile, t_two_sided_p, wilson

__all__ = ["Difference", "Comparison", "compare", "paired", "welch", "two_proportions", "holm", "ALPHA"]

ALPHA = 0.05


@attrs.frozen
class Difference:
    """One statistic in A and in B. `only` is "A" or "B" for a subject met in one simulation
    only (nothing is tested then); `p` is NaN where no test applies (fewer than two games)."""

    section: str
    subject: str
    measure: str
    a: float
    b: float
    difference: float
    low: float
    high: float
    p: float
    test: str
    n_a: int
    n_b: int
    only: str = ""
    #: the p-value corrected by Holm's method over every test of the comparison
    adjusted: float = math.nan

    def significant(self, alpha: float = ALPHA) -> bool:
        return self.adjusted < alpha


@attrs.frozen
class Comparison:
    """The differences: the significant ones first (smallest corrected p first), then the others
    by p, then the subjects met in one simulation only."""

    games_a: int
    games_b: int
    #: games played in both, which the paired tests compare
    paired_games: int
    alpha: float
    tests: int
    differences: tuple[Difference, ...]

    @property
    def significant(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if d.significant(self.alpha))


# ---- tests --------------------------------------------------------------------------------------

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


def two_proportions(section: str, subject: str, measure: str, successes_a: float, n_a: int, successes_b: float,
                    n_b: int) -> Difference:
    """The difference of two rates: Newcombe's interval (from the two Wilson intervals) and the
    z test with the pooled rate."""
    if n_a == 0 or n_b == 0:
        return _unpaired(section, subject, measure, successes_a / n_a if n_a else math.nan,
                         successes_b / n_b if n_b else math.nan, "z test", n_a, n_b)
    ra, rb = wilson(successes_a, n_a), wilson(successes_b, n_b)
    d = rb.value - ra.value
    low = d - math.sqrt((rb.value - rb.low) ** 2 + (ra.high - ra.value) ** 2)
    high = d + math.sqrt((rb.high - rb.value) ** 2 + (ra.value - ra.low) ** 2)
    pooled = (successes_a + successes_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        p = 1.0 if d == 0 else 0.0
    else:
        p = math.erfc(abs(d) / se / math.sqrt(2))  # two-sided, standard normal
    return Difference(section, subject, measure, ra.value, rb.value, d, low, high, p, "z test", n_a, n_b)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down correction: the k-th smallest of m p-values is multiplied by m - k + 1,
    and the results kept non-decreasing (NaN stays NaN and does not count as a test)."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(tested)
    out = [math.nan] * len(p_values)
    running = 0.0
    for k, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - k) * p))
        out[i] = running
    return out


# ---- the comparison -----------------------------------------------------------------------------

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


def compare(a: Sequence[SeatRecord], b: Sequence[SeatRecord], alpha: float = ALPHA) -> Comparison:
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

