"""Every player's observation vector of one moment at once, as rows of one NumPy array.

Used by the RL environments (:mod:`wonderrules.embedding.rl`); the numbers are exactly those of
:meth:`ObservationSpace.encode`, built another way. Most of a vector is public and seen alike by
every player who sees it at all (a city's coins, its built cards, the size of a hand), so one
array, the *board*, holds each such number once: three constants (0, 1 and -1), each player's
head (where the game is, its decision, its choices), each city's public side, and per zone of a
seat or of the table its size and, per card name, how many it holds. A player's vector is the
board read through an index array of its own (its seats in its order, the cards of a zone it
does not see read from the constant 0, the size of a zone whose size it does not see from -1),
and all the players' vectors are one fancy index of the board.

The board is kept from one step to the next. Every step writes anew each head, each city's
public side and each zone's size. The card counts of every zone whose cards someone sees lie
together at the end of the board, a run of card names per zone, and are written at once (one
count of the positions of every such zone's cards); a zone's positions are worked out again only
when its cards are not the list of cards counted last time (the same card objects in the same
order, compared one by one), and when only cards were added at its end (a city's built cards),
only those are. The index arrays depend on who controls the neutral seats (a zone's owner
decides who sees it), and are kept per choice of controllers.
"""

from __future__ import annotations

import operator
from typing import Any, Optional

import numpy as np

from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.observation_space import ObservationSpace
from wonderrules.interpreter.observe import sees, zones_in_force
from wonderrules.interpreter.state import State

__all__ = ["ObservationBoard"]

_ZERO, _ONE, _MINUS_ONE = 0, 1, 2
_SID = operator.attrgetter("sid")


class ObservationBoard:
    """The vectors of every player of one game at one table (see the module's text): call
    :meth:`start` with a new game's state, then :meth:`vectors` at each moment of that game."""

    def __init__(self, space: ObservationSpace, state: State) -> None:
        self.space = space
        cat = state.catalog
        self.config = state.config
        players, seats = space.players, space.seats
        self.players = players
        at = space._slices
        cards = len(space.card_names)
        self.cards = cards
        self.head = space.head_size
        self.zones = zones_in_force(state)
        #: the card name slot of each source of the catalog, by its sid
        self.slot_of = {c.sid: space._card_index[c.name] for c in cat.cards}
        slots = [0] * (max(self.slot_of, default=-1) + 1)
        for sid, slot in self.slot_of.items():
            slots[sid] = slot
        self.boards = {(b.name, b.side): [int(i == j) for j in range(len(cat.boards))]
                       for i, b in enumerate(cat.boards)}
        self.at = at
        #: (seat, board) -> the first numbers of the seat's public piece: its board's flags,
        #: whether it is neutral, and 'controlled' (read from the constants, per player)
        self.city_starts: dict[tuple[int, Any], list[int]] = {}
        #: per seat, the board whose first numbers the board array holds now (None: none yet)
        self.city_boards: list[Any] = [None] * seats
        end = 3
        self.heads = end
        end += players * self.head
        self.cities_at = end
        self.city_size = space._city_size
        end += seats * self.city_size
        #: per zone shown: (seat, zone index, where its size is on the board); seat -1: the table
        self.sizes: list[tuple[int, int, int]] = []
        for i, zone in enumerate(self.zones):
            if zone.per == "shared":
                self.sizes.append((-1, i, end))
                end += 1
        for seat in range(seats):
            for i, zone in enumerate(self.zones):
                if zone.per == "seat":
                    self.sizes.append((seat, i, end))
                    end += 1
        #: per zone of the table or of a seat: (seat, zone index, its place in `counted_cards`, or
        #: -1 for a zone whose cards nobody sees)
        self.zone_plan: list[tuple[int, int, int]] = []
        counted = 0
        for seat, i, _ in self.sizes:
            zone = self.zones[i]
            if zone.seen_by == "nobody" or (seat < 0 and zone.seen_by != "everyone"):
                self.zone_plan.append((seat, i, -1))
            else:
                self.zone_plan.append((seat, i, counted))
                counted += 1
        self.counted = counted
        #: where the card counts begin on the board: those of the k-th zone counted are the
        #: `cards` numbers from ``counts_at + k * cards``
        self.counts_at = end
        end += counted * cards
        self.length = end
        starts = range(self.heads, self.heads + players * self.head, self.head)
        #: per player, where its head's numbers beyond the first are on the board: the first flag
        #: of a decision, the coins of the loss that asked it, the first choice
        self.head_at = [(b + at["decision"], b + at["loss"], b + at["choices"]) for b in starts]
        #: per decision, whether it may take cards from a zone its decider does not see (a zone of
        #: the table not seen by everyone, a zone of a seat seen by nobody): its choices are shown
        #: then. A player always sees its own seat's zones declared owner's or partners'.
        self.hidden_choices = [any(k.card_zone >= 0 and not _own_zone_seen(self.zones[k.card_zone]) for k in kinds)
                               for kinds in cat.decision_kinds]
        self.board = np.zeros(end, np.int32)
        #: where the numbers of each city that change in a game go on the board (coins, stages
        #: built and to build, tokens, token values, symbols), every seat's in a row
        first = len(self.boards[(cat.boards[0].name, cat.boards[0].side)]) + 2 if cat.boards else 2
        self.city_first = first
        self.city_changing = np.array([self.cities_at + seat * self.city_size + i
                                       for seat in range(seats) for i in range(first, self.city_size)], np.intp)
        #: where the numbers written at every step go: each head's age, turn and terminal, each
        #: zone's size (in the order of `zone_plan`), each city's numbers that change in a game
        self.every_step = np.array([b + at[name] for b in starts for name in ("age", "turn", "terminal")]
                                   + [where for _, _, where in self.sizes] + self.city_changing.tolist(), np.intp)
        #: per decision, the marks of each player's head when it is asked that decision with no
        #: loss (a flag), one tuple per player; None for a decision whose choices are shown
        self.decision_marks = [None if hidden else tuple(((decision_at + d, 1),) for decision_at, _, _ in self.head_at)
                               for d, hidden in enumerate(self.hidden_choices)]
        #: per player, the marks written last on its head: (where, number) pairs
        self.marks_written: list[tuple[tuple[int, int], ...]] = [()] * players
        #: per zone whose cards are counted, the cards counted last (None: none yet), and where
        #: each one's count is in the run of counts (from `counts_at`)
        self.counted_cards: list[Any] = [None] * self.counted
        self.counted_at: list[list[int]] = [[] for _ in range(self.counted)]
        #: per zone whose cards are counted, where the count of a source's card name is in the run
        #: of counts, by the source's sid
        self.count_at = [[k * cards + slot for slot in slots] for k in range(self.counted)]
        #: per choice of controllers of the neutral seats, the index arrays of every player
        self.indexes: dict[tuple[int, ...], np.ndarray] = {}
        self.neutral = tuple(sorted(state.neutral))

    def start(self, state: State) -> None:
        """Forget the counts of the last game (a new game begins with `state`)."""
        self.board[:] = 0
        self.board[_ONE] = 1
        self.board[_MINUS_ONE] = -1
        self.counted_cards = [None] * self.counted
        self.counted_at = [[] for _ in range(self.counted)]
        self.city_boards = [None] * len(self.city_boards)
        self.marks_written = [()] * self.players

    def vectors(self, state: State, players: list[int]) -> np.ndarray:
        """The vectors of `players` now, one row each (a new array)."""
        if state.config is not self.config:
            raise ArgumentError("an ObservationBoard reads the states of the table it was made for only")
        board = self.board
        terminal = int(state.terminal)
        numbers = [state.age, state.turn, terminal] * self.players  # in the order of `every_step`
        where: list[int] = []  # the other numbers written now: where, and what
        changed: list[int] = []
        if terminal or state.losses:
            self._marks(state, bool(terminal), where, changed)
        else:
            asked = state.asked
            written = self.marks_written
            common = self.decision_marks
            for player in range(self.players):
                ask = asked.get(player)
                marks = common[ask.decision] if ask is not None else None
                if marks is None or written[player] is not marks[player]:
                    if ask is None and not written[player]:
                        continue
                    self._marks(state, False, where, changed)
                    break
        shared = state.shared
        cities = state.cities
        counted_cards = self.counted_cards
        counted_at = self.counted_at
        count_at = self.count_at
        recount = False
        for seat, i, k in self.zone_plan:
            cards = shared[i] if seat < 0 else cities[seat].zones[i]
            numbers.append(len(cards))
            if k < 0:
                continue
            last = counted_cards[k]
            if cards == last:
                continue
            recount = True
            counted_cards[k] = list(cards)
            if last is not None and len(cards) > len(last) and cards[:len(last)] == last:  # added at the end
                counted_at[k] += map(count_at[k].__getitem__, map(_SID, cards[len(last):]))
            else:
                counted_at[k] = list(map(count_at[k].__getitem__, map(_SID, cards)))
        self._cities(state, numbers)
        board[self.every_step] = numbers
        if recount:
            at: list[int] = []
            for places in counted_at:
                at += places
            board[self.counts_at:] = np.bincount(at, minlength=self.length - self.counts_at)
        if where:
            board[where] = changed
        key = tuple([state.controller.get(s, s) for s in self.neutral]) if self.neutral else ()
        index = self.indexes.get(key)
        if index is None:
            index = self.indexes[key] = self._index(state)
        found: np.ndarray = board.take(index[players] if len(players) != self.players else index)
        return found

    # ---- inside -----------------------------------------------------------------------------------
    def _marks(self, state: State, terminal: bool, where: list[int], changed: list[int]) -> None:
        """Add to `where` and `changed` what each head holds beyond its first numbers, where it is
        not what was written last: the flag of the player's decision, the coins of the loss that
        asked it, the choices it may take from a zone the player does not see; a number written
        last and not now is set back to 0."""
        asked_of = state.asked
        losses = state.losses
        written = self.marks_written
        for player, (decision_at, loss_at, choices_at) in enumerate(self.head_at):
            asked = asked_of.get(player) if not terminal else None
            marks: tuple[tuple[int, int], ...] = ()
            if asked is not None:
                common = self.decision_marks[asked.decision]
                marks = common[player] if common is not None else ((decision_at + asked.decision, 1),)
                if losses and losses.get(asked.seat):
                    marks += ((loss_at, losses[asked.seat]),)
                if self.hidden_choices[asked.decision]:
                    index = self.space._card_index
                    taken = dict.fromkeys(choices_at + index[a.card] for a in state.legal_actions(player) if a.card)
                    marks += tuple((at, 1) for at in taken)
            last = written[player]
            written[player] = marks
            if marks == last:
                continue
            now = {at for at, _ in marks}
            for at, _ in last:
                if at not in now:
                    where.append(at)
                    changed.append(0)
            for at, number in marks:
                where.append(at)
                changed.append(number)

    def _cities(self, state: State, numbers: list[int]) -> None:
        """Write each city's first numbers (board and seat) when its board is not the one written
        last, and add to `numbers` the numbers of every city that change in a game."""
        written = self.city_boards
        for seat, city in enumerate(state.cities):
            board = city.board
            if written[seat] is not board:
                self._city_start(state, seat, board)
            numbers += (city.coins, city.stages_built, len(board.stages))
            numbers += city.token_counts
            numbers += city.token_values
            numbers += city.symbols

    def _city_start(self, state: State, seat: int, board: Any) -> None:
        start = self.city_starts.get((seat, board))
        if start is None:  # the first time a seat is seen with this board
            start = self.city_starts[(seat, board)] = self.boards[(board.name, board.side)] + [
                int(seat in state.neutral), 0]
        at = self.cities_at + seat * self.city_size
        self.board[at:at + len(start)] = start
        self.city_boards[seat] = board

    def _index(self, state: State) -> np.ndarray:
        """Per player, where each number of its vector is on the board, for the controllers of
        the neutral seats now."""
        space = self.space
        at = self.at
        head = self.head
        size_at = {(seat, i): where for seat, i, where in self.sizes}
        count_of = {(seat, i): self.counts_at + k * self.cards for seat, i, k in self.zone_plan if k >= 0}
        rows = np.zeros((self.players, space.n), np.intp)
        for player in range(self.players):
            row = rows[player]
            row[:head] = np.arange(self.heads + player * head, self.heads + (player + 1) * head)
            for i, zone in enumerate(self.zones):
                if zone.per == "shared":
                    self._zone(row, at[f"table.{zone.name}.size"], None, size_at[(-1, i)], count_of.get((-1, i)),
                               sees(state, player, zone, -1), zone.size_seen)
            for k, seat in enumerate(space._orders[player]):
                key = f"seat{k}."
                first = at[key + "board"]
                row[first:first + self.city_size] = np.arange(self.cities_at + seat * self.city_size,
                                                              self.cities_at + (seat + 1) * self.city_size)
                controlled = seat in state.neutral and state.controller_of(seat) == player
                row[at[key + "controlled"]] = _ONE if controlled else _ZERO
                for i, zone in enumerate(self.zones):
                    if zone.per == "seat":
                        name = f"{key}{zone.name}."
                        self._zone(row, at[name + "size"], at[name + "seen"], size_at[(seat, i)],
                                   count_of.get((seat, i)), sees(state, player, zone, seat), zone.size_seen)
        return rows

    def _zone(self, row: np.ndarray, size: int, seen: Any, where: int, counts: Optional[int], cards_seen: bool,
              size_seen: bool) -> None:
        """Point a zone's slice of a vector at the board: its flag 'seen' (for a zone of a seat),
        its size (on the board at `where`), and its card counts (from `counts`; None for a zone
        whose cards nobody sees)."""
        if seen is not None:
            row[seen] = _ONE if cards_seen else _ZERO
        row[size] = where if cards_seen or size_seen else _MINUS_ONE
        if cards_seen and counts is not None:
            row[size + 1:size + 1 + self.cards] = np.arange(counts, counts + self.cards)
        else:
            row[size + 1:size + 1 + self.cards] = _ZERO


def _own_zone_seen(zone: Any) -> bool:
    """Whether a player sees the cards of a zone of its own seat (see observe.sees)."""
    return bool(zone.seen_by == "everyone" or (zone.per != "shared" and zone.seen_by != "nobody"))
