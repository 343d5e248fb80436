"""A game's parameters (rule set, table) and how a new game is set up: boards and deals."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.arguments import (
    check_boards,
    check_hands,
    check_options,
    check_players,
    check_seed,
    check_sides,
    shown,
)
from wonderrules.interpreter.catalog import Catalog, Source
from wonderrules.interpreter.config import GameConfig, check_table, deck_cards, resolve_config
from wonderrules.interpreter.engine import State
from wonderrules.interpreter.errors import SetupError
from wonderrules.interpreter.expressions import compile_expr
from wonderrules.interpreter.scoring import Scorer

__all__ = ["Game", "SetupError"]


class Game:
    """The rules and the table; `new_initial_state` starts a game.

    sides: "random" (each board's side drawn at random), "A" or "B". Arguments that do not fit
    the rule set, or are of the wrong type, raise SetupError (a ConfigError for a table the rule
    set does not seat). The game owns its catalog: the caches its states share (payments,
    interned actions) live as long as it does.
    """

    def __init__(self, rules: ir.RuleSet, players: int, options: Sequence[str] = (), sides: str = "random") -> None:
        if not isinstance(rules, ir.RuleSet):
            raise SetupError(f"a Game needs a rule set (from load_rules or load_compiled), not {shown(rules)}")
        self.rules = rules
        self.config: GameConfig = resolve_config(rules, check_players(players), check_options(options))
        check_table(self.config)
        self.sides = check_sides(sides)
        self.catalog = Catalog(rules)
        self.scorer = Scorer(self.catalog)
        self.strengths = {c.name: compile_expr(c.strength, self.catalog) for c in self.config.conflicts}
        self.wonder_names = list(dict.fromkeys(b.name for b in self.catalog.boards))
        self._decks: dict[int, tuple[list[Source], list[tuple[list[Source], int]]]] = {}
        if len(self.wonder_names) < self.config.seats:
            raise SetupError(f"{self.config.seats} seats but only {len(self.wonder_names)} wonders")

    @property
    def players(self) -> int:
        return self.config.players

    # ---- decks and deals -------------------------------------------------------------------
    def deck(self, age: int, rng: random.Random) -> list[Source]:
        """This table's deck for an age: cards by their copy markers, plus pool draws."""
        fixed, pools = self._decks.get(age) or self._deck_parts(age)
        cards = list(fixed)
        for pool_cards, n in pools:
            cards.extend(rng.sample(pool_cards, min(n, len(pool_cards))))
        return cards

    def _deck_parts(self, age: int) -> tuple[list[Source], list[tuple[list[Source], int]]]:
        cat = self.catalog
        by_ir = {id(c.ir): c for c in cat.cards}
        fixed = [by_ir[id(c)] for c in deck_cards(self.rules, self.config, age)]
        pools = [([c for c in cat.cards if c.pool == pool and c.age == age], n)
                 for pool, n in self.config.draws_for(age)]
        self._decks[age] = (fixed, pools)
        return fixed, pools

    def deal(self, age: int, rng: random.Random) -> list[list[Source]]:
        """Shuffle the age's deck and deal a hand to each player, then a pile to each neutral
        seat that gets one."""
        deck = self.deck(age, rng)
        rng.shuffle(deck)
        hand = self.config.hand
        return [deck[i * hand:(i + 1) * hand] for i in range(self.config.piles())]

    def cards_from_names(self, age: int, names: Sequence[str]) -> list[Source]:
        out = []
        for name in names:
            card = self.catalog.card_named(name, age)
            if card is None or card.age != age:
                raise SetupError(f"'{name}' is not a card of age {age} in this rule set")
            out.append(card)
        return out

    # ---- new games -------------------------------------------------------------------------
    def choose_boards(self, rng: random.Random, boards: Optional[Sequence[Optional[tuple[str, str]]]]) -> list:
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

    def new_initial_state(self, seed: int = 0, boards: Optional[Sequence[Optional[tuple[str, str]]]] = None,
                          hands: Optional[Mapping[int, Sequence[Sequence[str]]]] = None) -> State:
        """A new game. Scenario setup: `boards` fixes each seat's (wonder, side) (None: drawn);
        `hands` fixes the deal of some ages: age -> one list of card names per player, then one
        per neutral pile. Wrong arguments raise SetupError."""
        seed = check_seed(seed)
        boards = check_boards(boards, self.config.seats)
        lists_by_age = check_hands(hands)
        rng = random.Random(seed)
        chosen = self.choose_boards(rng, boards)
        deals: dict[int, list[list[Source]]] = {}
        for age, lists in lists_by_age.items():
            if not 1 <= age <= self.config.ages:
                raise SetupError(f"there is no age {age}")
            if len(lists) != self.config.piles():
                raise SetupError(f"age {age}: {len(lists)} hands given, {self.config.piles()} needed")
            deals[age] = [self.cards_from_names(age, names) for names in lists]
            for i, h in enumerate(deals[age]):
                if len(h) != self.config.hand:
                    raise SetupError(f"age {age}: hand {i} has {len(h)} cards, not {self.config.hand}")
        state = State(self, seed, chosen, deals, rng)
        return state
