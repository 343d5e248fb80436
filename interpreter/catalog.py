"""A rule set prepared for play: names turned into indices, effects compiled into hooks, once.

The engine never reads the IR during a turn; it reads the `Source` objects built here (a card
kind or a wonder stage), whose hooks are closures from :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects import compile_effect
from wonderrules.interpreter.trading import TradeSolver

__all__ = ["Catalog", "Source", "BoardKind"]


class Source:
    """Something a city builds: a card kind, or one stage of a wonder side."""

    __slots__ = ("sid", "name", "age", "colour", "category", "coins", "cost", "cost_id", "cost_units", "chains_from",
                 "pool", "is_stage", "passive", "on_build", "end_of_turn", "each_end_of_turn",
                 "each_end_of_age", "whenever", "end_of_game", "ir")

    def __init__(self, sid: int, name: str, age: int, colour: str, category: Optional[str], coins: int,
                 cost: tuple[int, ...], cost_id: int, chains_from: frozenset[str], pool: Optional[str],
                 is_stage: bool, source_ir: object) -> None:
        self.sid = sid
        self.name = name
        self.age = age
        self.colour = colour
        self.category = category
        self.coins = coins
        self.cost = cost
        self.cost_units = sum(cost)
        self.cost_id = cost_id
        self.chains_from = chains_from
        self.pool = pool
        self.is_stage = is_stage
        self.passive: tuple = ()
        self.on_build: tuple = ()
        self.end_of_turn: tuple = ()
        self.each_end_of_turn: tuple = ()
        self.each_end_of_age: tuple = ()
        self.whenever: tuple = ()
        self.end_of_game: tuple = ()
        self.ir = source_ir

    def __repr__(self) -> str:
        return f"Source({self.name!r})"


class BoardKind:
    """One side of a wonder board."""

    __slots__ = ("bid", "name", "side", "title", "start", "stages")

    def __init__(self, bid: int, name: str, side: str, title: str, start: int, stages: tuple[Source, ...]):
        self.bid = bid
        self.name = name
        self.side = side
        self.title = title
        self.start = start
        self.stages = stages


class Catalog:
    """Indices and compiled hooks for one rule set, and the caches its games share: the trade
    solver (payment answers) and the interned actions handed out by the legal-action lists.
    A :class:`~wonderrules.interpreter.game.Game` owns its catalog: the caches live as long as
    the game does."""

    #: how many interned actions are kept before they are forgotten (see `legal._action`)
    MAX_ACTIONS = 200_000

    def __init__(self, rules: ir.RuleSet) -> None:
        self.rules = rules
        self._next_sid = 0
        self.resources: tuple[str, ...] = tuple(r.name for r in rules.resources)
        self.trade = TradeSolver(len(self.resources))
        #: (kind, card, left, right, means) -> the one Action value handed out for it
        self.actions: dict[tuple, object] = {}
        self.res_index = {n: i for i, n in enumerate(self.resources)}
        self.resource_classes: dict[str, tuple[int, ...]] = {}
        for r in rules.resources:
            self.resource_classes.setdefault(r.resource_class, ())
            self.resource_classes[r.resource_class] += (self.res_index[r.name],)
        self.symbols: tuple[str, ...] = tuple(m for g in rules.symbol_groups for m in g.members)
        self.sym_index = {n: i for i, n in enumerate(self.symbols)}
        self.symbol_groups = {g.name: tuple(self.sym_index[m] for m in g.members) for g in rules.symbol_groups}
        self.tokens: tuple[str, ...] = rules.tokens
        self.token_index = {n: i for i, n in enumerate(self.tokens)}
        self.colours: tuple[str, ...] = tuple(c.name for c in rules.colours)
        self.colour_index = {n: i for i, n in enumerate(self.colours)}
        self.colour_category = {c.name: c.category for c in rules.colours}
        self.categories: tuple[str, ...] = tuple(c.name for c in rules.categories)
        self.category_index = {n: i for i, n in enumerate(self.categories)}
        self.category_formulas = tuple(c.formula for c in rules.categories)
        self.cards: list[Source] = []
        self.card_by_name: dict[str, list[Source]] = {}
        # a chain is printed on both cards: `chain from` on the later, `chain to` on the earlier;
        # either one makes the link
        links: dict[str, set[str]] = {}
        for card in rules.cards:
            links.setdefault(card.name, set()).update(card.chains_from)
            for later in card.chains_to:
                links.setdefault(later, set()).add(card.name)
        for card in rules.cards:
            src = self._source(card.name, card.age, card.colour, self.colour_category.get(card.colour),
                               card.coins, card.cost, frozenset(links.get(card.name, ())), card.pool, False,
                               card.hooks, card)
            self.cards.append(src)
            self.card_by_name.setdefault(card.name, []).append(src)
        self.boards: list[BoardKind] = []
        stage_category = rules.settings.stages_category or None
        for w in rules.wonders:
            stages = tuple(
                self._source(f"{w.name} {w.side} stage {i}", 0, "", stage_category, st.coins, st.cost,
                             frozenset(), None, True, st.hooks, st)
                for i, st in enumerate(w.stages, 1))
            self.boards.append(BoardKind(len(self.boards), w.name, w.side, w.title, self.res_index[w.start], stages))
        self.board_by_name = {(b.name, b.side): b for b in self.boards}
        #: other spellings of card names (`alias` in the rule set) -> the name used here
        self.aliases: dict[str, str] = {}
        for card in rules.cards:
            for alias in card.aliases:
                self.aliases.setdefault(alias, card.name)
        self.all_sources: list[Source] = list(self.cards) + [s for b in self.boards for s in b.stages]

    def _source(self, name: str, age: int, colour: str, category: Optional[str], coins: int,
                cost: tuple[tuple[str, int], ...], chains_from: frozenset[str], pool: Optional[str],
                is_stage: bool, hooks: tuple[ir.Hook, ...], source_ir: object) -> Source:
        vec = [0] * len(self.resources)
        for res, n in cost:
            vec[self.res_index[res]] += n
        sid = self._next_sid
        self._next_sid += 1
        src = Source(sid, name, age, colour, category, coins, tuple(vec), self.trade.cost_id(tuple(vec)), chains_from,
                     pool, is_stage, source_ir)
        by_timing: dict[str, list[Callable]] = {}
        for hook in hooks:
            compiled = compile_effect(hook.effect, self, src)
            if hook.timing == "whenever_builds":
                by_timing.setdefault("whenever", []).append((hook.scopes, frozenset(hook.colours), compiled))
            else:
                by_timing.setdefault(hook.timing, []).append(compiled)
        src.passive = tuple(by_timing.get("passive", ()))
        src.on_build = tuple(by_timing.get("on_build", ()))
        src.end_of_turn = tuple(by_timing.get("end_of_turn", ()))
        src.each_end_of_turn = tuple(by_timing.get("each_end_of_turn", ()))
        src.each_end_of_age = tuple(by_timing.get("each_end_of_age", ()))
        src.whenever = tuple(by_timing.get("whenever", ()))
        src.end_of_game = tuple(by_timing.get("end_of_game", ()))
        return src

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
