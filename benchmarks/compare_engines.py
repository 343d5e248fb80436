"""The engine of this checkout against the engine of another commit, side by side in one run.

    python benchmarks/compare_engines.py REF [--players 7] [--rules base] [--games 300] [--pairs 6]

REF is a git commit (a branch, a tag, `HEAD~1`...). The other commit is checked out in a temporary
worktree and installed in its own virtual environment; then `bench_engine.py` of each checkout
runs in turn, A B A B ..., on the same table, with random agents, each timing its games after a
warm-up inside its own process. The figures of each pair are printed, and the median of the ratios
(this checkout / the other) says which engine is faster: above 1, this checkout's.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIGURE = re.compile(r"([0-9.]+) games/s")


def _run(cmd: list[str], cwd: Path) -> str:
    return subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, text=True).stdout


def _install(ref: str, where: Path) -> Path:
    _run(["git", "worktree", "add", "--detach", str(where), ref], ROOT)
    _run([sys.executable, "-m", "venv", str(where / ".venv")], where)
    _run([str(where / ".venv" / "bin" / "pip"), "install", "-q", "."], where)
    return where / ".venv" / "bin" / "python"


def _games_per_second(python: str, checkout: Path, args: argparse.Namespace) -> float:
    out = _run([python, str(checkout / "benchmarks" / "bench_engine.py"), "--players", str(args.players),
                "--rules", *args.rules, "--games", str(args.games), "--warmup", str(args.warmup)], checkout)
    found = FIGURE.findall(out)
    if not found:
        raise SystemExit(f"no figure in the output of {checkout}:\n{out}")
    return float(found[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref")
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=60)
    ap.add_argument("--pairs", type=int, default=6)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        try:
            other_python = _install(args.ref, other)
            ratios = []
            for i in range(args.pairs):
                first_this = i % 2 == 0
                runs = [("this", sys.executable, ROOT), ("other", str(other_python), other)]
                figures = {}
                for name, python, checkout in (runs if first_this else runs[::-1]):
                    figures[name] = _games_per_second(python, checkout, args)
                ratios.append(figures["this"] / figures["other"])
                print(f"pair {i + 1}: this {figures['this']:.1f} games/s, {args.ref} {figures['other']:.1f} "
                      f"games/s, ratio {ratios[-1]:.3f}", flush=True)
            print(f"median ratio this/{args.ref}: {statistics.median(ratios):.3f} "
                  f"(min {min(ratios):.3f}, max {max(ratios):.3f}, {args.pairs} pairs, "
                  f"{' + '.join(args.rules)}, {args.players} players)")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, capture_output=True)


if __name__ == "__main__":
    main()
