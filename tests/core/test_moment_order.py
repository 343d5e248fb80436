"""The order inside a moment, played: first the contests held then, then the effects waiting for
it, then the steps its `at` blocks add, layer after layer (docs/language/flow.rst).

A round of an `at end of age` block is asked once the age's military contest is fought: its
tokens are already in the cities, as the base game's contest gives them (1 victory token to the
city with more shields than a neighbour, 1 defeat token to that neighbour, nothing on a tie).
"""

from __future__ import annotations

import random
from pathlib import Path

import wonderrules
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.state import State

SPOILS = """ruleset spoils extends base
action claim "claim the spoils" {
  then: gain 1 coin
}
decision spoils "the spoils of war": claim
at end of age {
  round spoils: players
}
"""


def _until(state: State, kind: str, rng: random.Random) -> None:
    while not any(d.kind == kind for d in state.pending_decisions().values()):
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})


def _contest_tokens(state: State) -> list[int]:
    """Victory and defeat tokens of each city."""
    ids = [state.catalog.token_index[t] for t in ("victory", "defeat")]
    return [sum(city.token_counts[i] for i in ids) for city in state.cities]


def _expected(state: State) -> list[int]:
    """The tokens of one military contest, worked out from the shields: one per neighbour whose
    shields differ from the city's."""
    shield = state.catalog.sym_index["shield"]
    shields = [city.symbols[shield] for city in state.cities]
    n = len(shields)
    return [sum(shields[i] != shields[j] for j in {(i + 1) % n, (i - 1) % n}) for i in range(n)]


def test_a_round_at_the_end_of_an_age_is_asked_after_the_contests_of_that_moment(tmp_path: Path) -> None:
    path = tmp_path / "spoils.wr"
    path.write_text(SPOILS, encoding="utf-8")
    game = Game(wonderrules.load_rules(str(path)), 4)
    fought = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        _until(state, "spoils", random.Random(seed))
        assert state.age == 1
        assert _contest_tokens(state) == _expected(state)
        fought += any(_expected(state))
    assert fought, "no game had a contest that gave tokens"


def test_the_conditions_of_a_moment_are_read_before_any_of_its_effects_runs(tmp_path: Path) -> None:
    # base starts every city with 3 coins: the first effect holds, the second would hold only
    # once the first has run
    path = tmp_path / "toll.wr"
    path.write_text("ruleset toll extends base\ngame { order start of age: lose, gain }\neach player {\n"
                    "  start of age if coins >= 3: lose 2 coins\n"
                    "  start of age if coins < 3: gain 5 coins\n}\n", encoding="utf-8")
    state = Game(wonderrules.load_rules(str(path)), 3).new_initial_state(seed=0)
    assert state.pending_decisions()
    assert [city.coins for city in state.cities] == [1, 1, 1]


RICHER = """ruleset richer extends base
game { order on build: lose, gain }
replace card "Tavern" age 1 yellow copies 4+ 5+ 7+ {
  on build if coins(left) >= coins(right): left lose 1 coin
  on build if coins(right) >= coins(left): right lose 1 coin
}
"""



def test_the_conditions_of_what_a_build_sets_off_are_read_before_any_of_it_runs(tmp_path: Path) -> None:
    """'Take 1 coin from the richer neighbour': seat 0 builds it while the three others sell a card
    (3 coins each, before what was built runs). The left neighbour (seat 1) holds 5 + 3, the right
    one (seat 3) 4 + 3: the left pays 1; the right keeps its 7, although it is as rich as the left
    once the left has paid."""
    path = tmp_path / "richer.wr"
    path.write_text(RICHER, encoding="utf-8")
    state = Game(wonderrules.load_rules(str(path)), 4).new_initial_state(seed=0)
    hand = state.catalog.zone_index["hand"]
    tavern = next(src for src in state.catalog.cards if src.name == "Tavern")
    state.cities[0].zones[hand][0] = tavern
    for seat, coins in enumerate((3, 5, 3, 4)):
        state.cities[seat].coins = coins
    state.scratch.legal.clear()
    picks = {0: next(a for a in state.legal_actions(0) if a.kind == "build" and a.card == "Tavern")}
    picks |= {p: next(a for a in state.legal_actions(p) if a.kind == "sell") for p in (1, 2, 3)}
    state.apply_actions(picks)
    assert [city.coins for city in state.cities] == [3, 7, 6, 7]
