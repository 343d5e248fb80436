"""A rule set prepared for play: names turned into indices, effects compiled into hooks, the flow
compiled into a program, once per rule set.

The engine never reads the IR during a turn; it reads the `Source` objects built here (a card
kind, a wonder stage, a board, a neutral seat, a block of effects of the rule set), whose hooks
are compiled by :mod:`.effects`, and the compiled action kinds of :mod:`.actions`.
"""

from __future__ import annotations

from typing import Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects import CompiledHook, compile_hook
from wonderrules.interpreter.events import Listener, compile_listener
from wonderrules.interpreter.flow_steps import rule_steps
from wonderrules.interpreter.market import relation_prices
from wonderrules.interpreter.market_sales import relation_sales, unsold_prices
from wonderrules.interpreter.payments import ManySellers
from wonderrules.interpreter.preferences import compile_preferences
from wonderrules.interpreter.trading import TradeSolver

__all__ = ["Catalog", "Source", "BoardKind"]


class Source:
    """Something a city builds or holds: a card kind, one stage of a wonder side, a board, the
    effects of a neutral seat or of the rule set."""

    __slots__ = ("sid", "name", "age", "deck", "colour", "colour_id", "category", "source_class", "coins", "cost",
                 "cost_id", "chains_from", "pool", "is_stage", "passive", "on_build", "at_once", "at_each",
                 "listeners", "end_of_game", "ir")

    def __init__(self, sid: int, name: str, kind_ir: Any, *, age: int = 0, deck: str = "", colour: str = "",
                 colour_id: int = -1, category: Optional[str] = None, source_class: str = "", coins: int = 0,
                 cost: tuple[int, ...] = (), cost_id: int = -1, chains_from: frozenset[str] = frozenset(),
                 pool: str = "", is_stage: bool = False) -> None:
        self.sid = sid
        self.name = name
        self.age = age
        self.deck = deck
        self.colour = colour
        self.colour_id = colour_id
        self.category = category
        #: what the market's `sells` looks at: a card's colour, `board` for a board
        self.source_class = source_class
        self.coins = coins
        self.cost = cost
        self.cost_id = cost_id
        self.chains_from = chains_from
        self.pool = pool
        self.is_stage = is_stage
        self.passive: tuple[CompiledHook, ...] = ()
        self.on_build: tuple[CompiledHook, ...] = ()
        #: moment index -> hooks waiting for the next such moment after the source is built
        self.at_once: dict[int, tuple[CompiledHook, ...]] = {}
        #: moment index -> hooks run at every such moment from then on
        self.at_each: dict[int, tuple[CompiledHook, ...]] = {}
        #: its `whenever` effects (see :mod:`.events`)
        self.listeners: tuple[Listener, ...] = ()
        self.end_of_game: tuple[CompiledHook, ...] = ()
        self.ir = kind_ir

    def __repr__(self) -> str:
        return f"Source({self.name!r})"


class BoardKind:
    """One side of a wonder board: the board's own effects and its stages."""

    __slots__ = ("bid", "name", "side", "title", "source", "stages")

    def __init__(self, bid: int, name: str, side: str, title: str, source: Source, stages: tuple[Source, ...]):
        self.bid = bid
        self.name = name
        self.side = side
        self.title = title
        self.source = source
        self.stages = stages


class Catalog:
    """Indices and compiled hooks for one rule set, and its trade solver."""

    def __init__(self, rules: ir.RuleSet) -> None:
        from wonderrules.interpreter.actions import compile_action
        from wonderrules.interpreter.program import compile_program

        self.rules = rules
        self.resources = tuple(r.name for r in rules.resources)
        self.res_index = {n: i for i, n in enumerate(self.resources)}
        self.symbols = tuple(m for g in rules.symbol_groups for m in g.members)
        self.sym_index = {n: i for i, n in enumerate(self.symbols)}
        self.symbol_groups = {g.name: tuple(self.sym_index[m] for m in g.members) for g in rules.symbol_groups}
        self.tokens = tuple(rules.tokens)
        self.token_index = {n: i for i, n in enumerate(self.tokens)}
        self.colours = tuple(c.name for c in rules.colours)
        self.colour_index = {n: i for i, n in enumerate(self.colours)}
        self.colour_category = {c.name: c.category for c in rules.colours}
        self.categories = tuple(c.name for c in rules.categories)
        self.category_index = {n: i for i, n in enumerate(self.categories)}
        self.category_formulas = tuple(c.formula for c in rules.categories)
        self.zones = tuple(rules.zones)
        self.zone_index = {z.name: i for i, z in enumerate(rules.zones)}
        self.card_zone = rules.settings.card_zone or next((z.name for z in rules.zones if z.active), "")
        self.card_zone_id = self.zone_index.get(self.card_zone, -1)
        self.abilities = tuple(rules.abilities)
        self.ability_index = {n: i for i, n in enumerate(self.abilities)}
        self.decisions = tuple(rules.decisions)
        self.decision_index = {d.name: i for i, d in enumerate(rules.decisions)}
        self.action_index = {a.name: i for i, a in enumerate(rules.actions)}
        self.deal_index = {d.name: i for i, d in enumerate(rules.deals)}
        #: every contest the rule set or one of its options declares (a `wins`/`loses` event names one)
        self.contest_names = tuple(dict.fromkeys([c.name for c in rules.contests]
                                                 + [c.name for o in rules.options for c in o.contests]))
        self.contest_index = {n: i for i, n in enumerate(self.contest_names)}
        market = rules.market
        self.market_sellers: tuple[ir.Relation, ...] = market.sellers if market else ()
        self.market_sells = frozenset(market.sells) if market else frozenset()
        #: per relation of the market's sellers: the price of each resource before effects
        #: per relation of the market's sellers: the resources it sells (None: every one); empty
        #: when every relation sells every resource
        self.market_sales: tuple[Optional[frozenset[int]], ...] = (
            relation_sales(market, self.resources) if market else ())
        #: per relation of the market's sellers: the price of each resource before effects
        #: (UNSOLD for a resource it does not sell)
        self.market_rows: tuple[tuple[int, ...], ...] = (
            unsold_prices(relation_prices(market, self.resources), self.market_sales) if market else ())
        self.solver = TradeSolver(len(self.resources))
        #: the answers for buyers with more than two sellers
        self.many_sellers = ManySellers()
        #: what a missing seller sells: nothing
        self.empty_sales = ((0,) * len(self.resources), ())
        self._next_sid = 0
        self.moment_names: list[str] = []
        self.moment_index: dict[str, int] = {}
        for name in _moments(rules):
            self.moment(name)
        self.cards: list[Source] = []
        self.card_by_name: dict[str, list[Source]] = {}
        # a chain is printed on both cards (`chain from` on the later, `chain to` on the earlier);
        # either one makes the link
        links: dict[str, set[str]] = {}
        for card in rules.cards:
            links.setdefault(card.name, set()).update(card.chains_from)
            for later in card.chains_to:
                links.setdefault(later, set()).add(card.name)
        for card in rules.cards:
            src = self._source(card.name, card, card.hooks, card.cost, age=card.age, deck=card.deck,
                               colour=card.colour, source_class=card.colour,
                               chains_from=frozenset(links.get(card.name, ())), pool=card.pool)
            self.cards.append(src)
            self.card_by_name.setdefault(card.name, []).append(src)
        self.aliases: dict[str, str] = {}
        for card in rules.cards:
            for alias in card.aliases:
                self.aliases.setdefault(alias, card.name)
        self.boards: list[BoardKind] = []
        stage_category = rules.settings.stages_category or None
        for b in rules.boards:
            # a side's own points are the wonder's, as its stages' are
            board_src = self._source(f"{b.name} {b.side}", b, b.hooks, ir.Cost(), source_class=ir_board_class(),
                                     category=stage_category)
            stages = tuple(self._source(f"{b.name} {b.side} stage {i}", st, st.hooks, st.cost, is_stage=True,
                                        category=stage_category)
                           for i, st in enumerate(b.stages, 1))
            self.boards.append(BoardKind(len(self.boards), b.name, b.side, b.title, board_src, stages))
        self.board_by_name = {(b.name, b.side): b for b in self.boards}
        self.seat_sources: dict[str, Source] = {}
        for seat in _neutral_seats(rules):
            if seat.name not in self.seat_sources:
                self.seat_sources[seat.name] = self._source(seat.name, seat, seat.hooks, ir.Cost())
        #: each block of effects of the rule set and of its options: a source every holder holds
        self.rule_sources: dict[ir.RuleEffects, Source] = {}
        for block in _rule_effects(rules):
            if block not in self.rule_sources:
                self.rule_sources[block] = self._source(f"the effects of each {block.seats[:-1]}", block, block.hooks,
                                                        ir.Cost(), category=block.category or None)
        #: moments some source's effect runs at every time (a moment no effect listens to is skipped)
        self.moments_listened = frozenset(m for src in self._all_sources() for m in src.at_each)
        #: the kinds of event some source of the rule set listens to (a game raises only those its
        #: active sources listen to, State.listening)
        self.events_listened = frozenset(heard.kind for src in self._all_sources() for heard in src.listeners)
        #: whether some effect set off by a build or a purchase has a condition (read, for all of
        #: them, before any runs)
        self.conditioned = any(h.condition is not None for src in self._all_sources() for h in src.on_build) or \
            any(heard.condition is not None for src in self._all_sources() for heard in src.listeners)
        #: whether some effect waiting for a moment has a condition (read, for all of them, before any runs)
        self.moment_conditioned = any(h.condition is not None for src in self._all_sources()
                                      for hooks in (*src.at_each.values(), *src.at_once.values()) for h in hooks)
        #: whether some grant renews each turn
        self.renews_each_turn = any(h.spec.op is ir.Grant and h.op.period == "turn"
                                    for src in self._all_sources() for h in src.passive)
        self.actions = tuple(compile_action(a, self) for a in rules.actions)
        self.action_by_name = {a.name: a for a in self.actions}
        #: per action kind, the zone it takes its card from (-1: none)
        self.card_zone_of = {a.name: a.card_zone for a in self.actions}
        self.decision_kinds = tuple(tuple(self.actions[self.action_index[a]] for a in d.actions)
                                    for d in rules.decisions)
        #: per decision: whether a kind has requirements; the one zone all its kinds take cards from (-1: none)
        self.decision_requires = tuple(any(k.requires for k in ks) for ks in self.decision_kinds)
        #: per decision: whether one of its kinds has a cost (its listing needs the market)
        self.decision_costs = tuple(any(k.cost for k in ks) for ks in self.decision_kinds)
        self.decision_zone = tuple(ks[0].card_zone if len({k.card_zone for k in ks}) == 1 else -1
                                   for ks in self.decision_kinds)
        #: per decision: its preferences, in the order they apply
        self.decision_prefer = tuple(compile_preferences(d.prefer) for d in rules.decisions)
        #: the views of neutral seats that list otherwise than a player's seat (their own
        #: preferences, or every exact payment), each (every payment, preferences) -> its index
        self.seat_views: dict[tuple[bool, tuple[ir.Preference, ...]], int] = {}
        for n in _neutral_seats(rules):
            if n.every_payment or n.prefer:
                self.seat_views.setdefault((n.every_payment, n.prefer), len(self.seat_views))
        #: per view: the seat's own preferences, in the order they apply
        self.view_prefer = tuple(compile_preferences(prefer) for _, prefer in self.seat_views)
        from wonderrules.interpreter.listing import compile_listing

        #: per decision whose kinds take cards from one zone: the function listing its actions
        self.decision_listings = tuple(
            compile_listing(d.name, ks, self, d.prefer) if zone >= 0 and not needs else None
            for d, ks, zone, needs in zip(rules.decisions, self.decision_kinds, self.decision_zone,
                                          self.decision_requires))
        self.program = compile_program(rules, self)

    # ---- names ---------------------------------------------------------------------------------
    def moment(self, name: str) -> int:
        """The index of a moment (declared by the flow, or only listened to)."""
        found = self.moment_index.get(name)
        if found is None:
            found = self.moment_index[name] = len(self.moment_names)
            self.moment_names.append(name)
        return found

    def canonical(self, name: str) -> str:
        """The rule set's name for a card name or one of its aliases."""
        return name if name in self.card_by_name else self.aliases.get(name, name)

    def card_named(self, name: str, age: Optional[int] = None) -> Optional[Source]:
        kinds = self.card_by_name.get(self.canonical(name))
        if not kinds:
            return None
        if age is not None:
            for k in kinds:
                if k.age == age:
                    return k
        return kinds[0]

    def _all_sources(self) -> list[Source]:
        out = list(self.cards)
        for board in self.boards:
            out.append(board.source)
            out.extend(board.stages)
        out.extend(self.seat_sources.values())
        out.extend(self.rule_sources.values())
        return out

    # ---- sources -------------------------------------------------------------------------------
    def _source(self, name: str, kind_ir: Any, hooks: tuple[ir.Hook, ...], cost: ir.Cost, *, age: int = 0,
                deck: str = "", colour: str = "", source_class: str = "", chains_from: frozenset[str] = frozenset(),
                pool: str = "", is_stage: bool = False, category: Optional[str] = None) -> Source:
        vec = [0] * len(self.resources)
        for res, n in cost.resources:
            vec[self.res_index[res]] += n
        sid = self._next_sid
        self._next_sid += 1
        if colour:
            category = self.colour_category.get(colour)
        src = Source(sid, name, kind_ir, age=age, deck=deck, colour=colour,
                     colour_id=self.colour_index.get(colour, -1), category=category, source_class=source_class,
                     coins=cost.coins, cost=tuple(vec), cost_id=self.solver.cost_id(tuple(vec)),
                     chains_from=chains_from, pool=pool, is_stage=is_stage)
        passive: list[CompiledHook] = []
        on_build: list[CompiledHook] = []
        at_once: dict[int, list[CompiledHook]] = {}
        at_each: dict[int, list[CompiledHook]] = {}
        listeners: list[Listener] = []
        end_of_game: list[CompiledHook] = []
        for hook in hooks:
            compiled = compile_hook(hook, self, src)
            t = hook.trigger
            if isinstance(t, ir.Passive):
                passive.append(compiled)
            elif isinstance(t, ir.OnBuild):
                on_build.append(compiled)
            elif isinstance(t, ir.At):
                (at_each if t.each else at_once).setdefault(self.moment(t.moment), []).append(compiled)
            elif isinstance(t, ir.When):
                listeners.append(compile_listener(hook, compiled, self))
            else:
                end_of_game.append(compiled)
        src.passive = tuple(passive)
        src.on_build = tuple(on_build)
        src.at_once = {m: tuple(hs) for m, hs in at_once.items()}
        src.at_each = {m: tuple(hs) for m, hs in at_each.items()}
        src.listeners = tuple(listeners)
        src.end_of_game = tuple(end_of_game)
        return src


def ir_board_class() -> str:
    from wonderrules.interpreter.words import BOARD

    return BOARD


def _neutral_seats(rules: ir.RuleSet) -> list[ir.NeutralSeat]:
    """Every neutral seat a table of the rule set may have (its effects become a source)."""
    seats = list(rules.settings.neutral_seats)
    for patch in rules.patches:
        seats.extend(patch.neutral_seats)
    for option in rules.options:
        for patch in option.patches:
            seats.extend(patch.neutral_seats)
    return seats


def _rule_effects(rules: ir.RuleSet) -> list[ir.RuleEffects]:
    """Every block of effects of the rule set and of its options."""
    return list(rules.effects) + [block for option in rules.options for block in option.effects]


def _moments(rules: ir.RuleSet) -> list[str]:
    """Every moment the flow declares, in the order written."""
    return list(dict.fromkeys(step.moment for step in rule_steps(rules) if isinstance(step, ir.AtStep)))
