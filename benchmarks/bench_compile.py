"""Milliseconds per full check and compile of the bundled rule sets (parse, layering, every pass,
lowering), warm: measured after a first compile has loaded the grammar.

    python benchmarks/bench_compile.py [--runs N] [--rules base cities two_player] [--target MS]

For each rule set (a layer is compiled with the layers below it) prints the median, fastest and
slowest of N compiles, each reading and parsing its files. Then all of them compiled one after
the other as `wr check base cities two_player` does: the compilations of one run share the
files they parse (a `ParsedFiles` per run; nothing is kept from one run to the next). Exits with
status 1 when that median is above the target (150 ms by default).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

RULESETS = Path(__file__).resolve().parents[1] / "rulesets"


def measure(names: list[str], runs: int) -> list[float]:
    """Times of `runs` runs, each compiling every rule set of `names` on its own, sharing one
    ParsedFiles as one `wr check` run does."""
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.parse import ParsedFiles

    paths = [str(RULESETS / f"{name}.wr") for name in names]
    for path in paths:  # warm up: the grammar loads once per process
        first = compile_rules([path])
        if not first.ok:
            raise SystemExit(f"{path}: does not compile ({len(first.diagnostics)} diagnostics)")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        parsed = ParsedFiles()
        for path in paths:
            compile_rules([path], parsed=parsed)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--rules", nargs="+", default=[p.stem for p in sorted(RULESETS.glob("*.wr"))])
    ap.add_argument("--target", type=float, default=150.0, help="milliseconds the median of all must stay under")
    args = ap.parse_args()
    rounds = [[name] for name in args.rules]
    if len(args.rules) > 1:
        rounds.append(list(args.rules))
    median = 0.0
    for names in rounds:
        times = measure(names, args.runs)
        median = statistics.median(times)
        print(f"{' '.join(names):28s} {median:7.1f} ms per full compile (median of {args.runs}; "
              f"fastest {min(times):.1f}, slowest {max(times):.1f})")
    sys.exit(1 if median > args.target else 0)


if __name__ == "__main__":
    main()
