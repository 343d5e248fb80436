"""Aristotle scores 3 more points for each complete set of science symbols, the sets completed
by a wild symbol included (leaders.tsv: "each complete set of 3 different science symbols scores
10 VP instead of 7"; rules_facts.md 8.6: leaders' symbols add to Babylon's and the Scientists
Guild's "any" symbols), and a wild symbol (or a symbol Cities' spies copy) is chosen to its
owner's whole score, Aristotle's points with the science column. The cities are prepared by
hand and scored as they stand; every figure is worked out in the comments."""

from __future__ import annotations

from expansion_support import rules

import wonderrules as wr
from wonderrules.interpreter import engine

BOARDS = [("Giza", "A"), ("Ephesus", "A"), ("Alexandria", "A")]


def scored(cards: list[str], boards: list[tuple[str, str]] = BOARDS, stages: int = 0, layer: str = "leaders",
           others: tuple[list[str], list[str]] = ([], [])):
    """The sheet of seat 0 holding `cards` and its first `stages` wonder stages, at a table of
    three where seats 1 and 2 hold `others`."""
    state = wr.Game(rules(layer), 3).new_initial_state(0, boards=boards)
    built = state.catalog.zone_index["built"]
    for seat, names in enumerate((cards, *others)):
        for name in names:
            card = state.catalog.card_named(name)
            assert card is not None, name
            engine.place(state, seat, card, built)
    city = state.cities[0]
    for _ in range(stages):
        stage = city.board.stages[city.stages_built]
        city.stages_built += 1
        engine.activate(state, 0, stage, built=True)
    return state.game.scorer.sheets(state)[0]


def test_aristotle_counts_a_set_completed_by_the_scientists_guild():
    # compass (Apothecary), gear (Workshop), and the guild's symbol as the tablet: one set.
    # science 1 + 1 + 1 + 7 = 10; Aristotle 3 x 1 set = 3
    sheet = scored(["Aristotle", "Apothecary", "Workshop", "Scientists Guild"])
    assert sheet.column("science") == 10
    assert sheet.column("leaders") == 3
    assert "symbol tablet" in sheet.choices


def test_the_wild_symbol_is_chosen_to_the_whole_score_with_aristotle():
    # 4 compasses (Apothecary, Dispensary, Academy, Lodge), 1 gear (Workshop), 1 wild (the guild):
    #   as a compass: science 25 + 1 + 0 = 26, no set, Aristotle 0 -> 26
    #   as a gear:    science 16 + 4 + 0 = 20, no set, Aristotle 0 -> 20
    #   as a tablet:  science 16 + 1 + 1 + 7 = 25, one set, Aristotle 3 -> 28, the best
    cards = ["Aristotle", "Apothecary", "Dispensary", "Academy", "Lodge", "Workshop", "Scientists Guild"]
    sheet = scored(cards)
    assert sheet.column("science") == 25
    assert sheet.column("leaders") == 3
    assert "symbol tablet" in sheet.choices
    # without Aristotle the compass is best: 26 in science
    alone = scored(cards[1:])
    assert alone.column("science") == 26 and alone.column("leaders") == 0
    assert "symbol compass" in alone.choices
    assert sheet.total - alone.total == 28 - 26


def test_aristotle_counts_a_leaders_symbol_with_the_wild_one():
    # Euclid's compass and Pythagoras' gear (rules_facts.md 8.6), the guild's symbol as the tablet:
    # science 1 + 1 + 1 + 7 = 10; Aristotle 3; Euclid and Pythagoras score nothing themselves
    sheet = scored(["Aristotle", "Euclid", "Pythagoras", "Scientists Guild"])
    assert sheet.column("science") == 10
    assert sheet.column("leaders") == 3


def test_aristotle_counts_a_set_completed_by_babylon():
    # Babylon A's second stage gives a science symbol of its owner's choice: compass (Apothecary),
    # gear (Workshop) and Babylon's as the tablet: science 10, Aristotle 3; wonder 3 (first stage)
    sheet = scored(["Aristotle", "Apothecary", "Workshop"], boards=[("Babylon", "A"), *BOARDS[1:]], stages=2)
    assert sheet.column("wonder") == 3
    assert sheet.column("science") == 10
    assert sheet.column("leaders") == 3


def test_a_copied_symbol_is_chosen_to_the_whole_score_with_aristotle():
    # Cities' Pigeon Loft copies the symbol of a neighbour's green card: the Scriptorium's tablet
    # (seat 1) or the Dispensary's compass (seat 2). With 4 compasses and 1 gear:
    #   the compass: science 25 + 1 + 0 = 26, Aristotle 0 -> 26
    #   the tablet:  science 16 + 1 + 1 + 7 = 25, one set, Aristotle 3 -> 28, the best
    cards = ["Aristotle", "Pigeon Loft", "Apothecary", "Dispensary", "Academy", "Lodge", "Workshop"]
    sheet = scored(cards, layer="cities_leaders", others=(["Scriptorium"], ["Dispensary"]))
    assert sheet.column("science") == 25
    assert sheet.column("leaders") == 3
    assert "copy symbol tablet" in sheet.choices
