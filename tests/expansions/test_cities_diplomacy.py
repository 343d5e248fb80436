"""Cities: diplomacy (rules_facts.md section 5, "Diplomacy", and the Residence / Consulate /
Embassy and Byzantium lines of "Card effects").

Conflict results are read as changes of each city's victory and defeat tokens across one end
of age, so earlier ages do not blur them.
"""

from __future__ import annotations

import pytest
from expansion_support import Action, Scenario, build, column, stage, token, token_value


def tokens(st, seat):
    return (token(st, seat, "victory"), token_value(st, seat, "victory"), token(st, seat, "defeat"),
            token(st, seat, "diplomacy"))


def delta(sc: Scenario, age: int):
    """Play up to the last turn of `age`, then through it; return per seat the change in
    (victories, victory value, defeats, diplomacy tokens) made by that turn and the conflict."""
    sc.run_to(age, sc.turns)
    st = sc.state
    before = [tokens(st, s) for s in range(st.n)]
    sc.play_turn()
    after = [tokens(st, s) for s in range(st.n)]
    return [tuple(a - b for a, b in zip(x, y)) for x, y in zip(after, before)]


# ---- the rulebook example -------------------------------------------------------------------

# Jarek (Ephesus A, start papyrus): Militia (2 shields) and Clay Pool in Age I, Consulate (clay,
# papyrus) in Age II. Ola (Byzantium A, start stone): stage 1 (clay, ore) and stage 2 (2 wood,
# papyrus, a diplomacy token) in Age II. Tosia (Rhodes A, start ore): Barracks (1 shield) in
# Age I. Cyryl (Giza A): no shields.
def example_plan(jarek, ola, tosia, cyryl):
    return {
        1: {1: {jarek: build("Militia"), ola: build("Clay Pit"), tosia: build("Barracks")},
            2: {jarek: build("Clay Pool"), ola: build("Ore Vein")},
            3: {ola: build("Lumber Yard")},
            4: {ola: build("Timber Yard")},
            5: {ola: build("Press")}},
        2: {1: {jarek: build("Consulate"), ola: stage("Aqueduct")},
            2: {ola: stage("Statue")}},
    }


@pytest.mark.parametrize("seats", [(0, 2, 1, 3), (0, 1, 2, 3)], ids=["diplomats-opposite", "diplomats-adjacent"])
def test_diplomacy_rulebook_example(seats):
    """[R] If only two players take part in a conflict resolution, they fight only one war and each
    receives one conflict token. Example: at the end of Age II (4 players), Jarek and Ola each
    discard a Diplomacy token; Tosia has none and must fight Cyryl; Tosia wins and receives only
    one Age II victory token, since she had only one opponent."""
    jarek, ola, tosia, cyryl = seats
    boards = [None] * 4
    boards[jarek] = ("Ephesus", "A")
    boards[ola] = ("Byzantium", "A")
    boards[tosia] = ("Rhodes", "A")
    boards[cyryl] = ("Giza", "A")
    sc = Scenario(("cities",), 4, boards, example_plan(jarek, ola, tosia, cyryl), filler={2: "Walls"})
    d = delta(sc, 2)
    assert d[jarek] == (0, 0, 0, -1)   # out of the war although the strongest (2 shields)
    assert d[ola] == (0, 0, 0, -1)
    assert d[tosia] == (1, 3, 0, 0)    # one Age II victory token only
    assert d[cyryl] == (0, 0, 1, 0)


# ---- one diplomat ---------------------------------------------------------------------------

def one_diplomat_scenario(residence: bool) -> Scenario:
    # Seat 0 (Babylon A, start clay): Residence (clay) and Militia (2 shields, 3 coins);
    # seat 1 (Rhodes A, start ore): Barracks (1 shield); seats 2 and 3: no shields.
    plan = {1: {1: {0: build("Militia"), 1: build("Barracks")}}}
    if residence:
        plan[1][2] = {0: build("Residence")}
    return Scenario(("cities",), 4, [("Babylon", "A"), ("Rhodes", "A"), ("Giza", "A"), ("Olympia", "A")], plan)


def test_diplomacy_card_gives_a_token():
    """[R] A player who plays a card with the diplomacy symbol puts a Diplomacy token on their
    board."""
    sc = one_diplomat_scenario(True)
    sc.run_to(1, 3)
    assert token(sc.state, 0, "diplomacy") == 1
    assert [token(sc.state, s, "diplomacy") for s in (1, 2, 3)] == [0, 0, 0]


def test_diplomat_sits_out_even_if_it_would_win():
    """[R] At the next conflict resolution that player does not take part and MUST then discard
    one Diplomacy token, even if they would have won. They receive no conflict token (neither
    victory nor defeat)."""
    without = delta(one_diplomat_scenario(False), 1)
    assert without[0] == (2, 2, 0, 0)  # 2 shields beat both neighbours (seats 1 and 3)
    d = delta(one_diplomat_scenario(True), 1)
    assert d[0] == (0, 0, 0, -1)


def test_diplomat_neighbours_fight_each_other():
    """[R] For that resolution the player's two neighbours are treated as neighbours of each
    other and resolve a conflict between themselves under the normal rules."""
    d = delta(one_diplomat_scenario(True), 1)
    # seat 1 (1 shield) now faces seat 3 across the diplomat, and seat 2 as usual
    assert d[1] == (2, 2, 0, 0)
    assert d[2] == (0, 0, 1, 0)
    assert d[3] == (0, 0, 1, 0)


@pytest.mark.parametrize("diplomat", [0, 1, 2])
def test_two_fighters_fight_once_at_three_players(diplomat):
    """[R] If only two players take part in a conflict resolution, they fight only one war and
    each receives one conflict token."""
    # every seat builds Residence or a shield card: the two fighters are 1 and 2 shields apart
    boards = [("Babylon", "A"), ("Rhodes", "A"), ("Olympia", "A")]
    shields = {0: "Guard Tower", 1: "Barracks", 2: "Stockade"}  # clay / ore / wood: the boards' own
    plan = {1: {1: {s: build(shields[s]) for s in range(3) if s != diplomat}}}
    plan[1][1][diplomat] = build("Residence") if diplomat == 0 else build("Clay Pool")
    if diplomat != 0:
        plan[1][2] = {diplomat: build("Residence")}
    # the fighter with the lower seat gets a second shield
    fighters = [s for s in range(3) if s != diplomat]
    strong, weak = fighters[0], fighters[1]
    plan[1][3] = {strong: build("Militia")}
    sc = Scenario(("cities",), 3, boards, plan)
    d = delta(sc, 1)
    assert d[diplomat] == (0, 0, 0, -1)
    assert d[strong] == (1, 1, 0, 0)
    assert d[weak] == (0, 0, 1, 0)


def test_several_tokens_one_spent_per_resolution():
    """[R] A player may hold several Diplomacy tokens, but discards exactly one at each
    resolution."""
    # Seat 0, Byzantium B (start stone): stage 1 (wood, ore, glass, papyrus; a diplomacy token)
    # and Residence (clay) in Age I: two tokens at the end of Age I.
    plan = {1: {1: {0: build("Lumber Yard")}, 2: {0: build("Ore Vein")}, 3: {0: build("Glassworks")},
                4: {0: build("Press")}, 5: {0: stage("Pawnshop")}, 6: {0: build("Clay Pool")},
                7: {0: build("Residence"), 1: build("Barracks")}}}
    boards = [("Byzantium", "B"), ("Rhodes", "A"), ("Giza", "A"), ("Olympia", "A")]
    sc = Scenario(("cities",), 4, boards, plan)
    sc.run_to(1, 7)
    sc.finish_turn()  # Residence: the second token, just before the end of Age I
    st = sc.state
    assert (st.age, token(st, 0, "diplomacy")) == (2, 1)   # held 2, spent exactly 1
    assert tokens(st, 0)[:3] == (0, 0, 0)                  # out of the Age I conflict
    assert tokens(st, 1)[:3] == (2, 2, 0)                  # seat 1 fought seats 2 and 3
    d2 = delta(sc, 2)
    assert d2[0] == (0, 0, 0, -1)           # still out at the end of Age II, with the last token
    assert d2[1] == (2, 6, 0, 0)
    d3 = delta(sc, 3)
    assert d3[0] == (0, 0, 1, 0)            # no token left: it fights (and loses to seat 1)
    assert d3[1] == (2, 10, 0, 0)


def test_diplomacy_from_discard_in_a_later_age():
    """[R] FAQ: a diplomacy card built from the discard pile (Halicarnassus) in a later Age still
    gives a token, used at the next resolution."""
    # Seat 2 sells Residence in Age I. Seat 0 (Halicarnassus A, start loom) builds stage 1
    # (2 clay) in Age I and stage 2 (3 ore) in Age II, then builds Residence from the discard
    # pile at the end of that turn.
    plan = {
        1: {1: {0: build("Clay Pool"), 2: Action("sell", "Residence"), 1: build("Barracks")},
            2: {0: build("Clay Pit")},
            3: {0: stage("Pawnshop")},
            4: {0: build("Ore Vein")}},
        2: {1: {0: build("Foundry")},
            2: {0: stage("Statue"), "answers": {("pick", 0): Action("pick", "Residence")}}},
    }
    boards = [("Halicarnassus", "A"), ("Rhodes", "A"), ("Giza", "A"), ("Olympia", "A")]
    sc = Scenario(("cities",), 4, boards, plan, filler={2: "Walls"})
    sc.run_to(2, 3)
    st = sc.state
    assert "Residence" in [c.name for c in st.cities[0].built]
    assert token(st, 0, "diplomacy") == 1
    d = delta(sc, 2)
    assert d[0] == (0, 0, 0, -1)
    # Rhodes (seat 1, 1 shield) fights seat 3 across seat 0, and seat 2
    assert d[1] == (2, 6, 0, 0)


@pytest.mark.parametrize("card, age, points", [("Residence", 1, 1), ("Consulate", 2, 2), ("Embassy", 3, 3)])
def test_residence_consulate_embassy(card, age, points):
    """[R] Residence, Consulate, Embassy: victory points and a Diplomacy token."""
    # seat 0 builds it on the first turn of its age with resources made in Age I:
    # Residence clay; Consulate clay, papyrus; Embassy stone, papyrus, loom.
    prep = {"Residence": [], "Consulate": ["Clay Pool", "Press"], "Embassy": ["Press", "Loom"]}[card]
    plan = {1: {t + 1: {0: build(n)} for t, n in enumerate(prep)}}
    plan.setdefault(age, {})[1] = {0: build(card)}
    boards = [("Babylon", "A") if card == "Residence" else ("Giza", "A"), ("Rhodes", "A"), ("Olympia", "A")]
    if card == "Consulate":
        boards[0] = ("Ephesus", "A")
        plan[1] = {1: {0: build("Clay Pool")}}
    sc = Scenario(("cities",), 3, boards, plan, filler={2: "Walls"})
    sc.run_to(age, 2)
    assert token(sc.state, 0, "diplomacy") == 1
    sc.run_to_end()
    assert column(sc.state, 0, "city") == points
