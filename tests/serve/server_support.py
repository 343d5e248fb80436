"""A real `wr serve` server for the tests: uvicorn in a thread on a free port of 127.0.0.1, and a
WebSocket client that tells replies from the `changed` notices pushed between them."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import uvicorn
from websockets.sync.client import ClientConnection, connect

from wonderrules.embedding.serve import make_app


@contextmanager
def served_by_the_command() -> Iterator[str]:
    """The base URL of `wr serve` run as its own process (its agents then share the interpreter
    lock with nothing of the test's), on a free port of 127.0.0.1, while the block runs."""
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "wonderrules.cli", "serve", "--port", str(port)],
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/setup.json", timeout=5):
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "wr serve did not start"
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(20)


@contextmanager
def running_server() -> Iterator[str]:
    """The base URL (http://127.0.0.1:PORT) of a server running while the block runs."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(make_app(), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


class Client:
    """One WebSocket connection: `ask` sends a message and gives its reply; the notices that came
    meanwhile are kept in `notices`. Replies come in the order of the messages, so a message
    needs no `id` (which `act` would read as an action's id)."""

    def __init__(self, base: str) -> None:
        self.stack = ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(connect(base.replace("http://", "ws://") + "/ws"))
        self.notices: list[dict[str, Any]] = []

    def ask(self, **message: Any) -> dict[str, Any]:
        self.ws.send(json.dumps(message))
        while True:
            got: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if got.get("type") != "changed":
                return got
            self.notices.append(got)

    def notice(self, timeout: float = 5) -> dict[str, Any]:
        """The next notice (waited for up to `timeout` seconds)."""
        if self.notices:
            return self.notices.pop(0)
        got: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        assert got.get("type") == "changed", got
        return got

    def quiet(self, wait: float = 0.3) -> bool:
        """Whether nothing more arrives within `wait` seconds."""
        if self.notices:
            return False
        try:
            self.ws.recv(timeout=wait)
        except TimeoutError:
            return True
        return False

    def close(self) -> None:
        self.stack.close()


CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def chromium() -> Any:
    """Debian's Chromium driven by Selenium through Debian's chromedriver, headless; the test is
    skipped, with the reason, where either is missing or the browser does not start. Selenium's
    driver manager never downloads anything (SE_OFFLINE)."""
    import os

    import pytest
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException

    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian's package chromium)")
    if not os.access(CHROMEDRIVER, os.X_OK):
        pytest.skip(f"no chromedriver at {CHROMEDRIVER} (Debian's package chromium-driver); none is downloaded")
    os.environ["SE_OFFLINE"] = "true"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    try:
        return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER))
    except WebDriverException as e:
        pytest.skip(f"Chromium did not start under chromedriver: {e.msg}")
