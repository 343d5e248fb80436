"""The mutable parts of a game: cities. Changed only by the engine and the effect hooks."""

from __future__ import annotations

from typing import Optional

from wonderrules.interpreter.catalog import BoardKind, Catalog, Source

__all__ = ["City"]


class City:
    """One seat's city: its board, what it has built, coins, tokens, production and abilities."""

    __slots__ = (
        "seat", "board", "stages_built", "coins", "built", "names", "colour_counts", "symbols",
        "token_counts", "token_values", "fixed", "choices", "sell_fixed", "sell_choices", "derived",
        "prices", "rebates", "free_builds", "play_last", "free_stage_resources",
        "each_end_of_turn", "each_end_of_age", "whenever", "end_of_game", "version", "neutral",
        "turn_start_coins", "spent", "parts",
    )

    def __init__(self, seat: int, board: BoardKind, cat: Catalog, start_coins: int, trade_price: int,
                 start_sellable: bool, neutral: bool) -> None:
        r = len(cat.resources)
        self.seat = seat
        self.board = board
        self.stages_built = 0
        self.coins = start_coins
        self.built: list[Source] = []
        self.names: set[str] = set()
        self.colour_counts = [0] * len(cat.colours)
        self.symbols = [0] * len(cat.symbols)
        self.token_counts = [0] * len(cat.tokens)
        self.token_values = [0] * len(cat.tokens)
        self.fixed = [0] * r
        self.fixed[board.start] += 1
        self.choices: list[tuple[int, ...]] = []
        self.sell_fixed = [0] * r
        if start_sellable:
            self.sell_fixed[board.start] += 1
        self.sell_choices: list[tuple[int, ...]] = []
        #: (colours, missing, sellable): one unit of a resource the city does (not) produce
        self.derived: list[tuple[frozenset[str], bool, bool]] = []
        self.prices = [[trade_price] * r, [trade_price] * r]  # [left, right]
        self.rebates = [0, 0]
        #: [colours allowed (empty: any), used this age]
        self.free_builds: list[list] = []
        self.play_last = False
        self.free_stage_resources = False
        self.each_end_of_turn: list[tuple[object, Source]] = []
        self.each_end_of_age: list[tuple[object, Source]] = []
        self.whenever: list[tuple[tuple[str, ...], frozenset[str], object, Source]] = []
        self.end_of_game: list[tuple[object, Source]] = []
        self.version = 0
        self.neutral = neutral
        self.turn_start_coins = start_coins
        self.spent = 0
        #: (version, own production part, sales part, prices part, memo stamp, memo context):
        #: see State._parts and State.trade_context. Every change to production, derived
        #: production, prices or rebates must bump `version`.
        self.parts: Optional[tuple] = None

    def copy(self) -> City:
        c = City.__new__(City)
        c.seat = self.seat
        c.board = self.board
        c.stages_built = self.stages_built
        c.coins = self.coins
        c.built = list(self.built)
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
        c.prices = [list(self.prices[0]), list(self.prices[1])]
        c.rebates = list(self.rebates)
        c.free_builds = [list(f) for f in self.free_builds]
        c.play_last = self.play_last
        c.free_stage_resources = self.free_stage_resources
        c.each_end_of_turn = list(self.each_end_of_turn)
        c.each_end_of_age = list(self.each_end_of_age)
        c.whenever = list(self.whenever)
        c.end_of_game = list(self.end_of_game)
        c.version = self.version
        c.neutral = self.neutral
        c.turn_start_coins = self.turn_start_coins
        c.spent = self.spent
        c.parts = self.parts
        return c

    # ---- production --------------------------------------------------------------------------
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

    def produced_by(self, colours: frozenset[str], cat: Catalog) -> set[int]:
        """Resources this city produces through cards of `colours` (and its board with "board")."""
        out: set[int] = set()
        if "board" in colours:
            out.add(self.board.start)
        for src in self.built:
            if src.colour in colours:
                for hook in src.passive:
                    if hook.step == "produce":
                        out.update(hook.resources)
        return out

    def derived_choices(self, cat: Catalog) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """(own, sellable) either/or units of the `produce one of the resources ...` effects."""
        own: list[tuple[int, ...]] = []
        sell: list[tuple[int, ...]] = []
        for colours, missing, sellable in self.derived:
            have = self.produced_by(colours, cat)
            if missing:
                opts = tuple(i for i in range(len(cat.resources)) if i not in have)
            else:
                opts = tuple(sorted(have))
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
