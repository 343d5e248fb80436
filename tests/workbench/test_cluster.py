"""Simulations on a Dask cluster (`wonderrules.workers.cluster`), on a scheduler and two workers started on
this machine: the records are those of one process, a worker that dies changes none of them, a
worker of another version is named before any game, and what cannot be reached is one sentence."""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from dask_cluster import free_port

import wonderrules as wr
from wonderrules.workbench.simulation import Chunk, make_plan, play
from wonderrules.workers import cluster as cluster_module
from wonderrules.workers.cluster import ClusterError, connect, scheduler_address

BASE = wr.load_rules("base")
needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask distributed is not installed (pip install '.[test]' installs it)")


@pytest.mark.parametrize(("given", "address"), [
    ("tcp://sched.example:9000", "tcp://sched.example:9000"),
    ("sched.example:9000", "tcp://sched.example:9000"),
    ("sched.example", "tcp://sched.example:8786"),
    (" tls://10.0.0.5:8786 ", "tls://10.0.0.5:8786"),
    ("[::1]:8786", "tcp://[::1]:8786"),
])
def test_a_scheduler_address_is_written_as_dask_takes_it(given: str, address: str) -> None:
    assert scheduler_address(given) == address


@pytest.mark.parametrize(("given", "why"), [
    ("", "the scheduler's address is empty: give it as tcp://HOST:PORT"),
    ("http://sched:8786", "'http://sched:8786' is not a scheduler's address: its scheme 'http' is none of tcp://, "
                          "tls://, ws://, wss:// (give tcp://HOST:PORT)"),
    ("sched:port", "'sched:port' is not a scheduler's address: its port is not a number from 1 to 65535"),
    ("sched:0", "'sched:0' is not a scheduler's address: its port is not a number from 1 to 65535"),
    ("sched:70000", "'sched:70000' is not a scheduler's address: its port is not a number from 1 to 65535"),
    ("tcp://sched:8786/path", "'tcp://sched:8786/path' is not a scheduler's address: give it as tcp://HOST:PORT"),
    ("tcp://:8786", "'tcp://:8786' is not a scheduler's address: give it as tcp://HOST:PORT"),
])
def test_an_address_that_is_not_one_is_refused_with_what_is_wrong(given: str, why: str) -> None:
    with pytest.raises(ValueError) as caught:
        scheduler_address(given)
    assert str(caught.value) == why


def test_the_cluster_hands_back_the_records_of_one_process_in_game_order(dask_cluster) -> None:
    plan = make_plan(BASE, 4, (), ("greedy", "random"), 21, 13)
    alone = play(plan, rules=BASE).records()
    spans: list[tuple[int, int]] = []
    with connect(dask_cluster.address, timeout=30) as cluster:
        assert (cluster.machines, cluster.workers) == (2, 2)
        played = play(plan, cluster.executor, workers=cluster.workers,
                      on_chunk=lambda chunk: spans.append((chunk.start, chunk.stop)))
    assert played.records() == alone and not played.stopped
    assert spans == sorted(spans) and spans[0][0] == 0 and spans[-1][1] == 13
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:])) and len(spans) > 2


def test_a_stop_keeps_the_chunks_finished_and_cancels_the_others_on_the_cluster(dask_cluster) -> None:
    plan = make_plan(BASE, 4, (), ("greedy",), 2, 200)  # chunks of 13 games: the last ones sent are under way
    with connect(dask_cluster.address, timeout=30) as cluster:
        sent = []
        submit = cluster.executor.submit
        cluster.executor.submit = lambda fn, *args: sent.append(submit(fn, *args)) or sent[-1]
        played = play(plan, cluster.executor, workers=cluster.workers, stop=lambda: True)
        handed = {c.start for c in played.chunks}
        dropped = [f.future.key for f in sent if f.cancelled()]
        assert dropped and len(dropped) + len(handed) == len(sent)

        def known() -> list:
            return cluster.client.run_on_scheduler(lambda keys, dask_scheduler: [k for k in keys if k in
                                                                                 dask_scheduler.tasks], dropped)

        deadline = time.monotonic() + 30
        while known() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert known() == []  # the scheduler forgot them: no worker plays them for nothing
    assert played.stopped and 0 < played.games < 200
    assert played.records() == [r for r in play(plan, rules=BASE).records() if r.game in {
        g.game for c in played.chunks for g in c.games}]


def test_a_variant_read_here_is_played_by_workers_that_never_saw_its_file(dask_cluster, compile_files) -> None:
    variant = compile_files({"loud_altar.wr": 'ruleset loud_altar extends base\nreplace card "Altar" age 1 blue '
                                              'chain to "Temple" copies 3+ 5+ { end of game: score 9 }\n'}).rules
    plan = make_plan(variant, 3, (), ("random",), 5, 6)
    with connect(dask_cluster.address, timeout=30) as cluster:
        records = play(plan, cluster.executor, workers=cluster.workers).records()
    assert records == play(plan, rules=variant).records()
    assert {r.rules for r in records} == {"base + loud_altar"}


def test_a_worker_killed_in_the_middle_of_a_chunk_changes_no_record(dask_cluster) -> None:
    """Dask plays the chunks of a worker that died again on another worker; a chunk depends on
    its plan and game numbers alone, so the games come out the same."""
    plan = make_plan(BASE, 4, (), ("greedy",), 3, 60)
    killed: list[int] = []
    with connect(dask_cluster.address, timeout=30) as cluster:
        client = cluster.client
        pids = client.run(os.getpid)

        def kill_a_busy_worker(chunk: Chunk) -> None:
            if killed:
                return
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                busy = [w for w, keys in client.processing().items() if keys and w in pids]
                if busy:
                    killed.append(pids[busy[0]])
                    os.kill(pids[busy[0]], signal.SIGKILL)
                    return
                time.sleep(0.01)

        played = play(plan, cluster.executor, workers=cluster.workers, on_chunk=kill_a_busy_worker)
        assert killed, "no worker was busy with a chunk to kill"
        client.wait_for_workers(2, timeout=120)  # the nanny starts the worker again
        assert killed[0] not in client.run(os.getpid).values()
    assert played.records() == play(plan, rules=BASE).records()
    assert "Remove worker" in dask_cluster.log("scheduler")


def test_a_worker_of_another_version_is_named_before_any_game(dask_cluster, monkeypatch) -> None:
    monkeypatch.setattr(cluster_module, "__version__", "0.0.1")  # this machine's, as the workers see
    with pytest.raises(ClusterError) as caught:
        with connect(dask_cluster.address, timeout=30):
            pytest.fail("connected to workers of another version")
    said = str(caught.value)
    assert said.startswith("the worker at tcp://127.0.0.1:") and "(and 1 other worker)" in said
    assert said.endswith(f"runs wonder-rules {wr.__version__} and this machine 0.0.1: install the same version on "
                         f"every machine (pip install 'wonder-rules[cluster]=={wr.__version__}')")


def test_a_worker_that_joined_after_the_check_refuses_a_chunk_of_another_version(dask_cluster, monkeypatch) -> None:
    from wonderrules.workbench.simulation_run import Job, run_jobs

    plan = make_plan(BASE, 3, (), ("random",), 0, 4)
    with connect(dask_cluster.address, timeout=30) as cluster:
        monkeypatch.setattr(cluster_module, "__version__", "0.0.1")  # as if the check had been passed
        with pytest.raises(ClusterError) as caught:
            cluster.run(run_jobs, [Job("games", plan)], False)
    assert f"runs wonder-rules {wr.__version__} and this machine 0.0.1: install the same version" in str(caught.value)


class _Answers:
    """A client whose workers answer the version check as given."""

    def __init__(self, answers: dict) -> None:
        self.answers = answers

    def run(self, function, on_error: str = "raise") -> dict:
        assert on_error == "return"
        return self.answers


def test_a_worker_without_wonder_rules_is_named_with_what_to_install() -> None:
    answers = {"tcp://h2:4000": ModuleNotFoundError("No module named 'wonderrules'"), "tcp://h1:4000": wr.__version__}
    with pytest.raises(ClusterError) as caught:
        cluster_module._check_versions(_Answers(answers))
    assert str(caught.value) == (f"the worker at tcp://h2:4000 cannot import wonder-rules: install it there "
                                 f"(pip install 'wonder-rules[cluster]=={wr.__version__}')")


def test_workers_of_this_version_pass_the_check() -> None:
    cluster_module._check_versions(_Answers({"tcp://h1:4000": wr.__version__, "tcp://h2:4000": wr.__version__}))


@needs_dask
def test_a_scheduler_that_does_not_answer_is_one_sentence_after_the_timeout() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    began = time.monotonic()
    with pytest.raises(ClusterError) as caught:
        with connect(address, timeout=1):
            pytest.fail("connected to nothing")
    assert time.monotonic() - began < 20
    assert str(caught.value) == (f"cannot reach a Dask scheduler at {address} (no answer within 1 s): is "
                                 f"`dask scheduler` running there, and its port open to this machine?")


@pytest.fixture
def not_a_scheduler() -> Iterator[str]:
    """A server on 127.0.0.1 that answers every connection in another protocol, then hangs up."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(5)
                try:
                    conn.recv(1024)
                    conn.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\n")
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    done.set()
    thread.join(timeout=10)
    server.close()


@needs_dask
def test_something_else_answering_at_the_address_is_said_so(not_a_scheduler: str) -> None:
    with pytest.raises(ClusterError) as caught:
        with connect(not_a_scheduler, timeout=5):
            pytest.fail("took an HTTP answer for a scheduler")
    assert str(caught.value) == (f"what answers at {not_a_scheduler} is not a Dask scheduler (or not one this "
                                 f"version of Dask can talk to)")


def test_a_worker_address_given_for_the_scheduler_is_said_so(dask_cluster) -> None:
    with dask_cluster.client() as client:
        worker = sorted(client.scheduler_info()["workers"])[0]
    with pytest.raises(ClusterError) as caught:
        with connect(worker, timeout=10):
            pytest.fail("took a worker for the scheduler")
    assert str(caught.value).startswith(f"{worker} is the address of a Dask worker, not of its scheduler")


def test_a_scheduler_without_workers_is_said_so(tmp_path) -> None:
    distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed")
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=":0") as empty:
        with pytest.raises(ClusterError) as caught:
            with connect(empty.scheduler_address, timeout=1):
                pytest.fail("a cluster without workers was taken")
    assert str(caught.value) == (f"the scheduler at {empty.scheduler_address} has no worker (none joined within "
                                 f"1 s): start `dask worker {empty.scheduler_address}` on each machine")


@pytest.fixture
def fragile_cluster(start_dask_cluster):
    """A scheduler and one worker of their own, whose chunk fails at the first death of its worker."""
    return start_dask_cluster(1, {"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"})


def _kill_on_first_chunk(victim) -> Callable[[Chunk], None]:
    killed: list[int] = []

    def kill(chunk: Chunk) -> None:
        if not killed:
            killed.append(victim())
            os.kill(killed[0], signal.SIGKILL)

    return kill


def test_a_chunk_whose_workers_all_died_is_one_sentence(fragile_cluster) -> None:
    from wonderrules.workbench.simulation_run import Job, run_jobs

    plan = make_plan(BASE, 4, (), ("greedy",), 0, 80)
    with connect(fragile_cluster.address, timeout=30) as cluster:
        worker_pid = next(iter(cluster.client.run(os.getpid).values()))
        job = Job("games", plan, on_chunk=_kill_on_first_chunk(lambda: worker_pid))
        with pytest.raises(ClusterError) as caught:
            cluster.run(run_jobs, [job], False)
    assert str(caught.value) == ("a chunk of games was tried on 1 worker and it died while playing it (out of "
                                 "memory, or stopped?); the workers' logs say why")


def test_a_scheduler_stopped_during_the_run_is_one_sentence(fragile_cluster) -> None:
    from wonderrules.workbench.simulation_run import Job, run_jobs

    plan = make_plan(BASE, 4, (), ("greedy",), 0, 80)
    with connect(fragile_cluster.address, timeout=5) as cluster:
        job = Job("games", plan, on_chunk=_kill_on_first_chunk(lambda: fragile_cluster.processes[0].pid))
        with pytest.raises(ClusterError) as caught:
            cluster.run(run_jobs, [job], False)
    assert str(caught.value) == (f"the connection to the scheduler at {fragile_cluster.address} was lost before the "
                                 f"games were finished (was the scheduler stopped?)")
