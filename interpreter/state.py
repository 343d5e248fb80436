"""One game in progress: its data, and the public calls made on it.

The game's structure is data (the catalog's program); the state holds where the game is (a
program counter, the age and turn, loop counters), every city, the shared zones, who controls
each neutral seat, the decisions asked (:mod:`.asks`), and a queue of work items (:mod:`.work`).
Running the program is :mod:`.engine`'s; listing actions is :mod:`.legal`', judging them
:mod:`.refusals`'.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import engine
from wonderrules.interpreter.actions import Action, Decision, IllegalActionError, legal_actions
from wonderrules.interpreter.arguments import check_action, check_round, plain_action, plain_payment
from wonderrules.interpreter.asks import Ask
from wonderrules.interpreter.city import City
from wonderrules.interpreter.errors import ArgumentError, GameStoppedError
from wonderrules.interpreter.events import Event, EventFields, raise_event
from wonderrules.interpreter.value_range import MAX_VALUE, beyond, figure
from wonderrules.interpreter.work import RunHeard, WorkItem

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.actions import SeatInfo
    from wonderrules.interpreter.arguments import FixedDeals
    from wonderrules.interpreter.catalog import BoardKind, Source
    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.refusals import Refusal

__all__ = ["State"]


class State:
    """One game. Create with :meth:`Game.new_initial_state`."""

    #: every field (slots: a game reads them on every move)
    __slots__ = (
        "game", "catalog", "config", "table", "seed", "rng", "cities", "shared", "neutral", "resolve_order",
        "controller", "age", "turn", "pc", "slots", "work", "fired", "pending", "asked", "chosen",
        "asked_within", "round", "raised", "listening", "waiting", "moment_queue", "moment_running",
        "moment_rank", "seq", "sellers", "seat_info", "seller_pairs", "legal", "deals", "deals_made",
        "history", "sheets", "terminal", "event", "stopped", "cascade", "losses", "loss_causes", "amount",
    )

    def __init__(self, game: Game, seed: int, boards: Sequence[BoardKind], deals: FixedDeals,
                 rng: random.Random) -> None:
        cat = game.catalog
        cfg = game.config
        self.game = game
        self.catalog = cat
        self.config = cfg
        self.table = game.table
        self.seed = seed
        self.rng = rng
        from wonderrules.interpreter.market import start_prices

        rows = game.start_prices
        for s in range(cfg.seats):
            if rows[s] is None:
                rows[s] = start_prices(cat, self.table, s)
        self.cities = [City(s, boards[s], cat, cfg.start_coins, [list(row) for row in rows[s] or ()])
                       for s in range(cfg.seats)]
        #: zone index -> the cards of a shared zone
        self.shared: dict[int, list[Source]] = {i: [] for i, z in enumerate(cat.zones) if z.per == "shared"}
        self.neutral = {cfg.players + i: n for i, n in enumerate(cfg.neutral_seats)}
        #: the order a round's actions resolve in: seats that resolve first, then seat order
        self.resolve_order = tuple(sorted(range(cfg.seats), key=lambda s: (
            not (s in self.neutral and self.neutral[s].resolves_first), s)))
        self.controller: dict[int, int] = {}
        self.age = 0
        self.turn = 0
        self.pc = 0
        self.slots = [0] * cat.program.slots
        self.work: deque[WorkItem] = deque()
        #: work items of the `whenever` effects set off by events not yet run (see events.raise_event)
        self.fired: list[RunHeard] = []
        #: the `whenever` effects set off in the cascade under way (see engine._take_fired)
        self.cascade = 0
        self.pending: dict[int, Decision] = {}
        #: player -> what their pending decision is about (see engine.ask_*)
        self.asked: dict[int, Ask] = {}
        #: seat -> (player, action, card) chosen in the current round
        self.chosen: dict[int, tuple[int, Action, Optional[Source]]] = {}
        #: seat -> whether its choice of the round spends as at the start of the turn
        self.asked_within: dict[int, bool] = {}
        #: the round being played: (decision, players only, ability, within turn, sub-round)
        self.round: Optional[tuple[int, bool, int, bool, int]] = None
        #: the events of the resolution under way (their fields), heard once it is over
        #: (engine.build_items), in order: every card and stage built (for its build effects too),
        #: each seller paid when `buys` is listened to
        self.raised: list[EventFields] = []
        #: the kinds of event some active source of the game listens to: an event of another kind
        #: is never raised (a frozenset, replaced when a kind is added: clones share it)
        self.listening: frozenset[str] = frozenset()
        #: the event whose listener's effect is running, or the contest result whose tokens are
        #: being counted (`opponent` is its other seat)
        self.event: Optional[Event] = None
        #: seat -> the coins lost by the loss whose decision it is asked or carrying out (`loss`)
        self.losses: dict[int, int] = {}
        #: seat -> the card or stage whose effect that loss is (None: no effect's)
        self.loss_causes: dict[int, Optional[Source]] = {}
        #: while an action that takes an amount is carried out: its amount (`amount`)
        self.amount = 0
        #: moment -> (seat, sequence, hook) waiting for the next such moment
        self.waiting: dict[int, list[tuple[int, int, Any]]] = {}
        self.moment_queue: list[tuple[int, int, int, Any]] = []
        self.moment_running = -1
        self.moment_rank = 0
        self.seq = 0
        # what the table fixes is shared by the games of the table (see Game)
        self.sellers: list[Optional[tuple[int, ...]]] = game.sellers
        #: per seat, what listing actions needs that never changes in a game (see actions.SeatInfo)
        self.seat_info: list[Optional[SeatInfo]] = game.seat_info
        pairs = game.seller_pairs
        if pairs is None:
            from wonderrules.interpreter.market import seller_seats, sold_to

            pairs = game.seller_pairs = [found if len(found) == 2 and sold_to(self, s) is None else None
                                         for s, found in ((s, seller_seats(self, s)) for s in range(cfg.seats))]
        #: per seat, its two sellers when it has exactly two (the market's usual shape) and both sell
        #: every resource, else None
        self.seller_pairs = pairs
        self.legal: dict[int, list[Action]] = {}
        #: (deal, age, occurrence) -> the cards fixed for that deal (scenario setup, a replayed log)
        self.deals = dict(deals)
        #: (deal, age) -> how many times it was dealt (which of the fixed deals comes next)
        self.deals_made: dict[tuple[str, int], int] = {}
        #: what happened, entry by entry: the setup, each deal (the cards, by name), each round of
        #: decisions (player key -> the Action, an immutable value; see log.to_log for JSON)
        self.history: list[dict[str, Any]] = [{"type": "setup", "seed": seed, "players": cfg.players,
                                               "options": list(cfg.options),
                                               "boards": [[b.name, b.side] for b in boards]}]
        self.sheets: Optional[list[Any]] = None
        self.terminal = False
        #: why the rules stopped the game (see engine.stop), or None while it can go on
        self.stopped: Optional[str] = None
        engine.start(self)

    # ---- the public API ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.config.players

    @property
    def n(self) -> int:
        return self.config.seats

    def is_terminal(self) -> bool:
        return self.terminal

    def pending_decisions(self) -> dict[int, Decision]:
        """Who must choose now: player -> decision (all of them choose at the same time)."""
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        return dict(self.pending)

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` now (empty when they have nothing to decide)."""
        found = self.legal.get(player) if type(player) is int else None
        if found is not None:
            return found
        self._check_player(player)
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        if player not in self.pending:
            return []
        found = self.legal.get(player)
        if found is None:
            found = self.legal[player] = legal_actions(self, player)
        return found

    def explain(self, player: int, action: Action) -> Optional[str]:
        """Why `action` is illegal for `player` now, or None when it is legal. ArgumentError for
        a player that is not at the table or an action that is not well formed, GameStoppedError
        for a game the rules stopped. The sentence is one printable line: text of the action it
        quotes (a card, a kind) is shown escaped. :meth:`refusal` gives its code too."""
        refused = self.refusal(player, action)
        return None if refused is None else refused.sentence

    def refusal(self, player: int, action: Action) -> Optional[Refusal]:
        """Why `action` is illegal for `player` now, as a Refusal (a stable code and the sentence
        :meth:`explain` gives), or None when it is legal. Raises as :meth:`explain` does."""
        import attrs

        from wonderrules.interpreter.refusals import Refusal, refusal
        from wonderrules.interpreter.validate import printable

        self._check_player(player)
        check_action(action)
        if self.terminal:
            return Refusal("game-over", "the game is over")
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        if player not in self.pending:
            waiting = ", ".join(str(p) for p in sorted(self.pending)) or "nobody"
            return Refusal("not-your-turn", f"player {player} has no decision to make now (waiting for: {waiting})")
        action = plain_action(action)
        if action in self.legal_actions(player):
            return None
        refused = refusal(self, player, action)
        return attrs.evolve(refused, sentence=printable(refused.sentence))

    def coins_to_bank(self, player: int, action: Action) -> int:
        """The coins `action`, legal for `player` now, pays to the bank: its card's or stage's
        coins (after the city's cost changes) unless its way is free, or the coins paid of a
        loss. Its payments to sellers are its own `pay`. An account of the game asks it before
        the action is applied; the figure is the cost as it stands when the action is chosen.
        ArgumentError for a wrong argument, IllegalActionError for an action not legal now."""
        refused = self.refusal(player, action)
        if refused is not None:
            raise IllegalActionError({player: refused.sentence}, {player: refused.code})
        from wonderrules.interpreter.actions import coins_to_bank

        return coins_to_bank(self, player, plain_action(action))

    def apply_actions(self, actions: Mapping[int, Action]) -> None:
        """One choice per pending player, all at once. Raises IllegalActionError (a reason per
        refused player) and leaves the state untouched if any choice is illegal; ArgumentError
        for a wrong argument or a game that is over."""
        if self.terminal:
            raise ArgumentError("the game is over: there is nothing left to decide")
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        pending = self.pending
        legal = self.legal
        if type(actions) is dict and len(actions) == len(pending):
            # the usual call: one listed action of plain values per pending player; anything
            # else is judged below (and made plain, so that the history records plain values)
            for p, a in actions.items():
                found = legal.get(p) if type(p) is int else None
                if found is None or p not in pending or a not in found:
                    break
                # the listed object itself (the lists hold plain values), or an equal one checked
                if found[found.index(a)] is not a and (
                        type(a) is not Action or type(a[1]) is not str or type(a[4]) is not int
                        or type(a[0]) is not str or type(a[3]) is not str or (a[2] and not plain_payment(a[2]))):
                    break
            else:
                engine.apply(self, actions)
                return

        chosen = check_round(self.config.players, actions)
        from wonderrules.interpreter.refusals import Refusal

        refusals: dict[int, Refusal] = {}
        for p in pending:
            if p not in chosen:
                refusals[p] = Refusal("choice-missing", f"player {p} must choose ({pending[p].kind})")
        for p, a in chosen.items():
            refused = self.refusal(p, a)
            if refused is not None:
                refusals[p] = refused
        if refusals:
            raise IllegalActionError({p: r.sentence for p, r in refusals.items()},
                                     {p: r.code for p, r in refusals.items()})
        engine.apply(self, chosen)

    def scores(self) -> list[Any]:
        """The score sheet of every seat (after the game ends)."""
        if not self.terminal or self.sheets is None:
            raise ArgumentError("the game is not over: there are no final scores yet")
        return list(self.sheets)

    def winners(self) -> list[int]:
        from wonderrules.interpreter.results import winners

        return winners(self)

    def ranks(self) -> list[int]:
        """Each player's place after the game, 1 the best; players level on total and tie
        breaks (or in the same team, when a team wins) share a place, and the next is skipped."""
        from wonderrules.interpreter.results import ranks

        return ranks(self)

    def win_shares(self) -> list[float]:
        """Each player's share of the win after the game: 1/k for a tie of k winners; when a
        team wins, each member has the team's share (1/k for a tie of k teams); 0 for the others."""
        from wonderrules.interpreter.results import win_shares

        return win_shares(self)

    def returns(self) -> list[float]:
        """1 for each winner (shared ties split), 0 otherwise, per player."""
        if not self.terminal:
            return [0.0] * self.players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.players)]

    # ---- seats ---------------------------------------------------------------------------------
    def left(self, seat: int) -> int:
        return self.table.left(seat)

    def right(self, seat: int) -> int:
        return self.table.right(seat)

    def controller_of(self, seat: int) -> int:
        """Who decides for a seat: its player, or a neutral seat's controller."""
        return self.controller.get(seat, seat) if seat in self.neutral else seat

    def market_slots(self, seat: int, relations: tuple[Any, ...]) -> list[int]:
        """The market slots of a buyer whose seller is one of the seats of `relations`: one slot
        per seller (its first), so that a seller filling several slots (the one neighbour at two
        seats) is given a price or rebate of an effect once, as every effect counts a seat once."""
        from wonderrules.interpreter.market import slot_seats

        wanted = self.table.union(relations, seat)
        found: dict[int, int] = {}
        for i, s in enumerate(slot_seats(self, seat)):
            if s in wanted and s not in found:
                found[s] = i
        return sorted(found.values())

    # ---- zones ---------------------------------------------------------------------------------
    def zone(self, zone: int, seat: int) -> list[Source]:
        shared = self.shared.get(zone)
        return shared if shared is not None else self.cities[seat].zones[zone]

    def zone_size(self, zone: int, seats: Sequence[int]) -> int:
        shared = self.shared.get(zone)
        if shared is not None:
            return len(shared)
        return sum(len(self.cities[s].zones[zone]) for s in seats)

    def count_in_zone(self, zone: int, seat: int, colours: Optional[tuple[int, ...]]) -> int:
        cards = self.zone(zone, seat)
        if colours is None:
            return len(cards)
        return sum(1 for c in cards if c.colour_id in colours)

    def move_cards(self, n: int, from_zone: int, from_seat: int, to_zone: int, to_seat: int) -> None:
        """Move up to `n` cards from the top of one zone into another (see engine.place)."""
        engine.move_cards(self, n, from_zone, from_seat, to_zone, to_seat)

    # ---- what effects call ---------------------------------------------------------------------
    def gain_tokens(self, seat: int, token: int, n: int, worth: int, where: str = "", source: Any = None,
                    giver: int = -1) -> None:
        """`n` tokens, each worth `worth`. `where`: what gives them, named if the game stops
        because the tokens or their worth would leave the range of numbers (value_range);
        `source`: the card or stage whose effect gives them, `giver` the seat they come from
        (-1: the bank), as the event says."""
        city = self.cities[seat]
        count = city.token_counts[token] + n
        value = city.token_values[token] + n * worth
        if not (-MAX_VALUE <= count <= MAX_VALUE and -MAX_VALUE <= value <= MAX_VALUE):
            name = self.catalog.tokens[token]
            if not -MAX_VALUE <= count <= MAX_VALUE:
                beyond(self, f"seat {seat} would hold {figure(count)} '{name}' tokens", where)
            beyond(self, f"seat {seat} would hold '{name}' tokens worth {figure(value)}", where)
        city.token_counts[token] = count
        city.token_values[token] = value
        if n > 0 and "gains" in self.listening:
            if source is None and self.loss_causes:  # given by the action a loss decides: its cause
                source = self.loss_causes.get(seat)
            raise_event(self, ("gains", seat, token, "", giver, source))

    def gain_coins(self, seat: int, n: int, where: str = "", source: Any = None, payer: int = -1) -> None:
        """Coins from the bank, or paid by the seat `payer` (never a buyer's payment): heard by
        `whenever ... gains coins`. `where`: what gives them, named if the game stops because the
        coins would leave the range of numbers (value_range); `source`: the card or stage whose
        effect gives them, as the event says."""
        city = self.cities[seat]
        coins = city.coins + n
        if not -MAX_VALUE <= coins <= MAX_VALUE:
            beyond(self, f"seat {seat} would hold {figure(coins)} coins", where)
        city.coins = coins
        if n > 0 and "coins" in self.listening:
            if source is None and self.loss_causes:
                source = self.loss_causes.get(seat)
            raise_event(self, ("coins", seat, -1, "", payer, source))

    def lose_coins(self, seat: int, n: int, decision: Optional[int], cause: Any = None) -> None:
        engine.lose_coins(self, seat, n, decision, cause)

    def ask(self, seat: int, decision: int) -> None:
        engine.ask_decision(self, seat, decision)

    # ---- copies --------------------------------------------------------------------------------
    def clone(self) -> State:
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.cities = [c.copy() for c in self.cities]
        other.shared = {k: list(v) for k, v in self.shared.items()}
        other.controller = dict(self.controller)
        other.slots = list(self.slots)
        other.work = deque(self.work)
        other.fired = list(self.fired)
        other.pending = dict(self.pending)
        other.asked = dict(self.asked)
        other.losses = dict(self.losses)
        other.loss_causes = dict(self.loss_causes)
        other.chosen = dict(self.chosen)
        other.asked_within = dict(self.asked_within)
        other.raised = list(self.raised)
        other.waiting = {k: list(v) for k, v in self.waiting.items()}
        other.moment_queue = list(self.moment_queue)
        other.legal = {}
        other.deals = dict(self.deals)
        other.deals_made = dict(self.deals_made)
        other.history = list(self.history)
        other.sheets = list(self.sheets) if self.sheets is not None else None
        return other

    def __copy__(self) -> State:
        """`copy.copy(state)` is a clone: a copy sharing its original's cities and zones would
        change with it."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """`copy.deepcopy(state)` is a clone too: what it shares with its original (the Game, the
        rule set, the actions handed out) never changes while a game is played."""
        other = memo[id(self)] = self.clone()
        return other

    def __reduce_ex__(self, protocol: Any) -> Any:
        """Pickle refuses a state (a log is how a game travels; see docs/engine.rst)."""
        raise TypeError("a game state cannot be pickled: write the game as a log with wonderrules.to_log(state) "
                        "and play it again with wonderrules.replay(game, log) (a Game and its RuleSet pickle)")

    def determinized(self, player: int, rng: random.Random) -> State:
        """A copy of the game as `player` might believe it to be: the cards it cannot see (the
        other hands, face-down piles) dealt again at random among the places it cannot see, each
        place keeping its size and each card trading places only with cards of the same deck and
        age; the next deals drawn by a new generator seeded from `rng`; the other players' choices
        of the round under way, face down, guessed again. What the player sees stays as it is. A
        search samples such copies to plan without peeking (see :mod:`.hidden`).
        ArgumentError for a player who is not at the table or an `rng` that is not a
        random.Random."""
        from wonderrules.interpreter.hidden import determinized

        self._check_player(player)
        if not isinstance(rng, random.Random):
            from wonderrules.interpreter.arguments import shown

            raise ArgumentError(f"determinized needs a random.Random generator, not {shown(rng)}")
        return determinized(self, player, rng)

    def _check_player(self, player: Any) -> None:
        if type(player) is not int or not 0 <= player < self.config.players:
            from wonderrules.interpreter.arguments import check_player

            check_player(self.config.players, player)
