"""The leaders of the Cities box (rulesets/cities_leaders.wr, leaders.tsv) at a table of three where
every card nobody chooses is sold: Semiramis' defeat tokens counted as shields in the conflicts
after her recruitment, and Diocletian's 2 coins for each black card built after him. Every figure
is worked out by hand in the comments."""

from __future__ import annotations

from expansion_support import column, token
from leaders_support import ORE_CLAY_STONE, actions_of, coins, draft, drafted, leaders_game, play_round

from wonderrules import Action

LAYERS = ("cities_leaders",)
# starting resources that give no shields
BOARDS = [("Giza", "A"), ("Ephesus", "A"), ("Alexandria", "A")]
PACKETS = [["Sappho", "Hiram", "Plato", "Semiramis"], ["Caesar", "Nero", "Varro", "Zenobia"],
           ["Cleopatra", "Pythagoras", "Euclid", "Diocletian"]]


def play_age(state, chosen=None) -> None:
    """The age's recruitment turn with the chosen actions, then every card of the age sold."""
    age = state.age
    play_round(state, chosen)
    while state.age == age and not state.is_terminal():
        play_round(state)


def test_semiramis_counts_each_defeat_token_as_a_shield_in_later_conflicts():
    state = leaders_game(PACKETS, BOARDS, layers=LAYERS)
    draft(state)
    kept = drafted(PACKETS)
    assert "Semiramis" in kept[0] and "Caesar" in kept[1]
    # Age I: seat 1 recruits Caesar (2 shields) and beats both neighbours; seats 0 and 2 tie at 0
    play_age(state, {0: Action("dismiss", "Sappho"), 1: Action("recruit", "Caesar")})
    assert [token(state, s, "defeat") for s in range(3)] == [1, 0, 1]
    # Age II: seat 0 recruits Semiramis: strength 0 + 1 defeat = 1. Seat 1 (2) beats seat 0;
    # seat 0 (1) beats seat 2 (0 shields: its defeat counts for nothing without Semiramis)
    play_age(state, {0: Action("recruit", "Semiramis")})
    assert [token(state, s, "victory") for s in range(3)] == [1, 4, 0]
    assert [token(state, s, "defeat") for s in range(3)] == [2, 0, 3]
    # Age III: seat 0 has 2 defeats, strength 2, and ties with Caesar; it beats seat 2 again
    play_age(state)
    assert state.is_terminal()
    assert [token(state, s, "victory") for s in range(3)] == [2, 5, 0]
    assert [token(state, s, "defeat") for s in range(3)] == [2, 0, 5]
    # victories worth 1, 3, 5: seat 0 3 + 5 - 2; seat 1 1 + 1 + 3 + 3 + 5; seat 2 five defeats
    assert [column(state, s, "military") for s in range(3)] == [6, 13, -5]


def test_diocletian_pays_two_coins_for_each_black_card_built_after_him_and_nothing_else():
    # seat 2 keeps Diocletian (the last leader of its own packet) and holds the Militia (black,
    # 3 coins); the other hands hold, last (the others sell their first card), a grey card that costs
    # nothing (the Loom, the Press)
    hands = {1: [["Altar", "Apothecary", "Barracks", "Clay Pit", "Clay Pool", "Glassworks", "Marketplace",
                  "Loom"],
                 ["Lumber Yard", "Ore Vein", "Scriptorium", "Stockade", "Guard Tower", "Baths", "Hideout", "Press"],
                 ["Militia", "Stone Pit", "Theater", "Timber Yard", "West Trading Post", "Workshop",
                  "East Trading Post", "Residence"]]}
    state = leaders_game(PACKETS, BOARDS, hands=hands, layers=LAYERS)
    draft(state)
    assert "Diocletian" in drafted(PACKETS)[2]
    play_round(state, {2: Action("recruit", "Diocletian")})  # the others sell a leader: 3 coins
    assert coins(state) == [6 + 3, 6 + 3, 6 - 2]
    # turn 1: the Militia costs 3 coins and brings 2; the others sell a card
    (militia,) = actions_of(state, 2, "build", "Militia")
    play_round(state, {2: militia})
    assert coins(state) == [9 + 3, 9 + 3, 4 - 3 + 2]
    # turn 2: seat 2 holds a neighbour's hand and builds its grey card, free: no coin
    grey = [a for a in actions_of(state, 2, "build") if a.card in ("Loom", "Press")]
    assert len(grey) == 1 and not grey[0].pay
    play_round(state, {2: grey[0]})
    assert coins(state) == [12 + 3, 12 + 3, 3]


def test_berenice_adds_a_coin_to_the_first_coins_of_each_turn_taken_from_the_bank():
    # seat 0 (ore) keeps Berenice; seat 1 (clay) holds the Barracks (an ore), bought from seat 0
    packets = [["Berenice", "Hiram", "Plato", "Sappho"], PACKETS[1], PACKETS[2]]
    hands = {1: [["Altar", "Apothecary", "Clay Pit", "Clay Pool", "Glassworks", "Marketplace", "Loom", "Press"],
                 ["Barracks", "Lumber Yard", "Ore Vein", "Scriptorium", "Stockade", "Guard Tower", "Baths",
                  "Hideout"],
                 ["Militia", "Stone Pit", "Theater", "Timber Yard", "West Trading Post", "Workshop",
                  "East Trading Post", "Residence"]]}
    state = leaders_game(packets, ORE_CLAY_STONE, hands=hands, layers=LAYERS)
    draft(state)
    play_round(state, {0: Action("recruit", "Berenice")})
    assert coins(state) == [6 - 2, 6 + 3, 6 + 3]
    # turn 1: seat 0 builds the Altar (free); seat 1 pays seat 0 2 coins for an ore: a buyer's
    # coins, not the bank's, so no coin more
    (barracks,) = actions_of(state, 1, "build", "Barracks")
    assert barracks.pay == ((0, 2),)
    play_round(state, {0: Action("build", "Altar"), 1: barracks})
    assert coins(state) == [4 + 2, 9 - 2, 9 + 3]
    # turns 2 and 3: seat 0 sells a card each turn: 3 coins from the bank, and 1 more each turn
    play_round(state)
    assert coins(state)[0] == 6 + 3 + 1
    play_round(state)
    assert coins(state)[0] == 10 + 3 + 1
    # the recruitment turn of Age II is a turn: selling a leader brings 3 and 1 more
    while state.age == 1:
        play_round(state)
    before = coins(state)[0]
    play_round(state)
    assert coins(state)[0] == before + 3 + 1
