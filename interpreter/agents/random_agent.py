"""Uniform choice over the legal actions (each payment option is an action of its own)."""

from __future__ import annotations

import random

from wonderrules.interpreter.actions import Action

__all__ = ["RandomAgent"]


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))
