"""The speed-up of `wr simulate` on two worker processes over one, on a fixed workload.

    python benchmarks/bench_simulate.py [--games N] [--players P] [--agents random,greedy] [--rules base]
                                        [--repeat R]

The same simulation (seeds 0 to N-1) is run as `wr simulate --jobs 1` runs it (in this process)
and as `--jobs 2` runs it (a pool of two worker processes, started for the run, as the command
does: its start-up is part of the time). Each is run `--repeat` times, alternating, and the
median time of each is reported with the games per second and the ratio. The records of both
are checked to be identical. The machine's other load counts: the load average before and after
is printed, and so are the time the workers spent playing and the processor time they used
(each added up over the workers, per game): when the time grows with two jobs but the processor
time does not, the workers waited for a core that other programs held, and the processor time
per game says what the same run would take on cores of its own. The last line says how long a
million such games would take on two jobs at the workers' time per game (`--players 7` for the
figure the speed work aims at: under 15 minutes on two cores).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def main() -> None:
    import wonderrules
    from wonderrules.workbench.simulation import make_plan, play, process_pool

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--agents", default="random")
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rules = wonderrules.load_rules(*args.rules)
    plan = make_plan(rules, args.players, (), args.agents.split(","), 0, args.games)
    times: dict[int, list[float]] = {1: [], 2: []}
    worked: dict[int, list[float]] = {1: [], 2: []}
    used: dict[int, list[float]] = {1: [], 2: []}
    records: dict[int, list] = {}
    load_before = os.getloadavg()
    for _ in range(args.repeat):
        for jobs in (1, 2):
            start = time.perf_counter()
            if jobs == 1:
                played = play(plan, rules=rules)
            else:
                with process_pool(jobs) as pool:
                    played = play(plan, pool, workers=jobs)
            times[jobs].append(time.perf_counter() - start)
            worked[jobs].append(played.seconds)
            used[jobs].append(played.processor)
            records[jobs] = played.records()
    load_after = os.getloadavg()
    if records[1] != records[2]:
        raise SystemExit("the records of 1 and 2 jobs differ")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{args.games} games, {args.players} players ({'+'.join(args.rules)}), agents {args.agents}, "
          f"{cores} cores, median of {args.repeat} runs; load average {load_before[0]:.2f} before, "
          f"{load_after[0]:.2f} after")
    rate = {}
    for jobs in (1, 2):
        median = statistics.median(times[jobs])
        rate[jobs] = args.games / median
        print(f"  {jobs} job{'s' if jobs > 1 else ' '}: {median:6.2f} s  {rate[jobs]:7.1f} games/s  "
              f"(runs: {', '.join(f'{t:.2f}' for t in times[jobs])} s; per game, workers playing "
              f"{statistics.median(worked[jobs]) / args.games * 1e3:.2f} ms, processor "
              f"{statistics.median(used[jobs]) / args.games * 1e3:.2f} ms)")
    print(f"  speed-up of 2 jobs over 1: {rate[2] / rate[1]:.2f}x (identical records)")
    per_game = statistics.median(worked[2]) / args.games  # a worker's time per game, start-up aside
    print(f"  a million games on 2 jobs: {1e6 * per_game / 2 / 60:.1f} min at the workers' time per game "
          f"(the start-up, a second or two, aside; the speed work aims at under 15 min at 7 players)")


if __name__ == "__main__":
    main()
