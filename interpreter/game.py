"""A game's parameters (a rule set and a table) and how a new game is set up: boards and deals.

The Game owns the rule set prepared for play (its catalog, with the trade solver's answers) and
the actions it hands out, so every game started from it shares them, and they go with it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Optional

from wonderrules.interpreter import engine, ir
from wonderrules.interpreter.arguments import (
    check_boards,
    check_deals,
    check_hands,
    check_options,
    check_players,
    check_seed,
    check_sides,
    shown,
)
from wonderrules.interpreter.catalog import BoardKind, Catalog, Source
from wonderrules.interpreter.config import TableConfig, check_limits, deck_cards, resolve_config
from wonderrules.interpreter.contests import CompiledContest, resolve_moment
from wonderrules.interpreter.errors import SetupError
from wonderrules.interpreter.game_data import GameData
from wonderrules.interpreter.scoring import Scorer
from wonderrules.interpreter.state import State
from wonderrules.interpreter.table import Table
from wonderrules.interpreter.table_caches import TableCaches

__all__ = ["Game", "SetupError"]


class Game:
    """The rules and the table; `new_initial_state` starts a game.

    sides: "random" (each board's side drawn at random), "A" or "B". Arguments that do not fit
    the rule set, or are of the wrong type, raise SetupError (a ConfigError for a table the rule
    set does not seat)."""

    def __init__(self, rules: Any, players: Any, options: Any = (), sides: Any = "random") -> None:
        if not isinstance(rules, ir.RuleSet):
            raise SetupError(f"a Game needs a rule set (from load_rules or load_compiled), not {shown(rules)}")
        self.rules = rules
        self.config: TableConfig = resolve_config(rules, check_players(players), check_options(options))
        check_limits(self.config)
        self.sides = check_sides(sides)
        self.catalog: Catalog = rules.catalog
        self.table = Table(self.config.players, len(self.config.neutral_seats), self.config.team_size)
        self.scorer = Scorer(self.catalog)
        cat = self.catalog
        #: how the engine resolves the contests of one moment (:func:`.contests.resolve_moment`)
        self.resolve_contests = resolve_moment
        #: the contests of each moment that has some (by moment index)
        self.contests_by_moment: dict[int, list[CompiledContest]] = {}
        for contest in self.config.contests:
            self.contests_by_moment.setdefault(cat.moment(contest.moment), []).append(CompiledContest(contest, cat))
        #: what every game of this table finds the same: found once, shared by its games
        self.caches = TableCaches(self.config.seats)
        #: (seat, source) of every effect of the rule set held at this table, in the order they
        #: become active: block by block, seat by seat
        self.rule_holders: tuple[tuple[int, Source], ...] = tuple(
            (seat, cat.rule_sources[block]) for block in self.config.effects
            for seat in range(self.config.seats if block.seats == "seats" else self.config.players))
        self.wonder_names = list(dict.fromkeys(b.name for b in cat.boards))
        if len(self.wonder_names) < self.config.seats:
            raise SetupError(f"{self.config.seats} seats but only {len(self.wonder_names)} wonders")

    @property
    def players(self) -> int:
        return self.config.players

    def __reduce__(self) -> tuple[Any, ...]:
        """A Game pickles as its rule set and table, and is made again from them (its caches are
        found again as its games need them)."""
        return (Game, (self.rules, self.config.players, self.config.options, self.sides))

    def __copy__(self) -> Game:
        """A Game never changes (its caches only fill, with what every game of the table
        shares): a copy is the Game itself, so copies of its states still share it."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    # ---- decks and deals -------------------------------------------------------------------
    def deck(self, deal: ir.Deal, age: int, rng: random.Random) -> list[Source]:
        """A deal's deck: for the deck dealt by age, the age's cards by their copy markers plus
        the pool draws; for any other deck, its cards."""
        key = (self.catalog.deal_index[deal.name], age)
        parts = self.caches.decks.get(key)
        if parts is None:
            parts = self.caches.decks[key] = self._deck_parts(deal, age)
        fixed, pools = parts
        cards = list(fixed)
        for pool_cards, n in pools:
            cards.extend(rng.sample(pool_cards, min(n, len(pool_cards))))
        return cards

    def _deck_parts(self, deal: ir.Deal, age: int) -> tuple[list[Source], list[tuple[list[Source], int]]]:
        cat = self.catalog
        by_ir = {id(c.ir): c for c in cat.cards}
        if deal.deck == "age":
            fixed = [by_ir[id(c)] for c in deck_cards(self.rules, self.config, age)]
            pools = [([c for c in cat.cards if c.pool == pool and c.age == age], n)
                     for pool, n in self.config.draws_for(age)]
            return fixed, pools
        fixed = []
        for card in self.rules.cards:
            if card.deck == deal.deck:
                fixed.extend([by_ir[id(card)]] * max(1, card.copies_for(self.config.seats)))
        return fixed, []

    def deal_targets(self, deal: ir.Deal, age: int) -> list[tuple[int, int, int]]:
        """(zone, seat, count) of each hand dealt in an age (0: before the first), in order: each
        player, then each named seat (fixed by the table and the age: found once)."""
        found = self.caches.targets.get((deal.name, age))
        if found is None:
            found = self.caches.targets[(deal.name, age)] = self._deal_targets(deal, age)
        return list(found)

    def _deal_targets(self, deal: ir.Deal, age: int) -> list[tuple[int, int, int]]:
        cat = self.catalog
        variables = self.config.variables(age)
        out: list[tuple[int, int, int]] = []
        names = {n.name: self.config.players + i for i, n in enumerate(self.config.neutral_seats)}
        from wonderrules.interpreter.config import evaluate

        for target in deal.targets:
            zone = cat.zone_index[target.zone]
            count = evaluate(target.count, variables)
            if target.to == "players":
                out.extend((zone, p, count) for p in range(self.config.players))
            elif target.to in names:
                out.append((zone, names[target.to], count))
        return out

    def deal(self, st: GameData, deal_index: int) -> None:
        """Shuffle a deal's deck and give each target its cards; what is left goes to the deal's
        `rest` zone (or out of the game). A scenario may fix the cards of an age's deal."""
        deal = self.rules.deals[deal_index]
        targets = self.deal_targets(deal, st.age)
        counted = (deal.name, st.age)
        occurrence = st.deals_made.get(counted, 0)
        st.deals_made[counted] = occurrence + 1
        fixed = st.deals.get((deal.name, st.age, occurrence))
        if fixed is not None:
            hands = [list(h) for h in fixed[0]]
            rest: list[Source] = list(fixed[1])
        else:
            deck = self.deck(deal, st.age, st.rng)
            st.rng.shuffle(deck)
            hands = []
            at = 0
            for _, _, count in targets:
                hands.append(deck[at:at + count])
                at += count
            rest = deck[at:]
        record: dict[str, Any] = {"type": "deal", "deal": deal.name, "age": st.age, "dealt": []}
        zones = self.catalog.zones
        for (zone, seat, _), cards in zip(targets, hands):
            if zones[zone].per == "seat" and not zones[zone].active:
                st.cities[seat].zones[zone].extend(cards)
            else:
                for card in cards:
                    engine.place(st, seat, card, zone)
            record["dealt"].append([self.catalog.zones[zone].name, seat, [c.name for c in cards]])
        if deal.rest:
            rz = self.catalog.zone_index[deal.rest]
            for card in rest:
                engine.place(st, 0, card, rz)
            record["rest"] = [c.name for c in rest]
        st.history.append(record)

    def cards_from_names(self, age: int, names: Sequence[str]) -> list[Source]:
        out = []
        for name in names:
            card = self.catalog.card_named(name, age)
            if card is None or card.age != age:
                raise SetupError(f"'{name}' is not a card of age {age} in this rule set")
            out.append(card)
        return out

    # ---- new games -------------------------------------------------------------------------
    def choose_boards(self, rng: random.Random, boards: Optional[Sequence[Optional[tuple[str, str]]]]
                      ) -> list[BoardKind]:
        cat = self.catalog
        seats = self.config.seats
        fixed = list(boards or [None] * seats)
        if len(fixed) != seats:
            raise SetupError(f"{len(fixed)} boards given for {seats} seats")
        taken = {b[0] for b in fixed if b is not None}
        free = [n for n in self.wonder_names if n not in taken]
        rng.shuffle(free)
        out = []
        for choice in fixed:
            if choice is None:
                name = free.pop()
                side = self.sides if self.sides != "random" else rng.choice(
                    sorted({b.side for b in cat.boards if b.name == name}))
            else:
                name, side = choice
            board = cat.board_by_name.get((name, side))
            if board is None:
                raise SetupError(f"no wonder '{name}' side {side} in this rule set")
            out.append(board)
        names = [b.name for b in out]
        if len(set(names)) != len(names):
            raise SetupError("two seats were given the same wonder")
        return out

    def new_initial_state(self, seed: Any = 0, boards: Any = None, hands: Any = None, deals: Any = None) -> State:
        """A new game. Scenario setup: `boards` fixes each seat's (wonder, side) (None: drawn);
        `hands` fixes the cards of some ages' deals: age -> one list of card names per player,
        then one per neutral seat dealt cards; `deals` fixes any deal (see
        :func:`.arguments.check_deals`), as a game log records them. Wrong arguments raise
        SetupError."""
        seed = check_seed(seed)
        boards = check_boards(boards, self.config.seats)
        lists_by_age = check_hands(hands)
        fixed = check_deals(self, deals)
        rng = random.Random(seed)
        chosen = self.choose_boards(rng, boards)
        age_deal = next((d for d in self.rules.deals if d.deck == "age"), None)
        if lists_by_age and age_deal is None:
            raise SetupError("hands fix the deal of the age deck, and this rule set has none: fix deals instead")
        for age, lists in lists_by_age.items():
            if not 1 <= age <= self.config.ages:
                raise SetupError(f"there is no age {age}")
            targets = self.deal_targets(age_deal, age) if age_deal is not None else []
            if len(lists) != len(targets):
                raise SetupError(f"age {age}: {len(lists)} hands given, {len(targets)} needed")
            dealt = [self.cards_from_names(age, names) for names in lists]
            for i, (h, (_, _, count)) in enumerate(zip(dealt, targets)):
                if len(h) != count:
                    raise SetupError(f"age {age}: hand {i} has {len(h)} cards, not {count}")
            assert age_deal is not None  # refused above
            if (age_deal.name, age, 0) in fixed:
                raise SetupError(f"age {age}: the deal is fixed twice (by hands and by deals)")
            fixed[(age_deal.name, age, 0)] = (dealt, [])
        st = State(self, seed, chosen, fixed, rng)
        engine.start(st)
        return st
