"""The engine of this checkout against the engine of another commit, side by side in one run.

    python benchmarks/compare_engines.py REF [--players 7] [--rules base] [--blocks 40] [--games 20]
                                             [--warmup 60] [--other-python PATH] [--mcts ITERATIONS]

REF is a git commit (a branch, a tag, `HEAD~1`...): it is checked out in a temporary worktree and
installed in its own virtual environment (or give `--other-python`, an interpreter where that
commit is already installed; REF then only names it in the report).

Each engine runs in a process of its own that stays alive for the whole run: both load the rule
set, set up the table and play `--warmup` games; then they play blocks of `--games` random-agent
games in turn, A B B A A B ..., one process at a time, each block with the same seeds on both
sides. Timing blocks in turn within two live processes keeps a drift of the machine's speed out of
the ratio; the median of the block ratios (this checkout's games per second over the other's) is
the figure to quote: above 1, this checkout is faster. The total time of each side is printed too
(a rare slow block, such as a full garbage collection, weighs on it and not on the median).

With `--mcts ITERATIONS` the sides time the MCTS agent instead: a block is `--games` whole games
in which seat 0 is the MCTS agent with that many iterations a decision and the others are greedy
agents, and only the MCTS seat's searches are timed. Both sides are given the same seeds: when
they choose alike (as a speed-up must keep them doing) they search the same iterations, and the
ratio of search times is the ratio of iterations per second. Each side's iterations are printed,
so a difference of choices shows.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the program each side runs: set up, then answer "PLAY first count" lines with seconds
WORKER = r"""
import random, sys, time
import wonderrules
from wonderrules.interpreter.game import Game
players, warmup = int(sys.argv[1]), int(sys.argv[2])
options = tuple(o for o in sys.argv[3].split(",") if o)
game = Game(wonderrules.load_rules(*sys.argv[4:]), players, options)
def play(seed):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
for s in range(warmup):
    play(10_000_000 + s)
print("ready", flush=True)
for line in sys.stdin:
    _, first, count = line.split()
    start = time.perf_counter()
    for s in range(int(first), int(first) + int(count)):
        play(s)
    print(time.perf_counter() - start, flush=True)
"""

#: the program each side runs with --mcts: the same protocol, answering "seconds iterations"
MCTS_WORKER = r"""
import sys, time
import wonderrules
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.game import Game
players, warmup, iterations = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
options = tuple(o for o in sys.argv[4].split(",") if o)
game = Game(wonderrules.load_rules(*sys.argv[5:]), players, options)
def play(seed):
    agents = [make_agent(f"mcts:{iterations}" if p == 0 else "greedy", seed * 100 + p) for p in range(players)]
    state = game.new_initial_state(seed=seed)
    seconds, made = 0.0, 0
    while not state.is_terminal():
        chosen = {}
        for p in state.pending_decisions():
            if p:
                chosen[p] = agents[p].choose(state, p)
                continue
            start = time.perf_counter()
            chosen[p] = agents[p].choose(state, p)
            seconds += time.perf_counter() - start
            made += agents[p].last_search[0]
        state.apply_actions(chosen)
    return seconds, made
for s in range(warmup):
    play(10_000_000 + s)
print("ready", flush=True)
for line in sys.stdin:
    _, first, count = line.split()
    seconds, made = 0.0, 0
    for s in range(int(first), int(first) + int(count)):
        spent, n = play(s)
        seconds, made = seconds + spent, made + n
    print(seconds, made, flush=True)
"""


def _run(cmd: list[str], cwd: Path) -> str:
    return subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, text=True).stdout


def _install(ref: str, where: Path) -> Path:
    _run(["git", "worktree", "add", "--detach", str(where), ref], ROOT)
    _run([sys.executable, "-m", "venv", str(where / ".venv")], where)
    _run([str(where / ".venv" / "bin" / "pip"), "install", "-q", "."], where)
    return where / ".venv" / "bin" / "python"


class _Side:
    def __init__(self, python: str, args: argparse.Namespace, cwd: str) -> None:
        if args.mcts:
            worker = [MCTS_WORKER, str(args.players), str(args.warmup), str(args.mcts)]
        else:
            worker = [WORKER, str(args.players), str(args.warmup)]
        self.proc = subprocess.Popen([python, "-c", *worker, ",".join(args.options), *args.rules],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=cwd)
        self.seconds = 0.0
        #: the MCTS iterations made (with --mcts)
        self.iterations = 0

    def ready(self) -> None:
        self._read()

    def block(self, first: int, count: int) -> float:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"PLAY {first} {count}\n")
        self.proc.stdin.flush()
        figures = self._read().split()
        seconds = float(figures[0])
        self.seconds += seconds
        if len(figures) > 1:
            self.iterations += int(figures[1])
        return seconds

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"an engine stopped (exit status {self.proc.wait()})")
        return line.strip()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def compare(other_python: str, args: argparse.Namespace) -> None:
    # (run from a neutral folder: `python -c` imports from its working folder first)
    neutral = tempfile.gettempdir()
    this, other = _Side(sys.executable, args, neutral), _Side(other_python, args, neutral)
    try:
        this.ready()
        other.ready()
        ratios = []
        for b in range(args.blocks):
            first = b * args.games
            # A B, then B A: neither side always runs right after the other's block
            order = (this, other) if b % 2 == 0 else (other, this)
            seconds = {id(side): side.block(first, args.games) for side in order}
            ratios.append(seconds[id(other)] / seconds[id(this)])
        q1, _, q3 = statistics.quantiles(ratios, n=4)
        agents = f", MCTS with {args.mcts} iterations at seat 0 against greedy agents" if args.mcts else ""
        print(f"{' + '.join(args.rules)}, {args.players} players{agents}, {args.blocks} blocks of {args.games} games "
              f"after {args.warmup}:")
        for name, side in (("this checkout", this), (args.ref, other)):
            if args.mcts:
                print(f"  {name}: {side.iterations / side.seconds:8.1f} iterations/s in all "
                      f"({side.iterations} iterations)")
            else:
                print(f"  {name}: {args.blocks * args.games / side.seconds:8.1f} games/s in all")
        print(f"  ratio this/{args.ref}, per block: median {statistics.median(ratios):.3f} "
              f"(quartiles {q1:.3f} {q3:.3f}); total time {other.seconds / this.seconds:.3f}")
    finally:
        this.close()
        other.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref")
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--rules", nargs="+", default=["base"])
    ap.add_argument("--options", nargs="*", default=[])
    ap.add_argument("--blocks", type=int, default=40)
    ap.add_argument("--games", type=int, default=20, help="games per block")
    ap.add_argument("--warmup", type=int, default=60)
    ap.add_argument("--other-python", help="an interpreter where REF is installed already")
    ap.add_argument("--mcts", type=int, default=0, metavar="ITERATIONS",
                    help="time the MCTS agent with this many iterations a decision (see above)")
    args = ap.parse_args()
    if args.blocks < 2 or args.games < 1 or args.warmup < 0 or args.mcts < 0:
        ap.error("--blocks must be at least 2, --games at least 1, --warmup and --mcts at least 0")
    if args.other_python:
        compare(args.other_python, args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        try:
            compare(str(_install(args.ref, other)), args)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, capture_output=True)


if __name__ == "__main__":
    main()
