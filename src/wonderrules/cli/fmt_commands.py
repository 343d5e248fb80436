"""`wr fmt`: `.wr` files rewritten in the one layout of :mod:`wonderrules.grammar.fmt`, checked for
it (`--check`, for CI) or shown as the changes it would make (`--diff`)."""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.grammar.diagnostics import Diagnostic

__all__ = ["fmt_cmd"]

#: the name `-` (the standard input) is shown by
STDIN_NAME = "<stdin>"


@click.command(name="fmt")
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", is_flag=True,
              help="Change nothing: name the files the layout would change, and exit 1 when there is one.")
@click.option("--diff", is_flag=True, help="Change nothing: print the changes as a unified diff.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colour the diagnostics: auto colours them on a terminal unless NO_COLOR is set.")
def fmt_cmd(paths: Sequence[str], check: bool, diff: bool, color: str) -> None:
    """Lay out the .wr files PATHS in the one layout of the language (`-`: the standard input, written
    formatted on the standard output). Each file is rewritten whole or not at all; a file that does not
    parse gets the diagnostics of `wr check` and is left as it is.

    Exit status: 0 when every file is (now) formatted, 1 when a file does not parse or, with --check,
    when a file is not formatted.
    """
    failed = False
    for path in paths:
        outcome = _fmt_one(path, check=check, diff=diff, color=color)
        failed = failed or not outcome
    sys.exit(1 if failed else 0)


def _fmt_one(path: str, *, check: bool, diff: bool, color: str) -> bool:
    """Format one file as the options say; False when it fails (unreadable, does not parse) or,
    with --check, when it is not formatted."""
    from wonderrules.grammar.fmt import FormatRefused, NotFormatted, format_source
    from wonderrules.interpreter.files import RULESET_TEXT_LIMIT, FileReadError, read_text

    shown = STDIN_NAME if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else read_text(path, RULESET_TEXT_LIMIT, "a rule set file")
    except FileReadError as e:
        click.echo(f"error: {e}", err=True)
        return False
    try:
        formatted = format_source(text, shown)
    except NotFormatted as e:
        _print_diagnostics(e.diagnostics, shown, text, color)
        return False
    except FormatRefused as e:
        click.echo(f"error: {e}; the file is left as it is (this is a bug of `wr fmt`, please report it)",
                   err=True)
        return False
    changed = formatted != text
    if diff and changed:
        click.echo("".join(difflib.unified_diff(text.splitlines(keepends=True), formatted.splitlines(keepends=True),
                                                shown, shown)), nl=False)
    if check:
        if changed:
            click.echo(f"would reformat {shown}")
        return not changed
    if diff:
        return True
    if path == "-":
        click.echo(formatted, nl=False)
    elif changed:
        from wonderrules.workbench.output_files import why_not, write_whole

        try:  # through a temporary file of the same folder: the file is rewritten whole or not at all
            write_whole(path, formatted.encode("utf-8"))
        except OSError as e:
            click.echo(f"error: cannot write {shown}: {why_not(e)}; it is left as it was", err=True)
            return False
        click.echo(f"reformatted {shown}")
    return True


def _print_diagnostics(diagnostics: Sequence[Diagnostic], path: str, text: str, color: str) -> None:
    """The diagnostics of a file that does not parse, printed as `wr check` prints them."""
    from wonderrules.cli.diagnostic_output import emit_diagnostics

    emit_diagnostics(diagnostics, {path: text}, "pretty", color)
