"""The JSON protocol, version 1: games driven by messages, from any language (docs/protocol.rst).

A :class:`Hub` holds tables (a game, its state, a human or an agent at each player's place) and
answers one message at a time: :meth:`Hub.handle` takes a message's JSON text and gives the
replies. It knows no transport: `wr protocol` reads messages from the standard input, one per
line, and writes each reply as a line of the standard output.

Each player's place is a *seat* of the protocol (the engine's player index). A human seat has a
secret token, given once to whoever created the table; a message acting or seeing for a seat
names its token, and only that seat's view is ever sent for it. A message without a token sees
what a spectator may see (public information only).

A malformed message, or one that may not be carried out now, gets one `error` reply naming the
field at fault, and changes nothing.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, Optional, Union

from wonderrules.embedding.protocol_moves import printed_cost, refused_moves
from wonderrules.interpreter.action_space import ActionSpace
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.config import ConfigError
from wonderrules.interpreter.errors import (
    ArgumentError,
    GameStoppedError,
    IllegalActionError,
    SetupError,
)
from wonderrules.interpreter.files import RULESET_TEXT_LIMIT, JsonValueError, parse_json
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.ir import RuleSet
from wonderrules.interpreter.observe import observation, public_observation
from wonderrules.interpreter.state import State
from wonderrules.interpreter.validate import printable

__all__ = ["PROTOCOL_VERSION", "MAX_MESSAGE", "MAX_TABLES", "ERROR_CODES", "Hub", "ProtocolError", "json_schema"]

#: the version of the protocol this module speaks (a message may name it as `v`)
PROTOCOL_VERSION = 1
#: the longest message read, in characters (a rule set's text fits in it)
MAX_MESSAGE = RULESET_TEXT_LIMIT + 65_536
#: the tables one hub holds at once
MAX_TABLES = 64

#: every code an `error` reply may carry
ERROR_CODES = (
    "bad-message",      # not JSON, not an object, a field missing or of the wrong kind
    "unknown-type",     # a `type` the protocol does not know
    "unknown-game",     # no table by that `game`
    "bad-token",        # the token is no seat's of that table
    "rules-invalid",    # the rule sets do not check: `diagnostics` holds every problem
    "setup-refused",    # the table cannot be set up so (players, options, agents...)
    "illegal-action",   # the action is not legal now: `reason` says why
    "not-deciding",     # the seat has nothing to decide now
    "game-over",        # the game is over
    "game-stopped",     # the rules stopped the game (a bound of the engine)
    "replay-refused",   # the log cannot be replayed
    "cannot-undo",      # nothing to undo, or undo is not open at this table
    "too-many-tables",  # the hub holds MAX_TABLES tables
)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the protocol's messages (`$defs/message`) and replies (`$defs/reply`),
    shipped with the package as protocol.schema.json."""
    from importlib import resources

    text = resources.files("wonderrules.embedding").joinpath("protocol.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


class ProtocolError(Exception):
    """A message refused: `code` (one of ERROR_CODES), `field` (the message's field at fault,
    '' for the whole message) and a sentence."""

    def __init__(self, code: str, field: str, message: str, **extra: Any) -> None:
        self.code = code
        self.field = field
        self.message = message
        self.extra = extra
        super().__init__(message)

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "field": self.field, "message": self.message, **self.extra}


# ---- reading fields ---------------------------------------------------------------------------

def _field(msg: Mapping[str, Any], name: str, kind: Union[type, tuple[type, ...]], what: str,
           default: Any = ...) -> Any:
    value = msg.get(name, default)
    if value is ...:
        raise ProtocolError("bad-message", name, f"the message needs '{name}': {what}")
    if value is default:
        return value
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ProtocolError("bad-message", name, f"'{name}' is {what}, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, (bytes, set)) else repr(value)
    return printable(text if len(text) <= 60 else text[:57] + "...")


def action_from_json(data: Any, field: str = "action") -> Action:
    """An action as the protocol writes it ({"kind", "card", "way", "pay": {seat: coins}, "amount"})."""
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", field, f"'{field}' is an object such as {{\"kind\": \"build\", "
                                                  f"\"card\": \"...\"}}, not {_shown(data)}")
    unknown = sorted(set(data) - {"kind", "card", "way", "pay", "amount"})
    if unknown:
        raise ProtocolError("bad-message", f"{field}.{unknown[0]}", f"an action has no field '{printable(unknown[0])}' "
                            "(its fields: kind, card, way, pay, amount)")
    kind = _field(data, "kind", str, "the action's kind, a text")
    card = _field(data, "card", str, "a card's name", "")
    way = _field(data, "way", str, "the name of a way to pay", "")
    amount = _field(data, "amount", int, "a whole number", 0)
    pay_data = _field(data, "pay", dict, "an object of seat: coins", {})
    pay: list[tuple[int, int]] = []
    for seat, coins in pay_data.items():
        if not seat.isdigit() or len(seat) > 3:
            raise ProtocolError("bad-message", f"{field}.pay",
                                f"a payment names a seat by its number, not {_shown(seat)}")
        if not isinstance(coins, int) or isinstance(coins, bool):
            raise ProtocolError("bad-message", f"{field}.pay.{seat}", f"coins are a whole number, not {_shown(coins)}")
        if coins:
            pay.append((int(seat), coins))
    return Action(kind, card, tuple(sorted(pay)), way, amount)


# ---- tables -----------------------------------------------------------------------------------

class _Table:
    """One game of the hub: who sits where, the state, and the round's choices made so far."""

    def __init__(self, game: Game, state: State, seats: list[str], auto: bool, undo: bool, layers: list[str]) -> None:
        self.game = game
        self.state = state
        self.seats = seats  # per player: "human" or an agent spec
        self.tokens = {secrets.token_urlsafe(16): p for p, who in enumerate(seats) if who == "human"}
        # each agent draws from its own generator, seeded from the game's seed and its seat
        self.agents = {p: make_agent(who, state.seed * 31 + p) for p, who in enumerate(seats) if who != "human"}
        self.auto = auto
        self.undo_open = undo
        self.chosen: dict[int, Action] = {}
        self.before: list[State] = []
        self.rounds = 0
        self.layers = layers
        self.replay: Optional[tuple[dict[str, Any], int]] = None  # (log, rounds in it) for a replay table
        self._space: Optional[ActionSpace] = None

    @property
    def space(self) -> ActionSpace:
        """The action ids of the table's rule set (made when first asked)."""
        if self._space is None:
            self._space = ActionSpace(self.game)
        return self._space

    def humans_waited_for(self) -> list[int]:
        return sorted(p for p in self.state.pending_decisions() if p not in self.agents and p not in self.chosen)

    def play_round(self) -> None:
        """The round's choices: those the humans made, the agents' for the rest; then applied."""
        st = self.state
        chosen = dict(self.chosen)
        for p in st.pending_decisions():
            if p not in chosen:
                chosen[p] = self.agents[p].choose(st, p)
        if any(p not in self.agents for p in chosen) and self.undo_open:
            self.before.append(st.clone())
        st.apply_actions(chosen)
        self.chosen.clear()
        self.rounds += 1

    def run_agents(self) -> None:
        """Rounds where no human has anything to decide are played at once (on an `auto` table)."""
        st = self.state
        while self.auto and not st.is_terminal() and not self.humans_waited_for() and not self.chosen:
            self.play_round()


# ---- the hub ----------------------------------------------------------------------------------

class Hub:
    """The tables of one protocol session, and the answer to each message (see the module's text)."""

    def __init__(self) -> None:
        self.tables: dict[str, _Table] = {}
        self.made = 0

    def handle(self, text: Union[str, bytes]) -> dict[str, Any]:
        """The reply to one message (JSON text); never raises for what a message holds."""
        request_id: Any = None
        try:
            msg = self._read(text)
            request_id = msg.get("id")
            reply = self.answer(msg)
        except ProtocolError as e:
            reply = e.to_json()
        if request_id is not None:
            reply = {"re": request_id, **reply}
        return reply

    def _read(self, text: Union[str, bytes]) -> dict[str, Any]:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ProtocolError("bad-message", "", f"a message is UTF-8 text (byte {e.start} is not)") from None
        if len(text) > MAX_MESSAGE:
            raise ProtocolError("bad-message", "", f"a message holds at most {MAX_MESSAGE} characters, not {len(text)}")
        try:
            msg = parse_json(text)
        except JsonValueError as e:
            raise ProtocolError("bad-message", e.place, f"the message is refused at {e.place}: "
                                + {"twice": "a key written twice", "long": "a number too long to read",
                                   "deep": "JSON nested too deeply"}[e.kind]) from None
        except ValueError as e:
            raise ProtocolError("bad-message", "", f"a message is one JSON object: {printable(str(e))}") from None
        if not isinstance(msg, dict):
            raise ProtocolError("bad-message", "", f"a message is a JSON object, not {_shown(msg)}")
        version = msg.get("v", PROTOCOL_VERSION)
        if version != PROTOCOL_VERSION:
            raise ProtocolError("bad-message", "v", f"this hub speaks version {PROTOCOL_VERSION} of the protocol, "
                                                     f"not {_shown(version)}")
        return msg

    def answer(self, msg: dict[str, Any]) -> dict[str, Any]:
        kind = _field(msg, "type", str, "the kind of message, a text")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise ProtocolError("unknown-type", "type", f"no message of type {_shown(kind)} (the types: "
                                + ", ".join(sorted(_HANDLERS)) + ")")
        return handler(self, msg)

    # ---- the messages ------------------------------------------------------------------------

    def hello(self, msg: dict[str, Any]) -> dict[str, Any]:
        from wonderrules.grammar.loading import bundled_names
        from wonderrules.version import package_version

        return {"type": "welcome", "protocol": PROTOCOL_VERSION, "version": package_version(),
                "bundled": bundled_names(), "agents": ["random", "greedy", "mcts", "mcts:N", "mcts:Nms"]}

    def create(self, msg: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError("too-many-tables", "", f"this hub holds {MAX_TABLES} tables: close one first")
        rules, layers = _rules_of(msg.get("rules", ["base"]))
        seats = _field(msg, "seats", list, "a list with one entry per player: \"human\" or an agent spec")
        for i, who in enumerate(seats):
            if not isinstance(who, str):
                raise ProtocolError("bad-message", f"seats[{i}]",
                                    f"a seat is \"human\" or an agent spec, not {_shown(who)}")
            if who != "human":
                try:
                    make_agent(who, 0)
                except (ValueError, ArgumentError) as e:
                    raise ProtocolError("setup-refused", f"seats[{i}]", printable(str(e))) from None
        seed = _field(msg, "seed", int, "a whole number", 0)
        options = _field(msg, "options", list, "a list of option names", [])
        sides = _field(msg, "sides", str, "'random', 'A' or 'B'", "random")
        auto = _field(msg, "auto", bool, "true or false", True)
        undo = _field(msg, "undo", bool, "true or false", False)
        if undo and sum(who == "human" for who in seats) != 1:
            raise ProtocolError("setup-refused", "undo", "undo is open only to a table with one human seat")
        try:
            game = Game(rules, len(seats), options, sides)
            state = game.new_initial_state(seed=seed)
        except (ConfigError, SetupError, ArgumentError) as e:
            raise ProtocolError("setup-refused", "seats" if "players" in str(e) else "", printable(str(e))) from None
        table = _Table(game, state, list(seats), auto, undo, layers)
        self.made += 1
        name = f"g{self.made}"
        self.tables[name] = table
        self._advance(table)
        return {"type": "created", "game": name,
                "seats": [{"seat": p, "who": who, **({"token": t} if who == "human" else {})}
                          for p, who in enumerate(seats) for t in [_token_of(table, p)]],
                **self._status(table)}

    def observe(self, msg: dict[str, Any]) -> dict[str, Any]:
        name, table = self._table(msg)
        seat = self._viewer(msg, table)
        st = table.state
        view = observation(st, seat) if seat is not None else public_observation(st)
        return {"type": "observation", "game": name, "seat": seat, "observation": view, **self._status(table)}

    def legal(self, msg: dict[str, Any]) -> dict[str, Any]:
        name, table = self._table(msg)
        seat = self._seat(msg, table)
        st = table.state
        self._live(table)
        decision = st.pending_decisions().get(seat)
        listed = []
        space = table.space
        legal = st.legal_actions(seat)
        for a in legal:
            listed.append({"action": a.to_json(), "action_id": space.encode(st, seat, a), "label": str(a),
                           "coins_to_bank": st.coins_to_bank(seat, a), "cost": printed_cost(st, seat, a)})
        return {"type": "legal", "game": name, "seat": seat,
                "decision": decision.to_json() if decision is not None else None,
                "chosen": table.chosen[seat].to_json() if seat in table.chosen else None, "actions": listed,
                "refused": refused_moves(st, seat, legal)}

    def explain(self, msg: dict[str, Any]) -> dict[str, Any]:
        name, table = self._table(msg)
        seat = self._seat(msg, table)
        action = action_from_json(msg.get("action"))
        self._live(table)
        try:
            why = table.state.refusal(seat, action)
        except ArgumentError as e:
            raise ProtocolError("bad-message", "action", printable(str(e))) from None
        return {"type": "explained", "game": name, "seat": seat, "legal": why is None,
                "reason": why.sentence if why is not None else None, "code": why.code if why is not None else None}

    def act(self, msg: dict[str, Any]) -> dict[str, Any]:
        name, table = self._table(msg)
        seat = self._seat(msg, table)
        st = table.state
        self._live(table)
        if "action_id" in msg:
            if "action" in msg:
                raise ProtocolError("bad-message", "action_id",
                                    "an act gives its 'action' or its 'action_id', not both")
            action = self._decoded(table, seat, msg)
        else:
            action = action_from_json(msg.get("action"))
        if table.replay is not None:
            raise ProtocolError("not-deciding", "token", "a replayed game is stepped through, not played")
        if seat not in st.pending_decisions():
            raise ProtocolError("not-deciding", "token", f"seat {seat} has nothing to decide now")
        try:
            why = st.refusal(seat, action)
        except ArgumentError as e:
            raise ProtocolError("bad-message", "action", printable(str(e))) from None
        if why is not None:
            raise ProtocolError("illegal-action", "action_id" if "action_id" in msg else "action", why.sentence,
                                reason=why.sentence, reason_code=why.code)
        table.chosen[seat] = action
        if not table.humans_waited_for():
            self._guarded(table, table.play_round)
            self._advance(table)
        return {"type": "accepted", "game": name, "seat": seat, **self._status(table)}

    def step(self, msg: dict[str, Any]) -> dict[str, Any]:
        """One round: of the agents (a table that is not `auto`, with no human to wait for), or of a replay."""
        name, table = self._table(msg)
        st = table.state
        if st.is_terminal():
            raise ProtocolError("game-over", "", "the game is over")
        if table.replay is not None:
            log, rounds = table.replay
            if table.rounds >= rounds:
                raise ProtocolError("game-over", "", f"the log holds {rounds} rounds, all of them replayed")
            table.state = self._replayed(table.game, log, table.rounds + 1)
            table.rounds += 1
        else:
            self._live(table)
            waited = table.humans_waited_for()
            if waited:
                raise ProtocolError("not-deciding", "", "the round waits for the human seat(s) "
                                    + ", ".join(str(p) for p in waited))
            self._guarded(table, table.play_round)
        return {"type": "stepped", "game": name, **self._status(table)}

    def undo(self, msg: dict[str, Any]) -> dict[str, Any]:
        name, table = self._table(msg)
        self._seat(msg, table)
        if not table.undo_open:
            raise ProtocolError("cannot-undo", "", "undo is not open at this table (create it with \"undo\": true)")
        if not table.before:
            raise ProtocolError("cannot-undo", "", "there is no round of yours to undo")
        table.state = table.before.pop()
        table.chosen.clear()
        table.rounds -= 1
        return {"type": "undone", "game": name, **self._status(table)}

    def log(self, msg: dict[str, Any]) -> dict[str, Any]:
        from wonderrules.interpreter.log import to_log

        name, table = self._table(msg)
        if table.replay is not None:
            return {"type": "log", "game": name, "log": table.replay[0]}
        return {"type": "log", "game": name, "log": to_log(table.state, table.layers)}

    def replay(self, msg: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError("too-many-tables", "", f"this hub holds {MAX_TABLES} tables: close one first")
        log = _field(msg, "log", dict, "a game log (docs/log_format.rst)")
        named = log.get("rules") if isinstance(log.get("rules"), list) else ["base"]
        rules, layers = _rules_of(msg.get("rules", named))
        players = log.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ProtocolError("replay-refused", "log.players", "the log gives no number of players")
        options = log.get("options", [])
        try:
            game = Game(rules, players, options if isinstance(options, list) else [])
        except (ConfigError, SetupError, ArgumentError) as e:
            raise ProtocolError("replay-refused", "log", printable(str(e))) from None
        rounds = log.get("rounds")
        if not isinstance(rounds, list):
            raise ProtocolError("replay-refused", "log.rounds", "the log holds no list of rounds")
        self._replayed(game, log, len(rounds))  # the whole log checked first
        table = _Table(game, self._replayed(game, log, 0), [], False, False, layers)
        table.replay = (log, len(rounds))
        self.made += 1
        name = f"g{self.made}"
        self.tables[name] = table
        return {"type": "replaying", "game": name, "rounds": len(rounds), **self._status(table)}

    def close(self, msg: dict[str, Any]) -> dict[str, Any]:
        name, table = self._table(msg)
        if table.tokens and self._viewer(msg, table) is None:
            raise ProtocolError("bad-token", "token", "a table with human seats is closed by one of them (its token)")
        del self.tables[name]
        return {"type": "closed", "game": name}

    # ---- helpers -----------------------------------------------------------------------------

    def _table(self, msg: dict[str, Any]) -> tuple[str, _Table]:
        name = _field(msg, "game", str, "the name of a table, as `created` gave it")
        table = self.tables.get(name)
        if table is None:
            raise ProtocolError("unknown-game", "game", f"no table {_shown(name)}")
        return name, table

    def _seat(self, msg: dict[str, Any], table: _Table) -> int:
        """The seat a message's token is of."""
        seat = self._viewer(msg, table, required=True)
        assert seat is not None
        return seat

    def _viewer(self, msg: dict[str, Any], table: _Table, required: bool = False) -> Optional[int]:
        """The seat a message sees for (its token's; at a replayed table, its `seat`), None for a spectator."""
        token = msg.get("token")
        if token is None:
            if table.replay is not None and "seat" in msg:
                seat = _field(msg, "seat", int, "a seat's number")
                if not 0 <= seat < table.state.players:
                    raise ProtocolError("bad-message", "seat", f"seats are numbered 0 to {table.state.players - 1}")
                return int(seat)
            if required:
                raise ProtocolError("bad-message", "token", "the message needs 'token': the secret of a human seat")
            return None
        if not isinstance(token, str) or token not in table.tokens:
            raise ProtocolError("bad-token", "token", "this token is no seat's of this table")
        return table.tokens[token]

    def _decoded(self, table: _Table, seat: int, msg: dict[str, Any]) -> Action:
        """The action an act's `action_id` stands for (its payment chosen by ActionSpace's rule)."""
        action_id = _field(msg, "action_id", int, "an action's id, as `legal` lists them")
        if seat not in table.state.pending_decisions():
            raise ProtocolError("not-deciding", "token", f"seat {seat} has nothing to decide now")
        try:
            action = table.space.decode(table.state, seat, action_id)
        except ArgumentError as e:
            raise ProtocolError("bad-message", "action_id", printable(str(e))) from None
        except IllegalActionError as e:
            why = e.reason(seat) or str(e)
            raise ProtocolError("illegal-action", "action_id", printable(why), reason=printable(why)) from None
        assert action is not None  # the seat is deciding, so its no-op is refused
        return action

    def _live(self, table: _Table) -> None:
        st = table.state
        if st.stopped is not None:
            raise ProtocolError("game-stopped", "", printable(st.stopped))
        if st.is_terminal():
            raise ProtocolError("game-over", "", "the game is over")

    def _guarded(self, table: _Table, play: Any) -> None:
        try:
            play()
        except GameStoppedError as e:
            table.chosen.clear()
            raise ProtocolError("game-stopped", "", printable(str(e))) from None

    def _advance(self, table: _Table) -> None:
        self._guarded(table, table.run_agents)

    def _replayed(self, game: Game, log: dict[str, Any], upto: int) -> State:
        from wonderrules.interpreter.log import replay
        from wonderrules.interpreter.log_structure import ReplayError

        try:
            return replay(game, log, upto)
        except (ReplayError, IllegalActionError, ArgumentError, SetupError) as e:
            raise ProtocolError("replay-refused", "log", printable(str(e))) from None

    def _status(self, table: _Table) -> dict[str, Any]:
        st = table.state
        status: dict[str, Any] = {"round": table.rounds, "over": st.is_terminal()}
        if st.stopped is not None:
            status["stopped"] = st.stopped
        elif not st.is_terminal():
            if table.replay is None:  # the human seats the round waits for (the agents choose after them)
                status["waiting_for"] = table.humans_waited_for()
        else:
            status["scores"] = [sheet.to_json() for sheet in st.scores()]
            status["winners"] = st.winners()
        return status


def _token_of(table: _Table, player: int) -> Optional[str]:
    return next((t for t, p in table.tokens.items() if p == player), None)


def _rules_of(spec: Any) -> tuple[RuleSet, list[str]]:
    """The rule set a message names: a list of layers (bundled names, or {"name", "text"} for a
    rule set given as `.wr` text), or {"compiled": ...} for a compiled rule set (JSON)."""
    from wonderrules.interpreter.serial import rules_from_json
    from wonderrules.interpreter.validate import CompiledRulesError

    if isinstance(spec, dict) and set(spec) == {"compiled"}:
        try:
            return rules_from_json(json.dumps(spec["compiled"])), []
        except CompiledRulesError as e:
            raise ProtocolError("rules-invalid", f"rules.compiled.{e.path}" if e.path else "rules.compiled",
                                printable(e.message)) from None
    if not isinstance(spec, list) or not spec:
        raise ProtocolError("bad-message", "rules", "'rules' is a list of layers (bundled names, or {\"name\": ..., "
                                                     "\"text\": ...} for .wr text), or {\"compiled\": ...}")
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.loading import bundled_names, given_path

    refs: list[str] = []
    given: dict[str, str] = {}
    bundled = bundled_names()
    for i, layer in enumerate(spec):
        if isinstance(layer, str):
            if layer not in bundled:
                raise ProtocolError("rules-invalid", f"rules[{i}]", f"no bundled rule set {_shown(layer)} (bundled: "
                                    + ", ".join(bundled) + "); give a rule set of your own as {\"name\", \"text\"}")
            refs.append(layer)
        elif isinstance(layer, dict) and set(layer) == {"name", "text"}:
            layer_name, text = layer["name"], layer["text"]
            if not isinstance(layer_name, str) or not layer_name.isprintable() or not layer_name or "/" in layer_name:
                raise ProtocolError("bad-message", f"rules[{i}].name", "a rule set's name is a printable text "
                                                                         "without '/'")
            if not isinstance(text, str):
                raise ProtocolError("bad-message", f"rules[{i}].text", "a rule set's text is a text")
            path = given_path(layer_name)
            given[path] = text
            refs.append(path)
        else:
            raise ProtocolError("bad-message", f"rules[{i}]", "a layer is a bundled name or {\"name\": ..., "
                                                              f"\"text\": ...}}, not {_shown(layer)}")
    result = compile_rules(refs, given=given)
    if not result.ok or result.rules is None:
        errors = [d for d in result.diagnostics if d.severity == "error"]
        first = errors[0].message if errors else "the rule sets do not compile"
        raise ProtocolError("rules-invalid", "rules", printable(first),
                            diagnostics=[d.to_json() for d in result.diagnostics])
    return result.rules, [str(r) for r in spec if isinstance(r, str)]


_HANDLERS = {
    "hello": Hub.hello, "create": Hub.create, "observe": Hub.observe, "legal": Hub.legal, "explain": Hub.explain,
    "act": Hub.act, "step": Hub.step, "undo": Hub.undo, "log": Hub.log, "replay": Hub.replay, "close": Hub.close,
}
