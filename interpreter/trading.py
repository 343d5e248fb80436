"""Ways to pay for a cost: every Pareto-minimal split of coins between the two neighbours.

A payment is decided from four things that change rarely: the buyer's own production (fixed
units and either/or units), what each neighbour sells (likewise), and the buyer's prices and
rebates. Each of them is interned into a *part*, a combination of four parts into a *trade
context*, and the answer for (cost, context) is kept in the context (a dictionary keyed by cost
ids), so a turn costs a dictionary lookup per card.

One :class:`TradeSolver` serves one rule set prepared for play (its catalog owns it): the
answers are shared by every game of that rule set and go away with it. Its tables have a
bound; when they are full the solver forgets them and starts again. Parts and contexts handed
out before stay valid (a context carries its own answers), so a caller never has to know that
it happened.

When (cost, context) is new, the problem is first reduced to a canonical key (see `_key`): what
the city still lacks after its own production, what each neighbour can usefully sell of it, and
the prices that matter. Many contexts share a key, and the keys of a rule set are few, so solving
one (`_solve`) is rare. Vectors are packed into integers, one field of `_W` bits per resource,
so that the reduction is a handful of integer operations. The exhaustive search of
:mod:`.trade_search` answers the exact payments (`achievable`, asked only to explain an illegal
payment) and costs or prices too large for packed fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, Literal, Optional, Union, overload

from wonderrules.interpreter.trade_search import Context, Units, Vector, pairs, pareto, pareto_list

__all__ = ["TradeSolver", "TradeContext", "Part", "Production", "Prices", "ZERO_COST", "ANSWERS"]

ZERO_COST = -1  # the id of "no resources", answered without a lookup
_FREE = ((0, 0),)
Payments = tuple[tuple[int, int], ...]

# ---- packed vectors ----------------------------------------------------------------------------
# A vector of small counts is an integer with one field of _W bits per resource: 7 bits of value
# and a guard bit on top. Costs, production and prices above _VMAX (or below zero) are not
# packed: they are answered by the unpacked search. With the guard bits set, subtracting field
# by field never borrows across fields, and the guard bit left in a field says whether the
# difference is negative.
_W = 8
_VMAX = (1 << (_W - 1)) - 1


def _unit_mask(resources: Iterable[int]) -> int:
    """An either/or unit: the lowest bit of the field of each resource it may be."""
    x = 0
    for r in resources:
        x |= 1 << (_W * r)
    return x


# Parts and contexts are plain tuples, dicts and numbers, on purpose: a rule set's tables hold
# many thousands of them for as long as it is played, and the garbage collector soon stops
# tracking tuples that hold only numbers and such tuples, and dicts that hold only those; it
# traces every object of a class, and every tuple holding a dict or an object, at every full
# collection. So the tables keep a context's packed form and its answers apart, and `context`
# hands out the two together.
#
#: A part, `(value, packed, number)`: a city's production `(fixed, either/or units)` (its own, or
#: what it sells), or its prices `(left prices, right prices, left rebate, right rebate)`, with its
#: packed form (see `TradeSolver._pack_part`; a vector that does not pack is None) and the number
#: the solver gave it, which names it in the keys of contexts. A number, never the tuple's
#: identity: a compiled engine holds such tuples unboxed and boxes them anew where an object is
#: needed, so the identity of one may be that of another, freed, part.
Production = tuple[Vector, Units]
Prices = tuple[Vector, Vector, int, int]
PackedProduction = tuple[Optional[int], tuple[int, ...]]
PackedPrices = tuple[Optional[int], Optional[int], int, int]
ProductionPart = tuple[Production, PackedProduction, int]
PricesPart = tuple[Prices, PackedPrices, int]
Part = tuple[Union[Production, Prices], Union[PackedProduction, PackedPrices], int]
#: A trade context: everything a payment depends on in one city at one moment, with the answers
#: found so far. `(answers, own fixed, own units, left fixed, left units, right fixed, right
#: units, left prices, right prices, left rebate, right rebate)` with the vectors packed, or
#: `(answers, None, flat context)` when a count or a price does not fit a field. `answers` maps
#: a cost id to its payments (looked up on every turn by the legal-action lists), and `~cost id`
#: (a negative number) to its exact payments once asked: the type of a value follows the sign of
#: its key, which no annotation can say, so each read names the type it gets.
Answers = dict[int, Any]
#: a context's packed form, without its answers
PackedForm = tuple[int, tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...], int, int, int, int]
PackedContext = tuple[Answers, int, tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...], int, int, int, int]
FlatContext = tuple[Answers, None, Context]
TradeContext = Union[PackedContext, FlatContext]
ANSWERS: Final = 0
#: A canonical key (see `TradeSolver._key`): need, own units, left caps, left units, right caps,
#: right units, left prices, right prices, left rebate, right rebate (vectors and units packed)
Key = tuple[int, tuple[int, ...], int, tuple[int, ...], int, tuple[int, ...], int, int, int, int]


class TradeSolver:
    """Interned costs, parts and contexts of one rule set, and the answers shared by its games.

    `resources`: how many resources the rule set has (the length of every vector). The tables
    hold at most `max_entries` entries together (parts, contexts, answers, solved keys); when
    full they are forgotten, and `clears` counts how often."""

    def __init__(self, resources: int, max_entries: int = 500_000) -> None:
        self.resources = resources
        self.max_entries = max_entries
        self.clears = 0
        #: the guard bit of every field, and _VMAX in every field
        self._g = sum(1 << (_W * i + _W - 1) for i in range(resources))
        self._l7 = sum(_VMAX << (_W * i) for i in range(resources))
        # cost ids are permanent: the catalog's sources hold them
        self._costs: dict[tuple[int, ...], int] = {}
        self._cost_list: list[tuple[int, ...]] = []
        self._cost_packed: list[Optional[int]] = []  # None: not packable
        #: a cost less some units of the buyer's choice: (cost id, units) -> its id, and the ids of
        #: the costs it may be (its packed form is None: it is answered from those)
        self._less: dict[tuple[int, int], int] = {}
        self._variants: dict[int, tuple[int, ...]] = {}
        self._parts: dict[Union[Production, Prices], Part] = {}
        #: each context (see TradeContext): its answers, then its packed or flat form
        self._contexts: dict[tuple[int, int, int, int], TradeContext] = {}
        #: the number of the next part (see Part): never reused, not even once the tables are forgotten
        self._next_part = 0
        #: entries added to the tables since they were last forgotten
        self._entries = 0
        #: canonical key (see `_key`) -> payments, shared by many (cost, context) pairs
        self._by_key: dict[Key, Payments] = {}
        #: fixed units only: (sorted per-resource rows, left rebate, right rebate) -> payments
        self._fixed: dict[tuple[tuple[tuple[int, int, int, int, int], ...], int, int], Payments] = {}

    # ---- interning -----------------------------------------------------------------------------
    def clear(self) -> None:
        """Forget every part, context and shared answer (cost ids are kept). Contexts already
        handed out keep working, with the answers they hold."""
        self.clears += 1
        self._parts.clear()
        self._contexts.clear()
        self._by_key.clear()
        self._fixed.clear()
        self._entries = 0

    def cost_id(self, cost: tuple[int, ...]) -> int:
        """The permanent id of a cost vector (ZERO_COST when it asks for nothing)."""
        if not any(cost):
            return ZERO_COST
        cid = self._costs.get(cost)
        if cid is None:
            cid = len(self._cost_list)
            self._costs[cost] = cid
            self._cost_list.append(cost)
            self._cost_packed.append(self._pack(cost))
        return cid

    def less(self, cost_id: int, units: int) -> int:
        """The id of a cost less `units` of its units, each of the buyer's choice: paid as the
        cheapest of the costs it may be (ZERO_COST when that leaves nothing)."""
        if cost_id == ZERO_COST or units <= 0:
            return cost_id
        found = self._less.get((cost_id, units))
        if found is None:
            cost = self._cost_list[cost_id]
            if sum(cost) <= units:
                found = ZERO_COST
            else:
                variants = {cost}
                for _ in range(units):
                    variants = {v[:r] + (v[r] - 1,) + v[r + 1:] for v in variants for r in range(len(v)) if v[r]}
                ids = tuple(sorted(self.cost_id(v) for v in variants))
                found = len(self._cost_list)
                self._cost_list.append(cost)
                self._cost_packed.append(None)
                self._variants[found] = ids
            self._less[(cost_id, units)] = found
        return found

    def variants(self, cost_id: int) -> tuple[int, ...]:
        """The costs a cost id may be paid as: itself, or those of a cost less units (see `less`)."""
        return self._variants.get(cost_id, (cost_id,))

    def cost_of(self, cost_id: int) -> tuple[int, ...]:
        """The cost vector of an id (ZERO_COST: nothing)."""
        return self._cost_list[cost_id] if cost_id != ZERO_COST else (0,) * self.resources

    def part(self, value: Union[Production, Prices]) -> Part:
        """The part of a production `(fixed, choices)` or of prices `(left, right, lreb, rreb)`."""
        hit = self._parts.get(value)
        if hit is None:
            self._entries += 1
            if self._entries > self.max_entries:
                self.clear()
            hit = self._parts[value] = (value, self._pack_part(value), self._next_part)
            self._next_part += 1
        return hit

    def context(self, own: ProductionPart, left_sells: ProductionPart, right_sells: ProductionPart,
                prices: PricesPart) -> TradeContext:
        """The context of a city's own production, what each neighbour sells and its prices."""
        key = (own[2], left_sells[2], right_sells[2], prices[2])
        found = self._contexts.get(key)
        if found is not None:
            return found
        self._entries += 1
        if self._entries > self.max_entries:
            self.clear()
        of, oc = own[1]
        lf, lc = left_sells[1]
        rf, rc = right_sells[1]
        lp, rp, lreb, rreb = prices[1]
        answers: Answers = {}
        if of is None or lf is None or rf is None or lp is None or rp is None:
            found = (answers, None, own[0] + left_sells[0] + right_sells[0] + prices[0])
        else:
            found = (answers, of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb)
        self._contexts[key] = found
        return found

    def flat(self, ctx: TradeContext) -> Context:
        """The full context as one flat tuple (see :mod:`.trade_search`); either/or units list
        their resources in increasing order."""
        if ctx[1] is None:
            return ctx[2]
        _, of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
        vec, units = self._unpack, self._unpack_units
        return (vec(of), units(oc), vec(lf), units(lc), vec(rf), units(rc), vec(lp), vec(rp), lreb, rreb)

    def _unpack(self, x: int) -> tuple[int, ...]:
        return tuple((x >> (_W * r)) & _VMAX for r in range(self.resources))

    def _unpack_units(self, masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(r for r in range(self.resources) if (m >> (_W * r)) & 1) for m in masks)

    def _pack(self, vec: Iterable[int]) -> Optional[int]:
        """A packed vector; None when a count does not fit a field (negative, above _VMAX) or
        there are more counts than the rule set has resources."""
        x = 0
        for r, v in enumerate(vec):
            if r >= self.resources or not 0 <= v <= _VMAX:
                return None
            if v:
                x |= v << (_W * r)
        return x

    def _pack_part(self, part: Union[Production, Prices]) -> Union[PackedProduction, PackedPrices]:
        """The packed form of a part: `(fixed, unit masks)` for production, `(left, right, left
        rebate, right rebate)` for prices; its vectors None when they do not pack."""
        if len(part) == 2:
            fixed, choices = part
            return self._pack(fixed), tuple(_unit_mask(ch) for ch in choices)
        lp, rp, lreb, rreb = part
        lpk, rpk = self._pack(lp), self._pack(rp)
        if lpk is None or rpk is None:
            return None, None, lreb, rreb
        return lpk, rpk, lreb, rreb

    # ---- answers -----------------------------------------------------------------------------------
    def payment_options(self, cost_id: int, ctx: TradeContext) -> Payments:
        """Pareto-minimal (coins to left, coins to right) that pay the resources of a cost; empty
        when the cost cannot be paid. Sorted by total, then by coins to the left."""
        if cost_id == ZERO_COST:
            return _FREE
        hit: Optional[Payments] = ctx[ANSWERS].get(cost_id)
        return hit if hit is not None else self.answer(cost_id, ctx)

    def answer(self, cost_id: int, ctx: TradeContext) -> Payments:
        """`payment_options` for a cost not yet in the context's answers (a cost id, not ZERO_COST)."""
        cost = self._cost_packed[cost_id]
        hit: Optional[Payments]
        if cost is None or ctx[1] is None:
            hit = self._unpacked(cost_id, ctx, False)
        else:
            key = self._key(cost, ctx)
            if key is None:
                hit = _FREE
            else:
                hit = self._by_key.get(key)
                if hit is None:
                    hit = self._by_key[key] = self._solve(key)
                    self._entries += 1
        ctx[ANSWERS][cost_id] = hit
        self._entries += 1
        return hit

    def achievable(self, cost_id: int, ctx: TradeContext) -> frozenset[tuple[int, int]]:
        """Every exact (left, right) payment for what the city lacks after using its own production
        as well as it can: buying from the dearer neighbour is allowed, buying what the city could
        make itself is not (the team-play rule "use your own resources first", applied to all)."""
        if cost_id == ZERO_COST:
            return frozenset(_FREE)
        known = ctx[ANSWERS]
        hit: Optional[frozenset[tuple[int, int]]] = known.get(~cost_id)
        if hit is None:
            cost = self._cost_packed[cost_id]
            if cost is None or ctx[1] is None:
                hit = self._unpacked(cost_id, ctx, True)
            else:
                key = self._key(cost, ctx)
                if key is None:
                    hit = frozenset(_FREE)
                else:
                    need, problem = self._decode(key)
                    hit = frozenset(pairs(need, problem, minimal_only=True))
            known[~cost_id] = hit
            self._entries += 1
        return hit

    @overload
    def _unpacked(self, cost_id: int, ctx: TradeContext, exact: Literal[False]) -> Payments: ...
    @overload
    def _unpacked(self, cost_id: int, ctx: TradeContext, exact: Literal[True]) -> frozenset[tuple[int, int]]: ...

    def _unpacked(self, cost_id: int, ctx: TradeContext, exact: bool) -> Union[Payments, frozenset[tuple[int, int]]]:
        """The answer for costs or prices too large for packed fields, from the full context; for a
        cost less units, the answers of the costs it may be, together."""
        variants = self._variants.get(cost_id)
        if variants is not None:
            if exact:
                return frozenset(p for v in variants for p in self.achievable(v, ctx))
            return pareto([p for v in variants for p in self.payment_options(v, ctx)])
        cost = self._cost_list[cost_id]
        whole = self.flat(ctx)
        need = tuple(c - f if c > f else 0 for c, f in zip(cost, whole[0]))
        problem = ((0,) * len(need),) + whole[1:]
        found = pairs(need, problem, minimal_only=True)
        return frozenset(found) if exact else pareto(found)

    # ---- the packed reduction ----------------------------------------------------------------------
    def _key(self, cost: int, ctx: PackedContext) -> Optional[Key]:
        """The buying problem of a packed cost in a packed context, reduced to what decides its
        answer (None: the city's own production pays it).

        - need: the cost less the city's fixed units; then its either/or units that can help with
          one resource only are used for it (repeatedly); the others keep only the resources still
          needed. Using such a unit is never worse, and every minimal remainder uses it, so both the
          Pareto-minimal payments and the exact payments after using own production fully are kept.
        - each neighbour: fixed units capped at the need (more cannot be bought); either/or units
          that can still add to a resource below the need keep only those resources, and become
          fixed units when only one is left (any other use adds nothing that can be bought).
        - prices only of what a neighbour can sell; a rebate only when it can sell something.
        """
        _, of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
        G = self._g
        L7 = self._l7
        d = (cost | G) - of
        g = d & G
        need = d & (g - (g >> 7))
        if not need:
            return None
        own_left: tuple[int, ...] = ()
        if oc:
            nz = ((need + L7) & G) >> 7  # the lowest bit of each field still needed
            units: Sequence[int] = oc
            changed = True
            while changed:
                changed = False
                rest = []
                for u in units:
                    live = u & nz
                    if live:
                        if live & (live - 1):
                            rest.append(live)
                        else:
                            need -= live
                            nz = ((need + L7) & G) >> 7
                            changed = True
                units = rest
            if not need:
                return None
            if units:
                units.sort()  # type: ignore[attr-defined]  # the loop ran: `units` is the list `rest`
                own_left = tuple(units)
        # each neighbour (written out twice: this runs for most listed cards): its fixed units
        # capped at the need field by field, its either/or units that matter, and its prices
        # and rebate only where it sells something
        t = (lf | G) - need
        g = t & G
        lcap = lf - (t & (g - (g >> 7)))
        left_units: tuple[int, ...] = ()
        if lc:
            lcap, left_units = _sales(lcap, lc, need, G, L7)
        sells = ((lcap + L7) & G) >> 7
        for u in left_units:
            sells |= u
        lpk, lrb = (lp & (sells * _VMAX), lreb) if sells else (0, 0)
        t = (rf | G) - need
        g = t & G
        rcap = rf - (t & (g - (g >> 7)))
        right_units: tuple[int, ...] = ()
        if rc:
            rcap, right_units = _sales(rcap, rc, need, G, L7)
        sells = ((rcap + L7) & G) >> 7
        for u in right_units:
            sells |= u
        rpk, rrb = (rp & (sells * _VMAX), rreb) if sells else (0, 0)
        return (need, own_left, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb)

    def _solve(self, key: Key) -> Payments:
        """The payments of a canonical key, shared with every key that differs only in the naming
        of resources."""
        need, own_units, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb = key
        if own_units or left_units or right_units:
            return self._solve_units(key)
        # fixed units only: one (need, left, right, left price, right price) per needed resource,
        # in sorted order (the naming of resources does not matter)
        sig = []
        fields = ((need + self._l7) & self._g) >> (_W - 1)  # the lowest bit of each needed field
        while fields:
            b = fields & -fields
            fields ^= b
            s = b.bit_length() - 1
            sig.append((need >> s & _VMAX, lcap >> s & _VMAX, rcap >> s & _VMAX, lpk >> s & _VMAX,
                        rpk >> s & _VMAX))
        sig.sort()
        norm = (tuple(sig), lrb, rrb)
        hit = self._fixed.get(norm)
        if hit is None:
            hit = self._fixed[norm] = _solve_fixed(sig, lrb, rrb)
            self._entries += 1
        return hit

    def _solve_units(self, key: Key) -> Payments:
        """The payments of a key with either/or units: the Pareto-minimal pairs over every use of
        the city's units and every most generous use of each neighbour's, each of which is a problem
        with fixed units only (answered and cached by its own key)."""
        need, own_units, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb = key
        G = self._g
        L7 = self._l7
        found: set[tuple[int, int]] = set()
        lefts = self._supplies(lcap, left_units, need) if left_units else (lcap,)
        rights = self._supplies(rcap, right_units, need) if right_units else (rcap,)
        for rest in self._remainders(need, own_units) if own_units else (need,):
            if not rest:
                return _FREE
            for lv in lefts:
                t = (lv | G) - rest
                g = t & G
                lv = lv - (t & (g - (g >> 7)))  # at most what is still needed (as in `_key`)
                m = ((lv + L7) & G) >> 7
                lsub = (lpk & (m * _VMAX), lrb) if m else (0, 0)
                for rv in rights:
                    t = (rv | G) - rest
                    g = t & G
                    rv = rv - (t & (g - (g >> 7)))
                    m = ((rv + L7) & G) >> 7
                    rsub = (rpk & (m * _VMAX), rrb) if m else (0, 0)
                    sub = (rest, (), lv, (), rv, (), lsub[0], rsub[0], lsub[1], rsub[1])
                    hit = self._by_key.get(sub)
                    if hit is None:
                        hit = self._by_key[sub] = self._solve(sub)
                        self._entries += 1
                    found.update(hit)
        return pareto(found)

    def _below(self, x: int, y: int) -> bool:
        """x <= y in every field (packed vectors)."""
        G = self._g
        return ((y | G) - x) & G == G

    def _remainders(self, need: int, units: tuple[int, ...]) -> list[int]:
        """The least remainders of a packed need after the city's either/or units (each used for
        one resource still needed, when there is one)."""
        G = self._g
        L7 = self._l7
        rests = {need}
        for u in units:
            grown = set()
            for x in rests:
                live = u & (((x + L7) & G) >> 7)
                if not live:
                    grown.add(x)
                while live:
                    b = live & -live
                    live ^= b
                    grown.add(x - b)
            rests = grown
        return [x for x in rests if not any(y != x and self._below(y, x) for y in rests)]

    def _supplies(self, cap: int, units: tuple[int, ...], need: int) -> list[int]:
        """The most generous packed vectors (at most the need) a neighbour can sell at once."""
        G = self._g
        L7 = self._l7
        vecs = {cap}
        for u in units:
            grown = set()
            for v in vecs:
                live = u & ((((need - v) + L7) & G) >> 7)
                if not live:
                    grown.add(v)
                while live:
                    b = live & -live
                    live ^= b
                    grown.add(v + b)
            vecs = grown
        return [v for v in vecs if not any(w != v and self._below(v, w) for w in vecs)]

    def _decode(self, key: Key) -> tuple[Vector, Context]:
        """The problem of a canonical key as (need, context) over the needed resources only."""
        need, own_units, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb = key
        fields = []
        f = 0
        x = need
        while x:
            if x & _VMAX:
                fields.append(f)
            x >>= _W
            f += 1
        shifts = [_W * f for f in fields]

        def vec(v: int) -> tuple[int, ...]:
            return tuple((v >> s) & _VMAX for s in shifts)

        def units(us: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(i for i, s in enumerate(shifts) if (u >> s) & 1) for u in us)

        n = len(fields)
        return vec(need), ((0,) * n, units(own_units), vec(lcap), units(left_units), vec(rcap), units(right_units),
                           vec(lpk), vec(rpk), lrb, rrb)


def _sales(cap: int, units: Sequence[int], need: int, G: int, L7: int) -> tuple[int, tuple[int, ...]]:
    """A neighbour's either/or units against the need: (fixed units capped at the need,
    remaining either/or units restricted to resources still short of the need)."""
    hungry = (((need - cap) + L7) & G) >> 7
    changed = True
    while changed:
        changed = False
        rest = []
        for u in units:
            live = u & hungry
            if live:
                if live & (live - 1):
                    rest.append(live)
                else:
                    cap += live
                    hungry = (((need - cap) + L7) & G) >> 7
                    changed = True
        units = rest
    if not units:
        return cap, ()
    units.sort()  # type: ignore[attr-defined]  # the loop ran: `units` is the list `rest`
    return cap, tuple(units)


def _solve_fixed(sig: list[tuple[int, int, int, int, int]], lrb: int, rrb: int) -> Payments:
    """Payments when every unit is fixed: per resource (need, left can sell, right can sell,
    left price, right price), k units from the left and the rest from the right; the coins add
    up over resources (a dynamic programme, Pareto-pruned when there is no rebate)."""
    if not (lrb or rrb):
        found = [(0, 0)]
        for n, a, b, pl, pr in sig:
            lo = n - b if n > b else 0
            hi = a if a < n else n
            if lo > hi:
                return ()
            found = pareto_list([(x + k * pl, y + (n - k) * pr) for x, y in found for k in range(lo, hi + 1)])
        return pareto(found)
    states = {(0, 0, False, False)}
    for n, a, b, pl, pr in sig:
        lo = n - b if n > b else 0
        hi = a if a < n else n
        if lo > hi:
            return ()
        states = {(x + k * pl, y + (n - k) * pr, fl or k > 0, fr or k < n)
                  for x, y, fl, fr in states for k in range(lo, hi + 1)}
    out = set()
    for x, y, fl, fr in states:
        if lrb and fl:
            x = x - lrb if x > lrb else 0
        if rrb and fr:
            y = y - rrb if y > rrb else 0
        out.add((x, y))
    return pareto(out)
