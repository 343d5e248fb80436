"""A simulation run from the command line: the worker processes, the progress bar on the standard
error, and Ctrl-C, which stops the run in order.

The first Ctrl-C asks the run to stop: no new chunk of games is sent, the chunks under way are
finished and kept (written to the records file, counted in the statistics). A second Ctrl-C
stops at once, keeping the chunks already handed over. Either way the run says it was stopped.
SIGTERM and SIGHUP stop at once too, keeping the chunks handed over, and end the command
(:class:`~wonderrules.workers.processes.Terminated`). A chunk being handed over is handed over
whole before any of these stops.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
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
from wonderrules.workbench.simulation import Chunk, Executor, Handed, Plan, Played, play_side_by_side, process_pool
from wonderrules.workers.processes import HANG_UP, HardStop, Terminated, stop_pool

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
    """While it is active, Ctrl-C asks for a stop (see the module's text) instead of raising, and a
    second Ctrl-C, SIGTERM or SIGHUP stop at once: KeyboardInterrupt, or
    :class:`~wonderrules.workers.processes.Terminated`. With a pool of this process, these end
    its workers (:class:`~wonderrules.workers.processes.HardStop`) and the run raises them when it
    sees the pool broken; without one they are raised at once, or, while the run hands a chunk
    over (:meth:`holding`), once it is handed over."""

    def __init__(self, say: Callable[[str], None], pool: Any = None) -> None:
        self.requested = False
        self.say = say
        self.hard = HardStop(pool) if pool is not None else None
        self._previous: list[tuple[int, Any]] = []
        self._holding = False
        self._deferred: Optional[BaseException] = None

    def _interrupt(self, signum: int, frame: Any) -> None:
        if self.requested:
            self._stop_now(KeyboardInterrupt())
            return
        self.requested = True
        self.say("stopping: finishing the games under way (Ctrl-C again to stop at once)")

    def _terminate(self, signum: int, frame: Any) -> None:
        self.requested = True
        if signum != HANG_UP:  # after a hang-up there is no terminal to tell
            with contextlib.suppress(OSError, ValueError):
                self.say(f"stopping at once ({signal.Signals(signum).name}): the games finished are kept")
        self._stop_now(Terminated(signum))

    def _stop_now(self, stop: BaseException) -> None:
        if self.hard is not None:
            self.hard.stop(stop)
        elif self._holding:
            self._deferred = stop
        else:
            raise stop

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """A stop at once that comes meanwhile is raised at the end (a chunk is written whole)."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
            stop, self._deferred = self._deferred, None
            if stop is not None:
                raise stop

    def __enter__(self) -> StopRequest:
        if threading.current_thread() is threading.main_thread():
            handlers: list[tuple[int, Callable[[int, Any], None]]] = [(signal.SIGINT, self._interrupt),
                                                                       (signal.SIGTERM, self._terminate)]
            if HANG_UP is not None:
                handlers.append((HANG_UP, self._terminate))
            self._previous = [(signum, signal.signal(signum, handler)) for signum, handler in handlers]
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, previous in self._previous:
            signal.signal(signum, previous)
        self._previous = []


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
    """Play the jobs side by side (:func:`~wonderrules.workbench.simulation.play_side_by_side`: the same
    games of each job one after the other) and say whether the run was stopped. With `workers`
    above 1 and no `executor`, a pool of that many processes is started for the run and closed
    after it; an executor given (a cluster's client) is used as it is. `stop_after` is asked with
    Ctrl-C between chunks (a test stops a run with it). No chunk is kept: each is handed to its
    job's `on_chunk`, and counted.

    The time of the run is shared among the jobs in proportion to the time the workers spent on
    each (all of it for a single job)."""
    own = executor is None and workers > 1
    own_pool = process_pool(workers) if own else None
    pool = own_pool if own else executor
    handed = [Handed() for _ in jobs]

    def say(text: str) -> None:  # above the progress bar while it is shown
        if bar is not None:
            bar.console.print(text)
        else:
            print(text, file=sys.stderr)

    with _progress(show_progress) as bar, StopRequest(say, pool if own else None) as stop:
        tasks = [bar.add_task(job.label, total=job.plan.games) for job in jobs] if bar is not None else []

        def deliver(index: int, chunk: Chunk) -> None:
            with stop.holding():
                jobs[index].on_chunk(chunk)
                handed[index].add(chunk)
            if bar is not None:
                bar.advance(tasks[index], len(chunk.games))

        start = time.perf_counter()
        hard = False
        try:
            try:
                play_side_by_side([job.plan for job in jobs], pool, workers, [job.rules for job in jobs], deliver,
                                  stop=lambda: stop.requested or stop_after())
            except (KeyboardInterrupt, BrokenProcessPool) as e:
                if isinstance(e, BrokenProcessPool) and (stop.hard is None or stop.hard.asked is None):
                    raise  # a worker died by itself
                hard = stop.requested = True
            if stop.hard is not None and isinstance(stop.hard.asked, Terminated):
                raise stop.hard.asked
        except BaseException:
            hard = True  # (SIGTERM, a records file that cannot be written...): the games under way are dropped
            raise
        finally:
            elapsed = time.perf_counter() - start
            if own and own_pool is not None:
                if hard:
                    stop_pool(own_pool)
                else:
                    own_pool.shutdown(cancel_futures=True)
    worked = sum(h.seconds for h in handed)
    runs = [Run(h.played(hard or h.games < job.plan.games),
                elapsed * (h.seconds / worked if worked else 1 / len(jobs)))
            for h, job in zip(handed, jobs)]
    return runs, any(r.played.stopped for r in runs)
