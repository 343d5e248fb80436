"""A simulation run from the command line: the worker processes, the progress bar on the standard
error, and Ctrl-C, which stops the run in order.

The first Ctrl-C asks the run to stop: no new chunk of games is sent, the chunks under way are
finished and kept (written to the records file, counted in the statistics). A second Ctrl-C
stops at once, keeping the chunks already handed over. Either way the run says it was stopped.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional

import attrs
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from wonderrules.interpreter.ir import RuleSet
from wonderrules.simulation import Chunk, Executor, Handed, Plan, Played, play_side_by_side, process_pool

__all__ = ["Job", "Run", "run_jobs", "StopRequest"]


@attrs.frozen
class Job:
    """One simulation of a run: its label on the progress bar, its plan, the rule set already
    loaded here (used when the games are played in this process) and what to do with each chunk."""

    label: str
    plan: Plan
    rules: Optional[RuleSet] = None
    on_chunk: Callable[[Chunk], None] = lambda chunk: None


@attrs.frozen
class Run:
    played: Played
    #: seconds from the first game sent to the last handed over (of a run of several jobs, this
    #: job's share: see :func:`run_jobs`)
    elapsed: float


class StopRequest:
    """Ctrl-C while it is active asks for a stop (see the module's text) instead of raising."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.requested = False
        self.say = say
        self._previous: Any = None

    def _handler(self, signum: int, frame: Any) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True
        self.say("stopping: finishing the games under way (Ctrl-C again to stop at once)")

    def __enter__(self) -> StopRequest:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


class _GameRate(ProgressColumn):
    """Games per second since the start."""

    def render(self, task: Any) -> Text:
        elapsed = task.elapsed or 0
        return Text(f"{task.completed / elapsed:.1f} games/s" if elapsed else "- games/s")


@contextlib.contextmanager
def _progress(show: bool) -> Iterator[Optional[Progress]]:
    if not show:
        yield None
        return
    console = Console(stderr=True, highlight=False, markup=False, emoji=False)
    # on a terminal the bar goes away at the end; elsewhere (a file, when asked for) its last state stays
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  _GameRate(), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                  console=console, transient=console.is_terminal) as bar:
        yield bar


def run_jobs(jobs: Sequence[Job], workers: int, show_progress: bool, executor: Optional[Executor] = None,
             stop_after: Callable[[], bool] = lambda: False) -> tuple[list[Run], bool]:
    """Play the jobs side by side (:func:`~wonderrules.simulation.play_side_by_side`: the same
    games of each job one after the other) and say whether the run was stopped. With `workers`
    above 1 and no `executor`, a pool of that many processes is started for the run and closed
    after it; an executor given (a cluster's client) is used as it is. `stop_after` is asked with
    Ctrl-C between chunks (a test stops a run with it). No chunk is kept: each is handed to its
    job's `on_chunk`, and counted.

    The time of the run is shared among the jobs in proportion to the time the workers spent on
    each (all of it for a single job)."""
    own = executor is None and workers > 1
    pool = process_pool(workers) if own else executor
    handed = [Handed() for _ in jobs]

    def say(text: str) -> None:  # above the progress bar while it is shown
        if bar is not None:
            bar.console.print(text)
        else:
            print(text, file=sys.stderr)

    with _progress(show_progress) as bar, StopRequest(say) as stop:
        tasks = [bar.add_task(job.label, total=job.plan.games) for job in jobs] if bar is not None else []

        def deliver(index: int, chunk: Chunk) -> None:
            jobs[index].on_chunk(chunk)
            handed[index].add(chunk)
            if bar is not None:
                bar.advance(tasks[index], len(chunk.games))

        start = time.perf_counter()
        hard = False
        try:
            play_side_by_side([job.plan for job in jobs], pool, workers, [job.rules for job in jobs], deliver,
                              stop=lambda: stop.requested or stop_after())
        except KeyboardInterrupt:
            hard = stop.requested = True
        finally:
            elapsed = time.perf_counter() - start
            if own and pool is not None:
                pool.shutdown(wait=not hard, cancel_futures=True)
    worked = sum(h.seconds for h in handed)
    runs = [Run(h.played(hard or h.games < job.plan.games),
                elapsed * (h.seconds / worked if worked else 1 / len(jobs)))
            for h, job in zip(handed, jobs)]
    return runs, any(r.played.stopped for r in runs)
