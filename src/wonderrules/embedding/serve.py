"""`wr serve`: the JSON protocol over WebSocket, and a page to play it in a browser (docs/cli.rst).

:func:`make_app` builds an ASGI application (Starlette) around ONE :class:`~wonderrules.embedding.protocol.Hub`
shared by every connection, so that a second browser joins a table by its seat's token:

- ``/ws`` speaks the protocol: each WebSocket text message is one message, answered by one
  reply, in order. After a message that changes a table (``act``, ``step``, ``undo``,
  ``create``...), every *other* connection that has touched that table is sent
  ``{"type": "changed", "game": ..., "round": ...}``, so a page learns when to look again.
- ``/`` (and ``/app.js``, ``/style.css``) is the page, plain HTML, CSS and JavaScript shipped
  with the package (``wonderrules/web``).
- ``/setup.json`` tells the page the rule set the server was started with.

A WebSocket opened by a page of another site (its ``Origin`` header names another host and port
than the server's own) is refused, so that a page elsewhere cannot drive the tables of whoever
visits it. The hub answers each message in a worker thread, one message at a time (a lock), so
that the agents' rounds never hold up the server's other work: the page and its files are served,
and a ``hello`` answered, while a slow table plays.

Starlette, uvicorn and websockets come with the extra ``serve``: ``pip install 'wonder-rules[serve]'``.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from typing import Any, Optional
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from wonderrules.embedding.protocol import MAX_MESSAGE, Hub

__all__ = ["make_app", "run", "CHANGING_REPLIES", "PAGE_FILES", "same_origin"]

#: the replies after which a table has changed (its other connections are told)
CHANGING_REPLIES = frozenset({"created", "accepted", "stepped", "undone", "replaying", "closed"})

#: the page's files, and their media types
PAGE_FILES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}


def same_origin(origin: Optional[str], host: Optional[str]) -> bool:
    """Whether a WebSocket's `Origin` header is of the server's own `Host` (the same host and
    port); a client that sends no Origin (not a browser) is let in."""
    if origin is None:
        return True
    if not host:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def _is_hello(text: Any) -> bool:
    """Whether a message is a `hello`, which reads no table (answered without waiting for the hub)."""
    if not isinstance(text, str) or len(text) > 200:
        return False
    try:
        msg = json.loads(text)
    except ValueError:
        return False
    return isinstance(msg, dict) and msg.get("type") == "hello"


class _Connection:
    """One WebSocket, with a lock so that its replies and the notices sent to it never interleave."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:
            await self.socket.send_text(json.dumps(message, ensure_ascii=False))


class _Server:
    """The shared hub, and which connections have touched which table."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.hub = Hub()
        self.hub_lock = asyncio.Lock()  # the hub answers one message at a time, in a worker thread
        self.setup = setup
        self.watchers: dict[str, set[_Connection]] = {}

    async def page_file(self, request: Request) -> Response:
        name = request.path_params.get("name", "index.html")
        if name not in PAGE_FILES:
            return Response("not found", status_code=404, media_type="text/plain")
        text = resources.files("wonderrules.embedding").joinpath("web", name).read_text(encoding="utf-8")
        return Response(text, media_type=PAGE_FILES[name], headers={"Cache-Control": "no-cache"})

    async def setup_json(self, request: Request) -> Response:
        return JSONResponse(self.setup)

    async def socket(self, socket: WebSocket) -> None:
        if not same_origin(socket.headers.get("origin"), socket.headers.get("host")):
            await socket.close(code=1008)  # before accept: the handshake is refused (HTTP 403)
            return
        await socket.accept()
        me = _Connection(socket)
        try:
            while True:
                event = await socket.receive()
                if event["type"] == "websocket.disconnect":
                    break
                text = event.get("text")
                if text is None:
                    text = event.get("bytes") or b""
                if _is_hello(text):
                    reply = self.hub.handle(text)
                else:
                    async with self.hub_lock:
                        reply = await asyncio.to_thread(self.hub.handle, text)
                await me.send(reply)
                await self._tell_others(me, reply)
        except WebSocketDisconnect:
            pass
        finally:
            for watching in self.watchers.values():
                watching.discard(me)

    async def _tell_others(self, me: _Connection, reply: dict[str, Any]) -> None:
        game = reply.get("game")
        if not isinstance(game, str) or reply.get("type") == "error":
            return
        watching = self.watchers.setdefault(game, set())
        watching.add(me)
        if reply.get("type") not in CHANGING_REPLIES:
            return
        notice = {"type": "changed", "game": game, "round": reply.get("round")}
        if reply["type"] == "closed":
            notice["closed"] = True
            del self.watchers[game]
        for other in list(watching):
            if other is not me:
                try:
                    await other.send(notice)
                except Exception:  # a connection that went away is forgotten
                    watching.discard(other)


def make_app(setup: Optional[dict[str, Any]] = None) -> Starlette:
    """The ASGI application of `wr serve`. `setup`: what ``/setup.json`` gives the page (the rule
    set offered first: ``{"rules": [...], "label": ...}``, as the protocol's ``create`` takes it)."""
    server = _Server(setup or {"rules": ["base"], "label": "base"})
    routes = [
        Route("/", server.page_file),
        Route("/setup.json", server.setup_json),
        Route("/{name}", server.page_file),
        WebSocketRoute("/ws", server.socket),
    ]
    return Starlette(routes=routes)


#: how often (seconds) the threads of `wr serve` hand the interpreter lock to each other
SWITCH_INTERVAL = 0.0005


def run(setup: dict[str, Any], host: str, port: int) -> None:
    """Serve the application with uvicorn until interrupted."""
    import sys

    import uvicorn

    # an agent thinks in a thread of its own while the event loop answers everyone else: handing
    # the interpreter lock over every 0.5 ms (not the default 5 ms) keeps those answers prompt
    sys.setswitchinterval(SWITCH_INTERVAL)
    # a message is at most MAX_MESSAGE characters, up to 4 bytes each in UTF-8
    uvicorn.run(make_app(setup), host=host, port=port, ws_max_size=4 * MAX_MESSAGE + 1024, log_level="warning")
