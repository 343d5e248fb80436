"""What simulated games say about a rule set: win rates and scores per board and side, per seat
and per agent, the spread of every score column, the strength of each card, the length of a game.

The figures are taken from :class:`~wonderrules.workbench.simulation.SeatRecord` rows as the games come
in, kept as counts (a :class:`Tally`), so that a run of a million games needs no more memory than
a run of a thousand; they are given as plain frozen data (numbers and names), which the command
line prints as tables and a report can plot.

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
from collections.abc import Iterable, Sequence
from statistics import NormalDist

import attrs

from wonderrules.workbench.simulation import Chunk, SeatRecord
from wonderrules.workbench.value_counts import ValueCounts

__all__ = ["Z95", "Rate", "Mean", "Spread", "Group", "CardStrength", "Summary", "wilson", "wilson_bounds",
           "mean_interval", "spread", "quantile", "t_quantile", "t_two_sided_p", "summarise", "Tally", "per_game",
           "MIN_BUILT"]

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


def mean_interval(values: Sequence[float] | ValueCounts) -> Mean:
    """The mean with Student's 95% interval."""
    counted = values if isinstance(values, ValueCounts) else ValueCounts(values)
    n = counted.n
    if n == 0:
        return Mean(0, math.nan, math.nan, math.nan, math.nan)
    mean, sd = _mean_sd(counted)
    if n == 1:
        return Mean(1, mean, math.nan, math.nan, math.nan)
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return Mean(n, mean, sd, mean - half, mean + half)


def _mean_sd(counted: ValueCounts) -> tuple[float, float]:
    """The mean and the standard deviation (NaN for fewer than two values) of some values."""
    n = counted.n
    mean = counted.total() / n
    return mean, math.sqrt(counted.squares_about(mean) / (n - 1)) if n > 1 else math.nan


def quantile(ordered: Sequence[float], q: float) -> float:
    """The `q` quantile of sorted values, interpolated between the two nearest (the values at
    positions 0 to n-1 are the quantiles 0 to 1)."""
    if not ordered:
        return math.nan
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def spread(name: str, values: Sequence[float] | ValueCounts) -> Spread:
    """The spread of some values: their mean, deviation, extremes and quartiles. The quartiles
    are exact: they are read from the values counted one by one, not estimated."""
    counted = values if isinstance(values, ValueCounts) else ValueCounts(values)
    if not counted.n:
        return Spread(name, 0, *([math.nan] * 7))
    mean, sd = _mean_sd(counted)
    return Spread(name, counted.n, mean, sd, counted.at(0), counted.quantile(0.25), counted.quantile(0.5),
                  counted.quantile(0.75), counted.at(counted.n - 1))


# ---- summaries ----------------------------------------------------------------------------------

class _GroupTally:
    """The seats of one group so far: their shares of the win and their totals."""

    __slots__ = ("wins", "totals")

    def __init__(self) -> None:
        self.wins = ValueCounts()
        self.totals = ValueCounts()

    def group(self, key: tuple[str, ...], fair: float) -> Group:
        win = wilson(self.wins.total(), self.wins.n)
        return Group(key, win, win.value / fair if fair else math.nan, mean_interval(self.totals))


class _CardTally:
    """One card so far: the seat-games that saw it, that built it, that saw it and built it, and
    the shares of the win of its builders and of the seats that saw it and passed it."""

    __slots__ = ("seen", "built", "built_when_seen", "builders", "passers")

    def __init__(self) -> None:
        self.seen = self.built = self.built_when_seen = 0
        self.builders = ValueCounts()
        self.passers = ValueCounts()

    def strength(self, card: str, fair: float, min_built: int) -> CardStrength:
        builders = wilson(self.builders.total(), self.built)
        return CardStrength(card, self.seen, self.built, wilson(self.built_when_seen, self.seen), builders,
                            wilson(self.passers.total(), self.passers.n),
                            builders.value / fair if fair else math.nan, self.built < min_built)


class Tally:
    """The statistics of simulated games kept as the games come in, so that memory does not grow
    with their number: a count per distinct value of each figure (scores, totals, shares of the
    win, lengths: see :mod:`wonderrules.workbench.value_counts`), per group (board and side, seat, agent) and
    per card. :meth:`summary` gives the very figures the list of all the records would give.

    Feed it whole games (:meth:`add_game`, :meth:`add_chunk`) or, for records read from
    elsewhere, :meth:`of` them."""

    def __init__(self) -> None:
        self.games = 0
        self.seats = 0
        self.wins = ValueCounts()
        #: the score columns of the first seat met, in the rule set's order
        self.columns: dict[str, ValueCounts] = {}
        self.totals = ValueCounts()
        self.boards: dict[tuple[str, ...], _GroupTally] = {}
        self.by_seat: dict[tuple[str, ...], _GroupTally] = {}
        self.by_agent: dict[tuple[str, ...], _GroupTally] = {}
        self.cards: dict[str, _CardTally] = {}
        #: rounds of decisions per game
        self.rounds = ValueCounts()
        #: decisions per seat and game
        self.decisions = ValueCounts()

    @classmethod
    def of(cls, records: Iterable[SeatRecord]) -> Tally:
        """The tally of records given as a list: each counted as a seat, each game number once."""
        tally = cls()
        games: dict[int, int] = {}
        for r in records:
            tally.add_seat(r)
            games.setdefault(r.game, r.rounds)
        for rounds in games.values():
            tally.add_length(rounds)
        return tally

    def add_chunk(self, chunk: Chunk) -> None:
        for game in chunk.games:
            self.add_game(game.seats)

    def add_game(self, seats: Sequence[SeatRecord]) -> None:
        """One finished game, given by its seats."""
        for r in seats:
            self.add_seat(r)
        if seats:
            self.add_length(seats[0].rounds)

    def add_length(self, rounds: int) -> None:
        """A game, counted, and its rounds of decisions."""
        self.games += 1
        self.rounds.add(rounds)

    def add_seat(self, r: SeatRecord) -> None:
        """One seat of a game."""
        self.seats += 1
        self.wins.add(r.winner)
        if self.seats == 1:
            self.columns = {name: ValueCounts() for name, _ in r.scores}
        scores = dict(r.scores)
        for name, values in self.columns.items():
            values.add(scores.get(name, 0))
        self.totals.add(r.total)
        self.decisions.add(r.decisions)
        for groups, key in ((self.boards, (r.board, r.side)), (self.by_seat, (str(r.seat),)),
                            (self.by_agent, (r.agent,))):
            found = groups.get(key)
            if found is None:
                found = groups[key] = _GroupTally()
            found.wins.add(r.winner)
            found.totals.add(r.total)
        built = set(r.built)
        cards = self.cards
        for card in r.seen:
            tally = cards.get(card)
            if tally is None:
                tally = cards[card] = _CardTally()
            tally.seen += 1
            if card in built:
                tally.built_when_seen += 1
            else:
                tally.passers.add(r.winner)
        for card in dict.fromkeys(r.built):
            tally = cards.get(card)
            if tally is None:
                tally = cards[card] = _CardTally()
            tally.built += 1
            tally.builders.add(r.winner)

    def summary(self, min_built: int = MIN_BUILT) -> Summary:
        """Every statistic of the games counted (see the module's text for the conventions)."""
        fair = self.wins.mean()
        columns = [spread(name, values) for name, values in self.columns.items()]
        columns.append(spread("total", self.totals))
        boards = sorted((g.group(k, fair) for k, g in self.boards.items()), key=lambda g: (-g.win.value, g.key))
        cards = [self.cards[card].strength(card, fair, min_built) for card in sorted(self.cards)]
        cards.sort(key=lambda c: (c.few, -c.builders.value if c.built else math.inf, c.card))
        return Summary(
            games=self.games, seats=self.seats, fair=fair, boards=tuple(boards),
            by_seat=tuple(sorted((g.group(k, fair) for k, g in self.by_seat.items()), key=lambda g: int(g.key[0]))),
            by_agent=tuple(g.group(k, fair) for k, g in self.by_agent.items()), columns=tuple(columns),
            cards=tuple(cards), rounds=spread("rounds", self.rounds), decisions=spread("decisions", self.decisions),
            min_built=min_built)


def per_game(records: Iterable[SeatRecord]) -> dict[int, list[SeatRecord]]:
    """The records by game number, in the order first met."""
    games: dict[int, list[SeatRecord]] = {}
    for r in records:
        games.setdefault(r.game, []).append(r)
    return games


def summarise(records: Sequence[SeatRecord], min_built: int = MIN_BUILT) -> Summary:
    """Every statistic of the records (see the module's text for the conventions)."""
    return Tally.of(records).summary(min_built)
