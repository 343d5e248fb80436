"""What simulated games say about a rule set: win rates and scores per board and side, per seat
and per agent, the spread of every score column, the strength of each card, the length of a game.

Pure functions over :class:`~wonderrules.simulation.SeatRecord` rows; they return plain frozen
data (numbers and names), which the command line prints as tables and a report can plot.

The conventions, stated once:

- A seat's *win* is its share of the win: 1 for a sole winner, 1/k for a tie of k. A *win rate*
  is the mean share over the seats counted.
- The *fair* rate is the mean share over all the seats of all the games: 1/N at a table of N
  players with no team and no competing neutral seat. *Relative* rates divide by it, so 1.0 is
  fair, 1.5 wins half as often again as an average seat.
- Intervals are 95%: Wilson's score interval for rates (it stays inside 0..1 and behaves with
  few games), Student's t for means.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from statistics import NormalDist

import attrs

from wonderrules.simulation import SeatRecord

__all__ = ["Z95", "Rate", "Mean", "Spread", "Group", "CardStrength", "Summary", "wilson", "wilson_bounds",
           "mean_interval", "spread", "quantile", "t_quantile", "t_two_sided_p", "summarise", "group", "MIN_BUILT",
           "by_card"]

#: the normal quantile of a two-sided 95% interval
Z95 = NormalDist().inv_cdf(0.975)
#: a card built in fewer seat-games than this is ranked apart: its win rate is too uncertain
MIN_BUILT = 20


@attrs.frozen
class Rate:
    """`successes` (win shares may be fractions) out of `n`, with Wilson's 95% interval."""

    successes: float
    n: int
    value: float
    low: float
    high: float


@attrs.frozen
class Mean:
    """The mean of `n` values, their standard deviation and Student's 95% interval of the mean
    (NaN where it is not defined: no value, or one for the deviation and the interval)."""

    n: int
    value: float
    sd: float
    low: float
    high: float


@attrs.frozen
class Spread:
    """How a quantity spreads over the rows: mean, standard deviation, minimum, quartiles, maximum."""

    name: str
    n: int
    mean: float
    sd: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float


@attrs.frozen
class Group:
    """The seats sharing a key (a board and side, a seat, an agent): how often they won and scored."""

    key: tuple[str, ...]
    win: Rate
    #: the win rate over the fair rate: 1.0 is fair
    relative: float
    total: Mean


@attrs.frozen
class CardStrength:
    """One card: in how many seat-games it was seen (a legal action named it) and built, how often a
    seat that saw it built it, and how often the seats that built it, or passed it, won."""

    card: str
    seen: int
    built: int
    built_when_seen: Rate
    builders: Rate
    #: the seats that saw it and did not build it
    passers: Rate
    #: the builders' win rate over the fair rate
    relative: float
    #: built fewer than MIN_BUILT times: ranked apart
    few: bool


@attrs.frozen
class Summary:
    games: int
    seats: int
    fair: float
    boards: tuple[Group, ...]
    by_seat: tuple[Group, ...]
    by_agent: tuple[Group, ...]
    #: every score column of the rule set, then the total
    columns: tuple[Spread, ...]
    #: the ranking: cards built at least `min_built` times by the builders' win rate, then the others
    cards: tuple[CardStrength, ...]
    #: rounds of decisions per game
    rounds: Spread
    #: decisions per seat and game
    decisions: Spread
    min_built: int


# ---- intervals ----------------------------------------------------------------------------------

def wilson(successes: float, n: int, z: float = Z95) -> Rate:
    """The rate `successes / n` with Wilson's score interval (NaN everywhere when n is 0)."""
    if n <= 0:
        return Rate(successes, 0, math.nan, math.nan, math.nan)
    p = successes / n
    return Rate(successes, n, p, *wilson_bounds(p, n, z))


def wilson_bounds(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The ends of Wilson's score interval of the rate `p` seen over `n` (above 0) trials. The
    ends hold `p` and stay inside 0..1: the formula, rounded, may put an end a hair past the rate
    (0 of 5 gives 3e-17 as its lower end), which would draw an error bar of negative length."""
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, min(p, (centre - half) / scale)), min(1.0, max(p, (centre + half) / scale))


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz evaluation)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """The chance that Student's t with `df` degrees of freedom lies as far from 0 as `t`."""
    if math.isinf(t):
        return 0.0
    return min(1.0, _incomplete_beta(df / 2, 0.5, df / (df + t * t)))


def t_quantile(p: float, df: float) -> float:
    """The `p` quantile of Student's t (p above one half), found by bisection."""
    low, high = 0.0, 1.0
    while 1 - t_two_sided_p(high, df) / 2 < p:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if 1 - t_two_sided_p(mid, df) / 2 < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


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


# ---- summaries ----------------------------------------------------------------------------------

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


def summarise(records: Sequence[SeatRecord], min_built: int = MIN_BUILT) -> Summary:
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
