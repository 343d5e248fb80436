"""Who won: the best total, ties broken by the rule set's keys (coins), else shared; in team
play the best team total; neutral seats that never win are left out."""

from __future__ import annotations

__all__ = ["winners", "standings"]


def _key(state, seats: list[int]) -> tuple:
    sheets = state.sheets
    total = sum(sheets[s].total for s in seats)
    keys = []
    for k in state.config.tie_break:
        if k == "coins":
            keys.append(sum(state.cities[s].coins for s in seats))
    return (total, *keys)


def standings(state) -> list[tuple[tuple[int, ...], tuple]]:
    """Competitors (a player, or a team's players) with their ranking key, best first."""
    contenders = [p for p in range(state.players)]
    for seat, rules in state.neutral_rules.items():
        if not rules.never_wins:
            contenders.append(seat)
    if state.config.winner == "team" and state.team_size:
        groups: dict[int, list[int]] = {}
        for p in contenders:
            groups.setdefault(state.team_of(p) if p < state.players else -1 - p, []).append(p)
        units = [tuple(v) for v in groups.values()]
    else:
        units = [(p,) for p in contenders]
    ranked = [(u, _key(state, list(u))) for u in units]
    ranked.sort(key=lambda x: x[1], reverse=True)
    return ranked


def winners(state) -> list[int]:
    if not state.terminal:
        return []
    ranked = standings(state)
    best = ranked[0][1]
    out: list[int] = []
    for unit, key in ranked:
        if key == best:
            out.extend(unit)
    return sorted(out)
