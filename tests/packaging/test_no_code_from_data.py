"""The places in the package that could turn data into running code, each known and justified.

Text from a rule set, a log or a message is data, never code. The package has one place that
compiles Python source (the listing functions the catalog writes, :mod:`.listing`, which reads
its own source back before compiling it and passes every value of the rule set as a constant)
and one that unpickles (the parser's tables, shipped with the package and read by an unpickler
that refuses any class). Any new place fails this test until it is added here with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("interpreter", "grammar", "src/wonderrules")

#: builtins that run code or read objects
CALLS = {"exec", "eval", "compile", "__import__", "breakpoint"}
#: modules that run code, start programs or rebuild objects from bytes
MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle", "yaml", "subprocess", "runpy", "importlib", "code",
           "codeop"}
#: functions of `os` that start programs
OS_CALLS = {"system", "popen", "execv", "execve", "execvp", "execl", "spawnv", "spawnl", "posix_spawn"}

#: the parts of importlib that only read: the package's own data files, its metadata
READING = {"importlib.resources", "importlib.metadata"}

#: (file, what it uses) -> why it is safe
KNOWN = {
    ("interpreter/listing.py", "exec"): "compiles source written from the code's own words; checked by _only_own_words",
    ("interpreter/listing.py", "compile"): "the same source",
    ("grammar/tables.py", "pickle"): "the parse tables shipped in the package, read by an unpickler refusing classes",
}


def uses() -> set[tuple[str, str]]:
    found = set()
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
                    found.add((rel, node.func.id))
                elif isinstance(node, ast.Attribute) and node.attr in OS_CALLS and \
                        isinstance(node.value, ast.Name) and node.value.id == "os":
                    found.add((rel, f"os.{node.attr}"))
                elif isinstance(node, ast.Import):
                    found.update((rel, a.name.split(".")[0]) for a in node.names
                                 if a.name.split(".")[0] in MODULES and a.name not in READING)
                elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in MODULES:
                    module = node.module
                    names = {f"{module}.{a.name}" for a in node.names} if module == "importlib" else {module}
                    if names - READING:
                        found.add((rel, node.module.split(".")[0]))
    return found


def test_every_place_that_could_run_data_is_known() -> None:
    unknown = sorted(uses() - set(KNOWN))
    assert unknown == [], f"a new place that could run data as code: {unknown}; make sure no data reaches it"


def test_the_known_places_are_still_there() -> None:
    """A place removed is removed from the list too, so that the list says what the code does."""
    assert sorted(set(KNOWN) - uses()) == []


def test_the_parse_tables_refuse_a_pickle_that_names_a_class() -> None:
    import io
    import pickle

    import pytest

    from wonderrules.grammar.tables import _PlainData

    evil = pickle.dumps(print)
    with pytest.raises(pickle.UnpicklingError, match="name builtins.print"):
        _PlainData(io.BytesIO(evil)).load()
    assert _PlainData(io.BytesIO(pickle.dumps({"a": [1, "b", 2.5]}))).load() == {"a": [1, "b", 2.5]}
