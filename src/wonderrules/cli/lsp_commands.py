"""`wr lsp`: the language server for `.wr` files, for editors (docs/cli.rst, `wr lsp`)."""

from __future__ import annotations

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

    build_server().start_io()
