"""Rendering diagnostics: text from a rule set is printed literally, long lines are cut."""

from __future__ import annotations

from wonderrules.grammar.diagnostics import (
    SHOWN_WIDTH,
    Span,
    error,
    printable,
    render_pretty,
    render_short,
    sort_and_cap,
    warning,
)


def test_printable_escapes_control_and_format_characters() -> None:
    assert printable("plain text, with ünïcode") == "plain text, with ünïcode"
    assert printable("a\x1b[31mred") == "a\\x1b[31mred"
    assert printable("tab\there\x00") == "tab\\x09here\\x00"
    assert printable("bidi\u202eoverride") == "bidi\\u202eoverride"


def _one(line: str, column: int, width: int) -> str:
    span = Span("t.wr", 1, column, 1, column + width)
    return render_pretty([error("E0101", "unknown name 'x\x1b'", span, help="try \x07")], {"t.wr": line})


def test_a_control_character_in_the_source_line_is_escaped_and_the_caret_follows_it() -> None:
    text = _one("ab\x1bcd wrong", 7, 5)
    lines = text.splitlines()
    assert "\x1b" not in text and "\x07" not in text
    assert lines[0] == "error[E0101]: unknown name 'x\\x1b'"
    source, caret = lines[3], lines[4]
    assert source.endswith("ab\\x1bcd wrong")
    # the caret still sits under `wrong`, after the four-character escape
    assert source.index("wrong") == caret.index("^") and caret.count("^") == 5
    assert lines[-3].endswith("= help: try \\x07")


def test_a_very_long_line_is_cut_around_the_caret() -> None:
    line = "x" * 5000 + " target " + "y" * 5000
    column = line.index("target") + 1
    lines = _one(line, column, 6).splitlines()
    source, caret = lines[3], lines[4]
    shown = source.split("| ", 1)[1]
    assert shown.startswith("...") and shown.endswith("...")
    assert len(shown) <= SHOWN_WIDTH + 6
    assert source.index("target") == caret.index("^") and caret.count("^") == 6


def test_a_line_that_fits_is_shown_whole() -> None:
    line = "card " + "z" * 100
    lines = _one(line, 1, 4).splitlines()
    assert lines[3].endswith(line)


def test_the_short_form_escapes_too() -> None:
    out = render_short([error("E0101", "bad \x1b name", Span.point("t\x1b.wr", 1, 1), help="h\x00")])
    assert "\x1b" not in out and "\x00" not in out
    assert out == "t\\x1b.wr:1:1: error: bad \\x1b name [E0101] (help: h\\x00)\n"


def test_errors_are_kept_before_warnings_when_the_list_is_cut() -> None:
    # 60 warnings in files named before the one with the errors: cut at 50 by position, the list
    # showed 50 warnings, said "0 error(s)" and the check failed without saying why
    warnings = [warning("W0502", f"token 'tk{i}' is declared but nothing uses it", Span(f"a{i:02}.wr", 1, 1, 1, 2))
                for i in range(60)]
    errors = [error("E0104", f"beyond what the engine accepts ({i})", Span("z.wr", 1, 1, 1, 8)) for i in range(2)]
    kept, left_out = sort_and_cap(warnings + errors)
    assert len(kept) == 50 and left_out == 12
    assert [d.code for d in kept if d.severity == "error"] == ["E0104", "E0104"]
    assert kept == sorted(kept, key=lambda d: d.sort_key())  # still in the order of the files
    pretty = render_pretty(kept, {}, left_out)
    assert pretty.endswith("... and 12 more warning(s)\n\n2 error(s), 48 warning(s) shown\n")
    assert render_short(kept, left_out).endswith("wr: note: 12 more warning(s) not shown\n")
    # beyond 50 errors, the rest left out may be errors too
    many = [error("E0101", f"unknown name 'n{i}'", Span("t.wr", i + 1, 1, i + 1, 2)) for i in range(55)]
    kept, left_out = sort_and_cap(many + warnings)
    assert len(kept) == 50 and all(d.severity == "error" for d in kept) and left_out == 65
    assert render_pretty(kept, {}, left_out).endswith(
        "... and 65 more diagnostic(s)\n\n50 error(s), 0 warning(s) shown\n")
