"""`wr lsp`: the language server for `.wr` files, for editors (docs/cli.rst, `wr lsp`)."""

from __future__ import annotations

import logging
import sys

import click

from wonderrules.cli.support import say

__all__ = ["lsp_cmd"]


@click.command(name="lsp")
def lsp_cmd() -> None:
    """Run the language server for .wr files on the standard streams, for an editor to start:
    diagnostics as `wr check` gives them, hover, go to definition, completion, an outline and rename.
    Needs the extra: pip install 'wonder-rules[lsp]'."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        say("error: wr lsp needs its extra: pip install 'wonder-rules[lsp]'", err=True)
        sys.exit(1)
    from wonderrules.lsp.server import build_server

    _log_in_one_line()
    build_server().start_io()


class _OneLine(logging.Formatter):
    """A log record on one line: a message the server could not read, say, is named by its
    error (the editor was told already), never by a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"wr lsp: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f": {type(error).__name__}: {error}"
        return text.replace("\n", " ")


def _log_in_one_line() -> None:
    """What the server logs (warnings and errors) goes to the standard error, one line each."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
