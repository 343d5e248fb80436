"""Property: whatever happens to a rule-set file, checking it answers with diagnostics (or a
compiled rule set), never with an exception, and every diagnostic points inside the file.

`rulesets/base.wr` is mutated at random: lines deleted, duplicated or swapped, characters cut,
the file truncated, keywords, braces, quotes and odd characters injected. The checker turns an
exception inside a pass into an E0005 diagnostic instead of a traceback; here that guard firing
fails the test, so a crash is still caught as the bug it is.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wonderrules.grammar.compiler import INTERNAL_ERROR, compile_rules
from wonderrules.grammar.diagnostics import has_errors, render_json, render_pretty, render_short, sort_and_cap

BASE = Path(__file__).resolve().parents[2] / "rulesets" / "base.wr"
BASE_TEXT = BASE.read_text(encoding="utf-8")

#: pieces of text that are likely to confuse a reader of .wr files
INSERTS = ["{", "}", "{ }", '"', "'", "(", ")", ":", ",", "|", "+", "..", "#", "\n", "\t", "=", "/ 0", "*",
           "card", "wonder", "stage", "override", "replace", "remove", "change card", "ruleset x", "extends base",
           "game {",
           "scoring {", "option o {", "conflict military at end of age {", "when players 8 {", "resources raw:",
           "tokens: debt", "colours: pink", "passive:", "on build:", "end of turn:", "end of game:",
           "whenever left builds card:", "produce", "symbol any science", "score 1 per", "per brown card in",
           "in self", "(including this)", "copies", "3+", "9+", "0+", "chain to", "chain from", '"Temple"',
           '"Nowhere"', "age", "age 9", "0", "-1", "99999999999999999999", "pool guilds", "cost 2 wood",
           "gain 3 coins", "lose 1 coin", "build 1 card from discard free", "players 1..99", "hand 0",
           "turns 40", "x", "é", "\x00", "\u00a0", "\ufeff",
           # names the language keeps for itself, orders, options, aliases, removals
           "colours: stage", "tokens: coin", "symbols science: any", "resources raw: one", "per stage card in",
           "order each end of turn: gain", "order on build: gain, lose", "option o { start coins 4 }",
           "option o { override conflict naval at end of age { } }", 'alias "Altar"', 'remove card "Altar"',
           "stages score", "when players 12 {", "override hand 8", "each end of turn:", "age - 1",
           "per science symbol in"]


@st.composite
def mutated(draw) -> str:
    text = BASE_TEXT
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["delete line", "duplicate line", "swap lines", "cut span", "truncate",
                                     "insert", "insert", "insert"]))
        if kind == "delete line":
            del lines[draw(st.integers(0, len(lines) - 1))]
            text = "\n".join(lines)
        elif kind == "duplicate line":
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif kind == "swap lines":
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == "cut span":
            start = draw(st.integers(0, max(0, len(text) - 1)))
            text = text[:start] + text[start + draw(st.integers(1, 80)):]
        elif kind == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
        else:
            at = draw(st.integers(0, len(text)))
            piece = draw(st.sampled_from(INSERTS) | st.text(min_size=1, max_size=3))
            text = text[:at] + piece + text[at:]
    return text


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def check_answer(path: Path, text: str) -> None:
    result = compile_rules([str(path)])
    internal = [d for d in result.diagnostics if d.code == INTERNAL_ERROR]
    assert not internal, internal[0].message
    if result.rules is None:
        assert has_errors(result.diagnostics), "no rule set, yet no error to say why"
    n_lines = text.count("\n") + 1
    for d in result.diagnostics:
        for span in [d.span] + [lb.span for lb in d.labels]:
            if span is None or span.path != str(path):
                continue
            assert 1 <= span.line <= n_lines + 1 and span.line <= span.end_line <= n_lines + 1, (d, n_lines)
            assert span.column >= 1 and span.end_column >= 1, d
    kept, left_out = sort_and_cap(result.diagnostics)
    # every renderer copes with whatever the passes produced
    render_pretty(kept, result.sources, left_out)
    render_short(kept, left_out)
    render_json(kept)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(text=mutated())
def test_mutated_base_never_crashes_the_checker(workdir: Path, text: str) -> None:
    path = workdir / "base.wr"
    path.write_text(text, encoding="utf-8")
    check_answer(path, text)


def test_the_unchanged_base_is_clean(workdir: Path) -> None:
    path = workdir / "clean.wr"
    path.write_text(BASE_TEXT, encoding="utf-8")
    result = compile_rules([str(path)])
    assert result.ok and result.diagnostics == ()


# ---- the guard ----------------------------------------------------------------------------------

def test_an_exception_in_a_pass_becomes_a_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    from wonderrules.grammar.checks import chains

    def broken(model):
        raise KeyError("a bug")

    monkeypatch.setattr(chains, "check", broken)
    result = compile_rules([str(BASE)])
    assert result.rules is None and not result.ok
    (d,) = result.diagnostics
    assert d.code == INTERNAL_ERROR and d.severity == "error" and d.span is None
    assert d.message.startswith("internal error while checking: KeyError: 'a bug' (at test_fuzz.py:")
    assert "bug in the checker" in d.help
