"""`wr simulate`, `wr compare` and `wr ladder` stopped by signals, run as programs: the records file
reads whole after SIGKILL, SIGTERM or SIGHUP in every format, two runs never write one file,
worker processes end with their parent (after `kill -9` too), and Ctrl-C exits with 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import wonderrules as wr
from wonderrules.workbench.records import read_records
from wonderrules.workbench.simulation import make_plan, play

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(signal, "SIGHUP"),
                                reason="needs POSIX signals and /proc to find the worker processes")


def start(folder: Path, *args: str) -> subprocess.Popen:
    """`wr ARGS` as a program of its own, in its own group of processes (as a terminal runs it)."""
    out = open(folder / "stdout.txt", "wb")
    err = open(folder / "stderr.txt", "wb")
    with out, err:
        return subprocess.Popen([sys.executable, "-m", "wonderrules.cli", *args], cwd=folder, stdout=out, stderr=err,
                                start_new_session=True)


def wait_for(what: Callable[[], object], seconds: float = 120.0) -> object:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = what()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("waited too long")


def workers(pid: int) -> list[int]:
    """The worker processes of a pool whose parent is `pid` (its children but multiprocessing's
    resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == pid and b"resource_tracker" not in command:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def games_of(path: Path) -> list[int]:
    return [r.game for r in read_records(str(path))]


def assert_whole_games(path: Path, players: int = 3) -> int:
    """The file reads whole: games 0, 1, ... in order, every seat of each, the first two as a
    run in this process plays them. Returns the number of games."""
    numbers = games_of(path)
    count = len(numbers) // players
    assert count > 0 and numbers == [g for g in range(count) for _ in range(players)]
    base = wr.load_rules("base")
    first = play(make_plan(base, players, (), ("random",), 0, min(2, count)), rules=base).records()
    assert read_records(str(path))[:len(first)] == first
    return count


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".wr-" in p.name)


def finish(process: subprocess.Popen, folder: Path) -> str:
    process.wait(timeout=120)
    return (folder / "stderr.txt").read_text(encoding="utf-8", errors="replace")


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP], ids=["KILL", "TERM", "HUP"])
def test_a_signal_leaves_a_records_file_of_whole_games(tmp_path: Path, signum: int, suffix: str) -> None:
    out = tmp_path / f"games{suffix}"
    process = start(tmp_path, "simulate", "-p", "3", "-n", "100000", "-j", "1", "--out", out.name, "--no-progress")
    try:
        wait_for(out.exists)
        time.sleep(1.2)  # a publication or so later
        published = len(games_of(out))
        os.kill(process.pid, signum)
        err = finish(process, tmp_path)
    finally:
        if process.poll() is None:
            process.kill()
    assert "Traceback" not in err
    assert len(games_of(out)) >= published
    assert_whole_games(out)
    if signum == signal.SIGKILL:
        assert process.returncode == -signal.SIGKILL
        again = start(tmp_path, "simulate", "-p", "3", "-n", "2", "-j", "1", "--out", out.name)
        assert finish(again, tmp_path) == "" and again.returncode == 0
        assert assert_whole_games(out) == 2  # a killed run's leftovers do not stop the next
    else:
        assert process.returncode == 128 + signum
        assert ("stopping at once (SIGTERM): the games finished are kept" in err) == (signum == signal.SIGTERM)
    assert leftovers(tmp_path) == []


def test_a_second_run_writing_the_same_file_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    first = start(tmp_path, "simulate", "-p", "3", "-n", "400", "-j", "1", "--out", out.name, "--no-progress")
    try:
        wait_for(out.exists)
        second = subprocess.run([sys.executable, "-m", "wonderrules.cli", "simulate", "-p", "3", "-n", "2", "-j", "1",
                                 "--out", out.name], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert (f"Invalid value for '--out': cannot write to 'games.parquet': another command is writing it "
                f"(process {first.pid})" in " ".join(second.stderr.split()))
        os.kill(first.pid, signal.SIGTERM)
        finish(first, tmp_path)
    finally:
        if first.poll() is None:
            first.kill()
    assert_whole_games(out)


@pytest.mark.parametrize("command", [
    ["simulate", "-p", "3", "-n", "100000", "-j", "2", "--no-progress"],
    ["ladder", "-p", "3", "-n", "5000", "--agents", "random,greedy", "--jobs", "2"],
], ids=["simulate", "ladder"])
def test_workers_end_with_their_parent_killed(tmp_path: Path, command: list[str]) -> None:
    process = start(tmp_path, *command)
    try:
        pool = wait_for(lambda: len(workers(process.pid)) == 2 and workers(process.pid))
        time.sleep(0.5)
        process.kill()
        process.wait(timeout=30)
        assert isinstance(pool, list)
        wait_for(lambda: not any(alive(pid) for pid in pool), seconds=20)
    finally:
        for pid in workers(process.pid):  # (left by a failure above)
            os.kill(pid, signal.SIGKILL)


def test_a_second_ctrl_c_exits_with_130_and_keeps_the_records(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    process = start(tmp_path, "simulate", "-p", "3", "-n", "100000", "-j", "2", "--out", out.name, "--no-progress")
    try:
        wait_for(out.exists)
        pool = workers(process.pid)
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C goes to every process of the terminal's group
        time.sleep(0.3)
        os.killpg(process.pid, signal.SIGINT)
        err = finish(process, tmp_path)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "stopping: finishing the games under way" in err
    assert "interrupted:" in (tmp_path / "stdout.txt").read_text(encoding="utf-8")
    assert_whole_games(out)
    wait_for(lambda: not any(alive(pid) for pid in pool), seconds=20)


def test_ctrl_c_while_the_workers_start_is_the_commands_alone(tmp_path: Path) -> None:
    process = start(tmp_path, "simulate", "-p", "3", "-n", "100000", "-j", "2", "--no-progress")
    try:
        wait_for(lambda: workers(process.pid))
        os.killpg(process.pid, signal.SIGINT)
        time.sleep(0.3)
        os.killpg(process.pid, signal.SIGINT)
        err = finish(process, tmp_path)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_ctrl_c_stops_wr_ladder_with_130(tmp_path: Path) -> None:
    process = start(tmp_path, "ladder", "-p", "3", "-n", "5000", "--agents", "random,greedy", "--jobs", "2")
    try:
        pool = wait_for(lambda: len(workers(process.pid)) == 2 and workers(process.pid))
        time.sleep(0.5)
        os.killpg(process.pid, signal.SIGINT)
        err = finish(process, tmp_path)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "Aborted" not in err
    assert isinstance(pool, list)
    wait_for(lambda: not any(alive(pid) for pid in pool), seconds=20)


def test_sigterm_ends_the_workers_and_keeps_the_records_handed_over(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    process = start(tmp_path, "simulate", "-p", "3", "-n", "100000", "-j", "2", "--out", out.name, "--no-progress")
    try:
        wait_for(out.exists)
        pool = workers(process.pid)
        time.sleep(1.0)
        os.kill(process.pid, signal.SIGTERM)
        err = finish(process, tmp_path)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + signal.SIGTERM and "Traceback" not in err, err
    assert_whole_games(out)
    assert leftovers(tmp_path) == []
    wait_for(lambda: not any(alive(pid) for pid in pool), seconds=20)
