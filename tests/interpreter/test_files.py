"""The safe reader: only regular UTF-8 text files under a size limit are read; everything else is
refused at once with one sentence naming the file.

Reads that would hang on the old code (a named pipe, an endless device) run in a child process
with a timeout, so a regression fails this test in seconds instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from wonderrules.interpreter.files import (
    COMPILED_RULES_LIMIT,
    LOG_LIMIT,
    RULESET_TEXT_LIMIT,
    FileReadError,
    read_json,
    read_text,
)

PROBE = """
import json, sys
from wonderrules.interpreter.files import FileReadError, read_text
try:
    read_text(sys.argv[1], 1024, "a test file")
    print(json.dumps(["read", None]))
except FileReadError as e:
    print(json.dumps(["refused", str(e)]))
"""


def read_in_child(path: str) -> tuple[str, str | None]:
    done = subprocess.run([sys.executable, "-c", PROBE, path], capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    outcome, message = json.loads(done.stdout)
    return outcome, message


def refusal(path: Path | str, limit: int = 1024) -> FileReadError:
    with pytest.raises(FileReadError) as caught:
        read_text(path, limit, "a test file")
    return caught.value


def test_a_regular_utf8_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.wr").write_text("ruleset a\n# café\n", encoding="utf-8")
    assert read_text(tmp_path / "a.wr", 1024, "a test file") == "ruleset a\n# café\n"


def test_an_empty_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.wr").write_bytes(b"")
    assert read_text(tmp_path / "a.wr", 1024, "a test file") == ""


def test_the_endless_zero_device_is_refused_at_once() -> None:
    assert read_in_child("/dev/zero") == ("refused", "cannot read '/dev/zero': it is a device, not a regular file")


def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.wr"
    os.mkfifo(fifo)
    expected = f"cannot read '{fifo}': it is a named pipe (FIFO), not a regular file"
    assert read_in_child(str(fifo)) == ("refused", expected)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert str(refusal(tmp_path)) == f"cannot read '{tmp_path}': it is a folder, not a file"


def test_a_socket_is_refused() -> None:
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        path = os.path.join(folder, "s.wr")
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(path)
            assert str(refusal(path)) == f"cannot read '{path}': it is a socket, not a regular file"


def test_a_missing_file_is_refused_and_marked_missing(tmp_path: Path) -> None:
    error = refusal(tmp_path / "nothere.wr")
    assert str(error) == f"cannot read '{tmp_path / 'nothere.wr'}': there is no such file"
    assert error.missing
    assert not refusal(tmp_path).missing


def test_a_path_through_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.wr").write_text("x", encoding="utf-8")
    assert refusal(tmp_path / "a.wr" / "b.wr").problem == "a part of its path is a file, not a folder"


def test_a_file_one_byte_over_the_limit_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ok.wr").write_bytes(b"x" * 1024)
    assert read_text(tmp_path / "ok.wr", 1024, "a test file") == "x" * 1024
    (tmp_path / "big.wr").write_bytes(b"x" * 1025)
    assert refusal(tmp_path / "big.wr").problem == "it is larger than 1024 bytes, the limit for a test file"


def test_limits_are_stated_in_mebibytes(tmp_path: Path) -> None:
    (tmp_path / "big.json").write_bytes(b" " * (2 * 1024 * 1024 + 1))
    error = refusal(tmp_path / "big.json", limit=2 * 1024 * 1024)
    assert error.problem == "it is larger than 2 MiB, the limit for a test file"


def test_the_limits_of_each_kind_leave_room_and_stay_small() -> None:
    mib = 1024 * 1024
    assert (RULESET_TEXT_LIMIT, COMPILED_RULES_LIMIT, LOG_LIMIT) == (2 * mib, 8 * mib, 32 * mib)


def test_bytes_that_are_not_utf8_are_located(tmp_path: Path) -> None:
    (tmp_path / "bad.wr").write_bytes(b"ruleset bad\n# caf\xe9\n")
    error = refusal(tmp_path / "bad.wr")
    assert error.problem == "it is not UTF-8 text (byte 0xe9 at line 2, column 6)"
    assert error.hint == "save the file as UTF-8 text"


def test_the_column_of_a_bad_byte_counts_characters(tmp_path: Path) -> None:
    (tmp_path / "bad.wr").write_bytes("ééé".encode() + b"\xff")
    assert refusal(tmp_path / "bad.wr").problem == "it is not UTF-8 text (byte 0xff at line 1, column 4)"


def test_a_nul_character_means_not_text(tmp_path: Path) -> None:
    (tmp_path / "bin.wr").write_bytes(b"ruleset x\nab\0cd")
    assert refusal(tmp_path / "bin.wr").problem == "it holds a NUL character (line 2, column 3), so it is not text"


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_a_proc_file_is_refused_as_a_special_file() -> None:
    error = refusal("/proc/self/environ", limit=RULESET_TEXT_LIMIT)
    assert str(error).startswith("cannot read '/proc/self/environ': ")
    assert "=" not in str(error)  # nothing of the environment is echoed
    assert Path("/proc/self/environ").stat().st_size == 0


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs /proc")
def test_a_file_that_reports_size_zero_is_still_cut_at_the_limit() -> None:
    assert refusal("/proc/self/maps", limit=16).problem == "it is larger than 16 bytes, the limit for a test file"


def test_a_control_character_in_a_name_is_escaped(tmp_path: Path) -> None:
    name = str(tmp_path / "a\x1b[2Jb.wr")
    assert str(refusal(name)) == f"cannot read {name!r}: there is no such file"


def test_a_name_too_long_for_a_path_is_shown_cut() -> None:
    # JSON text that does not begin with "{" is a path to load_compiled: the refusal quoted all of it
    import wonderrules as wr

    text = "[" + ", ".join(["1"] * 100_000) + "]"
    with pytest.raises(FileReadError) as caught:
        wr.load_compiled(text)
    assert str(caught.value) == (f"cannot read '{text[:100]}...' (a name of {len(text)} characters): its name is "
                                 "too long")


def test_json_that_does_not_parse_is_located(tmp_path: Path) -> None:
    (tmp_path / "log.json").write_text('{"a": 1,\n "b": }\n', encoding="utf-8")
    with pytest.raises(FileReadError) as caught:
        read_json(tmp_path / "log.json", 1024, "a game log")
    assert caught.value.problem == "it is not valid JSON (line 2, column 7: expecting value)"


def test_json_nested_too_deep_or_with_endless_numbers_is_refused(tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (tmp_path / "long.json").write_text("1" * 10_000, encoding="utf-8")
    with pytest.raises(FileReadError, match="its JSON is nested too deeply"):
        read_json(tmp_path / "deep.json", 1024 * 1024, "a game log")
    with pytest.raises(FileReadError, match="it holds a number too long to read"):
        read_json(tmp_path / "long.json", 1024 * 1024, "a game log")


def test_json_nested_too_deep_is_located(tmp_path: Path) -> None:
    # brackets inside a string do not count
    (tmp_path / "deep.json").write_text('{"a": "[[[[",\n "b": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    with pytest.raises(FileReadError) as caught:
        read_json(tmp_path / "deep.json", 1024 * 1024, "a game log")
    assert caught.value.problem == "its JSON is nested too deeply: more than 64 levels at line 2, column 70"


def test_a_number_too_long_to_read_is_located(tmp_path: Path) -> None:
    (tmp_path / "long.json").write_text('{"rounds": [{"0": {"amount": ' + "9" * 5000 + "}}]}", encoding="utf-8")
    with pytest.raises(FileReadError) as caught:
        read_json(tmp_path / "long.json", 1024 * 1024, "a game log")
    assert caught.value.problem == 'it holds a number too long to read (5000 digits) at rounds[0]["0"].amount'


@pytest.mark.parametrize(("text", "where"), [
    ('{"players": 3, "players": 4}', "players"),
    ('{"rounds": [{"0": {"kind": "build"}, "0": {"kind": "sell"}}]}', 'rounds[0]["0"]'),
    ('{"a": {"pay": {"1": 2, "2": 1, "1": 3}}}', 'a.pay["1"]'),
])
def test_a_key_written_twice_in_one_object_is_refused_where_it_is(tmp_path: Path, text: str, where: str) -> None:
    # JSON readers keep one of the two (Python the last, others the first): the file says two things
    (tmp_path / "twice.json").write_text(text, encoding="utf-8")
    with pytest.raises(FileReadError) as caught:
        read_json(tmp_path / "twice.json", 1024, "a game log")
    assert caught.value.problem == (f"the key {where} is written twice in its object (JSON readers keep one or the "
                                    "other, so the file does not say one thing)")


def test_a_nul_character_in_a_name_is_refused() -> None:
    assert refusal("bad\0name.wr").problem == "its name holds a NUL character"
