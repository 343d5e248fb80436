"""Cities: Petra and Byzantium, both sides, and Architect Cabinet (rules_facts.md section 5,
"Card effects"). Stages are built with resources made in the city, so the scenario also
proves each stage can be paid; points are read from the `wonder` column."""

from __future__ import annotations

from expansion_support import Scenario, build, column, pay, split, stage, token

NEIGHBOURS = [("Rhodes", "A"), ("Alexandria", "A")]   # they sell ore and glass only


def petra_a(plan) -> Scenario:
    return Scenario(("cities",), 3, [("Petra", "A")] + NEIGHBOURS, plan, filler={2: "Walls"})


def test_petra_a():
    """[R] Petra A: 3 VP; stage 2 costs 7 coins and is worth 7 VP; 7 VP."""
    # Age I: Lumber Yard, Stone Pit, Timber Yard (1 coin), Press, stage 1 (wood, stone); two
    # sales. Age II: stage 2 (7 coins) on turn 1, stage 3 (wood, 2 stone, papyrus) on turn 2.
    plan = {1: {1: {0: build("Lumber Yard")}, 2: {0: build("Stone Pit")}, 3: {0: build("Timber Yard")},
                4: {0: build("Press")}, 5: {0: stage("Altar")}},
            2: {1: {0: stage("Walls")}, 2: {0: stage("Walls")}}}
    sc = petra_a(plan)
    st = sc.state
    sc.run_to(1, 6)
    assert st.cities[0].coins == 2
    refused = st.explain(0, stage("Altar"))
    assert refused is not None and "7 coin" in refused
    sc.run_to(2, 1)
    assert st.cities[0].coins == 8
    sc.play_turn()
    assert st.cities[0].coins == 1 and st.cities[0].stages_built == 2
    sc.run_to_end()
    assert column(st, 0, "wonder") == 3 + 7 + 7


def test_petra_b():
    """[R] Petra B: 3 VP and every other player loses 2 coins; stage 2 costs 14 coins, worth
    14 VP."""
    # Age I: Clay Pool, Ore Vein, Clay Pit (1 coin), stage 1 (2 clay, 2 ore) on turn 4; three
    # sales: 2 + 9 = 11 coins. Age II: two sales (17), stage 2 on turn 3 (14 coins).
    plan = {1: {1: {0: build("Clay Pool")}, 2: {0: build("Ore Vein")}, 3: {0: build("Clay Pit")},
                4: {0: stage("Altar"), "answers": {("pay", 1): pay(2), ("pay", 2): pay(0)}}},
            2: {3: {0: stage("Walls")}}}
    sc = Scenario(("cities",), 3, [("Petra", "B")] + NEIGHBOURS, plan, filler={2: "Walls"})
    st = sc.state
    sc.run_to(1, 5)
    assert [token(st, s, "debt") for s in range(3)] == [0, 0, 2]
    sc.run_to(2, 3)
    assert st.cities[0].coins == 17
    sc.play_turn()
    assert st.cities[0].coins == 3 and st.cities[0].stages_built == 2
    sc.run_to_end()
    assert column(st, 0, "wonder") == 3 + 14


def test_byzantium_a():
    """[R] Byzantium A: 3 VP; 2 VP + Diplomacy token; 7 VP."""
    # Byzantium A (start stone). Age I: Clay Pool, Ore Vein, stage 1 (clay, ore), Lumber Yard,
    # Timber Yard, Press. Age II: stage 2 (2 wood, papyrus), Brickyard, Glassworks, Loom,
    # stage 3 (2 clay, glass, loom).
    plan = {1: {1: {0: build("Clay Pool")}, 2: {0: build("Ore Vein")}, 3: {0: stage("Altar")},
                4: {0: build("Lumber Yard")}, 5: {0: build("Timber Yard")}, 6: {0: build("Press")}},
            2: {1: {0: stage("Walls")}, 2: {0: build("Brickyard")}, 3: {0: build("Glassworks")},
                4: {0: build("Loom")}, 5: {0: stage("Walls")}}}
    sc = Scenario(("cities",), 3, [("Byzantium", "A")] + NEIGHBOURS, plan, filler={2: "Walls"})
    st = sc.state
    sc.run_to(2, 1)
    assert token(st, 0, "diplomacy") == 0
    sc.run_to(2, 2)
    assert token(st, 0, "diplomacy") == 1
    sc.run_to_end()
    assert st.cities[0].stages_built == 3
    assert column(st, 0, "wonder") == 3 + 2 + 7


def test_byzantium_b():
    """[R] Byzantium B: 3 VP + Diplomacy token; 4 VP + Diplomacy token."""
    # Byzantium B (start stone). Age I: Lumber Yard, Ore Vein, Glassworks, Press, stage 1 (wood,
    # ore, glass, papyrus), Clay Pool, Clay Pit. Age II: Loom, stage 2 (clay, 2 ore, loom).
    plan = {1: {1: {0: build("Lumber Yard")}, 2: {0: build("Ore Vein")}, 3: {0: build("Glassworks")},
                4: {0: build("Press")}, 5: {0: stage("Altar")}, 6: {0: build("Clay Pool")},
                7: {0: build("Clay Pit")}},
            2: {1: {0: build("Loom")}, 2: {0: stage("Walls")}}}
    sc = Scenario(("cities",), 3, [("Byzantium", "B")] + NEIGHBOURS, plan, filler={2: "Walls"})
    st = sc.state
    sc.run_to(1, 6)
    assert token(st, 0, "diplomacy") == 1
    sc.run_to(2, 2)
    assert token(st, 0, "diplomacy") == 0      # spent at the end of Age I
    sc.run_to(2, 3)
    assert token(st, 0, "diplomacy") == 1
    sc.run_to_end()
    assert column(st, 0, "wonder") == 3 + 4


def test_architect_cabinet_petra_still_pays_coins():
    """[R] Architect Cabinet: from now on the player builds wonder stages without paying their
    cost; a coin cost (Petra) is still paid."""
    # Petra A (start clay): Press in Age I (and sales); Architect Cabinet (1 coin, papyrus) on
    # Age II turn 1; then stage 1 (wood, stone: none in the city or next door), stage 2
    # (7 coins) and stage 3 (wood, 2 stone, papyrus) without resources.
    plan = {1: {1: {0: build("Press")}},
            2: {1: {0: build("Architect Cabinet")}, 2: {0: stage("Walls")}, 3: {0: stage("Walls")},
                4: {0: stage("Walls")}}}
    sc = petra_a(plan)
    st = sc.state
    sc.run_to(2, 1)
    assert st.explain(0, stage("Walls")) is not None    # no wood or stone to be had
    sc.play_turn()
    coins = st.cities[0].coins
    assert [split(st, 0, a) for a in st.legal_actions(0) if a.kind == "stage"] == [(0, 0)]
    sc.play_turn()
    assert st.cities[0].coins == coins and st.cities[0].stages_built == 1
    sc.play_turn()
    assert st.cities[0].coins == coins - 7 and st.cities[0].stages_built == 2
    sc.play_turn()
    assert st.cities[0].coins == coins - 7 and st.cities[0].stages_built == 3
    sc.run_to_end()
    assert column(st, 0, "city") == 2   # Architect Cabinet: 2 VP
    assert column(st, 0, "wonder") == 17


def test_architect_cabinet_coins_still_needed():
    """[R] Architect Cabinet: ... a coin cost (Petra) is still paid: without 7 coins, no stage 2."""
    # Petra A. Age I: Press, Militia (3 coins), four free brown cards, one sale: 3 coins.
    # Age II: Architect Cabinet (1 coin), stage 1 (free): 2 coins left for stage 2.
    plan = {1: {1: {0: build("Press")}, 2: {0: build("Militia")}, 3: {0: build("Lumber Yard")},
                4: {0: build("Stone Pit")}, 5: {0: build("Clay Pool")}, 6: {0: build("Ore Vein")}},
            2: {1: {0: build("Architect Cabinet")}, 2: {0: stage("Walls")}}}
    sc = petra_a(plan)
    st = sc.state
    sc.run_to(2, 3)
    assert st.cities[0].coins == 2 and st.cities[0].stages_built == 1
    refused = st.explain(0, stage("Walls"))
    assert refused is not None and "7 coin" in refused
    assert all(a.kind != "stage" for a in st.legal_actions(0))
