"""The package type-checks under ``mypy --strict``, read from the source tree as the modules it is
imported by (``[tool.mypy]`` in pyproject.toml: mypy finds ``wonderrules`` in ``src/`` and the
engine, the front end and the bundled rule sets through the links of ``typecheck/``). The check runs here so that the
suite, which is what CI runs, keeps it clean. Modules not yet clean are listed in pyproject.toml
with ``ignore_errors``: a list that only shrinks, and never names a module of the engine."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: source folder -> the package it is installed as
SOURCES = {"src/wonderrules": "wonderrules", "interpreter": "wonderrules.interpreter",
           "grammar": "wonderrules.grammar", "rulesets": "wonderrules.rulesets"}
#: the source folders typecheck/wonderrules links to
LINKED = ["interpreter", "grammar", "rulesets"]


def _module_path(name: str) -> Path:
    """The source file of module `name` of the package."""
    folder, package = max(((f, p) for f, p in SOURCES.items() if name == p or name.startswith(p + ".")),
                          key=lambda fp: len(fp[1]))
    inner = name.removeprefix(package).lstrip(".")
    if not inner:
        return ROOT / folder / "__init__.py"
    return ROOT / folder / (inner.replace(".", os.sep) + ".py")


@pytest.mark.parametrize("folder", LINKED)
def test_the_layout_mypy_reads_links_the_source_folder(folder: str) -> None:
    link = ROOT / "typecheck" / "wonderrules" / folder
    assert link.is_symlink(), f"{link} should be a link to {folder}/ (a checkout without symlinks loses it)"
    assert link.resolve() == (ROOT / folder).resolve()


def test_the_modules_not_yet_strict_exist_and_are_not_the_engines() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert sorted(config["packages"]) == sorted(SOURCES.values())
    relaxed = [name for override in config.get("overrides", []) if override.get("ignore_errors")
               for name in override["module"]]
    assert relaxed, "every module is strict: remove the ignore_errors override"
    for name in relaxed:
        assert not name.startswith("wonderrules.interpreter"), f"{name}: the engine stays strict everywhere"
        path = _module_path(name)
        assert path.is_file(), f"{name} is listed as not yet strict but {path} does not exist"


def test_mypy_strict_finds_no_error_in_any_checked_module(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed: pip install '.[test]' installs it")
    # a fresh cache: the verdict never rests on an earlier run; MYPYPATH would add to the layout
    env = {name: value for name, value in os.environ.items() if name != "MYPYPATH"}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--strict",
         "--cache-dir", str(tmp_path / "mypy_cache")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    # mypy names a module by the path it read it through: shown as the source file it is
    report = run.stdout + run.stderr
    for folder in LINKED:
        report = report.replace(f"typecheck{os.sep}wonderrules{os.sep}{folder}{os.sep}", f"{folder}{os.sep}")
    assert run.returncode == 0, f"mypy --strict reports errors:\n{report}"
    checked = re.search(r"Success: no issues found in (\d+) source files", run.stdout)
    assert checked is not None, report
    modules = [module for folder in SOURCES for module in (ROOT / folder).rglob("*.py")]
    assert int(checked.group(1)) == len(modules), f"mypy checked {checked.group(1)} of {len(modules)} modules"
