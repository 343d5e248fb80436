"""The shape of a game log, checked field by field before anything of it is replayed.

A log comes from outside: a file written by hand, by another program or by a converter. Every
field is checked for its JSON type (an integer is never a boolean, a float or a string of digits)
and every key for its form before the replay starts, so that a malformed log is refused with one
sentence naming the field at fault in the notation of the file, such as
`rounds[12]["1"].left: expected an integer, got "x"`, and never with a Python error. What the
fields mean for a given rule set (a wonder that exists, a legal action) is checked by the replay.
The format is documented in docs/log_format.rst.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, Optional

from wonderrules.interpreter.actions import BUILD, PAY, PICK, SELL, STAGE

__all__ = ["ReplayError", "check_log", "LOG_FORMAT", "LOG_VERSION", "ACTION_FIELDS"]

LOG_FORMAT = "wonder-rules game log"
LOG_VERSION = 1
#: the fields of an action and the kinds of actions
ACTION_FIELDS = ("kind", "card", "left", "right", "means", "coins")
ACTION_KINDS = (BUILD, STAGE, SELL, PICK, PAY)
#: ages, seats and players are written as decimal numbers of a few digits
_NUMBER_KEY = re.compile(r"[0-9]{1,3}")
_FINGERPRINT = re.compile(r"sha256:[0-9a-f]{64}")


class ReplayError(ValueError):
    """A log that does not replay: one sentence with the field (`rounds[3]["0"].card`) or the
    round at fault. `round_index` is the round, when the fault is in one."""

    def __init__(self, message: str, round_index: Optional[int] = None, field: Optional[str] = None) -> None:
        self.round_index = round_index
        self.field = field
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


def _key(name: str) -> str:
    return f"[{json.dumps(name)}]"


class _Checker:
    """Checks one log; `fail` raises at the first fault with its field."""

    def __init__(self, log: Mapping[str, Any]) -> None:
        self.log = log

    def fail(self, field: str, message: str, round_index: Optional[int] = None) -> NoReturn:
        raise ReplayError(message, round_index, field)

    def integer(self, value: Any, field: str, minimum: Optional[int] = None, round_index: Optional[int] = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, f"expected an integer, got {shown(value)}", round_index)
        if minimum is not None and value < minimum:
            self.fail(field, f"expected an integer of at least {minimum}, got {shown(value)}", round_index)
        return value

    def string(self, value: Any, field: str, round_index: Optional[int] = None) -> str:
        if not isinstance(value, str):
            self.fail(field, f"expected a string, got {shown(value)}", round_index)
        return value

    def boolean(self, value: Any, field: str) -> bool:
        if not isinstance(value, bool):
            self.fail(field, f"expected true or false, got {shown(value)}")
        return value

    def array(self, value: Any, field: str, round_index: Optional[int] = None) -> list:
        if not isinstance(value, list):
            self.fail(field, f"expected a list, got {shown(value)}", round_index)
        return value

    def obj(self, value: Any, field: str, allowed: Optional[tuple[str, ...]] = None,
            round_index: Optional[int] = None) -> dict:
        if not isinstance(value, dict):
            self.fail(field, f"expected an object, got {shown(value)}", round_index)
        for key in value:
            if not isinstance(key, str):
                self.fail(field, f"a key is {shown(key)}, not a string", round_index)
            if allowed is not None and key not in allowed:
                known = ", ".join(allowed)
                self.fail(field, f"unknown field {shown(key)} (known: {known})", round_index)
        return value

    def strings(self, value: Any, field: str) -> list[str]:
        for i, item in enumerate(self.array(value, field)):
            self.string(item, f"{field}[{i}]")
        return value

    def numbered(self, value: Any, field: str, what: str, round_index: Optional[int] = None) -> dict:
        """An object keyed by small decimal numbers (ages, seats, players)."""
        self.obj(value, field, round_index=round_index)
        for key in value:
            if not _NUMBER_KEY.fullmatch(key):
                self.fail(field, f"the key {shown(key)} is not {what} (a number such as \"1\")", round_index)
        return value

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
        if fmt != LOG_FORMAT:
            self.fail("format", f"not a game log (expected {json.dumps(LOG_FORMAT)}, got {shown(fmt)})")
        version = self.integer(self.required("version", f"\"version\": {LOG_VERSION}"), "version")
        if version != LOG_VERSION:
            self.fail("version", f"log version {version} is not supported (expected {LOG_VERSION})")
        self.integer(self.required("players", "the number of players"), "players", minimum=1)
        self.optional("rules", self.strings)
        self.optional("layers", self.strings)
        self.optional("options", self.strings)
        self.optional("agents", self.strings)
        self.optional("seating", self.string)
        self.optional("seed", self.integer)
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
                if name not in seat:
                    self.fail(field, f"missing \"{name}\"")
                self.string(seat[name], f"{field}.{name}")
            if "seat" in seat and self.integer(seat["seat"], f"{field}.seat") != i:
                self.fail(f"{field}.seat", f"expected {i} (its place in the list), got {shown(seat['seat'])}")
            if "neutral" in seat:
                self.boolean(seat["neutral"], f"{field}.neutral")

    def deals(self) -> None:
        deals = self.numbered(self.required("deals", "the cards dealt in each age"), "deals", "an age")
        for age, deal in deals.items():
            field = f"deals{_key(age)}"
            self.obj(deal, field, ("hands", "piles"))
            if "hands" not in deal:
                self.fail(field, "missing \"hands\"")
            for i, hand in enumerate(self.array(deal["hands"], f"{field}.hands")):
                self.strings(hand, f"{field}.hands[{i}]")
            if "piles" in deal:
                for seat, pile in self.numbered(deal["piles"], f"{field}.piles", "a seat").items():
                    self.strings(pile, f"{field}.piles{_key(seat)}")

    def rounds(self) -> None:
        rounds = self.array(self.required("rounds", "the list of decision rounds"), "rounds")
        for i, rnd in enumerate(rounds):
            field = f"rounds[{i}]"
            for player, action in self.numbered(rnd, field, "a player", round_index=i).items():
                self.action(action, f"{field}{_key(player)}", i)

    def action(self, action: Any, field: str, round_index: int) -> None:
        self.obj(action, field, ACTION_FIELDS, round_index)
        if "kind" not in action:
            self.fail(field, "missing \"kind\"", round_index)
        kind = self.string(action["kind"], f"{field}.kind", round_index)
        if kind not in ACTION_KINDS:
            known = ", ".join(json.dumps(k) for k in ACTION_KINDS)
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
                        self.integer(value, f"{field}{_key(name) if not name.isidentifier() else '.' + name}")
        if "winners" in self.log:
            for i, seat in enumerate(self.array(self.log["winners"], "winners")):
                self.integer(seat, f"winners[{i}]", minimum=0)


def check_log(log: Any) -> None:
    """Raise ReplayError naming the first field of `log` that does not have the form of a game
    log. Fields not described by the format are allowed at the top level (a converter may add its
    own notes) and refused anywhere else."""
    if not isinstance(log, dict):
        raise ReplayError(f"a game log is a JSON object, not {shown(log)}")
    checker = _Checker(log)
    checker.header()
    checker.seats()
    checker.deals()
    checker.rounds()
    checker.scores()
