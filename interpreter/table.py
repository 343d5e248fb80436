"""The seats of a table and the relations between them.

Seats 0..N-1 sit clockwise: the players first, then the neutral seats. The left neighbour of seat
i is seat i+1 (mod N), the right neighbour seat i-1; `left 2` is two seats away. A relation seen
from a seat is a tuple of seats without repeats, in a fixed order (a seat that is both the left and
the right neighbour is one seat). Static relations are computed once per table; `controller` and
`target` depend on the moment and are resolved by the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from wonderrules.interpreter import ir

__all__ = ["Table", "DYNAMIC"]

#: relations whose seats depend on the state of the game, not only on the table
DYNAMIC = frozenset({"controller", "target"})


class Table:
    """Who sits where: player and neutral seats, teams, and every static relation per seat."""

    __slots__ = ("players", "seats", "neutral", "team_size", "_cache")

    def __init__(self, players: int, neutral: int = 0, team_size: int = 0) -> None:
        self.players = players
        self.seats = players + neutral
        self.neutral = tuple(range(players, self.seats))
        self.team_size = team_size
        self._cache: dict[tuple[str, int], tuple[tuple[int, ...], ...]] = {}

    # ---- geometry -----------------------------------------------------------------------------
    def left(self, seat: int, distance: int = 1) -> int:
        return (seat + distance) % self.seats

    def right(self, seat: int, distance: int = 1) -> int:
        return (seat - distance) % self.seats

    def team_of(self, seat: int) -> int:
        """A player's team (its own seat without teams); a neutral seat is a team of its own."""
        if not self.team_size or seat >= self.players:
            return seat if not self.team_size else -1 - seat
        return seat // self.team_size

    def partners(self, seat: int) -> tuple[int, ...]:
        if not self.team_size or seat >= self.players:
            return ()
        first = (seat // self.team_size) * self.team_size
        return tuple(s for s in range(first, first + self.team_size) if s != seat)

    # ---- relations ----------------------------------------------------------------------------
    def seats_of(self, relation: ir.Relation, seat: int) -> tuple[int, ...]:
        """The seats of a static relation seen from `seat`."""
        return self.relation(relation.kind, relation.distance)[seat]

    def relation(self, kind: str, distance: int = 1) -> tuple[tuple[int, ...], ...]:
        """For each seat, the seats of a static relation seen from it."""
        key = (kind, distance)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple(self._compute(kind, distance, s) for s in range(self.seats))
        return found

    def union(self, relations: Sequence[ir.Relation], seat: int) -> tuple[int, ...]:
        """The seats of several static relations, in order, each seat once."""
        if len(relations) == 1:
            return self.seats_of(relations[0], seat)
        out: list[int] = []
        for rel in relations:
            for s in self.seats_of(rel, seat):
                if s not in out:
                    out.append(s)
        return tuple(out)

    def _compute(self, kind: str, distance: int, seat: int) -> tuple[int, ...]:
        n = self.seats
        if kind == "self":
            return (seat,)
        if kind == "left":
            return (self.left(seat, distance),)
        if kind == "right":
            return (self.right(seat, distance),)
        if kind == "neighbours":
            left, right = self.left(seat, distance), self.right(seat, distance)
            return (left,) if left == right else (left, right)
        if kind == "others":
            return tuple(s for s in range(n) if s != seat)
        if kind == "everyone":
            return tuple(range(n))
        if kind == "players":
            return tuple(range(self.players))
        if kind == "partners":
            return self.partners(seat)
        if kind == "enemies":
            mates = self.partners(seat)
            return tuple(s for s in range(n) if s != seat and s not in mates)
        raise ValueError(f"'{kind}' is not a relation between seats of a table")
