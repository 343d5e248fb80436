"""The errors of the engine's API that are not about the rules: a call with a wrong argument,
and a game set up with arguments that do not fit the rule set or the table.

An illegal choice is :class:`~wonderrules.interpreter.actions.IllegalActionError` (a reason per
player). Every one of them carries a sentence, and a refused call leaves the state as it was.
"""

from __future__ import annotations

__all__ = ["ArgumentError", "SetupError"]


class ArgumentError(ValueError):
    """A call of a state's API with a wrong argument: a value of the wrong type, a player that
    is not at the table, an action for a game that is over. The state is unchanged."""


class SetupError(ValueError):
    """A game or a scenario that does not fit the rule set or the table, or that was asked for
    with arguments of the wrong type."""
