"""What changes from one simulated rule set to another: every statistic of
:mod:`wonderrules.workbench.statistics` taken in both, its difference (B - A) with a 95% interval and a
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

The figures are kept as the games come in (a :class:`ComparisonTally`), game g of A with game g
of B, so that memory does not grow with the number of games; the result is plain data for a
table or a report.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Optional

import attrs

from wonderrules.workbench.simulation import Chunk, SeatRecord
from wonderrules.workbench.statistics import Tally, per_game, t_quantile, t_two_sided_p, wilson
from wonderrules.workbench.value_counts import ValueCounts

__all__ = ["Difference", "Comparison", "compare", "ComparisonTally", "ChunkPairs", "Pairs", "paired", "welch",
           "two_proportions", "holm", "ALPHA"]

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


class Pairs:
    """Pairs of values (a figure in A and in B, for one game or one seat-game) as they come in:
    the values of each side and their differences, counted by distinct value
    (:class:`~wonderrules.workbench.value_counts.ValueCounts`), which is all the paired t test needs."""

    __slots__ = ("a", "b", "differences")

    def __init__(self) -> None:
        self.a = ValueCounts()
        self.b = ValueCounts()
        #: b - a of each pair
        self.differences = ValueCounts()

    def add(self, a: float, b: float) -> None:
        self.a.add(a)
        self.b.add(b)
        self.differences.add(b - a)

    def difference(self, section: str, subject: str, measure: str) -> Difference:
        """The mean of b - a over the pairs, by the paired t test."""
        n = self.differences.n
        if n == 0:
            return _unpaired(section, subject, measure, math.nan, math.nan, "paired t", 0, 0)
        mean_a, mean_b = self.a.total() / n, self.b.total() / n
        d = self.differences.total() / n
        if n < 2:
            return _unpaired(section, subject, measure, mean_a, mean_b, "paired t", n, n)
        sd = math.sqrt(self.differences.squares_about(d) / (n - 1))
        low, high, p = _from_t(d, sd / math.sqrt(n), n - 1)
        return Difference(section, subject, measure, mean_a, mean_b, d, low, high, p, "paired t", n, n)


def paired(section: str, subject: str, measure: str, a: Sequence[float], b: Sequence[float]) -> Difference:
    """The mean of b - a over pairs (one per game), by the paired t test."""
    pairs = Pairs()
    for x, y in zip(a, b):
        pairs.add(x, y)
    return pairs.difference(section, subject, measure)


def welch(section: str, subject: str, measure: str, a: Sequence[float] | ValueCounts,
          b: Sequence[float] | ValueCounts) -> Difference:
    """The difference of two means by Welch's t test (unequal variances)."""
    a = a if isinstance(a, ValueCounts) else ValueCounts(a)
    b = b if isinstance(b, ValueCounts) else ValueCounts(b)
    na, nb = a.n, b.n
    mean_a, mean_b = a.mean(), b.mean()
    if na < 2 or nb < 2:
        return _unpaired(section, subject, measure, mean_a, mean_b, "Welch t", na, nb)
    va = a.squares_about(mean_a) / (na - 1) / na
    vb = b.squares_about(mean_b) / (nb - 1) / nb
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

def _mean(values: Sequence[float]) -> Optional[float]:
    return math.fsum(values) / len(values) if values else None


class _SeatGames:
    """A figure over the seat-games that had a subject (a board and side, a card), in A and in B.
    While both simulations had the subject at the same seats of every game, the seat-games are
    kept as pairs (compared by the paired t test); from the first game where they differ, as two
    independent samples (rates by the z test, means by Welch's)."""

    __slots__ = ("pairs", "a", "b")

    def __init__(self) -> None:
        self.pairs: Optional[Pairs] = Pairs()
        self.a = ValueCounts()
        self.b = ValueCounts()

    def add(self, a: dict[int, float], b: dict[int, float]) -> None:
        """The values of the seats of one game that had the subject in A (seat -> value) and in B."""
        if self.pairs is not None:
            if a.keys() == b.keys():
                for seat, value in a.items():
                    self.pairs.add(value, b[seat])
                return
            self.a, self.b, self.pairs = self.pairs.a, self.pairs.b, None  # the pairs so far, as samples
        for value in a.values():
            self.a.add(value)
        for value in b.values():
            self.b.add(value)

    @property
    def counts(self) -> tuple[int, int]:
        """How many seat-games had the subject in A and in B."""
        return (self.pairs.a.n, self.pairs.b.n) if self.pairs is not None else (self.a.n, self.b.n)

    def difference(self, section: str, subject: str, measure: str, rate: bool) -> Difference:
        if self.pairs is not None:
            return self.pairs.difference(section, subject, measure)
        if rate:
            return two_proportions(section, subject, measure, self.a.total(), self.a.n, self.b.total(), self.b.n)
        return welch(section, subject, measure, self.a, self.b)


def _by_subject(rows: Sequence[SeatRecord], subjects: Callable[[SeatRecord], Iterable[str]],
                value: Callable[[SeatRecord, str], float]) -> dict[str, dict[int, float]]:
    """subject -> {seat: value} over the seats of one game."""
    out: dict[str, dict[int, float]] = {}
    for r in rows:
        for subject in subjects(r):
            out.setdefault(subject, {})[r.seat] = value(r, subject)
    return out


def _groups(rows: Sequence[SeatRecord], key: Callable[[SeatRecord], str]) -> dict[str, list[SeatRecord]]:
    out: dict[str, list[SeatRecord]] = {}
    for r in rows:
        out.setdefault(key(r), []).append(r)
    return out


def _seat(r: SeatRecord) -> str:
    return str(r.seat)


def _agent(r: SeatRecord) -> str:
    return r.agent


def _board(r: SeatRecord) -> tuple[str]:
    return (f"{r.board} {r.side}",)


def _built(r: SeatRecord) -> Iterable[str]:
    return dict.fromkeys(r.built)


class ComparisonTally:
    """What :func:`compare` needs of two simulations, kept as their games come in, game g of A
    with game g of B, so that memory does not grow with the number of games: for each figure
    measured once per game, its pairs of values; for each board and card, its seat-games
    (:class:`_SeatGames`). :meth:`comparison` gives the very figures that the lists of all the
    records would give."""

    def __init__(self) -> None:
        self.games_a = self.games_b = self.paired_games = 0
        #: the score columns of each simulation's first seat (None before it comes)
        self.columns: list[Optional[list[str]]] = [None, None]
        self.seats: set[int] = set()
        self.agents: tuple[dict[str, None], dict[str, None]] = ({}, {})
        #: (section, subject, measure) -> the pairs of its values, one per game played in both
        self.per_game: dict[tuple[str, str, str], Pairs] = {}
        #: board and side -> its seat-games' shares of the win and totals
        self.boards: dict[str, tuple[_SeatGames, _SeatGames]] = {}
        #: card -> whether a seat-game saw it or built it in A and in B, and its seat-games that
        #: saw it (built or not) and that built it (their shares of the win)
        self.cards: dict[str, tuple[list[bool], _SeatGames, _SeatGames]] = {}

    def add(self, a: Sequence[SeatRecord], b: Sequence[SeatRecord]) -> None:
        """The seats of game g in A and in B; one side is empty for a game finished in the other only."""
        for side, rows in enumerate((a, b)):
            if rows:
                self.seats.update(r.seat for r in rows)
                self.agents[side].update(dict.fromkeys(r.agent for r in rows))
                if self.columns[side] is None:
                    self.columns[side] = [name for name, _ in rows[0].scores]
        self.games_a += bool(a)
        self.games_b += bool(b)
        if a and b:
            self.paired_games += 1
            self._add_per_game(a, b)
        boards_a = _by_subject(a, _board, lambda r, _: r.winner), _by_subject(a, _board, lambda r, _: float(r.total))
        boards_b = _by_subject(b, _board, lambda r, _: r.winner), _by_subject(b, _board, lambda r, _: float(r.total))
        for subject in {**boards_a[0], **boards_b[0]}:
            if subject not in self.boards:
                self.boards[subject] = (_SeatGames(), _SeatGames())
            for figure, found_a, found_b in zip(self.boards[subject], boards_a, boards_b):
                figure.add(found_a.get(subject, {}), found_b.get(subject, {}))
        seen_a = _by_subject(a, lambda r: r.seen, lambda r, card: float(card in r.built))
        seen_b = _by_subject(b, lambda r: r.seen, lambda r, card: float(card in r.built))
        built_a = _by_subject(a, _built, lambda r, _: r.winner)
        built_b = _by_subject(b, _built, lambda r, _: r.winner)
        met_a, met_b = seen_a.keys() | built_a.keys(), seen_b.keys() | built_b.keys()
        for card in met_a | met_b:
            if card not in self.cards:
                self.cards[card] = ([False, False], _SeatGames(), _SeatGames())
            met, when_seen, builders = self.cards[card]
            met[0] = met[0] or card in met_a
            met[1] = met[1] or card in met_b
            when_seen.add(seen_a.get(card, {}), seen_b.get(card, {}))
            builders.add(built_a.get(card, {}), built_b.get(card, {}))

    def _add_per_game(self, a: Sequence[SeatRecord], b: Sequence[SeatRecord]) -> None:
        """The figures measured once per game, of a game played in both."""
        values: list[tuple[tuple[str, str, str], Optional[float], Optional[float]]] = []
        columns_a, columns_b = self.columns
        assert columns_a is not None and columns_b is not None
        scores_a, scores_b = [dict(r.scores) for r in a], [dict(r.scores) for r in b]
        for column in columns_a:
            if column in columns_b:
                values.append((("score", column, "mean"), _mean([scores[column] for scores in scores_a]),
                               _mean([scores[column] for scores in scores_b])))
        values.append((("score", "total", "mean"), _mean([r.total for r in a]), _mean([r.total for r in b])))
        for section, key in (("seat", _seat), ("agent", _agent)):
            groups_a, groups_b = _groups(a, key), _groups(b, key)
            for subject in groups_a.keys() & groups_b.keys():
                rows_a, rows_b = groups_a[subject], groups_b[subject]
                values.append(((section, subject, "win rate"), _mean([r.winner for r in rows_a]),
                               _mean([r.winner for r in rows_b])))
                values.append(((section, subject, "mean total"), _mean([r.total for r in rows_a]),
                               _mean([r.total for r in rows_b])))
        values.append((("length", "game", "rounds"), float(a[0].rounds), float(b[0].rounds)))
        for measure, value_a, value_b in values:
            if value_a is not None and value_b is not None:
                pairs = self.per_game.get(measure)
                if pairs is None:
                    pairs = self.per_game[measure] = Pairs()
                pairs.add(value_a, value_b)

    def _per_game_sections(self) -> list[Difference]:
        """The figures measured once per game, compared game by game: the score columns met in one
        simulation only first, then each column, the total, each seat, each agent and the length."""
        columns_a, columns_b = (names or [] for names in self.columns)
        out: list[Difference] = []
        measures: list[tuple[str, str, str]] = []
        for column in dict.fromkeys(columns_a + columns_b):
            if column not in columns_a or column not in columns_b:
                only = _unpaired("score", column, "mean", math.nan, math.nan, "", 0, 0)
                out.append(attrs.evolve(only, only="A" if column in columns_a else "B"))
            else:
                measures.append(("score", column, "mean"))
        measures.append(("score", "total", "mean"))
        for seat in sorted(self.seats):
            measures += [("seat", str(seat), "win rate"), ("seat", str(seat), "mean total")]
        for agent in dict.fromkeys([*self.agents[0], *self.agents[1]]):
            measures += [("agent", agent, "win rate"), ("agent", agent, "mean total")]
        measures.append(("length", "game", "rounds"))
        return out + [self.per_game.get(m, Pairs()).difference(*m) for m in measures]

    def _board_sections(self) -> list[Difference]:
        out = []
        for subject in sorted(self.boards):
            wins, totals = self.boards[subject]
            n_a, n_b = wins.counts
            if not n_a or not n_b:
                out.append(_only("board", subject, "seats", "A" if n_a else "B", n_a or n_b))
                continue
            out.append(wins.difference("board", subject, "win rate", True))
            out.append(totals.difference("board", subject, "mean total", False))
        return out

    def _card_sections(self) -> list[Difference]:
        out = []
        for card in sorted(self.cards):
            (in_a, in_b), when_seen, builders = self.cards[card]
            if not in_a or not in_b:
                out.append(_only("card", card, "seen", "A" if in_a else "B", when_seen.counts[0 if in_a else 1]))
                continue
            out.append(when_seen.difference("card", card, "built when seen", True))
            out.append(builders.difference("card", card, "builders' win rate", True))
        return out

    def comparison(self, alpha: float = ALPHA) -> Comparison:
        """Every statistic of simulation B against simulation A (differences are B - A)."""
        found = self._per_game_sections() + self._board_sections() + self._card_sections()
        adjusted = holm([d.p for d in found])
        found = [attrs.evolve(d, adjusted=q) for d, q in zip(found, adjusted)]
        tests = sum(1 for d in found if not math.isnan(d.p))

        def order(d: Difference) -> tuple[int, float, float]:
            if d.only:
                return (3, 0.0, 0.0)
            if math.isnan(d.p):
                return (2, 0.0, 0.0)
            return (0 if d.significant(alpha) else 1, d.adjusted if d.significant(alpha) else d.p,
                    -abs(d.difference))

        found.sort(key=order)
        return Comparison(self.games_a, self.games_b, self.paired_games, alpha, tests, tuple(found))


def _only(section: str, subject: str, measure: str, only: str, n: int) -> Difference:
    """A subject met in simulation `only` alone, in `n` seat-games: nothing tested."""
    n_a, n_b = (n, 0) if only == "A" else (0, n)
    return attrs.evolve(_unpaired(section, subject, measure, math.nan, math.nan, "", n_a, n_b), only=only)


def compare(a: Sequence[SeatRecord], b: Sequence[SeatRecord], alpha: float = ALPHA) -> Comparison:
    """Every statistic of simulation B against simulation A (differences are B - A), from the
    records of each: game g of A is paired with game g of B."""
    games_a, games_b = per_game(a), per_game(b)
    tally = ComparisonTally()
    for game in dict.fromkeys([*games_a, *games_b]):
        tally.add(games_a.get(game, []), games_b.get(game, []))
    return tally.comparison(alpha)


class ChunkPairs:
    """The chunks of two simulations played side by side (`wr compare`), paired as they come in:
    game g of A with game g of B, counted into a :class:`ComparisonTally` and into each
    simulation's :class:`~wonderrules.workbench.statistics.Tally`. A chunk is kept only until the chunk of
    the same games of the other simulation comes; the games of a chunk whose fellow never came
    (a run stopped between the two) are left out, so every figure is of the games finished in both."""

    def __init__(self) -> None:
        self.tally = ComparisonTally()
        self.sides = (Tally(), Tally())
        #: (side, first game, last game + 1) -> a chunk waiting for its fellow
        self.waiting: dict[tuple[int, int, int], Chunk] = {}

    def add(self, side: int, chunk: Chunk) -> None:
        """A chunk of simulation A (`side` 0) or B (1)."""
        fellow = self.waiting.pop((1 - side, chunk.start, chunk.stop), None)
        if fellow is None:
            self.waiting[(side, chunk.start, chunk.stop)] = chunk
            return
        a, b = (chunk, fellow) if side == 0 else (fellow, chunk)
        games_b = {g.game: g for g in b.games}
        for game in a.games:
            other = games_b.get(game.game)
            if other is not None:
                self.tally.add(game.seats, other.seats)
                self.sides[0].add_game(game.seats)
                self.sides[1].add_game(other.seats)
