"""The report page, read back with an HTML parser: its sections, plots and tables hold the figures
worked out by hand, every name of the rule set is escaped, the page needs nothing from outside,
and the same figures give the same bytes."""

from __future__ import annotations

import html

import attrs
from report_page import Page, svg_of
from report_support import RECORDS, SCRIPT_CARD, TOWER, hand_comparison, hand_simulation

from wonderrules.reports.page import comparison_page, simulation_page, write_page

SECTIONS = ["setup", "boards", "seats", "agents", "scores", "cards", "length"]


def test_a_simulation_page_has_a_section_and_a_plot_for_each_question() -> None:
    page = Page(simulation_page(hand_simulation()))
    assert page.sections == SECTIONS
    assert page.headings == ["Simulation of Hand <game> (hand)", "What was simulated", "Win rate per board and side",
                             "Win rate per seat", "Win rate per agent", "Score columns", "Card strength",
                             "Game length"]
    assert len(page.images) == 6  # one per section after the setup
    for image in page.images:
        assert svg_of(image).startswith("<?xml") and "<svg" in svg_of(image) and image["alt"]


def test_the_setup_says_what_was_played_and_nothing_of_when() -> None:
    text = simulation_page(hand_simulation())
    assert "<dt>Table</dt><dd>2 players; options: fast; sides: random</dd>" in text
    assert "<dt>Agents</dt><dd>a, b (seat by seat, from seat 0)</dd>" in text
    assert "<dt>Games</dt><dd>4, dealt with seeds 10 to 13 (game g with seed 10 + g)</dd>" in text
    assert "interrupted" not in text


def test_a_stopped_simulation_says_how_many_games_its_figures_are_of() -> None:
    text = simulation_page(hand_simulation(RECORDS[:4], games=6))
    assert "interrupted: 2 of 6 games finished; the figures are of those." in text


def test_the_tables_hold_the_figures_worked_out_by_hand() -> None:
    page = Page(simulation_page(hand_simulation()))
    boards = page.table("boards")
    assert boards[0] == ["board", "side", "seats", "win rate", "95% interval", "× fair", "mean total",
                         "95% interval"]
    # the tower won games 0, 2 and 3 and half of game 1: 3.5 of 4; the average seat 4 of 8 (50%)
    assert boards[1][:4] == [TOWER, "A", "4", "87.5%"] and boards[1][5:7] == ["1.75", "10.75"]
    assert boards[2][:4] == ["Hall", "B", "4", "12.5%"] and boards[2][5:7] == ["0.25", "6.50"]
    assert [row[:3] for row in page.table("seats")[1:]] == [["0", "4", "62.5%"], ["1", "4", "37.5%"]]
    assert [row[0] for row in page.table("agents")[1:]] == ["a", "b"]
    columns = page.table("scores")
    assert [row[0] for row in columns[1:]] == ["points", "$x$ coins", "total"]
    assert columns[2][1:] == ["1.25", "1.04", "0", "0.8", "1.0", "2.0", "3"]  # 0 0 1 1 1 2 2 3
    cards = page.table("cards")
    # built by 4 of the 8 seats that saw it, who won 3.5; those who passed it won 0.5 of 4
    assert cards[1] == ["1", SCRIPT_CARD, "8", "4", "50.0%", "87.5%", cards[1][6], "1.75", "12.5%"]
    assert cards[2][:2] == ["2", "Well"]
    assert page.table("length")[1][:2] == ["rounds of decisions per game", "4.75"]


def test_every_name_of_the_rule_set_is_escaped() -> None:
    text = simulation_page(hand_simulation())
    assert SCRIPT_CARD not in text and html.escape(SCRIPT_CARD) in text
    assert "<game>" not in text and TOWER not in text and html.escape(TOWER) in text
    page = Page(text)
    assert "script" not in page.tags
    assert [row[1] for row in page.table("cards")[1:]] == [SCRIPT_CARD, "Well"]


def test_the_page_needs_nothing_from_outside() -> None:
    for text in (simulation_page(hand_simulation()), comparison_page(hand_comparison())):
        page = Page(text)
        assert page.links and all(link.startswith(("data:image/svg+xml;base64,", "#")) for link in page.links)
        assert not {"script", "link", "iframe", "object", "embed", "base"} & set(page.tags)
        assert "@import" not in text and "url(" not in text
        assert "<style>" in text


def test_the_same_figures_give_the_same_bytes() -> None:
    assert simulation_page(hand_simulation()) == simulation_page(hand_simulation())
    assert comparison_page(hand_comparison()) == comparison_page(hand_comparison())
    for image in Page(simulation_page(hand_simulation())).images:
        assert "<dc:date>" not in svg_of(image)


def test_with_no_card_ranked_the_page_says_so_instead_of_a_plot() -> None:
    text = simulation_page(hand_simulation(min_built=5))
    page = Page(text)
    assert len(page.images) == 5
    assert "No card was built in 5 seat-games or more" in text
    assert [row[0] for row in page.table("cards")[1:]] == ["few", "few"]


def test_a_comparison_page_lists_the_significant_differences_first_and_highlighted() -> None:
    page = Page(comparison_page(hand_comparison()))
    assert page.sections == ["setup", "differences", *SECTIONS[1:]]
    assert page.headings[0] == "Comparison: Hand <game> (hand) against Hand richer (hand + richer)"
    assert len(page.images) == 7  # the differences, then every plot of a simulation, A beside B
    significant = [t for t in page.tables if t["section"] == "differences"][0]
    assert significant["caption"] == "Significant differences (8)"
    assert set(significant["classes"][1:]) == {"significant"}
    rows = significant["rows"][1:]
    assert rows[0][:7] == ["score", "points", "mean", "7.38", "9.38", "+2.00", "+2.00 to +2.00"]
    assert {(row[0], row[1]) for row in rows} == {("score", "points"), ("score", "total"), ("seat", "0"), ("seat", "1"),
                                                  ("agent", "a"), ("agent", "b"), ("board", f"{TOWER} A"),
                                                  ("board", "Hall B")}
    others = [t for t in page.tables if t["section"] == "differences"][1]
    assert not set(others["classes"][1:]) - {""} and len(others["rows"]) > 1


def test_a_comparison_draws_a_beside_b() -> None:
    page = Page(comparison_page(hand_comparison()))
    for image in page.images[1:]:
        assert 'id="axes_2"' in svg_of(image)


def test_a_subject_met_in_one_simulation_only_is_listed_apart() -> None:
    report = hand_comparison()
    from wonderrules.workbench.comparison import compare

    b_records = [attrs.evolve(r, board="Shed") if r.board == "Hall" else r for r in RECORDS]
    report = attrs.evolve(report, comparison=compare(RECORDS, b_records))
    page = Page(comparison_page(report))
    only = next(t for t in page.tables if t["caption"] == "Met in one simulation only")
    assert only["rows"][1:] == [["board", "Hall B", "A (Hand <game> (hand))", "4"],
                                ["board", "Shed B", "B (Hand richer (hand + richer))", "4"]]


def test_a_page_is_written_as_utf8(tmp_path) -> None:
    path = tmp_path / "report.html"
    write_page(str(path), "<p>× fair</p>")
    assert path.read_bytes() == "<p>× fair</p>".encode()


def test_a_comparison_page_folds_the_tables_of_each_simulation() -> None:
    text = comparison_page(hand_comparison())
    assert '<details id="tables-A"><summary>The tables of A: Hand &lt;game&gt; (hand)</summary>' in text
    assert '<details id="tables-B"><summary>The tables of B: Hand richer (hand + richer)</summary>' in text
    page = Page(text)
    captions = [t["caption"] for t in page.tables if t["section"] == "length"]  # after the last section
    assert captions == ["Per board and side", "Per seat", "Per agent", "Score columns per seat", "Cards",
                        "Game length"] * 2
    b_points = [t for t in page.tables if t["caption"] == "Score columns per seat"][1]["rows"][1]
    assert b_points[:2] == ["points", "9.38"]  # two more than A's 7.38


def test_the_differences_plotted_are_said_under_the_plot(monkeypatch) -> None:
    from wonderrules.reports import page as report_page

    text = comparison_page(hand_comparison())
    assert "Each difference B - A, a dot, with its 95% interval: 8 significant (in red, on top), then the " in text
    monkeypatch.setattr(report_page, "SIGNIFICANT_PLOTTED", 5)
    text = comparison_page(hand_comparison())
    assert ("Each difference B - A, a dot, with its 95% interval: the 5 most significant of 8 (in red, on top)"
            in text)
    assert len(Page(text).table("differences")) == 9  # the table lists all 8
