"""A command whose standard output is closed (`wr play >&-`) cannot print what it was asked for:
it says so in one sentence on the standard error and exits with status 1, instead of exiting 0
as if its output had been written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def close_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize("args", [["play", "-p", "3"], ["check", "base"],
                                  ["simulate", "-p", "3", "-n", "2", "-j", "1"]])
def test_a_closed_standard_output_is_an_error(args: list[str], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "wonderrules.cli", *args], stderr=subprocess.PIPE, text=True,
                          preexec_fn=close_stdout, cwd=tmp_path, timeout=120)
    assert done.returncode == 1
    assert done.stderr == "error: the standard output is closed, so nothing can be printed (redirect it to a file " \
                          "or to /dev/null)\n"


def test_a_closed_standard_input_is_not_needed(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "wonderrules.cli", "play", "-p", "3"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          preexec_fn=lambda: os.close(0))
    assert done.returncode == 0 and "Winner: seat" in done.stdout
