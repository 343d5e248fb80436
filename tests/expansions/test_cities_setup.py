"""Cities: contents, setup, deck arithmetic, hands and turns, scoring columns, eight players
(rules_facts.md section 5: the opening lines and "Eight players")."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from expansion_support import (
    Scenario,
    age_deck,
    build,
    column,
    deal_records,
    dealt_sizes,
    hand_cards,
    new_game,
    play_random,
    stage,
    zone_names,
)

NEW_GUILDS = {"Counterfeiters Guild", "Guild of Shadows", "Mourners Guild"}


def colour_counts(game, age, seed):
    deck = age_deck(game, age, random.Random(seed))
    return Counter(c.colour for c in deck), deck


def test_cities_contents():
    """[R] Contents: 2 wonder boards (Petra, Byzantium), 27 black City cards (9 per Age), 3 guilds
    (Counterfeiters, Shadows, Mourners), 6 leaders, 25 Debt tokens of "1" and 4 of "5", 3
    Diplomacy tokens, a score pad, 2 conflict tokens."""
    game = new_game(("cities",), 4)
    cat = game.catalog
    for age in (1, 2, 3):
        assert len([c for c in cat.cards if c.colour == "black" and c.age == age]) == 9
    assert all(c.pool == "black" for c in cat.cards if c.colour == "black")
    guilds = {c.name for c in cat.cards if c.pool == "guilds"}
    assert len(guilds) == 13 and NEW_GUILDS <= guilds
    boards = {(b.name, b.side) for b in cat.boards}
    assert {("Petra", "A"), ("Petra", "B"), ("Byzantium", "A"), ("Byzantium", "B")} <= boards
    assert len({b.name for b in cat.boards}) == 9
    assert {"debt", "diplomacy"} <= set(cat.tokens)


def test_leaders_are_not_in_the_rule_set():
    """[R] The 6 leaders are used only together with the Leaders expansion (out of scope for the
    rule sets; see leaders.tsv). [R] Leader Aspasia is worth 2 VP and gives a Diplomacy token;
    leader Semiramis: from entry, each Defeat token counts as one shield in all future conflicts.
    (Neither is in the Cities rule set, which has no Leaders expansion to recruit them.)"""
    cat = new_game(("cities",), 4).catalog
    for name in ("Aspasia", "Berenice", "Caligula", "Darius", "Diocletian", "Semiramis"):
        assert cat.card_named(name) is None


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_black_cards_per_age_equal_players(n):
    """[R] Setup: add to each Age deck as many black cards of that Age as there are players,
    drawn at random and unseen; the rest go back to the box."""
    game = new_game(("cities",), n)
    for age in (1, 2, 3):
        seen: set[str] = set()
        for seed in range(12):
            counts, deck = colour_counts(game, age, seed)
            assert counts["black"] == n
            black = [c.name for c in deck if c.colour == "black"]
            assert len(set(black)) == n  # drawn from the 9, no copies
            seen |= set(black)
        assert len(seen) > n  # a random draw, not always the same cards


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_guilds_unchanged_players_plus_two(n):
    """[R] The 3 new guilds are shuffled into the guild pool; the number of guilds used is
    unchanged (players + 2)."""
    game = new_game(("cities",), n)
    seen: set[str] = set()
    for seed in range(30):
        counts, deck = colour_counts(game, 3, seed)
        assert counts["purple"] == n + 2
        seen |= {c.name for c in deck if c.colour == "purple"}
    assert seen & NEW_GUILDS


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_hands_of_eight_seven_turns(n):
    """[R] Each Age every player is dealt 8 cards (not 7) and plays 7 turns; everything else in the
    turn structure is unchanged (the last card of each Age is discarded, Babylon B may play it)."""
    game = new_game(("cities",), n)
    assert (game.config.hand, game.config.turns) == (8, 7)
    for age in (1, 2, 3):
        assert len(age_deck(game, age, random.Random(age))) == 8 * n
    turns = Counter()

    def check(st, _tucked):
        if not st.is_terminal():
            turns[st.age] = max(turns[st.age], st.turn)

    state, tucked = play_random(game, seed=n, check=check)
    assert dict(turns) == {1: 7, 2: 7, 3: 7}
    assert [dealt_sizes(record) for record in deal_records(state)] == [[8] * n] * 3
    # every card not built or tucked was discarded: the last card of each hand among them
    built = sum(len(c.built) for c in state.cities)
    assert built + len(tucked) + len(zone_names(state, 0, "discard")) == 3 * 8 * n
    sold_or_left = len(zone_names(state, 0, "discard"))
    assert sold_or_left >= 3 * n


def test_babylon_b_plays_the_eighth_card():
    """[R] ... the last card of each Age is discarded, Babylon B may play it."""
    # Babylon B (start clay): Loom, stage 1 (clay, loom), Lumber Yard, Timber Yard, Glassworks,
    # stage 2 (2 wood, glass) on turn 6. After turn 7 the 8th card (Pawnshop) may be played.
    plan = {1: {1: {0: build("Loom")}, 2: {0: stage("Altar")}, 3: {0: build("Lumber Yard")},
                4: {0: build("Timber Yard")}, 5: {0: build("Glassworks")}, 6: {0: stage("Altar")},
                7: {"answers": {("extra", 0): build("Pawnshop")}}}}
    sc = Scenario(("cities",), 3, [("Babylon", "B"), ("Rhodes", "A"), ("Giza", "A")], plan,
                  extra_cards={1: {0: "Pawnshop"}})
    sc.run_to(1, 7)
    st = sc.state
    sc.finish_turn()
    pend = st.pending_decisions()
    assert list(pend) == [0] and pend[0].kind == "extra"
    assert [c.name for c in hand_cards(st, 0)] == ["Pawnshop"]
    assert [len(hand_cards(st, s)) for s in (1, 2)] == [1, 1]
    sc.answer({("extra", 0): build("Pawnshop")})
    assert st.age == 2 and "Pawnshop" in st.cities[0].names
    # the other two last cards were discarded: 7 sales each by seats 1 and 2 (the plan's
    # fillers) plus their last cards
    assert len(zone_names(st, 0, "discard")) == 7 + 7 + 2 + 1   # seat 0 sold turn 7's card too


def test_black_cards_never_chain():
    """[V] Black cards never chain."""
    cat = new_game(("cities",), 4).catalog
    black = {c.name for c in cat.cards if c.colour == "black"}
    assert all(not c.chains_from for c in cat.cards if c.colour == "black")
    assert not any(c.chains_from & black for c in cat.cards)


def test_score_sheet_columns():
    """[R] Scoring: black-card points are scored in their own column; debt is written in the
    coins column (e.g. 5 coins and 3 debt tokens: 1 - 3 = -2)."""
    # Gates of the City (4 VP, black) goes to the black column, nowhere else
    plan = {1: {1: {0: build("Lumber Yard")}, 2: {0: build("Gates of the City")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Babylon", "A")], plan)
    sc.run_to_end()
    sheet = sc.state.scores()[0]
    names = [n for n, _ in sheet.columns]
    assert names[:2] == ["military", "treasury"] and "city" in names and "debt" in names
    assert column(sc.state, 0, "city") == 4
    assert column(sc.state, 0, "civilian") == 0
    assert sum(v for _, v in sheet.columns) == sheet.total


# ---- eight players -------------------------------------------------------------------------------

def test_eight_players_decks():
    """[R] Prepare as for 7 players: all Age I, II and III base cards for 7 players, 9 guilds and
    7 black cards per Age. Each Age every player is dealt 7 cards and plays exactly 6 turns, as in
    the base game. (49 + 7 = 56 = 8 x 7; Age III: 40 + 9 + 7 = 56.)"""
    game = new_game(("cities",), 8)
    seven = new_game(("cities",), 7)
    assert (game.config.hand, game.config.turns) == (7, 6)
    for age in (1, 2, 3):
        counts, deck = colour_counts(game, age, age)
        assert len(deck) == 56
        assert counts["black"] == 7
        base8 = Counter(c.name for c in deck if c.colour not in ("black", "purple"))
        _, deck7 = colour_counts(seven, age, age)
        base7 = Counter(c.name for c in deck7 if c.colour not in ("black", "purple"))
        assert base8 == base7
        assert sum(base8.values()) == (49 if age < 3 else 40)
        assert counts["purple"] == (9 if age == 3 else 0)


def test_eight_players_play_six_turns_of_seven_cards():
    """[R] Each Age every player is dealt 7 cards and plays exactly 6 turns, as in the base game."""
    game = new_game(("cities",), 8)
    turns = Counter()

    def check(st, _t):
        if not st.is_terminal():
            turns[st.age] = max(turns[st.age], st.turn)

    state, tucked = play_random(game, seed=3, check=check)
    assert dict(turns) == {1: 6, 2: 6, 3: 6}
    assert [dealt_sizes(record) for record in deal_records(state)] == [[7] * 8] * 3
    assert len({c.board.name for c in state.cities}) == 8


def test_eight_players_is_for_cities_only():
    """[R] 8 players: prepared with the Cities cards; the base game seats 3 to 7."""
    with pytest.raises(ValueError, match="3 to 7"):
        new_game(("base",), 8)
