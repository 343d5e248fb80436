"""`wr simulate --cluster` and `wr compare --cluster` on a Dask scheduler and two workers started on
this machine: the records file and the tables are those of one process, the progress bar and a
stop behave as on local processes, and a scheduler that cannot be reached is one line."""

from __future__ import annotations

import functools
import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from dask_cluster import free_port
from simulation_runs import STRONG_ALTAR, figures, run

import wonderrules as wr
from wonderrules.workbench import simulation_run
from wonderrules.workbench.records import read_records
from wonderrules.workbench.simulation import make_plan, play

needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask distributed is not installed (pip install '.[test]' installs it)")


def test_simulate_on_a_cluster_writes_the_bytes_and_prints_the_tables_of_one_process(dask_cluster,
                                                                                     tmp_path: Path) -> None:
    common = ("simulate", "-p", "4", "-n", "14", "-s", "30", "--agents", "greedy,random")
    alone = run(*common, "-j", "1", "--out", str(tmp_path / "alone.jsonl"))
    shared = run(*common, "--cluster", dask_cluster.address, "--out", str(tmp_path / "cluster.jsonl"))
    assert alone.exit_code == shared.exit_code == 0, alone.output + shared.output
    assert (tmp_path / "cluster.jsonl").read_bytes() == (tmp_path / "alone.jsonl").read_bytes()
    assert len((tmp_path / "cluster.jsonl").read_text(encoding="utf-8").splitlines()) == 14 * 4
    assert figures(shared.output) == figures(alone.output) and len(figures(alone.output)) > 20
    assert shared.output.splitlines()[0].startswith("14 games, 4 players (base): ")
    assert shared.output.splitlines()[1] == (f"cluster {dask_cluster.address}, 2 workers, 2 threads, seeds 30 to 43; "
                                             f"records written to {tmp_path / 'cluster.jsonl'}")


def test_compare_on_a_cluster_prints_the_figures_of_one_process(dask_cluster, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the variant's file is here only: the workers get the rule set in the plan
    Path("strong_altar.wr").write_text(STRONG_ALTAR, encoding="utf-8")
    common = ("compare", "base", "strong_altar.wr", "-p", "3", "-n", "30", "-s", "4", "--all")
    alone = run(*common, "-j", "1")
    shared = run(*common, "--cluster", dask_cluster.address)
    assert alone.exit_code == shared.exit_code == 0, alone.output + shared.output
    assert shared.output.splitlines()[0].startswith("A: 30 games, 3 players (base): ")
    assert shared.output.splitlines()[1].startswith("B: 30 games, 3 players (base + strong_altar): ")
    assert figures(shared.output) == figures(alone.output) and len(figures(alone.output)) > 20


def test_the_progress_bar_counts_the_games_played_on_the_cluster(dask_cluster) -> None:
    result = run("simulate", "-p", "3", "-n", "5", "--cluster", dask_cluster.address, "--progress")
    assert result.exit_code == 0, result.output
    assert "5/5 games" in result.stderr and "5/5" not in result.stdout


def test_a_stopped_cluster_run_keeps_the_chunks_finished(
        dask_cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    delivered: list[int] = []

    def after_the_first_chunk() -> bool:  # asked after each chunk handed over, as Ctrl-C is
        delivered.append(1)
        return True

    monkeypatch.setattr(simulation_run, "run_jobs", functools.partial(simulation_run.run_jobs,
                                                                      stop_after=after_the_first_chunk))
    out = tmp_path / "games.csv"
    result = run("simulate", "-p", "3", "-n", "60", "-s", "8", "--cluster", dask_cluster.address, "--out", str(out))
    assert result.exit_code == 130, result.output
    records = read_records(str(out))
    games = sorted({r.game for r in records})
    assert 0 in games and len(games) < 60
    assert f"interrupted: {len(games)} of 60 games finished; the figures are of those" in result.output
    base = wr.load_rules("base")
    everything = play(make_plan(base, 3, (), ("random",), 8, 60), rules=base).records()
    assert records == [r for r in everything if r.game in games]


def test_jobs_and_cluster_together_are_a_usage_error() -> None:
    result = run("simulate", "-p", "3", "-j", "2", "--cluster", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert ("--jobs counts local processes and --cluster plays on the cluster's workers: give one or the other"
            in result.output)


@pytest.mark.parametrize("command", [("simulate", "-p", "3"), ("compare", "base", "base", "-p", "3")])
def test_a_cluster_address_that_is_not_one_is_a_usage_error(command: tuple[str, ...]) -> None:
    result = run(*command, "--cluster", "127.0.0.1:port")
    assert result.exit_code == 2
    assert ("Invalid value for '--cluster': '127.0.0.1:port' is not a scheduler's address: its port is not a number "
            "from 1 to 65535") in " ".join(result.output.split())


def test_without_distributed_the_cluster_option_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    import builtins

    real_import = builtins.__import__

    def without_distributed(name, *args, **kwargs):
        if name.split(".")[0] in ("distributed", "dask"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_distributed)
    out = tmp_path / "games.csv"
    result = run("simulate", "-p", "3", "--cluster", "tcp://127.0.0.1:8786", "--out", str(out))
    assert result.exit_code == 2
    assert ("Invalid value for '--cluster': playing on a cluster needs Dask distributed, which is not installed: "
            "pip install 'wonder-rules[cluster]'") in " ".join(result.output.split())
    assert not out.exists()


@needs_dask
def test_a_scheduler_that_cannot_be_reached_is_one_line_and_status_1(tmp_path: Path) -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    out = tmp_path / "games.csv"
    out.write_text("the records of an earlier run\n", encoding="utf-8")
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s")
    done = subprocess.run([sys.executable, "-m", "wonderrules.cli", "simulate", "-p", "3", "--cluster", address,
                           "--out", str(out)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (f"error: cannot reach a Dask scheduler at {address} (no answer within 1 s): is `dask "
                           f"scheduler` running there, and its port open to this machine?\n")
    assert out.read_text(encoding="utf-8") == "the records of an earlier run\n"  # nothing written, nothing lost


def test_a_scheduler_stopped_during_a_run_is_one_line_and_the_records_finished_are_kept(start_dask_cluster,
                                                                                        tmp_path: Path) -> None:
    cluster = start_dask_cluster(1)
    out = tmp_path / "games.csv"
    command = [sys.executable, "-m", "wonderrules.cli", "simulate", "-p", "4", "-n", "5000", "--agents", "greedy",
               "--cluster", cluster.address, "--out", str(out)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as simulation:
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and simulation.poll() is None:
                if out.exists() and len(out.read_text(encoding="utf-8").splitlines()) > 1:
                    break
                time.sleep(0.05)
            os.killpg(cluster.processes[0].pid, signal.SIGKILL)  # the scheduler, at once
            stdout, stderr = simulation.communicate(timeout=120)
        finally:
            simulation.kill()
    assert simulation.returncode == 1 and stdout == ""
    assert stderr == (f"error: the connection to the scheduler at {cluster.address} was lost before the games were "
                      f"finished (was the scheduler stopped?)\n")
    rows = out.read_text(encoding="utf-8").splitlines()
    assert len(rows) > 1 and (len(rows) - 1) % 4 == 0  # whole games only, after the header
