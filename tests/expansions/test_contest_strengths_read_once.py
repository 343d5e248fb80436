"""The strengths of a contest moment are read once, before any result of that moment: a defeat
token gained in the first war of an end-of-age resolution is not a shield for Semiramis in the
second (leaders.tsv, Semiramis: "defeat tokens count as 1 shield each in later conflicts";
rules_facts.md 3: each city compares its shields with each neighbour at the end of the age). The
cities are prepared by hand and the end-of-age contests resolved; every figure is worked out in
the comments."""

from __future__ import annotations

from expansion_support import rules, token

import wonderrules as wr
from wonderrules.interpreter import engine
from wonderrules.interpreter.contests import resolve_moment

# starting resources that give no shields
BOARDS = [("Giza", "A"), ("Ephesus", "A"), ("Alexandria", "A")]


def prepared(cities: dict[int, list[str]]) -> wr.State:
    state = wr.Game(rules("cities_leaders"), 3).new_initial_state(0, boards=BOARDS)
    built = state.catalog.zone_index["built"]
    for seat, names in cities.items():
        for name in names:
            card = state.catalog.card_named(name)
            assert card is not None, name
            engine.place(state, seat, card, built)
    return state


def end_of_age(state: wr.State) -> None:
    resolve_moment(state, state.game.contests_by_moment[state.catalog.moment_index["end of age"]])


def test_a_defeat_of_the_first_war_is_no_shield_in_the_second():
    # seat 0: Semiramis, no shield, no defeat yet: strength 0 + 0 = 0
    # seat 1: Barracks and Stockade: strength 2; seat 2: Guard Tower: strength 1
    # the wars, in order: 0 v 1 (1 wins), 1 v 2 (1 wins), 0 v 2 (2 wins: 1 > 0, seat 0's defeat
    # from its first war does not count, its strength was read before any result)
    state = prepared({0: ["Semiramis"], 1: ["Barracks", "Stockade"], 2: ["Guard Tower"]})
    end_of_age(state)
    assert [token(state, s, "victory") for s in range(3)] == [0, 2, 1]
    assert [token(state, s, "defeat") for s in range(3)] == [2, 0, 1]
    (record,) = [h for h in state.history if h.get("type") == "contest"]
    assert [p["strengths"] for p in record["pairs"]] == [[0, 2], [2, 1], [0, 1]]


def test_semiramis_counts_the_defeats_of_earlier_ages():
    # seat 0 holds 2 defeats from earlier ages: strength 0 + 2 = 2, ties seat 1 (2), beats seat 2 (1)
    state = prepared({0: ["Semiramis"], 1: ["Barracks", "Stockade"], 2: ["Guard Tower"]})
    state.cities[0].token_counts[state.catalog.token_index["defeat"]] = 2
    end_of_age(state)
    assert [token(state, s, "victory") for s in range(3)] == [1, 1, 0]
    assert [token(state, s, "defeat") for s in range(3)] == [2, 0, 2]
