"""Random-agent games per second and microseconds per decision, on one core.

    python benchmarks/bench_engine.py [--games N] [--players 3 5 7] [--rules base] [--warmup N]

Each figure is measured in this process after `--warmup` games (payment answers are cached
across games, as in any long simulation). Decisions count every pending choice of every player.
"""

from __future__ import annotations

import argparse
import random
import time


def play(game, seed: int) -> int:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        pending = state.pending_decisions()
        decisions += len(pending)
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in pending})
    return decisions


def main() -> None:
    import wonderrules
    from wonderrules.interpreter.game import Game

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--players", type=int, nargs="+", default=[3, 5, 7])
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--options", nargs="*", default=[])
    args = ap.parse_args()
    rules = wonderrules.load_rules(*args.rules)
    for n in args.players:
        game = Game(rules, n, tuple(args.options))
        for s in range(args.warmup):
            play(game, 10_000_000 + s)
        decisions = 0
        start = time.perf_counter()
        for s in range(args.games):
            decisions += play(game, s)
        elapsed = time.perf_counter() - start
        print(f"{'+'.join(args.rules)} {n} players: {args.games / elapsed:8.1f} games/s "
              f"{elapsed / decisions * 1e6:6.1f} us/decision ({args.games} games, {decisions} decisions)")


if __name__ == "__main__":
    main()
