"""The engine's modules import one another at their top with no loop: a module that needs another
names it where it starts, never inside a function to dodge a cycle (the engine, the action
kinds, the lister, the ranges of numbers and scoring all reach `stop` so). Each part of the
actions imports first on its own, and `wonderrules.interpreter.actions` gives the names of its
parts, the very same objects."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import wonderrules.interpreter as interpreter

PACKAGE = "wonderrules.interpreter"
#: the parts of the actions, and the modules that import them or that they import
PARTS = ("values", "action_costs", "action_kinds", "legal", "actions", "stopping", "engine", "state", "catalog",
         "listing", "refusals", "value_range", "scoring")


def _imported(node: ast.AST, package: str) -> list[str]:
    """The engine's modules an import statement names (relative to the package)."""
    if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
        inner = node.module[len(PACKAGE):].lstrip(".")
        return [inner] if inner else [a.name for a in node.names]
    if isinstance(node, ast.Import):
        return [a.name[len(PACKAGE) + 1:] for a in node.names if a.name.startswith(PACKAGE + ".")]
    return []


def _sources() -> dict[str, ast.Module]:
    root = Path(interpreter.__file__).parent
    return {str(path.relative_to(root).with_suffix("")).replace("/", "."): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(root.rglob("*.py"))}


def _top_level_graph() -> nx.DiGraph:
    """Module -> the engine's modules it imports as it loads (not those read only by the type
    checker, under `if TYPE_CHECKING:`, nor those a function imports when it runs)."""
    graph = nx.DiGraph()
    for name, tree in _sources().items():
        graph.add_node(name)
        for node in tree.body:
            for imported in _imported(node, PACKAGE):
                graph.add_edge(name, imported)
    return graph


def _imported_in_functions(module: str) -> set[str]:
    tree = _sources()[module]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                found.update(_imported(inner, PACKAGE))
    return found


def test_the_modules_of_the_engine_import_one_another_with_no_loop() -> None:
    graph = _top_level_graph()
    assert {"engine", "legal", "action_kinds", "values"} <= set(graph)  # the walk found the modules
    assert ("action_kinds", "engine") in graph.edges  # the action kinds reach the engine where they start
    cycles = list(nx.simple_cycles(graph))
    assert cycles == [], f"modules of the engine import one another in a loop: {cycles}"


def test_the_engine_and_the_parts_of_the_actions_import_nothing_inside_a_function_to_reach_the_engine() -> None:
    for module in ("action_kinds", "legal", "value_range", "scoring"):
        assert "engine" not in _imported_in_functions(module), module
    assert "actions" not in _top_level_graph().successors("engine")  # the engine reads the parts themselves


def test_the_walk_would_see_a_loop() -> None:
    graph = _top_level_graph()
    graph.add_edge("legal", "engine")  # as if the lister imported the engine where it starts
    assert any({"legal", "engine"} <= set(cycle) for cycle in nx.simple_cycles(graph))


@pytest.mark.parametrize("part", PARTS)
def test_each_module_imports_first_on_its_own(part: str) -> None:
    """A loop that only shows when one module is imported before the others would fail here."""
    done = subprocess.run([sys.executable, "-c", f"import {PACKAGE}.{part}"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_actions_module_gives_the_names_of_its_parts() -> None:
    actions = importlib.import_module(f"{PACKAGE}.actions")
    parts = [importlib.import_module(f"{PACKAGE}.{p}") for p in ("values", "action_costs", "action_kinds", "legal",
                                                                  "errors")]
    for name in actions.__all__:
        homes = [p for p in parts if name in getattr(p, "__all__", ()) or name in vars(p)]
        assert homes, f"actions.{name} comes from no part"
        assert getattr(actions, name) is getattr(homes[0], name), name
    # the names the docs and the other modules import from it
    for name in ("Action", "Decision", "IllegalActionError", "CompiledAction", "legal_actions", "decision_actions",
                 "list_by_card", "reason", "costs", "budget", "coins_to_bank", "grant_for", "CARD_COST", "STAGE_COST",
                 "NO_COST", "GRANTED", "CHAINED"):
        assert name in actions.__all__, name
