"""`wr replay` reads only what it should: the log named, and the rules the log names when they are
bundled names or .wr/.json files inside the log's folder; `--rules` names them explicitly and
takes precedence. A log of other rules is refused, and a malformed log gets one sentence.

The attacks come first: a log whose `rules` entry points at the process environment, at a file
above its folder, through a symbolic link out of it, or at a Python file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main

MARKER = "HOSTILE-MARKER"
HOSTILE_WR = f'ruleset x "{MARKER}"\n{MARKER} {{ }}\n'
RICH = "ruleset rich extends base\ngame {\n  override start coins 4\n}\n"
GOLDEN = Path(__file__).resolve().parent / "data" / "base_3p_seed3003_v1.json"


def wr(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder `logs/` holding `game.json`, a base game at 3 players, played from `tmp_path`."""
    monkeypatch.chdir(tmp_path)
    result = wr("play", "-p", "3", "-s", "4", "--log", "logs/game.json")
    assert result.exit_code == 0, result.output
    return tmp_path / "logs" / "game.json"


def with_rules(log_path: Path, rules: list[str], name: str = "named.json") -> Path:
    log = json.loads(log_path.read_text(encoding="utf-8"))
    log["rules"] = rules
    out = log_path.with_name(name)
    out.write_text(json.dumps(log), encoding="utf-8")
    return out


def assert_refused(result, *parts: str) -> None:
    assert result.exit_code == 1, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for part in parts:
        assert part in lines[0], lines[0]
    assert "Traceback" not in result.output and MARKER not in result.output


# ---- the attacks ------------------------------------------------------------------------------------

def test_a_log_naming_the_process_environment_is_refused(played: Path, monkeypatch) -> None:
    monkeypatch.setenv("WR_SECRET_FOR_TEST", "s3cr3t-value")
    log = with_rules(played, ["/proc/self/environ"])
    result = wr("replay", str(log))
    assert_refused(result, f"error: {log}: rules[0]: \"/proc/self/environ\" is not a .wr or .json file; a log "
                           "names bundled rule sets or .wr and .json files inside its own folder; give the rules "
                           f"with --rules (wr replay {log} --rules FILE)")
    assert "s3cr3t-value" not in result.output


@pytest.mark.parametrize(("entry", "why"), [
    ("/proc/self/environ.wr", "is an absolute path"),
    ("../outside.wr", "leads out of the log's folder (..)"),
    ("sub/../../outside.wr", "leads out of the log's folder (..)"),
    ("link.wr", "leads out of the log's folder (a symbolic link)"),
    ("linked/outside.wr", "leads out of the log's folder (a symbolic link)"),
    ("base.py", "is not a .wr or .json file"),
    ("rules\\base.wr", "is not a path of this form (use / between folders)"),
    ("C:/rules/base.wr", "is an absolute path"),
    ("nope", "is not a bundled rule set (base, cities, cities_leaders, leaders, two_player)"),
    # a line break was printed as it is, cutting the sentence in two
    ("gone\nerror: forged.wr", "holds a character that is not printed (U+000A)"),
    ("\u202erw.evil", "holds a character that is not printed (U+202E)"),
    ("ba\x1bse", "holds a character that is not printed (U+001B)"),
])
def test_a_log_naming_rules_outside_its_folder_is_refused(played: Path, entry: str, why: str) -> None:
    outside = played.parent.parent / "outside.wr"
    outside.write_text(HOSTILE_WR, encoding="utf-8")
    (played.parent / "link.wr").symlink_to(outside)
    (played.parent / "linked").symlink_to(played.parent.parent)
    log = with_rules(played, [entry])
    assert_refused(wr("replay", str(log)), f"rules[0]: {json.dumps(entry)} {why}; ", "--rules FILE")


AUDIT = """
import json, os, sys
from click.testing import CliRunner
from wonderrules.cli import main
import wonderrules.grammar.compiler, wonderrules.cli.log_rules

opened = []
sys.addaudithook(lambda event, args: opened.append(os.fsdecode(args[0])) if event == "open" and args
                 and isinstance(args[0], (str, bytes)) else None)
results = [CliRunner().invoke(main, ["replay", log]).exit_code for log in sys.argv[1:]]
print(json.dumps({"opened": opened, "results": results}))
"""


def test_refused_rules_are_never_opened(played: Path) -> None:
    outside = played.parent.parent / "outside.wr"
    outside.write_text(HOSTILE_WR, encoding="utf-8")
    (played.parent / "link.wr").symlink_to(outside)
    (played.parent / "v.wr").write_text("ruleset v extends sneaky\n", encoding="utf-8")
    (played.parent / "sneaky.wr").symlink_to(outside)
    logs = [with_rules(played, rules, f"attack{i}.json") for i, rules in enumerate(
        [["/proc/self/environ"], ["../outside.wr"], ["link.wr"], ["base.py"], ["v.wr"]])]
    done = subprocess.run([sys.executable, "-c", AUDIT, *map(str, logs)], capture_output=True, text=True,
                          timeout=120, cwd=played.parent.parent)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["results"] == [1] * len(logs)
    opened = {os.path.realpath(p) for p in seen["opened"]}
    assert "/proc/self/environ" not in opened and not any(p.startswith("/proc/") and "environ" in p for p in opened)
    assert str(outside.resolve()) not in opened


def test_rules_that_extend_a_file_leading_out_of_the_folder_are_refused_without_echo(played: Path) -> None:
    outside = played.parent.parent / "outside.wr"
    outside.write_text(HOSTILE_WR, encoding="utf-8")
    (played.parent / "sneaky.wr").symlink_to(outside)
    (played.parent / "v.wr").write_text("ruleset v extends sneaky\n", encoding="utf-8")
    with_rules(played, ["v.wr"])
    assert_refused(wr("replay", "logs/named.json"), "rules: the rules the log names (logs/v.wr) do not compile "
                                                    "(1 error(s)); run `wr check logs/v.wr` to see them")


def test_rules_of_the_folder_that_do_not_compile_are_counted_not_shown(played: Path) -> None:
    (played.parent / "v.wr").write_text(HOSTILE_WR, encoding="utf-8")
    with_rules(played, ["base", "v.wr"])
    result = wr("replay", "logs/named.json")
    assert_refused(result, "rules: the rules the log names (base, logs/v.wr) do not compile (",
                   "run `wr check --together base logs/v.wr` to see them")


def test_a_compiled_rule_set_that_does_not_load_is_not_shown(played: Path) -> None:
    (played.parent / "rules.json").write_text(json.dumps({"name": MARKER, "cards": [MARKER]}), encoding="utf-8")
    with_rules(played, ["rules.json"])
    assert_refused(wr("replay", "logs/named.json"), "rules: the compiled rule set the log names (logs/rules.json) "
                                                    "cannot be loaded; give it with --rules to see why (wr replay "
                                                    "logs/named.json --rules logs/rules.json)")


def test_a_missing_rules_file_is_named(played: Path) -> None:
    with_rules(played, ["gone.wr"])
    assert_refused(wr("replay", "logs/named.json"), "rules[0]: the log names logs/gone.wr, which does not exist; "
                                                    "give the rules with --rules")


def test_a_log_naming_no_rules_asks_for_them(played: Path) -> None:
    log = with_rules(played, [])
    assert_refused(wr("replay", str(log)), "rules: the log names no rules; give the rules with --rules")


# ---- what is allowed ---------------------------------------------------------------------------------

def test_rules_given_with_the_option_take_precedence(played: Path) -> None:
    log = with_rules(played, ["/proc/self/environ"])
    result = wr("replay", str(log), "--rules", "base")
    assert result.exit_code == 0, result.output
    assert "replay verified" in result.output


def test_rules_inside_the_folder_of_the_log_are_read_from_anywhere(played: Path, tmp_path: Path,
                                                                   monkeypatch) -> None:
    (played.parent / "variants").mkdir()
    (played.parent / "variants" / "rich.wr").write_text(RICH, encoding="utf-8")
    monkeypatch.chdir(played.parent / "variants")
    result = wr("play", "-p", "3", "--rules", "rich.wr", "--log", "../rich_game.json")
    assert result.exit_code == 0 and "note:" not in result.output, result.output
    log = json.loads((played.parent / "rich_game.json").read_text(encoding="utf-8"))
    assert log["rules"] == ["variants/rich.wr"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = wr("replay", str(played.parent / "rich_game.json"))
    assert result.exit_code == 0 and "replay verified" in result.output, result.output


def test_a_compiled_rule_set_inside_the_folder_is_loaded(played: Path) -> None:
    assert wr("compile", "base", "-o", str(played.parent / "base.json")).exit_code == 0
    log = with_rules(played, ["base.json"])
    result = wr("replay", str(log))
    assert result.exit_code == 0 and "replay verified" in result.output, result.output


def test_rules_outside_the_folder_are_recorded_by_their_absolute_path(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "rich.wr").write_text(RICH, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = wr("play", "-p", "3", "--rules", "rich.wr", "--log", "logs/game.json")
    assert result.exit_code == 0, result.output
    assert ("note: the log records rich.wr by its absolute path (a log names only .wr and .json files inside its "
            "folder); replay it with `wr replay logs/game.json --rules rich.wr`") in result.output
    log = json.loads((tmp_path / "logs" / "game.json").read_text(encoding="utf-8"))
    assert log["rules"] == [str((tmp_path / "rich.wr").resolve())]
    assert_refused(wr("replay", "logs/game.json"), "is an absolute path")
    result = wr("replay", "logs/game.json", "--rules", "rich.wr")
    assert result.exit_code == 0 and "replay verified" in result.output, result.output


# ---- the fingerprint ---------------------------------------------------------------------------------------

def test_a_replay_against_other_rules_is_refused(played: Path) -> None:
    (played.parent / "rich.wr").write_text(RICH, encoding="utf-8")
    result = wr("replay", str(played), "--rules", str(played.parent / "rich.wr"))
    assert_refused(result, f"error: {played}: fingerprint: the log was recorded with other rules than these",
                   "; give the rules the game was played with (--rules FILE)")
    log = with_rules(played, ["rich.wr"])
    assert_refused(wr("replay", str(log)), "fingerprint: the log was recorded with other rules than these")


def test_a_file_without_a_suffix_is_recorded_by_its_absolute_path(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "rich").write_text(RICH, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = wr("play", "-p", "3", "--rules", "base", "--rules", "logs/rich", "--log", "logs/game.json")
    assert result.exit_code == 0, result.output
    log = json.loads((tmp_path / "logs" / "game.json").read_text(encoding="utf-8"))
    assert log["rules"] == ["base", str((tmp_path / "logs" / "rich").resolve())]
    assert "replay it with `wr replay logs/game.json --rules base --rules logs/rich`" in result.output
    assert "replay verified" in wr("replay", "logs/game.json", "--rules", "base", "--rules", "logs/rich").output


def test_a_log_without_a_fingerprint_replays(tmp_path: Path) -> None:
    log = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert "fingerprint" not in log
    (tmp_path / "game.json").write_text(json.dumps(log), encoding="utf-8")
    result = wr("replay", str(tmp_path / "game.json"))
    assert result.exit_code == 0 and "replay verified" in result.output, result.output


# ---- malformed logs -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    (None, 'rounds[12]["1"].left: expected an integer, got "x"'),
    ("[1, 2]", "a game log is a JSON object, not a list"),
    ("[" * 50_000 + "]" * 50_000, "its JSON is nested too deeply"),
    ('{"format": "wonder-rules game log", "version": 1, "players": 3, "seed": "7"}',
     'seed: expected an integer, got "7"'),
    ('{"format": "wonder-rules game log", "version": 1, "rules": ["base"], "players": 99, "seats": [], "deals": {}, '
     '"rounds": []}',
     "the table of the log does not fit these rules: "),
    ('{"format": "wonder-rules game log",', "it is not valid JSON (line 1, column 36: expecting property name"),
    ('{"format": "wonder-rules game log", "version": 2, "players": 3, "players": 4}',
     "the key players is written twice in its object"),
    # the card of an action with a line break: the refusal was two lines, the second one forged
    ("card", "illegal action: player 0: 'Altar\\x0aerror: forged' is not in the hand"),
])
def test_a_malformed_log_gets_one_sentence(tmp_path: Path, text: str | None, message: str) -> None:
    if text is None:
        log = json.loads(GOLDEN.read_text(encoding="utf-8"))
        log["rounds"][12]["1"]["left"] = "x"
        text = json.dumps(log)
    elif text == "card":
        log = json.loads(GOLDEN.read_text(encoding="utf-8"))
        log["rounds"][0]["0"]["card"] = "Altar\nerror: forged"
        text = json.dumps(log)
    (tmp_path / "game.json").write_text(text, encoding="utf-8")
    assert_refused(wr("replay", str(tmp_path / "game.json")), message)


def hostile_compiled(folder: Path, target: Path) -> Path:
    """The base game compiled, its building action renamed to code that breaks out of a comment
    of the listing source at the indentation where the old writer put it."""
    assert wr("compile", "base", "-o", str(folder / "hostile.json")).exit_code == 0
    doc = json.loads((folder / "hostile.json").read_text(encoding="utf-8"))
    code = f"open({str(target)!r}, 'w').close()"
    name = "build\n        " + code + "\n        #"
    text = json.dumps(doc).replace('"build"', json.dumps(name))
    (folder / "hostile.json").write_text(text, encoding="utf-8")
    return folder / "hostile.json"


def test_a_compiled_rule_set_whose_names_hold_code_never_runs_it(played: Path, tmp_path: Path) -> None:
    target = tmp_path / "ran"
    hostile = hostile_compiled(played.parent, target)
    log = with_rules(played, ["hostile.json"])
    for args in (("play", "-p", "3", "--rules", str(hostile)), ("replay", str(log)),
                 ("replay", "logs/game.json", "--rules", str(hostile)),
                 ("simulate", "-p", "3", "-n", "2", "--jobs", "1", "--no-progress", "--rules", str(hostile))):
        result = wr(*args)
        assert result.exit_code != 0, (args, result.output)
        assert "Traceback" not in result.output
        assert not target.exists(), f"wr {' '.join(args)} ran code from the rule set"
    result = wr("play", "-p", "3", "--rules", str(hostile))
    assert_refused(result, "actions[0].name", "U+000A", "printable characters only")


def test_a_game_log_given_as_rules_and_a_rule_set_given_as_a_log_are_named_for_what_they_are(
        played: Path, tmp_path: Path) -> None:
    # the log was "format 'wonder-rules game log'" with the advice to compile it again
    assert_refused(wr("play", "-p", "3", "--rules", str(played)),
                   "format: this is a game log, not a compiled rule set (wr replay reads it)")
    assert wr("compile", "base", "-o", str(tmp_path / "base.json")).exit_code == 0
    assert_refused(wr("replay", str(tmp_path / "base.json")),
                   "format: this is a compiled rule set, not a game log (wr play --rules reads it)")
