"""The information-set MCTS agent (interpreter/agents/mcts.py) and agent specs: it chooses a legal
action at every decision of every kind of table, the same seed and iteration budget give the same
game (whatever the hash seed of the process), its choice does not depend on cards its player cannot
see, a time budget stops the search, actions that differ only by payment are one arm paid the
cheapest way, and a bad spec is refused with a sentence saying what is wrong."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import core_support as cs
import pytest
import tiny
from test_core_determinized import _swap_two_hidden_cards

from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents import MctsAgent, make_agent, parse_spec
from wonderrules.interpreter.agents.mcts import DEFAULT_ITERATIONS, arms
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.log import to_log

TABLES = [
    (("base",), 4, ()),
    (("cities",), 4, ("teams",)),
    (("base", "two_player"), 2, ()),
    (("leaders",), 3, ()),
]


def _play(layers, players, options, seed, specs):
    game = cs.game(layers, players, options)
    agents = [make_agent(specs[p % len(specs)], seed * 100 + p) for p in range(players)]
    state = game.new_initial_state(seed=seed)
    kinds = set()
    while not state.is_terminal():
        chosen = {}
        for p, decision in state.pending_decisions().items():
            action = agents[p].choose(state, p)
            assert action in state.legal_actions(p), (decision, action)
            kinds.add(decision.kind)
            chosen[p] = action
        state.apply_actions(chosen)
    return state, kinds


@pytest.mark.parametrize("layers,players,options", TABLES, ids=cs.table_id)
def test_the_agent_chooses_a_legal_action_at_every_decision(layers, players, options) -> None:
    state, kinds = _play(layers, players, options, 1, ["mcts:3"])
    assert state.is_terminal() and len(kinds) >= 1


def test_the_same_seed_and_iterations_give_the_same_game() -> None:
    first, _ = _play(("base",), 3, (), 4, ["mcts:4", "greedy"])
    again, _ = _play(("base",), 3, (), 4, ["mcts:4", "greedy"])
    other, _ = _play(("base",), 3, (), 5, ["mcts:4", "greedy"])
    assert to_log(first) == to_log(again)
    assert to_log(first)["rounds"] != to_log(other)["rounds"]


_GAME_SCRIPT = """
import json, wonderrules as wr
from wonderrules.interpreter.agents import make_agent
game = wr.Game(wr.load_rules("base"), 3)
agents = [make_agent("mcts:3", 7 + p) for p in range(3)]
state = game.new_initial_state(seed=7)
for _ in range(6):
    state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
print(json.dumps(wr.to_log(state)["rounds"]))
"""


def test_the_same_seed_gives_the_same_choices_whatever_the_hash_seed() -> None:
    """Nothing the agent does depends on the order of a set of names (which changes from one
    process to the next)."""
    logs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", _GAME_SCRIPT], capture_output=True, text=True, env=env,
                              check=True)
        logs.append(json.loads(done.stdout))
    assert logs[0] == logs[1] and len(logs[0]) == 6


@pytest.mark.parametrize("layers,players,options", [(("base",), 4, ()), (("leaders",), 3, ())], ids=cs.table_id)
def test_the_choice_does_not_depend_on_cards_the_player_cannot_see(layers, players, options) -> None:
    compared = 0
    for i, state in enumerate(cs.positions(layers, players, 3, options)):
        if state.is_terminal() or i % 4:
            continue
        for p in state.pending_decisions():
            other = state.clone()
            if not _swap_two_hidden_cards(other, p):
                continue
            assert cs.hand(other, p) == cs.hand(state, p)
            a, b = MctsAgent(9, iterations=12), MctsAgent(9, iterations=12)
            assert a.choose(state, p) == b.choose(other, p)
            assert a.last_arms == b.last_arms  # every play-out the same
            compared += 1
    assert compared >= 5


def test_a_time_budget_stops_the_search() -> None:
    state = cs.game(("base",), 4).new_initial_state(seed=1)
    agent = MctsAgent(0, time_ms=40)
    assert agent.choose(state, 0) in state.legal_actions(0)
    done, seconds = agent.last_search
    assert done >= 1 and seconds < 1.0


def test_an_iteration_budget_is_searched_exactly() -> None:
    state = cs.game(("base",), 4).new_initial_state(seed=1)
    agent = MctsAgent(0, iterations=17)
    agent.choose(state, 0)
    assert agent.last_search[0] == 17


def test_actions_that_differ_only_by_payment_are_one_arm_paid_the_cheapest_way() -> None:
    actions = [
        Action("build", "A", ((0, 2), (2, 1))),
        Action("build", "A", ((0, 1), (2, 1))),
        Action("build", "A", ((2, 2),)),
        Action("build", "A", way="chain"),
        Action("sell", "A"),
        Action("build", "B", ((0, 1),)),
        Action("pay", amount=1),
        Action("pay", amount=0),
    ]
    found = arms(actions)
    assert list(found) == [("build", "A", "", 0), ("build", "A", "chain", 0), ("sell", "A", "", 0),
                           ("build", "B", "", 0), ("pay", "", "", 1), ("pay", "", "", 0)]
    # 2 coins in all twice: the first listed of the cheapest
    assert found[("build", "A", "", 0)] == Action("build", "A", ((0, 1), (2, 1)))


def test_a_decision_with_one_arm_is_answered_without_searching() -> None:
    """The Free City's controller often has one card the Free City must play (seed 1: turn 6)."""
    for state in cs.positions(("base", "two_player"), 2, 1):
        for p in state.pending_decisions():
            if len(arms(state.legal_actions(p))) == 1:
                agent = MctsAgent(0, iterations=50)
                assert agent.choose(state, p) in state.legal_actions(p)
                assert agent.last_search == (0, 0.0)
                return
    raise AssertionError("no decision with a single arm in this game")


@pytest.mark.parametrize("spec,expected", [
    ("mcts", ("mcts", None, None)),
    ("mcts:200", ("mcts", 200, None)),
    (" mcts : 128ms ", ("mcts", None, 128.0)),
    ("mcts:2s", ("mcts", None, 2000.0)),
    ("mcts:0.5s", ("mcts", None, 500.0)),
    ("greedy", ("greedy", None, None)),
])
def test_an_agent_spec_names_the_agent_and_its_budget(spec, expected) -> None:
    assert parse_spec(spec) == expected


def test_the_agent_made_from_a_spec_has_its_budget_and_is_named_by_it() -> None:
    agent = make_agent("mcts:64", 3)
    assert (agent.name, agent.iterations, agent.time_ms) == ("mcts:64", 64, None)
    default = make_agent("mcts", 3)
    assert (default.name, default.iterations, default.time_ms) == ("mcts", DEFAULT_ITERATIONS, None)
    timed = make_agent("mcts:50ms", 3)
    assert (timed.name, timed.iterations, timed.time_ms) == ("mcts:50ms", None, 50.0)


@pytest.mark.parametrize("spec,message", [
    ("mcts:abc", "must be a number of iterations ('mcts:200') or a time per decision"),
    ("mcts:", "must be a number of iterations"),
    ("mcts:1.5", "must be a number of iterations"),
    ("mcts:5h", "must be a number of iterations"),
    ("mcts:-3", "must be a number of iterations"),
    ("mcts:0", "must be from 1 to 1,000,000 iterations"),
    ("mcts:0ms", "must be from 1 ms to an hour"),
    ("mcts:2000000", "must be from 1 to 1,000,000 iterations"),
    ("greedy:5", "the agent 'greedy' takes no budget"),
    ("alphazero", "no agent 'alphazero' (known: random, greedy, mcts)"),
    (3, "an agent is named by text"),
])
def test_a_bad_agent_spec_is_refused_with_a_reason(spec, message) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_agent(spec)


def test_the_agent_does_not_change_the_state_it_is_given() -> None:
    from core_snapshot import values

    state = cs.random_game(("cities",), 4, seed=3, upto=4)
    for p in state.pending_decisions():
        state.legal_actions(p)
    before = values(state)
    rng_state = random.getstate()
    for p in state.pending_decisions():
        MctsAgent(p, iterations=8).choose(state, p)
    assert values(state) == before
    assert random.getstate() == rng_state  # the module's generator is not used


def test_a_player_with_nothing_to_decide_is_told_so() -> None:
    from wonderrules.interpreter.errors import ArgumentError

    state = cs.random_game(("base",), 3, seed=0)
    with pytest.raises(ArgumentError, match="player 1 has no decision to make now"):
        MctsAgent(0, iterations=5).choose(state, 1)


def test_a_play_out_the_rules_stop_is_a_game_nobody_wins_and_the_real_game_goes_on() -> None:
    # building the Bomb gains 10^12 coins: beyond the range of numbers, the game stops. The
    # search plays it out in its copies of the game; that stop is a future the search weighs
    # (nobody wins it), not the end of the game being played, which the agent's choice was
    bomb = tiny.card("Bomb", hooks=[tiny.hook(c.OnBuild(), c.GainCoins(c.BinOp("*", c.Num(10**6), c.Num(10**6))))])
    hut = tiny.card("Hut", copies=6)
    game = Game(tiny.rules([bomb, hut], hand=3), 3)
    state = game.new_initial_state(seed=1, hands={1: [["Bomb", "Hut", "Hut"]] * 3})
    agent = MctsAgent(seed=0, iterations=30)
    chosen = agent.choose(state, 0)
    assert state.stopped is None and chosen in state.legal_actions(0)
    bomb_arms = [entry for key, entry in agent.last_arms.items() if key[1] == "Bomb" and key[0] == "build"]
    assert bomb_arms and all(total == 0 for _, total in bomb_arms)
    assert not (chosen.kind == "build" and chosen.card == "Bomb")
