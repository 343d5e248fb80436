"""Payments to any number of sellers: every exact payment of a cost, and the Pareto-minimal ones.

The market's usual shape (at most two sellers per buyer) is answered by the packed solver of
:mod:`..trading`; this module answers a buyer with more (a market where every city sells to every
other). A payment is a tuple of coins, one entry per seller in the buyer's seller order.

The problem of a buyer: its own production (fixed units, and either/or units: one unit of one of
several resources), what each seller sells (likewise), the buyer's price of each resource at each
seller, and a rebate per seller (coins off what is paid to that seller, not below 0, when anything
is bought there). The rules, the same as the packed solver's:

- the buyer uses its own production first: its fixed units, then its either/or units in every way
  that leaves a *least* remainder (no other use leaves less of every resource); a unit that can
  help must be used. Only what remains is bought;
- an *exact* payment buys exactly a least remainder: each seller sells at most what it can at
  once (its fixed units and one resource of each either/or unit), at its prices, less its rebate;
- the *options* are the exact payments no other exact payment beats or equals for every seller
  (Pareto-minimal), ordered by total, then by the coins of the first seller, the second, ...

The search follows that text: for each least remainder, for each most generous supply of each
seller, resources are independent, so payments add up resource by resource (a dynamic programme
whose states are the coins per seller and which sellers were bought from). When only the options
are wanted, a state that another state with the same sellers beats or equals is dropped (a
rebate never makes more coins cost less). Answers are kept per (cost, context), contexts are
interned by value; one :class:`ManySellers` belongs to a rule set's catalog, and its tables have
a bound (full, they are forgotten and start again; contexts handed out keep their answers).

The number of ways grows fast with the sellers and the units bought (20 units from nineteen
sellers at one price: 35 billion ways, none better than another for every seller). A search
that would find more than :data:`.words.MAX_PAYMENTS` ways, or take more than
:data:`.words.MAX_PAYMENT_SEARCH` steps, raises :class:`TooManyPayments`; the listing of legal
actions stops the game then (a sentence naming the buyer and the cost).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import product
from typing import Any, Union

from wonderrules.interpreter.trade_search import Units, Vector
from wonderrules.interpreter.words import MAX_PAYMENT_SEARCH, MAX_PAYMENTS

__all__ = ["ManySellers", "Problem", "ManyContext", "pareto", "by_total", "TooManyPayments"]

#: (own fixed, own either/or units, what each seller sells as (fixed, units), the buyer's price
#: row per seller, its rebate per seller); vectors have one entry per resource
Problem = tuple[Vector, Units, tuple[tuple[Vector, Units], ...], tuple[Vector, ...], tuple[int, ...]]
Split = tuple[int, ...]
#: a buyer's answers: a cost -> its options, ("exact", cost) -> its exact payments
Answers = dict[Union[Vector, tuple[str, Vector]], tuple[Split, ...]]
#: a buyer's context: `(answers, problem)`
ManyContext = tuple[Answers, Problem]


class TooManyPayments(Exception):
    """A cost has more ways to pay than MAX_PAYMENTS, or their search more steps than
    MAX_PAYMENT_SEARCH."""


class _Steps:
    """The steps a search has taken; TooManyPayments beyond MAX_PAYMENT_SEARCH."""

    __slots__ = ("taken",)

    def __init__(self) -> None:
        self.taken = 0

    def take(self, n: int) -> None:
        self.taken += n
        if self.taken > MAX_PAYMENT_SEARCH:
            raise TooManyPayments()


def _within(found: set[Any]) -> None:
    """TooManyPayments when a search holds more ways (or partial ways) than MAX_PAYMENTS."""
    if len(found) > MAX_PAYMENTS:
        raise TooManyPayments()


def by_total(split: Split) -> tuple[int, Split]:
    """The order of payments: total first, then seller by seller."""
    return (sum(split), split)


def _dominated(a: Split, b: Split) -> bool:
    """Whether `b` beats or equals `a` for every seller (and differs)."""
    return a != b and all(y <= x for x, y in zip(a, b))


def pareto(found: Iterable[Split]) -> tuple[Split, ...]:
    """The payments no other one beats or equals for every seller, in payment order."""
    kept: list[Split] = []
    # a payment that beats or equals this one (and differs) pays some seller less and none more:
    # its total is smaller, so it is among those kept before the first of this total
    smaller = 0
    total = -1
    for split in sorted(set(found), key=by_total):
        if sum(split) != total:
            total, smaller = sum(split), len(kept)
        if not any(_dominated(split, kept[i]) for i in range(smaller)):
            kept.append(split)
    return tuple(kept)


def least_remainders(need: tuple[int, ...], units: tuple[tuple[int, ...], ...],
                     steps: _Steps | None = None) -> list[tuple[int, ...]]:
    """What is still needed after the buyer's either/or units, over every use of them (a unit
    that can help is used), keeping only the remainders no other one is below everywhere."""
    if not any(need) or not units:
        return [need]
    steps = steps or _Steps()
    rests = {need}
    for unit in units:
        steps.take(len(rests) * len(unit))
        grown: set[tuple[int, ...]] = set()
        for rest in rests:
            helped = False
            for r in unit:
                if rest[r] > 0:
                    grown.add(rest[:r] + (rest[r] - 1,) + rest[r + 1:])
                    helped = True
            if not helped:
                grown.add(rest)
        rests = grown
    steps.take(len(rests) ** 2)
    return sorted(x for x in rests if not any(y != x and all(b <= a for a, b in zip(x, y)) for y in rests))


def most_generous(fixed: tuple[int, ...], units: tuple[tuple[int, ...], ...],
                  cap: tuple[int, ...], steps: _Steps | None = None) -> list[tuple[int, ...]]:
    """The largest vectors (each at most `cap`) a seller can sell at once; whatever it can sell
    is below one of them."""
    steps = steps or _Steps()
    vectors = {tuple(f if f < c else c for f, c in zip(fixed, cap))}
    for unit in units:
        steps.take(len(vectors) * len(unit))
        grown: set[tuple[int, ...]] = set()
        for v in vectors:
            added = False
            for r in unit:
                if v[r] < cap[r]:
                    grown.add(v[:r] + (v[r] + 1,) + v[r + 1:])
                    added = True
            if not added:
                grown.add(v)
        vectors = grown
    steps.take(len(vectors) ** 2)
    return sorted(v for v in vectors if not any(w != v and all(a <= b for a, b in zip(v, w)) for w in vectors))


def _shares(n: int, caps: list[int], i: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to take n units from sellers i, i+1, ... with at most caps[j] from seller j."""
    if i == len(caps) - 1:
        if n <= caps[i]:
            yield (n,)
        return
    rest = sum(caps[i + 1:])
    for k in range(max(0, n - rest), min(n, caps[i]) + 1):
        for tail in _shares(n - k, caps, i + 1):
            yield (k,) + tail


def _prune(states: set[tuple[Split, int]]) -> set[tuple[Split, int]]:
    """Keep, among states that bought from the same sellers, those no other one beats."""
    by_mask: dict[int, list[Split]] = {}
    for coins, mask in states:
        by_mask.setdefault(mask, []).append(coins)
    out: set[tuple[Split, int]] = set()
    for mask, splits in by_mask.items():
        for coins in pareto(splits):
            out.add((coins, mask))
    return out


def _bounded_shares(n: int, caps: list[int], steps: _Steps) -> list[tuple[int, ...]]:
    """The ways to take n units from the sellers (see _shares), each a step; TooManyPayments
    beyond MAX_PAYMENTS of them."""
    out: list[tuple[int, ...]] = []
    for share in _shares(n, caps):
        out.append(share)
        if len(out) > MAX_PAYMENTS:
            raise TooManyPayments()
    steps.take(len(out))
    return out


def solve(cost: tuple[int, ...], problem: Problem, exact: bool) -> set[Split]:
    """The exact payments of a cost (`exact`), or a set that holds every Pareto-minimal one and
    only exact payments (otherwise); empty when it cannot be paid. TooManyPayments when there
    are more than MAX_PAYMENTS of them, or the search takes more than MAX_PAYMENT_SEARCH steps."""
    own_fixed, own_units, sells, rows, rebates = problem
    k = len(sells)
    zero = (0,) * k
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed))
    found: set[Split] = set()
    steps = _Steps()
    for rest in least_remainders(need, own_units, steps):
        needed = [r for r, n in enumerate(rest) if n]
        if not needed:
            found.add(zero)
            continue
        supplies = [most_generous(fixed, units, rest, steps) for fixed, units in sells]
        for caps in product(*supplies):
            steps.take(1)
            states: set[tuple[Split, int]] = {(zero, 0)}
            for r in needed:
                shares = _bounded_shares(rest[r], [cap[r] for cap in caps], steps) if k else []
                if not shares:
                    states = set()
                    break
                steps.take(len(states) * len(shares))
                prices = [row[r] for row in rows]
                grown: set[tuple[Split, int]] = set()
                for coins, mask in states:
                    for share in shares:
                        bought = mask
                        for i, q in enumerate(share):
                            if q:
                                bought |= 1 << i
                        grown.add((tuple(c + q * p for c, q, p in zip(coins, share, prices)), bought))
                _within(grown)
                states = grown if exact else _prune(grown)
            for coins, mask in states:
                found.add(tuple(max(0, c - rebates[i]) if rebates[i] and mask >> i & 1 else c
                                for i, c in enumerate(coins)))
            _within(found)
    return found


class ManySellers:
    """Interned problems of one rule set and their answers, shared by its games. `max_entries`
    bounds the contexts and answers kept together; `clears` counts how often they were forgotten."""

    def __init__(self, max_entries: int = 100_000) -> None:
        self.max_entries = max_entries
        self.clears = 0
        self._contexts: dict[Problem, ManyContext] = {}
        self._entries = 0

    def context(self, own: tuple[Vector, Units], sells: tuple[tuple[Vector, Units], ...], rows: tuple[Vector, ...],
                rebates: tuple[int, ...]) -> ManyContext:
        """The context of a buyer: `(answers, problem)`; the same object for the same problem."""
        problem = (own[0], own[1], sells, rows, rebates)
        found = self._contexts.get(problem)
        if found is None:
            self._count()
            found = self._contexts[problem] = ({}, problem)
        return found

    def options(self, cost: tuple[int, ...], ctx: ManyContext) -> tuple[Split, ...]:
        """The Pareto-minimal payments of a cost, in payment order (empty: it cannot be paid)."""
        answers = ctx[0]
        hit = answers.get(cost)
        if hit is None:
            self._count()
            hit = answers[cost] = pareto(solve(cost, ctx[1], False))
        return hit

    def exact(self, cost: tuple[int, ...], ctx: ManyContext) -> tuple[Split, ...]:
        """Every exact payment of a cost, in payment order."""
        answers = ctx[0]
        key = ("exact", cost)
        hit = answers.get(key)
        if hit is None:
            self._count()
            hit = answers[key] = tuple(sorted(solve(cost, ctx[1], True), key=by_total))
        return hit

    def _count(self) -> None:
        self._entries += 1
        if self._entries > self.max_entries:
            self.clears += 1
            self._contexts.clear()
            self._entries = 0
