"""Random-agent steps per second through the PettingZoo ParallelEnv and through the raw API.

    python benchmarks/bench_rl.py [--rules base] [--players 3] [--games N] [--warmup N] [--repeats N]

Both play the same games (the same seeds) with a random legal choice per pending player: the
raw API picks from ``state.legal_actions``, the environment picks an id from each observation's
mask and steps. A step is one round (every pending player's choice). The environment also
builds every player's observation vector and mask each step, which the raw loop does not;
the overhead is the environment's time over the raw API's, in percent. The three loops are timed
one after the other ``--repeats`` times; the best time of each counts (a shared machine only ever
slows a run down), and the spread of the overheads of the repeats is shown. A third loop, the raw API
choosing by action ids (legal ids and decoding, no observation), shows what the action ids cost alone.
"""

from __future__ import annotations

import argparse
import random
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
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=3, help="times each loop is timed, alternately (the best counts)")
    args = ap.parse_args()
    rules = wonderrules.load_rules(*args.rules)
    label = "+".join(args.rules)
    for n in args.players:
        game = wonderrules.Game(rules, n, tuple(args.options))
        par = parallel_env(rules, n, tuple(args.options))
        for s in range(args.warmup):
            raw_game(game, 10_000_000 + s)
            env_game(par, 10_000_000 + s)
        seeds = range(args.games)
        best: dict[str, tuple[int, float]] = {}
        overheads: dict[str, list[float]] = {"ids": [], "env": []}
        for _ in range(args.repeats):
            took = {"raw": timed(raw_game, game, seeds), "ids": timed(ids_game, par, seeds),
                    "env": timed(env_game, par, seeds)}
            for name, (steps, seconds) in took.items():
                if name not in best or seconds < best[name][1]:
                    best[name] = (steps, seconds)
                if name != "raw":
                    overheads[name].append(100 * seconds / took["raw"][1] - 100)
        raw_steps, raw_time = best["raw"]
        raw_rate = raw_steps / raw_time
        print(f"{label} {n} players, {args.games} games ({raw_steps} steps), best of {args.repeats}:")
        print(f"  raw API             {raw_rate:9,.0f} steps/s")
        for name, title in (("ids", "raw API by action ids"), ("env", "ParallelEnv")):
            steps, seconds = best[name]
            rate = steps / seconds
            spread = overheads[name]
            print(f"  {title:<21} {rate:7,.0f} steps/s  overhead {100 * raw_rate / rate - 100:+.0f}% "
                  f"(each repeat: {min(spread):+.0f}% to {max(spread):+.0f}%)")

if __name__ == "__main__":
    main()
