"""The rules of play of the base game (rules_facts.md sections 2 and 3), played through the public
API on scripted deals.

Seats sit clockwise; left(s) = s+1, right(s) = s-1. Every expected value below is worked out from
the printed rules in the docstring or comment next to it.
"""

from __future__ import annotations

import pytest
from engine_support import (
    FILLER,
    Script,
    build,
    city_names,
    dealt_hands,
    discard_names,
    find_action,
    game,
    hand_cards,
    hand_names,
    left_right,
    paid,
    payments,
    sell,
    snapshot,
    stage,
)

import wonderrules as wr
from wonderrules import Action, IllegalActionError

GIZA, OLYMPIA, RHODES = ("Giza", "A"), ("Olympia", "A"), ("Rhodes", "A")


def test_choices_are_simultaneous_and_resolve_together():
    """"Each turn: all players choose one card at the same time, then resolve at the same time."
    Nothing happens until every player has chosen; then every choice takes effect at once."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Lumber Yard")], 1: [build("Stone Pit")], 2: [build("Clay Pool")]}})
    st = s.state
    assert set(st.pending_decisions()) == {0, 1, 2}
    assert {d.kind for d in st.pending_decisions().values()} == {"play"}
    before = snapshot(st)
    partial = {p: find_action(st, p, s.planned(p)) for p in (0, 1)}
    with pytest.raises(IllegalActionError) as err:
        st.apply_actions(partial)
    assert set(err.value.reasons) == {2} and "must choose" in err.value.reasons[2]
    assert snapshot(st) == before
    s.turn()
    assert (city_names(st, 0), city_names(st, 1), city_names(st, 2)) == (["Lumber Yard"], ["Stone Pit"], ["Clay Pool"])
    assert (st.age, st.turn) == (1, 2)


def test_nothing_may_be_bought_from_a_card_a_neighbour_builds_that_same_turn():
    """Purchases are decided with the turn's card, before anything is revealed: Giza (seat 0)
    cannot buy clay on turn 1 from the Clay Pool its left neighbour builds on turn 1; on turn 2
    it can, for 2 coins paid to that neighbour."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [sell("Guard Tower"), build("Guard Tower")], 1: [build("Clay Pool")]}})
    st = s.state
    assert not [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Guard Tower"]
    why = st.explain(0, paid(st, 0, "build", "Guard Tower", 2, 0))
    assert why is not None and "clay" in why
    s.turn()
    assert (2, 0) in payments(st, 0, "build", "Guard Tower")
    s.turn()
    assert "Guard Tower" in city_names(st, 0)
    # seat 0: 3 + 3 (sold on turn 1) - 2 (clay) = 4; seat 1: 3 + 3 (sold the filler on turn 2) + 2 = 8
    assert st.cities[0].coins == 4
    assert st.cities[1].coins == 8


def test_coins_must_be_held_at_the_start_of_the_turn():
    """"You must have the coins at the start of the turn. Coins earned from commerce during a turn
    can only be spent on the next turn." Rhodes (seat 2, 3 coins) needs 4 coins of wood for its
    first stage; the 2 coins Giza pays it for ore that same turn do not help. Next turn it can."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Lumber Yard"), build("Barracks")],
                    2: [build("Altar"), sell("Theater"), stage("Theater")]}})
    st = s.state
    s.turn()
    assert st.cities[2].coins == 3
    assert not [a for a in st.legal_actions(2) if a.kind == "stage"]
    stage_action = paid(st, 2, "stage", "Theater", 2, 2)   # a wood from each neighbour
    attempt = {0: find_action(st, 0, build("Barracks", 0, 2)), 1: find_action(st, 1, sell(FILLER[1])),
               2: stage_action}
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as err:
        st.apply_actions(attempt)
    assert set(err.value.reasons) == {2}
    assert "4 coin" in err.value.reasons[2] and "3" in err.value.reasons[2]
    assert snapshot(st) == before
    s.turn()   # Rhodes sells instead: 3 + 3 + 2 (Giza's ore) = 8
    assert st.cities[2].coins == 8
    assert st.cities[0].coins == 1  # 3 - 2
    s.turn(p2=stage("Theater", 2, 2))
    assert st.cities[2].stages_built == 1 and st.cities[2].coins == 4


def test_neighbours_cannot_refuse_and_selling_does_not_use_up_the_unit():
    """"The seller cannot refuse. Selling does not stop the seller from using the same unit that
    turn." Olympia's single clay is bought by both neighbours in the same turn while Olympia uses
    it for its own Guard Tower."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [None, build("Guard Tower")], 1: [build("Clay Pool"), build("Guard Tower")],
                    2: [None, build("Guard Tower")]}})
    st = s.state
    s.turn()
    assert {d.kind for d in st.pending_decisions().values()} == {"play"}  # nobody asks the seller
    s.turn(p0=build("Guard Tower", 2, 0), p2=build("Guard Tower", 0, 2))
    assert all("Guard Tower" in city_names(st, p) for p in range(3))
    assert st.cities[1].coins == 3 + 2 + 2
    assert st.cities[0].coins == 3 + 3 - 2 and st.cities[2].coins == 3 + 3 - 2


def test_either_or_card_is_sold_in_either_option():
    """"produce:wood|clay: 1 unit of one of the listed resources, chosen freely each turn": a
    neighbour's Tree Farm sells clay to one buyer and wood to the other in the same turn."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [None, build("Guard Tower")], 1: [build("Tree Farm")], 2: [None, build("Stockade")]}})
    st = s.state
    s.turn()
    assert st.cities[1].coins == 2  # Tree Farm costs 1 coin
    s.turn(p0=build("Guard Tower", 2, 0), p2=build("Stockade", 0, 2))
    assert "Guard Tower" in city_names(st, 0) and "Stockade" in city_names(st, 2)
    assert st.cities[1].coins == 2 + 3 + 2 + 2


def test_wonder_stage_production_is_not_for_sale():
    """"Output of ... wonder stages (Alexandria) cannot be bought." Alexandria B's first stage
    gives its owner a raw resource each turn, but Babylon next to it cannot buy wood from it."""
    s = Script(3, [("Babylon", "A"), ("Alexandria", "B"), ("Halicarnassus", "A")],
               {1: {0: [None, None, sell("Stockade")], 1: [build("Clay Pool"), stage("Altar"), build("Stockade")]}})
    st = s.state
    s.turn()
    s.turn(p1=stage("Altar", 0, 2))  # 2 clay: its Clay Pool and Babylon's clay (right neighbour)
    assert st.cities[1].stages_built == 1
    assert not [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Stockade"]
    why = st.explain(0, paid(st, 0, "build", "Stockade", 2, 0))
    assert why is not None and "wood" in why
    assert (0, 0) in payments(st, 1, "build", "Stockade")


def test_yellow_card_production_is_not_for_sale():
    """"Output of yellow cards (Forum, Caravansery) ... cannot be bought." Giza cannot buy loom
    from the Forum of its left neighbour for a Library; that neighbour uses it itself."""
    s = Script(3, [GIZA, ("Ephesus", "A"), RHODES],
               {1: {0: [build("Stone Pit")], 1: [build("East Trading Post")]},
                2: {1: [build("Forum", way="chain"), build("Library")], 0: [None, sell("Library")]}})
    s.turns(6)
    st = s.state
    s.turn()
    assert "Forum" in city_names(st, 1)
    assert not [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Library"]
    why = st.explain(0, paid(st, 0, "build", "Library", 2, 0))
    assert why is not None and "loom" in why
    # Ephesus itself uses its Forum's loom; it buys the 2 stone from Giza (right), at 1 each
    # with its East Trading Post
    lib = {left_right(st, 1, a) for a in st.legal_actions(1) if a.kind == "build" and a.card == "Library"}
    assert lib == {(0, 2)}


def test_no_two_structures_with_the_same_name():
    """"A city may never contain two structures with the same name." — also across ages: the
    Age II Loom cannot join an Age I Loom."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Lumber Yard"), sell("Lumber Yard"), build("Loom")]},
                2: {0: [sell("Loom")]}})
    st = s.state
    s.turn()
    assert not [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Lumber Yard"]
    assert "'Lumber Yard' is already in the city" in st.explain(0, Action("build", "Lumber Yard"))
    assert st.explain(0, Action("sell", "Lumber Yard")) is None
    s.turns(5)
    assert st.age == 2 and "Loom" in city_names(st, 0)
    assert not [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Loom"]
    assert "'Loom' is already in the city" in st.explain(0, Action("build", "Loom"))


def test_wonder_stages_are_built_in_order_and_each_once():
    """"Wonder stages are built in order, left to right, and each one only once." Olympia A:
    2 wood, 2 stone, 2 ore; after the third stage no stage can be built."""
    s = Script(3, [OLYMPIA, GIZA, RHODES],
               {1: {0: [build("Lumber Yard"), stage("Altar"), build("Stone Pit"), None, stage("Theater"),
                        build("Ore Vein")]},
                2: {0: [stage("Temple"), sell("Aqueduct")]}})
    st = s.state
    s.turn()
    s.turn()
    assert st.cities[0].stages_built == 1
    s.turn()
    # stage 2 costs 2 stone: the Stone Pit and one bought from Giza (left) for 2
    assert (2, 0) in {left_right(st, 0, a) for a in st.legal_actions(0) if a.kind == "stage"}
    s.turns(2)
    assert st.cities[0].stages_built == 2
    s.turn()
    assert st.age == 2
    s.turn(p0=stage("Temple", 0, 2))  # 2 ore: its Ore Vein and Rhodes' ore (right)
    assert st.cities[0].stages_built == 3
    assert not [a for a in st.legal_actions(0) if a.kind == "stage"]
    why = st.explain(0, Action("stage", "Aqueduct"))
    assert why is not None and "already built" in why


def test_selling_gives_3_coins_and_is_always_allowed():
    """"(c) discard the card for 3 coins from the bank": allowed for any card, with no coins."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Clay Pit"), build("Timber Yard"), build("Excavation"), sell("Altar")]}})
    st = s.state
    s.turns(3)
    assert st.cities[0].coins == 0
    assert {a.card for a in st.legal_actions(0) if a.kind == "sell"} == set(hand_names(st, 0))
    s.turn()
    assert st.cities[0].coins == 3
    assert "Altar" in discard_names(st)


def test_last_card_of_an_age_is_discarded():
    """"On the 6th turn, each player plays one of their 2 cards and discards the other.\""""
    s = Script(3, [GIZA, OLYMPIA, RHODES], {1: {}}, leftovers={1: {0: "Tavern", 1: "Theater", 2: "Baths"}})
    st = s.state
    s.turns(6)
    assert st.age == 2
    discard = sorted(discard_names(st))
    assert discard == sorted(["Tavern", "Theater", "Baths"] + [FILLER[1]] * 18)
    assert all(len(hand_cards(st, p)) == 7 for p in range(3))


def test_hands_pass_left_right_left():
    """"Pass direction: Age I left (clockwise), Age II right, Age III left." After turn 1 of each
    age, each player holds what is left of the hand dealt to their right neighbour (Ages I and III)
    or to their left neighbour (Age II)."""
    g = game(4)
    st = g.new_initial_state(5)
    for age, giver in ((1, lambda p: (p - 1) % 4), (2, lambda p: (p + 1) % 4), (3, lambda p: (p - 1) % 4)):
        assert st.age == age and st.turn == 1
        dealt = [sorted(h) for h in dealt_hands(st, age)]
        first = {p: hand_cards(st, p)[0].name for p in range(4)}
        st.apply_actions({p: Action("sell", first[p]) for p in range(4)})
        for p in range(4):
            expected = list(dealt[giver(p)])
            expected.remove(first[giver(p)])
            assert hand_names(st, p) == expected, (age, p)
        while st.age == age and not st.is_terminal():
            st.apply_actions({p: Action("sell", hand_cards(st, p)[0].name) for p in st.pending_decisions()})


def test_chain_builds_for_free_when_the_city_holds_the_earlier_card():
    """"If a card names an earlier structure and you built it in an earlier Age, you may build the
    card for free." Theater (Age I) chains to Statue (wood, 2 ore): free, no coins, no trade."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Theater")]}, 2: {0: [build("Statue", way="chain")], 1: [sell("Statue")]}})
    st = s.state
    s.turns(6)
    coins = st.cities[0].coins
    statue = [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Statue"]
    assert statue == [Action("build", "Statue", way="chain")]
    # Olympia (no Theater) holds a Statue too: no chain for it
    why = st.explain(1, Action("build", "Statue", way="chain"))
    assert why is not None and "Theater" in why
    s.turn()
    assert "Statue" in city_names(st, 0)
    assert st.cities[0].coins == coins
    assert st.cities[2].coins == 3 + 3 * 7  # Rhodes only sold: nothing was bought from it


def test_a_chain_must_come_from_an_earlier_age(tmp_path):
    """"... and you built it in an earlier Age": in the base game every chain leads to a later
    Age, and the language refuses a variant whose chain stays within one Age (E0202), so the
    engine never meets one."""
    layer = tmp_path / "same_age_chain.wr"
    layer.write_text('ruleset same_age_chain "T" extends base\n'
                     'replace card "Statue" age 2 blue cost wood, 2 ore chain from "Theater", "Courthouse"\n'
                     '    chain to "Gardens" copies 3+ 7+ { end of game: score 4 }\n', encoding="utf-8")
    with pytest.raises(wr.RulesError) as err:
        wr.load_rules(str(layer))
    assert [d.code for d in err.value.diagnostics] == ["E0202"]
    rules = game(3).rules
    ages = {c.name: c.age for c in rules.cards}
    for card in rules.cards:
        for earlier in card.chains_from:
            assert ages[earlier] < card.age, (earlier, card.name)
