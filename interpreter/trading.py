"""Ways to pay for a cost: every Pareto-minimal split of coins between the two neighbours.

A payment is decided from four things that change rarely: the buyer's own production (fixed
units and either/or units), what each neighbour sells (likewise), and the buyer's prices and
rebates. Each of them is interned into a small integer (a *part*), a combination of four parts
into a *trade context*, and the answer for (cost, context) is cached across games, so a turn
costs a dictionary lookup per card.

When (cost, context) is new, the problem is first reduced to a canonical key (see `_key`): what
the city still lacks after its own production, what each neighbour can usefully sell of it, and
the prices that matter. Many contexts share a key, and the keys of a rule set are few, so solving
one (`_solve`) is rare. Vectors are packed into integers, one field of `_W` bits per resource,
so that the reduction is a handful of integer operations. The exhaustive search (`_pairs`)
answers the exact payments (`achievable`, asked only to explain an illegal payment) and costs or
prices too large for packed fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Optional

__all__ = ["payment_options", "answer", "achievable", "intern_context", "intern_part", "intern_cost", "clear_caches",
           "context", "answers", "missing_resources", "generation", "Context", "ZERO_COST"]

#: (own_fixed, own_choices, left_fixed, left_choices, right_fixed, right_choices,
#:  left_prices, right_prices, left_rebate, right_rebate)
Context = tuple

# Parts: a city's production `(fixed, choices)` (its own, or what it sells) or its prices
# `(left prices, right prices, left rebate, right rebate)`. Contexts: (own, left sells, right
# sells, prices) part ids. Both are interned; their ids are valid for one generation.
_PARTS: dict[tuple, int] = {}
_PART_LIST: list[tuple] = []
_PART_PACKED: list[tuple] = []  # part id -> packed form (see `_pack_part`)
_CONTEXTS: dict[tuple[int, int, int, int], int] = {}
_CONTEXT_LIST: list[tuple[int, int, int, int]] = []
_CONTEXT_PACKED: list[Optional[tuple]] = []  # context id -> packed flat context (None: not packable)
_COSTS: dict[tuple[int, ...], int] = {}
_COST_LIST: list[tuple[int, ...]] = []
_COST_PACKED: list[Optional[int]] = []  # cost id -> packed cost (None: not packable)
#: context id -> {cost id -> payments}; how many answers they hold; (cost id, context id) -> exact payments
_ANSWERS: list[dict[int, tuple[tuple[int, int], ...]]] = []
_ANSWER_COUNT = [0]
_ACHIEVABLE: dict[tuple[int, int], frozenset[tuple[int, int]]] = {}
#: canonical key (see `_key`) -> payments, shared by many (cost, context) pairs
_BY_KEY: dict[tuple, tuple[tuple[int, int], ...]] = {}
#: fixed units only: (sorted per-resource rows, left rebate, right rebate) -> payments (`_solve`)
_FIXED: dict[tuple, tuple[tuple[int, int], ...]] = {}
_MAX_ENTRIES = 400_000

ZERO_COST = -1  # the id of "no resources", answered without a lookup
_GENERATION = [0]  # bumped when parts and contexts are forgotten: ids of older generations are stale
_FREE = ((0, 0),)

# ---- packed vectors ----------------------------------------------------------------------------
# A vector of small counts is an integer with one field of _W bits per resource: 7 bits of value
# and a guard bit on top. Counts of production are capped at _VMAX (no cost asks more: costs and
# prices above it are answered by the unpacked search). With the guard bits set, subtracting
# field by field never borrows across fields, and the guard bit left in a field says whether
# the difference is negative.
_W = 8
_VMAX = (1 << (_W - 1)) - 1
_FIELDS = [0]  # how many fields the constants below cover (grows with the longest vector packed)
_G = 0  # the guard bit of every field
_L7 = 0  # _VMAX in every field


def _widen(n: int) -> None:
    global _G, _L7
    if n > _FIELDS[0]:
        _FIELDS[0] = n
        _G = sum(1 << (_W * i + _W - 1) for i in range(n))
        _L7 = sum(_VMAX << (_W * i) for i in range(n))


def _pack(vec: Iterable[int]) -> int:
    x = 0
    n = 0
    for r, v in enumerate(vec):
        n = r + 1
        if v:
            x |= (v if v < _VMAX else _VMAX) << (_W * r)
    _widen(n)
    return x


def _unit_mask(resources: Iterable[int]) -> int:
    """An either/or unit: the lowest bit of the field of each resource it may be."""
    x = 0
    for r in resources:
        x |= 1 << (_W * r)
    return x


def generation() -> int:
    return _GENERATION[0]


def clear_caches() -> None:
    """Forget every part, context and answer (cost ids are permanent: catalogs hold them)."""
    _GENERATION[0] += 1
    for cache in (_PARTS, _PART_LIST, _PART_PACKED, _CONTEXTS, _CONTEXT_LIST, _CONTEXT_PACKED, _ANSWERS,
                  _ACHIEVABLE, _BY_KEY, _FIXED):
        cache.clear()
    _ANSWER_COUNT[0] = 0


def intern_cost(cost: tuple[int, ...]) -> int:
    if not any(cost):
        return ZERO_COST
    cid = _COSTS.get(cost)
    if cid is None:
        cid = len(_COST_LIST)
        _COSTS[cost] = cid
        _COST_LIST.append(cost)
        _COST_PACKED.append(_pack(cost) if max(cost) <= _VMAX and min(cost) >= 0 else None)
    return cid


def _pack_part(part: tuple) -> tuple:
    if len(part) == 2:  # production: (fixed, either/or units); None when a count is negative
        fixed, choices = part
        return (_pack(fixed) if min(fixed, default=0) >= 0 else None, tuple(_unit_mask(ch) for ch in choices))
    lp, rp, lreb, rreb = part  # prices: packed, or None when a price does not fit a field
    ok = min(lp + rp, default=0) >= 0 and max(lp + rp, default=0) <= _VMAX
    return (_pack(lp) if ok else None, _pack(rp) if ok else None, lreb, rreb)


def intern_part(part: tuple) -> int:
    """Id of a production part `(fixed, choices)` or a price part `(left, right, lreb, rreb)`.
    May forget every id first (when the caches are full): callers compare `generation()`."""
    pid = _PARTS.get(part)
    if pid is None:
        if len(_PART_LIST) > _MAX_ENTRIES or _ANSWER_COUNT[0] > 2 * _MAX_ENTRIES:
            clear_caches()  # ids must stay consistent with what is cached for them
        pid = len(_PART_LIST)
        _PARTS[part] = pid
        _PART_LIST.append(part)
        _PART_PACKED.append(_pack_part(part))
    return pid


def intern_context(own: int, left_sells: int, right_sells: int, prices: int) -> int:
    """Id of a context from part ids of the current generation. When the caches are full they
    are forgotten and -1 is returned: the caller sees a new generation and interns again."""
    key = (own, left_sells, right_sells, prices)
    cid = _CONTEXTS.get(key)
    if cid is None:
        if (len(_CONTEXT_LIST) > _MAX_ENTRIES or _ANSWER_COUNT[0] > 2 * _MAX_ENTRIES
                or len(_BY_KEY) > _MAX_ENTRIES or len(_ACHIEVABLE) > _MAX_ENTRIES):
            clear_caches()
            return -1
        cid = len(_CONTEXT_LIST)
        _CONTEXTS[key] = cid
        _CONTEXT_LIST.append(key)
        of, oc = _PART_PACKED[own]
        lf, lc = _PART_PACKED[left_sells]
        rf, rc = _PART_PACKED[right_sells]
        lp, rp, lreb, rreb = _PART_PACKED[prices]
        packable = of is not None and lf is not None and rf is not None and lp is not None
        _CONTEXT_PACKED.append((of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb) if packable else None)
        _ANSWERS.append({})
    return cid


def answers(ctx_id: int) -> dict[int, tuple[tuple[int, int], ...]]:
    """The payments known in a context, by cost id, for callers that look up many costs at once:
    a missing cost is answered (and added) by `answer`."""
    return _ANSWERS[ctx_id]


def context(ctx_id: int) -> Context:
    """The full context behind an id, as one flat tuple."""
    own, left, right, prices = _CONTEXT_LIST[ctx_id]
    of, oc = _PART_LIST[own]
    lf, lc = _PART_LIST[left]
    rf, rc = _PART_LIST[right]
    lp, rp, lreb, rreb = _PART_LIST[prices]
    return (of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb)


# ---- answers -----------------------------------------------------------------------------------

def payment_options(cost_id: int, ctx_id: int) -> tuple[tuple[int, int], ...]:
    """Pareto-minimal (coins to left, coins to right) that pay the resources of a cost; empty
    when the cost cannot be paid. Sorted by total, then by coins to the left."""
    if cost_id == ZERO_COST:
        return _FREE
    hit = _ANSWERS[ctx_id].get(cost_id)
    return hit if hit is not None else answer(cost_id, ctx_id)


def answer(cost_id: int, ctx_id: int) -> tuple[tuple[int, int], ...]:
    """`payment_options` for a cost not yet in `answers(ctx_id)` (a cost id, not ZERO_COST)."""
    cost = _COST_PACKED[cost_id]
    ctx = _CONTEXT_PACKED[ctx_id]
    if cost is None or ctx is None:
        hit = _unpacked(cost_id, ctx_id, False)
    else:
        key = _key(cost, ctx)
        if key is None:
            hit = _FREE
        else:
            hit = _BY_KEY.get(key)
            if hit is None:
                hit = _BY_KEY[key] = _solve(key)
    _ANSWERS[ctx_id][cost_id] = hit
    _ANSWER_COUNT[0] += 1
    return hit


def achievable(cost_id: int, ctx_id: int) -> frozenset[tuple[int, int]]:
    """Every exact (left, right) payment for what the city lacks after using its own production
    as well as it can: buying from the dearer neighbour is allowed, buying what the city could
    make itself is not (the team-play rule "use your own resources first", applied to all)."""
    if cost_id == ZERO_COST:
        return frozenset(_FREE)
    okey = (cost_id, ctx_id)
    hit = _ACHIEVABLE.get(okey)
    if hit is None:
        cost = _COST_PACKED[cost_id]
        ctx = _CONTEXT_PACKED[ctx_id]
        if cost is None or ctx is None:
            hit = _unpacked(cost_id, ctx_id, True)
        else:
            key = _key(cost, ctx)
            if key is None:
                hit = frozenset(_FREE)
            else:
                need, problem = _decode(key)
                hit = frozenset(_pairs(need, problem, minimal_only=True))
        _ACHIEVABLE[okey] = hit
    return hit


def _unpacked(cost_id: int, ctx_id: int, exact: bool):
    """The answer for costs or prices too large for packed fields, from the full context."""
    cost = _COST_LIST[cost_id]
    ctx = context(ctx_id)
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, ctx[0]))
    problem = ((0,) * len(need),) + ctx[1:]
    found = _pairs(need, problem, minimal_only=True)
    return frozenset(found) if exact else _pareto(found)


def _key(cost: int, ctx: tuple) -> Optional[tuple]:
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
    of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
    G = _G
    L7 = _L7
    d = (cost | G) - of
    g = d & G
    need = d & (g - (g >> 7))
    if not need:
        return None
    own_left = ()
    if oc:
        nz = ((need + L7) & G) >> 7  # the lowest bit of each field still needed
        units = oc
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
            units.sort()
            own_left = tuple(units)
    lcap, left_units, lpk, lrb = _neighbour(lf, lc, lp, lreb, need)
    rcap, right_units, rpk, rrb = _neighbour(rf, rc, rp, rreb, need)
    return (need, own_left, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb)


def _neighbour(fixed: int, units: tuple[int, ...], prices: int, rebate: int, need: int) -> tuple:
    """What one neighbour can sell toward `need` (packed): its units capped at the need, its
    either/or units that matter, and its prices and rebate only where it sells something."""
    t = (fixed | _G) - need
    g = t & _G
    cap = fixed - (t & (g - (g >> 7)))  # min(fixed, need) field by field
    useful: tuple[int, ...] = ()
    if units:
        cap, useful = _sales(cap, units, need)
    sells = ((cap + _L7) & _G) >> 7
    for u in useful:
        sells |= u
    if not sells:
        return cap, useful, 0, 0
    return cap, useful, prices & (sells * _VMAX), rebate


def _solve(key: tuple) -> tuple[tuple[int, int], ...]:
    """The payments of a canonical key, shared with every key that differs only in the naming
    of resources."""
    need, own_units, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb = key
    if own_units or left_units or right_units:
        return _solve_units(key)
    # fixed units only: one (need, left, right, left price, right price) per needed resource,
    # in sorted order (the naming of resources does not matter)
    sig = []
    fields = ((need + _L7) & _G) >> (_W - 1)  # the lowest bit of each needed field
    while fields:
        b = fields & -fields
        fields ^= b
        s = b.bit_length() - 1
        sig.append((need >> s & _VMAX, lcap >> s & _VMAX, rcap >> s & _VMAX, lpk >> s & _VMAX, rpk >> s & _VMAX))
    sig.sort()
    norm = (tuple(sig), lrb, rrb)
    hit = _FIXED.get(norm)
    if hit is None:
        hit = _FIXED[norm] = _solve_fixed(sig, lrb, rrb)
    return hit


def _solve_fixed(sig: list[tuple[int, int, int, int, int]], lrb: int, rrb: int) -> tuple[tuple[int, int], ...]:
    """Payments when every unit is fixed: per resource (need, left can sell, right can sell,
    left price, right price), k units from the left and the rest from the right; the coins add
    up over resources (a dynamic programme, Pareto-pruned when there is no rebate)."""
    if not (lrb or rrb):
        pairs = [(0, 0)]
        for n, a, b, pl, pr in sig:
            lo = n - b if n > b else 0
            hi = a if a < n else n
            if lo > hi:
                return ()
            pairs = _pareto_list([(x + k * pl, y + (n - k) * pr) for x, y in pairs for k in range(lo, hi + 1)])
        return _pareto(pairs)
    states = {(0, 0, False, False)}
    for n, a, b, pl, pr in sig:
        lo = n - b if n > b else 0
        hi = a if a < n else n
        if lo > hi:
            return ()
        states = {(x + k * pl, y + (n - k) * pr, fl or k > 0, fr or k < n)
                  for x, y, fl, fr in states for k in range(lo, hi + 1)}
    found = set()
    for x, y, fl, fr in states:
        if lrb and fl:
            x = x - lrb if x > lrb else 0
        if rrb and fr:
            y = y - rrb if y > rrb else 0
        found.add((x, y))
    return _pareto(found)


def _solve_units(key: tuple) -> tuple[tuple[int, int], ...]:
    """The payments of a key with either/or units: the Pareto-minimal pairs over every use of
    the city's units and every most generous use of each neighbour's, each of which is a problem
    with fixed units only (answered and cached by its own key)."""
    need, own_units, lcap, left_units, rcap, right_units, lpk, rpk, lrb, rrb = key
    G = _G
    L7 = _L7
    found: set[tuple[int, int]] = set()
    lefts = _packed_supplies(lcap, left_units, need) if left_units else (lcap,)
    rights = _packed_supplies(rcap, right_units, need) if right_units else (rcap,)
    for rest in _packed_remainders(need, own_units) if own_units else (need,):
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
                hit = _BY_KEY.get(sub)
                if hit is None:
                    hit = _BY_KEY[sub] = _solve(sub)
                found.update(hit)
    return _pareto(found)


def _below(x: int, y: int) -> bool:
    """x <= y in every field (packed vectors)."""
    return ((y | _G) - x) & _G == _G


def _packed_remainders(need: int, units: tuple[int, ...]) -> list[int]:
    """The least remainders of a packed need after the city's either/or units (each used for
    one resource still needed, when there is one)."""
    G = _G
    L7 = _L7
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
    return [x for x in rests if not any(y != x and _below(y, x) for y in rests)]


def _packed_supplies(cap: int, units: tuple[int, ...], need: int) -> list[int]:
    """The most generous packed vectors (at most the need) a neighbour can sell at once."""
    G = _G
    L7 = _L7
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
    return [v for v in vecs if not any(w != v and _below(v, w) for w in vecs)]


def _sales(cap: int, units: tuple[int, ...], need: int) -> tuple[int, tuple[int, ...]]:
    """A neighbour's either/or units against the need: (fixed units capped at the need,
    remaining either/or units restricted to resources still short of the need)."""
    G = _G
    L7 = _L7
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
    units.sort()
    return cap, tuple(units)


def _decode(key: tuple) -> tuple[tuple[int, ...], Context]:
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


def missing_resources(cost: tuple[int, ...], ctx: Context) -> list[int]:
    """Units per resource that neither the city nor its neighbours can supply (for reasons)."""
    own_fixed, own_choices, lf, lc, rf, rc = ctx[:6]
    out = []
    for r, need in enumerate(cost):
        have = own_fixed[r] + lf[r] + rf[r]
        have += sum(1 for ch in list(own_choices) + list(lc) + list(rc) if r in ch)
        out.append(max(0, need - have))
    return out


# ---- the search ------------------------------------------------------------------------------

def _pareto_list(pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs no other pair beats or equals on both coordinates, by increasing left (then
    decreasing right): a pair is kept when its right is below every right kept before it."""
    best: list[tuple[int, int]] = []
    low = None
    for p in sorted(set(pairs)):
        if low is None or p[1] < low:
            best.append(p)
            low = p[1]
    return best


def _pareto(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The Pareto-minimal pairs, sorted by total, then by coins to the left."""
    return tuple(sorted(_pareto_list(pairs), key=_by_total))


def _by_total(p: tuple[int, int]) -> tuple[int, int]:
    return (p[0] + p[1], p[0])


def _residuals(need: tuple[int, ...], choices: tuple[tuple[int, ...], ...], minimal_only: bool) -> set[tuple[int, ...]]:
    """What is still needed after the city's own either/or units, over every way to use them."""
    out: set[tuple[int, ...]] = set()

    def walk(i: int, rest: list[int]) -> None:
        if i == len(choices):
            out.add(tuple(rest))
            return
        used = False
        for r in choices[i]:
            if rest[r] > 0:
                rest[r] -= 1
                walk(i + 1, rest)
                rest[r] += 1
                used = True
        if not used or not minimal_only:
            walk(i + 1, rest)

    if not any(need):
        return {need}
    if not choices:
        return {need}
    walk(0, list(need))
    if not minimal_only:
        return out
    return {a for a in out if not any(b != a and all(x <= y for x, y in zip(b, a)) for b in out)}


def _max_supplies(fixed: tuple[int, ...], choices: tuple[tuple[int, ...], ...],
                  cap: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The maximal vectors (each at most `cap`) a neighbour can sell at once: its fixed units plus
    one unit from each either/or card. Anything below one of them can be sold."""
    start = tuple(f if f < c else c for f, c in zip(fixed, cap))
    vectors = {start}
    for ch in choices:
        grown = set()
        for v in vectors:
            added = False
            for r in ch:
                if v[r] < cap[r]:
                    w = list(v)
                    w[r] += 1
                    grown.add(tuple(w))
                    added = True
            if not added:
                grown.add(v)
        vectors = grown
    return [v for v in vectors if not any(w != v and all(a <= b for a, b in zip(v, w)) for w in vectors)]


def _pairs(need: tuple[int, ...], ctx: Context, minimal_only: bool) -> set[tuple[int, int]]:
    """Every (left, right) cost of buying what remains after the city's own production (`need` is
    already net of its fixed units); `minimal_only`: the city uses its either/or units fully.

    For each way the city uses its either/or units, and each most generous way each neighbour
    uses theirs, resources are independent: the costs add up resource by resource (a small
    dynamic programme over (left coins, right coins, bought left?, bought right?))."""
    _, own_choices, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
    found: set[tuple[int, int]] = set()
    left_max = _max_supplies(lf, lc, need)
    right_max = _max_supplies(rf, rc, need)
    for res in _residuals(need, own_choices, minimal_only):
        idx = [r for r, n in enumerate(res) if n]
        if not idx:
            found.add((0, 0))
            continue
        for cap_l in left_max:
            for cap_r in right_max:
                states = {(0, 0, False, False)}
                for r in idx:
                    n = res[r]
                    lo = n - cap_r[r] if n > cap_r[r] else 0
                    hi = cap_l[r] if cap_l[r] < n else n
                    if lo > hi:
                        states = set()
                        break
                    pl, pr = lp[r], rp[r]
                    states = {(a + k * pl, b + (n - k) * pr, fl or k > 0, fr or k < n)
                              for a, b, fl, fr in states for k in range(lo, hi + 1)}
                for a, b, fl, fr in states:
                    if lreb and fl:
                        a = a - lreb if a > lreb else 0
                    if rreb and fr:
                        b = b - rreb if b > rreb else 0
                    found.add((a, b))
    return found
