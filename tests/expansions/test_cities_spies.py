"""Cities: spies (Pigeon Loft, Spy Ring, Torture Chamber), rules_facts.md section 5:

[R] Spies (Pigeon Loft, Spy Ring, Torture Chamber): at the end of the game each mask copies the
science symbol of one green card in one of the two neighbouring cities. One mask copies one card,
and a given card can be copied only once; a player with several masks copies as many different
cards as masks. The copied card may be one the player also owns. Two cards with the same name in
the two neighbours (e.g. Workshop left and Workshop right) may both be copied. A mask with nothing
left to copy is wasted.

Three players: seat 0 (Rhodes A, start ore) spies; seat 1 (its left neighbour, Alexandria A,
start glass) and seat 2 (its right neighbour, Ephesus A, start papyrus) build green cards.
Science points: each symbol's count squared, plus 7 per set of three.
"""

from __future__ import annotations

from expansion_support import Scenario, build, column

BOARDS = [("Rhodes", "A"), ("Alexandria", "A"), ("Ephesus", "A")]


def science(plan) -> list[int]:
    sc = Scenario(("cities",), 3, BOARDS, plan, filler={2: "Walls"})
    sc.run_to_end()
    return [column(sc.state, s, "science") for s in range(3)]


# seat 0's spies: Pigeon Loft (1 coin, ore) in Age I, Spy Ring (2 coins, stone, clay) in Age II
TWO_SPIES = {1: {1: {0: build("Pigeon Loft")}, 2: {0: build("Stone Pit")}, 3: {0: build("Clay Pool")}},
             2: {1: {0: build("Spy Ring")}}}


def with_moves(plan, extra):
    out = {a: {t: dict(m) for t, m in turns.items()} for a, turns in plan.items()}
    for age, turns in extra.items():
        for t, m in turns.items():
            out.setdefault(age, {}).setdefault(t, {}).update(m)
    return out


def test_spy_copies_a_neighbours_green_card_at_the_end():
    """[R] at the end of the game each mask copies the science symbol of one green card in one of
    the two neighbouring cities."""
    # the Workshop is built in Age III, long after the Pigeon Loft: copied at the end anyway
    plan = {1: {1: {0: build("Pigeon Loft")}}, 3: {1: {1: build("Academy")}}}
    # Academy: 3 stone, glass; seat 1 makes stone with Stone Pit and Quarry in earlier ages
    plan[1][2] = {1: build("Stone Pit")}
    plan[2] = {1: {1: build("Quarry")}}
    assert science(plan) == [1, 1, 0]  # seat 0: one compass copied


def test_spy_without_green_next_door_is_wasted():
    """[R] A mask with nothing left to copy is wasted."""
    assert science({1: {1: {0: build("Pigeon Loft")}}}) == [0, 0, 0]


def test_two_spies_copy_different_cards():
    """[R] One mask copies one card, and a given card can be copied only once; a player with
    several masks copies as many different cards as masks. A mask with nothing left to copy is
    wasted."""
    # one Workshop next door (seat 1): the second spy has nothing left (1 gear, not 2)
    plan = with_moves(TWO_SPIES, {1: {1: {1: build("Workshop")}}})
    assert science(plan) == [1, 1, 0]


def test_same_name_left_and_right_both_copied():
    """[R] Two cards with the same name in the two neighbours (e.g. Workshop left and Workshop
    right) may both be copied."""
    # Workshop costs glass: seat 1 has it on its board, seat 2 builds Glassworks first
    plan = with_moves(TWO_SPIES, {1: {1: {1: build("Workshop"), 2: build("Glassworks")},
                                      2: {2: build("Workshop")}}})
    assert science(plan) == [4, 1, 1]  # two gears: 2 squared


def test_copied_card_may_be_owned_too():
    """[R] The copied card may be one the player also owns."""
    # seat 0 builds its own Workshop (glass bought from seat 1 for 2 coins) and copies seat 1's
    plan = {1: {1: {0: build("Pigeon Loft"), 1: build("Workshop")}, 2: {0: build("Workshop", left=2)}}}
    assert science(plan) == [4, 1, 0]


def test_spy_chooses_the_best_card():
    """[R] each mask copies the science symbol of one green card in one of the two neighbouring
    cities (chosen at the end, to the owner's best score)."""
    # seat 0 owns a compass (Apothecary, loom from Loom) and a gear (Workshop, glass from
    # Glassworks); left has a Workshop (gear), right a Scriptorium (tablet). Copying the tablet
    # completes a set: 1 + 1 + 1 + 7 = 10 (copying the gear would give 4 + 1 = 5).
    plan = {1: {1: {0: build("Pigeon Loft"), 1: build("Workshop"), 2: build("Scriptorium")},
                2: {0: build("Loom")}, 3: {0: build("Apothecary")}, 4: {0: build("Glassworks")},
                5: {0: build("Workshop")}}}
    sc = Scenario(("cities",), 3, BOARDS, plan, filler={2: "Walls"})
    sc.run_to_end()
    assert column(sc.state, 0, "science") == 10
    assert "copy symbol tablet" in sc.state.scores()[0].choices


def test_three_spies_three_cards():
    """[R] a player with several masks copies as many different cards as masks."""
    # Torture Chamber (3 coins, 2 ore, glass) in Age III: ore from the board and Ore Vein,
    # glass from Glassworks. Left: Workshop and Scriptorium... seat 1 has glass, buys nothing:
    # Workshop (glass). Right (Ephesus, papyrus): Scriptorium (papyrus) and Glassworks,
    # then Laboratory? (2 clay, papyrus): no, keep to Age I greens.
    plan = with_moves(TWO_SPIES, {1: {1: {1: build("Workshop"), 2: build("Scriptorium")},
                                      4: {0: build("Ore Vein")}, 5: {0: build("Glassworks")}},
                                  3: {1: {0: build("Torture Chamber")}}})
    # copies: gear (seat 1) and tablet (seat 2): two cards only, the third mask is wasted
    assert science(plan) == [2, 1, 1]
