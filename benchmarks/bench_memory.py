"""The peak memory of `wr simulate` at growing numbers of games: the same figure for each, under 300 MB.

    python benchmarks/bench_memory.py [--games 10000 100000] [--players 7] [--agents random] [--jobs 1]
                                      [--rules base] [--compare]

Each count of games is simulated by `wr simulate` in a process of its own (seeds 0 to N-1, the
tables printed and thrown away), and the peak resident memory of that process and of its worker
processes (the largest of them: `ru_maxrss` of the child, read with `os.wait4`) is printed with
the time it took. The figures of a simulation are counted as its games come in, and no record is
kept, so the peak must not grow with the number of games; the last line gives the growth from the
first count to the last, per 10 000 games. With `--compare`, `wr compare` of the rule set with
itself is measured the same way (it plays both side by side and pairs the games as they come).

Seven players and random agents make the largest records for the least time: about 18 KB a game
were kept before, so 10^5 games held about 1.8 GB. 10^5 games take a while on one core (about
ten minutes); `--games 10000 30000` says much the same sooner.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

TARGET_MB = 300
RUN = "import sys; from wonderrules.cli import main; sys.argv[0] = 'wr'; main()"


def peak_of(args: list[str]) -> tuple[float, float]:
    """Run `wr` with `args` in a process of its own: its peak resident memory in MB (the largest
    of it and its worker processes) and the seconds it took."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", RUN, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise SystemExit(f"wr {' '.join(args)} failed ({child.returncode}): {error.strip()}")
    return usage.ru_maxrss / 1024, seconds  # kilobytes on Linux


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--agents", default="random")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rules", default="base")
    ap.add_argument("--compare", action="store_true", help="measure wr compare of the rule set with itself too")
    args = ap.parse_args()
    commands = [("simulate", lambda n: ["simulate", "--rules", args.rules])]
    if args.compare:
        commands.append(("compare", lambda n: ["compare", args.rules, args.rules]))
    print(f"peak resident memory, {args.players} players ({args.rules}), agents {args.agents}, "
          f"{args.jobs} job{'s' if args.jobs > 1 else ''}; target: the same figure at every count, under "
          f"{TARGET_MB} MB")
    for name, command in commands:
        peaks = []
        for games in args.games:
            peak, seconds = peak_of([*command(games), "--players", str(args.players), "--games", str(games),
                                     "--agents", args.agents, "--jobs", str(args.jobs), "--no-progress"])
            peaks.append(peak)
            print(f"  wr {name:8} {games:>8} games: {peak:7.1f} MB  ({seconds:.0f} s, "
                  f"{games / seconds:.0f} games/s)", flush=True)
        if len(peaks) > 1:
            per = (peaks[-1] - peaks[0]) / (args.games[-1] - args.games[0]) * 10_000
            verdict = "met" if max(peaks) < TARGET_MB and abs(peaks[-1] - peaks[0]) < 0.1 * peaks[0] else "NOT met"
            print(f"  wr {name}: {peaks[-1] - peaks[0]:+.1f} MB from {args.games[0]} to {args.games[-1]} games "
                  f"({per:+.2f} MB per 10 000 games); target {verdict}")


if __name__ == "__main__":
    main()
