"""The shape of a game log, checked field by field before anything of it is replayed.

A log comes from outside: a file written by hand, by another program or by a converter. Every
field is checked for its JSON type (an integer is never a boolean, a float or a string of digits)
and every key for its form before the replay starts, so that a malformed log is refused with one
sentence naming the field at fault in the notation of the file, such as
`rounds[12]["1"].pay["2"]: expected an integer of at least 0, got "x"`, and never with a Python
error. What the fields mean for a rule set (a wonder that exists, a legal action) is checked by
the replay.

Two versions are read: 2, the log of the generic core (actions with a payment per seller, deals
named by the rule set), and 1, the earlier format (payments to the left and right neighbours,
deals as hands by age), which the replay converts. The formats are documented in
docs/log_format.rst.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, Optional

from wonderrules.interpreter.words import MAX_SEED, MIN_SEED

__all__ = ["ReplayError", "check_log", "shown", "LOG_FORMAT", "LOG_VERSION", "VERSIONS", "ACTION_FIELDS",
           "V1_ACTION_FIELDS"]

LOG_FORMAT = "wonder-rules game log"
#: the version written
LOG_VERSION = 2
#: the versions read
VERSIONS = (1, 2)
#: the fields of an action, by version
ACTION_FIELDS = ("kind", "card", "pay", "way", "amount")
V1_ACTION_FIELDS = ("kind", "card", "left", "right", "means", "coins")
#: the kinds of actions of version 1 (version 2 names them by the rule set)
V1_ACTION_KINDS = ("build", "stage", "sell", "pick", "pay")
#: ages, seats and players are written as decimal numbers of a few digits
_NUMBER_KEY = re.compile(r"[0-9]{1,3}")
_FINGERPRINT = re.compile(r"sha256:[0-9a-f]{64}")


class ReplayError(ValueError):
    """A log that does not replay: one sentence with the field (`rounds[3]["0"].card`) or the
    round at fault. `round_index` is the round, when the fault is in one."""

    def __init__(self, message: str, round_index: Optional[int] = None, field: Optional[str] = None) -> None:
        self.round_index = round_index
        self.field = field
        self.message = message
        if field is not None:
            where = f"{field}: "
        elif round_index is not None:
            where = f"round {round_index}: "
        else:
            where = ""
        super().__init__(where + message)


def shown(value: Any) -> str:
    """A value of the log as a message shows it: JSON words, short strings, no containers."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10 ** 30 else "a very long number"
    if isinstance(value, float):
        return json.dumps(value)  # 1.5, 3.0, NaN, Infinity
    if isinstance(value, str):
        return json.dumps(value if len(value) <= 40 else value[:40] + "...")
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "a value of no JSON type"


def key(name: str) -> str:
    """A key of an object as a field names it: `["1"]`."""
    return f"[{json.dumps(name)}]"


class _Checker:
    """Checks one log; `fail` raises at the first fault with its field."""

    def __init__(self, log: Mapping[str, Any]) -> None:
        self.log = log
        self.version = 0

    def fail(self, field: str, message: str, round_index: Optional[int] = None) -> NoReturn:
        raise ReplayError(message, round_index, field)

    def integer(self, value: Any, field: str, minimum: Optional[int] = None, round_index: Optional[int] = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, f"expected an integer, got {shown(value)}", round_index)
        if minimum is not None and value < minimum:
            self.fail(field, f"expected an integer of at least {minimum}, got {shown(value)}", round_index)
        return value

    def seed(self, value: Any, field: str) -> int:
        self.integer(value, field)
        if not MIN_SEED <= value <= MAX_SEED:
            self.fail(field, f"expected an integer from {MIN_SEED} to {MAX_SEED}, got {shown(value)}")
        return int(value)

    def string(self, value: Any, field: str, round_index: Optional[int] = None) -> str:
        if not isinstance(value, str):
            self.fail(field, f"expected a string, got {shown(value)}", round_index)
        return value

    def boolean(self, value: Any, field: str) -> bool:
        if not isinstance(value, bool):
            self.fail(field, f"expected true or false, got {shown(value)}")
        return value

    def array(self, value: Any, field: str, round_index: Optional[int] = None) -> list[Any]:
        if not isinstance(value, list):
            self.fail(field, f"expected a list, got {shown(value)}", round_index)
        return value

    def obj(self, value: Any, field: str, allowed: Optional[tuple[str, ...]] = None,
            round_index: Optional[int] = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(field, f"expected an object, got {shown(value)}", round_index)
        for name in value:
            if not isinstance(name, str):
                self.fail(field, f"a key is {shown(name)}, not a string", round_index)
            if allowed is not None and name not in allowed:
                known = ", ".join(allowed)
                self.fail(field, f"unknown field {shown(name)} (known: {known})", round_index)
        return value

    def needs(self, value: Mapping[str, Any], name: str, field: str, round_index: Optional[int] = None) -> Any:
        if name not in value:
            self.fail(field, f"missing \"{name}\"", round_index)
        return value[name]

    def strings(self, value: Any, field: str) -> list[str]:
        items = self.array(value, field)
        for i, item in enumerate(items):
            self.string(item, f"{field}[{i}]")
        return items

    def numbered(self, value: Any, field: str, what: str, round_index: Optional[int] = None) -> dict[str, Any]:
        """An object keyed by small decimal numbers (ages, seats, players)."""
        found = self.obj(value, field, round_index=round_index)
        for name in found:
            if not _NUMBER_KEY.fullmatch(name):
                self.fail(field, f"the key {shown(name)} is not {what} (a number such as \"1\")", round_index)
        return found

    def optional(self, name: str, check: Callable[[Any, str], Any]) -> None:
        if name in self.log:
            check(self.log[name], name)

    def required(self, name: str, what: str) -> Any:
        if name not in self.log:
            self.fail(name, f"missing: a game log needs {what}")
        return self.log[name]

    # ---- the parts of a log -----------------------------------------------------------------
    def header(self) -> None:
        fmt = self.required("format", f"\"format\": {json.dumps(LOG_FORMAT)}")
        if isinstance(fmt, int) and not isinstance(fmt, bool) and "cards" in self.log and "flow" in self.log:
            self.fail("format", "this is a compiled rule set, not a game log (wr play --rules reads it)")
        if fmt != LOG_FORMAT:
            self.fail("format", f"not a game log (expected {json.dumps(LOG_FORMAT)}, got {shown(fmt)})")
        version = self.integer(self.required("version", f"\"version\": {LOG_VERSION}"), "version")
        if version not in VERSIONS:
            listed = " and ".join(str(v) for v in VERSIONS)
            self.fail("version", f"log version {version} is not supported (versions {listed} are read)")
        self.version = version
        self.integer(self.required("players", "the number of players"), "players", minimum=1)
        self.optional("rules", self.strings)
        self.optional("layers", self.strings)
        self.optional("options", self.strings)
        self.optional("agents", self.strings)
        self.optional("seating", self.string)
        self.optional("seed", self.seed)
        if "fingerprint" in self.log:
            value = self.string(self.log["fingerprint"], "fingerprint")
            if not _FINGERPRINT.fullmatch(value):
                self.fail("fingerprint",
                          f"expected \"sha256:\" and 64 lowercase hexadecimal digits, got {shown(value)}")

    def seats(self) -> None:
        seats = self.array(self.required("seats", "the list of seats"), "seats")
        for i, seat in enumerate(seats):
            field = f"seats[{i}]"
            self.obj(seat, field, ("seat", "wonder", "side", "neutral"))
            for name in ("wonder", "side"):
                self.string(self.needs(seat, name, field), f"{field}.{name}")
            if "seat" in seat and self.integer(seat["seat"], f"{field}.seat") != i:
                self.fail(f"{field}.seat", f"expected {i} (its place in the list), got {shown(seat['seat'])}")
            if "neutral" in seat:
                self.boolean(seat["neutral"], f"{field}.neutral")

    def deals(self) -> None:
        if self.version == 1:
            self.deals_v1()
            return
        deals = self.array(self.required("deals", "the list of the deals made"), "deals")
        for i, deal in enumerate(deals):
            field = f"deals[{i}]"
            self.obj(deal, field, ("deal", "age", "dealt", "rest"))
            self.string(self.needs(deal, "deal", field), f"{field}.deal")
            self.integer(self.needs(deal, "age", field), f"{field}.age", minimum=0)
            for j, target in enumerate(self.array(self.needs(deal, "dealt", field), f"{field}.dealt")):
                where = f"{field}.dealt[{j}]"
                self.obj(target, where, ("zone", "seat", "cards"))
                self.string(self.needs(target, "zone", where), f"{where}.zone")
                self.integer(self.needs(target, "seat", where), f"{where}.seat", minimum=0)
                self.strings(self.needs(target, "cards", where), f"{where}.cards")
            if "rest" in deal:
                self.strings(deal["rest"], f"{field}.rest")

    def deals_v1(self) -> None:
        deals = self.numbered(self.required("deals", "the cards dealt in each age"), "deals", "an age")
        for age, deal in deals.items():
            field = f"deals{key(age)}"
            self.obj(deal, field, ("hands", "piles"))
            for i, hand in enumerate(self.array(self.needs(deal, "hands", field), f"{field}.hands")):
                self.strings(hand, f"{field}.hands[{i}]")
            if "piles" in deal:
                for seat, pile in self.numbered(deal["piles"], f"{field}.piles", "a seat").items():
                    self.strings(pile, f"{field}.piles{key(seat)}")

    def rounds(self) -> None:
        rounds = self.array(self.required("rounds", "the list of decision rounds"), "rounds")
        check = self.action if self.version == 2 else self.action_v1
        for i, rnd in enumerate(rounds):
            field = f"rounds[{i}]"
            for player, action in self.numbered(rnd, field, "a player", round_index=i).items():
                check(action, f"{field}{key(player)}", i)

    def action(self, action: Any, field: str, round_index: int) -> None:
        self.obj(action, field, ACTION_FIELDS, round_index)
        self.string(self.needs(action, "kind", field, round_index), f"{field}.kind", round_index)
        for name in ("card", "way"):
            if name in action:
                self.string(action[name], f"{field}.{name}", round_index)
        if "pay" in action:
            pay = self.numbered(action["pay"], f"{field}.pay", "a seat", round_index)
            for seat, coins in pay.items():
                self.integer(coins, f"{field}.pay{key(seat)}", minimum=0, round_index=round_index)
        if "amount" in action:
            self.integer(action["amount"], f"{field}.amount", round_index=round_index)

    def action_v1(self, action: Any, field: str, round_index: int) -> None:
        self.obj(action, field, V1_ACTION_FIELDS, round_index)
        kind = self.string(self.needs(action, "kind", field, round_index), f"{field}.kind", round_index)
        if kind not in V1_ACTION_KINDS:
            known = ", ".join(json.dumps(k) for k in V1_ACTION_KINDS)
            self.fail(f"{field}.kind", f"expected one of {known}, got {shown(kind)}", round_index)
        for name in ("card", "means"):
            if name in action:
                self.string(action[name], f"{field}.{name}", round_index)
        for name in ("left", "right", "coins"):
            if name in action:
                self.integer(action[name], f"{field}.{name}", minimum=0, round_index=round_index)

    def scores(self) -> None:
        if "scores" in self.log:
            for i, sheet in enumerate(self.array(self.log["scores"], "scores")):
                field = f"scores[{i}]"
                for name, value in self.obj(sheet, field).items():
                    if name == "choices":
                        self.strings(value, f"{field}.choices")
                    else:
                        self.integer(value, f"{field}{key(name) if not name.isidentifier() else '.' + name}")
        if "winners" in self.log:
            for i, seat in enumerate(self.array(self.log["winners"], "winners")):
                self.integer(seat, f"winners[{i}]", minimum=0)


def check_log(log: Any) -> int:
    """Raise ReplayError naming the first field of `log` that does not have the form of a game
    log; return its version. Fields not described by the format are allowed at the top level (a
    converter may add its own notes) and refused anywhere else."""
    if not isinstance(log, dict):
        raise ReplayError(f"a game log is a JSON object, not {shown(log)}")
    checker = _Checker(log)
    checker.header()
    checker.seats()
    checker.deals()
    checker.rounds()
    checker.scores()
    return checker.version
