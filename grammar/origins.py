"""The places a compiled file records: no path of the machine that compiled it.

Every node the front end lowers carries an `origin` (file, line, column), so that an error
while playing points at the text. In memory the file is named as it was given (for diagnostics,
which quote the text); `wr compile` writes it relative to the compiled file instead: a file inside
the compiled file's folder by its path from there, with `/` between folders
(`layers/tweak.wr`), any other file by its name alone (`harbour.wr`), a bundled rule set as
`<bundled>/NAME.wr`, as always. docs/cli.rst states the rule.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import attrs

from wonderrules.grammar.loading import BUNDLED_PREFIX
from wonderrules.interpreter import ir

__all__ = ["origins_relative_to", "path_relative_to"]


def path_relative_to(path: str, folder: Path) -> str:
    """How the compiled file in `folder` names the source file `path` (as given: relative to the
    current folder, or absolute)."""
    if path.startswith(BUNDLED_PREFIX):
        return path
    where = Path(os.path.abspath(path))
    base = Path(os.path.abspath(folder))
    return where.relative_to(base).as_posix() if where.is_relative_to(base) else where.name


def origins_relative_to(rules: ir.RuleSet, folder: Path) -> ir.RuleSet:
    """The rule set with every origin's file named as a compiled file in `folder` names it."""
    named: dict[str, str] = {}

    def moved(value: Any) -> Any:
        if isinstance(value, ir.Origin):
            path = named.get(value.path)
            if path is None:
                path = named[value.path] = path_relative_to(value.path, folder)
            return value if path == value.path else attrs.evolve(value, path=path)
        if isinstance(value, tuple):
            items = tuple(moved(v) for v in value)
            return value if all(a is b for a, b in zip(items, value)) else items
        if attrs.has(type(value)):
            changes = {}
            for field in attrs.fields(type(value)):
                old = getattr(value, field.name)
                new = moved(old)
                if new is not old:
                    changes[field.name] = new
            return attrs.evolve(value, **changes) if changes else value
        return value

    result: ir.RuleSet = moved(rules)
    return result
