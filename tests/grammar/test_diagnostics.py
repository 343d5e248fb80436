"""Rendering diagnostics: text from a rule set is printed literally, long lines are cut."""

from __future__ import annotations

from wonderrules.grammar.diagnostics import SHOWN_WIDTH, Span, error, printable, render_pretty, render_short


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
