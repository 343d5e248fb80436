"""Observations as numbers, and the score sheet as it would stand now.

An :class:`ObservationSpace` turns what a player may see (the rules of :mod:`.observe`) into a
flat list of whole numbers of a fixed length for one rule set and table, with a layout naming
each slice. The vector is computed from what the player sees only: a card of a zone the player
does not see is never read, only the zone's size when its size is seen.

The layout, slice by slice (``n_cards`` is the number of card names of the rule set, in the order
its cards are declared):

- ``age``, ``turn``, ``terminal``: where the game is;
- ``decision``: one flag per decision of the rule set: the player's pending decision (all zero:
  nothing to decide);
- ``loss``: the coins lost by the loss that asked the pending decision (`lose ... or decide`;
  0 when no loss asked it);
- ``choices``: per card name, how many of the cards the pending decision may take from a zone
  the player does not see (a card built from a hidden pile);
- the table's zones, each as ``table.<zone>.size`` and ``table.<zone>.cards`` (per card name,
  how many it holds: zero when the player does not see them);
- one block per seat, the player's own seat first, then the other players' seats in seat
  order from it, then the neutral seats: ``seat<k>.board`` (one flag per wonder side of the
  rule set), ``.neutral``, ``.controlled`` (the player decides for it), ``.coins``,
  ``.stages_built``, ``.stages``, ``.tokens`` (per token, how many), ``.token_values`` (per
  token, their worth), ``.symbols`` (per symbol, how many the city shows), and per zone of a
  seat ``.<zone>.seen`` (1 when the player sees its cards), ``.<zone>.size`` (-1 when its size
  is not seen) and ``.<zone>.cards`` (per card name, how many; zero when not seen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wonderrules.interpreter.arguments import check_player, shown
from wonderrules.interpreter.errors import ArgumentError

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.scoring import ScoreSheet
    from wonderrules.interpreter.state import State

__all__ = ["ObservationSpace", "running_scores"]


class ObservationSpace:
    """The numeric observation of one rule set at one table (see the module's text). ``n`` is
    the vector's length; ``layout`` names its slices as ``(name, start, stop)``;
    ``encode(state, player)`` is the vector."""

    __slots__ = ("rules", "players", "seats", "n", "layout", "card_names", "_card_index", "_board_index",
                 "_slices", "_known", "head_size", "_city_size", "_zones_of", "_orders")

    def __init__(self, game: Any) -> None:
        from wonderrules.interpreter.game import Game

        if not isinstance(game, Game):
            raise ArgumentError(f"an ObservationSpace is built from a Game, not {shown(game)}")
        cat = game.catalog
        self.rules = game.rules
        self.players = game.config.players
        self.seats = game.config.seats
        self.card_names = tuple(dict.fromkeys(c.name for c in cat.cards))
        self._card_index = {name: i for i, name in enumerate(self.card_names)}
        self._board_index = {(b.name, b.side): i for i, b in enumerate(cat.boards)}
        cards = len(self.card_names)
        layout: list[tuple[str, int, int]] = []

        def add(name: str, size: int) -> None:
            start = layout[-1][2] if layout else 0
            layout.append((name, start, start + size))

        add("age", 1)
        add("turn", 1)
        add("terminal", 1)
        add("decision", len(cat.decisions))
        add("loss", 1)
        add("choices", cards)
        for zone in cat.zones:
            if zone.per == "shared":
                add(f"table.{zone.name}.size", 1)
                add(f"table.{zone.name}.cards", cards)
        for k in range(self.seats):
            add(f"seat{k}.board", len(cat.boards))
            for name in ("neutral", "controlled", "coins", "stages_built", "stages"):
                add(f"seat{k}.{name}", 1)
            add(f"seat{k}.tokens", len(cat.tokens))
            add(f"seat{k}.token_values", len(cat.tokens))
            add(f"seat{k}.symbols", len(cat.symbols))
            for zone in cat.zones:
                if zone.per == "seat":
                    add(f"seat{k}.{zone.name}.seen", 1)
                    add(f"seat{k}.{zone.name}.size", 1)
                    add(f"seat{k}.{zone.name}.cards", cards)
        self.layout = tuple(layout)
        self.n = layout[-1][2]
        self._slices = {name: start for name, start, _ in layout}
        #: the catalogs of the games already judged to follow these rules
        self._known = [cat]
        #: the length of the head of the vector (see `pieces`), and of a city's public piece
        self.head_size = self._slices["choices"] + cards
        self._city_size = next((self._slices[name] for name, _, _ in layout
                                if name.startswith("seat0.") and name.endswith(".seen")),
                               self._slices["seat0.symbols"] + len(cat.symbols)) - self._slices["seat0.board"]
        #: the zones in force at the last table read (see `_zones`), with the table's configuration
        self._zones_of: tuple[Any, Any] = (None, None)
        self._orders = tuple(tuple((p + k) % self.players for k in range(self.players))
                             + tuple(range(self.players, self.seats)) for p in range(self.players))

    def __repr__(self) -> str:
        return f"ObservationSpace({self.n} numbers)"

    def seat_order(self, player: Any) -> tuple[int, ...]:
        """The seats of the blocks ``seat0``, ``seat1``...: the player's own, the other players'
        in seat order from it, then the neutral seats."""
        return self._orders[check_player(self.players, player)]

    def encode(self, state: Any, player: Any) -> list[int]:
        """What `player` may see of `state`, as numbers in the layout's order."""
        from wonderrules.interpreter.observe import sees, size_seen, zones_in_force

        self._check(state)
        player = check_player(state.players, player)
        cat = state.catalog
        at = self._slices
        out = [0] * self.n
        out[at["age"]] = state.age
        out[at["turn"]] = state.turn
        out[at["terminal"]] = int(state.terminal)
        zones = zones_in_force(state)
        asked = state.asked.get(player) if not state.terminal else None
        if asked is not None:
            out[at["decision"] + asked.decision] = 1
            out[at["loss"]] = state.losses.get(asked.seat, 0)
            if any(k.card_zone >= 0 and not sees(state, player, zones[k.card_zone], player)
                   for k in cat.decision_kinds[asked.decision]):
                taken = dict.fromkeys(a.card for a in state.legal_actions(player) if a.card)
                self._count(out, at["choices"], taken)
        for i, zone in enumerate(zones):
            if zone.per != "shared":
                continue
            cards = state.shared[i]
            if sees(state, player, zone, -1):
                self._count(out, at[f"table.{zone.name}.cards"], (c.name for c in cards))
            out[at[f"table.{zone.name}.size"]] = len(cards) if size_seen(state, player, zone, -1) else -1
        for k, seat in enumerate(self.seat_order(player)):
            city = state.cities[seat]
            key = f"seat{k}."
            out[at[key + "board"] + self._board_index[(city.board.name, city.board.side)]] = 1
            out[at[key + "neutral"]] = int(seat in state.neutral)
            out[at[key + "controlled"]] = int(seat in state.neutral and state.controller_of(seat) == player)
            out[at[key + "coins"]] = city.coins
            out[at[key + "stages_built"]] = city.stages_built
            out[at[key + "stages"]] = len(city.board.stages)
            start = at[key + "tokens"]
            out[start:start + len(cat.tokens)] = city.token_counts
            start = at[key + "token_values"]
            out[start:start + len(cat.tokens)] = city.token_values
            start = at[key + "symbols"]
            out[start:start + len(cat.symbols)] = city.symbols
            for i, zone in enumerate(zones):
                if zone.per != "seat":
                    continue
                cards = city.zones[i]
                name = f"{key}{zone.name}."
                if sees(state, player, zone, seat):
                    out[at[name + "seen"]] = 1
                    self._count(out, at[name + "cards"], (c.name for c in cards))
                out[at[name + "size"]] = len(cards) if size_seen(state, player, zone, seat) else -1
        return out

    # ---- the vector in pieces ----------------------------------------------------------------------
    def pieces(self, state: Any, player: Any) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
        """The vector of :meth:`encode` in pieces, for those who build many players' vectors of
        one moment. First the head (the first ``head_size`` numbers, the player's own): the
        indexes of its numbers that may not be zero, and those numbers. Then the keys of the
        pieces that follow it, in order: each zone of the table, then per seat its city's public
        side and each of its zones. A key names what its piece shows, so players given the same
        key at the same moment see the same piece: :meth:`piece` gives its numbers."""
        self._check(state)
        return self._pieces(state, check_player(state.players, player))

    def piece(self, state: Any, key: Any) -> tuple[int, list[int], list[int]]:
        """The piece of a key of :meth:`pieces`: its length, the indexes (from the piece's start)
        of its numbers that may not be zero, and those numbers."""
        self._check(state)
        return self._piece(state, key)

    def _check(self, state: Any) -> None:
        from wonderrules.interpreter.state import State

        if not isinstance(state, State):
            raise ArgumentError(f"an ObservationSpace reads a game state (from Game.new_initial_state), "
                                f"not {shown(state)}")
        if state.n != self.seats or state.players != self.players:
            raise ArgumentError(f"the game state has {state.players} players and {state.n} seats: this "
                                f"ObservationSpace's table has {self.players} and {self.seats}")
        if not any(state.catalog is known for known in self._known):
            if state.game.rules != self.rules:
                raise ArgumentError("the game state is of another rule set than this ObservationSpace's")
            self._known.append(state.catalog)

    def _zones(self, state: State) -> Any:
        """The zones in force at the state's table, ready for :meth:`_pieces`: the keys of the
        table's zones; per seat, each zone of a seat as its key when every player sees it alike,
        else as ``(index, zone)``; and the zones by index."""
        config, zones = self._zones_of
        if config is not state.config:
            from wonderrules.interpreter.observe import zones_in_force

            in_force = dict(enumerate(zones_in_force(state)))
            table: list[tuple[int, ...]] = []
            per_seat: list[tuple[int, Any, Any]] = []
            for i, zone in in_force.items():
                if zone.seen_by == "everyone":
                    view: Any = 2
                elif zone.seen_by == "nobody" or zone.per == "shared":
                    view = 1 if zone.size_seen else 0
                else:
                    view = None
                if zone.per == "shared":
                    table.append((-1, i, view))
                else:
                    per_seat.append((i, zone, view))
            seats = tuple(tuple((seat, i, view) if view is not None else (i, zone) for i, zone, view in per_seat)
                          for seat in range(self.seats))
            zones = (table, seats, in_force)
            self._zones_of = (state.config, zones)
        return zones

    def _pieces(self, state: State, player: int) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
        """:meth:`pieces` without checking its arguments. The keys: ``(-1, zone index, view)`` for
        a zone of the table, ``(seat, controlled)`` for a city's public side, ``(seat, zone index,
        view)`` for a zone of a seat, where view is 2 (its cards seen), 1 (its size only) or 0."""
        from wonderrules.interpreter.observe import sees

        at = self._slices
        where = [at["age"], at["turn"], at["terminal"]]
        numbers = [state.age, state.turn, int(state.terminal)]
        table, seats, in_force = self._zones(state)
        asked = state.asked.get(player) if not state.terminal else None
        if asked is not None:
            cat = state.catalog
            where.append(at["decision"] + asked.decision)
            numbers.append(1)
            loss = state.losses.get(asked.seat, 0)
            if loss:
                where.append(at["loss"])
                numbers.append(loss)
            if any(k.card_zone >= 0 and not sees(state, player, in_force[k.card_zone], player)
                   for k in cat.decision_kinds[asked.decision]):
                start = at["choices"]
                taken = list(dict.fromkeys(start + self._card_index[a.card]
                                           for a in state.legal_actions(player) if a.card))
                where += taken
                numbers += [1] * len(taken)
        keys = list(table)
        neutral = state.neutral
        for seat in self._orders[player]:
            keys.append((seat, int(seat in neutral and state.controller_of(seat) == player)))
            for key in seats[seat]:
                if len(key) == 2:
                    zone = key[1]
                    key = (seat, key[0], 2 if sees(state, player, zone, seat) else 1 if zone.size_seen else 0)
                keys.append(key)
        return where, numbers, keys

    def _piece(self, state: State, key: tuple[int, ...]) -> tuple[int, list[int], list[int]]:
        """:meth:`piece` without checking its arguments."""
        if len(key) == 3:
            seat, i, view = key
            cards = state.shared[i] if seat < 0 else state.cities[seat].zones[i]
            start = 0 if seat < 0 else 1  # a zone of a seat begins with its flag 'seen'
            size = len(cards) if view else -1
            counts = {start: size}
            if view == 2:
                if seat >= 0:
                    counts[0] = 1
                index = self._card_index
                for c in cards:
                    slot = start + 1 + index[c.name]
                    counts[slot] = counts.get(slot, 0) + 1
            return start + 1 + len(self.card_names), list(counts), list(counts.values())
        seat, controlled = key
        at = self._slices
        base = at["seat0.board"]
        city = state.cities[seat]
        where = [self._board_index[(city.board.name, city.board.side)]]
        numbers = [1]
        for name, value in (("neutral", int(seat in state.neutral)), ("controlled", controlled),
                            ("coins", city.coins), ("stages_built", city.stages_built),
                            ("stages", len(city.board.stages))):
            if value:
                where.append(at["seat0." + name] - base)
                numbers.append(value)
        for name, values in (("tokens", city.token_counts), ("token_values", city.token_values),
                             ("symbols", city.symbols)):
            start = at["seat0." + name] - base
            for i, value in enumerate(values):
                if value:
                    where.append(start + i)
                    numbers.append(value)
        return self._city_size, where, numbers

    def _count(self, out: list[int], start: int, names: Any) -> None:
        index = self._card_index
        for name in names:
            out[start + index[name]] += 1


def running_scores(state: Any) -> list[ScoreSheet]:
    """Every seat's score sheet as it would stand if the game ended now: final scoring run on a
    copy of the game as it is (what is still to come, such as the contests at the end of the
    age under way, counts nothing). After the end, the game's own sheets."""
    from wonderrules.interpreter.state import State

    if not isinstance(state, State):
        raise ArgumentError(f"running_scores needs a game state (from Game.new_initial_state), not {shown(state)}")
    if state.terminal and state.sheets is not None:
        return list(state.sheets)
    copy = state.clone()
    return list(state.game.scorer.sheets(copy))
