"""`wr fields`: the optional fields of the compiled form with the rules that use them, for the
bundled rule sets or the files named."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main
from wonderrules.interpreter.field_uses import optional_fields


def run(*args: str):
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": None})  # a pipe: one line a field
    assert "Traceback" not in result.output
    return result


def test_every_optional_field_gets_a_line():
    result = run("fields", "base")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [ln.split()[0] for ln in lines[:-1]] == list(optional_fields())
    # base.wr: 10 guilds drawn from a pool; the first is the Builders Guild, line 386
    pool = next(ln for ln in lines if ln.startswith("Card.pool "))
    assert pool.split()[1] == "10"
    assert "card Builders Guild (" in pool and "/base.wr:386)" in pool and "<bundled>" not in pool
    assert pool.endswith(", and 7 more")
    assert lines[-1].startswith(f"{len(optional_fields())} optional fields: ")


def test_once_lists_the_fields_one_rule_uses(tmp_path: Path):
    variant = tmp_path / "gap.wr"
    variant.write_text('ruleset gap extends base\n\ncard "Gap" age 3 purple pool guilds {\n'
                       '  passive: produce one of the resources not produced by brown\n}\n', encoding="utf-8")
    result = run("fields", "--once", "base", str(variant))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    gap = next(ln for ln in lines if ln.startswith("ProduceOneOf.missing "))
    assert gap.split()[1] == "1" and gap.endswith(f"card Gap ({variant}:3)")
    assert all(ln.split()[1] == "1" for ln in lines[:-1])
    assert not any(ln.startswith("Card.pool ") for ln in lines)


def test_a_rule_set_that_does_not_compile_is_refused(tmp_path: Path):
    result = run("fields", str(tmp_path / "nosuch.wr"))
    assert result.exit_code == 1
    assert "does not compile, so its fields are not listed" in result.output


UI = Path(__file__).resolve().parents[1] / "ui"
LONG_HELP = "E0001_missing_timing.wr"  # a help of 242 characters
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def narrow(*args: str, **env: str):
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": "80", "NO_COLOR": None, **env})
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.mark.parametrize("folder", ["package", "elsewhere"])
def test_at_80_columns_a_field_folds_its_users(folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """In the folder above the bundled files they are named `rulesets/base.wr`; elsewhere by an
    absolute path, which may not fit under the first user: then its users go 4 spaces in. A path
    is never broken, so a user whose absolute path alone is too long (an installed package deep
    in a virtual environment) has a line of its own, which may run past the width."""
    bundled = resources.files("wonderrules.rulesets")
    assert isinstance(bundled, Path)
    monkeypatch.chdir(bundled.parent if folder == "package" else tmp_path)
    folded = narrow("fields")
    whole = run("fields")
    assert folded.exit_code == 0 and whole.exit_code == 0
    wide = [ln for ln in folded.stdout.splitlines() if len(ln) > 80]
    if folder == "package":
        assert wide == []
    assert all(re.fullmatch(r"    [^(),]+ \(/[^()\s]+\.wr:\d+\),?", ln) for ln in wide), wide
    assert len(folded.stdout.splitlines()) > len(whole.stdout.splitlines())
    assert folded.stdout.split() == whole.stdout.split()  # the same words in the same order
    starts = [ln.split()[0] for ln in folded.stdout.splitlines()[:-1] if not ln.startswith(" ")]
    assert starts == list(optional_fields())
    # a user is never cut in two: each place `(path:line)` is whole on its line
    places = re.findall(r"\([^()\s]+\.wr:\d+\)", whole.stdout)
    assert places and re.findall(r"\([^()\s]+\.wr:\d+\)", folded.stdout) == places


def test_diagnostics_fit_the_width_and_take_color(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(UI)
    folded = narrow("fields", LONG_HELP)
    assert folded.exit_code == 1 and folded.stdout == ""
    assert [ln for ln in folded.stderr.splitlines() if len(ln) > 80 and not re.match(r"^\s+\d+ \| ", ln)] == []
    checked = CliRunner().invoke(main, ["check", LONG_HELP], env={"COLUMNS": "80"})
    assert folded.stderr.startswith(checked.stderr) and "= help: " in folded.stderr
    painted = narrow("fields", "--color", "always", LONG_HELP)
    assert "\x1b[1;31merror" in painted.stderr and ANSI.sub("", painted.stderr) == folded.stderr
    assert ANSI.search(narrow("fields", "--color", "never", LONG_HELP).stderr) is None
