"""The stable name of the reinforcement-learning environments: ``from wonderrules.rl import
parallel_env, env``. They live in :mod:`wonderrules.embedding.rl`; this name stays where users
import it from (``docs/engine.rst``). Needs the optional extra ``rl``."""

from __future__ import annotations

from wonderrules.embedding.rl import PAYMENTS, WonderParallelEnv, agent_name, env, parallel_env

__all__ = ["WonderParallelEnv", "parallel_env", "env", "agent_name", "PAYMENTS"]
