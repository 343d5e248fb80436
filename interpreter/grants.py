"""The abilities granted to a city (`grant ABILITY`), one record each, with their uses counted.

A leaf of the engine's modules: the operation that grants an ability (:mod:`.effects`), the city
that holds it (:mod:`.city`) and the actions that spend it (:mod:`.action_costs`) all import it.
"""

from __future__ import annotations

__all__ = ["CityGrant"]


class CityGrant:
    """An ability granted to a city (`grant ABILITY`): ability number `ability`, for cards of the
    colours `colours` (empty: any), `uses` times in each `period` (`turn` or `age`; empty: with no
    limit); `used`: the times it was used in the period under way. Slotted (its fields read as fast
    as a list's items), and changed as it is used: a copy of the city copies it."""

    __slots__ = ("ability", "colours", "period", "uses", "used")

    def __init__(self, ability: int, colours: frozenset[int], period: str, uses: int, used: int = 0) -> None:
        self.ability = ability
        self.colours = colours
        self.period = period
        self.uses = uses
        self.used = used

    def copy(self) -> CityGrant:
        return CityGrant(self.ability, self.colours, self.period, self.uses, self.used)

    def __repr__(self) -> str:
        return (f"CityGrant(ability={self.ability}, colours={sorted(self.colours)}, period={self.period!r}, "
                f"uses={self.uses}, used={self.used})")
