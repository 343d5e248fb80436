"""Milliseconds per full check and compile of the bundled rule sets (parse, layering, every pass,
lowering), warm: measured after a first compile has loaded the grammar.

    python benchmarks/bench_compile.py [--runs N] [--rules NAME ...] [--check NAME ...] [--target MS]

For each rule set of `--rules` (every bundled one by default; a layer is compiled with the
layers below it) prints the median, fastest and slowest of N compiles, each reading and parsing
its files. Then the rule sets of `--check` (base, cities and two_player by default) compiled one
after the other as `wr check base cities two_player` does: the compilations of one run share the
files they parse (a `ParsedFiles` per run; nothing is kept from one run to the next). Exits with
status 1 when that median is above the target (150 ms by default), and says so on stderr.
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


#: the `wr check` run the target is set for
CHECKED = ["base", "cities", "two_player"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--rules", nargs="+", default=[p.stem for p in sorted(RULESETS.glob("*.wr"))],
                    help="rule sets timed one by one")
    ap.add_argument("--check", nargs="+", default=CHECKED,
                    help="rule sets compiled one after the other in each run, as one `wr check` does; the target "
                         "is for them")
    ap.add_argument("--target", type=float, default=150.0, help="milliseconds the median of --check must stay under")
    args = ap.parse_args()
    median = 0.0
    for names in [[name] for name in args.rules] + [list(args.check)]:
        times = measure(names, args.runs)
        median = statistics.median(times)
        print(f"{' '.join(names):28s} {median:7.1f} ms per full compile (median of {args.runs}; "
              f"fastest {min(times):.1f}, slowest {max(times):.1f})")
    if median > args.target:
        print(f"bench_compile: median {median:.1f} ms of `{' '.join(args.check)}` is above the target "
              f"{args.target:g} ms (--target): exit status 1", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
