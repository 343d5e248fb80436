"""Actions as numbers: a fixed set of action ids for one rule set, with a legal mask per player.

An :class:`ActionSpace` numbers every move a player can ever be asked to make under a rule set,
so that a learning agent or a front-end in another language can choose by number. The ids are:

- ``0``: the no-op, legal exactly for a player with nothing to decide now (in a game that all
  players play at once, the others wait);
- then, for every action kind of the rule set in its declared order: for a kind that takes a
  card, every card name of the rule set in the order its cards are declared, and for each card
  every way of the kind in its declared order (the plain paid way is the way ``""``); for a kind
  that takes no card, each of its ways;
- last, for every action kind that takes an amount (``amount LOW .. HIGH``), in the declared
  order: one id per amount, from its least (LOW when it is a number, else 0) to the largest it
  can take as far as the rule set tells (HIGH when it is a number; ``loss``: the largest loss
  that asks its decision, when every such loss is a number; ``min(...)``: the least of its known
  bounds), or else :data:`.words.MAX_AMOUNTS` more than its least.

The order comes from the compiled rule set alone, so two Game objects of the same rules, on any
machine, number their moves alike.

One id is one move: the same card built the same way but paid differently to the sellers is one
id. Decoding an id chooses the payment by a fixed rule: the fewest coins in all to the sellers,
then the fewest to the first seller of the market's order, then to the second, and so on.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Optional

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.arguments import check_player, shown, whole_number
from wonderrules.interpreter.errors import ArgumentError, IllegalActionError
from wonderrules.interpreter.words import MAX_AMOUNTS

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog
    from wonderrules.interpreter.state import State

__all__ = ["ActionSpace", "NO_OP"]

#: the id of the no-op
NO_OP = 0
#: an action's move: its kind, card and way (Action's fields 0, 1 and 3), the key of its id
_MOVE = itemgetter(0, 1, 3)
#: how many legal lists an ActionSpace keeps the ids of (a table's players, twice over)
_KEPT_LISTS = 32


class ActionSpace:
    """The action ids of one rule set (see the module's text). Build it once per Game (it reads
    only the rule set) and use it with any state of a game of the same rule set.

    ``n`` is the number of ids; ``label(id)`` reads an id in the rule set's words;
    ``encode``/``decode`` turn a legal action into its id and back; ``mask`` marks the ids legal
    for a player now."""

    __slots__ = ("rules", "n", "_keys", "_index", "_labels", "_amount_first", "_amounts", "_amount_ids",
                 "_max_amount", "_amount_decisions", "_known", "_ids_of_list", "_state_class")

    def __init__(self, game: Any) -> None:
        from wonderrules.interpreter.game import Game
        from wonderrules.interpreter.state import State

        if not isinstance(game, Game):
            raise ArgumentError(f"an ActionSpace is built from a Game, not {shown(game)}")
        self._state_class = State
        cat = game.catalog
        self.rules = game.rules
        keys: list[tuple[str, str, str]] = [("", "", "")]
        labels = ["nothing to decide (no-op)"]
        names = tuple(dict.fromkeys(c.name for c in cat.cards))
        for kind in cat.actions:
            if kind.amounts is not None:
                continue
            ways = tuple(w[0] for w in kind.ways) or ("",)
            for card in (names if kind.card_zone >= 0 else ("",)):
                for way in ways:
                    keys.append((kind.name, card, way))
                    text = kind.title.replace("{card}", card) if kind.title else f"{kind.name} {card}".strip()
                    labels.append(f"{text} ({way})" if way else text)
        self._keys = tuple(keys)
        self._index = {key: i for i, key in enumerate(keys)}
        #: the ids of the amounts: (kind, amount) of each, from id `_amount_first`
        self._amount_first = len(keys)
        self._amounts: list[tuple[str, int]] = []
        self._max_amount = -1
        for declared in self.rules.actions:
            if declared.amount_from is None or declared.amount_to is None:
                continue
            low, high = amount_ids(self.rules, declared)
            self._max_amount = max(self._max_amount, high)
            for k in range(low, high + 1):
                self._amounts.append((declared.name, k))
                text = declared.title or f"{declared.name} {{amount}}"
                text = text.replace("{amount}", str(k)).replace("{loss}", "the loss")
                labels.append(text.replace("{card}", "").strip())
        self._amount_ids = {key: self._amount_first + i for i, key in enumerate(self._amounts)}
        #: the decisions whose legal actions may take an amount
        self._amount_decisions = frozenset(i for i, kinds in enumerate(cat.decision_kinds)
                                           if any(k.amounts is not None for k in kinds))
        self._labels = tuple(labels)
        self.n = len(labels)
        #: the catalogs of the states already judged to follow these rules
        self._known: list[Catalog] = [cat]
        #: the ids of the last legal lists read, keyed by the list object's identity (the list is
        #: kept with them, so that its identity is not given to another list while it is here)
        self._ids_of_list: dict[int, tuple[list[Action], list[Optional[int]]]] = {}

    def __repr__(self) -> str:
        return f"ActionSpace({self.n} ids)"

    # ---- reading ids ------------------------------------------------------------------------------
    def label(self, action_id: Any) -> str:
        """The id's move in the rule set's words (its action kind's title with the card named,
        and the way when it is not the plain one)."""
        return self._labels[self._check_id(action_id)]

    def labels(self) -> tuple[str, ...]:
        """Every id's label, by id."""
        return self._labels

    def move(self, action_id: Any) -> dict[str, Any]:
        """What an id stands for, as JSON data: ``{"kind", "card", "way"}`` for an action kind of
        the rule set, ``{"kind", "amount"}`` for an amount of a kind that takes one,
        ``{"kind": ""}`` for the no-op."""
        action_id = self._check_id(action_id)
        if action_id >= self._amount_first:
            kind_name, amount = self._amounts[action_id - self._amount_first]
            return {"kind": kind_name, "amount": amount}
        kind, card, way = self._keys[action_id]
        return {"kind": kind, "card": card, "way": way} if kind else {"kind": ""}

    @property
    def max_amount(self) -> int:
        """The largest amount an id gives (-1: no action kind of the rule set takes an amount)."""
        return self._max_amount

    @property
    def max_paid(self) -> int:
        """The same as :attr:`max_amount` (its earlier name, from when the one amount was coins paid)."""
        return self._max_amount

    # ---- ids of a game ----------------------------------------------------------------------------
    def encode(self, state: Any, player: Any, action: Any) -> int:
        """The id of `action`, legal for `player` now; ``None`` is the no-op of a player with
        nothing to decide. IllegalActionError (with the reason) for an action not legal now."""
        player = self._check(state, player)
        if action is None:
            if player in state.pending_decisions():
                raise IllegalActionError({player: self._refusal(state, player, NO_OP)})
            return NO_OP
        why = state.explain(player, action)
        if why is not None:
            raise IllegalActionError({player: why})
        found = self._id_of(state, player, action)
        assert found is not None, f"a legal action outside the ids: {action}"
        return found

    def decode(self, state: Any, player: Any, action_id: Any) -> Optional[Action]:
        """The legal action of `player` now that the id stands for (its payment chosen by the
        module's rule), or ``None`` for the no-op. IllegalActionError, with a sentence, for an
        id that is not legal for the player now; ArgumentError for a number that is no id."""
        player = self._check(state, player)  # before `state` is read as a State
        return self._decode(state, player, self._check_id(action_id))

    def _decode(self, state: State, player: int, action_id: int) -> Optional[Action]:
        """:meth:`decode` without checking its arguments."""
        legal = state.legal_actions(player)
        if action_id == NO_OP:
            if player in state.pending_decisions():
                raise IllegalActionError({player: self._refusal(state, player, NO_OP)})
            return None
        ids = self._ids(state, player, legal)
        count = ids.count(action_id)
        if count == 1:
            return legal[ids.index(action_id)]
        if not count:
            raise IllegalActionError({player: self._refusal(state, player, action_id)})
        found = [a for a, i in zip(legal, ids) if i == action_id]
        from wonderrules.interpreter.market import seller_seats

        sellers = seller_seats(state, state.pending[player].seat)

        def order(action: Action) -> tuple[int, tuple[int, ...]]:
            paid = dict(action.pay)
            return sum(paid.values()), tuple(paid.get(s, 0) for s in sellers)
        return min(found, key=order)

    def legal_ids(self, state: Any, player: Any) -> list[int]:
        """The ids legal for `player` now, in increasing order."""
        player = self._check(state, player)
        return self._legal_ids(state, player)

    def _legal_ids(self, state: State, player: int) -> list[int]:
        """:meth:`legal_ids` without checking its arguments."""
        legal = state.legal_actions(player)
        if not legal and player not in state.pending_decisions():
            return [NO_OP]
        return sorted({i for i in self._ids(state, player, legal) if i is not None})

    def mask(self, state: Any, player: Any) -> list[bool]:
        """One flag per id: whether the id is legal for `player` now."""
        flags = [False] * self.n
        for i in self.legal_ids(state, player):
            flags[i] = True
        return flags

    # ---- inside -----------------------------------------------------------------------------------
    def _ids(self, state: State, player: int, legal: list[Action]) -> list[Optional[int]]:
        """The id of each action of `legal`, the list ``state.legal_actions(player)`` gave. A
        state keeps its legal lists until its next round, so the ids of a list are worked out
        once for the mask and the decoding of the same moment; the last few lists are kept."""
        kept = self._ids_of_list.get(id(legal))
        if kept is not None and kept[0] is legal:
            return kept[1]
        ids = self._ids_of(state, player, legal)
        if len(self._ids_of_list) >= _KEPT_LISTS:
            del self._ids_of_list[next(iter(self._ids_of_list))]
        self._ids_of_list[id(legal)] = (legal, ids)
        return ids

    def _ids_of(self, state: State, player: int, legal: list[Action]) -> list[Optional[int]]:
        """The id of each action of `legal` (``state.legal_actions(player)``), worked out anew."""
        asked = state.asked.get(player)
        if asked is not None and asked.decision in self._amount_decisions:
            return [self._id_of(state, player, a) for a in legal]
        return list(map(self._index.get, map(_MOVE, legal)))

    def _id_of(self, state: State, player: int, action: Action) -> Optional[int]:
        found = self._index.get((action.kind, action.card, action.way))
        if found is None:
            found = self._amount_ids.get((action.kind, action.amount))
        return found

    def _refusal(self, state: State, player: int, action_id: int) -> str:
        """Why an id is not legal now: its move's reason (for a move with a cost, the reason of
        paying nobody, which names what is lacking)."""
        if action_id == NO_OP:
            decision = state.pending[player]
            why = f"player {player} must choose ({decision.kind}): the no-op is for a player with nothing to decide"
        else:
            if action_id >= self._amount_first:
                kind_name, amount = self._amounts[action_id - self._amount_first]
                action = Action(kind_name, amount=amount)
            else:
                kind, card, way = self._keys[action_id]
                action = Action(kind, card, (), way)
            why = state.explain(player, action) or "it is not paid in any way the city can afford now"
        return f"action {action_id} ('{self._labels[action_id]}') is not legal now: {why}"

    def _check_id(self, action_id: Any) -> int:
        if not whole_number(action_id) or not 0 <= action_id < self.n:
            raise ArgumentError(f"an action id is a whole number from 0 to {self.n - 1}, not {shown(action_id)}")
        return int(action_id)

    def _check(self, state: Any, player: Any) -> int:
        if (type(state) is self._state_class and state.catalog is self._known[0] and type(player) is int
                and 0 <= player < state.players):
            return player  # the common case, told at once
        from wonderrules.interpreter.state import State

        if not isinstance(state, State):
            raise ArgumentError(f"an ActionSpace reads a game state (from Game.new_initial_state), not {shown(state)}")
        cat = state.catalog
        if not any(cat is known for known in self._known):
            if state.game.rules != self.rules:
                raise ArgumentError("the game state is of another rule set than this ActionSpace's")
            self._known.append(cat)
        return check_player(state.players, player)


def amount_ids(rules: ir.RuleSet, kind: ir.ActionKind) -> tuple[int, int]:
    """The amounts of an action kind that have ids (see the module's text)."""
    assert kind.amount_from is not None and kind.amount_to is not None
    low = kind.amount_from.value if isinstance(kind.amount_from, ir.Num) else 0
    deciding = {d.name for d in rules.decisions if kind.name in d.actions}
    losses = [loss.amount for loss in _losses_deciding(rules, deciding)]
    numbers = [x.value for x in losses if isinstance(x, ir.Num)]
    largest = max(numbers) if losses and len(numbers) == len(losses) else None
    high = _bound(kind.amount_to, largest)
    if high is None or high - low > MAX_AMOUNTS:
        high = low + MAX_AMOUNTS
    return low, max(low - 1, high)


def _bound(expr: ir.Expr, loss: Optional[int]) -> Optional[int]:
    """The greatest value of an amount's bound as the rule set tells it (None: not told)."""
    if isinstance(expr, ir.Num):
        return int(expr.value)
    if isinstance(expr, ir.Var) and expr.name == "loss":
        return loss
    if isinstance(expr, ir.Call) and expr.function in ("min", "max"):
        found = [_bound(a, loss) for a in expr.args]
        known = [x for x in found if x is not None]
        if expr.function == "min":
            return min(known) if known else None
        return max(known) if len(known) == len(found) else None
    return None


def _losses_deciding(rules: ir.RuleSet, decisions: set[str]) -> Iterator[ir.LoseCoins]:
    """Every loss of the rule set (its options included) whose loser decides one of `decisions`."""
    seen: set[int] = set()

    def walk(value: Any) -> Iterator[ir.LoseCoins]:
        if isinstance(value, (str, int, float, bool)) or value is None or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, ir.LoseCoins):
            if value.or_decide in decisions:
                yield value
            return
        if isinstance(value, (tuple, list)):
            for item in value:
                yield from walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                yield from walk(item)
        elif attrs.has(type(value)):
            for field in attrs.fields(type(value)):
                yield from walk(getattr(value, field.name))

    yield from walk(rules)
