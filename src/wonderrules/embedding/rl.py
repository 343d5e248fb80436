"""Reinforcement learning environments: any rule set as a PettingZoo environment.

Needs the optional extra ``rl`` (``pip install 'wonder-rules[rl]'``: PettingZoo, Gymnasium and
NumPy); the engine itself never imports them.

    from wonderrules.rl import parallel_env, env
    par = parallel_env("cities", players=4)          # every player chooses at once
    observations, infos = par.reset(seed=7)
    aec = env("leaders", players=3)                  # the same game, one agent after the other

The agents are ``"player_0"``, ``"player_1"``... Each one's action space is
``Discrete(n)`` over the ids of :class:`wonderrules.ActionSpace` (the same ids for every player;
a move paid to the sellers is paid the cheapest way), or with ``payments="choose"`` over those of
:class:`wonderrules.PaymentActionSpace` (an id per move and payment to the sellers),
and each observation is a dict: ``"observation"``, the vector of
:class:`wonderrules.ObservationSpace` (int32), and ``"action_mask"``, one int8 flag per id (1:
legal now). A player with nothing to decide now sends the no-op id 0, the only id its mask
allows.

Rewards are the game's :meth:`returns` when it ends (1 to the winner, a tie's share to each
tied winner, 0 to the others) and 0 at every step before. The game always ends (every agent
terminates at once); nothing is ever truncated. A step with an id that is not legal (or no
id for a player who must choose) changes nothing: the infos of the players at fault carry
``"refused"``, the sentence saying why, and everyone is asked again.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from wonderrules.embedding.rl_vectors import ObservationBoard
from wonderrules.interpreter.action_space import NO_OP, ActionSpace
from wonderrules.interpreter.arguments import shown
from wonderrules.interpreter.errors import ArgumentError, IllegalActionError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.ir import RuleSet
from wonderrules.interpreter.observation_space import ObservationSpace
from wonderrules.interpreter.payment_space import PaymentActionSpace

__all__ = ["WonderParallelEnv", "parallel_env", "env", "agent_name", "PAYMENTS"]

#: how an environment's ids pay the sellers: by the cheapest rule, or chosen with the move
PAYMENTS = ("cheapest", "choose")

_INT32 = np.iinfo(np.int32)


def agent_name(player: int) -> str:
    """The agent of a player number: ``"player_<n>"``."""
    return f"player_{player}"


class WonderParallelEnv(ParallelEnv):
    """A game of one rule set at one table, every pending player choosing at once (see the
    module's text). `rules` is a RuleSet or what :func:`wonderrules.load_rules` reads (a bundled
    name, a ``.wr`` path, or a list of them); `players`, `options` and `sides` are those of
    :class:`wonderrules.Game`; `payments` is ``"cheapest"`` (the ids of an ActionSpace) or
    ``"choose"`` (those of a PaymentActionSpace)."""

    metadata = {"name": "wonderrules_v0", "render_modes": [], "is_parallelizable": True}

    def __init__(self, rules: Union[RuleSet, str, Sequence[str]] = "base", players: int = 3,
                 options: Sequence[str] = (), sides: str = "random", render_mode: Optional[str] = None,
                 payments: str = "cheapest") -> None:
        if render_mode is not None:
            raise ArgumentError(f"these environments draw nothing: render_mode must be None, not {shown(render_mode)}")
        if payments not in PAYMENTS:
            raise ArgumentError(f"payments is 'cheapest' or 'choose', not {shown(payments)}")
        if not isinstance(rules, RuleSet):
            from wonderrules import load_rules

            rules = load_rules(*([rules] if isinstance(rules, str) else rules))
        self.render_mode = render_mode
        self.game = Game(rules, players, options, sides)
        self.actions: Union[ActionSpace, PaymentActionSpace] = (
            ActionSpace(self.game) if payments == "cheapest" else PaymentActionSpace(self.game))
        self.observations = ObservationSpace(self.game)
        self.possible_agents = [agent_name(p) for p in range(self.game.players)]
        self._players = {name: p for p, name in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self.state: Any = None
        self._seeds = random.Random()
        self._board: Optional[ObservationBoard] = None
        #: per player, the legal list and its ids the last masks were made of
        self._moment: dict[int, tuple[list[Any], list[Optional[int]]]] = {}
        n = self.observations.n
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(_INT32.min, _INT32.max, (n,), np.int32),
            "action_mask": spaces.Box(0, 1, (self.actions.n,), np.int8),
        }) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.actions.n) for a in self.possible_agents}

    # ---- spaces (the same object on every call, as PettingZoo asks) ----------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    # ---- playing ---------------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game, dealt by `seed` (None: the next seed of the environment's own generator,
        itself seeded by the last seed given). `options` is accepted and unused (the table's
        options are fixed when the environment is made)."""
        if seed is not None:
            seed = operator.index(seed)
            self._seeds.seed(seed)
        else:
            seed = self._seeds.randrange(2**31)
        self.state = self.game.new_initial_state(seed=seed)
        if self._board is None:
            self._board = ObservationBoard(self.observations, self.state)
        self._board.start(self.state)
        self.agents = list(self.possible_agents)
        return self._observe(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any],
                                                   dict[str, Any]]:
        """One round: an action id per agent (0 for one with nothing to decide)."""
        state = self.state
        if state is None or not self.agents:
            raise ArgumentError("the game is over or not begun: call reset() first")
        space = self.actions
        choices = {}
        refused: dict[str, str] = {}
        moment = self._moment
        for p in state.pending_decisions():
            name = self.possible_agents[p]
            kept = moment.get(p)
            if kept is not None and kept[0] is state.legal_actions(p):  # the ids the masks were made of
                value = actions.get(name)
                if type(value) is int and kept[1].count(value) == 1:
                    choices[p] = kept[0][kept[1].index(value)]
                    continue
            if name not in actions:
                refused[name] = f"player {p} must choose: no action id was given"
                continue
            try:
                action = space._decode(state, p, space._check_id(_action_id(actions[name])))
            except IllegalActionError as e:
                refused[name] = e.reasons[p]
                continue
            choices[p] = action
        for name, value in actions.items():
            p = self._players.get(name)
            if p is None:
                raise ArgumentError(f"there is no agent {shown(name)}: the agents are {', '.join(self.agents)}")
            if p not in state.pending and _action_id(value) != NO_OP:
                refused[name] = f"player {p} has nothing to decide now and must send the no-op id {NO_OP}"
        if not refused:
            state.apply_actions(choices)
        agents = self.agents
        done = state.is_terminal()
        returns = state.returns() if done else None
        observations = self._observe()
        rewards = {a: (returns[self._players[a]] if returns else 0.0) for a in agents}
        terminations = dict.fromkeys(agents, done)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        for name, why in refused.items():
            infos[name]["refused"] = why
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation of one agent now."""
        player = self._players[agent]
        return {"observation": self._vectors([player])[0], "action_mask": self._mask(player)}

    def render(self) -> None:
        """Nothing to draw (see `wr play` and the logs to watch a game)."""

    def close(self) -> None:
        """Nothing to release."""

    def _observe(self) -> dict[str, dict[str, Any]]:
        players = [self._players[a] for a in self.agents]
        vectors = self._vectors(players)
        masks = self._masks(players)
        return {a: {"observation": vectors[k], "action_mask": masks[k]} for k, a in enumerate(self.agents)}

    def _vectors(self, players: list[int]) -> np.ndarray:
        """The observation vectors of `players` now, one row each (see :mod:`wonderrules.embedding.rl_vectors`)."""
        assert self._board is not None
        return self._board.vectors(self.state, players)

    def _mask(self, player: int) -> np.ndarray:
        mask: np.ndarray = self._masks([player])[0]
        return mask

    def _masks(self, players: list[int]) -> np.ndarray:
        """The masks of `players` now, one row each (the ids of :meth:`ActionSpace.legal_ids`).
        The legal list and ids of each player are kept for the decoding of the next step."""
        n = self.actions.n
        space = self.actions
        state = self.state
        at: list[int] = []
        moment: dict[int, tuple[list[Any], list[Optional[int]]]] = {}
        ids_of = space._ids_of if isinstance(space, ActionSpace) else None
        for k, player in enumerate(players):
            legal = state.legal_actions(player)
            start = k * n
            if legal and ids_of is not None:
                ids = ids_of(state, player, legal)  # kept here for the decoding of the next step
                moment[player] = (legal, ids)
                # an action with no id has None, and no action of a list has the no-op id 0
                at += map(start.__add__, filter(None, ids)) if start else filter(None, ids)
            else:
                at += [start + i for i in space._legal_ids(state, player)]
        self._moment = moment
        flags = np.zeros(len(players) * n, np.int8)
        flags[at] = 1
        return flags.reshape(len(players), n)


def _action_id(value: Any) -> int:
    try:
        return operator.index(value)
    except TypeError:
        raise ArgumentError(f"an action is a whole number (an action id), not {shown(value)}") from None


def parallel_env(rules: Union[RuleSet, str, Sequence[str]] = "base", players: int = 3, options: Sequence[str] = (),
                 sides: str = "random", render_mode: Optional[str] = None,
                 payments: str = "cheapest") -> WonderParallelEnv:
    """The parallel environment of a rule set and table (see :class:`WonderParallelEnv`)."""
    return WonderParallelEnv(rules, players, options, sides, render_mode, payments)


def env(rules: Union[RuleSet, str, Sequence[str]] = "base", players: int = 3, options: Sequence[str] = (),
        sides: str = "random", render_mode: Optional[str] = None, payments: str = "cheapest") -> Any:
    """The same game as an AEC environment: the agents choose one after the other, and the round
    is played once every agent has chosen (PettingZoo's ``parallel_to_aec``)."""
    return parallel_to_aec(WonderParallelEnv(rules, players, options, sides, render_mode, payments))
