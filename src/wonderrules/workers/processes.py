"""The worker processes of `wr simulate`, `wr compare` and `wr ladder`, and how a command stops.

A pool's workers are started at once, fresh (spawn), and ignore Ctrl-C and a hang-up of the
terminal from their very start: both go to the whole group of processes of a terminal, and they
are the command's to handle (it stops the run in order), not the workers'. Each worker watches its parent and ends
as soon as the parent ends, however it ends (``kill -9`` too), so that no worker is left playing
games nobody will read.

SIGTERM and SIGHUP stop a command at once (:class:`Terminated`): what it finished and handed over
is kept, as after a second Ctrl-C, and the exit status is 128 plus the signal's number.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional

__all__ = ["Terminated", "start_pool", "stop_pool", "end_workers", "HardStop", "HANG_UP"]

#: the signal of a terminal that hangs up, where the system has it
HANG_UP: Optional[int] = getattr(signal, "SIGHUP", None)


class Terminated(SystemExit):
    """The command was asked to end (SIGTERM, SIGHUP): it stops at once, keeping what it
    finished; the exit status is 128 plus the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


@contextlib.contextmanager
def _held_back(signums: Sequence[int]) -> Iterator[None]:
    """Hold these signals back from this thread for a moment: one that comes meanwhile is
    delivered at the end, and a process started meanwhile starts with them held back (it then
    ignores them, see `_start_worker`), so a Ctrl-C while it starts never reaches it."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signums)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _left_to_the_command() -> list[int]:
    return [signal.SIGINT] + ([HANG_UP] if HANG_UP is not None else [])


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent ends: a thread waits on the pipe that the parent
    holds open (it closes when the parent ends, whatever ends it), or, without one, looks at the
    parent's process id every second."""
    import multiprocessing
    import multiprocessing.connection
    import time

    parent_process = multiprocessing.parent_process()
    sentinel = getattr(parent_process, "sentinel", None)

    def watch() -> None:
        if sentinel is not None:
            multiprocessing.connection.wait([sentinel])
        else:  # pragma: no cover - a start method without a parent's pipe
            while os.getppid() == parent:
                time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="watch the parent", daemon=True).start()


def _start_worker(parent: int, initializer: Optional[Callable[..., None]], initargs: tuple[Any, ...]) -> None:
    for signum in _left_to_the_command():
        signal.signal(signum, signal.SIG_IGN)  # (one that came while the worker started is dropped)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _left_to_the_command())
    _watch_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def start_pool(jobs: int, initializer: Optional[Callable[..., None]] = None, initargs: tuple[Any, ...] = ()) -> Any:
    """A pool of `jobs` worker processes, started now (see the module's text); `initializer`,
    given, runs in each worker once it is started, with `initargs`."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(), initializer, initargs))
    with _held_back(_left_to_the_command()):
        # a task per worker starts every worker now, with the signals that the workers leave to
        # this process held back
        for _ in range(jobs):
            pool.submit(os.getpid)
    return pool


def stop_pool(pool: Any) -> None:
    """Stop a pool at once: its workers are ended, without waiting for the games under way, and
    the pool then fails the work it had (the pool's own thread does that, so nothing races it)."""
    end_workers(pool)
    pool.shutdown(wait=True)


def end_workers(pool: Any) -> None:
    """End a pool's workers at once (SIGKILL), touching none of the pool's locks, so that it is
    safe in a signal handler: whatever waits on the pool then gets BrokenProcessPool."""
    for pid in list(getattr(pool, "_processes", None) or {}):
        with contextlib.suppress(OSError):
            os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))


class HardStop:
    """A stop at once of the work of a pool, asked by a signal. Raising KeyboardInterrupt where
    the main thread happens to be could raise it inside the pool's own code (a `submit`), leave
    one of its locks held, and hang the process on its way out; so the signal ends the workers
    instead (:func:`end_workers`), and the code that waits on the pool, when it gets
    BrokenProcessPool, calls :meth:`raise_it` to raise what the signal asked for.

    As a context manager it handles Ctrl-C (KeyboardInterrupt), SIGTERM and SIGHUP
    (:class:`Terminated`) so, in the main thread; :meth:`stop` serves another handler."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.asked: Optional[BaseException] = None
        self._previous: list[tuple[int, Any]] = []

    def stop(self, stop: BaseException) -> None:
        self.asked = stop
        end_workers(self.pool)

    def raise_it(self) -> None:
        """Raise what a signal asked for, when one did."""
        if self.asked is not None:
            raise self.asked

    def _handle(self, signum: int, frame: Any) -> None:
        self.stop(KeyboardInterrupt() if signum == signal.SIGINT else Terminated(signum))

    def __enter__(self) -> HardStop:
        if threading.current_thread() is threading.main_thread():
            signums = [signal.SIGINT, signal.SIGTERM] + ([HANG_UP] if HANG_UP is not None else [])
            self._previous = [(s, signal.signal(s, self._handle)) for s in signums]
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, previous in self._previous:
            signal.signal(signum, previous)
        self._previous = []
