"""`wr simulate` on a Dask cluster against one process and two worker processes, on a fixed workload.

    python benchmarks/bench_cluster.py [--cluster tcp://HOST:8786] [--games N] [--players P]
                                       [--agents random,greedy] [--rules base] [--repeat R]

Without --cluster, a cluster of two worker processes of one thread each is started on this
machine for the benchmark (Dask's LocalCluster) and closed after it. The same simulation (seeds 0
to N-1) is played in this process (`--jobs 1`), on a pool of two processes started for each run
(`--jobs 2`, its start-up counted, as the command counts it) and on the cluster (connected once
before the runs: a cluster is started once and used for many runs, and its workers, which stay
up, build the plan's rule set once for all the runs). Each is run `--repeat` times, alternating,
and the median time of each is reported with the games per second. The records of
the three are checked to be identical. The load average before and after is printed: on a
machine that other programs keep busy, the figures say more about them than about Dask.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from collections.abc import Iterator
from typing import Any, Optional


@contextlib.contextmanager
def _cluster_address(given: Optional[str]) -> Iterator[str]:
    if given is not None:
        yield given
        return
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0") as local:
        yield local.scheduler_address


def main() -> None:
    import wonderrules
    from wonderrules.workbench.simulation import make_plan, play, process_pool
    from wonderrules.workers.cluster import connect, scheduler_address

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cluster", help="the scheduler of a running cluster (default: start two local workers)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--agents", default="random")
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rules = wonderrules.load_rules(*args.rules)
    plan = make_plan(rules, args.players, (), args.agents.split(","), 0, args.games)
    ways = ("1 job", "2 jobs", "cluster")
    times: dict[str, list[float]] = {way: [] for way in ways}
    records: dict[str, Any] = {}
    with _cluster_address(args.cluster and scheduler_address(args.cluster)) as address, \
            connect(address) as cluster:
        load_before = os.getloadavg()
        for _ in range(args.repeat):
            for way in ways:
                start = time.perf_counter()
                if way == "1 job":
                    played = play(plan, rules=rules)
                elif way == "2 jobs":
                    with process_pool(2) as pool:
                        played = play(plan, pool, workers=2)
                else:
                    played = play(plan, cluster.executor, workers=cluster.workers)
                times[way].append(time.perf_counter() - start)
                records[way] = played.records()
        load_after = os.getloadavg()
        where = cluster.describe()
    if not records["1 job"] == records["2 jobs"] == records["cluster"]:
        raise SystemExit("the records of the three ways differ")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{args.games} games, {args.players} players ({'+'.join(args.rules)}), agents {args.agents}, "
          f"{cores} cores here, median of {args.repeat} runs; load average {load_before[0]:.2f} before, "
          f"{load_after[0]:.2f} after; {where}")
    for way in ways:
        median = statistics.median(times[way])
        print(f"  {way:7}: {median:6.2f} s  {args.games / median:7.1f} games/s  "
              f"(runs: {', '.join(f'{t:.2f}' for t in times[way])} s)")
    print("  records identical in the three ways")


if __name__ == "__main__":
    main()
