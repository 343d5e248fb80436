"""Checks of the arguments the API receives from outside, each failing with one sentence.

A state's calls refuse a wrong argument with :class:`ArgumentError` before they look at the
game; setting up a game refuses one with :class:`SetupError`. Players are the numbers
``0..players-1`` (``True`` is not a player, nor is ``"0"``); an action is an
:class:`~wonderrules.interpreter.actions.Action` whose fields have their declared types.
The checks that run on every decision are written to cost next to nothing for right values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.errors import ArgumentError, SetupError

__all__ = ["shown", "check_player", "is_action", "check_action", "check_actions", "whole_number", "check_players",
           "check_options", "check_sides", "check_seed", "check_boards", "check_hands"]

_ACTION_FIELDS = (("kind", str), ("card", str), ("left", int), ("right", int), ("means", str), ("coins", int))


def shown(value: Any) -> str:
    """A value as a sentence names it: its text (cut when long) and its type."""
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{text} (a {type(value).__name__})"


def whole_number(value: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


# ---- a state's calls ----------------------------------------------------------------------------

def check_player(players: int, player: Any) -> int:
    """`player` as a player number of a table of `players`, or ArgumentError."""
    if not whole_number(player):
        raise ArgumentError(f"a player is a number from 0 to {players - 1}, not {shown(player)}")
    if not 0 <= player < players:
        raise ArgumentError(f"there is no player {player}: the players are 0 to {players - 1}")
    return int(player)


def is_action(action: Any) -> bool:
    """An Action whose fields have their types (the test made for every action applied)."""
    if type(action) is not Action or len(action) != 6:
        return False
    kind, card, left, right, means, coins = action
    return (type(kind) is str and type(card) is str and type(left) is int and type(right) is int
            and type(means) is str and type(coins) is int)


def check_action(action: Any) -> None:
    """ArgumentError unless `action` is an Action with fields of the right types (whatever
    its values: a legal value is for the rules to judge)."""
    if is_action(action):
        return
    if not isinstance(action, Action):
        raise ArgumentError(f"an action is an Action(kind, card, left, right, means, coins), not {shown(action)}")
    if len(action) != len(_ACTION_FIELDS):
        raise ArgumentError(f"an Action has {len(_ACTION_FIELDS)} fields, this one {len(action)}")
    for (name, kind), value in zip(_ACTION_FIELDS, action):
        if kind is int and not whole_number(value):
            raise ArgumentError(f"the '{name}' of an Action is a whole number, not {shown(value)}")
        if kind is str and not isinstance(value, str):
            raise ArgumentError(f"the '{name}' of an Action is a text, not {shown(value)}")


def check_actions(players: int, actions: Any) -> dict[int, Action]:
    """The choices of a round as a dict of player numbers (ints) to plain Actions, or
    ArgumentError with a sentence for the first wrong argument. (The engine applies a dict of
    ints to well-formed Actions without coming here.)"""
    if not isinstance(actions, Mapping):
        raise ArgumentError(f"apply_actions takes a mapping (a dict) of player -> Action, not {shown(actions)}")
    out: dict[int, Action] = {}
    for player, action in actions.items():
        p = check_player(players, player)
        try:
            check_action(action)
        except ArgumentError as e:
            raise ArgumentError(f"player {p}: {e}") from None
        if not is_action(action):  # an Action subclass, or fields of int and str subclasses
            kind, card, left, right, means, coins = action
            action = Action(str(kind), str(card), int(left), int(right), str(means), int(coins))
        out[p] = action
    return out


# ---- setting up a game --------------------------------------------------------------------------

def check_players(players: Any) -> int:
    if not whole_number(players):
        raise SetupError(f"players is the number of players, a whole number, not {shown(players)}")
    return int(players)


def check_options(options: Any) -> tuple[str, ...]:
    """A sequence of option names (a bare string is one name spelt out letter by letter)."""
    if isinstance(options, str):
        raise SetupError(f"options is a list of option names, not the text {options!r}: write [{options!r}]")
    if not isinstance(options, (Sequence, set, frozenset)):
        raise SetupError(f"options is a list of option names, not {shown(options)}")
    for name in options:
        if not isinstance(name, str):
            raise SetupError(f"an option is named by a text, not {shown(name)}")
    return tuple(options)


def check_sides(sides: Any) -> str:
    if not isinstance(sides, str) or sides not in ("random", "A", "B"):
        raise SetupError(f"sides is 'random', 'A' or 'B', not {shown(sides)}")
    return sides


def check_seed(seed: Any) -> int:
    """A seed is a whole number: logs record it as one, and other types seed differently."""
    if not whole_number(seed):
        raise SetupError(f"the seed is a whole number, not {shown(seed)}")
    return int(seed)


def check_boards(boards: Any, seats: int) -> Optional[list[Optional[tuple[str, str]]]]:
    """None, or one (wonder, side) pair or None per seat; a pair may be a list (from JSON)."""
    if boards is None:
        return None
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
        raise SetupError(f"boards is a list of (wonder, side) pairs or None, one per seat, not {shown(boards)}")
    if len(boards) != seats:
        raise SetupError(f"{len(boards)} boards given for {seats} seats")
    out: list[Optional[tuple[str, str]]] = []
    for seat, choice in enumerate(boards):
        if choice is None:
            out.append(None)
            continue
        if (isinstance(choice, (str, bytes)) or not isinstance(choice, Sequence) or len(choice) != 2
                or not all(isinstance(x, str) for x in choice)):
            raise SetupError(f"the board of seat {seat} is a (wonder, side) pair of texts or None, not {shown(choice)}")
        out.append((choice[0], choice[1]))
    return out


def check_hands(hands: Any) -> dict[int, list[list[str]]]:
    """age -> one list of card names per hand (then per neutral pile): the shape, not the cards."""
    if hands is None:
        return {}
    if not isinstance(hands, Mapping):
        raise SetupError(f"hands maps an age to its hands (a dict), not {shown(hands)}")
    out: dict[int, list[list[str]]] = {}
    for age, lists in hands.items():
        if not whole_number(age):
            raise SetupError(f"hands are given by age, a whole number, not {shown(age)}")
        if isinstance(lists, (str, bytes)) or not isinstance(lists, Sequence):
            raise SetupError(f"age {age}: hands is a list of hands (lists of card names), not {shown(lists)}")
        dealt = []
        for i, names in enumerate(lists):
            if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
                raise SetupError(f"age {age}: hand {i} is a list of card names, not {shown(names)}")
            for name in names:
                if not isinstance(name, str):
                    raise SetupError(f"age {age}: hand {i} names a card by its text, not {shown(name)}")
            dealt.append(list(names))
        out[int(age)] = dealt
    return out
