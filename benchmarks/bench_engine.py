"""Random-agent games per second and microseconds per decision, on one core.

    python benchmarks/bench_engine.py [--games N] [--players 3 5 7] [--rules base] [--warmup N]
                                      [--repeat R] [--profile]

Each figure is measured in this process after `--warmup` games (payment answers are cached
across games, as in any long simulation). Decisions count every pending choice of every player.
With `--repeat R`, R blocks of `--games` new games are timed one after the other and the median
block is reported too (useful on a busy machine). `--profile` prints the busiest functions of
the timed games (cProfile slows everything down: compare its figures only with each other).
"""

from __future__ import annotations

import argparse
import random
import statistics
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
    ap.add_argument("--repeat", type=int, default=1, help="timed blocks of --games games (median reported)")
    ap.add_argument("--profile", action="store_true", help="profile the timed games with cProfile")
    args = ap.parse_args()
    rules = wonderrules.load_rules(*args.rules)
    label = "+".join(args.rules)
    for n in args.players:
        game = Game(rules, n, tuple(args.options))
        for s in range(args.warmup):
            play(game, 10_000_000 + s)
        if args.profile:
            import cProfile
            import pstats

            profiler = cProfile.Profile()
            profiler.enable()
            for s in range(args.games):
                play(game, s)
            profiler.disable()
            print(f"{label} {n} players: {args.games} games profiled")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
            continue
        blocks = []
        for r in range(max(1, args.repeat)):
            decisions = 0
            start = time.perf_counter()
            for s in range(r * args.games, (r + 1) * args.games):
                decisions += play(game, s)
            elapsed = time.perf_counter() - start
            blocks.append((args.games / elapsed, elapsed / decisions * 1e6))
            print(f"{label} {n} players: {args.games / elapsed:8.1f} games/s "
                  f"{elapsed / decisions * 1e6:6.1f} us/decision ({args.games} games, {decisions} decisions)")
        if len(blocks) > 1:
            print(f"{label} {n} players: median of {len(blocks)} blocks: "
                  f"{statistics.median(b[0] for b in blocks):8.1f} games/s "
                  f"{statistics.median(b[1] for b in blocks):6.1f} us/decision")


if __name__ == "__main__":
    main()
