"""Iterations per second of the MCTS agent, over whole games, on one core.

    python benchmarks/bench_mcts.py [--players 4] [--rules base] [--iterations 200] [--games 2]

One seat is the MCTS agent with `--iterations` per decision, the others greedy agents. The figure
is the iterations made over the seconds spent searching, over every decision of the MCTS seat
(a decision with a single choice is not searched and not counted), then per age: early play-outs
run to the end of the game, so an iteration costs more in the first age than in the last.
"""

from __future__ import annotations

import argparse
import time


def main() -> None:
    import wonderrules
    from wonderrules.interpreter.agents import make_agent

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args()
    game = wonderrules.Game(wonderrules.load_rules(*args.rules), args.players)
    spec = f"mcts:{args.iterations}"
    made, spent, decisions = 0, 0.0, 0
    by_age: dict[int, list[float]] = {}
    start = time.perf_counter()
    for seed in range(args.games):
        agents = [make_agent(spec if p == 0 else "greedy", seed * 1000 + p) for p in range(args.players)]
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            chosen = {}
            for p in state.pending_decisions():
                chosen[p] = agents[p].choose(state, p)
                if p == 0 and agents[0].last_search[0]:
                    n, seconds = agents[0].last_search
                    made, spent, decisions = made + n, spent + seconds, decisions + 1
                    entry = by_age.setdefault(state.age, [0, 0.0])
                    entry[0] += n
                    entry[1] += seconds
            state.apply_actions(chosen)
    label = "+".join(args.rules)
    print(f"{label}, {args.players} players, {spec} at seat 0 against greedy agents, {args.games} game(s) in "
          f"{time.perf_counter() - start:.1f} s")
    print(f"  {made / spent:.0f} iterations/s over {decisions} searched decisions ({spent / decisions:.2f} s each)")
    for age, (n, seconds) in sorted(by_age.items()):
        print(f"  age {age}: {n / seconds:.0f} iterations/s")


if __name__ == "__main__":
    main()
