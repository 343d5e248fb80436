"""Agents that choose actions for a seat: `random` (uniform over every legal action, payments
included) and `greedy` (the best immediate value). An agent is called as
``agent.choose(state, player) -> Action``."""

from __future__ import annotations

from types import MappingProxyType

from wonderrules.interpreter.agents.greedy import GreedyAgent
from wonderrules.interpreter.agents.random_agent import RandomAgent

__all__ = ["RandomAgent", "GreedyAgent", "AGENTS", "make_agent"]

AGENTS = MappingProxyType({"random": RandomAgent, "greedy": GreedyAgent})


def make_agent(name: str, seed: int = 0):
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"no agent '{name}' (known: {', '.join(AGENTS)})") from None
