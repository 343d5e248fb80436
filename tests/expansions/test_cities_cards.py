"""Cities: black cards and guilds that move coins, count tokens or give shields
(rules_facts.md section 5, "Card effects"). Points are read from the score sheet's columns:
`city` for black cards, `guilds` for purple ones."""

from __future__ import annotations

import pytest
from expansion_support import Scenario, build, column, pay, stage, token


def shields(st, seat):
    cat = st.game.catalog
    return st.cities[seat].symbols[cat.sym_index["shield"]]


def test_militia_mercenaries_contingent():
    """[R] Militia, Mercenaries, Contingent: 2 / 3 / 5 shields."""
    # Seat 0 (Ephesus A, start papyrus): Militia (3 coins) in Age I, Loom; Mercenaries (4 coins,
    # papyrus) in Age II; Contingent (5 coins, loom) in Age III. The other turns are sales.
    plan = {1: {1: {0: build("Militia")}, 2: {0: build("Loom")}},
            2: {1: {0: build("Mercenaries")}},
            3: {1: {0: build("Contingent")}}}
    sc = Scenario(("cities",), 3, [("Ephesus", "A"), ("Rhodes", "A"), ("Giza", "A")], plan)
    st = sc.state
    sc.run_to(1, 2)
    assert shields(st, 0) == 2
    sc.run_to(2, 2)
    assert shields(st, 0) == 5
    sc.run_to(3, 2)
    assert shields(st, 0) == 10
    sc.run_to_end()
    # two victories per age against neighbours without shields: 2 x (1 + 3 + 5)
    assert column(st, 0, "military") == 18


@pytest.mark.parametrize("card, age, own, next_door", [("Gambling Den", 1, 6, 1), ("Gambling House", 2, 9, 2)])
def test_gambling_den_and_house(card, age, own, next_door):
    """[R] Gambling Den: take 6 coins from the bank; each neighbour takes 1 coin from the bank.
    Gambling House: 9 coins; each neighbour takes 2."""
    # four players: seat 2 is nobody's neighbour of seat 0 and gets nothing
    plan = {age: {1: {0: build(card)}}}
    sc = Scenario(("cities",), 4, [("Giza", "A"), ("Rhodes", "A"), ("Babylon", "A"), ("Olympia", "A")], plan)
    sc.run_to(age, 1)
    st = sc.state
    before = [c.coins for c in st.cities]
    sc.play_turn()
    cost = 1 if card == "Gambling House" else 0
    # the others sold a card (3 coins) that turn
    assert [c.coins - b for c, b in zip(st.cities, before)] == [own - cost, 3 + next_door, 3, 3 + next_door]


def victories_scenario(extra_plan, boards=None) -> Scenario:
    """Seat 1 (Rhodes A) builds Barracks in Age I and beats seats 0 and 2 (no shields) at the end
    of every age: 2 victory tokens per age."""
    plan = {1: {1: {1: build("Barracks")}}}
    for age, turns in extra_plan.items():
        for t, moves in turns.items():
            plan.setdefault(age, {}).setdefault(t, {}).update(moves)
    boards = boards or [("Giza", "A"), ("Rhodes", "A"), ("Olympia", "A")]
    return Scenario(("cities",), 3, boards, plan, filler={2: "Walls"})


def test_sepulcher_and_cenotaph_count_victory_tokens():
    """[R] Sepulcher, Cenotaph: victory points; every other player loses 1 coin per Victory token
    they hold (token value ignored)."""
    # Seat 0 (Giza A, stone): Glassworks, Loom, Clay Pool in Age I; Sepulcher (stone, glass,
    # loom) on Age II turn 1; Brickyard (2 clay); Cenotaph (stone, 2 clay, glass, loom) on Age III
    # turn 1. Seat 1 then holds 2 victory tokens (worth 1 each), later 4 (worth 1, 1, 3, 3).
    plan = {1: {1: {0: build("Glassworks")}, 2: {0: build("Loom")}, 3: {0: build("Clay Pool")}},
            2: {1: {0: build("Sepulcher")}, 2: {0: build("Brickyard")}},
            3: {1: {0: build("Cenotaph")}}}
    sc = victories_scenario(plan)
    st = sc.state
    sc.run_to(2, 1)
    assert token(st, 1, "victory") == 2
    sc.finish_turn()
    pend = st.pending_decisions()
    assert sorted(pend) == [1]              # seat 2 holds no victory token: nothing to lose
    assert max(a.amount for a in st.legal_actions(1)) == 2
    coins = st.cities[1].coins
    st.apply_actions({1: pay(2)})
    assert st.cities[1].coins == coins - 2
    sc.run_to(3, 1)
    assert token(st, 1, "victory") == 4
    sc.finish_turn()
    assert sorted(st.pending_decisions()) == [1]
    assert max(a.amount for a in st.legal_actions(1)) == 4   # 4 tokens, not their value 8
    st.apply_actions({1: pay(1)})
    assert token(st, 1, "debt") == 3
    sc.run_to_end()
    assert column(st, 0, "city") == 4 + 5


def test_builders_union_counts_each_victims_stages():
    """[R] Builders Union: 4 VP; every other player loses 1 coin per wonder stage they have
    built."""
    # Seat 1 (Giza B, stone): Lumber Yard, Timber Yard, Stone Pit, then stage 1 (2 wood) and
    # stage 2 (3 stone) in Age I. Seat 0 (Babylon A, clay): Lumber Yard, Glassworks, Press in
    # Age I, Builders Union (wood, clay, glass, papyrus) on Age III turn 1. Seat 2: no stage.
    plan = {1: {1: {0: build("Lumber Yard"), 1: build("Lumber Yard")},
                2: {0: build("Glassworks"), 1: build("Timber Yard")},
                3: {0: build("Press"), 1: build("Stone Pit")},
                4: {1: stage("Altar")},
                5: {1: stage("Altar")}},
            3: {1: {0: build("Builders Union")}}}
    sc = Scenario(("cities",), 3, [("Babylon", "A"), ("Giza", "B"), ("Rhodes", "A")], plan, filler={1: "Pawnshop"})
    sc.run_to(3, 1)
    st = sc.state
    assert st.cities[1].stages_built == 2 and st.cities[2].stages_built == 0
    sc.finish_turn()
    assert sorted(st.pending_decisions()) == [1]
    assert max(a.amount for a in st.legal_actions(1)) == 2
    st.apply_actions({1: pay(0)})
    assert token(st, 1, "debt") == 2
    sc.run_to_end()
    assert column(st, 0, "city") == 4


def test_secret_society_counts_itself():
    """[R] Secret Society: 1 coin per black card in the city when played (counting itself); at
    the end 1 VP per black card in the city (counting itself)."""
    # Seat 0 (Giza A, stone): Press, Militia (3 coins) and Gates of the City (1 coin, wood: from
    # Lumber Yard) in Age I; Secret Society (stone, papyrus) on Age III turn 1: 3 black cards.
    plan = {1: {1: {0: build("Press")}, 2: {0: build("Militia")}, 3: {0: build("Lumber Yard")},
                5: {0: build("Gates of the City")}},
            3: {1: {0: build("Secret Society")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Olympia", "A")], plan)
    sc.run_to(3, 1)
    st = sc.state
    coins = st.cities[0].coins
    sc.play_turn()
    assert st.cities[0].coins == coins + 3
    sc.run_to_end()
    assert column(st, 0, "city") == 3 + 4   # Secret Society 3, Gates of the City 4


def test_slave_market_counts_victory_tokens():
    """[R] Slave Market: 1 coin per Victory token the player holds when played; at the end 1 VP
    per Victory token held."""
    # Seat 1 (Rhodes A, ore) builds Barracks, Lumber Yard, Timber Yard, Ore Vein in Age I and
    # Slave Market (2 wood, 2 ore) on Age III turn 1, holding 4 victory tokens (2 per age).
    plan = {1: {2: {1: build("Lumber Yard")}, 3: {1: build("Timber Yard")}, 4: {1: build("Ore Vein")}},
            3: {1: {1: build("Slave Market")}}}
    sc = victories_scenario(plan)
    sc.run_to(3, 1)
    st = sc.state
    assert token(st, 1, "victory") == 4
    coins = st.cities[1].coins
    sc.play_turn()
    assert st.cities[1].coins == coins + 4
    sc.run_to_end()
    assert token(st, 1, "victory") == 6
    assert column(st, 1, "city") == 6


def test_counterfeiters_guild():
    """[R] Counterfeiters Guild: 5 VP; every other player loses 3 coins."""
    # Seat 0 (Rhodes A, ore): Ore Vein, Clay Pit (ore), Glassworks, Loom in Age I; the guild
    # (3 ore, glass, loom) on Age III turn 1.
    plan = {1: {1: {0: build("Ore Vein")}, 2: {0: build("Clay Pit")}, 3: {0: build("Glassworks")},
                4: {0: build("Loom")}},
            3: {1: {0: build("Counterfeiters Guild")}}}
    sc = Scenario(("cities",), 3, [("Rhodes", "A"), ("Giza", "A"), ("Olympia", "A")], plan)
    sc.run_to(3, 1)
    sc.finish_turn()
    st = sc.state
    assert sorted(st.pending_decisions()) == [1, 2]
    assert [max(a.amount for a in st.legal_actions(p)) for p in (1, 2)] == [3, 3]
    st.apply_actions({1: pay(3), 2: pay(1)})
    assert [token(st, s, "debt") for s in range(3)] == [0, 0, 2]
    sc.run_to_end()
    assert column(st, 0, "guilds") == 5


def test_guild_of_shadows():
    """[R] Guild of Shadows: 1 VP per black card in the two neighbouring cities."""
    # Seat 0 (Giza A, stone): Stone Pit, Lumber Yard, Press, and a black card of its own
    # (Militia, not counted); the guild (2 stone, wood, papyrus) in Age III. Seat 1: Gambling Den;
    # seat 2 (Olympia A, wood): Militia and Gates of the City (1 coin, wood): 3 black cards next door.
    plan = {1: {1: {0: build("Stone Pit"), 1: build("Gambling Den"), 2: build("Gates of the City")},
                2: {0: build("Lumber Yard")}, 3: {0: build("Press")}, 4: {0: build("Militia"), 2: build("Militia")}},
            3: {1: {0: build("Guild of Shadows")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Olympia", "A")], plan)
    sc.run_to_end()
    assert column(sc.state, 0, "guilds") == 3


def test_mourners_guild_counts_tokens_not_value():
    """[R] Mourners Guild: 1 VP per Victory token in the two neighbouring cities (value
    ignored)."""
    # Seat 0 (Giza A, stone): Clay Pool, Clay Pit (clay), Lumber Yard, Glassworks, Loom in Age I;
    # the guild (2 clay, wood, glass, loom) in Age III. Seat 1 (Rhodes, Barracks) ends with 6
    # victory tokens worth 1+1+3+3+5+5 = 18; seat 2 with none.
    plan = {1: {1: {0: build("Clay Pool")}, 2: {0: build("Clay Pit")}, 3: {0: build("Lumber Yard")},
                4: {0: build("Glassworks")}, 5: {0: build("Loom")}},
            3: {1: {0: build("Mourners Guild")}}}
    sc = victories_scenario(plan)
    sc.run_to_end()
    st = sc.state
    assert token(st, 1, "victory") == 6 and token(st, 2, "victory") == 0
    assert column(st, 0, "guilds") == 6
