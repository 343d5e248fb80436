"""What a player's pending decision is about: one named record per way a decision is asked.

The state keeps one per deciding player (`State.asked`, beside the :class:`.actions.Decision` the
player sees). :class:`RoundAsk` is a choice of a round of the flow (`round DECISION`), made with
the others of the round and resolved with them; :class:`DecideAsk` is a decision an effect or a
loss asks (`decide DECISION`, `lose ... or decide DECISION`), carried out as soon as it is made.
Both name the seat the choice is for (a neutral seat's controller decides for it), the decision
by its index in the catalog, and whether it spends as at the start of the turn (`within`: only a
round's may).

A record is made for every player at every round: it is a named tuple, made in the engine by
``tuple.__new__`` as cheaply as a plain tuple (a frozen attrs class costs some thousand machine
instructions more per record made, 2% of a game). It lives only in a game in progress and is
never written to a log.
"""

from __future__ import annotations

from typing import NamedTuple, Union

__all__ = ["Ask", "RoundAsk", "DecideAsk"]


class RoundAsk(NamedTuple):
    """A choice of the round under way for `seat`, of decision number `decision`, spending as at
    the start of the turn when `within`."""

    seat: int
    decision: int
    within: bool


class DecideAsk(NamedTuple):
    """Decision number `decision`, asked for `seat` by an effect or a loss, outside any round."""

    seat: int
    decision: int

    @property
    def within(self) -> bool:
        """A decision outside a round spends the coins the city holds."""
        return False


Ask = Union[RoundAsk, DecideAsk]
