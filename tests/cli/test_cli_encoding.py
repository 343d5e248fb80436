"""A terminal whose encoding cannot show every character (PYTHONIOENCODING=ascii, a Latin-1
locale without Python's UTF-8 mode) still gets the whole output: a character it cannot encode
(a name in Greek, the µ of a speed) is written escaped (`\\u03a9`), never a traceback.

The encoding of the standard streams is fixed when Python starts, so each run is a child process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TITLE = "Sept Merveilles \u2014 \u03a9mega"


def wr(args: list[str], encoding: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0", "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "wonderrules.cli", *args], capture_output=True, env=env, cwd=cwd,
                          timeout=120)


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    (tmp_path / "omega.wr").write_text(f'ruleset omega "{TITLE}" extends base\n', encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_play_writes_a_title_the_terminal_cannot_show_escaped(variant: Path, encoding: str) -> None:
    done = wr(["play", "-p", "3", "--rules", "omega.wr"], encoding, variant)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr
    assert b"\\u03a9mega" in done.stdout
    assert b"Winner: seat" in done.stdout


def test_simulate_writes_its_speed_in_ascii(variant: Path) -> None:
    done = wr(["simulate", "-p", "3", "-n", "2", "-j", "1", "--no-progress"], "ascii", variant)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert b"\\xb5s per decision" in done.stdout
    done.stdout.decode("ascii")


def test_trace_and_check_write_in_ascii(variant: Path) -> None:
    for args in (["trace", "-p", "3", "--rules", "omega.wr"], ["check", "omega.wr"]):
        done = wr(args, "ascii", variant)
        assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
        assert b"\\u03a9mega" in done.stdout
        done.stdout.decode("ascii")
