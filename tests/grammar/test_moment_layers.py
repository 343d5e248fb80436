"""Pass `moment_layers`: a round a layer adds to a moment after a lower layer's block of that
moment has emptied the zone its actions take cards from is never answered (W0510); the other
ways of writing it are quiet."""

from __future__ import annotations

from grammar_support import MINI, codes, only

#: a layer over mini whose `last turn` block discards the hands
LOWER = """ruleset lower extends mini
override flow {
  each age {
    deal age
    each turn {
      round play
      if turn == turns { at before last turn  at last turn }
      at end of turn
    }
    at end of age
  }
  at end of game
}
at last turn {
  discard hand to discard
}
"""

KEEP = """action keep "keep {card}" {
  card from hand
  then: move card to tucked
}
decision last "keep the last card": keep
"""


def compile_over_lower(compile_files, text: str):
    return compile_files({"mini.wr": MINI, "lower.wr": LOWER, "t.wr": "ruleset t extends lower\n" + KEEP + text})


def test_a_round_after_the_lower_layer_discards_its_zone_is_warned(compile_files) -> None:
    r = compile_over_lower(compile_files, "at last turn {\n  round last\n}\n")
    d = only(r)
    assert d.code == "W0510" and d.span.path == "t.wr" and d.span.line == 8
    assert d.labels[0].span.path == "lower.wr" and d.labels[0].span.line == 15
    assert "`at before last turn { round last }`" in (d.help or "")
    assert r.ok


def test_the_same_round_at_a_moment_before_is_quiet(compile_files) -> None:
    r = compile_over_lower(compile_files, "at before last turn {\n  round last\n}\n")
    assert codes(r) == []


def test_a_layer_that_discards_before_its_own_round_wrote_that_order(compile_files) -> None:
    text = "at end of age {\n  discard hand to discard\n  round last\n}\n"
    assert codes(compile_over_lower(compile_files, text)) == []


def test_an_action_that_takes_no_card_from_the_zone_is_still_answered(compile_files) -> None:
    text = ('action toast "toast" {\n  then: gain 1 coin\n}\n'
            'decision parting "a parting gift": keep, toast\n'
            "at last turn {\n  round parting\n}\n")
    assert codes(compile_over_lower(compile_files, text)) == ["W0505"]  # `last` is asked by no one
