"""A Dask cluster on this machine for the tests, started as a user starts one on real machines:
``dask scheduler`` and one ``dask worker`` per machine, here processes on 127.0.0.1 on a free port.

Every process is started in a session of its own and stopped with that whole session (the
worker's nanny and the worker it runs), so that nothing outlives the tests.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

__all__ = ["LocalDaskCluster", "free_port"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (at the moment it is asked)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalDaskCluster:
    """A scheduler and `workers` workers of one thread each; `stop()` ends them all."""

    def __init__(self, folder: Path, workers: int = 2, settings: Optional[dict[str, str]] = None) -> None:
        """`settings`: Dask's settings for every process, as environment variables (``DASK_...``)."""
        self.folder = folder
        self.environment = dict(os.environ, **(settings or {}))
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.workers = workers
        self.processes: list[subprocess.Popen[bytes]] = []

    def _start(self, name: str, *args: str) -> None:
        log = (self.folder / f"{name}.log").open("wb")
        self.processes.append(subprocess.Popen([sys.executable, "-m", "dask", *args], stdout=log,
                                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                               cwd=self.folder, env=self.environment, start_new_session=True))
        log.close()

    def start(self) -> None:
        """Start the processes and wait until every worker has joined (a stop() is due even if this fails)."""
        self._start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", str(self.port), "--no-dashboard")
        for w in range(self.workers):
            self._start(f"worker{w}", "worker", self.address, "--nthreads", "1", "--no-dashboard",
                        "--host", "127.0.0.1", "--local-directory", str(self.folder / f"worker{w}"))
        with self.client(timeout=60) as client:
            client.wait_for_workers(self.workers, timeout=120)

    def client(self, timeout: float = 30) -> Any:
        from distributed import Client

        return Client(self.address, timeout=timeout, set_as_default=False)

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        for process in reversed(self.processes):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=20)
        self.processes = []
