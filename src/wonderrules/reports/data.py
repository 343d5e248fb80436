"""What a report page of `wr simulate --report` or `wr compare --report` shows, as plain frozen
data: what was simulated (the rule set, the table, the agents, the seeds), the statistics of
:mod:`wonderrules.workbench.statistics` and :mod:`wonderrules.workbench.comparison`, and the few distributions the
statistics keep only as quartiles (the length of a game), counted value by value (as the
:class:`~wonderrules.workbench.statistics.Tally` of the games counted them).

The page and its plots are drawn from this data alone (:mod:`wonderrules.reports.page`,
:mod:`wonderrules.reports.plots`), so they can be tested on figures made by hand, without playing
a game. Nothing here depends on the moment or the machine: the same inputs give the same data,
and the same page, byte for byte. This module imports no plotting library;
:func:`require_matplotlib` tells the command line, before any game is played, whether a page can
be drawn at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from wonderrules.workbench.comparison import Comparison
from wonderrules.workbench.statistics import Summary, Tally
from wonderrules.workbench.value_counts import ValueCounts

__all__ = ["Counts", "Simulated", "Compared", "MissingMatplotlib", "counts", "simulated", "require_matplotlib"]


class MissingMatplotlib(RuntimeError):
    """A report was asked for and matplotlib, which draws its plots, is not installed."""


def require_matplotlib() -> None:
    """Raise :class:`MissingMatplotlib`, with what to install, unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingMatplotlib("a report needs matplotlib, which is not installed: "
                                "pip install 'wonder-rules[report]'") from None


@attrs.frozen
class Counts:
    """How often each whole value occurred: (value, count) pairs, by increasing value."""

    pairs: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.pairs)


def counts(values: Iterable[int]) -> Counts:
    return Counts(tuple(sorted(Counter(values).items())))


@attrs.frozen
class Simulated:
    """One simulation as a report shows it. No date and no timing: the page must be the same
    for the same games."""

    #: the rule set's title (or its name when it has none)
    title: str
    #: its layers, in the order loaded
    layers: tuple[str, ...]
    players: int
    options: tuple[str, ...]
    #: how the side of each board was chosen: random, A or B
    sides: str
    #: the agent of each seat, repeated round the table as given
    agents: tuple[str, ...]
    #: the seed of game 0; game g was dealt with seed + g
    seed: int
    #: the games asked for; `summary.games` of them finished
    games: int
    summary: Summary
    #: rounds of decisions per game
    rounds: Counts
    #: decisions per seat and game
    decisions: Counts
    #: (seat, wonder, side) of each seat whose board every game fixed (`wr simulate --boards`)
    boards: tuple[tuple[int, str, str], ...] = ()

    @property
    def finished(self) -> int:
        return self.summary.games

    @property
    def stopped(self) -> bool:
        return self.finished < self.games


@attrs.frozen
class Compared:
    """Two simulations of the same table on the same seeds, and what differs between them."""

    a: Simulated
    b: Simulated
    comparison: Comparison


def simulated(title: str, layers: Sequence[str], plan: Any, tally: Tally, summary: Summary | None = None
              ) -> Simulated:
    """A simulation run by `plan` (a :class:`~wonderrules.workbench.simulation.Plan`) whose games were
    counted into `tally`; `summary` is the tally's summary when it is already made."""
    return Simulated(
        title=title, layers=tuple(layers), players=plan.players, options=tuple(plan.options), sides=plan.sides,
        agents=tuple(plan.agents), seed=plan.seed, games=plan.games,
        summary=summary if summary is not None else tally.summary(),
        rounds=_counted(tally.rounds), decisions=_counted(tally.decisions),
        boards=tuple((seat, b[0], b[1]) for seat, b in enumerate(_fixed_boards(plan)) if b is not None))


def _fixed_boards(plan: Any) -> Sequence[Any]:
    """The (wonder, side) or None of each seat of a plan; nothing when it fixes no board (or
    predates fixed boards)."""
    return getattr(plan, "boards", None) or ()


def _counted(values: ValueCounts) -> Counts:
    return Counts(tuple((int(v), n) for v, n in values.ordered()))
