"""What a rule set reference reads: a bare name is always the bundled rule set, whatever files the
current folder holds; `extends NAME` reads `NAME.wr` next to the layer, else the bundled one.

The folder the tools run in is hostile: it holds files named `base`, `base.wr`, `rulesets/base.wr`
(and a copy of the bundled `cities.wr`, which once made a bundled layer look for its `extends`
in the current folder). Their text carries a marker that must never appear anywhere, and a child
process records every file opened (an audit hook) to show that none of them is even opened.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources as pkg_resources
from pathlib import Path

import pytest
from click.testing import CliRunner
from grammar_support import MINI, only

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.loading import names_a_file

MARKER = "HOSTILE-MARKER"
HOSTILE = f'ruleset base "{MARKER}"\n{MARKER} {{ }}\n'


def bundled_text(name: str) -> str:
    return pkg_resources.files("wonderrules.rulesets").joinpath(f"{name}.wr").read_text(encoding="utf-8")


@pytest.fixture
def hostile_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("base", "base.wr", "cities", "rulesets/base.wr", "rulesets/two_player.wr"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(HOSTILE, encoding="utf-8")
    (tmp_path / "rulesets" / "cities.wr").write_text(bundled_text("cities"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("ref", ["base", "cities", "two_player"])
def test_a_bare_name_is_the_bundled_rule_set_whatever_the_folder_holds(hostile_folder: Path, ref: str) -> None:
    result = compile_rules([ref])
    assert result.ok, [d.message for d in result.diagnostics]
    assert all(path.startswith("<bundled>/") for path in result.sources)
    assert not any(MARKER in text for text in result.sources.values())
    assert result.rules.layers[0] == "base"


def test_a_bundled_file_is_shown_as_bundled_even_from_the_source_tree(repo_root: Path, monkeypatch) -> None:
    monkeypatch.chdir(repo_root)
    assert set(compile_rules(["cities"]).sources) == {"<bundled>/base.wr", "<bundled>/cities.wr"}


def test_wr_check_and_load_rules_use_the_bundled_base(hostile_folder: Path) -> None:
    result = CliRunner().invoke(main, ["check", "base"])
    assert result.exit_code == 0, result.output
    assert MARKER not in result.output
    assert wr.load_rules("base").title != MARKER


def test_a_layer_elsewhere_extends_the_bundled_base_not_a_file_of_the_current_folder(hostile_folder: Path) -> None:
    (hostile_folder / "variants").mkdir()
    (hostile_folder / "variants" / "v.wr").write_text("ruleset v extends base\n", encoding="utf-8")
    result = compile_rules(["variants/v.wr"])
    assert result.ok, [d.message for d in result.diagnostics]
    assert set(result.sources) == {"variants/v.wr", "<bundled>/base.wr"}


def test_extends_reads_the_file_next_to_the_layer_first(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "mini.wr").write_text(MINI, encoding="utf-8")
    (tmp_path / "variants" / "v.wr").write_text("ruleset v extends mini\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = compile_rules(["variants/v.wr"])
    assert result.ok and set(result.sources) == {"variants/v.wr", "variants/mini.wr"}


def test_a_bare_name_that_is_not_bundled_reads_nothing(hostile_folder: Path) -> None:
    (hostile_folder / "variant").write_text(HOSTILE, encoding="utf-8")
    d = only(compile_rules(["variant"]))
    assert d.code == "E0004" and d.message == "no rule set 'variant'"
    assert d.help == ("give a .wr file or a bundled name (base, cities, cities_leaders, leaders, two_player); "
                      "a bare name is always a bundled rule set, a file is named by its path (./variant)")


def test_a_path_without_the_suffix_is_read_when_given_as_a_path(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "mini").write_text(MINI, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert compile_rules(["./mini"]).ok


def test_a_compiled_rule_set_is_not_checked_as_text(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "rules.json").write_text(HOSTILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    d = only(compile_rules(["rules.json"]))
    assert d.code == "E0004" and MARKER not in d.message + (d.help or "")
    assert d.help.endswith("a compiled .json rule set is loaded by `wr play --rules`, not checked")


@pytest.mark.parametrize(("ref", "is_path"), [("base", False), ("base.wr", True), ("./base", True),
                                              ("rules/base", True), ("base.json", False), ("base.WR", False)])
def test_what_names_a_file(ref: str, is_path: bool) -> None:
    assert names_a_file(ref) is is_path


@pytest.mark.parametrize("bad", ["/dev/zero", "folder.wr", "bad.wr"])
def test_a_rule_set_file_that_cannot_be_read_is_one_sentence(tmp_path: Path, monkeypatch, bad: str) -> None:
    (tmp_path / "folder.wr").mkdir()
    (tmp_path / "bad.wr").write_bytes(b"ruleset bad\n\xff\n")
    monkeypatch.chdir(tmp_path)
    d = only(compile_rules([bad]))
    assert d.code == "E0004" and d.message.startswith(f"cannot read '{bad}': it ")


def test_a_file_next_to_a_layer_that_cannot_be_read_is_reported_not_skipped(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "base.wr").mkdir()
    (tmp_path / "v.wr").write_text("ruleset v extends base\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    d = only(compile_rules(["v.wr"]))
    assert d.code == "E0405" and d.message == "cannot read 'base.wr': it is a folder, not a file"


AUDIT = """
import json, os, sys
from click.testing import CliRunner
import wonderrules as wr
from wonderrules.cli import main
from wonderrules.grammar.compiler import compile_rules

here = os.getcwd()
touched = []

def hook(event, args):
    if event in ("open", "os.listdir", "os.scandir") and args and isinstance(args[0], (str, bytes)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.startswith(here):
            touched.append(path)

sys.addaudithook(hook)
compile_rules(["base"])
compile_rules(["cities"])
compile_rules(["two_player"])
wr.load_rules("cities", "two_player")
outputs = [CliRunner().invoke(main, args).output for args in (["check", "base"], ["check", "cities"],
           ["play", "--rules", "base", "-p", "3"])]
print(json.dumps({"touched": touched, "outputs": outputs}))
"""


def test_nothing_of_the_current_folder_is_opened_for_bundled_names(hostile_folder: Path) -> None:
    done = subprocess.run([sys.executable, "-c", AUDIT], capture_output=True, text=True, timeout=120,
                          cwd=hostile_folder)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["touched"] == []
    assert all(MARKER not in out for out in seen["outputs"])
    assert "Score sheet" in seen["outputs"][2] or "seat" in seen["outputs"][2]


@pytest.mark.parametrize(("name", "hint"), [("citiez", "did you mean 'cities'? "), ("BASE", "did you mean 'base'? "),
                                            ("leader", "did you mean 'leaders' or 'cities_leaders'? "), ("zzz", "")])
def test_a_bare_name_close_to_a_bundled_one_gets_it_in_the_help(name: str, hint: str) -> None:
    d = only(compile_rules([name]))
    assert d.code == "E0004" and d.message == f"no rule set '{name}'"
    assert d.help == (f"{hint}give a .wr file or a bundled name (base, cities, cities_leaders, leaders, two_player); "
                      f"a bare name is always a bundled rule set, a file is named by its path (./{name})")


def test_an_overlay_text_stands_in_for_its_file_and_for_a_layer_it_extends(tmp_path: Path) -> None:
    """An editor's unsaved texts are read instead of the disk: the file checked (which need not
    exist) and a layer next to it that it extends; a bundled layer below is read as always."""
    (tmp_path / "middle.wr").write_text("ruleset middle extends base\ncard broken {\n", encoding="utf-8")
    top = str(tmp_path / "top.wr")
    overlay = {str(tmp_path / "middle.wr"): "ruleset middle extends base\n",
               top: 'ruleset top extends middle\n'
                    'card "Hut" age 1 brown cost unobtainium copies 3+ { passive: produce wood }\n'}
    result = compile_rules([top], overlay=overlay)
    assert [(d.code, d.span.path if d.span else None, d.span.line if d.span else None)
            for d in result.diagnostics if d.severity == "error"] == [("E0101", top, 2)]
    assert result.sources[top] == overlay[top]
    assert compile_rules([top]).diagnostics[0].code == "E0004"  # without the overlay there is no such file
