"""Rome (rulesets/leaders.wr, from wonders.tsv and rules_facts.md 8.5-8.6), played at a table of
four: side A recruits every leader for 0 coins; side B pays 2 coins less per leader (never below
0) and each neighbour 1 coin less, a seat beyond them full price; B's first stage gives 5 coins
and draws 4 leaders from the undrafted pile, its second recruits one leader at the end of the
turn (recruit only). Seat s's left neighbour is s + 1; every figure is worked out by hand below.
"""

from __future__ import annotations

from expansion_support import column, zone_names
from leaders_support import coins, draft, drafted, held, leaders_game, play_round

from wonderrules import Action

PACKETS = [["Cleopatra", "Sappho", "Nefertiti", "Zenobia"], ["Pericles", "Hiram", "Varro", "Phidias"],
           ["Caesar", "Hannibal", "Nero", "Xenophon"], ["Croesus", "Maecenas", "Midas", "Plato"]]
# keeping the first leader offered, passing right: seat s keeps the first of packet s, s+1, ...
KEPT = [["Cleopatra", "Hiram", "Nero", "Plato"], ["Pericles", "Hannibal", "Midas", "Zenobia"],
        ["Caesar", "Maecenas", "Nefertiti", "Phidias"], ["Croesus", "Sappho", "Varro", "Xenophon"]]


def recruit(card: str) -> Action:
    return Action("recruit", card)


def rome(side: str, hands=None, packets=PACKETS):
    # Rome at seat 0; Giza (stone) on its left, Babylon (clay) on its right, Ephesus beyond
    state = leaders_game(packets, [("Rome", side), ("Giza", "A"), ("Ephesus", "A"), ("Babylon", "A")], hands=hands)
    draft(state)
    return state


def test_the_draft_helper_keeps_what_the_engine_keeps():
    assert drafted(PACKETS) == KEPT
    state = rome("A")
    assert [sorted(held(state, s)) for s in range(4)] == [sorted(k) for k in KEPT]


def test_rome_a_recruits_every_leader_for_nothing_and_its_neighbours_pay_in_full():
    state = rome("A")
    assert coins(state) == [6, 6, 6, 6]
    play_round(state, {0: recruit("Cleopatra"), 1: recruit("Pericles"), 2: recruit("Caesar"), 3: recruit("Croesus")})
    # Cleopatra 4 -> 0; Pericles 6; Caesar 5; Croesus 1 and gives 6
    assert coins(state) == [6, 0, 1, 11]
    assert "Cleopatra" in zone_names(state, 0, "built")


def test_rome_b_pays_two_less_its_neighbours_one_less_and_a_seat_beyond_them_in_full():
    state = rome("B")
    play_round(state, {0: recruit("Cleopatra"), 1: recruit("Pericles"), 2: recruit("Caesar"), 3: recruit("Croesus")})
    # Cleopatra 4 - 2; Pericles 6 - 1 (left neighbour); Caesar 5 (two seats away); Croesus 1 - 1 = 0, then + 6
    assert coins(state) == [6 - 2, 6 - 5, 6 - 5, 6 - 0 + 6]


def test_rome_b_never_takes_a_cost_below_nothing():
    packets = [["Sappho", "Cleopatra", "Nefertiti", "Zenobia"]] + PACKETS[1:]
    state = rome("B", packets=packets)
    assert "Sappho" in held(state, 0)
    play_round(state, {0: recruit("Sappho"), 3: recruit("Croesus")})
    # Sappho costs 1, 2 less: 0, not a coin gained; Croesus 1 - 1 = 0 for the right neighbour
    assert coins(state)[0] == 6
    assert coins(state)[3] == 6 + 6


# Age I hands: seat 0 plays hand 0 on turn 1 and the hand of seat 3 on turn 2 (passed left)
HANDS = {1: [["Lumber Yard", "Altar", "Baths", "Pawnshop", "Theater", "Clay Pit", "Excavation"],
             ["Guard Tower", "Guard Tower", "Scriptorium", "Scriptorium", "Workshop", "Apothecary", "Barracks"],
             ["Ore Vein", "Ore Vein", "Stone Pit", "Timber Yard", "Glassworks", "Press", "Clay Pool"],
             ["Loom", "Lumber Yard", "East Trading Post", "Marketplace", "Tavern", "West Trading Post", "Stockade"]]}


def first_card(state, seat: int) -> str:
    return zone_names(state, seat, "hand")[0]


def test_rome_b_stages_give_coins_draw_four_leaders_and_recruit_one_at_the_end_of_the_turn():
    state = rome("B", hands=HANDS)
    play_round(state, {p: Action("dismiss", KEPT[p][3]) for p in range(4)})  # every seat sells a leader
    assert coins(state)[0] == 9
    play_round(state, {0: Action("build", "Lumber Yard"), 3: Action("sell", "Stockade")})
    play_round(state, {0: Action("build", "Loom")})
    assert coins(state)[0] == 9
    undrafted = list(zone_names(state, 0, "undrafted"))
    assert len(undrafted) == 36 - 16  # the 36 leaders, less 4 for each of 4 players
    # stage 1: wood from the Lumber Yard, clay bought on the right for 2; then 5 coins and 4 leaders
    play_round(state, {0: Action("stage", first_card(state, 0), pay=((3, 2),))})
    assert coins(state)[0] == 9 - 2 + 5
    drawn = [c for c in held(state, 0) if c not in KEPT[0]]
    assert len(drawn) == 4 and set(drawn) <= set(undrafted)
    assert len(zone_names(state, 0, "undrafted")) == 20 - 4
    assert len(held(state, 0)) == 3 + 4
    # stage 2: stone bought on the left, clay on the right, loom from the Loom: 4 coins
    play_round(state, {0: Action("stage", first_card(state, 0), pay=((1, 2), (3, 2)))})
    assert coins(state)[0] == 12 - 4
    # the end of the turn: seat 0 alone recruits one of its 7 leaders, and may do nothing else
    pending = state.pending_decisions()
    assert list(pending) == [0] and pending[0].kind == "enlist"
    legal = state.legal_actions(0)
    assert {a.kind for a in legal} == {"recruit"}
    assert sorted(a.card for a in legal) == sorted(held(state, 0))
    play_round(state, {0: recruit("Hiram")})
    assert coins(state)[0] == 8 - (3 - 2)
    assert "Hiram" in zone_names(state, 0, "built") and len(held(state, 0)) == 6
    assert {d.kind for d in state.pending_decisions().values()} == {"play"}


def test_rome_b_stages_score_three_points_each_in_the_wonder_column():
    state = rome("B", hands=HANDS)
    play_round(state, {p: Action("dismiss", KEPT[p][3]) for p in range(4)})
    play_round(state, {0: Action("build", "Lumber Yard"), 3: Action("sell", "Stockade")})
    play_round(state, {0: Action("build", "Loom")})
    play_round(state, {0: Action("stage", first_card(state, 0), pay=((3, 2),))})
    play_round(state, {0: Action("stage", first_card(state, 0), pay=((1, 2), (3, 2)))})
    play_round(state, {0: recruit("Hiram")})
    while not state.is_terminal():  # the rest of the game: seat 0 only sells and recruits nothing
        play_round(state)
    assert state.cities[0].stages_built == 2
    assert column(state, 0, "wonder") == 0 + 3
