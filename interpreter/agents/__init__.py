"""Agents that choose actions for a player of a game on the core: `random` (uniform over the legal
actions, payments included), `greedy` (the best immediate value) and `mcts` (information-set
Monte Carlo tree search, with a budget per decision). An agent is called as
``agent.choose(state, player) -> Action`` for a player with a pending decision (anything else,
a player with nothing to decide or what is not a game state, is an ArgumentError: see
:mod:`.choices`).

An agent is named by a *spec*: its name, and for a searching agent an optional budget after a
colon: `mcts` (the default budget), `mcts:200` (200 iterations per decision), `mcts:128ms`
(128 milliseconds per decision) or `mcts:2s`.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Optional, Union

from wonderrules.interpreter.agents.greedy import GreedyAgent
from wonderrules.interpreter.agents.mcts import MctsAgent
from wonderrules.interpreter.agents.random_agent import RandomAgent

__all__ = ["RandomAgent", "GreedyAgent", "MctsAgent", "AGENTS", "BUDGETED", "Agent", "make_agent", "parse_spec"]

Agent = Union[RandomAgent, GreedyAgent, MctsAgent]
AGENTS: MappingProxyType[str, Any] = MappingProxyType({"random": RandomAgent, "greedy": GreedyAgent,
                                                       "mcts": MctsAgent})
#: the agents that take a budget in their spec
BUDGETED = frozenset({"mcts"})

_BUDGET = re.compile(r"(?P<number>[0-9]+(?:\.[0-9]+)?)\s*(?P<unit>ms|s)?")
#: the largest budget a spec may ask: a million iterations, or an hour per decision
MAX_ITERATIONS = 1_000_000
MAX_MS = 3_600_000.0


def parse_spec(spec: Any) -> tuple[str, Optional[int], Optional[float]]:
    """(name, iterations, milliseconds) of an agent spec (see the module's text); ValueError with
    a sentence naming what is wrong for anything else."""
    if not isinstance(spec, str):
        raise ValueError(f"an agent is named by text such as 'greedy' or 'mcts:200', not {spec!r}")
    name, colon, budget = spec.strip().partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise ValueError(f"no agent '{name}' (known: {', '.join(AGENTS)})")
    if not colon:
        return name, None, None
    if name not in BUDGETED:
        raise ValueError(f"the agent '{name}' takes no budget: write '{name}', not '{spec.strip()}'")
    found = _BUDGET.fullmatch(budget.strip())
    usage = (f"the budget of '{spec.strip()}' must be a number of iterations ('{name}:200') or a time per "
             f"decision ('{name}:128ms', '{name}:2s')")
    if found is None:
        raise ValueError(usage)
    number, unit = float(found["number"]), found["unit"]
    if unit is None:
        if "." in found["number"]:
            raise ValueError(usage)
        if not 1 <= number <= MAX_ITERATIONS:
            raise ValueError(f"the budget of '{spec.strip()}' must be from 1 to {MAX_ITERATIONS:,} iterations")
        return name, int(number), None
    ms = number * (1000 if unit == "s" else 1)
    if not 1 <= ms <= MAX_MS:
        raise ValueError(f"the budget of '{spec.strip()}' must be from 1 ms to an hour per decision")
    return name, None, ms


def make_agent(spec: Any, seed: Any = 0) -> Agent:
    """A new agent of this spec (see the module's text), its choices drawn from its own generator
    seeded with `seed`. ValueError for an unknown name or a bad budget."""
    name, iterations, ms = parse_spec(spec)
    if name in BUDGETED:
        label = spec.strip().replace(" ", "")
        agent: Agent = AGENTS[name](seed, iterations=iterations, time_ms=ms, name=label)
    else:
        agent = AGENTS[name](seed)
    return agent
