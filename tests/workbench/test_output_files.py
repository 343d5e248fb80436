"""Output files: written whole or not at all, a growing file complete at every moment, one writer
per file (a lock the system frees when its process ends), and paths compared as files."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from wonderrules.workbench import output_files
from wonderrules.workbench.output_files import GrowingFile, OutputBusy, lock_output, same_file, write_whole


def helpers(folder: Path) -> list[str]:
    """The helper files left in a folder."""
    return sorted(p.name for p in folder.iterdir() if ".wr-" in p.name)


def test_a_file_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")
    write_whole(str(path), b"new text")
    assert path.read_bytes() == b"new text" and helpers(tmp_path) == []


def test_a_write_that_fails_leaves_the_old_file_and_no_helper(tmp_path: Path, full_disk: None) -> None:
    path = tmp_path / "out.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(OSError) as caught:
        write_whole(str(path), b"new text")
    assert caught.value.errno == errno.ENOSPC
    assert path.read_text(encoding="utf-8") == "old" and helpers(tmp_path) == []


def test_a_new_file_gets_the_usual_permissions_and_a_replaced_one_keeps_its_own(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_whole(str(tmp_path / "new.json"), b"{}")
        kept = tmp_path / "kept.json"
        kept.write_text("old", encoding="utf-8")
        kept.chmod(0o640)
        write_whole(str(kept), b"{}")
    finally:
        os.umask(mask)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644
    assert kept.stat().st_mode & 0o777 == 0o640


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "out.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_whole(str(link), b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_a_growing_file_is_complete_after_each_publication(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    path.write_text("an older run", encoding="utf-8")
    grown = GrowingFile(str(path))
    grown.add(b"head\n")
    assert path.read_text(encoding="utf-8") == "an older run"  # nothing published yet
    expected = b"head\n"
    for n in range(5):
        grown.add(f"row {n}\n".encode())
        expected += f"row {n}\n".encode()
        grown.publish(b"end\n")
        assert path.read_bytes() == expected + b"end\n"
    grown.discard()
    assert path.read_bytes() == expected + b"end\n" and helpers(tmp_path) == []


def test_a_publication_cut_short_leaves_the_last_one_and_the_next_is_complete(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.jsonl"
    grown = GrowingFile(str(path))
    grown.add(b"1\n")
    grown.publish()
    grown.add(b"2\n")
    real = output_files._write_all

    def cut(fd: int, data: bytes) -> None:
        real(fd, data[:1])
        raise KeyboardInterrupt

    monkeypatch.setattr(output_files, "_write_all", cut)
    with pytest.raises(KeyboardInterrupt):
        grown.publish()
    assert path.read_bytes() == b"1\n"
    monkeypatch.setattr(output_files, "_write_all", real)
    grown.add(b"3\n")
    grown.publish()
    grown.add(b"4\n")
    grown.publish()
    assert path.read_bytes() == b"1\n2\n3\n4\n"
    grown.discard()


def test_a_growing_file_keeps_only_the_blocks_a_copy_lacks(tmp_path: Path) -> None:
    grown = GrowingFile(str(tmp_path / "games.csv"))
    for _ in range(50):
        grown.add(b"x" * 1000)
        grown.publish()
    assert len(grown.blocks.kept) <= 1  # the other copy lacks the last block only
    grown.discard()


def test_without_hard_links_a_growing_file_is_copied_into_place(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "games.csv"
    grown = GrowingFile(str(path))
    for n in range(4):
        grown.add(f"{n}\n".encode())
        grown.publish(b"#\n")
        assert path.read_bytes() == b"".join(f"{k}\n".encode() for k in range(n + 1)) + b"#\n"
    assert not grown.links and len(grown.blocks.kept) == 0
    grown.discard()


def test_a_second_lock_of_a_file_is_refused_with_the_holder(tmp_path: Path) -> None:
    path = str(tmp_path / "games.csv")
    with lock_output(path):
        with pytest.raises(OutputBusy) as caught:
            lock_output(path)
        assert str(caught.value).endswith(f"another command is writing it (process {os.getpid()})")
    with lock_output(path):  # released: free again
        pass
    assert helpers(tmp_path) == []


def test_the_lock_of_a_killed_process_is_free_and_its_leftovers_are_removed(tmp_path: Path) -> None:
    path = str(tmp_path / "games.csv")
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom wonderrules.workbench.output_files import "
                               "lock_output\nlock_output(sys.argv[1])\nprint('held', flush=True)\ntime.sleep(60)",
                               path], stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        with pytest.raises(OutputBusy):
            lock_output(path)
        (tmp_path / ".games.csv.wr-part-a").write_text("left by the killed run", encoding="utf-8")
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert ".games.csv.wr-lock" in helpers(tmp_path)  # the file stays; its lock does not
    with lock_output(path):
        assert helpers(tmp_path) == [".games.csv.wr-lock"]
    assert helpers(tmp_path) == []


def test_same_file_sees_links_and_spellings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("rules.wr").write_text("x", encoding="utf-8")
    os.link("rules.wr", "hard.wr")
    Path("soft.csv").symlink_to(tmp_path / "rules.wr")
    assert same_file("rules.wr", str(tmp_path / "sub" / ".." / "rules.wr"))
    assert same_file("hard.wr", "rules.wr") and same_file("soft.csv", "./rules.wr")
    assert same_file("missing.csv", "./missing.csv") and not same_file("missing.csv", "rules.wr")


def test_what_was_published_is_never_written_again(tmp_path: Path) -> None:
    """A program that opened the file meanwhile reads what it found there, perhaps followed by
    what came after: the rows published are never written over."""
    path = tmp_path / "games.csv"
    grown = GrowingFile(str(path))
    grown.add(b"a\n")
    grown.publish()
    with path.open("rb") as reader:
        for _ in range(3):
            grown.add(b"b\n")
            grown.publish()
        assert reader.read() in (b"a\n", b"a\nb\n", b"a\nb\nb\n", b"a\nb\nb\nb\n")
    grown.discard()
