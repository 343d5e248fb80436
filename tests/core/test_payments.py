"""The payments of a buyer with any number of sellers (`payments.py`) against an exhaustive search
written from the rules alone, on random small problems of 3 to 5 sellers; and against the packed
two-seller solver of the market's usual shape, on random problems of 2 sellers."""

from __future__ import annotations

import random
import time
from itertools import product

import pytest

from wonderrules.interpreter.payments import ManySellers, TooManyPayments, by_total, pareto, solve
from wonderrules.interpreter.trading import TradeSolver
from wonderrules.interpreter.words import MAX_PAYMENTS

R = 3  # resources


def _below(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b))


def exhaustive(cost, problem) -> set[tuple[int, ...]]:
    """Every exact payment, by trying everything: every use of the buyer's either/or units (or
    none); the least remainders; every vector each seller can sell at once, every combination of
    them that buys exactly a least remainder; its coins per seller, less the seller's rebate when
    anything was bought there."""
    own_fixed, own_units, sells, rows, rebates = problem
    remainders = set()
    for use in product(*[(None,) + unit for unit in own_units]):
        have = list(own_fixed)
        for r in use:
            if r is not None:
                have[r] += 1
        remainders.add(tuple(max(0, c - h) for c, h in zip(cost, have)))
    least = [x for x in remainders if not any(y != x and _below(y, x) for y in remainders)]
    found = set()
    for need in least:
        sellable = []
        for fixed, units in sells:
            vectors = set()
            for use in product(*[(None,) + unit for unit in units]):
                supply = list(fixed)
                for r in use:
                    if r is not None:
                        supply[r] += 1
                top = [min(s, n) for s, n in zip(supply, need)]
                vectors.update(product(*[range(t + 1) for t in top]))
            sellable.append(sorted(vectors))

        def walk(i, left, bought, sellable=sellable):
            if i == len(sells):
                if not any(left):
                    pay = []
                    for b, row, rebate in zip(bought, rows, rebates):
                        coins = sum(q * p for q, p in zip(b, row))
                        if any(b):
                            coins = max(0, coins - rebate)
                        pay.append(coins)
                    found.add(tuple(pay))
                return
            for b in sellable[i]:
                if _below(b, left):
                    walk(i + 1, tuple(x - y for x, y in zip(left, b)), bought + [b], sellable)

        walk(0, need, [])
    return found


def _units(rng: random.Random, most: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(rng.sample(range(R), rng.choice((2, 2, 3))))) for _ in range(rng.randint(0, most)))


def problem(rng: random.Random, sellers: int) -> tuple[tuple[int, ...], tuple]:
    cost = [0] * R
    for _ in range(rng.randint(1, 5)):
        cost[rng.randrange(R)] += 1
    own = (tuple(rng.choice((0, 0, 1)) for _ in range(R)), _units(rng, 2))
    sells = tuple((tuple(rng.choice((0, 0, 1, 2)) for _ in range(R)), _units(rng, 2)) for _ in range(sellers))
    rows = tuple(tuple(rng.randint(1, 3) for _ in range(R)) for _ in range(sellers))
    rebates = tuple(rng.choice((0, 0, 0, 1, 2)) for _ in range(sellers))
    return tuple(cost), (own[0], own[1], sells, rows, rebates)


@pytest.mark.parametrize("sellers", [3, 4, 5])
def test_the_exact_payments_and_the_options_are_those_of_an_exhaustive_search(sellers: int) -> None:
    rng = random.Random(sellers)
    solver = ManySellers()
    payable = 0
    for _ in range(150):
        cost, prob = problem(rng, sellers)
        expected = exhaustive(cost, prob)
        ctx = solver.context((prob[0], prob[1]), prob[2], prob[3], prob[4])
        assert set(solver.exact(cost, ctx)) == expected, (cost, prob)
        options = solver.options(cost, ctx)
        assert options == pareto(expected) == tuple(sorted(
            (p for p in expected if not any(q != p and all(b <= a for a, b in zip(p, q)) for q in expected)),
            key=by_total)), (cost, prob)
        assert list(options) == sorted(options, key=lambda p: (sum(p), p))
        payable += bool(expected)
    assert payable > 50  # most problems can be paid, some cannot


def test_the_options_agree_with_the_packed_solver_for_two_sellers() -> None:
    rng = random.Random(2)
    fast = TradeSolver(R)
    for _ in range(300):
        cost, (own_fixed, own_units, sells, rows, rebates) = problem(rng, 2)
        ctx = fast.context(fast.part((own_fixed, own_units)), fast.part(sells[0]), fast.part(sells[1]),
                           fast.part((rows[0], rows[1], rebates[0], rebates[1])))
        cid = fast.cost_id(cost)
        general = pareto(solve(cost, (own_fixed, own_units, sells, rows, rebates), False))
        assert general == fast.payment_options(cid, ctx), (cost, own_fixed, own_units, sells, rows, rebates)
        exact = solve(cost, (own_fixed, own_units, sells, rows, rebates), True)
        assert exact == set(fast.achievable(cid, ctx))


def test_a_cost_nobody_can_supply_has_no_payment_and_one_the_buyer_makes_costs_nothing() -> None:
    sells = (((1, 0, 0), ()),) * 3
    rows = ((2, 2, 2),) * 3
    prob = ((0, 0, 0), (), sells, rows, (0, 0, 0))
    assert solve((0, 0, 1), prob, True) == set()
    assert solve((0, 0, 0), prob, True) == {(0, 0, 0)}
    own = ((0, 0, 1), ((0, 1),), sells, rows, (0, 0, 0))
    assert solve((1, 0, 1), own, True) == {(0, 0, 0)}  # its either/or unit makes the first resource


def test_three_sellers_of_one_unit_each_give_three_options_ordered_by_seller() -> None:
    sells = (((1, 0, 0), ()),) * 3
    prob = ((0, 0, 0), (), sells, ((2, 0, 0), (1, 0, 0), (2, 0, 0)), (0, 0, 1))
    # the rebate of the third seller makes its unit cost 1; no seller is better for everyone
    assert pareto(solve((1, 0, 0), prob, False)) == ((0, 0, 1), (0, 1, 0), (2, 0, 0))
    assert pareto(solve((2, 0, 0), prob, False)) == ((0, 1, 1), (2, 0, 1), (2, 1, 0))
    # four sellers of one unit each at different prices: each pair of sellers is an option
    four = ((0, 0, 0), (), sells + (((1, 0, 0), ()),), ((1, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)),
               (0, 0, 0, 0))
    assert pareto(solve((2, 0, 0), four, False)) == ((1, 1, 0, 0), (0, 1, 2, 0), (1, 0, 2, 0), (0, 1, 0, 3),
                                                        (1, 0, 0, 3), (0, 0, 2, 3))


def test_the_tables_have_a_bound() -> None:
    solver = ManySellers(max_entries=10)
    rng = random.Random(5)
    for _ in range(30):
        cost, prob = problem(rng, 3)
        ctx = solver.context((prob[0], prob[1]), prob[2], prob[3], prob[4])
        solver.options(cost, ctx)
    assert solver.clears >= 1 and len(solver._contexts) <= 10


def _woodsellers(sellers: int, units: int = 20) -> tuple:
    """A buyer that makes nothing, and `sellers` sellers of `units` wood each at 1 coin."""
    return ((0, 0, 0), (), (((units, 0, 0), ()),) * sellers, ((1, 0, 0),) * sellers, (0,) * sellers)


def test_the_ways_to_pay_have_a_bound() -> None:
    # 20 wood from 6 sellers of 20 at one price: every split is a way to pay (53,130 of them),
    # none beats another; from 19 sellers, 35 billion. Each search stops at its bound.
    for sellers in (6, 19):
        for exact in (False, True):
            began = time.process_time()
            with pytest.raises(TooManyPayments):
                solve((20, 0, 0), _woodsellers(sellers), exact)
            assert time.process_time() - began < 5
    # within the bound, every way is there: 9 wood from 4 sellers of 3 (20 splits), 20 from 4 of 20
    assert len(pareto(solve((9, 0, 0), _woodsellers(4, 3), False))) == 20
    assert len(solve((20, 0, 0), _woodsellers(4), True)) == 1771 <= MAX_PAYMENTS


def test_payments_of_one_total_are_kept_without_comparing_them() -> None:
    # none of the 1,771 ways to buy 20 wood from 4 sellers at one price beats another: the
    # Pareto filter compares a way only with those of smaller totals (it compared every pair)
    ways = solve((20, 0, 0), _woodsellers(4), True)
    began = time.process_time()
    assert len(pareto(ways)) == 1771
    assert time.process_time() - began < 0.5
