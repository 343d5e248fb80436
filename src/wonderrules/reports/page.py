"""The report page of `wr simulate --report` and `wr compare --report`: one HTML file holding
everything it shows, so that it opens from a disk, a mail or an archive with no network.

The plots (:mod:`wonderrules.reports.plots`) are SVG images written into the page as ``data:``
addresses, the style sheet is in the page, and the page loads nothing and runs no script. Every
text of a rule set (boards, sides, agents, score columns, cards, titles) is escaped for HTML.
The page holds no date and no timing: the same games give the same bytes.
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Sequence

from wonderrules.reports import plots
from wonderrules.reports.data import Compared, RulesChanges, Simulated
from wonderrules.reports.tables import DASH, agents_said, number, percent, random_play_note, rate_interval
from wonderrules.reports.text import plural, shown
from wonderrules.workbench.comparison import Comparison, Difference
from wonderrules.workbench.statistics import Group, Spread, Summary

__all__ = ["simulation_page", "comparison_page", "write_page", "CARDS_PLOTTED", "SIGNIFICANT_PLOTTED",
           "DIFFERENCES_PLOTTED"]

#: the strongest and the weakest cards plotted when the command line does not say (--cards)
CARDS_PLOTTED = 15
#: the differences plotted: at most so many significant ones (the tables list them all) ...
SIGNIFICANT_PLOTTED = 40
#: ... and so many others, closest to significance first
DIFFERENCES_PLOTTED = 15

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1d1d1d;
       max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .3rem; }
h2 { font-size: 1.25rem; border-bottom: 1px solid #d6d6d6; padding-bottom: .2rem; margin-top: 2.2rem; }
h3 { font-size: 1.05rem; margin-top: 1.4rem; }
nav a { margin-right: .9rem; }
dl.setup { display: grid; grid-template-columns: max-content auto; gap: .15rem 1rem; }
dl.setup dt { font-weight: 600; }
dl.setup dd { margin: 0; }
.note { color: #444; font-size: .92rem; }
.warning { background: #fff4d6; border-left: 4px solid #d9a300; padding: .4rem .7rem; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; }
figcaption { font-size: .88rem; color: #444; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .88rem; }
caption { text-align: left; font-weight: 600; padding-bottom: .3rem; }
th, td { border: 1px solid #d6d6d6; padding: .2rem .5rem; }
th { background: #f2f2f2; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.significant td { background: #fde8ea; }
details { margin: .8rem 0; }
summary { cursor: pointer; font-weight: 600; }
"""


def _e(text: object) -> str:
    """Text of a rule set or of the figures, made safe for HTML: control characters shown
    escaped, then `<`, `>`, `&` and quotes escaped."""
    return html.escape(shown(text), quote=True)


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool], caption: str = "",
           row_classes: Sequence[str] = ()) -> str:
    """A table of cells already escaped; `numeric` columns are aligned right."""
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{caption}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead><tbody>")
    for i, row in enumerate(rows):
        css = f' class="{row_classes[i]}"' if i < len(row_classes) and row_classes[i] else ""
        cells = "".join(f'<td class="n">{c}</td>' if n else f"<td>{c}</td>" for c, n in zip(row, numeric))
        out.append(f"<tr{css}>{cells}</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _figure(svg: str, alt: str, caption: str) -> str:
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<figure><img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}">'
            f"<figcaption>{caption}</figcaption></figure>")


def _page(title: str, heading: str, nav: Sequence[tuple[str, str]], body: Sequence[str]) -> str:
    links = "".join(f'<a href="#{anchor}">{html.escape(name)}</a>' for anchor, name in nav)
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">', f"<title>{title}</title>",
        f"<style>{_CSS}</style>", "</head>", "<body>", f"<h1>{heading}</h1>", f"<nav>{links}</nav>", *body,
        "</body>", "</html>", ""])


def _section(anchor: str, heading: str, *parts: str) -> str:
    return "\n".join([f'<section id="{anchor}">', f"<h2>{html.escape(heading)}</h2>", *parts, "</section>"])


def _rules(sim: Simulated) -> str:
    return f"{_e(sim.title)} ({' + '.join(_e(layer) for layer in sim.layers)})"


def _setup(sims: Sequence[tuple[str, Simulated]]) -> str:
    """What was simulated: the rule set of each simulation, then the table, agents and seeds they share."""
    first = sims[0][1]
    rows = [(f"Rule set {label}" if label else "Rule set", _rules(sim)) for label, sim in sims]
    options = ", ".join(_e(o) for o in first.options) or "none"
    fixed = ", ".join(f"seat {seat} {_e(wonder)} {_e(side)}" for seat, wonder, side in first.boards)
    fixed = f"; boards fixed: {fixed}" if fixed else ""
    rows.append(("Table", f"{first.players} players; options: {options}; sides: {_e(first.sides)}{fixed}"))
    rows += _agents_rows(sims)
    rows.append(("Games", f"{first.games}, dealt with seeds {first.seed} to {first.seed + first.games - 1} "
                          f"(game g with seed {first.seed} + g)"))
    out = ['<dl class="setup">', *(f"<dt>{name}</dt><dd>{value}</dd>" for name, value in rows), "</dl>"]
    note = random_play_note(*(sim.agents for _, sim in sims))
    if note is not None:
        out.append(f'<p class="warning" id="random-play">{html.escape(note)}.</p>')
    if any(sim.stopped for _, sim in sims):
        # a comparison is of the games finished in both, the same number in each
        both = " in both" if len(sims) > 1 else ""
        out.append(f'<p class="warning">interrupted: {min(sim.finished for _, sim in sims)} of {first.games} games '
                   f"finished{both}; the figures are of those.</p>")
    return "\n".join(out)


def _agents_rows(sims: Sequence[tuple[str, Simulated]]) -> list[tuple[str, str]]:
    """The setup's rows naming the agent of each seat: one row when every simulation seated the
    same agents, else one per simulation."""
    said = [html.escape(agents_said(sim.agents)) + ("" if len(set(sim.agents)) == 1 else " (seat by seat, from seat 0)")
            for _, sim in sims]
    if len(set(said)) == 1:
        return [("Agents", said[0] + (" in A and B alike" if len(sims) > 1 else ""))]
    return [(f"Agents of {label}", text) for (label, _), text in zip(sims, said)]


# ---- the figures of one simulation --------------------------------------------------------------

_GROUP_HEADS = ("seats", "win rate", "95% interval", "× fair", "mean total", "95% interval")


def _group_table(heads: Sequence[str], groups: Sequence[Group], caption: str = "") -> str:
    rows = [[*(_e(k) for k in g.key), str(g.win.n), percent(g.win.value), rate_interval(g.win),
             number(g.relative), number(g.total.value),
             DASH if math.isnan(g.total.low) else f"{g.total.low:.2f} to {g.total.high:.2f}"] for g in groups]
    return _table([*heads, *_GROUP_HEADS], rows, [False] * len(heads) + [True] * len(_GROUP_HEADS), caption)


def _spread_table(spreads: Sequence[Spread], caption: str = "") -> str:
    rows = [[_e(s.name), number(s.mean), number(s.sd), number(s.minimum, 0), number(s.q1, 1),
             number(s.median, 1), number(s.q3, 1), number(s.maximum, 0)] for s in spreads]
    return _table(["column", "mean", "sd", "min", "25%", "median", "75%", "max"], rows, [False] + [True] * 7,
                  caption)


def _card_table(summary: Summary, caption: str = "") -> str:
    rows = []
    rank = 0
    for c in summary.cards:
        if not c.few:
            rank += 1
        rows.append([str(rank) if not c.few else "few", _e(c.card), str(c.seen), str(c.built),
                     percent(c.built_when_seen.value), percent(c.builders.value), rate_interval(c.builders),
                     number(c.relative), percent(c.passers.value)])
    heads = ["rank", "card", "seen", "built", "built/seen", "win if built", "95% interval", "× fair", "win if passed"]
    return _table(heads, rows, [True, False] + [True] * 7, caption)


def _length_table(summary: Summary, caption: str = "") -> str:
    rows = [[label, number(s.mean), number(s.sd), number(s.minimum, 0), number(s.median, 1),
             number(s.maximum, 0)]
            for label, s in (("rounds of decisions per game", summary.rounds), ("decisions per seat",
                                                                               summary.decisions))]
    return _table(["per", "mean", "sd", "min", "median", "max"], rows, [False] + [True] * 5, caption)


def _cards_said(panels: Sequence[plots.Panel], limit: int) -> str:
    parts = []
    for label, sim in panels:
        top, bottom = plots.plotted_cards(sim.summary, limit)
        ranked = sum(1 for c in sim.summary.cards if not c.few)
        who = f"{_e(label)}: " if label else ""
        if bottom:
            parts.append(f"{who}the {limit} strongest and the {limit} weakest of {plural(ranked, 'ranked card')}")
        elif ranked:
            parts.append(f"{who}{'every one of the' if ranked > 1 else 'the'} {plural(ranked, 'ranked card')}")
        else:
            parts.append(f"{who}no ranked card")
    return "; ".join(parts)


def _one_agent(panels: Sequence[plots.Panel]) -> bool:
    """Whether a single kind of agent played every seat of every panel: a plot of win rate per
    agent then says nothing."""
    return all(len(sim.summary.by_agent) <= 1 for _, sim in panels)


def _figure_sections(panels: Sequence[plots.Panel], card_limit: int, tables: bool,
                     changed: Sequence[frozenset[str]] = ()) -> list[str]:
    """The sections of the plots (side by side when there are two panels) and, when `tables`,
    the tables of the only simulation under each; `changed`: the cards each panel highlights."""
    sim = panels[0][1]
    fair = ", ".join(f"{_e(label) + ': ' if label else ''}{each.summary.fair:.1%}" for label, each in panels)
    out = [f'<p class="note">Win rate: the share of games won, a tie of k shared as 1/k (in team play, between '
           f"the teams). The dashed line is the fair rate, the win rate of the average seat ({fair}; 1/N at N "
           f"players without teams); × fair is a win rate over it, so 1.00 is fair. Intervals: 95%, Wilson's "
           f"for rates, Student's t for means: of every 20, about one misses its true value by chance.</p>"]
    groups = (("boards", "Win rate per board and side", "boards", ("board", "side"), "board and side",
               "Each board and side: the share of its games it won, a dot, with the range that holds the true "
               "rate 95 times in 100. A board whose interval lies wholly right of the dashed line wins more "
               "often than fair; one wholly left of it, less often."),
              ("seats", "Win rate per seat", "by_seat", ("seat",), "seat",
               "Each seat of the table, from 0: whether the order of play favours a seat."),
              ("agents", "Win rate per agent", "by_agent", ("agent",), "agent",
               "Each agent: whether the better player still wins under these rules, and by how much."))
    for anchor, heading, which, heads, axis, said in groups:
        if which == "by_agent" and _one_agent(panels):
            body = ['<p class="note">One kind of agent played every seat: no plot of win rate per agent, '
                    "which would compare it with itself.</p>"]
        else:
            svg = plots.group_win_rates(panels, which, axis)
            body = [_figure(svg, f"{heading}, with 95% intervals and the fair rate", html.escape(said))]
        if tables:
            body.append(_group_table(heads, getattr(sim.summary, which)))
        out.append(_section(anchor, heading, *body))
    body = [_figure(plots.score_columns(panels), "Score per seat in each score column, and the total, as boxes",
                    "Each score column of the rule set, named as it names them, then the total: the box spans "
                    "the middle half of the seats (from the 25% to the 75% quartile), the line in it is the "
                    "median, the diamond the mean, the whiskers reach the smallest and the largest score. A "
                    "column whose box is wide decides games; one flat at 0 hardly counts.")]
    if tables:
        body.append(_spread_table(sim.summary.columns))
    out.append(_section("scores", "Score columns", *body))
    ranking_svg = plots.card_ranking(panels, card_limit, changed)
    min_built = sim.summary.min_built
    body = []
    if ranking_svg is None:
        body.append(f'<p class="note">No card was built in {min_built} seat-games or more: their figures are too '
                    f"uncertain to rank (more games will rank them).</p>")
    else:
        body.append(_figure(ranking_svg, "The win rate of the seats that built each card, strongest and weakest cards",
                            f"The win rate of the seats that built each card, with its 95% interval, strongest on "
                            f"top ({_cards_said(panels, card_limit)}; cards built in fewer than {min_built} "
                            f"seat-games are too uncertain to rank and not plotted). A ranking by association, "
                            f"not a proof of cause: a card may be built by seats already winning."
                            + (" The cards B changes are in bold and colour: in A, those it changes or removes; in "
                               "B, those it changes or adds." if any(changed) else "")))
    if tables:
        body.append('<p class="note">Seen: seat-games in which a legal action named the card; built/seen: how '
                    "often a seat that saw it built it; win if built: the win rate of the seats that built it, "
                    "which ranks it; win if passed: that of the seats that saw it and did not build it. Cards "
                    f"built in fewer than {min_built} seat-games come last, ranked “few”.</p>")
        body.append(_card_table(sim.summary))
    out.append(_section("cards", "Card strength", *body))
    body = [_figure(plots.game_length(panels), "Histograms of the rounds per game and the decisions per seat",
                    "How many games lasted each number of rounds of decisions (a round: every player who must "
                    "decide does so at once), and how many seats made each number of decisions: a rule that "
                    "grants extra turns or builds shows here.")]
    if tables:
        body.append(_length_table(sim.summary))
    out.append(_section("length", "Game length", *body))
    return out


_NAV = [("setup", "Setup"), ("boards", "Boards"), ("seats", "Seats"), ("agents", "Agents"), ("scores", "Scores"),
        ("cards", "Cards"), ("length", "Game length")]


def simulation_page(sim: Simulated, card_limit: int = 0) -> str:
    """The page of one simulation; `card_limit`: the strongest and weakest cards plotted (0: the
    default, CARDS_PLOTTED); the table lists every card."""
    rules = _rules(sim)
    body = [_section("setup", "What was simulated", _setup([("", sim)])),
            *_figure_sections([("", sim)], card_limit or CARDS_PLOTTED, tables=True)]
    return _page(f"Simulation of {rules}", f"Simulation of {rules}", _NAV, body)


# ---- a comparison -------------------------------------------------------------------------------

def _value(d: Difference, x: float) -> str:
    return percent(x) if plots.is_rate(d) else number(x)


def _signed(d: Difference, x: float) -> str:
    if math.isnan(x):
        return DASH
    return f"{x * 100:+.1f} pt" if plots.is_rate(d) else f"{x:+.2f}"


def _p(x: float) -> str:
    return DASH if math.isnan(x) else ("&lt;0.0001" if x < 1e-4 else f"{x:.4f}")


def _difference_table(rows: Sequence[Difference], alpha: float, caption: str) -> str:
    cells = []
    for d in rows:
        interval = DASH if math.isnan(d.low) else f"{_signed(d, d.low)} to {_signed(d, d.high)}"
        cells.append([_e(d.section), _e(d.subject), _e(d.measure), _value(d, d.a), _value(d, d.b),
                      _signed(d, d.difference), interval, _p(d.p), _p(d.adjusted), _e(d.test),
                      str(d.n_a) if d.n_a == d.n_b else f"{d.n_a}/{d.n_b}"])
    heads = ["what", "name", "measure", "A", "B", "B - A", "95% interval", "p", "Holm", "test", "n"]
    return _table(heads, cells, [False] * 3 + [True] * 6 + [False, True], caption,
                  ["significant" if d.significant(alpha) else "" for d in rows])


def _differences_section(report: Compared) -> str:
    comparison: Comparison = report.comparison
    significant = comparison.significant
    rest = [d for d in comparison.differences if not d.only and not d.significant(comparison.alpha)]
    only = [d for d in comparison.differences if d.only]
    body = [f'<p class="note">{plural(comparison.paired_games, "game")} played in both from the same seeds. '
            f"Differences are B - A with a 95% interval; p: the test's p-value; Holm: corrected for the "
            f"{plural(comparison.tests, 'test')} made (Holm's method), significant below {comparison.alpha:g}. A "
            f"paired t test compares game by game (for a board or a card, seat by seat when both dealt it to the "
            f"same seats of the same games); a z test (rates) or Welch t test (means) compares independent "
            f"samples.</p>"]
    changed = report.changes.cards_of_a | report.changes.cards_of_b if report.changes is not None else frozenset()
    svg = plots.differences(comparison, SIGNIFICANT_PLOTTED, DIFFERENCES_PLOTTED, changed)
    if svg is not None:
        plotted = plots.plotted_differences(comparison, SIGNIFICANT_PLOTTED, DIFFERENCES_PLOTTED)
        red = sum(1 for d in plotted if d.significant(comparison.alpha))
        said = (f"the {red} most significant of {len(significant)}" if red < len(significant)
                else f"{len(significant)} significant")
        body.append(_figure(svg, "The differences B - A with their 95% intervals, significant ones first",
                            f"Each difference B - A, a dot, with its 95% interval: {said} (in red, on top), then "
                            f"the {len(plotted) - red} closest to "
                            f"significance. An interval that does not cross the line at 0 is a difference at the "
                            f"5% level before Holm's correction; rates in percentage points above, means below."
                            + (" The cards B changes are named in bold." if changed else "")))
    if significant:
        body.append(_difference_table(significant, comparison.alpha, f"Significant differences ({len(significant)})"))
    else:
        body.append(f"<p>No significant difference at {comparison.alpha:g} after Holm's correction.</p>")
    if rest:
        body.append(f"<details><summary>Other differences, smallest p first ({len(rest)})</summary>"
                    f"{_difference_table(rest, comparison.alpha, '')}</details>")
    if only:
        labels = {"A": _rules(report.a), "B": _rules(report.b)}
        rows = [[_e(d.section), _e(d.subject), f"{d.only} ({labels[d.only]})", str(d.n_a or d.n_b)] for d in only]
        body.append(_table(["what", "name", "only in", "seats"], rows, [False, False, False, True],
                           "Met in one simulation only"))
    return _section("differences", "What changed", *body)


def _changes_section(changes: RulesChanges) -> str:
    """What B changes of A's rules: the cards it adds, removes and changes, the settings it sets."""
    if changes.layers:
        said = (f"B is A with {'the layer' if len(changes.layers) == 1 else 'the layers'} "
                f"{', '.join(_e(layer) for layer in changes.layers)}, which:")
    else:
        said = "B does not extend A: the difference of their compiled rules, B against A:"
    items = []
    if changes.added:
        items.append(f"adds {plural(len(changes.added), 'card')}: {', '.join(_e(c) for c in changes.added)}")
    if changes.removed:
        items.append(f"removes {plural(len(changes.removed), 'card')}: "
                     f"{', '.join(_e(c) for c in changes.removed)}")
    if changes.changed:
        items.append(f"changes {plural(len(changes.changed), 'card')}: "
                     + "; ".join(f"{_e(c)} ({', '.join(fields)})" for c, fields in changes.changed))
    for card, was, now in changes.effects:
        items.append(f"changes the effects of {_e(card)}: {_e(was)} in A, {_e(now)} in B")
    for name, was, now in changes.settings:
        values = f": {_e(was)} in A, {_e(now)} in B" if was and now else ""
        items.append(f"sets {_e(name)} otherwise{values}")
    if not items:
        return _section("changes", "What B changes", "<p>B writes every card and setting as A does.</p>")
    return _section("changes", "What B changes", f"<p>{said}</p>",
                    "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>")


def comparison_page(report: Compared, card_limit: int = 0) -> str:
    """The page of a comparison: the differences, then every plot of A beside the same plot of B,
    then the tables of each simulation, folded."""
    sims = [("A", report.a), ("B", report.b)]
    panels = [(f"{label}: {' + '.join(sim.layers)}", sim) for label, sim in sims]
    changes = report.changes
    changed = (changes.cards_of_a, changes.cards_of_b) if changes is not None else ()
    body = [_section("setup", "What was compared", _setup(sims)),
            *([_changes_section(changes)] if changes is not None else []), _differences_section(report),
            *_figure_sections(panels, card_limit or CARDS_PLOTTED, tables=False, changed=changed)]
    for label, sim in sims:
        summary = sim.summary
        tables = [_group_table(("board", "side"), summary.boards, "Per board and side"),
                  _group_table(("seat",), summary.by_seat, "Per seat"),
                  _group_table(("agent",), summary.by_agent, "Per agent"),
                  _spread_table(summary.columns, "Score columns per seat"), _card_table(summary, "Cards"),
                  _length_table(summary, "Game length")]
        body.append(f'<details id="tables-{label}"><summary>The tables of {label}: {_rules(sim)}</summary>'
                    + "\n".join(tables) + "</details>")
    heading = f"{_rules(report.a)} against {_rules(report.b)}"
    nav = [("setup", "Setup"), *([("changes", "What B changes")] if changes is not None else []),
           ("differences", "What changed"), *_NAV[1:]]
    return _page(f"Comparison: {heading}", f"Comparison: {heading}", nav, body)


def write_page(path: str, page: str) -> None:
    """Write the page as UTF-8, whole or not at all (OSError when it cannot be written; a page
    that was there is then left as it was)."""
    from wonderrules.workbench.output_files import write_whole

    write_whole(path, page.encode("utf-8"))
