"""Checks of the arguments the API receives from outside, each failing with one sentence.

A state's calls refuse a wrong argument with :class:`ArgumentError` before the rules are looked
at; setting up a game refuses one with :class:`SetupError`. Players are the numbers
``0..players-1``; an action is an :class:`~.actions.Action` whose fields have their types: the
kind, card and way texts, the amount a whole number, the payment a tuple of (seat, coins) pairs
of whole numbers. A legal value is for the rules to judge (`State.explain`): a payment to a seat
that does not sell, or of a negative number of coins, is well formed and illegal.

Numbers and texts of subclasses (an IntEnum player, an Action subclass, a str subclass naming a
card) stand for their plain values: a round is applied and recorded as if plain values had been
given, and payments are put in seat order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.errors import ArgumentError, SetupError
from wonderrules.interpreter.words import MAX_SEED, MIN_SEED

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.game import Game

__all__ = ["shown", "whole_number", "check_player", "check_players", "check_options",
           "check_sides", "check_seed", "check_boards", "check_hands", "is_action", "plain_payment", "check_action",
           "plain_action", "check_round", "check_deals", "FixedDeals", "check_rule_names", "check_upto",
           "check_before_round"]

_FORM = "Action(kind, card, pay, way, amount)"

#: the Action class, held untyped: an action from outside is read field by field as it is, never
#: as an Action's types say it is (compiled code would check each field's type on reading it and
#: refuse a wrong one with a TypeError of its own, before the sentence below)
_ACTION: Any = Action


def shown(value: Any) -> str:
    """A value as a sentence names it: its text (cut when long) and its type."""
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{text} (a {type(value).__name__})"


def whole_number(value: Any) -> bool:
    """An int that is not a bool. (The bool test comes first: a value known to be an int may be
    read as a plain number by compiled code, True as 1.)"""
    return not isinstance(value, bool) and isinstance(value, int)


# ---- a state's calls ----------------------------------------------------------------------------

def check_player(players: int, player: Any) -> int:
    """`player` as a player number of a table of `players`, or ArgumentError."""
    if not whole_number(player):
        raise ArgumentError(f"a player is a number from 0 to {players - 1}, not {shown(player)}")
    if not 0 <= player < players:
        raise ArgumentError(f"there is no player {player}: the players are 0 to {players - 1}")
    return int(player)


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
    """A seed is a whole number of 64 bits: logs and records hold it, other tools read it as one,
    and other types seed differently."""
    if not whole_number(seed):
        raise SetupError(f"the seed is a whole number, not {shown(seed)}")
    if not MIN_SEED <= seed <= MAX_SEED:
        raise SetupError(f"the seed is a whole number from {MIN_SEED} to {MAX_SEED}, not {shown(seed)}")
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


# ---- logs -------------------------------------------------------------------------------------------

def check_rule_names(rules: Any) -> tuple[str, ...]:
    """How a log names its rule sets: a list of texts (a bare string is one name spelt out letter
    by letter)."""
    if isinstance(rules, str):
        raise ArgumentError(f"rules is a list of rule set names, not the text {rules!r}: write [{rules!r}]")
    if not isinstance(rules, Sequence):
        raise ArgumentError(f"rules is a list of rule set names, not {shown(rules)}")
    for name in rules:
        if not isinstance(name, str):
            raise ArgumentError(f"a rule set is named by a text, not {shown(name)}")
    return tuple(rules)


def check_upto(upto: Any) -> Optional[int]:
    """None (every round), or how many rounds to replay."""
    if upto is not None and (not whole_number(upto) or upto < 0):
        raise ArgumentError(f"upto is a number of rounds, 0 or more, not {shown(upto)}")
    return upto if upto is None else int(upto)


def check_before_round(before_round: Any) -> None:
    if before_round is not None and not callable(before_round):
        raise ArgumentError(f"before_round is a function called before each round, not {shown(before_round)}")


def _is_pair(pair: Any) -> bool:
    return type(pair) is tuple and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int


def plain_payment(pay: Any) -> bool:
    """Whether the pairs of a payment equal to a listed one are plain ints (not bools)."""
    for seat, coins in pay:
        if type(seat) is not int or type(coins) is not int:
            return False
    return True


def is_action(action: Any) -> bool:
    """A plain Action whose fields have their exact types and whose payment is in seat order."""
    if type(action) is not Action or len(action) != 5:
        return False
    fields: Any = action  # read as they are, not as an Action's types say they are
    kind, card, pay, way, amount = fields
    if not (type(kind) is str and type(card) is str and type(way) is str and type(amount) is int
            and type(pay) is tuple):
        return False
    last = None
    for pair in pay:
        if not _is_pair(pair) or (last is not None and pair[0] <= last):
            return False
        last = pair[0]
    return True


def check_action(action: Any) -> None:
    """ArgumentError unless `action` is an Action whose fields have their types."""
    if is_action(action):
        return
    if not isinstance(action, _ACTION):
        raise ArgumentError(f"an action is an {_FORM}, not {shown(action)}")
    fields: Any = tuple(action)
    if len(fields) != 5:
        raise ArgumentError(f"an Action has 5 fields ({_FORM}), this one {len(fields)}")
    kind, card, pay, way, amount = fields
    for name, value in (("kind", kind), ("card", card), ("way", way)):
        if not isinstance(value, str):
            raise ArgumentError(f"the '{name}' of an Action is a text, not {shown(value)}")
    if not whole_number(amount):
        raise ArgumentError(f"the 'amount' of an Action is a whole number, not {shown(amount)}")
    if not isinstance(pay, tuple):
        raise ArgumentError(f"the 'pay' of an Action is a tuple of (seat, coins) pairs, not {shown(pay)}")
    for pair in pay:
        if not isinstance(pair, tuple) or len(pair) != 2 or not all(whole_number(x) for x in pair):
            raise ArgumentError(f"the 'pay' of an Action holds (seat, coins) pairs of whole numbers, not {shown(pair)}")


def plain_action(action: Any) -> Action:
    """A well-formed action (:func:`check_action`) with plain values and its payment in seat
    order (itself when it is one already)."""
    if is_action(action):
        return action  # type: ignore[no-any-return]
    fields: Any = tuple(action)
    kind, card, pay, way, amount = fields
    pairs = tuple(sorted((int(s), int(c)) for s, c in pay))
    return Action(str(kind), str(card), pairs, str(way), int(amount))


def check_round(players: int, actions: Any) -> dict[int, Action]:
    """The choices of a round as a dict of player numbers to plain Actions, or ArgumentError
    for the first wrong argument."""
    if not isinstance(actions, Mapping):
        raise ArgumentError(f"apply_actions takes a mapping (a dict) of player -> Action, not {shown(actions)}")
    out: dict[int, Action] = {}
    for player, action in actions.items():
        p = check_player(players, player)
        try:
            check_action(action)
        except ArgumentError as e:
            raise ArgumentError(f"player {p}: {e}") from None
        out[p] = plain_action(action)
    return out


# ---- fixing deals --------------------------------------------------------------------------------

#: what a fixed deal is, for sentences
_DEAL_FORM = "{'deal': name, 'age': number, 'cards': [card names per target], 'rest': [card names]}"

#: (deal, age, occurrence) -> (the cards of each target, in the deal's order; the cards put aside)
FixedDeals = dict[tuple[str, int, int], tuple[list[list["Source"]], list["Source"]]]


def check_deals(game: Game, deals: Any) -> FixedDeals:
    """Deals fixed for a new game: each names its deal and its age and gives the cards of each
    of the deal's targets (in the deal's order) and, for a deal with a `rest` zone, the cards put
    aside. The n-th entry of a deal and an age fixes the n-th time that deal is dealt in that
    age. SetupError for a shape, a count or a card that does not fit the rule set."""
    if deals is None:
        return {}
    if isinstance(deals, (str, bytes, Mapping)) or not isinstance(deals, Sequence):
        raise SetupError(f"deals is a list of fixed deals {_DEAL_FORM}, not {shown(deals)}")
    known = {d.name: d for d in game.rules.deals}
    out: FixedDeals = {}
    given: dict[tuple[str, int], int] = {}  # (deal, age) -> entries so far
    for i, entry in enumerate(deals):
        where = f"deal {i}"
        if not isinstance(entry, Mapping) or not set(entry) <= {"deal", "age", "cards", "rest"}:
            raise SetupError(f"{where}: a fixed deal is {_DEAL_FORM}, not {shown(entry)}")
        name = entry.get("deal")
        given_age: Any = entry.get("age")
        if not isinstance(name, str) or name not in known:
            listed = ", ".join(f"'{n}'" for n in known) or "none"
            what = f"'{name}'" if isinstance(name, str) else shown(name)
            raise SetupError(f"{where}: no deal {what} in this rule set (deals: {listed})")
        age = int(given_age) if whole_number(given_age) else -1
        if not 0 <= age <= game.config.ages:
            raise SetupError(f"{where}: the age is a number from 0 (before the first) to {game.config.ages}, "
                             f"not {shown(given_age)}")
        deal = known[name]
        targets = game.deal_targets(deal, age)
        lists = entry.get("cards")
        if isinstance(lists, (str, bytes)) or not isinstance(lists, Sequence):
            raise SetupError(f"{where}: 'cards' is one list of card names per target, not {shown(lists)}")
        if len(lists) != len(targets):
            raise SetupError(f"{where}: {len(lists)} lists of cards given, the deal '{name}' has "
                             f"{len(targets)} targets")
        cards = []
        for j, (names, (_, seat, count)) in enumerate(zip(lists, targets)):
            found = _cards(game, deal, age, names, f"{where}: target {j} (seat {seat})")
            if len(found) != count:
                raise SetupError(f"{where}: target {j} (seat {seat}) gets {count} cards, not {len(found)}")
            cards.append(found)
        rest = _cards(game, deal, age, entry.get("rest", []), f"{where}: 'rest'")
        if rest and not deal.rest:
            raise SetupError(f"{where}: the deal '{name}' puts no card aside, but 'rest' gives {len(rest)}")
        occurrence = given.get((name, age), 0)
        given[(name, age)] = occurrence + 1
        out[(name, age, occurrence)] = (cards, rest)
    return out


def _cards(game: Game, deal: Any, age: int, names: Any, where: str) -> list[Source]:
    """The cards named, each of the deal's deck (of the age, for the deck dealt by age)."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise SetupError(f"{where}: a list of card names, not {shown(names)}")
    out = []
    for name in names:
        if not isinstance(name, str):
            raise SetupError(f"{where}: a card is named by its text, not {shown(name)}")
        card = game.catalog.card_named(name, age if deal.deck == "age" else None)
        if card is None or card.deck != deal.deck or (deal.deck == "age" and card.age != age):
            what = f"of age {age}" if deal.deck == "age" else f"of the deck '{deal.deck}'"
            raise SetupError(f"{where}: '{name}' is not a card {what} in this rule set")
        out.append(card)
    return out
