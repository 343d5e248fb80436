"""Milliseconds per full check and compile of the bundled rule sets (parse, layering, every pass,
lowering), warm: measured after a first compile has loaded the grammar.

    python benchmarks/bench_compile.py [--runs N] [--rules base cities two_player] [--target MS]

For each rule set (a layer is compiled with the layers below it) prints the median, fastest and
slowest of N compiles: first with every file parsed again, then with the parsed files kept (as when
several layers over the same base are checked in one process). Exits with status 1 when a full
compile's median is above the target (150 ms by default).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"


def measure(name: str, runs: int, reparse: bool) -> list[float]:
    """Times of `runs` compiles; with `reparse`, every file is read and parsed again each time."""
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.parse import clear_parse_cache

    path = str(RULESETS / f"{name}.wr")
    first = compile_rules([path])  # warm up: the grammar loads once per process
    if not first.ok:
        raise SystemExit(f"{name}: does not compile ({len(first.diagnostics)} diagnostics)")
    times = []
    for _ in range(runs):
        if reparse:
            clear_parse_cache()
        start = time.perf_counter()
        compile_rules([path])
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--rules", nargs="+", default=[p.stem for p in sorted(RULESETS.glob("*.wr"))])
    ap.add_argument("--target", type=float, default=150.0, help="milliseconds a median must stay under")
    args = ap.parse_args()
    slow = False
    for name in args.rules:
        for reparse, what in ((True, "full compile, files parsed"), (False, "check again, parse kept")):
            times = measure(name, args.runs, reparse)
            median = statistics.median(times)
            slow = slow or (reparse and median > args.target)
            print(f"{name:12s} {median:7.1f} ms per {what} (median of {args.runs}; "
                  f"fastest {min(times):.1f}, slowest {max(times):.1f})")
    sys.exit(1 if slow else 0)


if __name__ == "__main__":
    main()
