"""Deck arithmetic: what each deal's deck holds at a table and what its targets take.

A deal gives each target its cards from the top of the shuffled deck. The deck dealt by age
holds, for each age, its cards by their copy markers for the number of seats and the cards drawn
from pools; it must hold exactly what the deal gives, unless the deal puts the rest aside (`rest`).
Any other deck holds all its cards, and must hold at least what the deal gives. A pool must hold
the cards drawn from it.

The checker (`wr check`, with the places in the text) and the loader of compiled rule sets (with
the JSON path) both count with these functions, so they agree with each other and with the deal
the engine makes (:meth:`.Game.deck`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.config import (
    ConfigError,
    TableConfig,
    evaluate,
    resolve_config,
    supported_tables,
)
from wonderrules.interpreter.flow_steps import rule_steps
from wonderrules.interpreter.validate import CompiledRulesError, quote

__all__ = ["AGE_DECK", "Given", "DeckCount", "PoolShortage", "Decks", "dealt", "given", "deck_report", "check_decks"]

#: the deck dealt by age
AGE_DECK = "age"


@attrs.frozen
class Given:
    """What one target of a deal takes at a table: `count` cards into `zone` of each of
    `receivers` seats (`who`: `players` or a neutral seat's name)."""

    count: int
    zone: str
    who: str
    receivers: int

    def words(self, players: int) -> str:
        if self.who == "players":
            return f"{self.count} to {self.zone} of each of {players} players"
        return f'{self.count} to {self.zone} of "{quote(self.who)[1:-1]}"'  # a seat's name as the language writes it


@attrs.frozen
class DeckCount:
    """A deal's deck at a table (in an age, for the deck dealt by age; age 0 for another deck)."""

    deal: str
    deck: str
    players: int
    age: int
    copies: int
    draws: tuple[tuple[str, int], ...]
    targets: tuple[Given, ...]
    rest: bool

    @property
    def total(self) -> int:
        return self.copies + sum(n for _, n in self.draws)

    @property
    def need(self) -> int:
        return sum(t.count * t.receivers for t in self.targets)

    def wrong(self) -> bool:
        """The deck holds fewer cards than the deal gives, or (dealt by age, nothing put aside)
        not exactly as many."""
        if self.total < self.need:
            return True
        return self.deck == AGE_DECK and not self.rest and self.total != self.need

    def parts(self) -> str:
        """Where the cards of the deck come from: `6 from copies + 1 from pool 'guilds'`."""
        return " + ".join([f"{self.copies} from copies"] + [f"{n} from pool {quote(p)}" for p, n in self.draws])

    def gives(self) -> str:
        """What the deal gives: `2 to hand of each of 3 players`."""
        return ", ".join(t.words(self.players) for t in self.targets) or "nothing"


@attrs.frozen
class PoolShortage:
    """An age draws more cards from a pool than the pool holds for that age."""

    age: int
    pool: str
    drawn: int
    available: int


def dealt(rules: ir.RuleSet) -> list[ir.Deal]:
    """The deals the flow deals (by a `deal` step of the flow or of a moment's steps)."""
    named = {step.deal for step in rule_steps(rules) if isinstance(step, ir.DealStep)}
    return [d for d in rules.deals if d.name in named]


def given(deal: ir.Deal, cfg: TableConfig, age: int) -> list[Given]:
    """The targets of a deal that receive cards at a table in an age (0: before the first, and
    for a deck not dealt by age); ConfigError for a count the table cannot compute."""
    seats = {n.name for n in cfg.neutral_seats}
    out = []
    for t in deal.targets:
        count = evaluate(t.count, cfg.variables(age))
        receivers = cfg.players if t.to == "players" else (1 if t.to in seats else 0)
        if receivers:
            out.append(Given(count, t.zone, t.to, receivers))
    return out


class Decks:
    """The deck arithmetic of one rule set. The cards of each deck (and age) and of each pool are
    sorted out once, and a deck's size is counted once for each number of seats, so that every
    table of a large rule set is checked in little time."""

    def __init__(self, rules: ir.RuleSet) -> None:
        self.rules = rules
        #: the deals the flow deals
        self.dealt = dealt(rules)
        #: (deck, age) -> the copy markers of its cards (age 0: a deck not dealt by age); pool
        #: cards are drawn, not dealt by their markers
        self._markers: dict[tuple[str, int], list[tuple[int, ...]]] = {}
        #: (pool, age) -> how many cards it holds
        self._pools: dict[tuple[str, int], int] = {}
        for card in rules.cards:
            if card.pool:
                self._pools[(card.pool, card.age)] = self._pools.get((card.pool, card.age), 0) + 1
            if card.deck == AGE_DECK and not card.pool:
                self._markers.setdefault((AGE_DECK, card.age), []).append(card.copies)
            elif card.deck != AGE_DECK:
                self._markers.setdefault((card.deck, 0), []).append(card.copies)
        self._copies: dict[tuple[str, int, int], int] = {}

    def copies(self, deck: str, age: int, seats: int) -> int:
        """The cards a deck holds by their markers at a table of `seats` seats (for the deck dealt
        by age, in an age; any other deck holds each of its cards at least once)."""
        key = (deck, age, seats)
        found = self._copies.get(key)
        if found is None:
            least = 0 if deck == AGE_DECK else 1
            found = self._copies[key] = sum(max(least, sum(1 for m in markers if m <= seats))
                                            for markers in self._markers.get((deck, age), ()))
        return found

    def counts(self, cfg: TableConfig, deal: ir.Deal) -> Iterator[DeckCount]:
        """The deck of a deal at a table: once per age for the deck dealt by age, else once.
        ConfigError for a count of the deal the table cannot compute."""
        for age in (range(1, cfg.ages + 1) if deal.deck == AGE_DECK else (0,)):
            yield from self.counts_in(cfg, deal, given(deal, cfg, age), age)

    def wrong(self, cfg: TableConfig, deal: ir.Deal) -> Iterator[DeckCount]:
        """The decks of a deal at a table that do not hold what it gives (see DeckCount.wrong),
        counted without making the others. ConfigError as `counts`."""
        exact = deal.deck == AGE_DECK and not deal.rest
        for age in (range(1, cfg.ages + 1) if deal.deck == AGE_DECK else (0,)):
            targets = given(deal, cfg, age)
            need = sum(t.count * t.receivers for t in targets)
            total = self.copies(deal.deck, age, cfg.seats) + (sum(n for _, n in cfg.draws_for(age)) if age else 0)
            if total < need or (exact and total != need):
                yield from self.counts_in(cfg, deal, targets, age)

    def counts_in(self, cfg: TableConfig, deal: ir.Deal, targets: Sequence[Given], age: int) -> Iterator[DeckCount]:
        """The deck of a deal at a table in one age (0: a deck not dealt by age)."""
        draws = tuple(cfg.draws_for(age)) if age else ()
        yield DeckCount(deal.name, deal.deck, cfg.players, age, self.copies(deal.deck, age, cfg.seats), draws,
                        tuple(targets), bool(deal.rest))

    def shortages(self, cfg: TableConfig) -> Iterator[PoolShortage]:
        """Each draw of an age that asks a pool for more cards than it holds in that age."""
        for pool, age, n in cfg.pool_draws:
            available = self._pools.get((pool, age), 0)
            if n > available:
                yield PoolShortage(age, pool, n, available)


def deck_report(rules: ir.RuleSet) -> list[dict[str, Any]]:
    """Per table and age: cards from copies, cards drawn from pools, and what the deal by age needs."""
    rows: list[dict[str, Any]] = []
    decks = Decks(rules)
    deal = next((d for d in decks.dealt if d.deck == AGE_DECK), None)
    if deal is None:
        return rows
    for players, options in supported_tables(rules):
        try:
            cfg = resolve_config(rules, players, options)
            counts = list(decks.counts(cfg, deal))
        except ConfigError:
            continue
        for count in counts:
            rows.append({
                "players": players, "options": options, "age": count.age, "copies": count.copies,
                "draws": list(count.draws), "total": count.total, "needed": count.need,
                "hand": cfg.hands_by_age[count.age], "piles": sum(t.receivers for t in count.targets),
                "turns": cfg.turns_by_age[count.age],
            })
    return rows


# ---- the loader's check ------------------------------------------------------------------------

def check_decks(decks: Decks, table: str, cfg: TableConfig, pool_path: Callable[[str], str]) -> None:
    """CompiledRulesError at the first deal of a table whose deck does not hold what it gives, or
    the first pool that cannot give its draw. `table` says which table (`at 3 players`);
    `pool_path(pool)` is the JSON path of the draw the table takes from a pool."""
    for short in decks.shortages(cfg):
        raise CompiledRulesError(pool_path(short.pool), f"{table}, age {short.age} draws {short.drawn} cards from "
                                                        f"pool {quote(short.pool)}, which holds only {short.available}")
    index = {d.name: i for i, d in enumerate(decks.rules.deals)}
    for deal in decks.dealt:
        try:
            wrong = list(decks.wrong(cfg, deal))
        except ConfigError as e:
            raise CompiledRulesError(f"deals[{index[deal.name]}]", f"{table}: {e}") from None
        for count in wrong:
            if count.wrong():
                deck = f"the age {count.age} deck" if count.age else f"deck {quote(count.deck)}"
                exactly = "exactly " if count.deck == AGE_DECK and not count.rest else ""
                raise CompiledRulesError(f"deals[{index[deal.name]}]", f"{table}, {deck} holds {count.total} cards "
                                         f"({count.parts()}), but the deal gives {count.need} ({count.gives()}); "
                                         f"the deck must hold {exactly}what its deal gives")
