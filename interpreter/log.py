"""Game logs of the core: a JSON record that fixes a game completely, and its replay.

A log holds the table (rule sets, players, options), each seat's wonder and side, every deal the
game made (which deal, in which age, the cards given to each zone of each seat, in order), every
decision round in order (one action per deciding player) and, once the game is over, the final
score sheets and winners. Replaying a log on the same rules reproduces the same game; `replay`
checks every action, `check_scores` the recorded scores.

Version 2 is written: actions as the core has them (`{"kind", "card", "pay": {seat: coins},
"way", "amount"}`), deals as the rule set names them. Version 1 logs (payments to the `left`
and `right` neighbours, `means` and `coins`, deals as hands and piles by age) are read too: the
replay converts each action by the seating of the seat it is for and gives the hands and piles
of an age to the targets of the rule set's deal by age. The formats are documented in
docs/log_format.rst.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.actions import Action, IllegalActionError
from wonderrules.interpreter.arguments import check_before_round, check_rule_names, check_upto
from wonderrules.interpreter.arguments import shown as shown_argument
from wonderrules.interpreter.errors import ArgumentError, SetupError
from wonderrules.interpreter.log_structure import (
    LOG_FORMAT,
    LOG_VERSION,
    ReplayError,
    check_log,
    key,
    shown,
)

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.state import State

__all__ = ["LOG_FORMAT", "LOG_VERSION", "ReplayError", "SEATING", "rules_fingerprint", "to_log", "start_from_log",
           "replay", "check_scores", "check_log", "dumps"]

SEATING = ("Seats are numbered clockwise from 0: players first, then neutral seats. The left neighbour of "
           "seat i is seat i+1 (mod seats), the right neighbour seat i-1. A payment maps each seller's seat "
           "to the coins paid to it.")


# ---- the rules' fingerprint ----------------------------------------------------------------------

def rules_fingerprint(rules: ir.RuleSet) -> str:
    """`sha256:` and the SHA-256 of the rule set as canonical JSON (sorted keys, no spaces,
    ASCII), without the places in the source text: equal for equal rule sets however they were
    made, different as soon as anything that plays differs. Logs record it to refuse a replay
    against other rules. Computed once per rule set (see :mod:`.fingerprint`)."""
    return rules.fingerprint


# ---- writing --------------------------------------------------------------------------------------

def to_log(state: Any, rules: Any = ()) -> dict[str, Any]:
    """The log of a game so far (a finished game also carries its scores). `rules`: how the
    rule sets are named for a replay (default: the layers of the rule set). ArgumentError for
    anything but a state, or rules that are not a list of texts."""
    from wonderrules.interpreter.state import State

    if not isinstance(state, State):
        raise ArgumentError(f"to_log needs a game state (from Game.new_initial_state), not {shown_argument(state)}")
    rules = check_rule_names(rules)
    setup = state.history[0]
    deals: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    for entry in state.history[1:]:
        if entry["type"] == "deal":
            deal: dict[str, Any] = {
                "deal": entry["deal"], "age": entry["age"],
                "dealt": [{"zone": zone, "seat": seat, "cards": list(cards)} for zone, seat, cards in entry["dealt"]],
            }
            if "rest" in entry:
                deal["rest"] = list(entry["rest"])
            deals.append(deal)
        elif entry["type"] == "decisions":
            rounds.append({p: a.to_json() for p, a in entry["actions"].items()})
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


def dumps(log: dict[str, Any]) -> str:
    return json.dumps(log, indent=1)


# ---- the deals a log records -----------------------------------------------------------------------

@attrs.frozen
class _Target:
    field: str  # where the target is written
    cards_field: str  # where its cards are
    zone: str
    seat: int
    cards: list[str]


@attrs.frozen
class _Deal:
    """A recorded deal, with the field of the log each part comes from (for sentences)."""

    field: str
    age_field: str
    targets_field: str
    deal: str
    age: int
    targets: list[_Target]
    rest: Optional[tuple[str, list[str]]] = None


def _deals_v2(log: dict[str, Any]) -> list[_Deal]:
    out = []
    for i, d in enumerate(log["deals"]):
        field = f"deals[{i}]"
        targets = [_Target(f"{field}.dealt[{j}]", f"{field}.dealt[{j}].cards", t["zone"], t["seat"], t["cards"])
                   for j, t in enumerate(d["dealt"])]
        rest = (f"{field}.rest", d["rest"]) if "rest" in d else None
        out.append(_Deal(field, f"{field}.age", f"{field}.dealt", d["deal"], d["age"], targets, rest))
    return out


def _deals_v1(game: Game, log: dict[str, Any]) -> list[_Deal]:
    """The hands and piles of each age, given to the targets of the rule set's deal by age:
    a player's target takes their hand, a neutral seat's its pile."""
    if not log["deals"]:
        return []
    deal = next((d for d in game.rules.deals if d.deck == "age"), None)
    if deal is None:
        raise ReplayError("a version 1 log records the deals of each age, and these rules deal no deck by age",
                          field="deals")
    targets = game.deal_targets(deal, 1)  # its zones and seats, the same in every age
    seats = [seat for _, seat, _ in targets]
    players = game.config.players
    if len(set(seats)) != len(seats):
        raise ReplayError(f"these rules' deal '{deal.name}' gives one seat several zones: a version 1 log cannot "
                          f"record it", field="deals")
    piles = sorted(s for s in seats if s >= players)
    zones = game.catalog.zones
    out = []
    for age_key in sorted(log["deals"], key=int):
        field = f"deals{key(age_key)}"
        entry = log["deals"][age_key]
        hands = entry["hands"]
        given = entry.get("piles", {})
        if len(hands) != players:
            raise ReplayError(f"{len(hands)} hands for {players} players", field=f"{field}.hands")
        for seat_key in given:
            if int(seat_key) not in piles:
                dealt = ", ".join(str(s) for s in piles) or "no seat"
                raise ReplayError(f"the rules deal no pile to seat {int(seat_key)} (piles: {dealt})",
                                  field=f"{field}.piles{key(seat_key)}")
        by_seat = {int(k): (f"{field}.piles{key(k)}", v) for k, v in given.items()}
        found = []
        for zone, seat, _ in targets:
            if seat < players:
                where = f"{field}.hands[{seat}]"
                found.append(_Target(where, where, zones[zone].name, seat, hands[seat]))
            elif seat in by_seat:
                where, cards = by_seat[seat]
                found.append(_Target(where, where, zones[zone].name, seat, cards))
            else:
                raise ReplayError(f"missing the pile of seat {seat}", field=f"{field}.piles")
        out.append(_Deal(field, field, field, deal.name, int(age_key), found, None))
    return out


def _fixed_deals(game: Game, recorded: list[_Deal]) -> list[dict[str, Any]]:
    """The recorded deals as `Game.new_initial_state(deals=...)` takes them, once each fits the
    rule set: a deal it declares, in an age of the game, the zones and seats of its targets in
    order, their counts, cards of its deck."""
    known = {d.name: d for d in game.rules.deals}
    zones = game.catalog.zones
    ages = game.config.ages
    out = []
    for d in recorded:
        deal = known.get(d.deal)
        if deal is None:
            listed = ", ".join(json.dumps(n) for n in known) or "none"
            raise ReplayError(f"no deal {shown(d.deal)} in these rules (deals: {listed})", field=f"{d.field}.deal")
        if not 0 <= d.age <= ages:
            raise ReplayError(f"there is no age {d.age} in this game (ages 1 to {ages})", field=d.age_field)
        wanted = game.deal_targets(deal, d.age)
        if len(d.targets) != len(wanted):
            raise ReplayError(f"{len(d.targets)} targets, the deal {json.dumps(d.deal)} has {len(wanted)} at this "
                              f"table", field=d.targets_field)
        for t, (zone, seat, count) in zip(d.targets, wanted):
            if (t.zone, t.seat) != (zones[zone].name, seat):
                raise ReplayError(f"the deal gives its cards here to the {json.dumps(zones[zone].name)} of seat "
                                  f"{seat}, not to the {json.dumps(t.zone)} of seat {t.seat}", field=t.field)
            if len(t.cards) != count:
                raise ReplayError(f"{len(t.cards)} cards, the deal gives {count}", field=t.cards_field)
            _check_cards(game, deal, d.age, t.cards, t.cards_field)
        rest: list[str] = []
        if d.rest is not None:
            where, rest = d.rest
            if rest and not deal.rest:
                raise ReplayError(f"the deal {json.dumps(d.deal)} puts no card aside", field=where)
            _check_cards(game, deal, d.age, rest, where)
        out.append({"deal": d.deal, "age": d.age, "cards": [t.cards for t in d.targets], "rest": rest})
    return out


def _check_cards(game: Game, deal: ir.Deal, age: int, names: list[str], field: str) -> None:
    for j, name in enumerate(names):
        card = game.catalog.card_named(name, age if deal.deck == "age" else None)
        if card is None or card.deck != deal.deck or (deal.deck == "age" and card.age != age):
            what = f"of age {age}" if deal.deck == "age" else f"of the deck {json.dumps(deal.deck)}"
            raise ReplayError(f"{shown(name)} is not a card {what} in these rules", field=f"{field}[{j}]")


# ---- replaying -----------------------------------------------------------------------------------------

def _check_table(game: Game, log: dict[str, Any], version: int) -> list[tuple[str, str]]:
    """Refuse a log recorded with other rules (its fingerprint; version 2) or for another
    table; the boards of its seats."""
    recorded = log.get("fingerprint")
    if recorded is not None and version >= 2:
        here = rules_fingerprint(game.rules)
        if recorded != here:
            raise ReplayError(f"the log was recorded with other rules than these (fingerprint {recorded[:19]}... "
                              f"in the log, {here[:19]}... here)", field="fingerprint")
    if log["players"] != game.players:
        raise ReplayError(f"the log is for {log['players']} players, the game for {game.players}", field="players")
    options = sorted(set(log.get("options", [])))
    here_options = sorted(set(game.config.options))
    if options != here_options:
        raise ReplayError(f"the log was played with the options {', '.join(options) or 'none'}, the game with "
                          f"{', '.join(here_options) or 'none'}", field="options")
    seats = log["seats"]
    if len(seats) != game.config.seats:
        raise ReplayError(f"the log lists {len(seats)} seats, the game has {game.config.seats}", field="seats")
    boards = []
    for i, seat in enumerate(seats):
        board = (seat["wonder"], seat["side"])
        if board not in game.catalog.board_by_name:
            raise ReplayError(f"no wonder {shown(board[0])} with a side {shown(board[1])} in these rules",
                              field=f"seats[{i}]")
        if "neutral" in seat and seat["neutral"] != (i >= game.players):
            what = "a neutral seat" if i >= game.players else "a player's seat"
            raise ReplayError(f"seat {i} is {what} at this table", field=f"seats[{i}].neutral")
        boards.append(board)
    return boards


def _start(game: Game, log: Any) -> tuple[State, int, list[_Deal]]:
    version = check_log(log)
    boards = _check_table(game, log, version)
    recorded = _deals_v2(log) if version >= 2 else _deals_v1(game, log)
    fixed = _fixed_deals(game, recorded)
    try:
        state = game.new_initial_state(seed=log.get("seed", 0), boards=boards, deals=fixed)
    except SetupError as e:
        raise ReplayError(str(e)) from e
    return state, version, recorded


def start_from_log(game: Game, log: dict[str, Any]) -> State:
    """The initial state a log describes (boards and every recorded deal), once the log has the
    form of a game log and fits the game (rules, table, seats, deals)."""
    return _start(game, log)[0]


#: what `replay` calls before each round: (round index, the state, player -> action)
BeforeRound = Callable[[int, "State", dict[int, Action]], None]


def replay(game: Any, log: Any, upto: Any = None, before_round: Any = None) -> State:
    """Replay a log (its first `upto` rounds); raises ReplayError on a malformed log, a log of
    other rules or another table, a deal that does not fit, any illegal or missing action, and
    a log whose rounds end before the game does although it records the final scores or the
    winners (a log cut short). The scores are not compared here: see `check_scores`.
    `before_round(index, state, actions)` is called before each round is applied, with its
    actions (one for each pending player) and the state it is applied to, which it must not
    change: an account of the game (`wr trace`) reads each position there. Wrong arguments (not
    a Game, a negative `upto`, a `before_round` that cannot be called) raise ArgumentError."""
    from wonderrules.interpreter.game import Game

    if not isinstance(game, Game):
        raise ArgumentError(f"replay needs a Game, not {shown_argument(game)}")
    upto = check_upto(upto)
    check_before_round(before_round)
    state, version, recorded = _start(game, log)
    counts = _recorded_counts(recorded)
    _check_unrecorded(state, counts, None)
    rounds = log["rounds"] if upto is None else log["rounds"][:upto]
    for i, rnd in enumerate(rounds):
        if state.is_terminal():
            raise ReplayError("the game is over but the log goes on", i)
        players: dict[int, str] = {}
        for name in rnd:
            if int(name) in players:
                raise ReplayError(f"player {int(name)} is written twice ({shown(players[int(name)])} and "
                                  f"{shown(name)})", i, f"rounds[{i}]")
            players[int(name)] = name
        pending = state.pending_decisions()
        if set(players) != set(pending):
            raise ReplayError(f"the log has actions for players {sorted(players)}, the game asks players "
                              f"{sorted(pending)} ({', '.join(d.kind for d in pending.values())})", i)
        actions = {}
        for p, name in players.items():
            field = f"rounds[{i}]{key(name)}"
            data = rnd[name]
            action = _action(data, field, i) if version >= 2 else _action_v1(state, pending[p].seat, data)
            actions[p] = action._replace(card=game.catalog.canonical(action.card)) if action.card else action
        if before_round is not None:
            # it is shown legal actions only (the reasons are those apply_actions would give)
            reasons = {p: why for p, a in actions.items() if (why := state.explain(p, a)) is not None}
            if reasons:
                raise ReplayError(f"illegal action: {IllegalActionError(reasons)}", i)
            before_round(i, state, actions)
        try:
            state.apply_actions(actions)
        except IllegalActionError as e:
            raise ReplayError(f"illegal action: {e}", i) from e
        _check_unrecorded(state, counts, i)
    if upto is None and state.is_terminal():
        _check_deals_made(state, recorded)
    elif upto is None and ("scores" in log or "winners" in log):
        what = "final scores" if "scores" in log else "winners"
        raise ReplayError(f"the game is not over after the {len(rounds)} rounds of the log (age {state.age}, turn "
                          f"{state.turn}), yet the log records its {what}", field="rounds")
    return state


def _action(data: dict[str, Any], field: str, round_index: int) -> Action:
    pay: dict[int, int] = {}
    for seat, coins in data.get("pay", {}).items():
        if int(seat) in pay:
            raise ReplayError(f"seat {int(seat)} is written twice", round_index, f"{field}.pay")
        pay[int(seat)] = coins
    pairs = tuple(sorted((s, c) for s, c in pay.items() if c))
    return Action(data["kind"], data.get("card", ""), pairs, data.get("way", ""), data.get("amount", 0))


def _action_v1(state: State, seat: int, data: dict[str, Any]) -> Action:
    """A version 1 action for the city at `seat`: its payments to the left and right
    neighbours as a payment to their seats (one seat that is both neighbours is paid both)."""
    pay: dict[int, int] = {}
    for side, neighbour in (("left", state.table.left(seat)), ("right", state.table.right(seat))):
        coins = data.get(side, 0)
        if coins:
            pay[neighbour] = pay.get(neighbour, 0) + coins
    return Action(data["kind"], data.get("card", ""), tuple(sorted(pay.items())), data.get("means", ""),
                  data.get("coins", 0))


def _made(state: State) -> dict[tuple[str, int], int]:
    """How many times the game made each deal in each age."""
    made: dict[tuple[str, int], int] = {}
    for entry in state.history:
        if entry["type"] == "deal":
            made[(entry["deal"], entry["age"])] = made.get((entry["deal"], entry["age"]), 0) + 1
    return made


def _recorded_counts(recorded: list[_Deal]) -> dict[tuple[str, int], int]:
    """How many times the log records each deal in each age."""
    counts: dict[tuple[str, int], int] = {}
    for d in recorded:
        counts[(d.deal, d.age)] = counts.get((d.deal, d.age), 0) + 1
    return counts


def _check_unrecorded(state: State, counts: dict[tuple[str, int], int], round_index: Optional[int]) -> None:
    """Every deal the game made is recorded (`counts`: see _recorded_counts): a log fixes the
    game completely."""
    for (deal, age), n in _made(state).items():
        if n > counts.get((deal, age), 0):
            time = "once more" if counts.get((deal, age)) else "and the log records no such deal"
            raise ReplayError(f"the game deals {json.dumps(deal)} in age {age} here, {time}", round_index,
                              "deals")


def _check_deals_made(state: State, recorded: list[_Deal]) -> None:
    """Every recorded deal was made by the game."""
    made = _made(state)
    seen: dict[tuple[str, int], int] = {}
    for d in recorded:
        seen[(d.deal, d.age)] = seen.get((d.deal, d.age), 0) + 1
        if seen[(d.deal, d.age)] > made.get((d.deal, d.age), 0):
            raise ReplayError(f"the game is over and never made this deal ({json.dumps(d.deal)} in age {d.age})",
                              field=d.field)


def check_scores(state: State, log: dict[str, Any]) -> list[str]:
    """Differences between the state's final scores and the log's (empty when they agree). A log
    that is not of the form of a game log raises ReplayError."""
    check_log(log)
    if "scores" not in log:
        return []
    if not state.is_terminal():
        return ["the log has final scores but the replayed game is not over"]
    problems = []
    sheets = state.scores()
    if len(log["scores"]) != len(sheets):
        problems.append(f"the log has {len(log['scores'])} score sheets, the game {len(sheets)} seats")
    for recorded, sheet in zip(log["scores"], sheets):
        replayed = sheet.to_json()
        for name, value in recorded.items():
            if name in ("seat", "choices"):
                continue
            if replayed.get(name) != value:
                here = replayed.get(name, "absent")
                problems.append(f"seat {sheet.seat}: {name} is {here} here, {value} in the log")
    if "winners" in log and list(log["winners"]) != state.winners():
        problems.append(f"winners are {state.winners()} here, {log['winners']} in the log")
    return problems
