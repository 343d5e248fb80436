"""A seat played by a person at the terminal (`wr play --agents human,greedy,greedy`).

At each of its decisions the seat shows what its player may see (the observation of
:mod:`wonderrules.interpreter.observe`: its city and hand, its neighbours and every other city,
the zones of the table), then the legal actions, numbered, each with the coins it costs, and reads
one line:

- ``N``: play action N;
- ``?N``: the details of action N (its card, way, payments and coins, what paying leaves);
- an action written out (``sell Altar``): played when it is listed as written, else the reason
  it is refused, with its code (see ``State.refusal``);
- ``v``: the view again; ``h``: this help; ``q``: leave the game.

Anything else is answered with a sentence and the question again. Leaving (``q``, or the end of
the input) raises :class:`LeftGame`; ``wr play`` says so and exits with status 1. Only this
module and the CLI read the terminal: the engine's agents never do.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Optional

from rich.table import Table

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.observe import observation
from wonderrules.reports.text import console, shown

__all__ = ["HumanSeat", "LeftGame", "HELP"]

HELP = ("Type the number of an action to play it; ?N for its details; an action written out "
        "(such as 'sell NAME') to play it or hear why it is refused; v to see the game again; "
        "h for this help; q to leave the game.")


class LeftGame(Exception):
    """The person at a human seat left the game (`q`, or the input ended)."""

    def __init__(self, player: int, why: str) -> None:
        self.player = player
        self.why = why
        super().__init__(f"player {player} {why}")


class HumanSeat:
    """An agent whose choices a person types. `read_line` gives the next line typed (None at the
    end of the input); by default the standard input is read, and each line read is printed
    after the question when the input is not a terminal (piped answers read as a dialogue)."""

    name = "human"

    def __init__(self, read_line: Optional[Callable[[], Optional[str]]] = None) -> None:
        self.read_line = read_line or _read_stdin
        self.echo = read_line is None and not _typed_at_terminal()
        self.out = console(100)

    def choose(self, state: Any, player: int) -> Action:
        legal = state.legal_actions(player)
        self.show(state, player)
        self.list_actions(state, player, legal)
        while True:
            self.out.print(f"Player {player}, your choice (1-{len(legal)}, ?N for details, h for help, q to leave): ",
                           end="", soft_wrap=True)
            line = self.read_line()
            if line is None:
                self.out.print()
                raise LeftGame(player, "left the game: the input ended")
            text = line.strip()
            if self.echo:
                self.say(shown(text))
            if text.lower() in ("q", "quit"):
                raise LeftGame(player, "left the game")
            chosen = self.answer(state, player, legal, text)
            if chosen is not None:
                return chosen

    # ---- one line typed --------------------------------------------------------------------------
    def answer(self, state: Any, player: int, legal: list[Action], text: str) -> Optional[Action]:
        """The action `text` chooses, or None after printing what it asked for (or what is wrong)."""
        say = self.say
        if not text:
            say(f"Type a number from 1 to {len(legal)} (h for help).")
        elif text.lower() in ("h", "help", "?"):
            say(HELP)
        elif text.lower() in ("v", "view"):
            self.show(state, player)
            self.list_actions(state, player, legal)
        elif text.startswith("?"):
            number = _number(text[1:], len(legal))
            if isinstance(number, str):
                say(number)
            else:
                self.details(state, player, legal[number - 1], number)
        elif text.lstrip("+-").isdigit():
            number = _number(text, len(legal))
            if isinstance(number, str):
                say(number)
            else:
                return legal[number - 1]
        else:
            return self.written(state, player, legal, text)
        return None

    def written(self, state: Any, player: int, legal: list[Action], text: str) -> Optional[Action]:
        """An action written out: `KIND [CARD]`, or the words of a listed action exactly."""
        for action in legal:
            if str(action) == text:
                return action
        kind, _, card = text.partition(" ")
        if kind not in state.catalog.action_by_name:
            self.say(f"'{shown(text)}' is neither a listed number nor an action: kinds of action are "
                     f"{', '.join(state.catalog.action_by_name)} (h for help)")
            return None
        taken = state.catalog.action_by_name[kind]
        if taken.amounts is not None and card.strip().lstrip("-").isdigit():  # `KIND AMOUNT`
            action = Action(kind, amount=int(card.strip()))
        else:
            action = Action(kind, card.strip())
        refused = state.refusal(player, action)
        if refused is None:
            return action
        self.say(f"'{shown(text)}' is refused ({refused.code}): {refused.sentence}")
        return None

    def say(self, text: str) -> None:
        """A line for the person, never cut into lines by the console (the terminal wraps it)."""
        self.out.print(text, soft_wrap=True)

    # ---- what the player sees ------------------------------------------------------------------------
    def show(self, state: Any, player: int) -> None:
        """The game as `player` may see it: every city, the zones of the table, the decision."""
        seen = observation(state, player)
        decision = state.pending_decisions()[player]
        self.out.print()
        self.out.rule(f"Player {player}: age {seen['age']}, turn {seen['turn']}")
        table = Table(title=None, show_lines=False)
        for column in ("seat", "wonder", "stages", "coins", "tokens", "cards"):
            table.add_column(column)
        mine = state.controller_of(decision.seat)
        for city in seen["cities"]:
            seat = city["seat"]
            who = "you" if seat == decision.seat or (city["neutral"] and city.get("controller") == mine) else ""
            if seat == state.left(decision.seat):
                who = who or "left"
            elif seat == state.right(decision.seat):
                who = who or "right"
            label = f"{seat}" + (f" ({who})" if who else "") + (f" {shown(city['name'])}" if city.get("name") else "")
            tokens = ", ".join(f"{shown(t)} {v['count']}" + (f" ({v['value']})" if v["value"] != v["count"] else "")
                               for t, v in city["tokens"].items())
            table.add_row(label, f"{shown(city['board'])} {city['side']}", f"{city['stages_built']}/{city['stages']}",
                          str(city["coins"]), tokens, _zones(city["zones"]))
        self.out.print(table)
        if seen["table"]:
            self.say("On the table: " + _zones(seen["table"]).replace("\n", "; "))
        for_seat = "" if decision.seat == player else f" for seat {decision.seat}"
        detail = f": {shown(decision.detail)}" if decision.detail else ""
        self.say(f"Decision{for_seat}: {shown(decision.kind)}{detail}")

    def list_actions(self, state: Any, player: int, legal: list[Action]) -> None:
        width = len(str(len(legal)))
        for number, action in enumerate(legal, 1):
            to_bank = state.coins_to_bank(player, action)
            paid = to_bank + sum(c for _, c in action.pay)
            cost = f"  [{paid} coin{'s' if paid != 1 else ''}]" if paid else ""
            self.say(f"{number:>{width}}. {shown(action)}{cost}")

    def details(self, state: Any, player: int, action: Action, number: int) -> None:
        """What action `number` does and costs."""
        decision = state.pending_decisions()[player]
        coins = state.cities[decision.seat].coins
        to_bank = state.coins_to_bank(player, action)
        to_sellers = sum(c for _, c in action.pay)
        lines = [f"{number}. {shown(action)}", f"   kind: {shown(action.kind)}"]
        if action.card:
            lines.append(f"   card: {shown(action.card)}")
        lines.append(f"   way: {shown(action.way) if action.way else 'paid (its cost)'}")
        if action.amount or state.catalog.action_by_name[action.kind].amounts is not None:
            lines.append(f"   amount: {action.amount}")
        for seat, paid in action.pay:
            lines.append(f"   to seat {seat}: {paid} coin(s)")
        lines.append(f"   to the bank: {to_bank} coin(s)")
        paid = to_bank + to_sellers
        # what the action brings (a sale's coins, a card's) comes when the round is played, with
        # what the others pay or give, so it is not counted here
        lines.append(f"   paid now: {paid} coin(s) of {coins}, leaving {coins - paid}"
                     " before anything the action brings")
        self.say("\n".join(lines))


def _zones(zones: dict[str, Any]) -> str:
    """Each zone on a line: its cards when seen, else how many it holds."""
    parts = []
    for name, zone in zones.items():
        if "cards" in zone:
            cards = ", ".join(shown(c) for c in zone["cards"]) or "-"
            parts.append(f"{shown(name)}: {cards}")
        else:
            parts.append(f"{shown(name)}: {zone['size']} card(s)")
    return "\n".join(parts)


def _number(text: str, count: int) -> int | str:
    """The action number `text` names, or a sentence saying why it names none."""
    text = text.strip()
    if not text.lstrip("+-").isdigit():
        return f"'{shown(text)}' is not a number: type ?N with N from 1 to {count}"
    if not text.isdigit() or not 1 <= int(text) <= count:
        return f"there is no action {shown(text)}: the actions are numbered 1 to {count}"
    return int(text)


def _read_stdin() -> Optional[str]:
    line = sys.stdin.readline()
    return line if line else None


def _typed_at_terminal() -> bool:
    """Whether the standard input is a terminal (which shows what is typed)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
