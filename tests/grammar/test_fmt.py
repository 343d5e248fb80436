"""The layout of `wr fmt` (grammar/fmt.py): the same words and comments in the same order, one
layout whatever the input's, stable when applied again, and the same compiled rule set: over
every bundled rule set and every file of docs/examples, and on small inputs written out here."""

from __future__ import annotations

import json
import random
from importlib import resources as pkg_resources
from pathlib import Path
from typing import Any

import pytest
from pygments.token import Comment

from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.fmt import NotFormatted, comments_of, format_source
from wonderrules.grammar.highlight import WrLexer
from wonderrules.grammar.loading import bundled_names, given_path
from wonderrules.interpreter.serial import rules_to_json

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.wr"))


def _texts() -> dict[str, str]:
    """Every bundled rule set and docs example, by name."""
    texts = {name: pkg_resources.files("wonderrules.rulesets").joinpath(f"{name}.wr").read_text(encoding="utf-8")
             for name in bundled_names()}
    texts.update({path.stem: path.read_text(encoding="utf-8") for path in EXAMPLES})
    return texts


TEXTS = _texts()
FORMATTED = {name: format_source(text, f"{name}.wr") for name, text in TEXTS.items()}


def test_the_files_checked_are_the_bundled_rule_sets_and_the_docs_examples():
    assert {"base", "cities", "leaders", "two_player", "cities_leaders"} <= set(TEXTS)
    assert len(EXAMPLES) >= 10 and all(path.stem in TEXTS for path in EXAMPLES)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_formatting_a_formatted_file_changes_nothing(name):
    assert format_source(FORMATTED[name], f"{name}.wr") == FORMATTED[name]


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_comment_is_kept_in_order(name):
    comments = comments_of(TEXTS[name])
    assert comments == comments_of(FORMATTED[name])
    # the comments found are those the highlighter (a lexer of its own) finds, as written
    assert comments and comments == _highlighted_comments(TEXTS[name]) == _highlighted_comments(FORMATTED[name])


def _highlighted_comments(text: str) -> list[str]:
    return [value.rstrip() for kind, value in WrLexer().get_tokens(text) if kind in Comment]


def _without_places(value: Any) -> Any:
    """A compiled rule set's JSON without the line and column of each origin (its file kept)."""
    if isinstance(value, dict):
        return {key: (_without_places(v) if key != "origin" or v is None else {"path": v["path"]})
                for key, v in value.items()}
    if isinstance(value, list):
        return [_without_places(v) for v in value]
    return value


def _compiled(name: str, texts: dict[str, str]) -> tuple[Any, str]:
    """The compiled JSON of the rule set `name` read from `texts`, and its fingerprint."""
    given = {given_path(n): text for n, text in texts.items()}
    result = compile_rules([given_path(name)], given=given)
    assert result.rules is not None, [d.message for d in result.diagnostics]
    return json.loads(rules_to_json(result.rules)), result.rules.fingerprint


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_formatting_never_changes_the_compiled_rule_set(name):
    before, fingerprint = _compiled(name, TEXTS)
    after, fingerprint_after = _compiled(name, FORMATTED)
    assert _without_places(before) == _without_places(after)
    assert fingerprint == fingerprint_after  # what game logs record of the rules
    # the places are there, and only they were left out
    assert '"origin": {"path"' in json.dumps(_without_places(before))
    assert before != _without_places(before)


def test_messy_spaces_and_blank_lines_get_the_one_layout():
    messy = (
        "\n\n"
        "ruleset tidy   \"Tidy\"  extends base   \n"
        "\n\n\n"
        "# a comment on its own line   \n"
        "card \"Well\" age 1 blue   cost 2 wood,stone copies 3+ 5+{\n"
        "\n"
        "        end of game :score 2    # at the end of a line\n"
        "  passive:produce wood|clay (not for sale)\n"
        "\n"
        "}\n"
        "card \"Cart\" age 1 yellow copies 3+\n"
        "chain to \"Forum\" {on build:gain 2 coins}\n"
        "at start of game { }\n"
        "\n\n"
    )
    assert format_source(messy) == (
        "ruleset tidy \"Tidy\" extends base\n"
        "\n"
        "# a comment on its own line\n"
        "card \"Well\" age 1 blue cost 2 wood, stone copies 3+ 5+ {\n"
        "  end of game: score 2  # at the end of a line\n"
        "  passive: produce wood|clay (not for sale)\n"
        "}\n"
        "card \"Cart\" age 1 yellow copies 3+\n"
        "    chain to \"Forum\" { on build: gain 2 coins }\n"
        "at start of game {}\n"
    )


def test_comments_at_the_end_of_consecutive_lines_line_up():
    text = (
        "ruleset t extends base\n"
        "game {\n"
        "\toverride hand 5 # five\n"
        "   override turns 4          # four\n"
        "\n"
        "  # alone, indented as the block\n"
        "override pass left, right, left   # a run of its own\n"
        "}\n"
    )
    assert format_source(text) == (
        "ruleset t extends base\n"
        "game {\n"
        "  override hand 5   # five\n"
        "  override turns 4  # four\n"
        "\n"
        "  # alone, indented as the block\n"
        "  override pass left, right, left  # a run of its own\n"
        "}\n"
    )


def test_operations_after_then_line_up_and_brackets_carry_on_under_their_opening():
    text = (
        "ruleset t extends base\n"
        "action give \"give {card}\" {\n"
        "card from hand\n"
        "then: move card to discard\n"
        "gain 1 coin\n"
        "}\n"
        "card \"Sum\" age 1 blue copies 3+ {\n"
        "end of game: score min(cards(red),\n"
        "cards(blue))\n"
        "}\n"
    )
    assert format_source(text) == (
        "ruleset t extends base\n"
        "action give \"give {card}\" {\n"
        "  card from hand\n"
        "  then: move card to discard\n"
        "        gain 1 coin\n"
        "}\n"
        "card \"Sum\" age 1 blue copies 3+ {\n"
        "  end of game: score min(cards(red),\n"
        "                         cards(blue))\n"
        "}\n"
    )


def test_a_phrase_body_is_kept_as_written():
    text = (
        "ruleset t extends base\n"
        "phrase  pays(n)  {\n"
        "      on build:   gain n coins   # its comment\n"
        "}   # after the body\n"
        "card \"P\" age 1 blue copies 3+ { pays(2) }\n"
    )
    assert format_source(text) == (
        "ruleset t extends base\n"
        "phrase pays(n) {\n"
        "      on build:   gain n coins   # its comment\n"
        "}  # after the body\n"
        "card \"P\" age 1 blue copies 3+ { pays(2) }\n"
    )


def test_a_text_that_does_not_parse_is_refused_with_the_diagnostics_of_wr_check():
    text = "ruleset t extends base\ncard \"A\" age 1 brown copies 3+ { passive produce wood }\n"
    with pytest.raises(NotFormatted) as refused:
        format_source(text, "t.wr")
    [diagnostic] = refused.value.diagnostics
    assert diagnostic.code == "E0001"
    assert diagnostic.span is not None and (diagnostic.span.path, diagnostic.span.line) == ("t.wr", 2)


def test_windows_line_ends_become_newlines_and_the_words_stay():
    text = 'ruleset t extends base\r\ncard "A" age 1 blue copies 3+ {\r\n  end of game: score 2  # two\r\n}\r\n'
    assert format_source(text) == text.replace("\r\n", "\n")


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_any_indentation_and_blank_lines_give_the_same_layout(name):
    """The layout does not depend on the indentation, the spaces ending lines or how many blank
    lines stand in a row: every line of the file re-indented at random (a seeded generator), each
    blank line made several."""
    rng = random.Random(name)
    lines = []
    for line in TEXTS[name].split("\n"):
        lines.append(rng.choice(["", " ", "\t", "      "]) * rng.randint(0, 3) + line.strip()
                     + " " * rng.randint(0, 2))
        if not line.strip():
            lines.extend([""] * rng.randint(0, 3))
    assert format_source("\n".join(lines)) == FORMATTED[name]
