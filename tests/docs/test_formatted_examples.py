"""`wr fmt` on every `.wr` example of the pages (``wr`` and ``wr-fragment`` blocks, and the files
they include): the layout keeps every comment in order, reads as the example does (the formatter
checks that the new text parses to the same tree) and is stable when applied again; and every
example that parses is already in that layout, as the bundled rule sets are."""

from __future__ import annotations

import pytest
from test_examples import FRAGMENT_HEADER, PAGES, read_blocks

from wonderrules.grammar.fmt import NotFormatted, comments_of, format_source

BLOCKS = [block for page in PAGES for block in read_blocks(page) if block.kind in ("wr", "wr-fragment")]


def _text(block) -> str:
    return FRAGMENT_HEADER + block.text if block.kind == "wr-fragment" else block.text


def test_most_examples_of_the_pages_parse_and_are_formatted() -> None:
    formatted = 0
    for block in BLOCKS:
        try:
            format_source(_text(block), block.where)
            formatted += 1
        except NotFormatted:
            pass  # an example of a mistake: `wr check` reports its error
    assert len(BLOCKS) > 80 and formatted > 0.8 * len(BLOCKS)


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.where)
def test_each_example_formats_stably_with_its_comments(block) -> None:
    text = _text(block)
    try:
        once = format_source(text, block.where)
    except NotFormatted:
        pytest.skip("an example that does not parse, on purpose")
    assert format_source(once, block.where) == once
    assert comments_of(once) == comments_of(text)
    assert once == text, f"{block.where} is not in the layout of wr fmt"  # the pages show the layout they teach
