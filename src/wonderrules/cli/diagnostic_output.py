"""How `wr` shows a compilation's diagnostics to a person, and where a bundled rule set can be
opened.

The compiler and the compiled form name a bundled rule set `<bundled>/NAME.wr`, the same on
every machine (:mod:`wonderrules.grammar.origins`). No editor can open that name, so what the
command line prints for a person names the file the package installed instead
(`rulesets/base.wr:50:3` under the current folder, else its absolute path): the `file:line:column`
form terminals and editors make clickable. `--format json` keeps the stable name in `path` and
adds the installed one in `file`.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import click

__all__ = ["installed_path", "openable", "emit_diagnostics", "diagnostics_json", "COLOR_OPTION"]

#: `<bundled>/NAME.wr`, as the compiler names a bundled rule set
_BUNDLED_NAME = re.compile(r"<bundled>/(\w+)\.wr")
#: a source line a pretty diagnostic quotes (`  12 | text`): printed as written
_QUOTED = re.compile(r"^\s+\d+ \| ")


def installed_path(name: str) -> str | None:
    """Where the bundled rule set `name` is installed: its path from the current folder when the
    file is inside it, else its absolute path; None when it is no bundled rule set or the package
    is not a folder of files (then only `<bundled>/NAME.wr` names it)."""
    return _installed_from(name, os.getcwd())


@cache
def _installed_from(name: str, here: str) -> str | None:
    from importlib import resources

    from wonderrules.grammar.loading import bundled_names

    if name not in bundled_names():
        return None
    found = resources.files("wonderrules.rulesets").joinpath(f"{name}.wr")
    if not isinstance(found, Path) or not found.is_file():
        return None
    where = found.resolve()
    folder = Path(here).resolve()
    return os.path.relpath(where, folder) if where.is_relative_to(folder) else str(where)


def openable(text: str) -> str:
    """`text` with every `<bundled>/NAME.wr` of a bundled rule set named by its installed path."""
    return _BUNDLED_NAME.sub(lambda m: installed_path(m.group(1)) or m.group(0), text)


def _with_file(place: dict[str, Any]) -> dict[str, Any]:
    """A place of `Diagnostic.to_json` with `file` after its `path`."""
    found: dict[str, Any] = {}
    for key, value in place.items():
        found[key] = value
        if key == "path":
            found["file"] = openable(value) if value is not None else None
    return found


def diagnostics_json(diagnostics: Sequence[Any]) -> list[dict[str, Any]]:
    """The diagnostics as `--format json` lists them: each place with its `path` as the compiler
    names it and its `file`, the path to open (the installed one for a bundled rule set)."""
    found = []
    for d in diagnostics:
        item = _with_file(d.to_json())
        item["labels"] = [_with_file(label) for label in item["labels"]]
        found.append(item)
    return found


def emit_diagnostics(diagnostics: Sequence[Any], sources: dict[str, str], fmt: str, color: str = "never") -> None:
    """Print diagnostics on the standard error, at most 50 (`sort_and_cap`), bundled files named
    where they are installed: `short` one a line; `pretty` wrapped to the terminal's width (or
    `COLUMNS`) and in colour when `color` (`--color`) says so (see `reports.terminal`). `json`
    prints nothing here: the command prints the list on its standard output."""
    from wonderrules.grammar.diagnostics import render_pretty, render_short, sort_and_cap

    kept, left_out = sort_and_cap(diagnostics)
    if fmt == "json" or not kept:
        return
    if fmt == "short":
        click.echo(openable(render_short(kept, left_out)), err=True, nl=False)
        return
    from wonderrules.reports import terminal

    text = "\n".join(line if _QUOTED.match(line) else openable(line)
                     for line in render_pretty(kept, sources, left_out).split("\n"))
    stream = sys.stderr
    width = terminal.known_width(stream)
    if width is not None:
        text = terminal.fit_diagnostics(text, width)
    if not terminal.use_colour(color, stream):
        click.echo(text, err=True, nl=False)
        return
    from rich.console import Console

    painted = io.StringIO()
    Console(file=painted, force_terminal=True, color_system="standard", no_color=False, soft_wrap=True,
            highlight=False, markup=False, emoji=False).print(terminal.paint_diagnostics(text), end="")
    click.echo(painted.getvalue(), err=True, nl=False, color=True)


#: `--color` of the commands that print diagnostics
COLOR_OPTION = click.option(
    "--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
    help="Colour the diagnostics: auto colours them on a terminal unless NO_COLOR is set.")
