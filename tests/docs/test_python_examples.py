"""The Python examples of docs/engine.rst run as written.

Each ``.. code-block:: python`` of the page is read in order. The examples build on each other
(the first makes `game` and `state`, later ones use them), so they run in one namespace, in a
folder where the compiled `cities.json` the first one loads exists. An example that needs a
package the tests do not install (PettingZoo, OpenSpiel) is skipped when it is missing; one that
stands for a part of a call (`hands=[[...], ...]`) or for names of the reader's own
(`choices`) is listed in `NOT_RUN` with the reason, and must still parse. Each one runs as a
script of its own, given the names the ones before it made.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import runpy
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "engine.rst"
_BLOCK = re.compile(r"^\.\. code-block:: python\n\n((?:[ \t]+.*\n|\n)+)", re.M)
#: first line of an example -> why it is read but not run
NOT_RUN = {
    "state = game.new_initial_state(": "its hands stand for a whole deal with `...`",
    'refused = state.refusal(0, wr.Action("build", "Arena"))': "`choices` are the reader's own",
}
#: a package an example needs -> the module that says it is installed
OPTIONAL = {"wonderrules.rl": "pettingzoo", "pyspiel": "pyspiel"}


def examples() -> list[str]:
    out = []
    for m in _BLOCK.finditer(PAGE.read_text(encoding="utf-8")):
        lines = m.group(1).rstrip("\n").split("\n")
        depth = min(len(ln) - len(ln.lstrip()) for ln in lines if ln.strip())
        out.append("\n".join(ln[depth:] for ln in lines) + "\n")
    return out


def test_every_python_example_parses() -> None:
    found = examples()
    assert len(found) >= 5
    for code in found:
        ast.parse(code)


def test_the_python_examples_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    made = CliRunner().invoke(main, ["compile", "cities", "-o", "cities.json"])
    assert made.exit_code == 0, made.output
    namespace: dict = {}
    ran = played = 0
    for code in examples():
        first = code.split("\n", 1)[0]
        if first in NOT_RUN:
            continue
        needed = [module for word, module in OPTIONAL.items() if word in code]
        if any(importlib.util.find_spec(module) is None for module in needed):
            continue
        script = tmp_path / f"example_{ran}.py"
        script.write_text(code, encoding="utf-8")
        namespace = runpy.run_path(str(script), init_globals=namespace)
        ran += 1
        if "while not state.is_terminal():" in code:  # an example that plays a game to its end
            assert namespace["state"].is_terminal(), first
            played += 1
    assert ran >= 3 and played >= 1
