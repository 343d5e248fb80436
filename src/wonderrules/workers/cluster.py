"""Simulations played on a Dask distributed cluster: ``wr simulate --cluster tcp://HOST:8786``.

The runner (:func:`wonderrules.workbench.simulation.play`) sends chunks of games to an executor and puts
the results back in game order; here the executor is a ``distributed.Client`` connected to a
scheduler that is already running. A chunk is a pure function of the plan and its game numbers,
and the plan carries the compiled rule set as JSON, so a worker needs wonder-rules installed and
nothing else: no rule file, no state from this machine. The records and every figure are
therefore the very ones a single process gives with the same seed, whichever worker played which
chunk, and a chunk that Dask plays again on another worker (after a worker died) gives the same
games again.

Two things go wrong on a cluster that do not on one machine, and each is said in one sentence
(:class:`ClusterError`) rather than as a traceback: the scheduler cannot be reached or has no
worker, and a worker runs another version of wonder-rules, which could play other games. The
version is checked on every worker when the run starts, and again by each chunk on the worker
that plays it (a worker may join later).

This module imports ``distributed`` only when a cluster is asked for; it is the ``cluster``
extra (``pip install 'wonder-rules[cluster]'``).
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional
from urllib.parse import urlsplit

from wonderrules import __version__

__all__ = ["ClusterError", "WorkerVersionError", "ClusterExecutor", "Cluster", "scheduler_address", "connect",
           "DEFAULT_PORT"]

#: the port ``dask scheduler`` listens on unless told otherwise
DEFAULT_PORT = 8786
_SCHEMES = ("tcp", "tls", "ws", "wss")
_INSTALL = f"pip install 'wonder-rules[cluster]=={__version__}'"


class ClusterError(Exception):
    """The cluster cannot play the games; the message is one sentence for the user."""


class WorkerVersionError(Exception):
    """A worker runs another version of wonder-rules than the machine that sent the games."""


def scheduler_address(text: str) -> str:
    """The scheduler's address in the form Dask takes: ``tcp://HOST:PORT``.

    ``HOST`` alone is ``tcp://HOST:8786``, ``HOST:PORT`` is ``tcp://HOST:PORT``; the schemes are
    Dask's network ones. Anything else is a :class:`ValueError` naming what is wrong, so that a
    typing mistake is told apart from a scheduler that does not answer.
    """
    given = text.strip()
    if not given:
        raise ValueError("the scheduler's address is empty: give it as tcp://HOST:PORT")
    scheme, sep, _ = given.partition("://")
    if not sep:
        scheme, given = "tcp", f"tcp://{given}"
    if scheme not in _SCHEMES:
        raise ValueError(f"'{text}' is not a scheduler's address: its scheme '{scheme}' is none of "
                         f"{', '.join(s + '://' for s in _SCHEMES)} (give tcp://HOST:PORT)")
    parts = urlsplit(given)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port == -1 or port == 0:
        raise ValueError(f"'{text}' is not a scheduler's address: its port is not a number from 1 to 65535")
    if not parts.hostname or parts.path or parts.query or parts.fragment or parts.username:
        raise ValueError(f"'{text}' is not a scheduler's address: give it as {scheme}://HOST:PORT")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{scheme}://{host}:{port or DEFAULT_PORT}"


def _installed_version() -> str:
    """Run on each worker when the run starts: the version of wonder-rules it imports."""
    import wonderrules

    return wonderrules.__version__


def _play_checked(version: str, play: Callable[..., Any], *args: Any) -> Any:
    """What a worker runs for one chunk: the chunk, once the worker's version is the sender's."""
    import wonderrules

    if wonderrules.__version__ != version:
        from distributed import get_worker

        raise WorkerVersionError(_version_sentence(get_worker().address, wonderrules.__version__, version))
    return play(*args)


def _version_sentence(worker: str, theirs: str, ours: str) -> str:
    return (f"the worker at {worker} runs wonder-rules {theirs} and this machine {ours}: install the same "
            f"version on every machine ({_INSTALL})")


class _ChunkFuture:
    """A cluster's future seen as the runner expects one. A chunk already finished is not
    cancelled: its games are handed over (or its error raised), as a local worker's are. Any
    other is cancelled on the cluster, even one under way (Dask drops its result), so that a
    stopped run leaves no work behind."""

    def __init__(self, future: Any) -> None:
        self.future = future

    def result(self) -> Any:
        return self.future.result()

    def done(self) -> bool:
        return bool(self.future.done())

    def cancel(self) -> bool:
        if self.future.done():
            return False
        self.future.cancel()
        return True

    def cancelled(self) -> bool:
        return bool(self.future.cancelled())


class ClusterExecutor:
    """The runner's executor seam over a ``distributed.Client``: ``submit(fn, *args)`` sends one
    chunk, checked on its worker against this machine's version of wonder-rules."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._sent: list[Any] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> _ChunkFuture:
        # pure=False: a chunk is sent once and never shared with another client's (the key is new)
        future = self.client.submit(_play_checked, __version__, fn, *args, pure=False,
                                    key=f"wonderrules-{getattr(fn, '__name__', 'task')}-{uuid.uuid4().hex}")
        self._sent = [f for f in self._sent if not f.done()] + [future]
        return _ChunkFuture(future)

    def cancel_pending(self) -> None:
        """Cancel on the cluster every chunk sent and not finished (after a second Ctrl-C, or an error)."""
        pending = [f for f in self._sent if not f.done()]
        if pending:
            self.client.cancel(pending)
        self._sent = []


class Cluster:
    """A connected cluster: its executor, how many threads its workers have, and where it is."""

    def __init__(self, address: str, client: Any) -> None:
        self.address = address
        self.client = client
        self.executor = ClusterExecutor(client)
        threads = client.nthreads()
        self.machines = len(threads)
        #: the worker threads when the run started: the runner keeps about two chunks per thread out
        self.workers = max(1, sum(threads.values()))

    def describe(self) -> str:
        """``cluster tcp://HOST:8786, 2 workers, 4 threads``, for the line under the speed."""
        return (f"cluster {self.address}, {self.machines} {'worker' if self.machines == 1 else 'workers'}, "
                f"{self.workers} {'thread' if self.workers == 1 else 'threads'}")

    def run(self, run_jobs: Callable[..., Any], jobs: Sequence[Any], show_progress: bool) -> Any:
        """`run_jobs` on the cluster; what the cluster did wrong is a :class:`ClusterError`."""
        from distributed import KilledWorker
        from distributed.comm.core import CommClosedError

        lost_connection: tuple[type[BaseException], ...] = (CommClosedError, *_cancelled_errors())
        try:
            return run_jobs(jobs, self.workers, show_progress, executor=self.executor)
        except WorkerVersionError as e:
            raise ClusterError(str(e)) from None
        except KilledWorker as e:
            tries = e.allowed_failures + 1
            raise ClusterError(f"a chunk of games was tried on {tries} {'worker' if tries == 1 else 'workers'} and "
                               f"{'it' if tries == 1 else 'each'} died while playing it (out of memory, or stopped?); "
                               f"the workers' logs say why") from None
        except ImportError as e:
            raise ClusterError(f"a worker cannot import {e.name or 'wonderrules'}: install wonder-rules there "
                               f"({_INSTALL})") from None
        except lost_connection:
            raise ClusterError(f"the connection to the scheduler at {self.address} was lost before the games were "
                               f"finished (was the scheduler stopped?)") from None
        finally:
            self.executor.cancel_pending()


def _cancelled_errors() -> tuple[type[BaseException], ...]:
    import asyncio
    import concurrent.futures

    return (asyncio.CancelledError, concurrent.futures.CancelledError)


def _check_versions(client: Any) -> None:
    """Every worker imports wonder-rules of this machine's version, or a :class:`ClusterError`."""
    answers = client.run(_installed_version, on_error="return")
    wrong = {w: v for w, v in answers.items() if v != __version__}
    if not wrong:
        return
    worker, version = sorted(wrong.items())[0]
    others = f" (and {len(wrong) - 1} other {'worker' if len(wrong) == 2 else 'workers'})" if len(wrong) > 1 else ""
    if isinstance(version, BaseException):
        raise ClusterError(f"the worker at {worker}{others} cannot import wonder-rules: install it there "
                           f"({_INSTALL})")
    raise ClusterError(_version_sentence(worker + others, str(version), __version__))


def _connect_timeout() -> float:
    """Dask's own setting ``distributed.comm.timeouts.connect`` (30 s unless configured; the
    environment variable ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=5s`` sets it)."""
    import dask.config
    from dask.utils import parse_timedelta

    return float(parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="seconds"))


def _seconds(value: float) -> str:
    return f"{value:g} s"


def _ask_identity(address: str, timeout: float) -> Any:
    """What the server at `address` says it is (Dask's ``identity`` call), on a connection of
    its own, so that a scheduler that cannot be reached is told apart from something else that
    answers, before a client is built (a client that failed to start cannot be closed cleanly).

    A connection that cannot be made is an :class:`OSError` (Dask's own, saying it timed out); what
    fails once connected is returned, not raised: the server is not a Dask scheduler."""
    import asyncio

    from distributed.comm.core import connect as open_comm
    from distributed.core import send_recv
    from distributed.security import Security

    async def ask() -> Any:
        try:  # Dask's connect gives up after `timeout`; a server that accepts and stays silent, later
            comm = await asyncio.wait_for(open_comm(address, timeout=timeout,
                                                    **Security().get_connection_args("client")), 2 * timeout)
        except TimeoutError:
            raise OSError(f"Timed out: no answer from {address}") from None
        except OSError:
            raise
        except Exception as e:  # the handshake read something that is not Dask's
            return e
        try:
            return await asyncio.wait_for(send_recv(comm, op="identity", reply=True), timeout)
        except Exception as e:
            return e
        finally:
            comm.abort()

    return asyncio.run(ask())


def _check_scheduler(address: str, timeout: float) -> None:
    """A :class:`ClusterError` unless a Dask scheduler answers at `address` within `timeout`."""
    try:
        identity = _ask_identity(address, timeout)
    except OSError as e:
        why = f"no answer within {_seconds(timeout)}" if str(e).startswith("Timed out") else "the connection failed"
        raise ClusterError(f"cannot reach a Dask scheduler at {address} ({why}): is `dask scheduler` running "
                           f"there, and its port open to this machine?") from None
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind == "Scheduler":
        return
    if kind in ("Worker", "Nanny"):
        raise ClusterError(f"{address} is the address of a Dask worker, not of its scheduler: give the scheduler's "
                           f"(the one `dask worker` was given)")
    raise ClusterError(f"what answers at {address} is not a Dask scheduler (or not one this version of Dask can "
                       f"talk to)")


@contextlib.contextmanager
def _dask_logs_silenced() -> Iterator[None]:
    """Dask's own log lines (a client's reconnection attempts, with their tracebacks) kept off the
    standard error while a run is on: what goes wrong is said once, as a :class:`ClusterError`,
    and the scheduler's and the workers' logs keep the details."""
    import logging

    loggers = [logging.getLogger("distributed")] + [
        logger for name, logger in list(logging.root.manager.loggerDict.items())
        if name.startswith("distributed.") and isinstance(logger, logging.Logger)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


@contextlib.contextmanager
def connect(address: str, timeout: Optional[float] = None) -> Iterator[Cluster]:
    """A client of the scheduler at `address`, once it has a worker and every worker runs this
    version of wonder-rules; closed at the end, the chunks still out cancelled. `timeout`
    (seconds; Dask's connect timeout by default) bounds the wait for the scheduler and for the
    first worker."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"playing on a cluster needs Dask distributed, which is not installed: {_INSTALL}") from None
    wait = _connect_timeout() if timeout is None else timeout
    with _dask_logs_silenced():
        _check_scheduler(address, wait)
        try:
            client = Client(address, timeout=wait, set_as_default=False)
        except Exception:  # it answered a moment ago
            raise ClusterError(f"the Dask scheduler at {address} answered, then refused this client") from None
        with _closing(client):
            yield _ready(client, address, wait)


@contextlib.contextmanager
def _closing(client: Any) -> Iterator[None]:
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            client.close()


def _ready(client: Any, address: str, wait: float) -> Cluster:
    """The cluster once a worker has joined and every worker runs this version of wonder-rules."""
    try:
        client.wait_for_workers(1, timeout=wait)
    except TimeoutError:
        raise ClusterError(f"the scheduler at {address} has no worker (none joined within {_seconds(wait)}): "
                           f"start `dask worker {address}` on each machine") from None
    _check_versions(client)
    return Cluster(address, client)

