"""Values kept as counts: how many times each distinct value was seen.

The statistics of a simulation are taken over millions of seat-games, but the values they are
taken of are few: a score, a total, a number of rounds is a small whole number, a share of the
win is 1, 1/2, 1/3 ... or 0. So a :class:`ValueCounts` keeps one count per distinct value, and
its memory grows with the number of distinct values, not with the number of games.

Nothing is lost: the sum, the mean, the squares about a mean and every quantile are those of
the list of values written out, to the last bit. A sum is the exact sum of the values rounded
once to a float, which is what :func:`math.fsum` of the list gives.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from fractions import Fraction

__all__ = ["ValueCounts"]


class ValueCounts:
    """Numbers counted by distinct value, in the order first seen."""

    __slots__ = ("counts", "n")

    def __init__(self, values: Iterable[float] = ()) -> None:
        #: value -> how many times it was seen
        self.counts: dict[float, int] = {}
        #: how many values were seen
        self.n = 0
        for value in values:
            self.add(value)

    def add(self, value: float, times: int = 1) -> None:
        self.counts[value] = self.counts.get(value, 0) + times
        self.n += times

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"ValueCounts({self.ordered()!r})"

    def ordered(self) -> list[tuple[float, int]]:
        """(value, count) pairs by increasing value."""
        return sorted(self.counts.items())

    def total(self) -> float:
        """The sum of the values: the exact sum rounded once, as ``math.fsum`` of them all."""
        return float(sum((Fraction(v) * c for v, c in self.counts.items()), Fraction(0)))

    def mean(self) -> float:
        """The mean, as the sum over the count (NaN without a value)."""
        return self.total() / self.n if self.n else math.nan

    def squares_about(self, centre: float) -> float:
        """The sum of ``(value - centre) ** 2`` over the values, each square rounded as a float
        and the sum exact, rounded once (``math.fsum`` of the squares)."""
        return float(sum((Fraction((v - centre) ** 2) * c for v, c in self.counts.items()), Fraction(0)))

    def sorted_values(self) -> Iterator[float]:
        """Every value, smallest first, as often as it was seen (for tests and small counts)."""
        for value, count in self.ordered():
            for _ in range(count):
                yield value

    def at(self, position: int) -> float:
        """The value at `position` (0 to n - 1) of the values in increasing order."""
        if not 0 <= position < self.n:
            raise IndexError(position)
        for value, count in self.ordered():
            if position < count:
                return value
            position -= count
        raise AssertionError("counts do not add up to n")  # pragma: no cover

    def quantile(self, q: float) -> float:
        """The `q` quantile, interpolated between the two nearest values (positions 0 to n - 1 are
        the quantiles 0 to 1), as :func:`wonderrules.workbench.statistics.quantile` of the sorted list."""
        if not self.n:
            return math.nan
        position = (self.n - 1) * q
        below = math.floor(position)
        above = min(below + 1, self.n - 1)
        low, high = self.at(below), self.at(above)
        return low + (high - low) * (position - below)
