"""The language server's positions: the front end counts characters from 1, the protocol UTF-16
code units from 0; and the blocks open at the cursor, which choose the keywords offered."""

from __future__ import annotations

from wonderrules.lsp.analysis import character_column, utf16_column, word_at
from wonderrules.lsp.words import block_keywords, top_level_keywords

#: a card name with a character outside the Basic Multilingual Plane (two UTF-16 code units)
LINE = 'card "Temple of \U0001d54f" age 1 blue cost ore copies 3+ { end of game: score 3 }'


def test_a_character_beyond_the_basic_plane_counts_two_utf16_units() -> None:
    ore = LINE.index("ore")  # characters from 0
    assert utf16_column(LINE, ore + 1) == ore + 1  # one character before it takes two units
    assert utf16_column(LINE, 1) == 0
    assert character_column(LINE, ore + 1) == ore
    assert character_column(LINE, utf16_column(LINE, 7)) == 6  # before the wide character: the same


def test_the_word_under_the_cursor() -> None:
    quoted = word_at(LINE, 8)
    assert quoted is not None and quoted.quoted and quoted.text == "Temple of \U0001d54f"
    bare = word_at(LINE, LINE.index("ore") + 3)  # the end of a word counts
    assert bare is not None and not bare.quoted and bare.text == "ore"
    assert word_at('  passive: produce wood  # "Baths" here is a comment', 30) is None


def test_keywords_offered_in_blocks() -> None:
    from wonderrules.lsp.server import enclosing_blocks

    text = 'card "A" age 1 blue copies 3+ {\n  passive: produce wood\n}\ngame {\n  '
    assert [b.strip() for b in enclosing_blocks(text)] == ["game"]
    assert [b.strip() for b in enclosing_blocks(text[:40])] == ['card "A" age 1 blue copies 3+']
    assert enclosing_blocks('card "{" age 1 blue # {\n') == []  # braces in quotes or comments
    assert {"players", "hand", "turns", "override"} <= block_keywords("game")
    assert {"stage", "start", "passive"} <= block_keywords('wonder "Giza" side A')
    assert "card" in top_level_keywords() and "passive" not in top_level_keywords()


def test_the_places_a_rename_changes() -> None:
    from wonderrules.lsp.rename import Place, places, refused_name

    text = ('phrase bonus(n) { end of game: score n }\n'
            'card "Shrine" age 3 purple pool guilds { bonus(2) }  # bonus(3) and "Shrine" in a comment\n'
            'card "bonus(1)" age 3 purple chain from "Shrine" pool guilds { bonus (1) }\n')
    assert places(text, "bonus", quoted=False) == [Place(0, 7, 12), Place(1, 41, 46), Place(2, 63, 68)]
    assert places(text, "Shrine", quoted=True) == [Place(1, 6, 12), Place(2, 41, 47)]
    assert refused_name("Chapel of Rest", quoted=True) is None
    assert refused_name('say "hi"', quoted=True) is not None
    assert refused_name("2nd", quoted=False) is not None and refused_name("second", quoted=False) is None
