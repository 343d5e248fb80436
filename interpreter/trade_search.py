"""The exhaustive payment search and the Pareto filters that every payment answer goes through.

A flat trade context is one tuple: (own fixed units, own either/or units, left fixed, left
either/or, right fixed, right either/or, left prices, right prices, left rebate, right rebate).
The search here works on it directly; it answers the exact payments asked to explain an illegal
one, and every problem whose counts or prices are too large for the packed fields of
:mod:`.trading`.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Context", "Vector", "Units", "pairs", "pareto", "pareto_list", "missing_resources"]

#: units (or prices) per resource
Vector = tuple[int, ...]
#: either/or units: the resources each one may be
Units = tuple[tuple[int, ...], ...]
#: (own_fixed, own_choices, left_fixed, left_choices, right_fixed, right_choices,
#:  left_prices, right_prices, left_rebate, right_rebate)
Context = tuple[Vector, Units, Vector, Units, Vector, Units, Vector, Vector, int, int]


def pareto_list(found: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs no other pair beats or equals on both coordinates, by increasing left (then
    decreasing right): a pair is kept when its right is below every right kept before it."""
    best: list[tuple[int, int]] = []
    low = None
    for p in sorted(set(found)):
        if low is None or p[1] < low:
            best.append(p)
            low = p[1]
    return best


def pareto(found: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The Pareto-minimal pairs, sorted by total, then by coins to the left."""
    return tuple(sorted(pareto_list(found), key=_by_total))


def _by_total(p: tuple[int, int]) -> tuple[int, int]:
    return (p[0] + p[1], p[0])


def missing_resources(cost: tuple[int, ...], ctx: Context) -> list[int]:
    """Units per resource that neither the city nor its neighbours can supply (for reasons)."""
    own_fixed, own_choices, lf, lc, rf, rc = ctx[:6]
    out = []
    for r, need in enumerate(cost):
        have = own_fixed[r] + lf[r] + rf[r]
        have += sum(1 for ch in list(own_choices) + list(lc) + list(rc) if r in ch)
        out.append(max(0, need - have))
    return out


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


def pairs(need: tuple[int, ...], ctx: Context, minimal_only: bool) -> set[tuple[int, int]]:
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
