"""Ways to pay for a cost: every Pareto-minimal split of coins between the two neighbours.

A payment is decided from four things that change rarely: the buyer's own production (fixed
units and either/or units), what each neighbour sells (likewise), and the buyer's prices and
rebates. Each combination is interned into a small integer (a *trade context*), and the answer
for (cost, context) is cached across games, so a turn costs a dictionary lookup per card.
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Optional

__all__ = ["payment_options", "achievable", "intern_context", "intern_part", "intern_cost", "clear_caches",
           "context", "missing_resources", "generation", "Context", "ZERO_COST"]

#: (own_fixed, own_choices, left_fixed, left_choices, right_fixed, right_choices,
#:  left_prices, right_prices, left_rebate, right_rebate)
Context = tuple

# A context is four interned parts: the buyer's production (fixed units, either/or units), what
# the left and the right neighbour sell (likewise), and the buyer's prices and rebates. Parts
# change rarely and are shared between the neighbours who read them.
_PARTS: dict[tuple, int] = {}
_PART_LIST: list[tuple] = []
_CONTEXTS: dict[tuple[int, int, int, int], int] = {}
_CONTEXT_LIST: list[tuple[int, int, int, int]] = []
_COSTS: dict[tuple[int, ...], int] = {}
_COST_LIST: list[tuple[int, ...]] = []
_OPTIONS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
_ACHIEVABLE: dict[tuple[int, int], frozenset[tuple[int, int]]] = {}
#: parts projected on the resources of one cost: (cost id, part id) -> projection, one table per
#: kind of part (the same tuple may be one city's production and another's sales)
_OWN_PROJECTIONS: dict[tuple[int, int], tuple] = {}
_SALE_PROJECTIONS: dict[tuple[int, int], tuple] = {}
_PRICE_PROJECTIONS: dict[tuple[int, int], tuple] = {}
_PROJECTION_TABLES = {"own": _OWN_PROJECTIONS, "sells": _SALE_PROJECTIONS, "prices": _PRICE_PROJECTIONS}
#: answers by the context *projected* on the resources a cost uses: shared by many contexts
_PROJECTED: dict[tuple, tuple[tuple[int, int], ...]] = {}
#: answers by the *normalized* problem (see `_normalize`): shared by many projections
_NORMALIZED: dict[tuple, tuple[tuple[int, int], ...]] = {}
_MAX_ENTRIES = 400_000

ZERO_COST = -1  # the id of "no resources", answered without a lookup
_COST_RESOURCES: list[tuple[int, ...]] = []  # cost id -> the resources it uses
_GENERATION = [0]  # bumped when contexts are forgotten: ids of older generations are stale
_FREE = ((0, 0),)


def generation() -> int:
    return _GENERATION[0]


def clear_caches() -> None:
    """Forget every context and answer (cost ids are permanent: catalogs hold them)."""
    _GENERATION[0] += 1
    for cache in (_PARTS, _PART_LIST, _CONTEXTS, _CONTEXT_LIST, _OPTIONS, _PROJECTED, _NORMALIZED, _ACHIEVABLE,
                  _OWN_PROJECTIONS, _SALE_PROJECTIONS, _PRICE_PROJECTIONS, _PROJECTION_IDS):
        cache.clear()


def intern_cost(cost: tuple[int, ...]) -> int:
    if not any(cost):
        return ZERO_COST
    cid = _COSTS.get(cost)
    if cid is None:
        cid = len(_COST_LIST)
        _COSTS[cost] = cid
        _COST_LIST.append(cost)
        _COST_RESOURCES.append(tuple(r for r, n in enumerate(cost) if n))
    return cid


def intern_part(part: tuple) -> int:
    """Id of a production part `(fixed, choices)` or a price part `(left, right, rebates)`."""
    pid = _PARTS.get(part)
    if pid is None:
        if len(_PART_LIST) > _MAX_ENTRIES or len(_OPTIONS) > 2 * _MAX_ENTRIES:
            clear_caches()  # ids must stay consistent with what is cached for them
        pid = len(_PART_LIST)
        _PARTS[part] = pid
        _PART_LIST.append(part)
    return pid


def intern_context(own: int, left_sells: int, right_sells: int, prices: int) -> int:
    key = (own, left_sells, right_sells, prices)
    cid = _CONTEXTS.get(key)
    if cid is None:
        cid = len(_CONTEXT_LIST)
        _CONTEXTS[key] = cid
        _CONTEXT_LIST.append(key)
    return cid


def options_cache() -> dict:
    """The (cost id, context id) -> payments cache, for callers that look up many costs at once
    (the dictionary object stays the same when caches are cleared)."""
    return _OPTIONS


def context(ctx_id: int) -> Context:
    """The full context behind an id, as one flat tuple."""
    own, left, right, prices = _CONTEXT_LIST[ctx_id]
    of, oc = _PART_LIST[own]
    lf, lc = _PART_LIST[left]
    rf, rc = _PART_LIST[right]
    lp, rp, lreb, rreb = _PART_LIST[prices]
    return (of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb)


def payment_options(cost_id: int, ctx_id: int) -> tuple[tuple[int, int], ...]:
    """Pareto-minimal (coins to left, coins to right) that pay the resources of a cost; empty
    when the cost cannot be paid. Sorted by total, then by coins to the left."""
    if cost_id == ZERO_COST:
        return _FREE
    key = (cost_id, ctx_id)
    hit = _OPTIONS.get(key)
    if hit is None:
        own, left, right, prices = _CONTEXT_LIST[ctx_id]
        o = _OWN_PROJECTIONS.get((cost_id, own)) or _project_part(cost_id, own, "own")
        if o[1] < 0:  # the city's own fixed production pays it
            _OPTIONS[key] = _FREE
            return _FREE
        sales = _SALE_PROJECTIONS.get
        lp = sales((cost_id, left)) or _project_part(cost_id, left, "sells")
        rp = sales((cost_id, right)) or _project_part(cost_id, right, "sells")
        pp = _PRICE_PROJECTIONS.get((cost_id, prices)) or _project_part(cost_id, prices, "prices")
        pkey = (o[1], lp[1], rp[1], pp[1])
        hit = _PROJECTED.get(pkey)
        if hit is None:
            norm = _normalize(*_assemble(o[0], lp[0], rp[0], pp[0]))
            if norm is None:
                hit = _FREE
            else:
                hit = _NORMALIZED.get(norm)
                if hit is None:
                    hit = _pareto(_pairs(norm[0], norm[1], minimal_only=True))
                    _NORMALIZED[norm] = hit
            _PROJECTED[pkey] = hit
        _OPTIONS[key] = hit
    return hit


def _normalize(need: tuple[int, ...], ctx: Context) -> Optional[tuple]:
    """The same buying problem in a canonical form, so that problems that differ only in
    resources nobody needs, in useless units, or in the naming of resources share one answer:
    the city's either/or units that can only help one way are used that way; resources no longer
    needed are dropped; a neighbour's units are capped at the need, its either/or units that can
    only help one way become fixed units; prices of what a neighbour cannot sell are ignored;
    and resources are put in a canonical order. Returns None when nothing is left to buy."""
    _, own_choices, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
    if not own_choices and not lc and not rc:  # the common case: fixed units only
        sig = []
        for r, n in enumerate(need):
            if n:
                a = lf[r] if lf[r] < n else n
                b = rf[r] if rf[r] < n else n
                sig.append((n, a, b, lp[r] if a else 0, rp[r] if b else 0))
        if not sig:
            return None
        sig.sort()
        k = len(sig)
        return (tuple(x[0] for x in sig),
                ((0,) * k, (), tuple(x[1] for x in sig), (), tuple(x[2] for x in sig), (),
                 tuple(x[3] for x in sig), tuple(x[4] for x in sig), lreb, rreb))
    need_l = list(need)
    pending = [list(ch) for ch in own_choices]
    changed = True
    while changed:
        changed = False
        rest = []
        for ch in pending:
            live = [r for r in ch if need_l[r] > 0]
            if len(live) == 1:
                need_l[live[0]] -= 1
                changed = True
            elif live:
                rest.append(live)
        pending = rest
    keep = [r for r, n in enumerate(need_l) if n > 0]
    if not keep:
        return None

    def sells(fixed: tuple[int, ...], choices) -> tuple[list[int], list[list[int]]]:
        fx = [fixed[r] if fixed[r] < need_l[r] else need_l[r] for r in range(len(need_l))]
        multi = []
        for ch in choices:
            live = [r for r in ch if fx[r] < need_l[r]]
            if len(live) == 1:
                fx[live[0]] += 1
            elif live:
                multi.append(live)
        return fx, multi

    lfx, lcx = sells(lf, lc)
    rfx, rcx = sells(rf, rc)
    sig = {}
    for r in keep:
        l_sells = lfx[r] > 0 or any(r in ch for ch in lcx)
        r_sells = rfx[r] > 0 or any(r in ch for ch in rcx)
        sig[r] = (need_l[r], lfx[r], rfx[r], lp[r] if l_sells else 0, rp[r] if r_sells else 0,
                  sum(r in ch for ch in pending), sum(r in ch for ch in lcx), sum(r in ch for ch in rcx))
    order = sorted(keep, key=sig.__getitem__)
    pos = {r: i for i, r in enumerate(order)}

    def remap(choices) -> tuple[tuple[int, ...], ...]:
        out = []
        for ch in choices:
            kept = tuple(sorted(pos[r] for r in ch if r in pos))
            if kept:
                out.append(kept)
        return tuple(sorted(out))

    n = len(order)
    return (tuple(sig[r][0] for r in order),
            ((0,) * n, remap(pending), tuple(sig[r][1] for r in order), remap(lcx),
             tuple(sig[r][2] for r in order), remap(rcx), tuple(sig[r][3] for r in order),
             tuple(sig[r][4] for r in order), lreb, rreb))


_PROJECTION_IDS: dict[tuple, int] = {}


def _project_part(cost_id: int, pid: int, kind: str) -> tuple[tuple, int]:
    """A part seen through one cost: (projection, projection id). Only the resources of the cost
    remain; for the buyer's own part, what is still needed (id -1 when nothing is)."""
    key = (cost_id, pid)
    table = _PROJECTION_TABLES[kind]
    hit = table.get(key)
    if hit is not None:
        return hit
    cost = _COST_LIST[cost_id]
    rel = _COST_RESOURCES[cost_id]
    part = _PART_LIST[pid]
    proj: tuple
    if kind == "prices":
        lp, rp, lreb, rreb = part
        proj = ("prices", tuple(lp[r] for r in rel), tuple(rp[r] for r in rel), lreb, rreb)
    else:
        fixed, choices = part
        pos = {r: i for i, r in enumerate(rel)}
        if kind == "own":  # what is still needed after fixed units; either/or units that help
            vec = tuple(cost[r] - fixed[r] if cost[r] > fixed[r] else 0 for r in rel)
            pos = {r: i for i, r in enumerate(rel) if vec[i]}
        else:  # what a neighbour sells, never more than the cost asks
            vec = tuple(fixed[r] if fixed[r] < cost[r] else cost[r] for r in rel)
        restricted = []
        for ch in choices:
            kept = tuple(sorted(pos[r] for r in ch if r in pos))
            if kept:
                restricted.append(kept)
        proj = (kind, vec, tuple(sorted(restricted)))
        if kind == "own" and not any(vec):
            hit = (proj, -1)
            table[key] = hit
            return hit
    proj_id = _PROJECTION_IDS.get(proj)
    if proj_id is None:
        proj_id = len(_PROJECTION_IDS)
        _PROJECTION_IDS[proj] = proj_id
    hit = (proj, proj_id)
    table[key] = hit
    return hit


def _assemble(own: tuple, left: tuple, right: tuple, prices: tuple) -> tuple[tuple[int, ...], Context]:
    _, need, own_choices = own
    _, lf, lc = left
    _, rf, rc = right
    _, lp, rp, lreb, rreb = prices
    return need, ((0,) * len(need), own_choices, lf, lc, rf, rc, lp, rp, lreb, rreb)


def _projected_key(cost_id: int, ctx_id: int) -> Optional[tuple]:
    """(need, projected context) for this cost, or None when the city's own fixed production
    pays it."""
    own, left, right, prices = _CONTEXT_LIST[ctx_id]
    o = _project_part(cost_id, own, "own")
    if o[1] < 0:
        return None
    return _assemble(o[0], _project_part(cost_id, left, "sells")[0], _project_part(cost_id, right, "sells")[0],
                     _project_part(cost_id, prices, "prices")[0])


def achievable(cost_id: int, ctx_id: int) -> frozenset[tuple[int, int]]:
    """Every exact (left, right) payment for what the city lacks after using its own production
    as well as it can: buying from the dearer neighbour is allowed, buying what the city could
    make itself is not (the team-play rule "use your own resources first", applied to all)."""
    if cost_id == ZERO_COST:
        return frozenset({(0, 0)})
    key = (cost_id, ctx_id)
    hit = _ACHIEVABLE.get(key)
    if hit is None:
        pkey = _projected_key(cost_id, ctx_id)
        norm = None if pkey is None else _normalize(pkey[0], pkey[1])
        hit = frozenset(_FREE) if norm is None else frozenset(_pairs(norm[0], norm[1], minimal_only=True))
        _ACHIEVABLE[key] = hit
    return hit


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

def _pareto(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    best: list[tuple[int, int]] = []
    for p in sorted(set(pairs)):
        if not any(q[0] <= p[0] and q[1] <= p[1] for q in best):
            best.append(p)
    return tuple(sorted(best, key=lambda p: (p[0] + p[1], p[0])))


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
