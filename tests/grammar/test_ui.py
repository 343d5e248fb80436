"""Golden diagnostics: each `tests/ui/<case>.wr` is checked and its pretty diagnostics (what
`wr check` prints) compared with `tests/ui/<case>.stderr`.

Cases run from inside `tests/ui`, so paths in the output are the bare file names. To accept new
output after reading it, run `WR_UPDATE_GOLDEN=1 pytest tests/grammar/test_ui.py`; then read every
changed `.stderr` by hand before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.grammar.compiler import INTERNAL_ERROR, compile_rules
from wonderrules.grammar.diagnostics import CODES, render_pretty, sort_and_cap

UI = Path(__file__).resolve().parents[1] / "ui"
CASES = sorted(p.name for p in UI.glob("*.wr"))
UPDATE = os.environ.get("WR_UPDATE_GOLDEN") == "1"
#: codes no rule-set text can produce: E0005 stands for a bug in the checker itself
NOT_FROM_TEXT = {INTERNAL_ERROR}


def render(case: str) -> str:
    result = compile_rules([case])
    kept, left_out = sort_and_cap(result.diagnostics)
    return render_pretty(kept, result.sources, left_out)


def golden(case: str) -> Path:
    return UI / (case[: -len(".wr")] + ".stderr")


@pytest.mark.parametrize("case", CASES)
def test_ui(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(UI)
    actual = render(case)
    assert f"[{INTERNAL_ERROR}]" not in actual, actual
    expected = golden(case)
    if UPDATE:
        expected.write_text(actual, encoding="utf-8")
        return
    assert expected.is_file(), f"no {expected.name}; run WR_UPDATE_GOLDEN=1 pytest {Path(__file__).name}"
    assert actual == expected.read_text(encoding="utf-8")


def _golden_codes() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for case in CASES:
        path = golden(case)
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        out[case] = set(re.findall(r"^(?:error|warning)\[(\w+)\]", text, flags=re.M))
    return out


def test_every_code_has_a_golden_case() -> None:
    shown = set().union(*_golden_codes().values())
    missing = sorted(set(CODES) - NOT_FROM_TEXT - shown)
    assert not missing, f"codes without a golden case in tests/ui: {missing}"
    assert shown <= set(CODES), f"unknown codes in goldens: {sorted(shown - set(CODES))}"


def test_case_names_start_with_the_code_they_show() -> None:
    for case, found in _golden_codes().items():
        code = case.split("_", 1)[0]
        if code in CODES:
            assert code in found, f"{case} is named after {code} but shows {sorted(found)}"


def test_every_golden_has_its_case() -> None:
    orphans = sorted(p.name for p in UI.glob("*.stderr") if p.with_suffix(".wr").name not in CASES)
    assert not orphans, f"goldens without a .wr case: {orphans}"


def test_the_base_of_the_cases_is_clean() -> None:
    assert golden("mini.wr").read_text(encoding="utf-8") == ""


def test_goldens_are_what_wr_check_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    from wonderrules.cli import main

    monkeypatch.chdir(UI)
    for case in ("E0301_deck_one_card_too_many.wr", "E0001_missing_colour.wr"):
        result = CliRunner().invoke(main, ["check", "-q", case])
        assert result.exit_code == 1
        assert result.stderr == golden(case).read_text(encoding="utf-8")
