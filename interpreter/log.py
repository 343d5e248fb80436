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
from wonderrules.interpreter.log_structure import LOG_FORMAT, LOG_VERSION, ReplayError, check_log, shown
from wonderrules.interpreter.serial import rules_fingerprint

__all__ = ["LOG_FORMAT", "LOG_VERSION", "ReplayError", "to_log", "replay", "check_scores", "check_log",
           "start_from_log", "SEATING"]

SEATING = ("Seats are numbered clockwise from 0: players first, then neutral seats. The left "
           "neighbour of seat i is seat i+1 (mod seats), the right neighbour seat i-1. Passing left "
           "gives a hand to the left neighbour; hands pass between players only.")


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
        "fingerprint": rules_fingerprint(state.game.rules),
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


def _check_rules(game, log: dict) -> None:
    """Refuse a log recorded with other rules (its fingerprint) or for another table."""
    recorded = log.get("fingerprint")
    if recorded is not None:
        here = rules_fingerprint(game.rules)
        if recorded != here:
            raise ReplayError(f"the log was recorded with other rules than these (fingerprint {recorded[:19]}... "
                              f"in the log, {here[:19]}... here)", field="fingerprint")
    if log["players"] != game.players:
        raise ReplayError(f"the log is for {log['players']} players, the game for {game.players}", field="players")
    options = sorted(set(log.get("options", [])))
    if options != sorted(set(game.config.options)):
        listed = ", ".join(options) or "none"
        raise ReplayError(f"the log was played with the options {listed}, the game with "
                          f"{', '.join(sorted(set(game.config.options))) or 'none'}", field="options")


def _boards(game, log: dict) -> list[tuple[str, str]]:
    seats = log["seats"]
    if len(seats) != game.config.seats:
        raise ReplayError(f"the log lists {len(seats)} seats, the game has {game.config.seats}", field="seats")
    boards = []
    for i, seat in enumerate(seats):
        board = (seat["wonder"], seat["side"])
        if board not in game.catalog.board_by_name:
            raise ReplayError(f"no wonder {shown(board[0])} with a side {shown(board[1])} in these rules",
                              field=f"seats[{i}]")
        boards.append(board)
    return boards


def _hands(game, log: dict) -> dict[int, list[list[str]]]:
    hands = {}
    config = game.config
    for key, deal in log["deals"].items():
        age = int(key)
        field = f"deals[{json.dumps(key)}]"
        if not 1 <= age <= config.ages:
            raise ReplayError(f"there is no age {age} in this game (ages 1 to {config.ages})", field=field)
        piles = deal.get("piles", {})
        if len(deal["hands"]) != config.players:
            raise ReplayError(f"{len(deal['hands'])} hands for {config.players} players", field=f"{field}.hands")
        if len(piles) != config.piles() - config.players:
            raise ReplayError(f"{len(piles)} neutral piles, the game deals {config.piles() - config.players}",
                              field=f"{field}.piles")
        named = [(f"{field}.hands[{i}]", h) for i, h in enumerate(deal["hands"])]
        named += [(f"{field}.piles[{json.dumps(k)}]", piles[k]) for k in sorted(piles, key=int)]
        for where, cards in named:
            if len(cards) != config.hand:
                raise ReplayError(f"{len(cards)} cards, a hand holds {config.hand}", field=where)
            for j, name in enumerate(cards):
                card = game.catalog.card_named(name, age)
                if card is None or card.age != age:
                    raise ReplayError(f"{shown(name)} is not a card of age {age} in these rules", field=f"{where}[{j}]")
        hands[age] = [cards for _, cards in named]
    return hands


def start_from_log(game, log: dict) -> State:
    """The initial state a log describes (boards and every recorded deal), once the log has the
    form of a game log and fits the game (rules, table, seats, deals)."""
    from wonderrules.interpreter.game import SetupError

    check_log(log)
    _check_rules(game, log)
    boards = _boards(game, log)
    hands = _hands(game, log)
    try:
        return game.new_initial_state(seed=log.get("seed", 0), boards=boards, hands=hands)
    except SetupError as e:
        raise ReplayError(str(e)) from e


def replay(game, log: dict, upto: Optional[int] = None) -> State:
    """Replay a log (its first `upto` rounds); raises ReplayError on a malformed log, a log of
    other rules or another table, and any illegal or missing action. The scores are not checked
    here: see `check_scores`."""
    state = start_from_log(game, log)
    rounds = log["rounds"] if upto is None else log["rounds"][:upto]
    for i, rnd in enumerate(rounds):
        if state.is_terminal():
            raise ReplayError("the game is over but the log goes on", i)
        actions = {int(p): Action.from_json(a) for p, a in rnd.items()}
        actions = {p: a._replace(card=game.catalog.canonical(a.card)) if a.card else a
                   for p, a in actions.items()}
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
    """Differences between the state's final scores and the log's (empty when they agree). A log
    that is not of the form of a game log raises ReplayError."""
    check_log(log)
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
