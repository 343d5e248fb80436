"""Shared test helpers: where the repository is, compiling rule-set text written to a folder, and a
Dask cluster on this machine for the tests of `wr simulate --cluster`."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from wonderrules.grammar.compiler import Compiled, compile_rules

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's top folder."""
    return REPO


@pytest.fixture
def compile_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Compiled]:
    """Write `{file name: text}` into a fresh folder, make it the working folder (so paths in
    diagnostics are the bare file names) and compile the named files (default: the last one)."""

    def run(files: dict[str, str], *check: str) -> Compiled:
        for name, text in files.items():
            (tmp_path / name).write_text(text, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        return compile_rules(list(check) or [list(files)[-1]])

    return run


@pytest.fixture(scope="session")
def dask_cluster(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A Dask scheduler and two workers of one thread on 127.0.0.1 (see `dask_cluster.py`),
    shared by the tests of `wr simulate --cluster` and stopped when they are done."""
    pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install '.[test]' installs it)")
    from dask_cluster import LocalDaskCluster

    cluster = LocalDaskCluster(tmp_path_factory.mktemp("dask"))
    request.addfinalizer(cluster.stop)
    cluster.start()
    return cluster


@pytest.fixture
def start_dask_cluster(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., Any]:
    """Start a Dask cluster of the test's own (`LocalDaskCluster(folder, workers, settings)`),
    stopped when the test is done; for tests that stop its scheduler or kill its workers."""
    pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install '.[test]' installs it)")
    from dask_cluster import LocalDaskCluster

    started = itertools.count()

    def start(workers: int = 1, settings: dict[str, str] | None = None) -> Any:
        cluster = LocalDaskCluster(tmp_path / f"dask{next(started)}", workers, settings)
        cluster.folder.mkdir()
        request.addfinalizer(cluster.stop)
        cluster.start()
        return cluster

    return start



@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the disk is full for what goes into a new version of a file (the helper
    `.NAME.wr-part...` files the tools write before they rename them into place): os.write of
    such a file raises ENOSPC. Needs /proc/self/fd to tell the files apart."""
    import errno
    import os

    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc/self/fd")
    real = os.write

    def write(fd: int, data: Any) -> int:
        if ".wr-part" in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
