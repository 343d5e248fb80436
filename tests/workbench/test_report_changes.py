"""What the compare report says B changes of A's rules: the cards a layer adds, removes and
changes and the settings it overrides, listed on the page and highlighted in the card plots; and
the plot of win rate per agent, left out when one kind of agent played every seat."""

from __future__ import annotations

import attrs
import pytest
from report_page import Page
from report_support import RECORDS, SCRIPT_CARD, hand_comparison, hand_simulation

import wonderrules
from wonderrules.reports import plots
from wonderrules.reports.data import RulesChanges, rules_changes
from wonderrules.reports.page import comparison_page, simulation_page

#: a layer over the base game: one setting overridden, one card replaced, one removed, one added
FISH_MARKET = """ruleset fish "Fish" extends base

game {
  override start coins 4
}

replace card "Altar" age 1 blue chain to "Temple" copies 3+ 5+ { end of game: score 20 }

remove card "Pawnshop"

card "Fish Market" age 1 yellow cost 1 coin copies 4+ 7+ {
  end of turn: gain 1 coin per blue card in left, right
}
"""


@pytest.fixture(scope="module")
def base_and_fish(tmp_path_factory: pytest.TempPathFactory) -> tuple[wonderrules.RuleSet, wonderrules.RuleSet]:
    layer = tmp_path_factory.mktemp("fish") / "fish.wr"
    layer.write_text(FISH_MARKET, encoding="utf-8")
    return wonderrules.load_rules("base"), wonderrules.load_rules("base", str(layer))


def test_a_layer_s_changes_are_listed_exactly(base_and_fish) -> None:
    base, fish = base_and_fish
    changes = rules_changes(base, fish)
    # the base Altar (blue, 2 points, chains to the Temple, copies 3+ 5+) keeps all but its effect,
    # said in the words of `wr cards`: 2 points in base (the reference's vp:2), 20 in fish.wr
    assert changes == RulesChanges(layers=("fish",), added=("Fish Market",), removed=("Pawnshop",),
                                   changed=(("Altar", ("effects",)),), settings=(("start coins", "3", "4"),),
                                   effects=(("Altar", "at the end of the game: 2 points",
                                             "at the end of the game: 20 points"),))
    assert changes.cards_of_a == {"Pawnshop", "Altar"} and changes.cards_of_b == {"Fish Market", "Altar"}


def test_rules_that_do_not_extend_each_other_are_compared_card_by_card(base_and_fish) -> None:
    base, fish = base_and_fish
    changes = rules_changes(fish, base)
    assert changes.layers == ()
    assert changes.added == ("Pawnshop",) and changes.removed == ("Fish Market",)
    assert changes.changed == (("Altar", ("effects",)),) and changes.settings == (("start coins", "4", "3"),)
    assert changes.effects == (("Altar", "at the end of the game: 20 points", "at the end of the game: 2 points"),)


def test_the_same_rules_change_nothing(base_and_fish) -> None:
    base, _ = base_and_fish
    assert rules_changes(base, wonderrules.load_rules("base")).empty


def test_the_page_lists_what_b_changes_escaped() -> None:
    changes = RulesChanges(layers=("richer",), added=(SCRIPT_CARD,), removed=("Well",),
                           changed=(("Mine", ("cost", "effects")),), settings=(("start coins", "3", "4"),))
    text = comparison_page(attrs.evolve(hand_comparison(), changes=changes))
    page = Page(text)
    assert page.sections[:3] == ["setup", "changes", "differences"]
    assert "What B changes" in page.headings
    assert ("<ul><li>adds 1 card: &lt;script&gt;alert(&#x27;card&#x27;)&lt;/script&gt;</li><li>removes 1 card: "
            "Well</li><li>changes 1 card: Mine (cost, effects)</li><li>sets start coins otherwise: 3 in A, 4 in B"
            "</li></ul>") in text
    assert "<p>B is A with the layer richer, which:</p>" in text
    assert SCRIPT_CARD not in text


def test_the_page_says_a_changed_card_s_effects_in_words(base_and_fish) -> None:
    changes = rules_changes(*base_and_fish)
    text = comparison_page(attrs.evolve(hand_comparison(), changes=changes))
    assert ("<li>changes 1 card: Altar (effects)</li><li>changes the effects of Altar: at the end of the game: "
            "2 points in A, at the end of the game: 20 points in B</li>") in text


def test_a_page_without_the_rules_has_no_section_of_changes() -> None:
    page = Page(comparison_page(hand_comparison()))
    assert "changes" not in page.sections


def test_the_changed_cards_are_highlighted_in_the_card_plots(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[object] = []
    drawn = plots.card_ranking

    def card_ranking(panels, limit, changed=()):  # type: ignore[no-untyped-def]
        given.append(changed)
        return drawn(panels, limit, changed)

    monkeypatch.setattr(plots, "card_ranking", card_ranking)
    changes = RulesChanges(added=(SCRIPT_CARD,), removed=("Well",))
    text = comparison_page(attrs.evolve(hand_comparison(), changes=changes))
    # A highlights the card B removes, B the card it adds
    assert given == [(frozenset({"Well"}), frozenset({SCRIPT_CARD}))]
    assert "The cards B changes are in bold and colour" in text
    summary = hand_simulation().summary
    assert [(name, marked) for _, name, marked in plots.card_rows(summary, 15, frozenset({"Well"}))] == [
        (SCRIPT_CARD, False), ("Well", True)]


def test_the_differences_of_a_changed_card_are_labelled_in_bold(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[frozenset[str]] = []
    drawn = plots.differences

    def differences(comparison, significant, others, changed=frozenset()):  # type: ignore[no-untyped-def]
        given.append(changed)
        return drawn(comparison, significant, others, changed)

    monkeypatch.setattr(plots, "differences", differences)
    report = hand_comparison()
    text = comparison_page(attrs.evolve(report, changes=RulesChanges(changed=(("Well", ("cost",)),))))
    assert given == [frozenset({"Well"})] and "The cards B changes are named in bold." in text
    marked = {(d.section, d.subject) for d in report.comparison.differences
              if plots.of_changed_card(d, frozenset({"Well"}))}
    assert marked == {("card", "Well")}


def test_the_agent_plot_is_left_out_when_one_kind_of_agent_played() -> None:
    one = hand_simulation([attrs.evolve(r, agent="a") for r in RECORDS])
    page = Page(simulation_page(one))
    assert "agents" in page.sections
    assert len(page.images) == 5
    assert not any(image["alt"].startswith("Win rate per agent") for image in page.images)
    assert "One kind of agent played every seat: no plot of win rate per agent" in simulation_page(one)
    two = Page(simulation_page(hand_simulation()))
    assert len(two.images) == 6 and any(image["alt"].startswith("Win rate per agent") for image in two.images)

