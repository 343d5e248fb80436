"""Every `.wr` example of the docs highlights without an error token, as Sphinx shows it (an error
token would also make the build warn): the pages' ``wr``, ``wr-fragment`` and ``wr-excerpt``
blocks, the files they include, and each file of docs/examples. An example that shows a character
the language never uses (`wr check` reports E0002) shows it as an error, and says ``:force:`` so
that Sphinx highlights the rest."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.token import Error
from test_examples import DOCS, PAGES, expected_codes, read_blocks

from wonderrules.grammar.highlight import WrLexer

BLOCKS = [block for page in PAGES for block in read_blocks(page) if block.kind != "console"]
EXAMPLES = sorted((DOCS / "examples").glob("*.wr"))


def test_the_docs_have_wr_examples_of_every_kind() -> None:
    assert {block.kind for block in BLOCKS} == {"wr", "wr-fragment", "wr-excerpt"}
    assert len(BLOCKS) > 100 and EXAMPLES


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.where)
def test_each_example_of_the_pages_lexes_without_an_error(block) -> None:
    errors = [value for kind, value in WrLexer().get_tokens(block.text) if kind is Error]
    if "E0002" in expected_codes(block.text):
        assert errors, f"{block.where} shows a character the language never uses: it should be an error"
        directive = block.page.read_text(encoding="utf-8").split("\n")[block.line:block.line + 3]
        assert "   :force:" in directive, f"{block.where}: Sphinx warns unless the block says :force:"
    else:
        assert errors == [], f"{block.where}: {errors}"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_file_lexes_without_an_error(path: Path) -> None:
    errors = [value for kind, value in WrLexer().get_tokens(path.read_text(encoding="utf-8")) if kind is Error]
    assert errors == [], f"{path.name}: {errors}"
