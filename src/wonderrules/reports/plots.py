"""The plots of a report page, drawn with matplotlib from the plain data of
:mod:`wonderrules.reports.data` and returned as SVG text.

Each plot takes *panels*: one (label, figures) pair per simulation, drawn side by side with the
same scales, so the page of `wr simulate` (one panel) and that of `wr compare` (A beside B) share
every plot. Names come from the rule set (its boards, sides, score columns, cards), shown as
written: matplotlib is told not to read ``$...$`` in them as mathematics, and control
characters are escaped.

No window is ever opened: figures are made with :class:`matplotlib.figure.Figure`, never
pyplot, and saved as SVG. The SVG is the same, byte for byte, for the same figures: matplotlib's
defaults are used whatever the user's configuration says, its random identifiers are salted
with a fixed text and the date it would write is left out.
"""

from __future__ import annotations

import io
import math
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Optional

import matplotlib.style
from matplotlib.figure import Figure

from wonderrules.reports.data import Counts, Simulated
from wonderrules.reports.text import shown
from wonderrules.workbench.comparison import Comparison, Difference
from wonderrules.workbench.statistics import CardStrength, Group, Summary

__all__ = ["Panel", "COLOURS", "group_win_rates", "score_columns", "card_ranking", "game_length", "differences",
           "is_rate", "plotted_cards", "card_rows", "CHANGED", "plotted_differences", "difference_label",
           "of_changed_card", "LABEL_LENGTH"]

#: a simulation's label ("" for the only one) and its figures
Panel = tuple[str, Simulated]
#: the colour of each panel's marks, in panel order; then the fair line, a significant difference, another one
COLOURS = ("#1f5fa6", "#c45a00")
FAIR = "#6b6b6b"
SIGNIFICANT = "#c0182a"
OTHER = "#8a8a8a"
#: the labels and edges of the cards the compared rule set B changes
CHANGED = "#7a1fa6"
#: longer names are cut in a plot (the tables show them whole)
LABEL_LENGTH = 40
_STYLE = {
    "svg.hashsalt": "wonder-rules report",  # matplotlib's identifiers in the SVG, otherwise random
    "svg.fonttype": "path",  # text drawn as shapes: the same on any browser, whatever its fonts
    "text.parse_math": False,  # a '$' in a name is a '$'
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
}


@contextmanager
def _style() -> Iterator[None]:
    with matplotlib.style.context(["default", _STYLE]), warnings.catch_warnings():
        # a rule set's name in a script the bundled font lacks is drawn as boxes, not warned about
        warnings.filterwarnings("ignore", message="Glyph .* missing", category=UserWarning)
        yield


def _label(text: object) -> str:
    said = shown(text)
    return said if len(said) <= LABEL_LENGTH else said[:LABEL_LENGTH - 1] + "…"


def _svg(figure: Figure) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    return out.getvalue()


def _height(rows: int) -> float:
    """Inches for a plot of `rows` rows of labels."""
    return 1.3 + 0.24 * max(rows, 1)


def _width(panels: int) -> float:
    return 6.4 if panels == 1 else 11.0


def _percent_axis(ax: Any, label: str) -> None:
    ax.set_xlabel(label)
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:g}%")
    ax.grid(axis="x", color="#e4e4e4", linewidth=0.6)
    ax.set_axisbelow(True)


def _interval(value: float, low: float, high: float) -> list[list[float]]:
    """matplotlib's error bar lengths below and above `value`, in percent (never negative: an
    interval that rounding put a hair past its value is drawn with a bar of no length there)."""
    if math.isnan(low):
        return [[0.0], [0.0]]
    return [[max(0.0, (value - low) * 100)], [max(0.0, (high - value) * 100)]]


# ---- win rates per board, seat, agent -----------------------------------------------------------

def _group_label(g: Group) -> str:
    return " ".join(_label(k) for k in g.key)


def group_win_rates(panels: Sequence[Panel], which: str, axis_label: str) -> str:
    """The win rate of each group (`which`: "boards", "by_seat" or "by_agent" of a summary) with
    its 95% interval, best on top, and the fair rate as a dashed line. Side by side, the rows are
    the same: the first panel's order, then the groups met in a later panel only."""
    rows: dict[tuple[str, ...], str] = {}
    for _, sim in panels:
        for g in getattr(sim.summary, which):
            rows.setdefault(g.key, _group_label(g))
    order = {key: i for i, key in enumerate(rows)}
    with _style():
        figure = Figure(figsize=(_width(len(panels)), _height(len(rows) + 1)), layout="constrained")
        axes = figure.subplots(1, len(panels), sharex=True, sharey=True, squeeze=False)[0]
        for ax, (label, sim), colour in zip(axes, panels, COLOURS):
            for g in getattr(sim.summary, which):
                ax.errorbar([g.win.value * 100], [order[g.key]], xerr=_interval(g.win.value, g.win.low, g.win.high),
                            fmt="o", color=colour, markersize=4, capsize=3, linewidth=1.2)
            ax.axvline(sim.summary.fair * 100, color=FAIR, linestyle="--", linewidth=1,
                       label=f"fair: {sim.summary.fair:.1%}")
            ax.set_yticks(range(len(rows)), list(rows.values()))
            ax.set_ylim(len(rows) + 0.5, -0.5)  # a row below the last, for the legend
            ax.set_xlim(left=0)
            _percent_axis(ax, "win rate, with its 95% interval")
            ax.legend(loc="lower right", fontsize=8, frameon=False)
            if label:
                ax.set_title(_label(label), loc="left")
        axes[0].set_ylabel(axis_label)
        return _svg(figure)


# ---- score columns ------------------------------------------------------------------------------

def score_columns(panels: Sequence[Panel]) -> str:
    """A box per score column of the rule set, and the total: the box spans the quartiles, the
    line in it is the median, the diamond the mean, the whiskers reach the smallest and the
    largest score."""
    with _style():
        columns = max(len(sim.summary.columns) for _, sim in panels)
        figure = Figure(figsize=(max(_width(len(panels)), 0.75 * columns * len(panels) + 1.5), 3.6),
                        layout="constrained")
        axes = figure.subplots(1, len(panels), sharey=True, squeeze=False)[0]
        for ax, (label, sim), colour in zip(axes, panels, COLOURS):
            stats = [{"label": _label(s.name), "med": s.median, "q1": s.q1, "q3": s.q3, "whislo": s.minimum,
                      "whishi": s.maximum, "mean": s.mean, "fliers": []}
                     for s in sim.summary.columns if s.n]
            ax.bxp(stats, showmeans=True, widths=0.6, patch_artist=True,
                   boxprops={"facecolor": colour + "33", "edgecolor": colour},
                   medianprops={"color": colour, "linewidth": 1.6},
                   meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": colour, "markersize": 4},
                   whiskerprops={"color": colour}, capprops={"color": colour})
            ax.tick_params(axis="x", labelrotation=30)
            for tick in ax.get_xticklabels():
                tick.set_horizontalalignment("right")
            ax.grid(axis="y", color="#e4e4e4", linewidth=0.6)
            ax.set_axisbelow(True)
            if label:
                ax.set_title(_label(label), loc="left")
        axes[0].set_ylabel("points per seat")
        return _svg(figure)


# ---- cards --------------------------------------------------------------------------------------

def plotted_cards(summary: Summary, limit: int) -> tuple[list[CardStrength], list[CardStrength]]:
    """The cards a ranking plot shows: the strongest `limit` and the weakest `limit` of those
    ranked (built at least `summary.min_built` times); every ranked card when there are no more
    than 2 × `limit` (the second list is empty then)."""
    ranked = [c for c in summary.cards if not c.few]
    if limit and len(ranked) > 2 * limit:
        return ranked[:limit], ranked[-limit:]
    return ranked, []


def card_rows(summary: Summary, limit: int, changed: frozenset[str] = frozenset()
              ) -> list[tuple[Optional[CardStrength], str, bool]]:
    """The rows of a ranking plot, top down: each card plotted (None for the gap between the
    strongest and the weakest), its label, and whether it is one of the `changed` cards (by
    name), which the plot highlights."""
    top, bottom = plotted_cards(summary, limit)
    cards: list[Optional[CardStrength]] = [*top, *([None, *bottom] if bottom else [])]
    return [(c, "…", False) if c is None else (c, _label(c.card), c.card in changed) for c in cards]


def card_ranking(panels: Sequence[Panel], limit: int, changed: Sequence[frozenset[str]] = ()) -> Optional[str]:
    """The builders' win rate of the strongest and the weakest cards with 95% intervals, the
    strongest on top, and the fair rate; None when no panel ranks a card. `changed`: the names of
    the cards each panel highlights (bold, in colour), those the compared rule set changes."""
    shown_cards = [plotted_cards(sim.summary, limit) for _, sim in panels]
    marked = [*changed, *[frozenset[str]()] * (len(panels) - len(changed))]
    rows = max(len(top) + len(bottom) + (1 if bottom else 0) for top, bottom in shown_cards)
    if rows == 0:
        return None
    with _style():
        figure = Figure(figsize=(_width(len(panels)), _height(rows + 1)), layout="constrained")
        axes = figure.subplots(1, len(panels), sharex=True, squeeze=False)[0]
        for ax, (label, sim), names_changed, colour in zip(axes, panels, marked, COLOURS):
            rows_shown = card_rows(sim.summary, limit, names_changed)
            for y, (c, _, highlight) in enumerate(rows_shown):
                if c is not None:
                    ax.barh([y], [c.builders.value * 100], height=0.65, color=colour + "66",
                            edgecolor=CHANGED if highlight else colour, linewidth=2 if highlight else 1,
                            xerr=_interval(c.builders.value, c.builders.low, c.builders.high),
                            error_kw={"ecolor": "#333333", "capsize": 2, "linewidth": 0.9})
            ax.axvline(sim.summary.fair * 100, color=FAIR, linestyle="--", linewidth=1,
                       label=f"fair: {sim.summary.fair:.1%}")
            ax.set_yticks(range(len(rows_shown)), [name for _, name, _ in rows_shown])
            for tick, (_, _, highlight) in zip(ax.get_yticklabels(), rows_shown):
                if highlight:
                    tick.set_color(CHANGED)
                    tick.set_fontweight("bold")
            ax.set_ylim(rows + 0.5, -0.5)  # a row below the last, for the legend
            _percent_axis(ax, "win rate of the seats that built the card, with its 95% interval")
            ax.legend(loc="lower right", fontsize=8, frameon=False)
            if label:
                ax.set_title(_label(label), loc="left")
        return _svg(figure)


# ---- game length --------------------------------------------------------------------------------

def _bars(ax: Any, found: Counts, colour: str, label: str) -> None:
    values = [v for v, _ in found.pairs]
    ax.bar(values, [n for _, n in found.pairs], width=0.8, color=colour + "99", edgecolor=colour)
    ax.set_xlabel(label)
    if values and values[-1] - values[0] <= 20:
        ax.set_xticks(range(values[0], values[-1] + 1))
    ax.grid(axis="y", color="#e4e4e4", linewidth=0.6)
    ax.set_axisbelow(True)


def game_length(panels: Sequence[Panel]) -> str:
    """Histograms of the rounds of decisions per game and of the decisions per seat: a row for
    each, a column per simulation."""
    with _style():
        figure = Figure(figsize=(_width(len(panels)), 4.6), layout="constrained")
        axes = figure.subplots(2, len(panels), squeeze=False, sharex="row")
        for column, ((label, sim), colour) in enumerate(zip(panels, COLOURS)):
            _bars(axes[0][column], sim.rounds, colour, "rounds of decisions per game")
            _bars(axes[1][column], sim.decisions, colour, "decisions per seat")
            if label:
                axes[0][column].set_title(_label(label), loc="left")
        axes[0][0].set_ylabel("games")
        axes[1][0].set_ylabel("seats")
        return _svg(figure)


# ---- the differences of a comparison ------------------------------------------------------------

def is_rate(d: Difference) -> bool:
    """Whether a difference is of rates (shown in percentage points) rather than of means."""
    return "rate" in d.measure or d.measure == "built when seen"


def plotted_differences(comparison: Comparison, significant: int, others: int) -> list[Difference]:
    """The differences a plot shows: the `significant` most significant ones, then the `others`
    closest to significance, in the comparison's order (significant first)."""
    tested = [d for d in comparison.differences if not d.only and not math.isnan(d.p)]
    found = [d for d in tested if d.significant(comparison.alpha)]
    rest = [d for d in tested if not d.significant(comparison.alpha)]
    return found[:significant] + rest[:others]


def difference_label(d: Difference) -> str:
    return f"{d.section} {_label(d.subject)}: {d.measure}"


def of_changed_card(d: Difference, changed: frozenset[str]) -> bool:
    """Whether a difference is one of a card named in `changed` (those B changes), which the
    plot of differences labels in bold."""
    return d.section == "card" and d.subject in changed


def differences(comparison: Comparison, significant: int, others: int, changed: frozenset[str] = frozenset()
                ) -> Optional[str]:
    """Each difference B - A plotted with its 95% interval (the `significant` most significant,
    then the `others` closest to significance), the significant ones in colour and on top; rates
    (in points) and means (in their own units) on two plots, one above the other; the labels of
    the cards named in `changed` in bold. None when nothing was tested."""
    shown_rows = plotted_differences(comparison, significant, others)
    parts = [(title, [d for d in shown_rows if is_rate(d) == rate]) for title, rate in
             (("rates: B - A in percentage points", True), ("means: B - A, in their own units", False))]
    parts = [(title, rows) for title, rows in parts if rows]
    if not parts:
        return None
    with _style():
        heights = [len(rows) + 2 for _, rows in parts]
        figure = Figure(figsize=(9.0, 0.24 * sum(heights) + 0.8), layout="constrained")
        axes = figure.subplots(len(parts), 1, squeeze=False, gridspec_kw={"height_ratios": heights})[:, 0]
        for ax, (title, rows) in zip(axes, parts):
            scale = 100 if rows and is_rate(rows[0]) else 1
            for y, d in enumerate(rows):
                colour = SIGNIFICANT if d.significant(comparison.alpha) else OTHER
                below = 0.0 if math.isnan(d.low) else max(0.0, (d.difference - d.low) * scale)
                above = 0.0 if math.isnan(d.high) else max(0.0, (d.high - d.difference) * scale)
                ax.errorbar([d.difference * scale], [y], xerr=[[below], [above]], fmt="o", color=colour,
                            markersize=4, capsize=3, linewidth=1.2)
            ax.axvline(0, color=FAIR, linewidth=1)
            ax.set_yticks(range(len(rows)), [difference_label(d) for d in rows])
            for tick, d in zip(ax.get_yticklabels(), rows):
                if d.significant(comparison.alpha):
                    tick.set_color(SIGNIFICANT)
                if of_changed_card(d, changed):
                    tick.set_fontweight("bold")
            ax.set_ylim(len(rows) - 0.5, -0.5)
            ax.set_title(title, loc="left")
            ax.grid(axis="x", color="#e4e4e4", linewidth=0.6)
            ax.set_axisbelow(True)
            if scale == 100:
                ax.xaxis.set_major_formatter(lambda x, _: f"{x:+g} pt" if x else "0")
        return _svg(figure)
