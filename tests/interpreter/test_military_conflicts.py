"""Military conflicts (rules_facts.md section 4): "At the end of each Age, each player compares
their total shields with each neighbour: more than that neighbour -> one Victory token worth +1
(Age I), +3 (Age II) or +5 (Age III); fewer -> one Defeat token worth -1 (every Age); equal -> no
token. A player can therefore get 0, 1 or 2 tokens per Age."
"""

from __future__ import annotations

import pytest
from engine_support import Script, build, game, place, play_out, random_rounds

WORTH = {1: 1, 2: 3, 3: 5}


def _tokens(state, seat: int) -> tuple[int, int, int, int]:
    """(victory count, victory value, defeat count, defeat value)."""
    c = state.cities[seat]
    v, d = state.catalog.token_index["victory"], state.catalog.token_index["defeat"]
    return c.token_counts[v], c.token_values[v], c.token_counts[d], c.token_values[d]


def test_conflicts_with_each_neighbour_at_the_end_of_each_age():
    """Giza (1 shield), Rhodes (0, then 2 in Age II), Olympia (2): wins, losses and a tie, age by
    age. No token is given before an Age ends."""
    s = Script(3, [("Giza", "A"), ("Rhodes", "A"), ("Olympia", "A")],
               {1: {0: [build("Barracks")], 2: [build("Stockade"), build("Barracks")]},
                2: {1: [build("Archery Range")]}, 3: {}})
    st = s.state
    place(st, 1, "Sawmill", age=2)   # 2 wood for the Archery Range
    s.turns(5)
    assert [_tokens(st, p) for p in range(3)] == [(0, 0, 0, 0)] * 3
    s.turn()
    # Age I: Giza 1 beats Rhodes 0, loses to Olympia 2; Rhodes loses both; Olympia wins both
    assert [_tokens(st, p) for p in range(3)] == [(1, 1, 1, -1), (0, 0, 2, -2), (2, 2, 0, 0)]
    s.turns(6)
    # Age II: Rhodes 2 beats Giza 1 (+3), ties Olympia 2 (nothing); Olympia beats Giza (+3)
    assert [_tokens(st, p) for p in range(3)] == [(1, 1, 3, -3), (1, 3, 2, -2), (3, 5, 0, 0)]
    s.turns(6)
    assert st.is_terminal()
    assert [_tokens(st, p) for p in range(3)] == [(1, 1, 5, -5), (2, 8, 2, -2), (4, 10, 0, 0)]
    assert [sh.column("military") for sh in st.scores()] == [1 - 5, 8 - 2, 10]


def test_seven_players_fight_only_their_two_neighbours():
    """At 7 players seat 0's neighbours are seats 1 and 6; the strongest city across the table
    does not fight it."""
    st = game(7).new_initial_state(0)
    place(st, 3, "Fortifications", age=3)     # 3 shields, seat 3 faces seats 2 and 4 only
    place(st, 0, "Barracks")                  # seat 0: 1 shield against 0 and 0
    play_out(st)
    tok = [_tokens(st, p) for p in range(7)]
    assert tok[0] == (6, 2 * (1 + 3 + 5), 0, 0)
    assert tok[1] == (0, 0, 3, -3) and tok[6] == (0, 0, 3, -3)
    assert tok[3] == (6, 18, 0, 0)
    assert tok[2] == (0, 0, 3, -3) and tok[4] == (0, 0, 3, -3)
    assert tok[5] == (0, 0, 0, 0)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_conflict_tokens_follow_the_shields_in_random_games(players):
    """In random games, at each Age's end every city gets, from each of its two neighbours, a
    Victory token of the Age's value if it has more shields, a Defeat token (-1) if fewer, none
    on a tie; so 0, 1 or 2 tokens."""
    for seed in range(6):
        before = None
        age = 1
        for st in random_rounds(players, 500 + seed):
            shield = st.catalog.sym_index["shield"]
            if before is None:
                before = [_tokens(st, p) for p in range(players)]
            if st.is_terminal() or st.age != age:
                strength = [c.symbols[shield] for c in st.cities]
                for p in range(players):
                    wins = losses = 0
                    for q in ((p + 1) % players, (p - 1) % players):
                        wins += strength[p] > strength[q]
                        losses += strength[p] < strength[q]
                    now = _tokens(st, p)
                    delta = tuple(a - b for a, b in zip(now, before[p]))
                    assert delta == (wins, wins * WORTH[age], losses, -losses), (seed, age, p)
                before = [_tokens(st, p) for p in range(players)]
                age = st.age
            elif any(_tokens(st, p) != before[p] for p in range(players)):
                pytest.fail(f"tokens changed during age {age} (seed {seed})")
