"""Uniform choice over the legal actions (each way to pay is an action of its own)."""

from __future__ import annotations

import random
from typing import Any

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents.choices import legal_choices

__all__ = ["RandomAgent"]


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any, player: int) -> Action:
        chosen: Action = self.rng.choice(legal_choices(state, player))
        return chosen
