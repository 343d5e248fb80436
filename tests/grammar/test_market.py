"""The market's prices by seller and by resource: how they are written, checked and lowered.

A price line names sellers as `sellers:` writes them and resources by name or class; for one
seller and one resource, a line naming both wins over a line naming either, and two lines of one
rank that disagree are refused (E0108)."""

from __future__ import annotations

from grammar_support import line_of, only

from wonderrules.interpreter import ir

LEFT, RIGHT = ir.Relation("left"), ir.Relation("right")
LEFT2, RIGHT2 = ir.Relation("left", 2), ir.Relation("right", 2)


def market(*lines: str, sellers: str = "left, right, left 2, right 2") -> str:
    body = "\n".join(f"  {line}" for line in lines)
    return f"override market {{\n  sellers: {sellers}\n  sells: board, brown, grey\n{body}\n}}\n"


def test_prices_lower_with_classes_expanded_and_the_plain_price_apart(compile_layer) -> None:
    r = compile_layer(market("price 2", "price 3 from left 2, right 2", "price 1 for manufactured from left, right",
                             "price 0 from right for wood, stone"))
    assert r.ok, [(d.code, d.message) for d in r.diagnostics]
    m = r.rules.market
    assert m.price == 2 and m.sellers == (LEFT, RIGHT, LEFT2, RIGHT2)
    assert m.prices == (ir.MarketPrice(3, (), (LEFT2, RIGHT2)), ir.MarketPrice(1, ("glass",), (LEFT, RIGHT)),
                        ir.MarketPrice(0, ("wood", "stone"), (RIGHT,)))


def test_a_line_naming_both_settles_two_lines_that_disagree(compile_layer) -> None:
    text = market("price 2", "price 3 from left 2, right 2", "price 1 for manufactured",
                  "price 1 for manufactured from left 2, right 2")
    assert compile_layer(text).diagnostics == ()


def test_lines_that_agree_where_they_meet_are_fine(compile_layer) -> None:
    text = market("price 2", "price 3 from left 2", "price 3 for glass")
    assert compile_layer(text).diagnostics == ()


def test_a_price_for_sellers_and_one_for_resources_that_disagree_are_refused(compile_layer) -> None:
    text = market("price 2", "price 3 from left 2, right 2", "price 1 for manufactured")
    d = only(compile_layer(text), "E0108")
    assert d.message == "two prices of the market hold for glass bought from `left 2`: 3 and 1 coins"
    assert d.span.line == line_of("x\n" + text, "price 1 for") and d.labels[0].message == "the other price"
    assert d.help == "say which price holds for both in one line: `price N for manufactured from left 2, right 2`"


def test_two_prices_for_one_seller_are_refused_once(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "price 3 from left 2", "price 4 from left 2, right 2")), "E0108")
    assert d.message == "two prices of the market hold for wood bought from `left 2`: 3 and 4 coins"
    assert d.help.startswith("name each seller and resource in one `price` line of this rank only")


def test_a_price_names_sellers_as_the_sellers_line_does(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "price 1 for wood from left 3"), ), "E0104")
    assert d.message == "the market does not buy from `left 3` as its sellers are written"
    assert d.help == ("a price names sellers as `sellers:` writes them (left, right, left 2, right 2): name one of "
                      "them, or add `left 3` to the sellers")
    d = only(compile_layer(market("price 2", "price 1 from left", sellers="neighbours")), "E0104")
    assert "to price one neighbour apart, write `left, right` among the sellers" in d.help


def test_a_market_needs_its_plain_price(compile_layer) -> None:
    d = only(compile_layer(market("price 1 for raw", "price 3 for manufactured")), "E0105")
    assert d.message == "the market has no plain price"
    assert d.help == "add `price 2`: the price of every unit that no other `price` line sets"


def test_the_plain_price_is_given_once_and_every_price_is_bounded(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "price 3")), "E0102")
    assert d.message == "market clause 'price' is given twice"
    d = only(compile_layer(market("price 2", "price 60 from left")), "E0104")
    assert d.message == "a price of 60 coins is more than a rule set may ask"


def test_a_price_is_for_resources_not_colours(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "price 1 for grey")), "E0103")
    assert d.message == "'grey' is a colour, not a resource or a resource class"


def test_a_price_from_a_seat_named_only_while_an_effect_runs_is_refused_once(compile_layer) -> None:
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ {\n  passive: produce wood\n'
                      '  passive: buy raw from controller for 1\n}\n')
    assert [d.code for d in r.diagnostics] == ["E0104"]


def test_a_price_from_a_seat_two_away_warns_only_where_it_is_no_seller(compile_layer) -> None:
    """mini seats 3 or 4 players and sells from left and right: two seats to the left is the
    right neighbour at 3 players and the seat across at 4."""
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ {\n  passive: produce wood\n'
                      '  passive: first purchase from left 2 each turn costs 1 less\n}\n')
    d = only(r)
    assert d.code == "W0509" and "never applies at 4 players" in d.message and r.ok
    quiet = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ {\n  passive: produce wood\n'
                          '  passive: buy raw from neighbours for 1\n}\n')
    assert quiet.diagnostics == ()


# ---- what sellers sell ------------------------------------------------------------------------------

def test_sells_only_lowers_with_classes_expanded(compile_layer) -> None:
    r = compile_layer(market("price 2", "price 3 from left 2, right 2", "sells only raw from left 2, right 2",
                             "sells only glass, wood from left"))
    assert r.ok, [(d.code, d.message) for d in r.diagnostics]
    assert r.rules.market.sales == (ir.MarketSales(("wood", "stone"), (LEFT2, RIGHT2)),
                                    ir.MarketSales(("glass", "wood"), (LEFT,)))


def test_a_market_without_sells_only_sells_everything(compile_layer) -> None:
    r = compile_layer(market("price 2", "price 3 from left 2, right 2"))
    assert r.ok and r.rules.market.sales == ()


def test_prices_of_what_a_seller_never_sells_do_not_disagree(compile_layer) -> None:
    """Glass from two seats away would cost 3 and 1 (E0108), but those seats sell only raw
    materials: no glass is bought there, and nothing is refused."""
    text = market("price 2", "price 3 from left 2, right 2", "price 1 for manufactured",
                  "sells only raw from left 2, right 2")
    assert compile_layer(text).diagnostics == ()


def test_sells_only_names_sellers_as_the_sellers_line_does(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "sells only raw from neighbours")), "E0104")
    assert d.message == "the market does not buy from `neighbours` as its sellers are written"
    assert d.help.startswith("a `sells only` line names sellers as `sellers:` writes them")


def test_what_one_seller_sells_is_said_once(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "sells only raw from left 2", "sells only glass from left 2")), "E0102")
    assert d.message == "what `left 2` sells is said twice"
    assert d.labels[0].message == "said first here"


def test_a_price_only_of_what_its_sellers_never_sell_is_warned(compile_layer) -> None:
    d = only(compile_layer(market("price 2", "price 1 for glass from left 2", "sells only raw from left 2, right 2")),
             "W0509")
    assert d.message == "this price never applies: the sellers it names never sell glass"


def test_a_price_that_holds_for_something_sold_is_not_warned(compile_layer) -> None:
    text = market("price 2", "price 1 for glass", "sells only raw from left 2, right 2")
    assert compile_layer(text).diagnostics == ()
