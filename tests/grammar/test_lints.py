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


# ---- W0503: settings for player counts never seated -------------------------------------------------

def test_a_when_block_for_a_count_never_seated(compile_layer) -> None:
    r = compile_layer("game {\n  when players 9 { hand 3 }\n  when players 4, 5 { turns 1 }\n}\n")
    assert r.ok  # warnings only
    first, second = sorted(r.diagnostics, key=lambda d: d.sort_key())
    assert (first.code, first.severity) == ("W0503", "warning")
    assert first.message == "the game never seats 9 players: this `when` block never applies"
    assert (first.span.line, first.span.column) == (3, col("  when players 9", "9"))
    assert [(lb.span.path, lb.message) for lb in first.labels] == [("mini.wr", "player counts set here")]
    assert first.help == "remove the block, or allow these counts in `players`"
    assert second.message == "the game never seats 5 players: the `when` settings for it never apply"
    assert second.help == "remove 5 from `when players`"


def test_a_when_block_of_an_option_outside_its_counts(compile_layer) -> None:
    d = only(compile_layer("option solo { players 3  when players 4 { override hand 2 } }\n"))
    assert d.message == "option 'solo' is never played with 4 players: this `when` block never applies"
    assert d.labels[0].span.line == 2 and d.help.endswith("allow these counts in the option's `players`")


def test_counts_of_the_when_s_own_layer_are_fine(compile_files) -> None:
    # a layer may seat other counts than the layer below it: the lower layer's `when` is for its own
    from grammar_support import MINI

    wide = ("ruleset wide extends mini\ngame {\n  override players 3..5\n  when players 5 { hand 2 }\n}\n"
            'wonder "Keep" side A { start wood  stage cost 2 wood { end of game: score 3 } }\n')
    r = compile_files({"mini.wr": MINI, "wide.wr": wide,
                       "narrow.wr": "ruleset narrow extends wide\ngame { override players 3 }\n"})
    assert "W0503" not in codes(r)
