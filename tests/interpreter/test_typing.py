"""The engine type-checks under ``mypy --strict``, read from the source tree as the package it is
imported by (``[tool.mypy]`` in pyproject.toml; ``typecheck/`` gives mypy that layout). The
check runs here so that the suite, which is what CI runs, keeps it clean."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_layout_mypy_reads_is_the_engines_source_folder() -> None:
    link = ROOT / "typecheck" / "wonderrules" / "interpreter"
    assert link.is_symlink(), f"{link} should be a link to interpreter/ (a checkout without symlinks loses it)"
    assert link.resolve() == (ROOT / "interpreter").resolve()


def test_mypy_strict_finds_no_error_in_any_module_of_the_engine(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed: pip install '.[test]' installs it")
    # a fresh cache: the verdict never rests on an earlier run; MYPYPATH would add to the layout
    env = {name: value for name, value in os.environ.items() if name != "MYPYPATH"}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--strict",
         "--cache-dir", str(tmp_path / "mypy_cache"), "-p", "wonderrules.interpreter"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    # mypy names a module by the path it read it through: shown as the source file it is
    report = (run.stdout + run.stderr).replace(f"typecheck{os.sep}wonderrules{os.sep}interpreter{os.sep}",
                                               f"interpreter{os.sep}")
    assert run.returncode == 0, f"mypy --strict reports errors in the engine:\n{report}"
    checked = re.search(r"Success: no issues found in (\d+) source files", run.stdout)
    assert checked is not None, report
    modules = sorted((ROOT / "interpreter").rglob("*.py"))
    assert int(checked.group(1)) == len(modules), f"mypy checked {checked.group(1)} of {len(modules)} modules"
