"""The package type-checks under ``mypy --strict``, read from the source tree as the modules it is
imported by (``[tool.mypy]`` in pyproject.toml: mypy finds ``wonderrules`` in ``src/`` and the
engine, the front end and the bundled rule sets through the links of ``typecheck/``). The check runs here so that the
suite, which is what CI runs, keeps it clean. No module is let off: no override of pyproject.toml
ignores a module's errors."""

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


@pytest.mark.parametrize("folder", LINKED)
def test_the_layout_mypy_reads_links_the_source_folder(folder: str) -> None:
    link = ROOT / "typecheck" / "wonderrules" / folder
    assert link.is_symlink(), f"{link} should be a link to {folder}/ (a checkout without symlinks loses it)"
    assert link.resolve() == (ROOT / folder).resolve()


def test_every_module_of_the_package_is_checked_strictly() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert sorted(config["packages"]) == sorted(SOURCES.values())
    assert config["strict"] is True
    relaxed = [name for override in config.get("overrides", []) if override.get("ignore_errors")
               for name in override["module"]]
    assert not relaxed, f"every module of the package is strict, but errors are ignored in {relaxed}"


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
