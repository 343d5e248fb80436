"""`wr fmt`: files rewritten in the one layout, `--check` for CI, `--diff`, the standard input,
and a file that does not parse left as it is with the located error of `wr check`."""

from __future__ import annotations

import os
from importlib import resources as pkg_resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main
from wonderrules.grammar.loading import bundled_names

MESSY = 'ruleset t extends base\ncard "A" age 1 blue copies 3+   {\n   end of game:score 2\n}\n'
TIDY = 'ruleset t extends base\ncard "A" age 1 blue copies 3+ {\n  end of game: score 2\n}\n'
BROKEN = 'ruleset b extends base\ncard "B" age 1 brown copies 3+ { passive produce wood }\n'


def run(*args: str, stdin: str | None = None):
    result = CliRunner().invoke(main, ["fmt", *args], input=stdin)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "messy.wr").write_text(MESSY, encoding="utf-8")
    (tmp_path / "tidy.wr").write_text(TIDY, encoding="utf-8")
    (tmp_path / "broken.wr").write_text(BROKEN, encoding="utf-8")
    return tmp_path


def test_fmt_rewrites_a_file_in_place_and_names_it(files: Path):
    result = run(str(files / "messy.wr"), str(files / "tidy.wr"))
    assert result.exit_code == 0, result.output
    assert result.output == f"reformatted {files / 'messy.wr'}\n"
    assert (files / "messy.wr").read_text(encoding="utf-8") == TIDY
    # nothing is left beside it: the new text was written to a temporary file, then moved
    assert sorted(p.name for p in files.iterdir()) == ["broken.wr", "messy.wr", "tidy.wr"]


def test_fmt_keeps_the_permissions_of_the_file(files: Path):
    os.chmod(files / "messy.wr", 0o640)
    assert run(str(files / "messy.wr")).exit_code == 0
    assert (files / "messy.wr").stat().st_mode & 0o777 == 0o640


def test_check_names_the_files_that_would_change_and_exits_1(files: Path):
    result = run("--check", str(files / "messy.wr"), str(files / "tidy.wr"))
    assert result.exit_code == 1
    assert result.output == f"would reformat {files / 'messy.wr'}\n"
    assert (files / "messy.wr").read_text(encoding="utf-8") == MESSY  # changed nothing


def test_check_passes_on_formatted_files(files: Path):
    result = run("--check", str(files / "tidy.wr"))
    assert (result.exit_code, result.output) == (0, "")


def test_diff_prints_a_unified_diff_and_changes_nothing(files: Path):
    path = str(files / "messy.wr")
    result = run("--diff", path)
    assert result.exit_code == 0
    assert result.output == (
        f"--- {path}\n+++ {path}\n"
        "@@ -1,4 +1,4 @@\n"
        " ruleset t extends base\n"
        '-card "A" age 1 blue copies 3+   {\n'
        "-   end of game:score 2\n"
        '+card "A" age 1 blue copies 3+ {\n'
        "+  end of game: score 2\n"
        " }\n"
    )
    assert (files / "messy.wr").read_text(encoding="utf-8") == MESSY
    assert run("--diff", str(files / "tidy.wr")).output == ""


def test_a_file_that_does_not_parse_is_left_untouched_with_a_located_error(files: Path):
    path = files / "broken.wr"
    result = run(str(path), str(files / "messy.wr"))
    assert result.exit_code == 1
    assert f"error[E0001]: a trigger is followed by a colon (found 'produce')\n  --> {path}:2:42" in result.output
    assert path.read_text(encoding="utf-8") == BROKEN
    # the other files are formatted all the same
    assert (files / "messy.wr").read_text(encoding="utf-8") == TIDY


def test_a_missing_file_is_an_error_naming_it(files: Path):
    result = run(str(files / "nowhere.wr"))
    assert result.exit_code == 1
    assert "nowhere.wr" in result.output and result.output.startswith("error: ")


def test_the_standard_input_is_written_formatted_on_the_standard_output():
    result = run("-", stdin=MESSY)
    assert (result.exit_code, result.output) == (0, TIDY)
    checked = run("--check", "-", stdin=MESSY)
    assert (checked.exit_code, checked.output) == (1, "would reformat <stdin>\n")


def test_the_bundled_rule_sets_are_formatted(tmp_path: Path):
    paths = []
    for name in bundled_names():
        path = tmp_path / f"{name}.wr"
        path.write_text(pkg_resources.files("wonderrules.rulesets").joinpath(f"{name}.wr").read_text(encoding="utf-8"),
                        encoding="utf-8")
        paths.append(str(path))
    result = run("--check", *paths)
    assert (result.exit_code, result.output) == (0, "")


def test_the_docs_examples_are_formatted():
    examples = sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.wr"))
    assert examples
    result = run("--check", *examples)
    assert (result.exit_code, result.output) == (0, "")
