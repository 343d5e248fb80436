"""`wr fields`: the optional fields of the compiled form with the rules that use them, for the
bundled rule sets or the files named."""

from __future__ import annotations

from pathlib import Path

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
