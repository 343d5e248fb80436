"""Every keyword of the grammar has its line for hover, and a language page that explains it; every
example in the lines is a line of a rule set the parser reads; hover on a keyword gives its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wonderrules.grammar.parse import parse_source
from wonderrules.lsp.analysis import Analyser, Analysis, word_at
from wonderrules.lsp.keyword_docs import _WORDS_BY_PAGE, KEYWORD_DOCS, KEYWORD_PAGES
from wonderrules.lsp.words import all_keywords, hover_text

LANGUAGE_PAGES = Path(__file__).resolve().parents[2] / "docs" / "language"

#: the blocks a line of a rule set may stand in, to read an example with: as an item, an effect
#: line of a card, a setting, a card's attribute, a clause of an action, a decision's preference,
#: a market clause, a step of the flow, a clause of a contest, of a neutral seat, an option's item,
#: a deal clause, a line of a wonder side (not a score column: any words read as columns there)
CONTEXTS = (
    "{}",
    'card "C" age 1 brown {{\n{}\n}}',
    "game {{\n{}\n}}",
    'change card "C": {}',
    'action a "a" {{\n{}\n}}',
    "decision d: a {{\n{}\n}}",
    "market {{\n{}\n}}",
    "flow {{\n{}\n}}",
    "contest c at end of age {{\n{}\n}}",
    'seat "S" {{\n{}\n}}',
    'option o "o" {{\n{}\n}}',
    "deal d from deck d {{\n{}\n}}",
    'wonder "W" side A {{\n{}\n}}',
)


def _reads(example: str) -> bool:
    """Whether the parser reads `example` as a whole line in one of the blocks it may stand in
    (a header is a file of its own)."""
    if example.startswith("ruleset "):
        return parse_source(example + "\n", "example.wr")[0] is not None
    return any(parse_source("ruleset example\n" + context.format(example) + "\n", "example.wr")[0] is not None
               for context in CONTEXTS)


def _examples() -> list[tuple[str, str]]:
    """Each example written in a line: a span in backticks of more than one word, neither a part of
    a line (marked with "…") nor a form with words to fill in (in capitals: `takes part: EXPR`)."""
    return [(keyword, span) for keyword, line in sorted(KEYWORD_DOCS.items())
            for span in re.findall(r"`([^`]+)`", line)
            if " " in span.strip() and "…" not in span and not re.search(r"\b[A-Z]{2,}\b", span)]


def test_every_keyword_of_the_grammar_has_a_line() -> None:
    missing = sorted(all_keywords() - set(KEYWORD_DOCS))
    assert not missing, f"keywords of wr.lark without a line in lsp/keyword_docs.py: {', '.join(missing)}"
    unknown = sorted(set(KEYWORD_DOCS) - all_keywords())
    assert not unknown, f"lines for words wr.lark does not have: {', '.join(unknown)}"


def test_every_keyword_has_one_language_page_that_exists() -> None:
    listed = [word for words in _WORDS_BY_PAGE.values() for word in words.split()]
    twice = sorted({word for word in listed if listed.count(word) > 1})
    assert not twice, f"keywords given two pages: {', '.join(twice)}"
    missing = sorted(all_keywords() - set(KEYWORD_PAGES))
    assert not missing, f"keywords of wr.lark without a language page: {', '.join(missing)}"
    for page in set(KEYWORD_PAGES.values()):
        assert (LANGUAGE_PAGES / f"{page}.rst").is_file(), page


def test_the_examples_are_fragments_or_whole_lines() -> None:
    # the sieve keeps lines and drops words and parts of lines
    line = KEYWORD_DOCS["per"]
    assert "on build: gain 1 coin per yellow card in self" in line
    assert ("per", "on build: gain 1 coin per yellow card in self") in _examples()
    assert all("…" not in span for _, span in _examples())
    assert len(_examples()) > 150


@pytest.mark.parametrize(("keyword", "example"), _examples())
def test_every_whole_line_example_reads(keyword: str, example: str) -> None:
    assert _reads(example), f"the example of `{keyword}` is not a line of a rule set: {example}"


def test_a_line_with_a_mistake_is_not_read() -> None:
    # the check above can fail: a wrong word, a missing colon, an effect outside any block
    assert not _reads("on build gain 3 coins")
    assert not _reads("passive: produce wood for sale")
    assert _reads("on build: gain 3 coins")


VARIANT = """ruleset tweak extends base

card "Shrine" age 3 purple pool guilds {
  on build: gain 1 coin per yellow card in self (including this)
}
"""


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Analysis:
    path = tmp_path_factory.mktemp("variant") / "tweak.wr"
    path.write_text(VARIANT, encoding="utf-8")
    return Analyser().analyse(str(path), {str(path): VARIANT})


@pytest.mark.parametrize(("keyword", "page"), [("per", "effects"), ("including", "effects"), ("card", "actions")])
def test_hover_on_a_keyword_gives_its_line_and_page(analysis: Analysis, keyword: str, page: str) -> None:
    line = VARIANT.splitlines()[3] if keyword != "card" else VARIANT.splitlines()[2]
    word = word_at(line, line.index(keyword + " ") + 1)
    assert word is not None and word.text == keyword
    text = hover_text(analysis, word, lambda path: None)
    assert text == f"`{keyword}`: {KEYWORD_DOCS[keyword]} — docs: language/{page}"


def test_hover_on_a_name_spelt_like_a_keyword_gives_both(analysis: Analysis) -> None:
    # `build` is an action of the base game, and the keyword of `on build`
    line = VARIANT.splitlines()[3]
    word = word_at(line, line.index("build") + 1)
    assert word is not None
    text = hover_text(analysis, word, lambda path: None)
    assert text is not None and text.startswith("action `build`, defined in base.wr")
    assert text.endswith(f"`build`: {KEYWORD_DOCS['build']} — docs: language/actions")
