"""The facade (`src/wonderrules/`) is laid out in rooms, one subpackage per concern, and no import
loop joins them again. Each room's docstring says what it may import, on a line `May import:`;
this test reads every module with `ast` (imports inside functions and under TYPE_CHECKING too) and
checks that:

- every module lives in a room, or is the facade itself (`__init__`, `version`), or is a stable
  name kept for users (a top-level module whose docstring begins "The stable name");
- what a room imports of the facade is in its `May import:` line, and those lines draw no loop;
- no module imports or reads a private `_name` of another room;
- no module of the facade imports itself back around a loop of other modules.

The engine (`wonderrules.interpreter`), the front end (`wonderrules.grammar`) and the bundled rule
sets are below the facade: every room may import them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
FACADE = ROOT / "src" / "wonderrules"
#: the modules of the facade itself: the public API of `wonderrules`
FACADE_MODULES = {"wonderrules", "wonderrules.version"}
#: the room of the facade itself, and the one of the stable names
THE_FACADE, STABLE_NAMES = "wonderrules", "stable names"


def _modules() -> dict[str, Path]:
    """module name -> file, for every module of the facade (the page of `wr serve` holds none)."""
    found = {}
    for path in sorted(FACADE.rglob("*.py")):
        parts = ("wonderrules", *path.relative_to(FACADE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()
TREES = {name: ast.parse(path.read_text(encoding="utf-8"), str(path)) for name, path in MODULES.items()}
ROOMS = sorted({name.split(".")[1] for name in MODULES if name.count(".") >= 1 and
                (FACADE / name.split(".")[1] / "__init__.py").is_file()})


def _is_stable_name(module: str) -> bool:
    return (ast.get_docstring(TREES[module]) or "").startswith("The stable name")


def room_of(module: str) -> str:
    parts = module.split(".")
    if module in FACADE_MODULES:
        return THE_FACADE
    if parts[1] in ROOMS:
        return parts[1]
    return STABLE_NAMES


def _target(module: str, name: str | None = None) -> str:
    """The facade module an import reaches: `from module import name` reaches `module.name` when
    that is a module, else `module`."""
    if name is not None and f"{module}.{name}" in MODULES:
        return f"{module}.{name}"
    return module


def _in_facade(module: str) -> bool:
    return module in MODULES


def imports(module: str) -> list[tuple[str, str | None]]:
    return imports_of(TREES[module], module)


def imports_of(tree: ast.Module, module: str) -> list[tuple[str, str | None]]:
    """(facade module imported, private name taken from it or None), for every import and every
    read of a private attribute of an imported facade module in `module`."""
    found: list[tuple[str, str | None]] = []
    bound: dict[str, str] = {}  # local name -> facade module it names
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: the facade imports by absolute names"
            if node.module is None or not _in_facade(node.module):
                continue
            for alias in node.names:
                target = _target(node.module, alias.name)
                if target != node.module:
                    bound[alias.asname or alias.name] = target
                private = alias.name if target == node.module and _private(alias.name) else None
                found.append((target, private))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _in_facade(alias.name):
                    found.append((alias.name, None))
                    if alias.asname:
                        bound[alias.asname] = alias.name
                    else:
                        bound.setdefault(alias.name.split(".")[0], "wonderrules")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            dotted = _dotted(node.value)
            if dotted is None or dotted.split(".")[0] not in bound:
                continue
            first, *rest = dotted.split(".")
            reached = bound[first]
            for part in rest:
                if f"{reached}.{part}" not in MODULES:
                    break
                reached = f"{reached}.{part}"
            else:
                found.append((reached, node.attr))
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def may_import(room: str) -> set[str]:
    """The rooms a room's docstring lets it import (its `May import:` line, to the end of the
    paragraph); the facade and a stable name are not rooms and say nothing of the kind."""
    text = ast.get_docstring(TREES[f"wonderrules.{room}"]) or ""
    line = re.search(r"^May import:(.*?)(?:\n\n|\Z)", text, re.M | re.S)
    assert line is not None, f"the docstring of wonderrules.{room} has no line 'May import:'"
    named = re.findall(r":mod:`~?([\w.]+)`", line.group(1))
    assert named, f"the 'May import:' line of wonderrules.{room} names no module"
    for name in named:
        assert name == "wonderrules" or name.removeprefix("wonderrules.") in ROOMS, \
            f"wonderrules.{room} may import {name}, which is not a room of the facade"
    return {room_of(name) for name in named}


def test_the_facade_has_rooms_and_every_module_is_in_one() -> None:
    assert {"cli", "workbench", "reports", "workers", "embedding"} <= set(ROOMS)
    for module in MODULES:
        if module.count(".") == 1 and room_of(module) == STABLE_NAMES:
            assert _is_stable_name(module), (
                f"{module} is a module at the top of the facade: put it in the room of its concern "
                f"({', '.join(ROOMS)}); only the facade and the stable names kept for users live there")


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_only_what_its_docstring_lets_it(room: str) -> None:
    allowed = may_import(room) | {room}
    for module in MODULES:
        if room_of(module) != room:
            continue
        for target, _ in imports(module):
            assert room_of(target) in allowed, (
                f"{module} imports {target} ({room_of(target)}), which the docstring of wonderrules.{room} "
                f"does not let it import")


def test_the_rooms_may_import_one_another_without_a_loop() -> None:
    declared = nx.DiGraph()
    for room in ROOMS:
        declared.add_edges_from((room, other) for other in may_import(room) if other != room)
    assert nx.is_directed_acyclic_graph(declared), f"the rooms import each other around {nx.find_cycle(declared)}"
    assert THE_FACADE in declared and not list(declared.successors(THE_FACADE))


def test_the_facade_and_the_stable_names_import_no_room_but_the_one_they_name() -> None:
    for module in MODULES:
        room = room_of(module)
        targets = {target for target, _ in imports(module)}
        if room == THE_FACADE:
            assert {room_of(t) for t in targets} <= {THE_FACADE}, f"{module} imports a room: {sorted(targets)}"
        elif room == STABLE_NAMES:
            assert len(targets) == 1, f"the stable name {module} should give one module of a room, not {targets}"
            assert room_of(targets.pop()) in ROOMS


def test_no_module_takes_a_private_name_of_another_room() -> None:
    taken = [f"{module} takes {target}.{private}" for module in MODULES for target, private in imports(module)
             if private is not None and room_of(target) != room_of(module)]
    assert not taken, "a room's private names are its own; make the name public in a module meant to be shared:\n" \
        + "\n".join(taken)


def test_no_module_of_the_facade_imports_itself_back() -> None:
    graph = nx.DiGraph()
    for module in MODULES:
        graph.add_node(module)
        graph.add_edges_from((module, target) for target, _ in imports(module) if target != module)
    assert nx.is_directed_acyclic_graph(graph), f"an import loop: {nx.find_cycle(graph)}"


def test_the_checks_see_the_loop_that_was_broken() -> None:
    """The rules above catch what the facade had before its rooms: a module of the command line
    calling the private helpers of another (`cli._say`, `cli._load`), which imported it back."""
    before = ast.parse("from wonderrules import cli\n\ndef run():\n    cli._say('x')\n    cli._load(['base'])\n")
    found = imports_of(before, "wonderrules.workbench.probe")
    assert ("wonderrules.cli", "_say") in found and ("wonderrules.cli", "_load") in found
    assert "cli" not in may_import("workbench")
