"""Actions as numbers, payments included: one id per move and per payment to the sellers.

A :class:`PaymentActionSpace` numbers what an :class:`.ActionSpace` numbers, but a move that may
pay sellers has one id per *payment class* instead of one id in all, so that an agent chooses
whom it pays as well as what it does. The ids are:

- ``0``: the no-op, as in the ActionSpace;
- then each id of the ActionSpace in its order (its *move id*): a move that never pays a seller
  (its action kind has no cost, or its way is free) keeps one id; a move that may pay has one id
  per payment class, in the classes' order below.

The payees are the market's slots seen from the buyer (each seat of each relation of the
market's `sellers`, in the declared order; see :mod:`.market`): the first payee of the bundled
rule sets is the left neighbour, the second the right one. A seller that fills several slots is
paid at its first one. Every payment the engine lists pays whole units bought, each at most the
rule set's highest price (of its market and of its price effects), for a cost's units at most:
so no payee, and no payees together, are paid more than the move's *bound*: that highest price
times the most units of the card's cost (a move that pays a card's cost), of a stage's cost (a
move that pays a stage's), or of any cost of the rule set (``bound``). A move's payment classes
are:

- every way of sharing at most its bound in coins among the payees (coins to the first payee,
  then to the second, ...), in increasing order of those numbers read left to right: ``(0, 0)``,
  ``(0, 1)``, ..., ``(0, K)``, ``(1, 0)``, ...; the first pays nobody;
- last, the class of any payment beyond the bound (a rule set whose effects let a city pay more
  than the bound says). Its id decodes to the payment of the fewest coins in all, then the fewest
  to the first payee, then to the second, ... (the rule :class:`.ActionSpace` decodes by).

Two different payments of one move pay some payee differently, so within the bound each class
holds at most one legal action: an id decodes to the very payment it names.

The order comes from the compiled rule set alone (and the number of seats, for a market whose
sellers are relations such as `others` that grow with the table), so two Game objects of the same
rules, on any machine, number their moves alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import TYPE_CHECKING, Any, Optional

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.action_space import NO_OP, ActionSpace
from wonderrules.interpreter.actions import CARD_COST, NO_COST, STAGE_COST, Action
from wonderrules.interpreter.arguments import check_player, shown, whole_number
from wonderrules.interpreter.errors import ArgumentError, IllegalActionError
from wonderrules.interpreter.market import slots_of

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.state import State

__all__ = ["PaymentActionSpace", "MAX_IDS"]

#: the most ids a PaymentActionSpace numbers (a market of many sellers and high prices would
#: number more ways of paying than an agent can choose among)
MAX_IDS = 2_000_000


class PaymentActionSpace:
    """The action ids of one rule set, a payment class with each move that may pay (see the
    module's text). Build it once per Game and use it with any state of a game of the same rule
    set and number of seats.

    ``n`` is the number of ids; ``moves`` the :class:`.ActionSpace` whose ids are its move ids;
    ``payees`` names each payee; ``bound`` is the bound of a move that pays any cost; ``label``/``move`` read an id;
    ``encode``/``decode`` turn a legal action into its id and back; ``mask`` and ``legal_ids``
    tell the ids legal for a player now."""

    __slots__ = ("rules", "moves", "n", "payees", "bound", "_classes", "_class_index", "_first", "_paying",
                 "_move_of", "_class_of", "_move_index", "_catalog", "_tables")

    def __init__(self, game: Any) -> None:
        from wonderrules.interpreter.game import Game

        if not isinstance(game, Game):
            raise ArgumentError(f"a PaymentActionSpace is built from a Game, not {shown(game)}")
        cat = game.catalog
        self.rules = game.rules
        self.moves = moves = ActionSpace(game)
        self._catalog = cat
        #: the tables of the states already judged to have this market's payees
        self._tables: list[Any] = [game.table]
        self.payees = _payee_names(game)
        units, price, card_units, stage_units = _largest_costs_and_price(game.rules)
        self.bound = units * price if self.payees else 0
        #: the payment classes of each bound a move has, built once per bound
        classes_of: dict[int, tuple[tuple[int, ...], ...]] = {}
        kinds = {k.name: k for k in cat.actions}
        first: list[int] = []
        classes: list[tuple[tuple[int, ...], ...]] = []
        move_of: list[int] = []
        class_of: list[int] = []
        move_index: dict[tuple[str, str, str], int] = {}
        for move_id in range(moves.n):
            described = moves.move(move_id)
            kind = kinds.get(described["kind"])
            bound = 0
            if kind is not None and "amount" not in described:  # (an amount pays no seller)
                move_index[(described["kind"], described["card"], described["way"])] = move_id
                way = kind.way_by_name.get(described["way"])
                if kind.cost == CARD_COST and not (way is not None and way.free):
                    bound = card_units.get(described["card"], units) * price
                elif kind.cost == STAGE_COST and not (way is not None and way.free):
                    bound = stage_units * price
                elif kind.cost != NO_COST and not (way is not None and way.free):
                    bound = self.bound
            if not self.payees:
                bound = 0
            if bound not in classes_of:
                classes_of[bound] = _classes(bound, len(self.payees))
            first.append(len(move_of))
            classes.append(classes_of[bound])
            count = len(classes_of[bound]) + (1 if bound else 0)
            if len(move_of) + count > MAX_IDS:
                raise ArgumentError(f"the rule set's moves and ways of paying its {len(self.payees)} sellers "
                                    f"make more than {MAX_IDS} ids: choose its moves by an ActionSpace")
            move_of.extend([move_id] * count)
            class_of.extend(range(count))
        index_of = {c: {v: i for i, v in enumerate(c)} for c in classes_of.values()}
        #: per move id: its payment classes (a move that pays nobody has the one class of zeros)
        self._classes = tuple(classes)
        self._class_index = tuple(index_of[c] for c in classes)
        self._first = tuple(first)
        self._paying = tuple(len(c) > 1 for c in classes)
        self._move_of, self._class_of = move_of, class_of
        self._move_index = move_index
        self.n = len(move_of)

    def __repr__(self) -> str:
        return f"PaymentActionSpace({self.n} ids, {self.moves.n} moves)"

    # ---- reading ids ------------------------------------------------------------------------------
    def split(self, action_id: Any) -> tuple[int, Optional[tuple[int, ...]]]:
        """The move id of an id and its coins to each payee (zeros for a move that pays nobody);
        ``None`` for the class of payments beyond the bound."""
        action_id = self._check_id(action_id)
        move_id, cls = self._move_of[action_id], self._class_of[action_id]
        if not self._paying[move_id]:
            return move_id, (0,) * len(self.payees)
        return move_id, (self._classes[move_id][cls] if cls < len(self._classes[move_id]) else None)

    def label(self, action_id: Any) -> str:
        """The id's move in the rule set's words, and whom it pays how much."""
        move_id, coins = self.split(action_id)
        text = self.moves.label(move_id)
        if not self._paying[move_id]:
            return text
        if coins is None:
            return f"{text}, paying beyond {sum(self._classes[move_id][-1])} coins (the cheapest such payment)"
        paid = [f"{c} to {name}" for c, name in zip(coins, self.payees) if c]
        return f"{text}, paying " + (" and ".join(paid) if paid else "nobody")

    def labels(self) -> tuple[str, ...]:
        """Every id's label, by id."""
        return tuple(self.label(i) for i in range(self.n))

    def move(self, action_id: Any) -> dict[str, Any]:
        """What an id stands for, as JSON data: its ActionSpace move (see :meth:`.ActionSpace.move`)
        with, for a move that may pay, ``"pay"``: the coins to each payee (a list in the order of
        ``payees``), or ``None`` for a payment beyond the bound."""
        move_id, coins = self.split(action_id)
        out = self.moves.move(move_id)
        if self._paying[move_id]:
            out["pay"] = None if coins is None else list(coins)
        return out

    # ---- ids of a game ----------------------------------------------------------------------------
    def encode(self, state: Any, player: Any, action: Any) -> int:
        """The id of `action`, legal for `player` now (``None``: the no-op). IllegalActionError,
        with the reason, for an action not legal now."""
        move_id = self.moves.encode(state, player, action)
        if action is None:
            return NO_OP
        found = self._id_of(state, player, action, move_id)
        assert found is not None, f"a legal action outside the ids: {action}"
        return found

    def decode(self, state: Any, player: Any, action_id: Any) -> Optional[Action]:
        """The legal action of `player` now that the id stands for, or ``None`` for the no-op.
        IllegalActionError, with a sentence, for an id not legal now; ArgumentError for a number
        that is no id."""
        player = self._check(state, player)  # before `state` is read as a State
        return self._decode(state, player, self._check_id(action_id))

    def _decode(self, state: State, player: int, action_id: int) -> Optional[Action]:
        """:meth:`decode` without checking its arguments."""
        move_id, coins = self.split(action_id)
        if move_id == NO_OP or not self._paying[move_id]:
            return self.moves._decode(state, player, move_id)
        legal = state.legal_actions(player)
        found = [a for a in legal if self._id_of(state, player, a) == action_id]
        if not found:
            self.moves._decode(state, player, move_id)  # the move's own refusal, when it is not legal
            paid = "a payment beyond the bound" if coins is None else f"the payment {list(coins)}"
            raise IllegalActionError({player: f"action {action_id} ('{self.label(action_id)}') is not legal now: "
                                              f"{paid} is not one the city may choose for this move now"})
        if len(found) == 1:
            return found[0]
        return min(found, key=lambda a: (sum(c for _, c in a.pay), self._coins(state, player, a)))

    def legal_ids(self, state: Any, player: Any) -> list[int]:
        """The ids legal for `player` now, in increasing order."""
        player = self._check(state, player)
        return self._legal_ids(state, player)

    def _legal_ids(self, state: State, player: int) -> list[int]:
        """:meth:`legal_ids` without checking its arguments."""
        legal = state.legal_actions(player)
        if not legal and player not in state.pending_decisions():
            return [NO_OP]
        return sorted({i for i in (self._id_of(state, player, a) for a in legal) if i is not None})

    def mask(self, state: Any, player: Any) -> list[bool]:
        """One flag per id: whether the id is legal for `player` now."""
        flags = [False] * self.n
        for i in self.legal_ids(state, player):
            flags[i] = True
        return flags

    # ---- inside -----------------------------------------------------------------------------------
    def _move_id(self, action: Action) -> Optional[int]:
        found = self._move_index.get((action.kind, action.card, action.way))
        if found is None:
            found = self.moves._amount_ids.get((action.kind, action.amount))
        return found

    def _coins(self, state: State, player: int, action: Action) -> tuple[int, ...]:
        """The coins a legal action pays each payee (a seller filling several slots is paid at
        its first); an action paying a seat that is no payee is refused by the engine itself."""
        coins = [0] * len(self.payees)
        if action.pay:
            slots = slots_of(state.catalog, state.table, state.pending[player].seat)
            for seat, c in action.pay:
                coins[slots.index(seat)] += c
        return tuple(coins)

    def _id_of(self, state: State, player: int, action: Action, move_id: Optional[int] = None) -> Optional[int]:
        if move_id is None:
            move_id = self._move_id(action)
            if move_id is None:
                return None
        first = self._first[move_id]
        if not self._paying[move_id]:
            return None if action.pay else first
        cls = self._class_index[move_id].get(self._coins(state, player, action), len(self._classes[move_id]))
        return first + cls

    def _check_id(self, action_id: Any) -> int:
        if not whole_number(action_id) or not 0 <= action_id < self.n:
            raise ArgumentError(f"an action id is a whole number from 0 to {self.n - 1}, not {shown(action_id)}")
        return int(action_id)

    def _check(self, state: Any, player: Any) -> int:
        from wonderrules.interpreter.state import State

        if not isinstance(state, State):
            raise ArgumentError(f"a PaymentActionSpace reads a game state (from Game.new_initial_state), "
                                f"not {shown(state)}")
        if state.catalog is not self._catalog and state.game.rules != self.rules:
            raise ArgumentError("the game state is of another rule set than this PaymentActionSpace's")
        if not any(state.table is known for known in self._tables):
            if _payee_names(state.game) != self.payees:
                raise ArgumentError(f"the game state's market has other payees than this PaymentActionSpace's "
                                    f"({', '.join(self.payees) or 'none'}): build one for its game")
            self._tables.append(state.table)
        return check_player(state.players, player)


def _payee_names(game: Game) -> tuple[str, ...]:
    """A name for each slot of the market, from the seat that sees the most: its relation's
    word (with its distance when not 1), numbered when the relation holds several seats."""
    cat, table = game.catalog, game.table
    best: tuple[str, ...] = ()
    for seat in range(table.seats):
        names: list[str] = []
        for rel in cat.market_sellers:
            word = rel.kind if rel.distance == 1 else f"{rel.kind} {rel.distance}"
            held = table.seats_of(rel, seat)
            names.extend([word] if len(held) == 1 else [f"{word} #{i + 1}" for i in range(len(held))])
        if len(slots_of(cat, table, seat)) > len(best):
            best = tuple(names)
    return best


def _classes(bound: int, payees: int) -> tuple[tuple[int, ...], ...]:
    """Every way of sharing at most `bound` coins among the payees, in increasing order."""
    return tuple(v for v in product(range(bound + 1), repeat=payees) if sum(v) <= bound)


def _largest_costs_and_price(rules: ir.RuleSet) -> tuple[int, int, dict[str, int], int]:
    """The most units of resources any cost of the rule set asks, the highest price any market
    price or price effect sets, the most units each card name's cost asks, and the most units
    a stage's cost asks."""
    units, price, stage_units = 0, 0, 0
    card_units: dict[str, int] = {}
    for value in _walk(rules):
        if isinstance(value, ir.Cost):
            units = max(units, sum(n for _, n in value.resources))
        elif isinstance(value, (ir.Price, ir.MarketPrice, ir.Market)):
            price = max(price, value.price)
        if isinstance(value, ir.Card):
            card_units[value.name] = max(card_units.get(value.name, 0), sum(n for _, n in value.cost.resources))
        elif isinstance(value, ir.Stage):
            stage_units = max(stage_units, sum(n for _, n in value.cost.resources))
    return units, price, card_units, stage_units


def _walk(root: Any) -> Iterator[Any]:
    """Every attrs value held anywhere in `root` (each once)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        value = todo.pop()
        if isinstance(value, (str, int, float, bool)) or value is None or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, (tuple, list)):
            todo.extend(value)
        elif isinstance(value, dict):
            todo.extend(value.values())
        elif attrs.has(type(value)):
            yield value
            todo.extend(getattr(value, f.name) for f in attrs.fields(type(value)))
