"""The parser's tables, built from ``wr.lark`` ahead of time and shipped as package data.

Building the LALR tables of the grammar takes most of a second; reading them takes a few
hundredths. The file holds plain data only (dictionaries, lists, strings, numbers) and the key
of what it was built from: a digest of the grammar's text and the version of Lark. A file whose
key does not match (the grammar was edited, another Lark is installed) is not used: the parser
is then built from the grammar, as slowly as before, and ``tests/grammar/test_tables.py`` asks
for the file to be rebuilt:

    python -m wonderrules.grammar.tables
"""

from __future__ import annotations

import hashlib
import io
import pickle
from importlib import resources
from pathlib import Path
from typing import Any

import lark

__all__ = ["grammar_key", "read_tables", "build_tables", "main"]

_FORMAT = 1


def grammar_key() -> str:
    """What shipped tables must have been built from: this grammar, this Lark."""
    text = resources.files("wonderrules.grammar").joinpath("wr.lark").read_bytes()
    return f"{_FORMAT}:{lark.__version__}:{hashlib.sha256(text).hexdigest()}"


class _PlainData(pickle.Unpickler):
    """Reads dictionaries, lists, strings and numbers; refuses anything that names a class."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"the parse tables name {module}.{name}")


def read_tables() -> dict[str, Any] | None:
    """The shipped tables, or None when they are missing, unreadable or built from another
    grammar or Lark."""
    try:
        tables = _PlainData(io.BytesIO(_read_shipped())).load()
    except (OSError, pickle.UnpicklingError, EOFError, ValueError):
        return None
    if not isinstance(tables, dict) or tables.get("key") != grammar_key():
        return None
    return tables


def _read_shipped() -> bytes:
    from wonderrules.grammar.parse import TABLES
    return resources.files("wonderrules.grammar").joinpath(TABLES).read_bytes()


def build_tables() -> bytes:
    """The tables of the grammar as it is now, with their key."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    from wonderrules.grammar.parse import build_parser
    build_parser(strict=True)  # refuses a grammar with collisions
    parser = build_parser()
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    for option in ("lexer_callbacks", "import_paths", "source_path"):  # given again when read
        data["options"].pop(option, None)
    return pickle.dumps({"key": grammar_key(), "data": data, "memo": memo}, protocol=4)


def main() -> None:
    from wonderrules.grammar.parse import TABLES
    target = Path(__file__).with_name(TABLES)
    target.write_bytes(build_tables())
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
