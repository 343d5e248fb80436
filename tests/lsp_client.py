"""A small Language Server Protocol client for the tests: JSON-RPC messages with Content-Length
headers over a server process's standard streams, every wait bounded by a timeout."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any, BinaryIO

#: seconds a test waits for one answer before it fails
TIMEOUT = 60.0


def _read_message(stream: BinaryIO) -> dict[str, Any] | None:
    """One message: headers up to an empty line, then Content-Length bytes of JSON; None at the end."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value.strip())
    if length is None:
        raise ValueError("a message without a Content-Length header")
    message: dict[str, Any] = json.loads(stream.read(length).decode("utf-8"))
    return message


class LspClient:
    """A server started as `command`; messages it sends are read by a thread into a queue."""

    def __init__(self, command: list[str], cwd: str | None = None) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd)
        self.received: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self._next_id = 0
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        while (message := _read_message(self.process.stdout)) is not None:
            self.received.put(message)
        self.received.put(None)

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def _next(self, timeout: float) -> dict[str, Any]:
        try:
            message = self.received.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"the server said nothing for {timeout} s") from None
        if message is None:
            stderr = self.process.stderr.read().decode("utf-8", "replace") if self.process.stderr else ""
            raise EOFError(f"the server ended its output; its standard error: {stderr[-2000:]}")
        return message

    def request(self, method: str, params: dict[str, Any], timeout: float = TIMEOUT, failing: bool = False) -> Any:
        """Send a request and return its result (a reply with an error fails); notifications that
        arrive meanwhile are kept. `failing`: the request must fail; its error is returned."""
        self._next_id += 1
        ident = self._next_id
        self.send({"id": ident, "method": method, "params": params})
        while True:
            message = self._next(timeout)
            if message.get("id") == ident and "method" not in message:
                if ("error" in message) != failing:
                    raise AssertionError(f"{method} {'failed' if not failing else 'did not fail'}: {message}")
                return message["error"] if failing else message.get("result")
            self._keep(message)

    def _keep(self, message: dict[str, Any]) -> None:
        if "method" in message and "id" in message:  # a request of the server's: answered empty
            self.send({"id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append(message)

    def wait_for(self, method: str, accept: Callable[[dict[str, Any]], bool],
                 timeout: float = TIMEOUT) -> dict[str, Any]:
        """The params of the first notification `method` (kept or to come) that `accept` accepts."""
        for message in self.notifications:
            if message["method"] == method and accept(message["params"]):
                return message["params"]  # type: ignore[no-any-return]
        while True:
            message = self._next(timeout)
            self._keep(message)
            if message.get("method") == method and "id" not in message and accept(message["params"]):
                return message["params"]  # type: ignore[no-any-return]

    def close(self) -> None:
        """Shut the server down as an editor does, then make sure the process is gone."""
        try:
            self.request("shutdown", {}, timeout=10)
            self.notify("exit", {})
            self.process.wait(timeout=10)
        except (TimeoutError, EOFError, OSError, subprocess.TimeoutExpired, AssertionError):
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=10)
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()


def server_command() -> list[str]:
    """`wr lsp` with the Python running the tests."""
    return [sys.executable, "-m", "wonderrules.cli", "lsp"]
