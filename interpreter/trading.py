"""Ways to pay for a cost: every Pareto-minimal split of coins between the two neighbours.

A payment is decided from four things that change rarely: the buyer's own production (fixed
units and either/or units), what each neighbour sells (likewise), and the buyer's prices and
rebates. Each combination is interned into a small integer (a *trade context*), and the answer
for (cost, context) is cached across games, so a turn costs a dictionary lookup per card.
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Optional

__all__ = ["payment_options", "achievable", "intern_context", "intern_cost", "clear_caches",
           "context", "missing_resources", "Context", "ZERO_COST"]

#: (own_fixed, own_choices, left_fixed, left_choices, right_fixed, right_choices,
#:  left_prices, right_prices, left_rebate, right_rebate)
Context = tuple

_CONTEXTS: dict[Context, int] = {}
_CONTEXT_LIST: list[Context] = []
_COSTS: dict[tuple[int, ...], int] = {}
_COST_LIST: list[tuple[int, ...]] = []
_OPTIONS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
_ACHIEVABLE: dict[tuple[int, int], frozenset[tuple[int, int]]] = {}
_SUPPLY: dict[tuple, bool] = {}
_MAX_ENTRIES = 400_000

ZERO_COST = -1  # the id of "no resources", answered without a lookup


def clear_caches() -> None:
    """Forget every context and answer (cost ids are permanent: catalogs hold them)."""
    _CONTEXTS.clear()
    _CONTEXT_LIST.clear()
    _OPTIONS.clear()
    _ACHIEVABLE.clear()
    _SUPPLY.clear()


def intern_cost(cost: tuple[int, ...]) -> int:
    if not any(cost):
        return ZERO_COST
    cid = _COSTS.get(cost)
    if cid is None:
        cid = len(_COST_LIST)
        _COSTS[cost] = cid
        _COST_LIST.append(cost)
    return cid


def intern_context(ctx: Context) -> int:
    cid = _CONTEXTS.get(ctx)
    if cid is None:
        if len(_CONTEXT_LIST) > _MAX_ENTRIES:
            # Forget every context at once: ids must stay consistent with the answers cached for them.
            clear_caches()
        cid = len(_CONTEXT_LIST)
        _CONTEXTS[ctx] = cid
        _CONTEXT_LIST.append(ctx)
    return cid


def context(ctx_id: int) -> Context:
    return _CONTEXT_LIST[ctx_id]


def payment_options(cost_id: int, ctx_id: int) -> tuple[tuple[int, int], ...]:
    """Pareto-minimal (coins to left, coins to right) that pay the resources of a cost; empty
    when the cost cannot be paid. Sorted by total, then by coins to the left."""
    if cost_id == ZERO_COST:
        return ((0, 0),)
    key = (cost_id, ctx_id)
    hit = _OPTIONS.get(key)
    if hit is None:
        found = _pairs(_COST_LIST[cost_id], _CONTEXT_LIST[ctx_id], minimal_only=True)
        hit = _pareto(found)
        _OPTIONS[key] = hit
    return hit


def achievable(cost_id: int, ctx_id: int) -> frozenset[tuple[int, int]]:
    """Every exact (left, right) payment, minimal or not (a player may buy from the dearer
    neighbour, or buy what an either/or card of theirs could have made)."""
    if cost_id == ZERO_COST:
        return frozenset({(0, 0)})
    key = (cost_id, ctx_id)
    hit = _ACHIEVABLE.get(key)
    if hit is None:
        hit = frozenset(_pairs(_COST_LIST[cost_id], _CONTEXT_LIST[ctx_id], minimal_only=False))
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
    walk(0, list(need))
    if not minimal_only:
        return out
    return {a for a in out if not any(b != a and all(x <= y for x, y in zip(b, a)) for b in out)}


def _supply(vec: tuple[int, ...], fixed: tuple[int, ...], choices: tuple[tuple[int, ...], ...]) -> bool:
    """Can a neighbour with these fixed units and either/or units sell `vec`?"""
    rem = tuple(max(0, v - f) for v, f in zip(vec, fixed))
    if not any(rem):
        return True
    key = (rem, choices)
    hit = _SUPPLY.get(key)
    if hit is not None:
        return hit
    units = [r for r, n in enumerate(rem) for _ in range(n)]
    ok = len(units) <= len(choices) and _match(units, choices)
    _SUPPLY[key] = ok
    return ok


def _match(units: list[int], choices: tuple[tuple[int, ...], ...]) -> bool:
    """Bipartite matching of needed units to either/or cards (each card gives one unit)."""
    owner: list[Optional[int]] = [None] * len(choices)

    def place(u: int, seen: set[int]) -> bool:
        for c, opts in enumerate(choices):
            if units[u] in opts and c not in seen:
                seen.add(c)
                if owner[c] is None or place(owner[c], seen):
                    owner[c] = u
                    return True
        return False

    return all(place(u, set()) for u in range(len(units)))


def _pairs(cost: tuple[int, ...], ctx: Context, minimal_only: bool) -> set[tuple[int, int]]:
    own_fixed, own_choices, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
    need = tuple(max(0, c - f) for c, f in zip(cost, own_fixed))
    found: set[tuple[int, int]] = set()
    for res in _residuals(need, own_choices, minimal_only):
        idx = [r for r, n in enumerate(res) if n]
        if not idx:
            found.add((0, 0))
            continue
        for split in product(*(range(res[r] + 1) for r in idx)):
            left = [0] * len(res)
            right = list(res)
            for r, k in zip(idx, split):
                left[r] = k
                right[r] -= k
            lt, rt = tuple(left), tuple(right)
            if not _supply(lt, lf, lc) or not _supply(rt, rf, rc):
                continue
            lcost = sum(k * lp[r] for r, k in enumerate(lt))
            rcost = sum(k * rp[r] for r, k in enumerate(rt))
            if lreb and any(lt):
                lcost = max(0, lcost - lreb)
            if rreb and any(rt):
                rcost = max(0, rcost - rreb)
            found.add((lcost, rcost))
    return found
