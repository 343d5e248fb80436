"""Pass `lints`: warnings for a reading left unstated (W0501) and declarations nothing uses (W0502)."""

from __future__ import annotations

from grammar_support import codes, only


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


def test_counting_its_own_colour_without_saying_whether_it_counts_itself(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ { on build: gain 1 coin per brown card in self }'
    r = compile_layer(text + "\n")
    d = only(r)
    assert d.code == "W0501" and d.severity == "warning"
    assert d.message == "'Log' counts brown cards in its own city, but does not say whether it counts itself"
    assert (d.span.column, d.span.end_column) == (col(text, "per"), col(text, " }") )
    assert r.ok  # warnings do not stop the compile


def test_stating_the_reading_silences_it(compile_layer) -> None:
    for reading in ("including", "excluding"):
        r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ '
                          f'{{ on build: gain 1 coin per brown card in self ({reading} this) }}\n')
        assert r.diagnostics == ()


def test_no_warning_when_the_card_cannot_count_itself(compile_layer) -> None:
    # another colour, or only the neighbours' cities
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ { on build: gain 1 coin per grey card in self }\n'
                      'replace card "Rock" age 1 brown copies 3+ 4+ '
                      '{ on build: gain 1 coin per brown card in left, right }\n')
    assert r.diagnostics == ()


def test_any_card_in_everyone_counts_itself(compile_layer) -> None:
    r = compile_layer('replace card "Log" age 1 blue copies 3+ 4+ { end of game: score 1 per any card in everyone }\n')
    assert only(r).message == "'Log' counts cards in its own city, but does not say whether it counts itself"


def test_unused_token_and_colour(compile_layer) -> None:
    text = "tokens: gold\ncolours: pink\n"
    r = compile_layer(text)
    assert codes(r) == ["W0502", "W0502"]
    token, colour = sorted(r.diagnostics, key=lambda d: d.sort_key())
    assert token.message == "token 'gold' is declared but nothing gives, spends or counts it"
    assert (token.span.line, token.span.column) == (2, col("tokens: gold", "gold"))
    assert colour.message == "colour 'pink' is declared but no card has it"
    assert (colour.span.line, colour.span.column) == (3, col("colours: pink", "pink"))


def test_a_token_used_by_a_score_or_an_effect_is_used(compile_layer) -> None:
    assert compile_layer("tokens: gold\nscoring { hoard = value(gold) }\n").diagnostics == ()
    r = compile_layer('tokens: gold\nreplace card "Log" age 1 brown copies 3+ 4+ { on build: gain 1 gold token }\n')
    assert r.diagnostics == ()
