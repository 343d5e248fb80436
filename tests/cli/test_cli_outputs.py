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
    broken = ["play", "-p", "3", "--rules", "./nope", "--log"] if command == "play --log" else ["compile", "nope", "-o"]
    assert CliRunner().invoke(main, [*broken, "fresh.json"]).exit_code == 1
    assert not (tmp_path / "fresh.json").exists()


@pytest.mark.parametrize("command", WRITERS)
def test_a_symbolic_link_to_nothing_is_refused(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.json").symlink_to(tmp_path / "gone" / "target.json")
    result = write(command, "out.json")
    assert_refused_before_any_work(command, result, "out.json", "it is a symbolic link to nothing")
    assert not (tmp_path / "gone").exists()


# ---- written whole, or the old file left whole ------------------------------------------------------

#: every option that names a file a command writes, with the command around it (FILE: the file)
OUTPUTS = {
    "compile -o": (["compile", "base", "-o", "FILE"], "out.json", "the compiled rule set"),
    "play --log": (["play", "-p", "3", "-s", "2", "--log", "FILE"], "out.json", "the game log"),
    "simulate --out": (["simulate", "-p", "3", "-n", "2", "-j", "1", "--out", "FILE"], "games.csv", "the records"),
    "simulate --report": (["simulate", "-p", "3", "-n", "2", "-j", "1", "--report", "FILE"], "page.html",
                          "the report"),
}


def write_to(command: str, path: str):
    args, _, _ = OUTPUTS[command]
    return CliRunner().invoke(main, [path if a == "FILE" else a for a in args])


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".wr-" in p.name)


@pytest.mark.parametrize("command", OUTPUTS)
def test_a_full_disk_leaves_the_old_file_whole_and_says_one_line(tmp_path: Path, monkeypatch, full_disk,
                                                                 command: str) -> None:
    monkeypatch.chdir(tmp_path)
    _, name, what = OUTPUTS[command]
    Path(name).write_text("the old file", encoding="utf-8")
    result = write_to(command, name)
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == f"error: cannot write {what} to {name}: no space left on device"
    assert "Traceback" not in result.output
    assert Path(name).read_text(encoding="utf-8") == "the old file" and leftovers(tmp_path) == []


@pytest.mark.parametrize("command", OUTPUTS)
def test_a_folder_that_refuses_the_new_file_leaves_the_old_one_whole(tmp_path: Path, monkeypatch,
                                                                     command: str) -> None:
    import errno

    monkeypatch.chdir(tmp_path)
    _, name, what = OUTPUTS[command]
    Path(name).write_text("the old file", encoding="utf-8")
    real_open = os.open

    def refusing(path, *args, **kwargs):
        if ".wr-part" in os.fspath(path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    result = write_to(command, name)
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == f"error: cannot write {what} to {name}: permission denied"
    assert Path(name).read_text(encoding="utf-8") == "the old file" and leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind the superuser")
@pytest.mark.parametrize("command", ["simulate --out", "simulate --report"])
def test_a_read_only_folder_is_refused_before_any_game(tmp_path: Path, monkeypatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "locked").mkdir()
    _, name, _ = OUTPUTS[command]
    (tmp_path / "locked" / name).write_text("the old file", encoding="utf-8")
    (tmp_path / "locked").chmod(0o555)
    try:
        result = write_to(command, f"locked/{name}")
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert result.exit_code == 2 and "permission denied" in result.output and "games/s" not in result.output
    assert (tmp_path / "locked" / name).read_text(encoding="utf-8") == "the old file"


@pytest.mark.parametrize("command", OUTPUTS)
def test_a_file_another_command_is_writing_is_refused(tmp_path: Path, monkeypatch, command: str) -> None:
    from wonderrules.workbench.output_files import lock_output

    monkeypatch.chdir(tmp_path)
    _, name, _ = OUTPUTS[command]
    with lock_output(name):
        result = write_to(command, name)
    assert result.exit_code == 2, result.output
    assert (f"cannot write to '{name}': another command is writing it (process {os.getpid()})"
            in " ".join(result.output.split()))
    assert not Path(name).exists() and "Winner" not in result.output and "games/s" not in result.output


def test_a_run_that_finishes_no_game_leaves_the_records_file_that_was_there(tmp_path: Path, monkeypatch) -> None:
    import functools

    from wonderrules.workbench import simulation_run

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(simulation_run, "run_jobs", functools.partial(simulation_run.run_jobs, stop_after=lambda: True))
    Path("games.csv").write_text("the records of the last run", encoding="utf-8")
    result = write_to("simulate --out", "games.csv")
    assert result.exit_code == 130
    assert "no game finished: games.csv was left as it was" in result.output and "records written" not in result.output
    assert Path("games.csv").read_text(encoding="utf-8") == "the records of the last run"
    assert leftovers(tmp_path) == []


# ---- no output onto an input ---------------------------------------------------------------------------

PARENT = "ruleset parent extends base\n"
CHILD = "ruleset child extends parent\n"


def assert_refused_as_an_input(result, option: str, path: str, read: str) -> None:
    assert result.exit_code == 2, result.output
    assert (f"Invalid value for {option}: cannot write to '{path}': it is '{read}', a file this command reads; give "
            f"the output a name of its own" in " ".join(result.output.split()))
    assert "Winner" not in result.output and "games/s" not in result.output and "wrote" not in result.output


@pytest.mark.parametrize(("args", "option", "path", "read"), [
    (["play", "-p", "3", "--rules", "child.wr", "--log", "child.wr"], "'--log'", "child.wr", "child.wr"),
    (["play", "-p", "3", "--rules", "child.wr", "--log", "./parent.wr"], "'--log'", "./parent.wr", "parent.wr"),
    (["play", "-p", "3", "--rules", "rules.json", "--log", "rules.json"], "'--log'", "rules.json", "rules.json"),
    (["compile", "child.wr", "-o", "child.wr"], "'-o' / '--output'", "child.wr", "child.wr"),
    (["compile", "child.wr", "-o", "parent.wr"], "'-o' / '--output'", "parent.wr", "parent.wr"),
    (["simulate", "-p", "3", "-n", "2", "--rules", "child.wr", "--report", "parent.wr"], "'--report'", "parent.wr",
     "parent.wr"),
    (["simulate", "-p", "3", "-n", "2", "--rules", "child.wr", "--out", "linked.csv"], "'--out'", "linked.csv",
     "child.wr"),
    (["compare", "base", "child.wr", "-p", "3", "-n", "2", "--report", "sub/../child.wr"], "'--report'",
     "sub/../child.wr", "child.wr"),
])
def test_an_output_may_not_be_a_file_the_command_reads(tmp_path: Path, monkeypatch, args: list[str], option: str,
                                                       path: str, read: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("parent.wr").write_text(PARENT, encoding="utf-8")
    Path("child.wr").write_text(CHILD, encoding="utf-8")
    Path("sub").mkdir()
    Path("linked.csv").symlink_to(tmp_path / "child.wr")
    assert CliRunner().invoke(main, ["compile", "base", "-o", "rules.json"]).exit_code == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    assert_refused_as_an_input(CliRunner().invoke(main, args), option, path, read)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before


def test_a_full_disk_while_a_parquet_row_group_is_made_is_one_line(tmp_path: Path, monkeypatch) -> None:
    import errno

    pytest.importorskip("pyarrow")
    if not hasattr(os, "posix_fallocate"):
        pytest.skip("needs posix_fallocate")

    def full(*args) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "posix_fallocate", full)
    Path("games.parquet").write_text("the old file", encoding="utf-8")
    result = write_to("simulate --out", "games.parquet")
    assert result.exit_code == 1, result.output
    assert result.output == "error: cannot write the records to games.parquet: no space left on device\n"
    assert Path("games.parquet").read_text(encoding="utf-8") == "the old file" and leftovers(tmp_path) == []
