"""Output files (`wr play --log`, `wr compile -o`): a missing folder is created, and a place that
cannot be written is refused before the game is played or the rules compiled, never after."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main

#: each command that writes a file, with the option naming it
WRITERS = {
    "play --log": (["play", "-p", "3", "-s", "2", "--log"], "'--log'"),
    "compile -o": (["compile", "base", "-o"], "'-o' / '--output'"),
}


def write(command: str, path: str):
    args, _ = WRITERS[command]
    return CliRunner().invoke(main, [*args, path])


def assert_refused_before_any_work(command: str, result, path: str, why: str) -> None:
    _, option = WRITERS[command]
    assert result.exit_code == 2, result.output
    assert f"Invalid value for {option}: cannot write to '{path}': {why}" in result.output
    assert "Traceback" not in result.output
    assert "Score sheet" not in result.output and "Winner" not in result.output  # no game was played
    assert "wrote" not in result.output and "cards" not in result.output  # nothing was compiled


@pytest.mark.parametrize("command", WRITERS)
def test_missing_folders_are_created(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = write(command, "a/b/c/out.json")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "a" / "b" / "c" / "out.json").stat().st_size > 0


@pytest.mark.parametrize("command", WRITERS)
def test_a_folder_is_refused(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.json").mkdir()
    assert_refused_before_any_work(command, write(command, "out.json"), "out.json", "it is a folder")


@pytest.mark.parametrize("command", WRITERS)
def test_a_parent_that_is_a_file_is_refused(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "logs").write_text("a file, not a folder", encoding="utf-8")
    result = write(command, "logs/sub/out.json")
    assert_refused_before_any_work(command, result, "logs/sub/out.json", "a part of its folder is a file")
    assert (tmp_path / "logs").read_text(encoding="utf-8") == "a file, not a folder"


@pytest.mark.parametrize("command", WRITERS)
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "out.json")
    assert_refused_before_any_work(command, write(command, "out.json"), "out.json", "it is not a regular file")


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind the superuser")
@pytest.mark.parametrize("command", WRITERS)
def test_a_folder_that_cannot_be_written_is_refused(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "locked").mkdir(mode=0o555)
    result = write(command, "locked/out.json")
    assert_refused_before_any_work(command, result, "locked/out.json", "permission denied")


def _refuses_files() -> bool:
    try:
        with open("/sys/wr-probe.json", "a"):
            return False
    except OSError:
        return True


@pytest.mark.skipif(not Path("/sys").is_dir() or not _refuses_files(), reason="needs a /sys that refuses files")
@pytest.mark.parametrize("command", WRITERS)
def test_a_place_where_the_system_refuses_files_is_refused(command: str) -> None:
    result = write(command, "/sys/out.json")
    _, option = WRITERS[command]
    assert result.exit_code == 2 and f"Invalid value for {option}: cannot write to '/sys/out.json': " in result.output
    assert "Winner" not in result.output and "wrote" not in result.output


@pytest.mark.parametrize("command", WRITERS)
def test_an_existing_file_is_replaced_and_a_refused_run_leaves_nothing_behind(tmp_path: Path, monkeypatch,
                                                                              command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.json").write_text("old", encoding="utf-8")
    assert write(command, "out.json").exit_code == 0
    assert (tmp_path / "out.json").read_text(encoding="utf-8") != "old"
    broken = ["play", "-p", "3", "--rules", "nope", "--log"] if command == "play --log" else ["compile", "nope", "-o"]
    assert CliRunner().invoke(main, [*broken, "fresh.json"]).exit_code == 1
    assert not (tmp_path / "fresh.json").exists()


@pytest.mark.parametrize("command", WRITERS)
def test_a_symbolic_link_to_nothing_is_refused(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.json").symlink_to(tmp_path / "gone" / "target.json")
    result = write(command, "out.json")
    assert_refused_before_any_work(command, result, "out.json", "it is a symbolic link to nothing")
    assert not (tmp_path / "gone").exists()
