"""The plots of a report: the cards and differences they pick, one panel per simulation side by
side, names drawn as written, and the same SVG for the same figures whatever the configuration."""

from __future__ import annotations

import math
import re

import attrs
import matplotlib
import pytest
from report_support import DOLLARS, RECORDS, hand_comparison, hand_simulation

from wonderrules.reports import plots
from wonderrules.workbench.comparison import compare
from wonderrules.workbench.statistics import CardStrength, Rate, wilson


def card(name: str, built: int, wins: float, few: bool = False) -> CardStrength:
    return CardStrength(name, 100, built, wilson(built, 100), wilson(wins, built), wilson(0, 0), math.nan, few)


def test_the_cards_plotted_are_the_strongest_and_the_weakest_of_those_ranked() -> None:
    ranked = [card(f"c{i}", 50, 50 - 5 * i) for i in range(5)]
    summary = attrs.evolve(hand_simulation().summary, cards=(*ranked, card("rare", 3, 3, few=True)))
    assert plots.plotted_cards(summary, 2) == (ranked[:2], ranked[3:])
    assert plots.plotted_cards(summary, 3) == (ranked, [])  # 5 ranked cards fit in 2 × 3
    assert plots.plotted_cards(summary, 0) == (ranked, [])


def test_no_card_ranked_is_no_card_plot() -> None:
    sim = hand_simulation(min_built=5)  # no card was built 5 times
    assert plots.card_ranking([("", sim)], 15) is None
    assert plots.card_ranking([("", hand_simulation())], 15) is not None


def test_the_differences_plotted_are_the_significant_ones_then_the_closest() -> None:
    comparison = hand_comparison().comparison
    plotted = plots.plotted_differences(comparison, 40, 3)
    assert len(comparison.significant) == 8
    assert plotted[:8] == list(comparison.significant)
    others = [d for d in comparison.differences if not d.only and not d.significant(comparison.alpha)]
    assert plotted[8:] == others[:3]
    assert plots.plotted_differences(comparison, 5, 3) == plotted[:5] + others[:3]


def test_nothing_tested_is_no_difference_plot() -> None:
    # a single game, no card: no test has the two seat-games or games it needs
    one_game = [attrs.evolve(r, seen=(), built=()) for r in RECORDS[:2]]
    comparison = compare(one_game, one_game)
    assert comparison.tests == 0 and plots.differences(comparison, 40, 15) is None
    assert plots.differences(hand_comparison().comparison, 40, 15) is not None


def test_an_interval_that_rounding_puts_past_its_rate_is_drawn_with_bars_of_no_length() -> None:
    # a rate of 0 whose interval starts 3e-17 above it, and a rate of 1 whose interval ends below
    # it: matplotlib refuses an error bar of negative length
    summary = hand_simulation().summary
    none_won = Rate(0, 5, 0.0, 3.1e-17, 0.43)
    all_won = Rate(7, 7, 1.0, 0.65, 1.0 - 1.1e-16)
    groups = tuple(attrs.evolve(g, win=rate) for g, rate in zip(summary.boards, (none_won, all_won)))
    cards = (attrs.evolve(card("c0", 50, 0), builders=none_won), attrs.evolve(card("c1", 50, 50), builders=all_won))
    sim = attrs.evolve(hand_simulation(), summary=attrs.evolve(summary, boards=groups, cards=cards))
    assert "<svg" in plots.group_win_rates([("", sim)], "boards", "board")
    assert "<svg" in (plots.card_ranking([("", sim)], 15) or "")
    comparison = hand_comparison().comparison
    past = attrs.evolve(comparison.differences[0], low=comparison.differences[0].difference + 1e-17)
    assert "<svg" in (plots.differences(attrs.evolve(comparison, differences=(past,)), 40, 15) or "")


def axes(svg: str) -> list[str]:
    return re.findall(r'<g id="(axes_\d+)"', svg)


def test_two_simulations_are_drawn_side_by_side() -> None:
    a, b = hand_simulation(), hand_comparison().b
    for draw in (lambda panels: plots.group_win_rates(panels, "boards", "board"), plots.score_columns,
                 lambda panels: plots.card_ranking(panels, 15)):
        assert axes(draw([("", a)])) == ["axes_1"]
        assert axes(draw([("A", a), ("B", b)])) == ["axes_1", "axes_2"]
    assert axes(plots.game_length([("", a)])) == ["axes_1", "axes_2"]  # rounds above, decisions below
    assert len(axes(plots.game_length([("A", a), ("B", b)]))) == 4


def test_rows_side_by_side_are_the_first_panels_order_then_the_others() -> None:
    a = hand_simulation()
    b = hand_simulation([attrs.evolve(r, board="Shed") if r.board == "Hall" else r for r in RECORDS])
    drawn: list[list[str]] = []
    original = matplotlib.axes.Axes.set_yticks

    def spy(self, ticks, labels=None, **kwargs):
        drawn.append(list(labels or []))
        return original(self, ticks, labels, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matplotlib.axes.Axes, "set_yticks", spy)
        plots.group_win_rates([("A", a), ("B", b)], "boards", "board")
    assert drawn == [['Tower & "Keep" A', "Hall B", "Shed B"]] * 2


def test_the_same_figures_give_the_same_svg_without_a_date() -> None:
    sim = hand_simulation()
    first = plots.group_win_rates([("", sim)], "boards", "board")
    assert first == plots.group_win_rates([("", sim)], "boards", "board")
    assert "<dc:date>" not in first and first.startswith("<?xml")


def test_the_users_matplotlib_settings_do_not_change_the_plots() -> None:
    sim = hand_simulation()
    plain = plots.score_columns([("", sim)])
    with matplotlib.rc_context({"svg.fonttype": "none", "font.size": 20, "svg.hashsalt": None,
                                "text.parse_math": True, "axes.facecolor": "black"}):
        assert plots.score_columns([("", sim)]) == plain


def test_dollars_in_a_name_are_drawn_as_written_not_read_as_mathematics() -> None:
    broken = hand_simulation([attrs.evolve(r, scores=(r.scores[0], (r"$\frac{$", r.scores[1][1]))) for r in RECORDS])
    svg = plots.score_columns([("", broken)])  # read as mathematics, this name stops matplotlib
    assert svg.startswith("<?xml")
    assert DOLLARS in [c.name for c in hand_simulation().summary.columns]
    assert "Oblique" not in plots.score_columns([("", hand_simulation())])  # $x$ in italics would be


def test_long_names_are_cut_in_a_plot() -> None:
    assert plots._label("x" * 60) == "x" * (plots.LABEL_LENGTH - 1) + "…"
    assert plots._label("tab\there") == "tab\\x09here"
