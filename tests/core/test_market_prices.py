"""Prices of the market by seller and by resource, played: sellers two seats away at 3 coins,
cheaper glass from the neighbours, a seat that is both a neighbour and two seats away.

The random games check every offer against the exhaustive search of `test_market_sellers`,
whose buyer's problem reads the market's prices from the rule set's text; the scenarios are
worked out by hand. Seats: the left neighbour of seat i is seat i+1, the right one seat i-1;
boards `Board 1`, `Board 3`, `Board 5` make wood, `Board 2`, `Board 4` stone."""

from __future__ import annotations

import pytest
from test_market_sellers import play, rules
from tiny import LEFT, RIGHT, c

from wonderrules.interpreter.game import Game
from wonderrules.interpreter.market import many, trade_context

LEFT2 = c.Relation("left", 2)
RIGHT2 = c.Relation("right", 2)
FAR = (LEFT, RIGHT, LEFT2, RIGHT2)
#: `price 2`, `price 3 from left 2, right 2`, `price 1 for glass from left, right`
TRADE_ROUTE = (c.MarketPrice(3, sellers=(LEFT2, RIGHT2)), c.MarketPrice(1, ("glass",), (LEFT, RIGHT)))
#: hands of six cards: seat 0 holds the Bridge (3 wood)
BRIDGE = ["Bridge", "Tower", "Library", "Statue", "Store", "Store"]
OTHER = ["Store", "Tower", "Library", "Statue", "Store", "Store"]


def _bridge_payments(game: Game, boards: list[tuple[str, str]]) -> tuple[list, object]:
    players = game.players
    state = game.new_initial_state(seed=1, boards=boards, hands={1: [BRIDGE] + [OTHER] * (players - 1)})
    return sorted(a.pay for a in state.legal_actions(0) if a.kind == "build" and a.card == "Bridge"), state


def test_sellers_two_seats_away_sell_at_their_own_price() -> None:
    """Five players: seat 0 (wood) builds the Bridge, 3 wood. Its neighbours (seats 1 and 4) make
    stone, the seats two away (2 and 3) one wood each: it buys both at 3 coins each (2 coins each
    without the route's price)."""
    game = Game(rules(FAR, TRADE_ROUTE), 5)
    boards = [("Board 1", "A"), ("Board 2", "A"), ("Board 3", "A"), ("Board 5", "A"), ("Board 4", "A")]
    offered, state = _bridge_payments(game, boards)
    assert offered == [((2, 3), (3, 3))]
    state.apply_actions({p: (next(a for a in state.legal_actions(p) if a.card == "Bridge")
                             if p == 0 else next(a for a in state.legal_actions(p) if a.kind == "sell"))
                         for p in range(5)})
    # 6 coins each at the start; seat 0 paid 3 + 3, the others sold a card for 3, seats 2 and 3 were paid 3
    assert [city.coins for city in state.cities] == [0, 9, 12, 12, 9]


def test_a_seat_both_neighbour_and_two_away_sells_at_the_lower_price() -> None:
    """Three players: the seat two to the left is the right neighbour and the other way round;
    both neighbours make one wood and sell it at 2 coins, the neighbours' price, not 3."""
    game = Game(rules(FAR, TRADE_ROUTE), 3)
    offered, _ = _bridge_payments(game, [("Board 1", "A"), ("Board 3", "A"), ("Board 5", "A")])
    assert offered == [((1, 2), (2, 2))]


def test_a_price_for_one_resource_from_one_seller_keeps_the_packed_solver() -> None:
    """Two sellers with `price 2` and `price 1 for wood from left`: at three players seat 0 buys
    the one wood of each neighbour, for 1 coin from the left (seat 1) and 2 from the right, and
    the packed solver of two sellers answers it."""
    game = Game(rules((LEFT, RIGHT), (c.MarketPrice(1, ("wood",), (LEFT,)),)), 3)
    offered, state = _bridge_payments(game, [("Board 1", "A"), ("Board 3", "A"), ("Board 5", "A")])
    assert offered == [((1, 1), (2, 2))]
    assert not many(state, 0) and trade_context(state, 0)[1] is not None


@pytest.mark.parametrize(("players", "seed"), [(5, 0), (5, 1), (5, 2), (4, 3), (3, 4)])
def test_every_payment_offered_is_exact_at_the_declared_prices(players: int, seed: int) -> None:
    offered, paid, _ = play(FAR, players, seed, TRADE_ROUTE)
    assert offered > 0 and paid > 0


@pytest.mark.parametrize("seed", range(3))
def test_every_payment_offered_by_two_sellers_with_prices_is_exact(seed: int) -> None:
    prices = (c.MarketPrice(1, ("wood",), (LEFT,)), c.MarketPrice(3, sellers=(RIGHT,)))
    offered, paid, _ = play((LEFT, RIGHT), 4, seed, prices)
    assert offered > 0 and paid > 0
