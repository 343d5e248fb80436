"""Conflicts at the end of an age: who fights whom, and the tokens each result gives.

Fighters sit in seat order around the table. Holders of a sit-out token stay out (spending it)
and their neighbours face each other; when only two fighters remain they fight once. With
`except partners`, partners never fight. A reduced-token holder fights for fewer tokens (and so
does their opponent), spending one such token per resolution.
"""

from __future__ import annotations

__all__ = ["resolve_conflicts", "conflict_pairs"]


def conflict_pairs(state, fighters: list[int], except_partners: bool) -> list[tuple[int, int]]:
    """Adjacent pairs among `fighters` (in seat order, around the table), each pair once."""
    pairs: list[tuple[int, int]] = []
    k = len(fighters)
    if k < 2:
        return pairs
    for i, a in enumerate(fighters):
        b = fighters[(i + 1) % k]
        pair = (min(a, b), max(a, b))
        if a != b and pair not in pairs:
            pairs.append(pair)
    if except_partners and state.team_size:
        pairs = [(a, b) for a, b in pairs if state.team_of(a) != state.team_of(b) or a >= state.players
                 or b >= state.players]
    return pairs


def resolve_conflicts(state) -> None:
    cat = state.cat
    for conflict in state.config.conflicts:
        strength = state._strength[conflict.name]
        fighters = list(range(state.n))
        if conflict.sit_out_token is not None:
            t = cat.token_index[conflict.sit_out_token]
            out = [s for s in fighters if state.cities[s].token_counts[t] > 0]
            for s in out:
                _spend(state.cities[s], t, conflict.sit_out_spend)
            fighters = [s for s in fighters if s not in out]
        reduced: set[int] = set()
        if conflict.reduced_token is not None:
            t = cat.token_index[conflict.reduced_token]
            reduced = {s for s in fighters if state.cities[s].token_counts[t] > 0}
            for s in reduced:
                _spend(state.cities[s], t, conflict.reduced_spend)
        win_t = cat.token_index[conflict.win_token]
        lose_t = cat.token_index[conflict.lose_token]
        worths = conflict.win_worth
        win_worth = worths[min(state.age, len(worths)) - 1]
        for a, b in conflict_pairs(state, fighters, conflict.except_partners):
            sa = strength(state, a, state.cities[a].symbols)
            sb = strength(state, b, state.cities[b].symbols)
            if sa == sb:
                continue
            winner, loser = (a, b) if sa > sb else (b, a)
            n = conflict.reduced_tokens if (a in reduced or b in reduced) else conflict.tokens_per_result
            state.gain_tokens(winner, win_t, n, win_worth)
            state.gain_tokens(loser, lose_t, n, conflict.lose_worth)


def _spend(city, token: int, n: int) -> None:
    """Spend up to n tokens; their values go with them (tokens spent here carry worth 1 each)."""
    n = min(n, city.token_counts[token])
    city.token_counts[token] -= n
    city.token_values[token] -= n
