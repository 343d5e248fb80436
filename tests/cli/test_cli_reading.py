"""Every way in for a file — `wr check`, `wr play --rules`, `wr replay` and the Python facade —
refuses what is not a regular UTF-8 file under its limit at once, with one sentence naming it.

The inputs that would hang the old code (a named pipe, the endless zero device) are tried in a
child process with a timeout, all entry points at once, so a regression costs seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.interpreter import serial
from wonderrules.interpreter.files import COMPILED_RULES_LIMIT, LOG_LIMIT, RULESET_TEXT_LIMIT

#: the entry points, with the file suffix each reads
ENTRIES = ("check", "play .wr", "play .json", "replay", "load_rules", "load_compiled")

CHILD = """
import json, sys
from click.testing import CliRunner
import wonderrules as wr
from wonderrules.cli import main
from wonderrules.interpreter import serial

def run(entry, path):
    if entry == "load_rules":
        try:
            wr.load_rules(path)
        except wr.RulesError as e:
            return [1, e.text]
        return [0, ""]
    if entry == "load_compiled":
        try:
            wr.load_compiled(path)
        except wr.FileReadError as e:
            return [1, str(e)]
        return [0, ""]
    args = {"check": ["check", path], "play": ["play", "-p", "3", "--rules", path],
            "replay": ["replay", path]}[entry.split()[0]]
    result = CliRunner().invoke(main, args)
    return [result.exit_code, result.output]

print(json.dumps([run(entry, path) for entry, path in json.loads(sys.argv[1])]))
"""


def run_in_child(cases: list[tuple[str, str]]) -> list[tuple[int, str]]:
    # the environment as os.environ holds it: a readline loaded in this process may have set COLUMNS
    # in the process's own environment, which a child would inherit and wrap its messages to
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cases)], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    return [tuple(r) for r in json.loads(done.stdout)]


def run_here(entry: str, path: str) -> tuple[int, str]:
    if entry == "load_rules":
        with pytest.raises(wr.RulesError) as caught:
            wr.load_rules(path)
        return 1, caught.value.text
    if entry == "load_compiled":
        with pytest.raises(wr.FileReadError) as caught:
            wr.load_compiled(path)
        return 1, str(caught.value)
    args = {"check": ["check", path], "play": ["play", "-p", "3", "--rules", path],
            "replay": ["replay", path]}[entry.split()[0]]
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.output


def assert_one_sentence(outcome: tuple[int, str], sentence: str) -> None:
    code, text = outcome
    assert code == 1, text
    assert sentence in text, text
    assert "Traceback" not in text and "Error:" not in text.replace("FileReadError", "")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    # one error; wr check adds its help and its count of errors
    assert sum(ln.startswith("error") or ln.startswith("cannot read") for ln in lines) == 1, text
    assert all(ln.startswith(("error", "cannot read", "  = help: ", "1 error(s)")) for ln in lines), text


def path_for(entry: str, stem: Path) -> str:
    """The file an entry point reads: a .wr for the rule set routes, a .json for the others."""
    suffix = ".wr" if entry in ("check", "play .wr", "load_rules") else ".json"
    return str(stem.with_name(stem.name + suffix))


def test_a_named_pipe_is_refused_by_every_entry_point_without_blocking(tmp_path: Path) -> None:
    for suffix in (".wr", ".json"):
        os.mkfifo(tmp_path / f"pipe{suffix}")
    paths = [path_for(e, tmp_path / "pipe") for e in ENTRIES]
    for path, outcome in zip(paths, run_in_child(list(zip(ENTRIES, paths)))):
        assert_one_sentence(outcome, f"cannot read '{path}': it is a named pipe (FIFO), not a regular file")


def test_the_endless_zero_device_is_refused_by_every_entry_point() -> None:
    for outcome in run_in_child([(e, "/dev/zero") for e in ENTRIES]):
        assert_one_sentence(outcome, "cannot read '/dev/zero': it is a device, not a regular file")


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_folder_is_refused(tmp_path: Path, entry: str) -> None:
    path = path_for(entry, tmp_path / "folder")
    Path(path).mkdir()
    assert_one_sentence(run_here(entry, path), f"cannot read '{path}': it is a folder, not a file")


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_file_over_the_limit_of_its_kind_is_refused(tmp_path: Path, entry: str) -> None:
    path = path_for(entry, tmp_path / "big")
    limit, what = {"check": (RULESET_TEXT_LIMIT, "a rule set file"),
                   "play .wr": (RULESET_TEXT_LIMIT, "a rule set file"),
                   "load_rules": (RULESET_TEXT_LIMIT, "a rule set file"),
                   "play .json": (COMPILED_RULES_LIMIT, "a compiled rule set"),
                   "load_compiled": (COMPILED_RULES_LIMIT, "a compiled rule set"),
                   "replay": (LOG_LIMIT, "a game log")}[entry]
    with open(path, "wb") as out:
        out.truncate(limit + 1)  # a sparse file: the size is what counts
    mib = limit // (1024 * 1024)
    sentence = f"cannot read '{path}': it is larger than {mib} MiB, the limit for {what}"
    assert_one_sentence(run_here(entry, path), sentence)


@pytest.mark.parametrize("entry", ENTRIES)
def test_bytes_that_are_not_utf8_are_located(tmp_path: Path, entry: str) -> None:
    path = path_for(entry, tmp_path / "latin1")
    Path(path).write_bytes(b'{"x":\n "caf\xe9"}\n')
    sentence = f"cannot read '{path}': it is not UTF-8 text (byte 0xe9 at line 2, column 6)"
    assert_one_sentence(run_here(entry, path), sentence)


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_missing_file_is_refused(tmp_path: Path, entry: str) -> None:
    path = path_for(entry, tmp_path / "nothere")
    sentence = f"no file '{path}'" if path.endswith(".wr") else f"cannot read '{path}': there is no such file"
    assert_one_sentence(run_here(entry, path), sentence)


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
@pytest.mark.parametrize("entry", ENTRIES)
def test_the_environment_of_the_process_is_refused_and_never_echoed(entry: str, monkeypatch) -> None:
    monkeypatch.setenv("WR_SECRET_FOR_TEST", "s3cr3t-value")
    outcome = run_here(entry if entry != "play .json" else "play .wr", "/proc/self/environ")
    assert_one_sentence(outcome, "cannot read '/proc/self/environ': its content does not match the size the system "
                                 "reports")
    assert "s3cr3t-value" not in outcome[1]


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_file_that_begins_with_a_byte_order_mark_is_read(tmp_path: Path, entry: str) -> None:
    # some editors begin UTF-8 text with U+FEFF; it was an unexpected character at line 1,
    # column 1 of a rule set, and "Unexpected UTF-8 BOM (decode using utf-8-sig)" for JSON
    path = path_for(entry, tmp_path / "marked")
    if entry == "replay":
        played = tmp_path / "game.json"
        assert CliRunner().invoke(main, ["play", "-p", "3", "--log", str(played)]).exit_code == 0
        text = played.read_text(encoding="utf-8")
    elif path.endswith(".json"):
        text = serial.rules_to_json(wr.load_rules("base"))
    else:
        text = 'ruleset marked extends base\n'
    Path(path).write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    if entry == "load_rules":
        assert wr.load_rules(path).layers == ("base", "marked")
    elif entry == "load_compiled":
        assert wr.load_compiled(path).name == "base"
        assert wr.load_compiled("\ufeff" + text).name == "base"
    else:
        args = {"check": ["check", path], "play": ["play", "-p", "3", "--rules", path],
                "replay": ["replay", path]}[entry.split()[0]]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
