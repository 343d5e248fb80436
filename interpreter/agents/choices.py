"""What every agent chooses from: the legal actions of a player who has a decision to make now.
Asked for anything else (not a game state, a player with nothing to decide), an agent says so with
ArgumentError and a sentence, as the state's own calls do."""

from __future__ import annotations

from typing import Any

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.arguments import shown
from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.state import State

__all__ = ["legal_choices"]


def legal_choices(state: Any, player: int) -> list[Action]:
    """The legal actions of `player` now (the state's own list: never change it); ArgumentError
    for anything but a game state, a player who is not at the table, or one with nothing to
    decide."""
    if not isinstance(state, State):
        raise ArgumentError(f"an agent chooses in a game state (from Game.new_initial_state), not {shown(state)}")
    actions: list[Action] = state.legal_actions(player)
    if not actions:
        raise ArgumentError(f"player {player} has no decision to make now")
    return actions
