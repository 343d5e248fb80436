"""Agents that choose actions for a player of a game on the core: `random` (uniform over the legal
actions, payments included) and `greedy` (the best immediate value). An agent is called as
``agent.choose(state, player) -> Action`` for a player with a pending decision."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Union

from wonderrules.interpreter.agents.greedy import GreedyAgent
from wonderrules.interpreter.agents.random_agent import RandomAgent

__all__ = ["RandomAgent", "GreedyAgent", "AGENTS", "Agent", "make_agent"]

Agent = Union[RandomAgent, GreedyAgent]
AGENTS: MappingProxyType[str, Any] = MappingProxyType({"random": RandomAgent, "greedy": GreedyAgent})


def make_agent(name: str, seed: int = 0) -> Agent:
    """A new agent of this name, its choices drawn from its own generator seeded with `seed`."""
    try:
        agent: Agent = AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"no agent '{name}' (known: {', '.join(AGENTS)})") from None
    return agent
