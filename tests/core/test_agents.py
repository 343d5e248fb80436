"""The agents of the core: `random` and `greedy` choose a legal action for every kind of decision,
the greedy one wins clearly against random ones, and both play any core rule set (they read the
core operations, no name)."""

from __future__ import annotations

import pytest
import test_events
import test_market_sellers
import tiny

import wonderrules
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.agents import AGENTS, GreedyAgent, MctsAgent, RandomAgent, make_agent
from wonderrules.interpreter.game import Game

#: games per table; the greedy agent sits at each seat in turn against random agents
GAMES = 24


def _greedy_share(layers: str, players: int) -> float:
    game = Game(wonderrules.load_rules(layers), players)
    won = 0.0
    for seed in range(GAMES):
        seat = seed % players
        agents = [make_agent("greedy" if p == seat else "random", seed * 10 + p) for p in range(players)]
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
        winners = state.winners()
        won += 1 / len(winners) if seat in winners else 0
    return won / GAMES


@pytest.mark.parametrize("layers", ["base", "cities"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_greedy_agent_beats_random_agents_clearly(layers: str, players: int) -> None:
    # measured: 22 to 24 of the 24 games won (a random agent would win 1 in `players`)
    assert _greedy_share(layers, players) >= 0.75


def _play_checking(game: Game, seed: int, names: list[str], seen: dict[str, int]) -> None:
    agents = [make_agent(names[p % len(names)], seed + p) for p in range(game.players)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        chosen = {}
        for p, decision in state.pending_decisions().items():
            action = agents[p].choose(state, p)
            assert action in state.legal_actions(p), (decision, action)
            seen[decision.kind] = seen.get(decision.kind, 0) + 1
            chosen[p] = action
        state.apply_actions(chosen)


def test_every_kind_of_decision_gets_a_legal_action() -> None:
    """Play, the extra turn of a last card, a build from the discard pile and the payment of a
    loss (coins or debt) all come up in these games, for both agents."""
    game = Game(wonderrules.load_rules("cities"), 7)
    for names in (["greedy"], ["random"]):
        seen: dict[str, int] = {}
        for seed in range(12):
            _play_checking(game, seed, names, seen)
        assert {"play", "extra", "pick", "pay"} <= set(seen), seen


def test_the_agents_play_the_free_city_and_its_neutral_seat() -> None:
    game = Game(wonderrules.load_rules("two_player"), 2)
    seen: dict[str, int] = {}
    for seed in range(4):
        _play_checking(game, seed, ["greedy", "random"], seen)
    assert seen["play"] > 0


SMALL = [test_events.game(4, hand=3).rules, test_market_sellers.rules((test_market_sellers.OTHERS,))]


@pytest.mark.parametrize("rules", SMALL, ids=["events", "everyone sells"])
def test_the_agents_play_small_rule_sets_written_on_the_core(rules) -> None:
    game = Game(rules, 4)
    seen: dict[str, int] = {}
    for seed in range(6):
        _play_checking(game, seed, ["greedy", "random"], seen)
    assert seen["play"] > 0


def test_the_same_seed_gives_the_same_choices_and_a_wrong_name_a_sentence() -> None:
    assert AGENTS == {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}
    game = Game(wonderrules.load_rules("base"), 3)

    def history(seed: int) -> list:
        agents = [make_agent("greedy", seed), make_agent("random", seed), make_agent("greedy", seed + 1)]
        state = game.new_initial_state(seed=5)
        while not state.is_terminal():
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
        return state.history

    assert history(1) == history(1)
    with pytest.raises(ValueError, match="no agent 'clever' \\(known: random, greedy, mcts\\)"):
        make_agent("clever")


def test_judging_an_action_whose_numbers_go_beyond_the_range_leaves_the_game_going() -> None:
    # building the Bomb gains 10^12 coins, beyond the range: the greedy agent (and the search's
    # judgement of each arm) counted it on the game itself, which stopped before anyone chose it.
    # Such an action is judged the worst, and the game goes on
    bomb = tiny.card("Bomb", hooks=[tiny.hook(c.OnBuild(), c.GainCoins(c.BinOp("*", c.Num(10**6), c.Num(10**6))))])
    game = Game(tiny.rules([bomb, tiny.card("Hut", copies=6)], hand=3), 3)
    state = game.new_initial_state(seed=1, hands={1: [["Bomb", "Hut", "Hut"]] * 3})
    for agent in (GreedyAgent(0), MctsAgent(0, iterations=5)):
        chosen = agent.choose(state, 0)
        assert state.stopped is None and state.pending_decisions()
        assert chosen in state.legal_actions(0) and (chosen.kind, chosen.card) != ("build", "Bomb")
    with pytest.raises(wonderrules.GameStoppedError):  # built, it stops the game
        state.apply_actions({p: next(a for a in state.legal_actions(p) if a.card == "Bomb" and a.kind == "build")
                             for p in state.pending_decisions()})


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:3"])
def test_an_agent_asked_for_a_player_with_nothing_to_decide_says_so(spec: str) -> None:
    # random raised IndexError (a choice from nothing), greedy KeyError, each a raw error
    from wonderrules.interpreter.agents import make_agent as agent_of

    game = Game(wonderrules.load_rules("base"), 3)
    state = game.new_initial_state(seed=1)
    players = [agent_of("random", p) for p in range(3)]
    while not state.is_terminal():
        state.apply_actions({p: players[p].choose(state, p) for p in state.pending_decisions()})
    with pytest.raises(wonderrules.ArgumentError, match="^player 0 has no decision to make now$"):
        agent_of(spec, 1).choose(state, 0)
    for wrong in (None, game, "state"):
        with pytest.raises(wonderrules.ArgumentError, match="^an agent chooses in a game state "
                                                            r"\(from Game.new_initial_state\), not "):
            agent_of(spec, 1).choose(wrong, 0)
