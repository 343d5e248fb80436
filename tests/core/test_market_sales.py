"""What each seller sells, played: the seats two away sell only raw materials (wood, stone) at 3
coins, the neighbours sell everything at 2 (`sells only raw from left 2, right 2`).

The scenarios are counted by hand. Seats: the left neighbour of seat i is seat i+1, the right
one seat i-1, so at five players seat 0 buys from seats 1 and 4 (neighbours) and 2 and 3 (two
away). The random games check every offer against the exhaustive search of
`test_market_sellers`, its buyer's problem read from the rule set's text and cut to what each
seller sells."""

from __future__ import annotations

import attrs
import pytest
import test_market_sellers
import tiny
from test_market_sellers import CARDS, RESOURCES, play
from tiny import LEFT, RIGHT, c

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.engine import activate
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.market import many

LEFT2 = c.Relation("left", 2)
RIGHT2 = c.Relation("right", 2)
FAR = (LEFT, RIGHT, LEFT2, RIGHT2)
RAW = ("wood", "stone")
#: `sells only raw from left 2, right 2`
RAW_FROM_AFAR = (c.MarketSales(RAW, (LEFT2, RIGHT2)),)
#: `price 2`, `price 3 from left 2, right 2`
DEARER_AFAR = (c.MarketPrice(3, sellers=(LEFT2, RIGHT2)),)
#: wood, stone and glass boards
BOARDS = [tiny.board("Wood", "wood"), tiny.board("Stone 1", "stone"), tiny.board("Stone 2", "stone"),
          tiny.board("Glass 1", "glass"), tiny.board("Glass 2", "glass"), tiny.board("Wood 2", "wood")]
#: seat 0 holds a Tower (2 stone, 1 glass), a Library (1 coin; wood, glass, stone), a Statue (2 stone, 2 glass)
HAND = ["Tower", "Library", "Statue", "Store", "Store", "Bridge"]


def sales_rules(sales: tuple[c.MarketSales, ...] = RAW_FROM_AFAR, prices: tuple[c.MarketPrice, ...] = DEARER_AFAR,
                boards: list[c.Board] | None = None, start_coins: int = 10) -> c.RuleSet:
    rules = tiny.rules(CARDS, players=(3, 4, 5), hand=6, sellers=FAR, start_coins=start_coins, prices=prices,
                       boards=BOARDS if boards is None else boards)
    assert rules.market is not None
    return attrs.evolve(rules, market=attrs.evolve(rules.market, sales=sales))


def _payments(game: Game, boards: list[str], card: str) -> tuple[list, object]:
    state = game.new_initial_state(seed=1, boards=[(b, "A") for b in boards],
                                   hands={1: [HAND] * game.players})
    return sorted(a.pay for a in state.legal_actions(0) if a.kind == "build" and a.card == card), state


#: five seats: seat 0 makes wood; its left neighbour (1) stone, its right neighbour (4) glass;
#: two to the left (2) glass, two to the right (3) stone
FIVE = ["Wood", "Stone 1", "Glass 1", "Stone 2", "Glass 2"]


def test_a_seller_two_away_does_not_sell_what_it_does_not_sell() -> None:
    """Tower (2 stone, 1 glass): stone from seat 1 at 2 and seat 3 at 3 (raw, from two away), the
    glass from seat 4 at 2 alone: seat 2 makes glass but sells only raw. One way to pay; with
    seat 2 selling everything, its glass at 3 would be a second way."""
    offered, _ = _payments(Game(sales_rules(), 5), FIVE, "Tower")
    assert offered == [((1, 2), (3, 3), (4, 2))]
    everything, _ = _payments(Game(sales_rules(sales=()), 5), FIVE, "Tower")
    assert everything == [((1, 2), (2, 3), (3, 3)), ((1, 2), (3, 3), (4, 2))]


def test_the_legal_payments_counted_by_hand() -> None:
    """Library (1 coin; wood, glass, stone): seat 0 makes its wood; the stone from seat 1 at 2 or
    seat 3 at 3, the glass from seat 4 at 2 only: two ways, {1: 2, 4: 2} and {3: 3, 4: 2}. With
    seat 2 selling its glass (at 3), two more: {1: 2, 2: 3} and {2: 3, 3: 3}."""
    offered, state = _payments(Game(sales_rules(), 5), FIVE, "Library")
    assert offered == [((1, 2), (4, 2)), ((3, 3), (4, 2))]
    assert many(state, 0)
    everything, _ = _payments(Game(sales_rules(sales=()), 5), FIVE, "Library")
    assert everything == [((1, 2), (2, 3)), ((1, 2), (4, 2)), ((2, 3), (3, 3)), ((3, 3), (4, 2))]


def test_a_card_needing_what_only_the_seats_two_away_make_is_refused_with_the_reason() -> None:
    """Statue (2 stone, 2 glass): one glass is for sale (seat 4's); seat 2's is not. The Statue is
    not offered, and building it is refused for the glass missing."""
    offered, state = _payments(Game(sales_rules(), 5), FIVE, "Statue")
    assert offered == []
    statue = Action("build", "Statue", pay=((1, 2), (2, 3), (3, 3), (4, 2)))
    why = state.explain(0, statue)
    assert why is not None and "1 glass more than the city and its sellers can supply" in why


def test_a_seat_both_neighbour_and_two_away_sells_what_either_sells() -> None:
    """Three players: seat 2 is the right neighbour of seat 0 and two to its left, seat 1 the left
    neighbour and two to the right. With `price 1 from left 2, right 2`, the raw materials of
    both cost 1 (the price of two away, which sells them); seat 2's glass costs 2, the price of
    the neighbour that sells it, not 1. Library: {1: 1, 2: 2}."""
    prices = (c.MarketPrice(1, sellers=(LEFT2, RIGHT2)),)
    offered, state = _payments(Game(sales_rules(prices=prices), 3), ["Wood", "Stone 1", "Glass 1"], "Library")
    assert offered == [((1, 1), (2, 2))]
    assert not many(state, 0)


def test_the_neighbours_sell_only_what_their_line_says() -> None:
    """`sells only glass from left, right` and `sells only raw from left 2, right 2`: at five seats
    seat 0's neighbours sell only glass; the stone for the Library comes from seat 3 (two away) at
    3, the glass from seat 4: one way."""
    sales = (c.MarketSales(("glass",), (LEFT, RIGHT)),) + RAW_FROM_AFAR
    offered, _ = _payments(Game(sales_rules(sales=sales), 5), FIVE, "Library")
    assert offered == [((3, 3), (4, 2))]


def test_coins_follow_the_payment() -> None:
    """Seat 0 builds the Tower, paying 2 to seat 1, 3 to seat 3 and 2 to seat 4; the others sell
    a card for 3 coins."""
    offered, state = _payments(Game(sales_rules(), 5), FIVE, "Tower")
    state.apply_actions({p: (next(a for a in state.legal_actions(p) if a.card == "Tower")
                             if p == 0 else next(a for a in state.legal_actions(p) if a.kind == "sell"))
                         for p in range(5)})
    assert [city.coins for city in state.cities] == [3, 15, 13, 16, 15]


def _problem_with_sales(original):
    def problem(state, buyer: int, sellers: tuple[int, ...]) -> tuple:
        """The buyer's problem of `test_market_sellers`, cut to what each seller sells by the
        market's text: a seller sells what any relation making it one sells, each resource at the
        lowest price of those relations that sell it."""
        own_fixed, own_units, sells, rows, rebates = original(state, buyer, sellers)
        market = state.game.rules.market
        table = state.table
        cut_sells, cut_rows = [], []
        for s, (fixed, units), row in zip(sellers, sells, rows):
            sold: set[str] = set()
            prices: dict[str, list[int]] = {}
            for rel in market.sellers:
                if s not in table.seats_of(rel, buyer):
                    continue
                line = next((x for x in market.sales if rel in x.sellers), None)
                for r in RESOURCES:
                    if line is None or r in line.resources:
                        sold.add(r)
                        prices.setdefault(r, []).append(test_market_sellers.market_price(
                            attrs.evolve(market, sellers=(rel,)), table, buyer, s, r))
            index = {RESOURCES.index(r) for r in sold}
            kept_fixed = [n if i in index else 0 for i, n in enumerate(fixed)]
            kept_units = []
            for unit in units:
                options = tuple(i for i in unit if i in index)
                if len(options) == 1:
                    kept_fixed[options[0]] += 1
                elif options:
                    kept_units.append(options)
            cut_sells.append((tuple(kept_fixed), tuple(kept_units)))
            cut = [min(prices[r]) if r in prices else row[i] for i, r in enumerate(RESOURCES)]
            for src in state.cities[buyer].active:  # the prices of effects, for the seller
                for hook in src.ir.hooks:
                    op = hook.op
                    if isinstance(op, c.Price) and s in table.union(op.sellers, buyer):
                        for r in op.resources:
                            cut[RESOURCES.index(r)] = min(cut[RESOURCES.index(r)], op.price)
            cut_rows.append(tuple(cut))
        return own_fixed, own_units, tuple(cut_sells), tuple(cut_rows), rebates
    return problem


@pytest.mark.parametrize(("players", "seed"), [(5, 0), (5, 1), (5, 2), (4, 3), (3, 4)])
def test_every_payment_offered_is_exact_for_what_each_seller_sells(players: int, seed: int,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(test_market_sellers, "problem", _problem_with_sales(test_market_sellers.problem))
    monkeypatch.setattr(test_market_sellers, "rules", lambda sellers, prices=(): sales_rules(
        prices=prices, boards=[], start_coins=6))
    offered, paid, _ = play(FAR, players, seed, DEARER_AFAR)
    assert offered > 0 and paid > 0


def test_a_market_without_sales_compiles_as_before() -> None:
    """The default: every seller sells every resource `sells` offers; the usual two sellers keep
    the packed solver's shortest path."""
    game = Game(tiny.rules(CARDS, players=(3, 4, 5), hand=6), 4)
    state = game.new_initial_state(seed=0)
    assert game.rules.market is not None and game.rules.market.sales == ()
    assert state.caches.seller_pairs[0] == (1, 3) and state.catalog.market_sales == ()


def test_a_card_price_holds_for_a_seller_through_the_relation_that_sells() -> None:
    """`sellers: left 2, right 2, left, right` at three players: seat 2 is two to the left of seat
    0 (first, selling only raw) and its right neighbour (selling everything). Its glass costs 2;
    with the Glass Deal (`buy glass from others for 1`) active in seat 0, 1 from the next turn:
    the card's price holds for the seller, whichever of its relations sells the glass. Library:
    {1: 2, 2: 1}."""
    rules = tiny.rules(CARDS, players=(3, 4, 5), hand=6, sellers=(LEFT2, RIGHT2, LEFT, RIGHT), start_coins=10,
                       prices=DEARER_AFAR, boards=BOARDS)
    assert rules.market is not None
    game = Game(attrs.evolve(rules, market=attrs.evolve(rules.market, sales=RAW_FROM_AFAR)), 3)
    boards = ["Wood", "Stone 1", "Glass 1"]
    offered, state = _payments(game, boards, "Library")
    assert offered == [((1, 2), (2, 2))]
    state = game.new_initial_state(seed=1, boards=[(b, "A") for b in boards], hands={1: [HAND] * 3})
    activate(state, 0, state.catalog.card_named("Glass Deal"), built=False)  # from the next turn on
    state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == "sell" and a.card == "Store")
                         for p in range(3)})
    assert sorted(a.pay for a in state.legal_actions(0) if a.kind == "build" and a.card == "Library") == [
        ((1, 2), (2, 1))]


FAR_MARKET = """ruleset far_market extends base
override market {
  sellers: left, right, left 2, right 2
  sells: board, brown, grey
  price 2
  price 3 from left 2, right 2
  sells only raw from left 2, right 2
}
"""


def test_the_variant_written_as_text_plays_over_the_base_game(tmp_path) -> None:
    """Five players over the base game. Seat 0 (Giza, stone) holds the Workshop (1 glass) and
    the Stockade (1 wood). Its neighbours make ore (seat 1, Rhodes) and clay (seat 4, Babylon);
    two to its left, Alexandria makes glass, two to its right Olympia wood. The Workshop cannot
    be bought (Alexandria sells only raw materials; without that line, at 3 coins); the
    Stockade's wood comes from Olympia at 3 coins, the one way to pay."""
    import wonderrules

    layer = tmp_path / "far_market.wr"
    layer.write_text(FAR_MARKET, encoding="utf-8")
    rules = wonderrules.load_rules("base", str(layer))
    assert rules.market is not None
    assert rules.market.sales == (c.MarketSales(("wood", "stone", "clay", "ore"), (LEFT2, RIGHT2)),)
    game = Game(rules, 5)
    hands = [["Workshop", "Stockade", "Timber Yard", "Baths", "Excavation", "Tavern", "Theater"],
             ["Ore Vein", "Stone Pit", "Lumber Yard", "West Trading Post", "Altar", "Apothecary", "Press"],
             ["Loom", "Tavern", "Stone Pit", "Clay Pool", "Pawnshop", "Lumber Yard", "Clay Pool"],
             ["Marketplace", "Clay Pit", "Barracks", "Altar", "Guard Tower", "Scriptorium", "Ore Vein"],
             ["Forest Cave", "Guard Tower", "East Trading Post", "Barracks", "Scriptorium", "Apothecary",
              "Glassworks"]]
    boards = [("Giza", "A"), ("Rhodes", "A"), ("Alexandria", "A"), ("Olympia", "A"), ("Babylon", "A")]
    state = game.new_initial_state(seed=3, boards=boards, hands={1: hands})
    legal = state.legal_actions(0)
    assert [a.pay for a in legal if a.kind == "build" and a.card == "Workshop"] == []
    assert [a.pay for a in legal if a.kind == "build" and a.card == "Stockade"] == [((3, 3),)]
    # without the `sells only` line, Alexandria sells its glass at 3
    layer.write_text(FAR_MARKET.replace("  sells only raw from left 2, right 2\n", ""), encoding="utf-8")
    state = Game(wonderrules.load_rules("base", str(layer)), 5).new_initial_state(seed=3, boards=boards,
                                                                                   hands={1: hands})
    assert [a.pay for a in state.legal_actions(0) if a.kind == "build" and a.card == "Workshop"] == [((2, 3),)]
