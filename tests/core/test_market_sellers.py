"""A market of any number of sellers, played: a variant where every city sells to every other
(`sellers: others`) at five players, one seller (the left neighbour) and none.

At every decision of random games, the payments offered for each card are checked against an
exhaustive search (`test_payments.exhaustive`) over the buyer's problem read from the rule set's
text (the production, prices and rebates of the cards each city has built): the legal payments
are exactly its Pareto-minimal exact payments that the buyer can afford. After every round, each
city's coins are what it held, less what it paid to the bank and to its sellers, plus what its
buyers paid it and what it sold cards for: no coin is made or lost in trading."""

from __future__ import annotations

import random

import pytest
import tiny
from test_payments import exhaustive
from tiny import LEFT, OTHERS, c, card

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.errors import GameStoppedError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.payments import pareto
from wonderrules.interpreter.words import MAX_PAYMENT_SEARCH, MAX_PAYMENTS

PARTNERS = c.Relation("partners")  # nobody, without teams


def _produce(options: tuple[str, ...], for_sale: bool = True) -> c.Hook:
    return c.Hook(c.Passive(), c.Produce(options, 1, for_sale))


CARDS = (
    card("Wood Camp", "brown", [_produce(("wood",))]),
    card("Stone Pit", "brown", [_produce(("stone",))]),
    card("Glassworks", "brown", [_produce(("glass",))]),
    card("Mixed Yard", "brown", [_produce(("wood", "stone"))]),
    card("Sand Yard", "brown", [_produce(("stone", "glass"))]),
    card("Store", "blue", [_produce(("wood", "glass"), for_sale=False)]),
    card("Market Hall", "red", [c.Hook(c.Passive(), c.Price(("wood", "stone"), (LEFT,), 1))]),
    card("Glass Deal", "red", [c.Hook(c.Passive(), c.Price(("glass",), (OTHERS,), 1))]),
    card("Guild", "red", [c.Hook(c.Passive(), c.Rebate((OTHERS,), 1))]),
    card("Temple", "blue", [tiny.points(3)], resources=[("wood", 2), ("stone", 1)]),
    card("Tower", "red", [tiny.shields(2)], resources=[("stone", 2), ("glass", 1)]),
    card("Library", "blue", [tiny.points(4)], coins=1, resources=[("wood", 1), ("glass", 1), ("stone", 1)]),
    card("Bridge", "blue", [tiny.points(4)], resources=[("wood", 3)]),
    card("Statue", "blue", [tiny.points(5)], resources=[("stone", 2), ("glass", 2)]),
)
RESOURCES = ("wood", "stone", "glass")


def rules(sellers: tuple[c.Relation, ...], prices: tuple[c.MarketPrice, ...] = ()) -> c.RuleSet:
    return tiny.rules(CARDS, players=(3, 4, 5), hand=6, sellers=sellers, start_coins=6, prices=prices)


def _vector(pairs) -> tuple[int, ...]:
    out = [0] * len(RESOURCES)
    for name, n in pairs:
        out[RESOURCES.index(name)] += n
    return tuple(out)


def problem(state, buyer: int, sellers: tuple[int, ...]) -> tuple:
    """The buyer's problem, read from the text of what each city has built (not from the engine's
    tables): its production, what its sellers sell, its prices and rebates per seller."""
    rules = state.game.rules
    market = rules.market
    table = state.table

    def hooks(seat):
        for src in state.cities[seat].active:
            for hook in src.ir.hooks:
                yield src, hook.op

    own_fixed, own_units = [0] * len(RESOURCES), []
    for _, op in hooks(buyer):
        if isinstance(op, c.Produce):
            if len(op.options) == 1:
                own_fixed[RESOURCES.index(op.options[0])] += op.amount
            else:
                own_units.extend([tuple(RESOURCES.index(r) for r in op.options)] * op.amount)
    sells = []
    for s in sellers:
        fixed, units = [0] * len(RESOURCES), []
        for src, op in hooks(s):
            where = "board" if src is state.cities[s].board.source else src.colour
            if isinstance(op, c.Produce) and op.for_sale and where in market.sells:
                if len(op.options) == 1:
                    fixed[RESOURCES.index(op.options[0])] += op.amount
                else:
                    units.extend([tuple(RESOURCES.index(r) for r in op.options)] * op.amount)
        sells.append((tuple(fixed), tuple(units)))
    rows, rebates = [], []
    for s in sellers:
        row = [market_price(market, table, buyer, s, r) for r in RESOURCES]
        rebate = 0
        for _, op in hooks(buyer):
            if isinstance(op, c.Price) and s in table.union(op.sellers, buyer):
                for r in op.resources:
                    row[RESOURCES.index(r)] = min(row[RESOURCES.index(r)], op.price)
            if isinstance(op, c.Rebate) and s in table.union(op.sellers, buyer):
                rebate += op.amount
        rows.append(tuple(row))
        rebates.append(rebate)
    return tuple(own_fixed), tuple(own_units), tuple(sells), tuple(rows), tuple(rebates)


def market_price(market, table, buyer: int, seller: int, resource: str) -> int:
    """The market's price of a unit of a resource from a seller, before effects, read from its
    text: for each relation of `sellers` that makes the seat a seller, the price naming both that
    relation and the resource, else one naming either, else the plain price; the lowest of
    these."""
    found = []
    for rel in market.sellers:
        if seller not in table.seats_of(rel, buyer):
            continue
        both = [p.price for p in market.prices if rel in p.sellers and resource in p.resources]
        either = [p.price for p in market.prices if (rel in p.sellers and not p.resources)
                  or (resource in p.resources and not p.sellers)]
        found.append(both[0] if both else either[0] if either else market.price)
    return min(found)


def check_offers(state, player: int, sellers: tuple[int, ...]) -> tuple[int, int]:
    """The build actions offered to a player are the affordable Pareto-minimal exact payments of
    each card it may build; returns how many payments to sellers were offered, and the most
    sellers one of them pays."""
    legal = state.legal_actions(player)
    city = state.cities[player]
    prob = problem(state, player, sellers)
    paying = widest = 0
    for name in dict.fromkeys(src.name for src in city.zones[0]):
        src = state.catalog.card_named(name)
        offered = [a for a in legal if a.kind == "build" and a.card == name]
        if name in city.names:
            assert offered == []
            continue
        if src.coins > city.coins:
            assert offered == []
            continue
        options = pareto(exhaustive(src.cost, prob))
        affordable = [p for p in options if src.coins + sum(p) <= city.coins]
        got = []
        for a in offered:
            pay = dict(a.pay)
            assert set(pay) <= set(sellers) and all(v > 0 for v in pay.values())
            got.append(tuple(pay.get(s, 0) for s in sellers))
        assert got == affordable, (name, got, affordable)
        paying += sum(1 for a in offered if a.pay)
        widest = max([widest] + [len(a.pay) for a in offered])
    return paying, widest


def play(sellers_rel: tuple[c.Relation, ...], players: int, seed: int,
         prices: tuple[c.MarketPrice, ...] = ()) -> tuple[int, int, int]:
    """A random game, every offer and every round's coins checked; returns the payments to
    sellers offered, the most sellers one of them pays, and the coins paid to sellers."""
    game = Game(rules(sellers_rel, prices), players)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    offered = paid = widest = 0
    while not state.is_terminal():
        pending = state.pending_decisions()
        chosen: dict[int, Action] = {}
        for p in pending:
            sellers = tuple(s for s in game.table.union(sellers_rel, p) if s != p) if sellers_rel else ()
            n, most = check_offers(state, p, sellers)
            offered += n
            widest = max(widest, most)
            legal = state.legal_actions(p)
            buying = [a for a in legal if a.pay]
            chosen[p] = rng.choice(buying if buying and rng.random() < 0.7 else legal)
        before = [city.coins for city in state.cities]
        state.apply_actions(chosen)
        expected = list(before)
        for p, a in chosen.items():
            if a.kind == "sell":
                expected[p] += 3
            else:
                expected[p] -= state.catalog.card_named(a.card).coins
            for seller, coins in a.pay:
                expected[p] -= coins
                expected[seller] += coins
                paid += coins
        assert [city.coins for city in state.cities] == expected
    return offered, paid, widest


@pytest.mark.parametrize("seed", range(6))
def test_everyone_sells_to_everyone_at_five_players(seed: int) -> None:
    offered, paid, widest = play((OTHERS,), 5, seed)
    assert offered > 10 and paid > 0 and widest >= 3


def test_a_buyer_with_four_sellers_is_offered_every_way_to_split_its_purchase() -> None:
    """Seat 0 (its board makes wood) builds a Temple (2 wood, 1 stone): it buys one wood and one
    stone at 2 coins each. Every other city sells both: from one of them (4 ways) or from two (6
    ways: which seller gets which unit does not change the coins)."""
    game = Game(rules((OTHERS,)), 5)
    hands = [["Bridge", "Tower", "Library", "Statue", "Store", "Store"],
             ["Stone Pit", "Tower", "Library", "Statue", "Store", "Store"]] + [
        ["Wood Camp", "Tower", "Library", "Statue", "Store", "Store"]] * 2 + [
        ["Wood Camp", "Temple", "Library", "Statue", "Store", "Store"]]
    # boards: seat 0 makes wood, seat 1 wood, seats 2 to 4 stone
    boards = [("Board 1", "A"), ("Board 3", "A"), ("Board 2", "A"), ("Board 4", "A"), ("Board 6", "A")]
    state = game.new_initial_state(seed=3, boards=boards, hands={1: hands})
    # turn 1: seat 0 sells, seat 1 builds a Stone Pit, the others a Wood Camp; the Temple passes to seat 0
    state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == ("sell" if p == 0 else "build"))
                         for p in range(5)})
    legal = state.legal_actions(0)
    temple = [tuple(dict(a.pay).get(s, 0) for s in (1, 2, 3, 4)) for a in legal
              if a.card == "Temple" and a.kind == "build"]
    singles = [tuple(4 if i == j else 0 for i in range(4)) for j in range(4)]
    pairs = [tuple(2 if i in (j, k) else 0 for i in range(4)) for j in range(4) for k in range(j + 1, 4)]
    assert temple == sorted(singles + pairs, key=lambda p: (sum(p), p))
    assert len(temple) == 10 and temple[:2] == [(0, 0, 0, 4), (0, 0, 2, 2)] and temple[-1] == (4, 0, 0, 0)


def test_a_payment_that_is_not_exact_is_explained_and_refused() -> None:
    game = Game(rules((OTHERS,)), 5)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        legal = state.legal_actions(0)
        buying = [a for a in legal if a.pay]
        if not buying:
            continue
        a = buying[0]
        seller, coins = a.pay[0]
        wrong = a._replace(pay=((seller, coins + 1),) + a.pay[1:])
        why = state.explain(0, wrong)
        assert why is not None and "does not buy exactly" in why and "ways to pay" in why
        assert state.explain(0, a) is None
        return
    raise AssertionError("no game offered seat 0 a card to buy")


def test_one_seller() -> None:
    games = [play((LEFT,), 4, seed) for seed in range(4)]
    assert sum(g[0] for g in games) > 5 and sum(g[1] for g in games) > 5 and max(g[2] for g in games) == 1


@pytest.mark.parametrize("sellers", [(), (PARTNERS,)], ids=["no market", "nobody sells"])
def test_no_seller(sellers) -> None:
    assert play(sellers, 4, 1) == (0, 0, 0)


def test_three_players_everyone_sells_to_everyone_through_the_packed_solver() -> None:
    offered, paid, _ = play((OTHERS,), 3, 2)
    assert offered > 0 and paid > 0


def test_a_cost_with_more_ways_to_pay_than_the_engine_lists_stops_the_game() -> None:
    """Seven cities; six of them make 20 wood each and sell it to every other, at one price; a
    Palace costs 20 wood. Seat 0 (it makes stone) could pay it in 53,130 ways, none better than
    another for every seller: listing them took seconds and megabytes, and at twelve players a
    hundred thousand ways per player and minutes; at twenty the search never ended."""
    palace = card("Palace", resources=[("wood", 20)], copies=7)
    hut = card("Hut", copies=14)
    boards = [c.Board(f"Forest {i}", "A", f"Forest {i}", (c.Hook(c.Passive(), c.Produce(("wood",), 20)),), ())
              for i in range(6)]
    boards.insert(0, tiny.board("Quarry", "stone"))
    game = Game(tiny.rules([palace, hut], players=(3, 4, 5, 6, 7), boards=boards, sellers=(OTHERS,),
                           price=1, start_coins=30), 7)
    hands = [["Palace", "Hut", "Hut"]] + [["Hut", "Hut", "Hut"]] * 6
    with pytest.raises(GameStoppedError) as caught:
        game.new_initial_state(seed=1, boards=[(b.name, "A") for b in boards], hands={1: hands})
    assert (MAX_PAYMENTS, MAX_PAYMENT_SEARCH) == (10_000, 1_000_000)
    assert caught.value.message == ("seat 0 could pay 20 wood to its 6 sellers in more ways than the engine lists: "
                                    "a cost is paid in at most 10 000 ways, found in at most 1 000 000 steps")
