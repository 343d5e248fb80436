"""Game logs: a JSON record that fixes a game completely, and its replay.

A log holds the table (rule sets, players, options), each seat's wonder and side, the cards dealt
in each age, every decision round in order (one action per deciding player) and, once the game
is over, the final score sheets. Replaying a log on the same rules reproduces the same state;
`replay` checks every action and the recorded scores. The format is documented in
docs/log_format.rst.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Optional

from wonderrules.interpreter.actions import Action, IllegalActionError
from wonderrules.interpreter.engine import State

__all__ = ["LOG_FORMAT", "LOG_VERSION", "ReplayError", "to_log", "replay", "check_scores", "SEATING"]

LOG_FORMAT = "wonder-rules game log"
LOG_VERSION = 1
SEATING = ("Seats are numbered clockwise from 0: players first, then neutral seats. The left "
           "neighbour of seat i is seat i+1 (mod seats), the right neighbour seat i-1. Passing left "
           "gives a hand to the left neighbour; hands pass between players only.")


class ReplayError(ValueError):
    """A log that does not replay: the position (round number) and the reason."""

    def __init__(self, message: str, round_index: Optional[int] = None) -> None:
        self.round_index = round_index
        where = f"round {round_index}: " if round_index is not None else ""
        super().__init__(where + message)


def to_log(state: State, rules: Sequence[str] = ()) -> dict[str, Any]:
    """The log of a game so far (a finished game also carries its scores)."""
    setup = state.history[0]
    deals = {}
    rounds = []
    for entry in state.history[1:]:
        if entry["type"] == "deal":
            deals[str(entry["age"])] = {"hands": entry["hands"], "piles": entry["piles"]}
        elif entry["type"] == "decisions":
            rounds.append(entry["actions"])
    log: dict[str, Any] = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "rules": list(rules) or list(state.game.rules.layers),
        "layers": list(state.game.rules.layers),
        "players": state.players,
        "options": list(state.config.options),
        "seed": state.seed,
        "seating": SEATING,
        "seats": [{"seat": i, "wonder": b[0], "side": b[1], "neutral": i >= state.players}
                  for i, b in enumerate(setup["boards"])],
        "deals": deals,
        "rounds": rounds,
    }
    if state.is_terminal():
        log["scores"] = [sheet.to_json() for sheet in state.scores()]
        log["winners"] = state.winners()
    return log


def _validate(log: Any) -> None:
    if not isinstance(log, dict):
        raise ReplayError("a log is a JSON object")
    if log.get("format") != LOG_FORMAT:
        raise ReplayError(f"not a game log (format should be {LOG_FORMAT!r})")
    if log.get("version") != LOG_VERSION:
        raise ReplayError(f"log version {log.get('version')!r} is not supported (expected {LOG_VERSION})")
    for key, kind in (("players", int), ("seats", list), ("deals", dict), ("rounds", list)):
        if not isinstance(log.get(key), kind):
            raise ReplayError(f"the log needs '{key}' ({kind.__name__})")


def start_from_log(game, log: dict) -> State:
    """The initial state a log describes (boards and every recorded deal)."""
    from wonderrules.interpreter.game import SetupError

    _validate(log)
    if log["players"] != game.players:
        raise ReplayError(f"the log is for {log['players']} players, the game for {game.players}")
    boards = [(s["wonder"], s["side"]) for s in log["seats"]]
    hands = {}
    for age, deal in log["deals"].items():
        piles = deal.get("piles", {})
        lists = list(deal["hands"]) + [piles[k] for k in sorted(piles, key=int)]
        hands[int(age)] = lists
    try:
        return game.new_initial_state(seed=int(log.get("seed", 0)), boards=boards, hands=hands)
    except SetupError as e:
        raise ReplayError(str(e)) from e


def replay(game, log: dict, upto: Optional[int] = None) -> State:
    """Replay a log (its first `upto` rounds); raises ReplayError on any illegal or missing
    action. The scores are not checked here: see `check_scores`."""
    state = start_from_log(game, log)
    rounds = log["rounds"] if upto is None else log["rounds"][:upto]
    for i, rnd in enumerate(rounds):
        if state.is_terminal():
            raise ReplayError("the game is over but the log goes on", i)
        if not isinstance(rnd, dict):
            raise ReplayError("a round maps players to actions", i)
        try:
            actions = {int(p): Action.from_json(a) for p, a in rnd.items()}
            actions = {p: a._replace(card=game.catalog.canonical(a.card)) if a.card else a
                       for p, a in actions.items()}
        except (TypeError, ValueError) as e:
            raise ReplayError(f"bad action: {e}", i) from e
        pending = state.pending_decisions()
        if set(actions) != set(pending):
            raise ReplayError(f"the log has actions for players {sorted(actions)}, the game asks "
                              f"players {sorted(pending)} ({', '.join(d.kind for d in pending.values())})", i)
        try:
            state.apply_actions(actions)
        except IllegalActionError as e:
            raise ReplayError(f"illegal action: {e}", i) from e
    return state


def check_scores(state: State, log: dict) -> list[str]:
    """Differences between the state's final scores and the log's (empty when they agree)."""
    if "scores" not in log:
        return []
    if not state.is_terminal():
        return ["the log has final scores but the replayed game is not over"]
    problems = []
    for recorded, sheet in zip(log["scores"], state.scores()):
        replayed = sheet.to_json()
        for key, value in recorded.items():
            if key in ("seat", "choices"):
                continue
            if replayed.get(key) != value:
                problems.append(f"seat {sheet.seat}: {key} is {replayed.get(key)} here, {value} in the log")
    if "winners" in log and list(log["winners"]) != state.winners():
        problems.append(f"winners are {state.winners()} here, {log['winners']} in the log")
    return problems


def dumps(log: dict) -> str:
    return json.dumps(log, indent=1)
