"""The tables `wr simulate` and `wr compare` print: the statistics of :mod:`wonderrules.workbench.statistics`
and the differences of :mod:`wonderrules.workbench.comparison`, in the rule set's own words (its wonders,
sides, score columns and cards appear as named there, escaped like every text of a rule set)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from wonderrules.reports.text import bold, plural, shown
from wonderrules.workbench.comparison import Comparison, Difference
from wonderrules.workbench.statistics import Group, Rate, Summary

__all__ = ["speed_line", "agents_said", "random_play_note", "summary_tables", "comparison_tables", "percent", "number",
           "rate_interval", "DASH"]

DASH = "–"


def percent(x: float) -> str:
    return DASH if math.isnan(x) else f"{x:.1%}"


def number(x: float, digits: int = 2) -> str:
    return DASH if math.isnan(x) else f"{x:.{digits}f}"


def rate_interval(rate: Rate) -> str:
    return DASH if math.isnan(rate.low) else f"{rate.low:.1%} to {rate.high:.1%}"


def _interval(low: float, high: float, digits: int = 2) -> str:
    return DASH if math.isnan(low) else f"{low:.{digits}f} to {high:.{digits}f}"


def speed_line(games: int, players: int, layers: Sequence[str], elapsed: float, decisions: int,
               worker_seconds: float) -> Text:
    """`1000 games, 4 players (base): 2.10 s, 476.2 games/s, 25.3 µs per decision`: games per
    second of the whole run, and the time the workers spent per decision (the engine's speed,
    whatever the number of processes)."""
    rate = games / elapsed if elapsed > 0 and games else 0.0
    return Text.assemble(f"{games} games, {players} players ({' + '.join(shown(x) for x in layers)}): "
                         f"{elapsed:.2f} s, ", bold(f"{rate:.1f} games/s"),
                         f", {worker_seconds / max(1, decisions) * 1e6:.1f} µs per decision")


def agents_said(agents: Sequence[str]) -> str:
    """The agents of the seats, seat 0 first: `random at every seat` when one agent plays them
    all, else each seat's (`greedy, random, random`)."""
    names = [shown(a.strip()) for a in agents]
    if len(set(names)) == 1:
        return f"{names[0]} at every seat"
    return ", ".join(names)


def random_play_note(*seatings: Sequence[str]) -> str | None:
    """The note said when the random agent plays every seat (of every simulation given): the
    figures of cards and boards then describe random play; None otherwise."""
    if not any(seatings) or any(a.strip() != "random" for seats in seatings for a in seats):
        return None
    return ("note: every seat is played by the random agent: the card and board figures describe random play, "
            "not good play; try --agents greedy")


def _groups(title: str, heads: Sequence[str], groups: Sequence[Group]) -> Table:
    table = Table(title=title, title_justify="left")
    for head in heads:
        table.add_column(head)
    for name, justify in (("seats", "right"), ("win rate", "right"), ("95% interval", "right"),
                          ("× fair", "right"), ("mean total", "right"), ("95% interval ", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for g in groups:
        table.add_row(*(shown(k) for k in g.key), str(g.win.n), percent(g.win.value), rate_interval(g.win),
                      number(g.relative), number(g.total.value), _interval(g.total.low, g.total.high))
    return table


def summary_tables(summary: Summary, card_limit: int = 0) -> list[Any]:
    """The tables of a simulation's statistics, with the notes that say how to read them.
    `card_limit`: at most so many cards of each end of the ranking (0: every card)."""
    fair = summary.fair
    out: list[Any] = [
        f"Win rate: the share of games won, a tie of k shared as 1/k (in team play, between the teams). "
        f"× fair: the win rate over the average seat's ({percent(fair)} here; 1/N at N players without "
        f"teams), so 1.00 is fair. Intervals: 95%, Wilson's for rates, Student's t for means."]
    out.append(_groups("Per board and side", ("board", "side"), summary.boards))
    out.append(_groups("Per seat", ("seat",), summary.by_seat))
    out.append(_groups("Per agent", ("agent",), summary.by_agent))
    spreads = Table(title="Score columns per seat", title_justify="left")
    for name in ("column", "mean", "sd", "min", "25%", "median", "75%", "max"):
        spreads.add_column(name, justify="left" if name == "column" else "right")
    for s in summary.columns:
        spreads.add_row(shown(s.name), number(s.mean), number(s.sd), number(s.minimum, 0), number(s.q1, 1),
                        number(s.median, 1), number(s.q3, 1), number(s.maximum, 0))
    out.append(spreads)
    out.append(_cards(summary, card_limit))
    length = Table(title="Game length", title_justify="left")
    for name in ("per", "mean", "sd", "min", "median", "max"):
        length.add_column(name, justify="left" if name == "per" else "right")
    for label, s in (("rounds of decisions per game", summary.rounds), ("decisions per seat", summary.decisions)):
        length.add_row(label, number(s.mean), number(s.sd), number(s.minimum, 0), number(s.median, 1),
                       number(s.maximum, 0))
    out.append(length)
    return out


def _cards(summary: Summary, limit: int) -> Table:
    cards = list(summary.cards)
    ranked = [c for c in cards if not c.few]
    few = [c for c in cards if c.few]
    notes = []
    if limit and len(ranked) > 2 * limit:
        notes.append(f"{plural(len(ranked) - 2 * limit, 'card')} in the middle of the ranking left out")
        ranked = ranked[:limit] + ranked[-limit:]
    if limit and few:
        notes.append(f"{plural(len(few), 'card')} built in fewer than {summary.min_built} seat-games left out")
        few = []
    caption = (f"Ranked by 'win if built': the win rate of the seats that built the card. Seen: seat-games in "
               f"which a legal action named it; built/seen: how often a seat that saw it built it; win if passed: "
               f"the win rate of the seats that saw it and did not build it. Cards built in fewer than "
               f"{summary.min_built} seat-games come last, ranked 'few': their figures are too uncertain to rank.")
    if notes:
        caption += " " + "; ".join(notes).capitalize() + " (--cards)."
    table = Table(title="Cards", title_justify="left", caption=caption, caption_justify="left")
    for name in ("rank", "card", "seen", "built", "built/seen", "win if built", "95% interval", "× fair",
                 "win if passed"):
        table.add_column(name, justify="left" if name == "card" else "right")
    position = {id(c): i + 1 for i, c in enumerate(c for c in cards if not c.few)}
    for c in ranked + few:
        table.add_row(str(position[id(c)]) if id(c) in position else "few", shown(c.card), str(c.seen),
                      str(c.built), percent(c.built_when_seen.value), percent(c.builders.value),
                      rate_interval(c.builders), number(c.relative), percent(c.passers.value))
    return table


# ---- comparison ---------------------------------------------------------------------------------

def _value(d: Difference, x: float) -> str:
    return percent(x) if "rate" in d.measure or d.measure == "built when seen" else number(x)


def _difference(d: Difference, x: float) -> str:
    if math.isnan(x):
        return DASH
    if "rate" in d.measure or d.measure == "built when seen":
        return f"{x * 100:+.1f} pt"
    return f"{x:+.2f}"


def _p(x: float) -> str:
    return DASH if math.isnan(x) else ("<0.0001" if x < 1e-4 else f"{x:.4f}")


def comparison_tables(comparison: Comparison, label_a: str, label_b: str, show_all: bool = False,
                      others: int = 15) -> list[Any]:
    """The differences, significant ones first; of the others, the `others` smallest p-values
    unless `show_all`; then the subjects met in one simulation only."""
    significant = comparison.significant
    rest = [d for d in comparison.differences if not d.only and not d.significant(comparison.alpha)]
    only = [d for d in comparison.differences if d.only]
    shown_rest = rest if show_all else rest[:others]
    out: list[Any] = [
        f"A: {shown(label_a)}; B: {shown(label_b)}. {plural(comparison.paired_games, 'game')} played in both from "
        f"the same seeds. Differences are B - A with a 95% interval; p: the test's p-value, Holm: corrected "
        f"for the {plural(comparison.tests, 'test')} made (Holm's method), significant below "
        f"{comparison.alpha:g}. A paired t test compares game by game (for a board or a card, seat by seat "
        f"when both dealt it to the same seats of the same games); a z test (rates) or Welch t test (means) "
        f"compares independent samples."]
    title = f"Significant differences ({len(significant)})"
    out.append(_difference_table(title, significant) if significant else
               Text(f"No significant difference at {comparison.alpha:g} after Holm's correction."))
    if shown_rest:
        title = "Other differences, smallest p first"
        if len(shown_rest) < len(rest):
            title += f" ({len(shown_rest)} of {len(rest)}; --all shows every one)"
        out.append(_difference_table(title, shown_rest))
    if only:
        table = Table(title="Met in one simulation only", title_justify="left")
        for name in ("what", "name", "only in", "seats"):
            table.add_column(name)
        for d in only:
            table.add_row(d.section, shown(d.subject), f"{d.only} ({shown(label_a if d.only == 'A' else label_b)})",
                          str(d.n_a or d.n_b) if d.n_a or d.n_b else DASH)
        out.append(table)
    return out


def _difference_table(title: str, rows: Sequence[Difference]) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("what", "name", "measure", "A", "B", "B - A", "95% interval", "p", "Holm", "test", "n"):
        table.add_column(name, justify="left" if name in ("what", "name", "measure", "test") else "right",
                         no_wrap=name in ("95% interval", "test", "n"))
    for d in rows:
        interval = DASH if math.isnan(d.low) else f"{_difference(d, d.low)} to {_difference(d, d.high)}"
        table.add_row(d.section, shown(d.subject), d.measure, _value(d, d.a), _value(d, d.b),
                      _difference(d, d.difference), interval, _p(d.p), _p(d.adjusted), d.test,
                      str(d.n_a) if d.n_a == d.n_b else f"{d.n_a}/{d.n_b}")
    return table
