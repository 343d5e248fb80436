"""A seat's city: its board, what it holds, its coins and tokens, its production for the market,
its prices, its abilities, and the effects of its active cards waiting for their moment.

Changed only by the engine and the compiled hooks. Every change to production, derived
production, prices, rebates or cost changes bumps `version` (the market's memo reads it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.grants import CityGrant
from wonderrules.interpreter.ops import OP_SPECS

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import BoardKind, Catalog, Source
    from wonderrules.interpreter.events import Listener

__all__ = ["City", "CityGrant"]


#: the production a city's sources show (see produced_by)
_PRODUCE = OP_SPECS[ir.Produce]


class City:
    __slots__ = (
        "seat", "board", "stages_built", "coins", "zones", "card_zone", "built", "names", "colour_counts", "symbols",
        "token_counts", "token_values", "fixed", "choices", "sell_fixed", "sell_choices", "derived", "prices",
        "rebates", "grants", "cost_changes", "strength_bonuses", "limited", "at_each", "listeners", "end_of_game",
        "active", "version",
        "turn_start_coins", "spent", "turn_version", "memo", "parts", "turn_parts",
    )

    def __init__(self, seat: int, board: Optional[BoardKind] = None, cat: Optional[Catalog] = None,
                 start_coins: int = 0, prices: Optional[list[list[int]]] = None) -> None:
        """The city at `seat` at the start of a game. Given only its seat, as `copy` makes one, it
        is left blank: the copy sets every field (a compiled City is made only through here)."""
        if board is None or cat is None or prices is None:
            return
        r = len(cat.resources)
        self.seat = seat
        self.board = board
        self.stages_built = 0
        self.coins = start_coins
        #: zone index -> the cards this seat holds there (shared zones are the state's)
        self.zones: list[list[Source]] = [[] for _ in cat.zones]
        #: the cards of the zone card counts look at (the same list as in `zones`)
        self.card_zone = cat.card_zone_id
        self.built: list[Source] = self.zones[self.card_zone] if self.card_zone >= 0 else []
        self.names: set[str] = set()
        self.colour_counts = [0] * len(cat.colours)
        self.symbols = [0] * len(cat.symbols)
        self.token_counts = [0] * len(cat.tokens)
        self.token_values = [0] * len(cat.tokens)
        self.fixed = [0] * r
        self.choices: list[tuple[int, ...]] = []
        self.sell_fixed = [0] * r
        self.sell_choices: list[tuple[int, ...]] = []
        #: (source classes, missing, sellable): one unit of a resource the city does (not) produce
        self.derived: list[tuple[frozenset[str], bool, bool]] = []
        #: per market slot (see State.market_slots): the price of each resource, the rebate
        self.prices = prices
        self.rebates = [0] * len(prices)
        #: the abilities granted to it, in the order they were granted
        self.grants: list[CityGrant] = []
        #: action index -> cost changes that apply to this city
        self.cost_changes: dict[int, list[Any]] = {}
        #: (contest index, compiled amount) added to its strength in that contest
        self.strength_bonuses: list[tuple[int, Any]] = []
        #: listeners limited to once per period -> the period they last ran in (see events.Listener)
        self.limited: dict[Any, Any] = {}
        #: moment index -> (hook, source) run at every such moment
        self.at_each: dict[int, list[tuple[Any, Source]]] = {}
        #: event kind -> the listeners of its active sources, in the order they became active
        #: (an event looks up the listeners of its kind, never scans them all)
        self.listeners: dict[str, tuple[Listener, ...]] = {}
        self.end_of_game: list[tuple[Any, Source]] = []
        #: every active source: the board, built cards and stages
        self.active: list[Source] = []
        self.version = 0
        self.turn_start_coins = start_coins
        self.spent = 0
        #: its version at the start of the turn (see market.turn_parts)
        self.turn_version = -1
        #: the market's memos: this city's trade context, and its interned parts (see market.py)
        self.memo: Optional[tuple[Any, ...]] = None
        self.parts: Optional[tuple[Any, ...]] = None
        #: its parts as they were at the start of the turn (see market.turn_parts)
        self.turn_parts: Optional[tuple[Any, ...]] = None

    def copy(self) -> City:
        c = City(self.seat)
        c.seat = self.seat
        c.board = self.board
        c.stages_built = self.stages_built
        c.coins = self.coins
        c.zones = [list(z) for z in self.zones]
        c.card_zone = self.card_zone
        c.built = c.zones[self.card_zone] if self.card_zone >= 0 else []
        c.names = set(self.names)
        c.colour_counts = list(self.colour_counts)
        c.symbols = list(self.symbols)
        c.token_counts = list(self.token_counts)
        c.token_values = list(self.token_values)
        c.fixed = list(self.fixed)
        c.choices = list(self.choices)
        c.sell_fixed = list(self.sell_fixed)
        c.sell_choices = list(self.sell_choices)
        c.derived = list(self.derived)
        c.prices = [list(row) for row in self.prices]
        c.rebates = list(self.rebates)
        c.grants = [g.copy() for g in self.grants]
        c.cost_changes = {k: list(v) for k, v in self.cost_changes.items()}
        c.strength_bonuses = list(self.strength_bonuses)
        c.limited = dict(self.limited)
        c.at_each = {k: list(v) for k, v in self.at_each.items()}
        c.listeners = dict(self.listeners)  # its values are tuples: shared safely
        c.end_of_game = list(self.end_of_game)
        c.active = list(self.active)
        c.version = self.version
        c.turn_start_coins = self.turn_start_coins
        c.spent = self.spent
        c.turn_version = self.turn_version
        c.memo = self.memo
        c.parts = self.parts
        c.turn_parts = self.turn_parts
        return c

    # ---- production ----------------------------------------------------------------------------
    def add_production(self, options: tuple[int, ...], amount: int, sellable: bool) -> None:
        if len(options) == 1:
            self.fixed[options[0]] += amount
            if sellable:
                self.sell_fixed[options[0]] += amount
        else:
            for _ in range(amount):
                self.choices.append(options)
                if sellable:
                    self.sell_choices.append(options)
        self.version += 1

    def produced_by(self, classes: frozenset[str]) -> set[int]:
        """Resources this city produces through the sources of some classes (`board`, colours)."""
        out: set[int] = set()
        for src in self.active:
            if src.source_class in classes:
                for hook in src.passive:
                    if hook.spec is _PRODUCE:
                        out.update(hook.op.resources)
        return out

    def derived_choices(self, resources: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """(own, sellable) either/or units of the `produce one of the resources ...` effects."""
        own: list[tuple[int, ...]] = []
        sell: list[tuple[int, ...]] = []
        for classes, missing, sellable in self.derived:
            have = self.produced_by(classes)
            opts = tuple(i for i in range(resources) if i not in have) if missing else tuple(sorted(have))
            if opts:
                own.append(opts)
                if sellable:
                    sell.append(opts)
        return own, sell

    def count_colours(self, colours: Optional[tuple[int, ...]]) -> int:
        if colours is None:
            return len(self.built)
        cc = self.colour_counts
        return sum(cc[i] for i in colours)
