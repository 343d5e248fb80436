"""Pass `chains`: links name known cards (E0201), lead to a later age (E0202), form no cycle
(E0203) and are printed on both cards (W0204); a name in several ages is one card (E0102)."""

from __future__ import annotations

from pathlib import Path

from grammar_support import MINI, codes, line_of, only

from wonderrules.grammar.checks.chains import chain_graph
from wonderrules.grammar.compiler import compile_rules

BASE = Path(__file__).resolve().parents[2] / "rulesets" / "base.wr"


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


def test_the_base_chain_graph() -> None:
    g = chain_graph(compile_rules([str(BASE)]).model)
    # rules_facts.md section 3 and cards.tsv: a few links read off the reference
    for earlier, later in [("Baths", "Aqueduct"), ("Altar", "Temple"), ("Temple", "Pantheon"),
                           ("East Trading Post", "Forum"), ("West Trading Post", "Forum"),
                           ("Workshop", "Archery Range"), ("Laboratory", "Siege Workshop"),
                           ("Training Ground", "Circus"), ("Walls", "Fortifications")]:
        assert g.has_edge(earlier, later), (earlier, later)
    assert not g.has_edge("Forum", "East Trading Post")


def test_chain_to_an_unknown_card(compile_layer) -> None:
    text = 'replace card "Shrine" age 1 blue chain to "Temlpe" copies 3+ { end of game: score 2 }'
    r = compile_layer(text + "\n")
    d = only(r, "E0201")
    assert d.message == "chain to unknown card 'Temlpe'" and d.help == "did you mean 'Temple'?"
    assert (d.span.line, d.span.column) == (2, col(text, '"Temlpe"'))


def test_chain_that_does_not_lead_to_a_later_age(compile_layer) -> None:
    text = 'replace card "Lab" age 2 green cost wood, glass chain to "Shrine" copies 3+ { passive: symbol compass }'
    r = compile_layer(text + "\n")
    d = only(r, "E0202")
    assert d.message == "chain from 'Lab' (age 2) to 'Shrine' (age 1) does not lead to a later age"
    assert d.span.column == col(text, '"Shrine"')
    # the link is wrong; it is not also reported as missing on the other card
    assert "W0204" not in codes(r)


def test_chain_cycle_names_every_link(compile_layer) -> None:
    text = ('replace card "Walls" age 2 red cost 2 stone chain to "Lab" copies 3+ { passive: symbol 2 shield }\n'
            'replace card "Lab" age 2 green cost wood, glass chain to "Walls" copies 3+ { passive: symbol compass }\n')
    r = compile_layer(text)
    d = only(r)
    assert d.code == "E0203" and d.message == "chain cycle: Walls -> Lab -> Walls"
    assert (d.span.line, d.span.column) == (2, col(text.split("\n")[0], '"Lab"'))
    assert [(lb.span.line, lb.message) for lb in d.labels] == [(3, "'Lab' -> 'Walls'")]


def test_card_chaining_to_itself(compile_layer) -> None:
    d = only(compile_layer('replace card "Lab" age 2 green cost wood, glass chain to "Lab" copies 3+ '
                           '{ passive: symbol compass }\n'))
    assert d.code == "E0203" and d.message == "card 'Lab' chains to itself"


def test_link_printed_on_one_card_only(compile_layer) -> None:
    text = 'replace card "Rock" age 1 brown chain to "Walls" copies 3+ 4+ { passive: produce stone }'
    r = compile_layer(text + "\n")
    d = only(r)
    assert d.code == "W0204" and d.severity == "warning"
    assert d.message == "'Rock' chains to 'Walls', but 'Walls' does not list it in `chain from`"
    # the caret is on the link as written; the label on the card that does not list it
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, col(text, '"Walls"'))
    assert (d.labels[0].span.path, d.labels[0].span.line) == ("mini.wr", line_of(MINI, 'card "Walls"'))
    assert d.help == 'add `chain from "Rock"` to "Walls"'
    assert r.ok  # a warning does not stop the compile


def test_chain_from_without_chain_to_is_fine_when_the_earlier_card_lists_nothing(compile_layer) -> None:
    r = compile_layer('replace card "Walls" age 2 red cost 2 stone chain from "Rock" copies 3+ '
                      '{ passive: symbol 2 shield }\n')
    assert r.diagnostics == ()


def test_chain_from_missing_on_a_card_that_lists_others(compile_layer) -> None:
    text = 'replace card "Lab" age 2 green cost wood, glass chain from "Shrine" copies 3+ { passive: symbol compass }'
    d = only(compile_layer(text + "\n"))
    assert d.code == "W0204"
    assert d.message == "'Lab' chains from 'Shrine', but 'Shrine' does not list it in `chain to`"
    assert d.help == 'add "Lab" to the `chain to` of "Shrine"'


def test_same_name_in_two_ages_must_be_the_same_card(compile_layer) -> None:
    text = 'replace card "Glassworks" age 2 grey copies 3+ { passive: produce 2 glass }'
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0102"
    assert d.message == "card 'Glassworks' appears in ages 1 and 2 as two different cards"
    assert d.labels[0].span.line == line_of(MINI, 'card "Glassworks" age 1')
