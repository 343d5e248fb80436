"""What writing the records of `wr simulate --out` costs: the writer alone, fed as a run feeds it.

    python benchmarks/bench_records.py [--games N] [--players P] [--chunk C] [--every S] [--format csv,jsonl,parquet]

The records of a few real games (base game, random agents) are repeated with new game numbers up
to N games and handed to the writer C games at a time, as a run's chunks come. `--every S`
publishes the file every S seconds (0: after every chunk, the most the writer can be asked;
default: the format's own interval, as `wr simulate` does). For each format it prints the
seconds, the processor time per game, the size of the file, and the bytes the process wrote
(from /proc/self/io, where there is one), whose ratio to the size says how often each byte was
written. Run it with the Python of another checkout to compare (a writer without `every` is
called without it).
"""

from __future__ import annotations

import argparse
import inspect
import tempfile
import time
from pathlib import Path
from typing import Optional


def _written() -> Optional[int]:
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def main() -> None:
    import attrs

    import wonderrules as wr
    from wonderrules.workbench.records import open_writer, read_records
    from wonderrules.workbench.simulation import make_plan, play

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--every", type=float, default=None)
    parser.add_argument("--format", default="csv,jsonl,parquet")
    args = parser.parse_args()

    base = wr.load_rules("base")
    sample = play(make_plan(base, args.players, (), ("random",), 0, 20), rules=base).records()
    columns = [c.name for c in base.categories]
    games = [sample[i:i + args.players] for i in range(0, len(sample), args.players)]
    chunks = [[attrs.evolve(r, game=g) for g in range(first, min(args.games, first + args.chunk))
               for r in games[g % len(games)]] for first in range(0, args.games, args.chunk)]
    takes_every = "every" in inspect.signature(open_writer).parameters
    print(f"{args.games} games of {args.players} players, {args.chunk} games a chunk, publication every "
          f"{'default' if args.every is None else args.every} s{'' if takes_every else ' (this writer: none)'}")
    with tempfile.TemporaryDirectory() as folder:
        for fmt in args.format.split(","):
            path = str(Path(folder) / f"games.{fmt}")
            extra = {"every": args.every} if takes_every and args.every is not None else {}
            before, start, used = _written(), time.perf_counter(), time.process_time()
            writer = open_writer(path, columns, **extra)
            for chunk in chunks:
                writer.write(chunk)
            writer.close()
            seconds, used = time.perf_counter() - start, time.process_time() - used
            after = _written()
            size = Path(path).stat().st_size
            assert len(read_records(path)) == args.games * args.players
            wrote = f", {after - before:,} bytes written ({(after - before) / size:.2f}x)" if after and before else ""
            print(f"{fmt:8} {seconds:6.2f} s ({used:6.2f} s of processor), {used / args.games * 1e6:6.1f} µs of "
                  f"processor per game, file {size:,} bytes{wrote}")


if __name__ == "__main__":
    main()
