"""Any rule set as an OpenSpiel game: simultaneous moves, a chance node for the deal.

Needs the optional extra ``openspiel`` (``pip install 'wonder-rules[openspiel]'``: OpenSpiel's
``open_spiel`` package); the engine itself never imports it. Importing this module registers
the game ``python_wonder_rules`` with OpenSpiel:

    import pyspiel
    import wonderrules.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("python_wonder_rules", {"rules": "cities", "players": 4})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

The game's parameters are ``rules`` (a bundled rule set's name or a ``.wr`` path; several,
layered in order, separated by ``+``), ``players``, ``options`` (the table's options separated
by commas), ``sides`` (as :class:`wonderrules.Game` takes it) and ``deals`` (how many deals the
chance node chooses among).

A game begins with one chance node: it picks the engine's seed among ``deals`` equally likely
seeds, 0 to ``deals - 1`` (65 536 unless told), and the engine deals every age from that seed,
as a game of :meth:`wonderrules.Game.new_initial_state` with that seed does. The later deals are
drawn by the engine from the same seed, so they are not separate chance nodes: the seed
is the whole of the game's chance. Then every node is simultaneous: each player's legal actions
are the ids of :class:`wonderrules.ActionSpace`, the no-op 0 alone for a player with nothing to
decide now. The returns are those of the engine (1 to the winner, a tie's share to each tied
winner, 0 to the others): they sum to 1, so the game is constant-sum. A player observes what
:class:`wonderrules.ObservationSpace` encodes; the observation string is the engine's readable
observation as JSON.

A player's information state is everything they have seen and chosen. Its string is JSON of
``{"seen", "chosen"}``: the readable observation they had at the deal and after every round
played since (never another player's hand; the hands they held and passed on included), and the
id they chose in each round (the no-op 0 in a round they waited): perfect recall. Its tensor is
bounded: the observation's vector now, followed by ``MAX_ROUNDS`` numbers, the id of each round
played so far and -1 for each round to come.
"""

from __future__ import annotations

import json
from typing import Any, Optional

import numpy as np
import pyspiel

from wonderrules.interpreter.action_space import NO_OP, ActionSpace
from wonderrules.interpreter.arguments import shown
from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.observation_space import ObservationSpace
from wonderrules.interpreter.observe import observation

__all__ = ["GAME_NAME", "DEFAULT_DEALS", "MAX_ROUNDS", "WonderGame", "WonderState", "WonderObserver"]

#: the name the game is registered under
GAME_NAME = "python_wonder_rules"
#: how many seeds the chance node chooses among unless told
DEFAULT_DEALS = 2**16
#: the most rounds of simultaneous choices a game may take (its ``max_game_length`` counts the
#: chance node too); a game of a rule set asking more is stopped with an error
MAX_ROUNDS = 200

_PARAMETERS = {"rules": "base", "players": 3, "options": "", "sides": "random", "deals": DEFAULT_DEALS}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="7 Wonders, from a wonder-rules rule set",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=20,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


class WonderGame(pyspiel.Game):
    """The OpenSpiel game of one rule set at one table (see the module's text)."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        from wonderrules import load_rules

        params = {**_PARAMETERS, **(params or {})}
        deals = params["deals"]
        if type(deals) is not int or deals < 1:
            raise ArgumentError(f"deals is how many seeds the deal is chosen among (1 or more), not {shown(deals)}")
        names = [name for name in str(params["rules"]).split("+") if name]
        options = [o.strip() for o in str(params["options"]).split(",") if o.strip()]
        self.engine_game = Game(load_rules(*names), params["players"], options, params["sides"])
        self.actions = ActionSpace(self.engine_game)
        self.observations = ObservationSpace(self.engine_game)
        self.deals = deals
        players = self.engine_game.players
        super().__init__(_GAME_TYPE, pyspiel.GameInfo(
            num_distinct_actions=self.actions.n,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_ROUNDS + 1,
        ), params)

    def new_initial_state(self) -> WonderState:
        """The game before its deal: a chance node."""
        return WonderState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WonderObserver:
        """What a player may see: with perfect recall (OpenSpiel's information state), their own
        choices of every round as well."""
        if params:
            raise ArgumentError(f"the observer takes no parameters, not {shown(params)}")
        return WonderObserver(self, bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class _Engine:
    """What a WonderState holds: its game (shared by every copy) and the engine's state. OpenSpiel
    clones a Python state by deep-copying its attributes: this copy shares the game and its
    encodings, and clones the engine's state with :meth:`wonderrules.State.clone`."""

    __slots__ = ("game", "state", "seen")

    def __init__(self, game: WonderGame, state: Any = None) -> None:
        self.game = game
        self.state = state
        #: per round reached so far (the deal's round 0 first), the observation's JSON of each
        #: player who was asked for it: what the information state strings recall
        self.seen: list[dict[int, str]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        copy = _Engine(self.game, None if self.state is None else self.state.clone())
        copy.seen = [dict(views) for views in self.seen]
        return copy

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (OpenSpiel serializes a state so) as the game's parameters and the game's log."""
        from wonderrules import to_log

        return _restore_engine, (self.game.get_parameters(), None if self.state is None else to_log(self.state))


def _restore_engine(params: dict[str, Any], log: Optional[dict[str, Any]]) -> _Engine:
    """The _Engine a pickle holds: the game loaded again and its log replayed."""
    from wonderrules import replay

    game = pyspiel.load_game(GAME_NAME, params)
    return _Engine(game, None if log is None else replay(game.engine_game, log))


class WonderState(pyspiel.State):
    """A game under way (see the module's text); ``engine_state`` is the engine's own state
    (None before the deal)."""

    def __init__(self, game: WonderGame) -> None:
        super().__init__(game)
        self._engine = _Engine(game)

    @property
    def engine_state(self) -> Any:
        return self._engine.state

    # ---- whose turn --------------------------------------------------------------------------
    def current_player(self) -> int:
        state = self._engine.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def is_terminal(self) -> bool:
        state = self._engine.state
        return state is not None and state.is_terminal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed of the deal, equally likely."""
        deals = self._engine.game.deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.state
        if state is None or state.is_terminal():
            return []
        return self._engine.game.actions.legal_ids(state, player)

    # ---- moves -------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        """The chance node's outcome: the seed the engine deals from."""
        self._engine.state = self._engine.game.engine_game.new_initial_state(seed=int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        """One round: an id per player (the no-op 0 for one with nothing to decide). An id that
        is not legal raises the engine's IllegalActionError and changes nothing."""
        state = self._engine.state
        if self.move_number() > MAX_ROUNDS:
            raise ArgumentError(f"the game has gone on for {MAX_ROUNDS} rounds, the most this OpenSpiel game allows")
        space = self._engine.game.actions
        pending = state.pending_decisions()
        for p, action_id in enumerate(actions):
            if p not in pending and action_id != NO_OP:
                raise ArgumentError(f"player {p} has nothing to decide now and must play the no-op id {NO_OP}")
        state.apply_actions({p: space.decode(state, p, int(actions[p])) for p in pending})

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal from seed {action}"
        return self._engine.game.actions.label(int(action))

    # ---- results -----------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._engine.game.engine_game.players
        return list(self._engine.state.returns())

    def __str__(self) -> str:
        state = self._engine.state
        if state is None:
            return "not dealt yet"
        return json.dumps({"seed": state.seed, "history": state.history[1:]}, sort_keys=True, default=str)


class WonderObserver:
    """A player's observation: ``tensor``, the vector of :class:`wonderrules.ObservationSpace`,
    and ``dict``, its slices by their layout names. With `recall` (the information state), the
    tensor goes on with ``MAX_ROUNDS`` numbers, the slice ``"chosen"``: the id the player chose
    in each round played (-1 for a round to come), and the string adds those ids."""

    def __init__(self, game: WonderGame, recall: bool = False) -> None:
        self._space = game.observations
        self.recall = recall
        n = self._space.n
        self.tensor = np.zeros(n + (MAX_ROUNDS if recall else 0), np.float32)
        self.dict = {name: self.tensor[start:stop] for name, start, stop in self._space.layout}
        if recall:
            self.dict["chosen"] = self.tensor[n:]

    def set_from(self, state: WonderState, player: int) -> None:
        n = self._space.n
        if state.engine_state is None:
            self.tensor[:n] = 0
        else:
            self.tensor[:n] = self._space.encode(state.engine_state, player)
        if self.recall:
            chosen = _chosen(state, player)
            self.tensor[n:] = -1
            self.tensor[n:n + len(chosen)] = chosen

    def string_from(self, state: WonderState, player: int) -> str:
        if state.engine_state is None:
            if self.recall:
                return json.dumps({"seen": [], "chosen": []})
            return "not dealt yet"
        if self.recall:
            seen = ",".join(_recalled(state, player))
            return f'{{"seen": [{seen}], "chosen": {json.dumps(_chosen(state, player))}}}'
        return _view(state.engine_state, player)


def _view(engine_state: Any, player: int) -> str:
    """The readable observation of `player`, as JSON."""
    return json.dumps(observation(engine_state, player), sort_keys=True, default=str)


def _recalled(state: WonderState, player: int) -> list[str]:
    """The JSON of every observation `player` had, from the deal to now, one per round. Each is
    kept once made (a clone keeps them too); rounds never observed are found again by replaying
    the game from its seed with the ids of OpenSpiel's history."""
    engine = state._engine
    players = engine.game.engine_game.players
    history = [step.action for step in state.full_history()[1:]]
    rounds = len(history) // players
    seen = engine.seen
    while len(seen) <= rounds:
        seen.append({})
    if player not in seen[rounds]:
        seen[rounds][player] = _view(engine.state, player)
    missing = [r for r in range(rounds) if player not in seen[r]]
    if missing:
        space = engine.game.actions
        replayed = engine.game.engine_game.new_initial_state(seed=engine.state.seed)
        for r in range(missing[-1] + 1):
            if player not in seen[r]:
                seen[r][player] = _view(replayed, player)
            ids = history[r * players:(r + 1) * players]
            chosen = {}
            for p in replayed.pending_decisions():
                action = space.decode(replayed, p, ids[p])
                assert action is not None  # the no-op is never legal for a player asked to decide
                chosen[p] = action
            replayed.apply_actions(chosen)
    return [seen[r][player] for r in range(rounds + 1)]


def _chosen(state: WonderState, player: int) -> list[int]:
    """The id `player` chose in each round played so far (OpenSpiel's history holds every
    player's id of every round, after the chance node's outcome)."""
    return [step.action for step in state.full_history() if step.player == player]


pyspiel.register_game(_GAME_TYPE, WonderGame)
