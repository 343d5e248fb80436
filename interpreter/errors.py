"""The errors of the engine's API: a call with a wrong argument, a game set up with arguments
that do not fit the rule set or the table, an illegal choice (a reason per player), and a game
the rules stopped (it asked for more work, or a larger number, than the engine allows). Every one
of them carries a sentence; every refused call but the last leaves the state as it was.
"""

from __future__ import annotations

from typing import Optional

__all__ = ["ArgumentError", "SetupError", "IllegalActionError", "GameStoppedError"]


class ArgumentError(ValueError):
    """A call of a state's API with a wrong argument: a value of the wrong type, a player that
    is not at the table, an action for a game that is over. The state is unchanged."""


class SetupError(ValueError):
    """A game or a scenario that does not fit the rule set or the table, or that was asked for
    with arguments of the wrong type."""


class IllegalActionError(ValueError):
    """An action that the rules forbid; `reasons` maps each refused player to a sentence, and
    `codes` to the refusal's code (see :data:`.refusals.REFUSAL_CODES`; empty when the error was
    made without them). The state is unchanged."""

    def __init__(self, reasons: dict[int, str], codes: Optional[dict[int, str]] = None) -> None:
        self.reasons = dict(reasons)
        self.codes = dict(codes or {})
        text = "; ".join(f"player {p}: {r}" for p, r in sorted(self.reasons.items()))
        super().__init__(text)

    def reason(self, player: int) -> Optional[str]:
        return self.reasons.get(player)

    def code(self, player: int) -> Optional[str]:
        """The code of `player`'s refusal, or None when the player was not refused."""
        return self.codes.get(player)


class GameStoppedError(RuntimeError):
    """The rules asked the engine, while playing, for more than it allows: a cascade of events
    beyond its bound, a number outside the range of values. `message` names what went beyond
    the limit (the effects involved, the value). The game cannot go on: the state stays where
    the error arose, and every later call that plays it or judges an action
    (``pending_decisions``, ``legal_actions``, ``explain``, ``coins_to_bank``, ``apply_actions``)
    raises this error again."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)
