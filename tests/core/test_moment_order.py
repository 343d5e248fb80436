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
