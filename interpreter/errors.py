"""The errors of the engine's API that are not about the rules: a call with a wrong argument,
and a game set up with arguments that do not fit the rule set or the table.

and an illegal choice (a reason per player). Every one of them carries a sentence, and a refused
call leaves the state as it was.
"""

from __future__ import annotations

from typing import Optional

__all__ = ["ArgumentError", "SetupError", "IllegalActionError"]


class ArgumentError(ValueError):
    """A call of a state's API with a wrong argument: a value of the wrong type, a player that
    is not at the table, an action for a game that is over. The state is unchanged."""


class SetupError(ValueError):
    """A game or a scenario that does not fit the rule set or the table, or that was asked for
    with arguments of the wrong type."""


class IllegalActionError(ValueError):
    """An action that the rules forbid; `reasons` maps each refused player to a sentence.
    The state is unchanged."""

    def __init__(self, reasons: dict[int, str]) -> None:
        self.reasons = dict(reasons)
        text = "; ".join(f"player {p}: {r}" for p, r in sorted(self.reasons.items()))
        super().__init__(text)

    def reason(self, player: int) -> Optional[str]:
        return self.reasons.get(player)
