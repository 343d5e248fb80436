"""The engine and the front end type-check under ``mypy --strict``, read from the source tree as the
packages they are imported by (``[tool.mypy]`` in pyproject.toml; ``typecheck/`` gives mypy that
layout). The check runs here so that the suite, which is what CI runs, keeps it clean. Front-end
modules not yet clean are listed in pyproject.toml with ``ignore_errors``: a list that only shrinks."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = {"interpreter": "wonderrules.interpreter", "grammar": "wonderrules.grammar"}


@pytest.mark.parametrize("folder", sorted(CHECKED))
def test_the_layout_mypy_reads_is_the_source_folder(folder: str) -> None:
    link = ROOT / "typecheck" / "wonderrules" / folder
    assert link.is_symlink(), f"{link} should be a link to {folder}/ (a checkout without symlinks loses it)"
    assert link.resolve() == (ROOT / folder).resolve()


def test_the_modules_not_yet_strict_exist_and_are_front_end_modules() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert sorted(config["packages"]) == sorted(CHECKED.values())
    relaxed = [name for override in config.get("overrides", []) if override.get("ignore_errors")
               for name in override["module"]]
    for name in relaxed:
        assert name.startswith("wonderrules.grammar."), f"{name}: the engine stays strict everywhere"
        path = ROOT / "grammar" / (name.removeprefix("wonderrules.grammar.").replace(".", os.sep) + ".py")
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
    for folder in CHECKED:
        report = report.replace(f"typecheck{os.sep}wonderrules{os.sep}{folder}{os.sep}", f"{folder}{os.sep}")
    assert run.returncode == 0, f"mypy --strict reports errors:\n{report}"
    checked = re.search(r"Success: no issues found in (\d+) source files", run.stdout)
    assert checked is not None, report
    modules = [module for folder in CHECKED for module in (ROOT / folder).rglob("*.py")]
    assert int(checked.group(1)) == len(modules), f"mypy checked {checked.group(1)} of {len(modules)} modules"
