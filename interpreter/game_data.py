"""The data of one game in progress (:class:`GameData`), the scratch the engine keeps beside it
(:class:`Scratch`), and the calls effects make on a game.

The game's structure is data (the catalog's program); a game's data is where the game is (a
program counter, the age and turn, loop counters), every city, the shared zones, who controls
each neutral seat, the decisions asked (:mod:`.asks`) and a queue of work items (:mod:`.work`).
What every game of a table shares is not a game's data: it is the Game's (`game`, `catalog`,
`config`, `table`) or its per-table caches (`caches`, :mod:`.table_caches`), held by reference
and never copied. What a call works with while it runs, or remembers between calls, is
:class:`Scratch` (`scratch`). The public calls on a game are :class:`.state.State`'s, a GameData
that adds them and nothing else; running the program is :mod:`.engine`'s.

Every field is listed once, in :data:`FIELDS`, with how a copy of the game copies it: the slots,
:meth:`GameData.copy` and the tests that compare two games are all read from that table.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import engine
from wonderrules.interpreter.asks import Ask, RoundUnderWay
from wonderrules.interpreter.city import City
from wonderrules.interpreter.events import Event, EventFields, raise_event
from wonderrules.interpreter.market import seller_seats, slot_seats, sold_to, start_prices
from wonderrules.interpreter.value_range import MAX_VALUE, beyond, figure
from wonderrules.interpreter.work import MomentEffect, RunHeard, Waiting, WorkItem

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.arguments import FixedDeals
    from wonderrules.interpreter.catalog import BoardKind, Catalog, Source
    from wonderrules.interpreter.config import TableConfig
    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.table import Table
    from wonderrules.interpreter.table_caches import TableCaches
    from wonderrules.interpreter.values import Action, Decision

__all__ = ["GameData", "Scratch", "FIELDS", "SHARED"]


def _copy_rng(rng: random.Random) -> random.Random:
    # seeded from a number, not from the system's entropy: the state set next replaces it whole
    other = random.Random(0)
    other.setstate(rng.getstate())
    return other


def _copy_lists(table: dict[Any, list[Any]]) -> dict[Any, list[Any]]:
    return {k: list(v) for k, v in table.items()}


def _copy_cities(cities: list[City]) -> list[City]:
    return [c.copy() for c in cities]


def _copy_optional_list(value: Optional[list[Any]]) -> Optional[list[Any]]:
    return None if value is None else list(value)


#: what a copy of a game shares with its original: values never changed in place (numbers,
#: tuples, frozensets, None) or things the game only reads (the Game and its caches)
SHARED: Optional[Callable[[Any], Any]] = None

#: every field of a game's data, in slot order, and how a copy copies it (SHARED: the very value)
FIELDS: tuple[tuple[str, Optional[Callable[[Any], Any]]], ...] = (
    # what the game is played with: the Game's, shared by every game of the table
    ("game", SHARED), ("catalog", SHARED), ("config", SHARED), ("table", SHARED), ("caches", SHARED),
    ("neutral", SHARED), ("resolve_order", SHARED),
    # the setup and chance
    ("seed", SHARED), ("rng", _copy_rng), ("deals", dict), ("deals_made", dict),
    # the cities and shared zones
    ("cities", _copy_cities), ("shared", _copy_lists), ("controller", dict),
    # where the program is
    ("age", SHARED), ("turn", SHARED), ("pc", SHARED), ("slots", list), ("round", SHARED),
    ("work", deque), ("fired", list), ("raised", list), ("listening", SHARED),
    ("waiting", _copy_lists), ("moment_queue", list), ("moment_running", SHARED), ("moment_rank", SHARED),
    ("seq", SHARED),
    # the decisions asked and the choices of the round under way
    ("pending", dict), ("asked", dict), ("chosen", dict), ("set_aside", dict), ("asked_within", dict), ("losses", dict),
    ("loss_causes", dict),
    # what happened, and the end
    ("history", list), ("sheets", _copy_optional_list), ("terminal", SHARED), ("stopped", SHARED),
    # beside the data: what calls work with
    ("scratch", lambda scratch: scratch.copy()),
)


#: the fields a copy shares, and those it copies (all but the generator) with how
_SHARED_FIELDS: tuple[str, ...] = tuple(name for name, how in FIELDS if how is None)
_COPIED_FIELDS: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple(
    (name, how) for name, how in FIELDS if how is not None and name != "rng")


class Scratch:
    """What the engine carries while one call on a game runs, or remembers between calls, that is
    not the game: a log never holds it, and two games equal in their data play the same whatever
    their scratch holds."""

    __slots__ = ("legal", "event", "amount", "cascade")

    def __init__(self) -> None:
        #: player -> the legal actions of their pending decision, once listed (forgotten at each
        #: change of the game)
        self.legal: dict[int, list[Action]] = {}
        #: the event whose listener's effect is running, or the contest result whose tokens are
        #: being counted (`opponent` is its other seat); None otherwise
        self.event: Optional[Event] = None
        #: while an action that takes an amount is carried out: its amount (`amount`); 0 otherwise
        self.amount = 0
        #: how many `whenever` effects the cascade under way has set off (see engine._take_fired)
        self.cascade = 0

    def copy(self) -> Scratch:
        """A copy for a copy of the game: what is carried goes with it, what is remembered does not
        (the listings hold the original's cached payments)."""
        other = Scratch()
        other.event = self.event
        other.amount = self.amount
        other.cascade = self.cascade
        return other


class GameData:
    """The data of one game (see the module's docstring); a :class:`.state.State` is what
    :meth:`.Game.new_initial_state` makes of it."""

    __slots__ = tuple(name for name, _ in FIELDS)

    game: Game
    catalog: Catalog
    config: TableConfig
    table: Table
    caches: TableCaches
    #: seat -> the rules of a neutral seat
    neutral: dict[int, Any]
    #: the order a round's actions resolve in: seats that resolve first, then seat order
    resolve_order: tuple[int, ...]
    seed: int
    rng: random.Random
    #: (deal, age, occurrence) -> the cards fixed for that deal (scenario setup, a replayed log)
    deals: dict[tuple[str, int, int], Any]
    #: (deal, age) -> how many times it was dealt (which of the fixed deals comes next)
    deals_made: dict[tuple[str, int], int]
    cities: list[City]
    #: zone index -> the cards of a shared zone
    shared: dict[int, list[Source]]
    #: neutral seat -> the player who decides for it now
    controller: dict[int, int]
    age: int
    turn: int
    #: the program counter, and the program's loop counters
    pc: int
    slots: list[int]
    #: the round being played (None between rounds)
    round: Optional[RoundUnderWay]
    work: deque[WorkItem]
    #: work items of the `whenever` effects set off by events not yet run (see events.raise_event)
    fired: list[RunHeard]
    #: the events of the resolution under way (their fields), heard once it is over
    #: (engine.build_items), in order: every card and stage built (for its build effects too),
    #: each seller paid when `buys` is listened to
    raised: list[EventFields]
    #: the kinds of event some active source of the game listens to: an event of another kind
    #: is never raised (a frozenset, replaced when a kind is added: copies share it)
    listening: frozenset[str]
    #: moment -> the effects waiting for the next such moment
    waiting: dict[int, list[Waiting]]
    #: the effects of the moment under way not run yet
    moment_queue: list[MomentEffect]
    moment_running: int
    moment_rank: int
    seq: int
    #: player -> their pending decision
    pending: dict[int, Decision]
    #: player -> what their pending decision is about (see engine.ask_*)
    asked: dict[int, Ask]
    #: seat -> the action chosen for it in the round under way (by its controller: the seat's
    #: player, or a neutral seat's controller)
    chosen: dict[int, Action]
    #: seat -> the card that choice took (None: none), set aside until the round resolves
    set_aside: dict[int, Optional[Source]]
    #: seat -> whether its choice of the round spends as at the start of the turn
    asked_within: dict[int, bool]
    #: seat -> the coins lost by the loss whose decision it is asked or carrying out (`loss`)
    losses: dict[int, int]
    #: seat -> the card or stage whose effect that loss is (None: no effect's)
    loss_causes: dict[int, Optional[Source]]
    #: what happened, entry by entry: the setup, each deal (the cards, by name), each round of
    #: decisions (player key -> the Action, an immutable value; see log.to_log for JSON)
    history: list[dict[str, Any]]
    sheets: Optional[list[Any]]
    terminal: bool
    #: why the rules stopped the game (see engine.stop), or None while it can go on
    stopped: Optional[str]
    scratch: Scratch

    def __init__(self, game: Optional[Game], seed: int = 0, boards: Sequence[BoardKind] = (),
                 deals: Optional[FixedDeals] = None, rng: Optional[random.Random] = None) -> None:
        """The game's data before anything is active or dealt (:func:`.engine.start` starts it).
        Without a game, as `copy` makes one, it is left blank: the copy sets every field (a
        compiled class is made only through here)."""
        if game is None or deals is None or rng is None:
            return
        cat = game.catalog
        cfg = game.config
        self.game = game
        self.catalog = cat
        self.config = cfg
        self.table = game.table
        caches = self.caches = game.caches
        self.seed = seed
        self.rng = rng
        rows = caches.start_prices
        for s in range(cfg.seats):
            if rows[s] is None:
                rows[s] = start_prices(cat, self.table, s)
        self.cities = [City(s, boards[s], cat, cfg.start_coins, [list(row) for row in rows[s] or ()])
                       for s in range(cfg.seats)]
        self.shared = {i: [] for i, z in enumerate(cat.zones) if z.per == "shared"}
        self.neutral = {cfg.players + i: n for i, n in enumerate(cfg.neutral_seats)}
        self.resolve_order = tuple(sorted(range(cfg.seats), key=lambda s: (
            not (s in self.neutral and self.neutral[s].resolves_first), s)))
        self.controller = {}
        self.age = 0
        self.turn = 0
        self.pc = 0
        self.slots = [0] * cat.program.slots
        self.work = deque()
        self.fired = []
        self.pending = {}
        self.asked = {}
        self.chosen = {}
        self.set_aside = {}
        self.asked_within = {}
        self.round = None
        self.raised = []
        self.listening = frozenset()
        self.losses = {}
        self.loss_causes = {}
        self.waiting = {}
        self.moment_queue = []
        self.moment_running = -1
        self.moment_rank = 0
        self.seq = 0
        if not caches.seller_pairs:
            caches.seller_pairs[:] = [found if len(found) == 2 and sold_to(self, s) is None else None
                                   for s, found in ((s, seller_seats(self, s)) for s in range(cfg.seats))]
        self.deals = dict(deals)
        self.deals_made = {}
        self.history = [{"type": "setup", "seed": seed, "players": cfg.players, "options": list(cfg.options),
                         "boards": [[b.name, b.side] for b in boards]}]
        self.sheets = None
        self.terminal = False
        self.stopped = None
        self.scratch = Scratch()

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def n(self) -> int:
        return self.config.seats

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
    def with_cities(self, cities: list[City]) -> Any:
        """The game as it would be with `cities` in place of its cities: a view of the same class,
        every other field this game's own (shared, not copied). Read, never played."""
        cls = type(self)
        other = cls(None)
        for name, _ in FIELDS:
            setattr(other, name, getattr(self, name))
        other.cities = cities
        return other

    def copy(self, rng: Optional[random.Random] = None) -> Any:
        """A copy of the game, of the same class, made field by field as :data:`FIELDS` says:
        it changes apart from its original and shares only what neither changes. Given `rng`, the
        copy draws from it (its own from then on) instead of from a copy of this game's generator."""
        cls = type(self)
        other = cls(None)
        for name in _SHARED_FIELDS:
            setattr(other, name, getattr(self, name))
        for name, how in _COPIED_FIELDS:
            setattr(other, name, how(getattr(self, name)))
        other.rng = _copy_rng(self.rng) if rng is None else rng
        return other
