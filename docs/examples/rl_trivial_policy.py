"""A trivial policy (always the lowest legal action id) in seat 0 of the PettingZoo environment,
against the bundled greedy agent in every other seat; prints its share of the wins.

    python docs/examples/rl_trivial_policy.py [RULES] [PLAYERS] [GAMES]
"""

import sys

from wonderrules.interpreter.agents import make_agent
from wonderrules.rl import parallel_env


def evaluate(rules: str = "base", players: int = 3, games: int = 20) -> float:
    env = parallel_env(rules, players)
    space = env.actions  # the environment's wonderrules.ActionSpace
    wins = 0.0
    for seed in range(games):
        observations, _ = env.reset(seed=seed)
        bots = {p: make_agent("greedy", seed * 100 + p) for p in range(1, players)}
        while env.agents:
            actions = {"player_0": int(observations["player_0"]["action_mask"].argmax())}
            pending = env.state.pending_decisions()
            for p, bot in bots.items():
                chosen = bot.choose(env.state, p) if p in pending else None
                actions[f"player_{p}"] = space.encode(env.state, p, chosen)
            observations, rewards, *_ = env.step(actions)
        wins += rewards["player_0"]
    return wins / games


if __name__ == "__main__":
    rules, players, games = (sys.argv[1:] + ["base", "3", "20"][len(sys.argv) - 1:])[:3]
    print(f"lowest legal id vs greedy on {rules}, {players} players: {evaluate(rules, int(players), int(games)):.0%} "
          f"of the wins over {games} games")
