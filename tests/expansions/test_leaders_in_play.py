"""Leaders whose effects work during the game (rulesets/leaders.wr, leaders.tsv), each checked at
the moment it acts, at a table of three where every card of the ages is sold and no wonder stage
is built: Caesar's 2 shields and Hannibal's 1 in the military contest of every age, Nero's 2
coins per victory token from the age he is recruited on (not before), and Euclid's and
Pythagoras' symbols in the science column. Every figure is worked out by hand in the comments."""

from __future__ import annotations

from expansion_support import column, token
from leaders_support import coins, draft, drafted, held, leaders_game, play_round

from wonderrules import Action

# keeping the first leader offered, passing right: seat s keeps the first of packet s, s+1, s+2, s
PACKETS = [["Caesar", "Hiram", "Sappho", "Ptolemy"], ["Hannibal", "Nero", "Varro", "Zenobia"],
           ["Cleopatra", "Pythagoras", "Euclid", "Phidias"]]
KEPT = [["Caesar", "Nero", "Euclid", "Ptolemy"], ["Hannibal", "Pythagoras", "Sappho", "Zenobia"],
        ["Cleopatra", "Hiram", "Varro", "Phidias"]]
# starting resources that give neither shields nor science
BOARDS = [("Giza", "A"), ("Ephesus", "A"), ("Alexandria", "A")]


def recruit(card: str) -> Action:
    return Action("recruit", card)


def play_age(state) -> tuple[list[int], list[int]]:
    """Sell every card of the age; the coins before and after the round that ends it."""
    age = state.age
    while True:
        before = coins(state)
        play_round(state)
        if state.age != age or state.is_terminal():
            return before, coins(state)


def played_game():
    """Seat 0 recruits Caesar, Nero, Euclid; seat 1 Hannibal, Pythagoras, Sappho; seat 2 sells."""
    state = leaders_game(PACKETS, BOARDS)
    draft(state)
    assert drafted(PACKETS) == KEPT
    assert [sorted(held(state, s)) for s in range(3)] == [sorted(k) for k in KEPT]
    ends = []
    for mine, theirs in (("Caesar", "Hannibal"), ("Nero", "Pythagoras"), ("Euclid", "Sappho")):
        play_round(state, {0: recruit(mine), 1: recruit(theirs)})
        ends.append(play_age(state))
    return state, ends


def test_caesar_and_hannibal_count_in_every_military_contest():
    state, _ = played_game()
    # shields: seat 0 has 2 (Caesar), seat 1 has 1 (Hannibal), seat 2 none, in every age:
    # seat 0 beats both neighbours, seat 1 beats seat 2 and loses to seat 0, seat 2 loses twice
    assert [token(state, s, "victory") for s in range(3)] == [6, 3, 0]
    assert [token(state, s, "defeat") for s in range(3)] == [0, 3, 6]
    # victories are worth 1, 3, 5: seat 0 2 * (1 + 3 + 5); seat 1 (1 + 3 + 5) - 3; seat 2 -6
    assert [column(state, s, "military") for s in range(3)] == [18, 6, -6]


def test_nero_pays_two_coins_per_victory_token_from_the_age_he_is_recruited_in():
    _, ends = played_game()
    (before_1, after_1), (before_2, after_2), (before_3, after_3) = ends
    # the last round of an age: each seat sells a card for 3 coins; then the contest
    assert after_1[0] - before_1[0] == 3  # Age I: two victories, Nero not yet recruited
    assert after_2[0] - before_2[0] == 3 + 2 * 2  # Age II: two victories, 2 coins each
    assert after_3[0] - before_3[0] == 3 + 2 * 2
    assert [after_2[s] - before_2[s] for s in (1, 2)] == [3, 3]  # no Nero, no coins


def test_euclid_and_pythagoras_give_their_symbol_to_the_science_column():
    state, _ = played_game()
    # one compass for seat 0, one gear for seat 1: 1 squared, no complete set
    assert [column(state, s, "science") for s in range(3)] == [1, 1, 0]


def test_tomyris_hands_the_defeat_token_of_each_lost_conflict_to_the_victor():
    # seat 0 recruits Tomyris, seat 1 Caesar (2 shields), seat 2 nothing; every card is sold, so
    # in each age seat 1 beats seats 0 and 2, who tie with each other (no shields)
    packets = [["Tomyris", "Hiram", "Sappho", "Ptolemy"], ["Caesar", "Nero", "Varro", "Zenobia"],
               ["Cleopatra", "Pythagoras", "Euclid", "Phidias"]]
    state = leaders_game(packets, BOARDS)
    draft(state)
    play_round(state, {0: recruit("Tomyris"), 1: recruit("Caesar")})
    while not state.is_terminal():
        play_round(state)
    # Tomyris' three defeats went to seat 1, each worth -1: seat 1 holds 6 victories and 3 defeats
    assert [token(state, s, "defeat") for s in range(3)] == [0, 3, 3]
    assert [token(state, s, "victory") for s in range(3)] == [0, 6, 0]
    # seat 1: 2 * (1 + 3 + 5) - 3; seat 0 no token at all; seat 2 three defeats
    assert [column(state, s, "military") for s in range(3)] == [0, 15, -3]
