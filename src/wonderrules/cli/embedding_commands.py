"""`wr protocol` and `wr serve`: games driven from outside Python, by JSON messages over the
standard streams or from a browser (docs/protocol.rst)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from wonderrules.cli.support import RULES_OPTION, load_rules_option, say

__all__ = ["protocol_cmd", "serve_cmd"]


@click.command(name="protocol")
def protocol_cmd() -> None:
    """Drive games with JSON messages: one message per line of the standard input, each reply a
    line of the standard output (docs/protocol.rst). Ends at the end of the input."""
    import json

    from wonderrules.embedding.protocol import MAX_MESSAGE, Hub

    hub = Hub()
    read = sys.stdin.buffer
    out = sys.stdout
    while True:
        line = read.readline(MAX_MESSAGE + 2)
        if not line:
            return
        if len(line) > MAX_MESSAGE + 1 and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # the rest of a line too long, left unread
                line = read.readline(MAX_MESSAGE + 2)
            reply = {"type": "error", "code": "bad-message", "field": "",
                     "message": f"a message holds at most {MAX_MESSAGE} characters"}
        elif not line.strip():
            continue
        else:
            reply = hub.handle(line)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()


@click.command(name="serve")
@RULES_OPTION
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (only this machine by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to listen on.")
def serve_cmd(rules: Sequence[str], host: str, port: int) -> None:
    """Play in a browser: a page to set up a table and play one's seat, and the JSON protocol
    over WebSocket at /ws (docs/protocol.rst). Needs the extra: pip install 'wonder-rules[serve]'."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError:
        say("error: wr serve needs its extra: pip install 'wonder-rules[serve]'", err=True)
        sys.exit(1)
    from wonderrules.grammar.loading import bundled_names

    if rules and not all(r in bundled_names() for r in rules):
        from wonderrules.interpreter.serial import rules_to_dict

        ruleset = load_rules_option(rules)
        setup = {"rules": {"compiled": rules_to_dict(ruleset)}, "label": " + ".join(ruleset.layers)}
    else:
        setup = {"rules": list(rules) or ["base"], "label": " + ".join(rules) or "base"}
        if rules:
            load_rules_option(rules)
    from wonderrules.embedding.serve import run

    say(f"wr serve: open http://{host if ':' not in host else f'[{host}]'}:{port}/ (Ctrl-C stops)", err=True)
    run(setup, host, port)
