"""What `wr` prints for a person names a bundled rule set by the file the package installed, so
that the place can be opened (`rulesets/base.wr:50:3`); `--format json` keeps `<bundled>/base.wr`
in `path` and adds that file in `file`; the compiled form keeps `<bundled>/base.wr`."""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main
from wonderrules.cli.diagnostic_output import installed_path, openable

#: a layer over base whose age I deck no longer fits: E0301 points at base's hand size and players
TOO_BIG = 'ruleset v extends base\ncard "Kiln" age 1 brown copies 3+ { passive: produce stone }\n'


def base_file() -> Path:
    found = resources.files("wonderrules.rulesets").joinpath("base.wr")
    assert isinstance(found, Path)
    return found.resolve()


def line_of(path: str, number: int) -> str:
    return Path(path).read_text(encoding="utf-8").splitlines()[number - 1]


def run(args: list[str]):
    result = CliRunner().invoke(main, args, env={"COLUMNS": None, "NO_COLOR": None})
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture()
def layer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)  # outside the package: the installed file by its absolute path
    (tmp_path / "v.wr").write_text(TOO_BIG, encoding="utf-8")
    return "v.wr"


def test_check_points_into_the_installed_file(layer: str) -> None:
    result = run(["check", layer])
    assert result.exit_code == 1 and "<bundled>" not in result.stderr
    places = [line.split()[1] for line in result.stderr.splitlines() if line.startswith("  ::: ")]
    assert places == [f"{base_file()}:50:3", f"{base_file()}:47:3"]
    # the place opened is the line the diagnostic quotes
    assert line_of(str(base_file()), 50).startswith("  hand 7 ") and "  50 |   hand 7 " in result.stderr
    assert line_of(str(base_file()), 47) == "  players 3..7"


def test_short_diagnostics_name_the_installed_file_too(layer: str) -> None:
    short = run(["check", "--format", "short", layer])
    assert short.exit_code == 1 and short.stderr.startswith("v.wr:2:25: error: ")
    assert "<bundled>" not in short.stderr


def test_json_keeps_the_stable_name_and_adds_the_file(layer: str) -> None:
    found = json.loads(run(["check", "--format", "json", layer]).stdout)
    assert [(d["path"], d["file"]) for d in found] == [("v.wr", "v.wr")]
    labels = found[0]["labels"]
    assert [(lb["path"], lb["file"], lb["line"]) for lb in labels] == [
        ("<bundled>/base.wr", str(base_file()), 50), ("<bundled>/base.wr", str(base_file()), 47)]
    assert list(labels[0]) == ["path", "file", "line", "column", "message"]


def test_fields_name_the_installed_file(layer: str) -> None:
    result = run(["fields", "base"])
    assert result.exit_code == 0 and "<bundled>" not in result.stdout
    pool = next(ln for ln in result.stdout.splitlines() if ln.startswith("Card.pool "))
    assert f"card Builders Guild ({base_file()}:386)" in pool
    assert line_of(str(base_file()), 386).startswith('card "Builders Guild" ')


def test_inside_the_current_folder_the_path_is_relative(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(base_file().parent.parent)
    relative = installed_path("base")
    assert relative is not None and not os.path.isabs(relative)
    assert Path(relative).resolve() == base_file()
    assert openable("see <bundled>/base.wr:50 and <bundled>/nosuch.wr:1") == \
        f"see {relative}:50 and <bundled>/nosuch.wr:1"


def test_the_compiled_form_keeps_the_bundled_name(layer: str, tmp_path: Path) -> None:
    out = tmp_path / "b.json"
    assert run(["compile", "cities", "-o", str(out)]).exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert '"<bundled>/base.wr"' in text and str(base_file()) not in text
