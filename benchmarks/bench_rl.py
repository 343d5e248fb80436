"""Random-agent steps per second through the PettingZoo ParallelEnv and through the raw API.

    python benchmarks/bench_rl.py [--rules base] [--players 3] [--blocks N] [--games N] [--warmup N]

Three sides play the same random games (the same seeds) with a random legal choice per pending
player: the raw API picks from ``state.legal_actions``; the raw API by action ids picks an id from
``legal_ids`` and decodes it (no observation); the environment picks an id from each
observation's mask and steps, building every player's observation vector and mask each step. A
step is one round (every pending player's choice).

Each side has its rule set loaded on its own, so the trade answers one side has worked out never
serve another, and each side plays every measured seed once: as in a long run of new games,
nothing is replayed warm. After `--warmup` games each, the sides play `--blocks` blocks of
`--games` new seeds in turn, in an order that turns round from block to block (A B C, C B A...),
so that a drift of the machine's speed falls on all three alike. The overhead of a side is its
time over the raw API's on the same block, in percent; the median of the blocks (with its
quartiles) is the figure to quote.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def raw_game(game, seed: int) -> int:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
        steps += 1
    return steps


def ids_game(space, seed: int) -> int:
    """The raw API choosing by action ids (the legal ids and a decoding per pending player), without
    the observation vectors: what the action encoding costs on its own."""
    state = space.game.new_initial_state(seed=seed)
    space = space.actions
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        choices = {}
        for p in state.pending_decisions():
            choices[p] = space.decode(state, p, rng.choice(space.legal_ids(state, p)))
        state.apply_actions(choices)
        steps += 1
    return steps


def env_game(par, seed: int) -> int:
    observations, _ = par.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while par.agents:
        actions = {a: rng.choice(o["action_mask"].nonzero()[0].tolist()) for a, o in observations.items()}
        observations, *_ = par.step(actions)
        steps += 1
    return steps


def timed(play, target, seeds) -> tuple[int, float]:
    start = time.perf_counter()
    steps = sum(play(target, s) for s in seeds)
    return steps, time.perf_counter() - start


def main() -> None:
    import wonderrules
    from wonderrules.rl import parallel_env

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--players", type=int, nargs="+", default=[3])
    ap.add_argument("--options", nargs="*", default=[])
    ap.add_argument("--blocks", type=int, default=30, help="blocks of new games, each played by every side")
    ap.add_argument("--games", type=int, default=5, help="games per block")
    ap.add_argument("--warmup", type=int, default=20)
    args = ap.parse_args()
    label = "+".join(args.rules)
    options = tuple(args.options)
    for n in args.players:
        # each side its own rule set: trade answers found by one side never serve another
        sides = {"raw": (raw_game, wonderrules.Game(wonderrules.load_rules(*args.rules), n, options)),
                 "ids": (ids_game, parallel_env(wonderrules.load_rules(*args.rules), n, options)),
                 "env": (env_game, parallel_env(wonderrules.load_rules(*args.rules), n, options))}
        for play, target in sides.values():
            for s in range(args.warmup):
                play(target, 10_000_000 + s)
        took: dict[str, list[tuple[int, float]]] = {name: [] for name in sides}
        names = list(sides)
        for b in range(args.blocks):
            seeds = range(b * args.games, (b + 1) * args.games)
            for name in (names if b % 2 == 0 else names[::-1]):
                play, target = sides[name]
                took[name].append(timed(play, target, seeds))
        raw = took["raw"]
        steps = sum(st for st, _ in raw)
        print(f"{label} {n} players, {args.blocks} blocks of {args.games} games ({steps} steps a side):")
        print(f"  raw API               {steps / sum(t for _, t in raw):7,.0f} steps/s")
        for name, title in (("ids", "raw API by action ids"), ("env", "ParallelEnv")):
            ratios = sorted(100 * t / r[1] - 100 for (_, t), r in zip(took[name], raw))
            q1, med, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            rate = steps / sum(t for _, t in took[name])
            print(f"  {title:<21} {rate:7,.0f} steps/s  overhead: median {med:+.0f}% "
                  f"(quartiles {q1:+.0f}% {q3:+.0f}%)")


if __name__ == "__main__":
    main()
