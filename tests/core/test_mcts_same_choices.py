"""The MCTS agent's search, made faster, still makes the same choices: a seeded agent with a small
budget, seat 0 of a table of greedy agents, plays its first decisions of the base game and of
Cities, and chooses the actions, with the visits of each arm of the root, that the search chose
before its speed-ups.

The expected values below were recorded by running `_searched` on the search as it stood before
them (commit 4280ee1), and written here as they came out. They guard sameness, not the rules: a
change to the search that is meant to change its choices (a new policy, a new constant) records
them again and says so."""

from __future__ import annotations

import core_support as cs
import pytest

from wonderrules.interpreter.agents import MctsAgent, make_agent


def _searched(layers: tuple[str, ...], players: int, seed: int, decisions: int) -> list[tuple[tuple, list[int]]]:
    """Seat 0's first `decisions` choices as plain tuples, each with the visits of the root's arms in
    the order of the listing."""
    game = cs.game(layers, players)
    agents = [MctsAgent(seed, iterations=50) if p == 0 else make_agent("greedy", seed * 100 + p)
              for p in range(players)]
    state = game.new_initial_state(seed=seed)
    out: list[tuple[tuple, list[int]]] = []
    while len(out) < decisions:
        chosen = {}
        for p in state.pending_decisions():
            chosen[p] = agents[p].choose(state, p)
            if p == 0:
                visits = [v for v, _ in agents[0].last_arms.values()]
                out.append((tuple(chosen[p]), visits))
        state.apply_actions(chosen)
    return out


RECORDED: dict[tuple[str, ...], list] = {
    ("base",): [
        (("build", "Lumber Yard", (), "", 0), [4, 3, 7, 2, 4, 10, 4, 2, 6, 4, 4]),
        (("build", "Stone Pit", (), "", 0), [5, 4, 6, 5, 4, 7, 2, 8, 2, 5, 2]),
        (("stage", "Lumber Yard", ((3, 2),), "", 0), [4, 6, 2, 3, 5, 5, 3, 5, 6, 3, 2, 4, 2]),
        (("build", "Excavation", (), "", 0), [2, 2, 17, 3, 6, 6, 12, 2]),
    ],
    ("cities",): [
        (("build", "Guard Tower", (), "", 0), [2, 2, 4, 5, 2, 4, 2, 6, 2, 6, 2, 3, 2, 6, 2]),
        (("build", "Glassworks", (), "", 0), [3, 2, 3, 3, 5, 6, 3, 2, 5, 5, 8, 5]),
        (("build", "Ore Vein", (), "", 0), [4, 2, 2, 9, 4, 8, 6, 2, 8, 5]),
        (("build", "Timber Yard", (), "", 0), [5, 2, 4, 5, 3, 13, 3, 13, 2]),
    ],
}


@pytest.mark.parametrize("layers", [("base",), ("cities",)], ids=["base", "cities"])
def test_the_search_makes_the_choices_it_made_before_its_speed_ups(layers) -> None:
    assert _searched(layers, 4, 3, 4) == RECORDED[layers]
