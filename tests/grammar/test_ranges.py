"""Pass `ranges`: an expression that the checker can see going beyond the range of numbers a game
holds (MAX_VALUE) is refused, E0104 at the expression: a product of two amounts that grow during a
game with no bound the rule set sets (coins, tokens, their worth), and a part made of numbers and
the table's variables beyond the range at a table the engine allows. The rest is checked while
the game is played (tests/core/test_number_range.py)."""

from __future__ import annotations

from grammar_support import only

from wonderrules.interpreter.words import MAX_PLAYERS, MAX_VALUE

RANGE = "numbers in a game stay between -1 000 000 000 and 1 000 000 000"


def shrine(*lines: str) -> str:
    """The mini game's Shrine (blue: civilian points) with these effect lines."""
    body = "".join(f"  {line}\n" for line in lines)
    return f'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {{\n{body}}}\n'


def where(text: str, needle: str) -> tuple[int, int, int]:
    """The line, first and last column of `needle` in the layer `t.wr` made of `text`."""
    lines = ("ruleset t extends mini\n" + text).split("\n")
    line = next(i for i, x in enumerate(lines, 1) if needle in x)
    col = lines[line - 1].index(needle) + 1
    return line, col, col + len(needle)


def test_a_product_of_coins_and_coins_is_refused_where_it_is_written(compile_layer) -> None:
    text = shrine("each end of age: gain coins * coins coins")
    d = only(compile_layer(text))
    assert d.code == "E0104"
    assert d.message == "a product of coins and coins can grow beyond the range of numbers"
    assert (d.span.line, d.span.column, d.span.end_column) == where(text, "coins * coins")
    assert RANGE in d.help


def test_products_of_what_cities_hold_are_found_inside_sums_aggregates_and_functions(compile_layer) -> None:
    for line, named in [
        ("end of game: score tokens(victory) * value(victory)", "tokens(victory) and value(victory)"),
        ("end of game: score (coins + 1) * max(coins over others)", "coins and coins"),
        ("end of game: score abs(value(defeat, left)) * min(coins, 10)", "value(defeat, left) and coins"),
        ("end of game if coins(left) * coins(right) > 3: score 1", "coins(left) and coins(right)"),
        ("each end of age: gain 2 * coins * (coins / 3) coins", "coins and coins"),
    ]:
        d = only(compile_layer(shrine(line)))
        assert (d.code, d.message) == ("E0104", f"a product of {named} can grow beyond the range of numbers"), line


def test_a_per_and_a_worth_multiply_what_they_count(compile_layer) -> None:
    d = only(compile_layer(shrine("each end of age: gain coins coins per victory tokens in self")))
    assert d.message == "a product of coins and victory tokens can grow beyond the range of numbers"
    text = shrine("each end of age: gain coins victory tokens worth value(victory)")
    d = only(compile_layer(text))
    assert d.message == "a product of coins and value(victory) can grow beyond the range of numbers"
    assert (d.span.line, d.span.column, d.span.end_column) == where(text, "value(victory)")


def test_numbers_and_table_variables_beyond_the_range_are_refused(compile_layer) -> None:
    text = shrine("end of game: score 1000 + 1000000 * 1000000")
    d = only(compile_layer(text))
    assert d.code == "E0104"
    assert d.message == "this product can come to 1 000 000 000 000, beyond the range of numbers"
    assert (d.span.line, d.span.column, d.span.end_column) == where(text, "1000000 * 1000000")
    # a table variable counts at the engine's largest table
    d = only(compile_layer(shrine("end of game: score 1 - players * 1000 * 100000")))
    most = f"{MAX_PLAYERS * 100_000_000:,}".replace(",", " ")
    assert d.message == f"this product can come to {most}, beyond the range of numbers"
    assert f"players {MAX_PLAYERS}" in d.help
    d = only(compile_layer(shrine("end of game: score 0 - 1000 * 1000 * 1000 - 1")))
    assert d.message == "this difference can come to -1 000 000 001, beyond the range of numbers"
    assert MAX_VALUE == 1000 * 1000 * 1000


def test_what_grows_times_what_is_bounded_is_checked_while_the_game_is_played(compile_layer) -> None:
    for line in ("each end of age: gain 2 * coins coins", "end of game: score coins * cards(blue)",
                 "end of game: score value(victory) * stages + 1000 * 1000 * 1000",
                 "end of game: score tokens(victory) * players / 3",
                 "each end of age: gain coins / 2 coins per blue card in self",
                 "each end of age: gain 2 victory tokens worth coins",
                 "end of game if rank(coins among everyone) * coins > 2: score squares(science)"):
        r = compile_layer(shrine(line))
        assert r.ok, (line, [d.message for d in r.diagnostics])


def test_table_settings_are_checked_too(compile_files) -> None:
    from grammar_support import MINI

    d = only(compile_files({"mini.wr": MINI.replace("  hand 2\n", "  hand 2 + 100000 * 100000 * 0\n")}), "E0104")
    assert d.message == "this product can come to 10 000 000 000, beyond the range of numbers"
