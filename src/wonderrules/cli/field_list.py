"""`wr fields`: the optional fields of the compiled form and the rules that use them, for
designers and maintainers looking for words made for one rule (see
:mod:`wonderrules.interpreter.field_uses` for what a rule is)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from wonderrules.cli.diagnostic_output import COLOR_OPTION, emit_diagnostics, openable
from wonderrules.cli.support import say

__all__ = ["fields_cmd"]

#: the users shown on a field's line before `and N more`
_SHOWN = 3


@click.command(name="fields")
@click.argument("paths", nargs=-1)
@click.option("--once", is_flag=True, help="Only the fields exactly one rule uses.")
@COLOR_OPTION
def fields_cmd(paths: Sequence[str], once: bool, color: str) -> None:
    """List the optional fields of the compiled form, each with the rules that set it: in every
    bundled rule set, or in the rule sets PATHS (.wr files or bundled names, each compiled on its
    own, as `wr check` does).

    Exit status: 0 when every rule set compiles, 1 when one does not.
    """
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.loading import bundled_names
    from wonderrules.grammar.parse import ParsedFiles
    from wonderrules.interpreter.field_uses import field_uses

    parsed = ParsedFiles()  # the rule sets share their lower layers
    rule_sets = []
    for ref in paths or bundled_names():
        result = compile_rules([ref], parsed=parsed)
        if not result.ok or result.rules is None:
            emit_diagnostics(result.diagnostics, result.sources, "pretty", color)
            say(f"error: {ref} does not compile, so its fields are not listed", err=True)
            sys.exit(1)
        rule_sets.append(result.rules)
    from wonderrules.reports.terminal import known_width

    uses = field_uses(rule_sets)
    width = max(len(name) for name in uses)
    fit = known_width(sys.stdout)
    for name, users in uses.items():
        if once and len(users) != 1:
            continue
        shown = [openable(str(rule)) for rule in users[:_SHOWN]]
        if len(users) > _SHOWN:
            shown.append(f"and {len(users) - _SHOWN} more")
        say(_folded(f"{name:<{width}}  {len(users):>4}  ", shown, fit))
    one = sum(1 for users in uses.values() if len(users) == 1)
    none = sum(1 for users in uses.values() if not users)
    say(f"{len(uses)} optional fields: {one} used by one rule, {none} by none")


def _folded(head: str, users: list[str], width: int | None) -> str:
    """A field's line: `head` then its users, folded to `width` when it is known: each user whole
    (its place, `rulesets/base.wr:386`, is never broken), the lines after the first under the
    first user, or 4 spaces in when a user would not fit there."""
    line = (head + ", ".join(users)).rstrip()
    if width is None or len(line) <= width:
        return line
    pieces = [user + ("," if i < len(users) - 1 else "") for i, user in enumerate(users)]
    indent = len(head) if width - len(head) >= max(len(p) for p in pieces) else 4
    rows = []
    current, placed = head, False  # the row being filled, and whether it holds a user yet
    for piece in pieces:
        if len(current) + len(piece) > width and (placed or current == head):
            rows.append(current.rstrip())
            current, placed = " " * indent, False
        current += piece + " "
        placed = True
    rows.append(current.rstrip())
    return "\n".join(rows)
