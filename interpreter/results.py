"""Who won: the best total, ties broken by the rule set's keys (coins), else shared; with a team
winner, the best team total; neutral seats that do not compete are left out."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game_data import GameData

__all__ = ["winners", "standings", "ranks", "win_shares"]


def _key(st: GameData, seats: list[int]) -> tuple[int, ...]:
    assert st.sheets is not None
    total = sum(st.sheets[s].total for s in seats)
    keys = []
    for k in st.config.tie_break:
        if k == "coins":
            keys.append(sum(st.cities[s].coins for s in seats))
    return (total, *keys)


def standings(st: GameData) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Competitors (a player, or a team's players) with their ranking key, best first."""
    contenders = list(range(st.players))
    for seat, rules in st.neutral.items():
        if rules.competes:
            contenders.append(seat)
    units: list[tuple[int, ...]]
    if st.config.winner == "team" and st.table.team_size:
        groups: dict[int, list[int]] = {}
        for p in contenders:
            groups.setdefault(st.table.team_of(p), []).append(p)
        units = [tuple(v) for v in groups.values()]
    else:
        units = [(p,) for p in contenders]
    ranked = [(u, _key(st, list(u))) for u in units]
    ranked.sort(key=lambda x: x[1], reverse=True)
    return ranked


def winners(st: GameData) -> list[int]:
    if not st.terminal:
        return []
    ranked = standings(st)
    best = ranked[0][1]
    out: list[int] = []
    for unit, key in ranked:
        if key == best:
            out.extend(unit)
    return sorted(out)




def ranks(st: GameData) -> list[int]:
    """Each player's place when the game is over, 1 the best, by the order that picks the winners
    (total, then the rule set's tie breaks; with a team winner, the team's): competitors that
    stay level share a place and the next place is skipped (1, 1, 3). A competing neutral seat
    takes a place too. Before the end every player is placed 0."""
    if not st.terminal:
        return [0] * st.players
    place = [0] * st.players
    ranked = standings(st)
    for unit, key in ranked:
        better = sum(1 for _, other in ranked if other > key)
        for p in unit:
            if p < st.players:
                place[p] = better + 1
    return place


def win_shares(st: GameData) -> list[float]:
    """Each player's share of the win: a tie of k winners gives each 1/k; when a team wins,
    every member of a winning team has the team's share (1/k for a tie of k teams)."""
    found = winners(st)
    if not found:
        return [0.0] * st.players
    if st.config.winner == "team" and st.table.team_size:
        sharing = len({st.table.team_of(p) for p in found})
    else:
        sharing = len(found)
    return [1 / sharing if p in found else 0.0 for p in range(st.players)]
