"""Names and texts of a compiled rule set hold printable characters only: a line break, a
control character or an invisible mark in one is refused at its JSON path, whatever the field
(a declared name, a reference to one, a card's name, a title, a layer's name)."""

from __future__ import annotations

import json
import re

import pytest
from compiled_support import card_index, document, refused_at, set_at

import wonderrules as wr

#: characters that are not printed: line breaks of every kind, C0 and C1 controls, the escape
#: of terminals, invisible formatting marks (a zero-width space, a right-to-left override)
NOT_PRINTED = ("\n", "\r", "\t", "\x00", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\u200b",
               "\u202e", "\ufeff")

#: a field of each kind of string, by its path in the base game's compiled JSON
FIELDS = ("actions.0.name", "actions.0.ways.1.name", "actions.0.title", "resources.0.name", "decisions.0.name",
          "zones.0.name", "title", "layers.0")


@pytest.mark.parametrize("char", NOT_PRINTED, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("field", FIELDS)
def test_a_string_that_holds_a_character_not_printed_is_refused_at_its_path(field: str, char: str) -> None:
    doc = document()
    *parent, last = field.split(".")
    target: object = doc
    for key in parent:
        target = target[int(key) if key.isdigit() else key]  # type: ignore[index]
    old = target[int(last) if last.isdigit() else last]  # type: ignore[index]
    set_at(doc, field, old + char + "x")
    path, message = refused_at(doc)
    assert path == re.sub(r"\.([0-9]+)", r"[\1]", field)
    assert f"U+{ord(char):04X}" in message and "printable characters only" in message


def test_a_card_name_with_a_line_break_is_refused() -> None:
    doc = document()
    i = card_index(doc, "Lumber Yard")
    doc["cards"][i]["name"] = "Lumber\nYard"
    path, message = refused_at(doc)
    assert path == f"cards[{i}].name"
    assert "'Lumber\\x0aYard'" in message  # shown escaped, on one line


def test_printable_names_of_any_script_load() -> None:
    doc = document()
    i = card_index(doc, "Lumber Yard")
    for name in ("Scierie à bois", "木材置き場", "Λατομείο", "Lumber Yard (B)"):
        doc["cards"][i]["name"] = name
        assert wr.load_compiled(json.dumps(doc)).cards[i].name == name


def test_the_schema_refuses_line_breaks_in_strings() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from wonderrules.interpreter import serial

    validator = jsonschema.Draft202012Validator(serial.load_schema())
    doc = document()
    assert not list(validator.iter_errors(doc))
    doc["actions"][0]["name"] = "build\nimport os"
    assert list(validator.iter_errors(doc))


def test_a_rule_set_from_a_file_whose_name_holds_a_line_break_compiles_to_a_file_that_loads(tmp_path) -> None:
    from wonderrules.interpreter import serial

    odd = tmp_path / "a\nb\x1b.wr"
    odd.write_text('ruleset odd extends base\nreplace card "Tavern" age 1 yellow copies 4+ 5+ 7+ '
                   '{ on build: gain 6 coins }\n', encoding="utf-8")
    text = serial.rules_to_json(wr.load_rules(str(odd)))
    loaded = wr.load_compiled(text)
    origins = {c.hooks[0].origin.path for c in loaded.cards if c.name == "Tavern" and c.hooks}
    assert origins == {str(odd).replace("\n", "\\x0a").replace("\x1b", "\\x1b")}


@pytest.mark.parametrize(("written", "note"), [
    # a Cyrillic e: the name the refusal showed and the right one looked the same
    ("T\u0435mple", " ('T\u0435mple' has U+0435 CYRILLIC SMALL LETTER IE at character 2 where 'Temple' has 'e')"),
    ("Temple ", " ('Temple ' has U+0020 SPACE at character 7 where 'Temple' ends)"),
    ("Templ", ""),  # a plain typo is seen at once
])
def test_an_unknown_name_close_to_a_known_one_is_suggested_with_what_tells_them_apart(written: str,
                                                                                       note: str) -> None:
    doc = document()
    i = card_index(doc, "Altar")
    doc["cards"][i]["chains_to"] = [written]
    path, message = refused_at(doc)
    assert path == f"cards[{i}].chains_to[0]"
    assert message.startswith(f"unknown card '{written}' (known: ")
    assert message.endswith(f"; did you mean 'Temple'?{note}")
