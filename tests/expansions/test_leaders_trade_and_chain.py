"""Hatshepsut (1 coin for each neighbour paid for resources) and Vitruvius (2 coins for each
building built through its chain), at a table of three with fixed hands (leaders.tsv, rules_facts.md
§8.10). Every figure is worked out by hand in the comments; the other seats sell every card."""

from __future__ import annotations

from expansion_support import hand_names
from leaders_support import ORE_CLAY_STONE, actions_of, coins, draft, drafted, held, leaders_game, play_round

from wonderrules import Action

# keeping the first leader offered, passing right: seat 0 keeps the first of packet 0, 1, 2, 0
PACKETS = [["Hatshepsut", "Sappho", "Zenobia", "Cleopatra"], ["Vitruvius", "Nero", "Varro", "Midas"],
           ["Phidias", "Hiram", "Plato", "Amytis"]]
# seat 0 produces ore (Rhodes), seat 1 clay (Babylon), seat 2 stone (Giza)
BOARDS = ORE_CLAY_STONE
# Age I: seat 0 holds the Marketplace (free, chain to the Caravansery); the hands of the others
# each hold a card of one resource: the Guard Tower (clay) and the Baths (stone), last (a seat that
# sells sells its first card)
AGE_1 = [["Marketplace", "Altar", "Apothecary", "Barracks", "Clay Pit", "Clay Pool", "Glassworks"],
         ["Loom", "Lumber Yard", "Ore Vein", "Press", "Scriptorium", "Stockade", "Guard Tower"],
         ["Stone Pit", "Theater", "Timber Yard", "West Trading Post", "Workshop", "East Trading Post", "Baths"]]
AGE_2 = [["Caravansery", "Aqueduct", "Archery Range", "Brickyard", "Courthouse", "Dispensary", "Forum"],
         ["Foundry", "Glassworks", "Laboratory", "Library", "Loom", "Press", "Quarry"],
         ["Sawmill", "School", "Stables", "Statue", "Temple", "Vineyard", "Walls"]]


def test_hatshepsut_pays_a_coin_per_neighbour_paid_and_vitruvius_two_per_chain():
    state = leaders_game(PACKETS, BOARDS, hands={1: AGE_1, 2: AGE_2})
    draft(state)
    assert drafted(PACKETS)[0] == ["Hatshepsut", "Nero", "Plato", "Cleopatra"] == held(state, 0)
    assert drafted(PACKETS)[1][0] == "Vitruvius"

    # Age I recruitment: seat 0 recruits Hatshepsut for 2 of its 6 coins; seat 1 keeps Vitruvius
    play_round(state, {0: Action("recruit", "Hatshepsut"), 1: Action("dismiss", "Midas")})
    assert coins(state)[0] == 4

    # turn 1: the Marketplace costs nothing and pays nobody: no coin from Hatshepsut
    play_round(state, {0: actions_of(state, 0, "build", "Marketplace")[0]})
    assert coins(state)[0] == 4

    # turn 2: the hand passed to seat 0 holds the Guard Tower (clay, from seat 1) or the Baths
    # (stone, from seat 2); one unit bought for 2 coins, and 1 coin back from Hatshepsut
    card, seller = ("Guard Tower", 1) if "Guard Tower" in hand_names(state, 0) else ("Baths", 2)
    (buy,) = actions_of(state, 0, "build", card)
    assert buy.pay == ((seller, 2),)
    before = coins(state)
    play_round(state, {0: buy})
    after = coins(state)
    assert after[0] == before[0] - 2 + 1
    assert after[seller] == before[seller] + 2 + 3  # the coins paid, and a card sold

    # the rest of Age I: seat 0 sells too (3 coins each, nothing bought)
    while state.age == 1:
        before = coins(state)[0]
        play_round(state)
        if state.age == 1:
            assert coins(state)[0] == before + 3

    # Age II recruitment: seat 0 recruits Nero instead, seat 1 Vitruvius (1 coin)
    before = coins(state)
    play_round(state, {0: Action("recruit", "Nero"), 1: Action("recruit", "Vitruvius")})
    assert coins(state)[1] == before[1] - 1

    # turn 1: seat 0 builds the Caravansery through its chain: no coin from Hatshepsut (nobody is
    # paid), none from Vitruvius (seat 1's, not seat 0's)
    (chain,) = actions_of(state, 0, "build", "Caravansery")
    assert chain.way == "chain" and chain.pay == ()
    before = coins(state)[0]
    play_round(state, {0: chain})
    assert coins(state)[0] == before


def test_vitruvius_pays_two_coins_for_a_chained_build_and_none_for_a_paid_one():
    packets = [["Vitruvius", "Sappho", "Zenobia", "Cleopatra"], ["Hatshepsut", "Nero", "Varro", "Midas"],
               ["Phidias", "Hiram", "Plato", "Amytis"]]
    state = leaders_game(packets, BOARDS, hands={1: AGE_1, 2: AGE_2})
    draft(state)
    play_round(state, {0: Action("recruit", "Vitruvius")})
    assert coins(state)[0] == 6 - 1
    # the Marketplace is built paying its cost (nothing), not through a chain: no coins
    play_round(state, {0: actions_of(state, 0, "build", "Marketplace")[0]})
    assert coins(state)[0] == 5
    while state.age == 1:
        play_round(state)
    play_round(state)  # Age II recruitment: seat 0 sells a leader (3 coins)
    before = coins(state)[0]
    (chain,) = actions_of(state, 0, "build", "Caravansery")
    assert chain.way == "chain"
    play_round(state, {0: chain})
    assert coins(state)[0] == before + 2
