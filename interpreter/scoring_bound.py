"""The bound on final scoring's search, for the loader of compiled rule sets (:mod:`.bounds`).

Final scoring tries every combination of a city's end-of-game choices (:mod:`.scoring`): each
card it copies, each set of different cards whose symbols it copies, each symbol of every
either/or symbol. The steps it may take are counted for a city that built every card, on each
board side, holding every effect of the rule set and of its options, with neighbours that built
every card it may copy; a rule set whose count is beyond MAX_SCORING_STEPS is refused, naming the
effect that adds the most.

Counting stays cheap for any rule set the JSON walk accepts: what a kind of copy may take is
found once per set of colours, the cards' choices once for every side, and every count stops
growing far beyond the bound (at CAP), so that numbers stay small.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import log10
from typing import Any

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.config import resolve_config, supported_tables
from wonderrules.interpreter.validate import CompiledRulesError
from wonderrules.interpreter.words import MAX_SCORING_STEPS

__all__ = ["check_scoring", "CAP"]

#: counts stop here: far beyond the bound, and small enough to compute with
CAP = 10**30


def check_scoring(rules: ir.RuleSet, effects: Iterable[tuple[str, tuple[ir.RuleEffects, ...]]]) -> None:
    """CompiledRulesError at the effect that adds the most when a city's end-of-game choices
    could take final scoring beyond MAX_SCORING_STEPS steps. `effects`: (path, blocks) of the
    effects of the rule set and of each of its options."""
    seats = max((resolve_config(rules, p, o).seats for p, o in supported_tables(rules)), default=1)
    cards = [h for i, c in enumerate(rules.cards) for h in _choices(c.hooks, f"cards[{i}]")]
    sides = [_choices(b.hooks, f"boards[{i}]") + [h for j, st in enumerate(b.stages)
                                                  for h in _choices(st.hooks, f"boards[{i}].stages[{j}]")]
             for i, b in enumerate(rules.boards)] or [[]]
    held = [h for where, blocks in effects for i, block in enumerate(blocks)
            for h in _choices(block.hooks, f"{where}[{i}]")]
    kinds = _Kinds(rules, seats)
    common = _City().holding((h.op for h, _ in cards + held), kinds)
    for side in sides:
        total = attrs.evolve(common, wild=list(common.wild), colours=set(common.colours),
                             relations=set(common.relations)).holding((h.op for h, _ in side), kinds).steps(kinds)
        if total > MAX_SCORING_STEPS:
            hooks = cards + side + held
            path = max(hooks, key=lambda hp: _City().holding([hp[0].op], kinds).steps(kinds))[1]
            big = str(total) if total < 10**12 else f"more than 10^{int(log10(total))}"
            raise CompiledRulesError(path, f"final scoring could take {big} steps through the end-of-game choices "
                                           f"of one city (at most {MAX_SCORING_STEPS}); this effect adds the most")


def _choices(hooks: tuple[ir.Hook, ...], path: str) -> list[tuple[ir.Hook, str]]:
    return [(h, f"{path}.hooks[{k}]") for k, h in enumerate(hooks)
            if isinstance(h.op, (ir.CopyCard, ir.CopySymbol))
            or (isinstance(h.op, ir.Symbol) and len(h.op.options) > 1)]


def _wild(hooks: tuple[ir.Hook, ...]) -> list[int]:
    return [len(h.op.options) for h in hooks if isinstance(h.op, ir.Symbol) and len(h.op.options) > 1]


def _symbols(card: ir.Card) -> tuple[str, ...]:
    return tuple(sorted(s for h in card.hooks if isinstance(h.op, ir.Symbol) and len(h.op.options) == 1
                        for s in h.op.options * h.op.amount))


def _product(values: Iterable[int]) -> int:
    out = 1
    for v in values:
        out *= v
        if out >= CAP:
            return CAP
    return out


def _comb(n: int, k: int) -> int:
    """How many ways to choose k of n (at most CAP)."""
    k = min(k, n - k)
    if k < 0:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
        if out >= CAP:
            return CAP
    return out


class _Kinds:
    """What the cards of some colours offer to a copy, found once per set of colours."""

    def __init__(self, rules: ir.RuleSet, seats: int) -> None:
        self.rules = rules
        self.seats = seats
        self.symbols = len({s for g in rules.symbol_groups for s in g.members})
        self._copied: dict[tuple[str, ...], tuple[int, list[int]]] = {}
        self._shown: dict[frozenset[str], tuple[int, int]] = {}

    def copied(self, colours: tuple[str, ...]) -> tuple[int, list[int]]:
        """The different kinds (by name: whichever city holds them) a copy of cards of these
        colours may take, and the either/or symbols of the kind with the most choices."""
        found = self._copied.get(colours)
        if found is None:
            kinds = [c for c in self.rules.cards if not colours or c.colour in colours]
            most = max(kinds, key=lambda c: _product(_wild(c.hooks)), default=None)
            found = self._copied[colours] = (len({c.name for c in kinds}), _wild(most.hooks) if most else [])
        return found

    def shown(self, colours: frozenset[str]) -> tuple[int, int]:
        """The cards of these colours whose symbols may be copied, and their different sets of
        symbols."""
        found = self._shown.get(colours)
        if found is None:
            cards = [c for c in self.rules.cards if c.colour in colours and _symbols(c)]
            found = self._shown[colours] = (len(cards), len({_symbols(c) for c in cards}))
        return found

    def seats_in(self, relations: set[str]) -> int:
        if relations - {"left", "right", "neighbours", "self"}:
            return self.seats
        return 2 if "neighbours" in relations or {"left", "right"} <= relations else 1


@attrs.define
class _City:
    """The end-of-game choices of one city, gathered effect by effect."""

    copies: int = 1
    wild: list[int] = attrs.Factory(list)
    slots: int = 0
    colours: set[str] = attrs.Factory(set)
    relations: set[str] = attrs.Factory(set)

    def holding(self, ops: Iterable[Any], kinds: _Kinds) -> _City:
        for op in ops:
            if isinstance(op, ir.Symbol):
                self.wild.append(len(op.options))
            elif isinstance(op, ir.CopyCard):
                different, most = kinds.copied(op.colours)
                self.copies = _product([self.copies] + [max(1, different)] * op.count)
                self.wild.extend(most * op.count)
            elif isinstance(op, ir.CopySymbol):
                self.slots += op.count
                self.colours.update(op.colours)
                self.relations.update(r.kind for r in op.sources)
        return self

    def steps(self, kinds: _Kinds) -> int:
        """The work final scoring may do for this city (see scoring.py's loops): for each choice
        of copied cards, each set of different cards whose symbols are copied; for each distinct
        set, every choice of the either/or symbols, and each distinct choice scored (every
        formula evaluated: ten steps). At most CAP."""
        cards, sets = kinds.shown(frozenset(self.colours))
        candidates = cards * kinds.seats_in(self.relations)
        picked = min(self.slots, candidates)
        walked = _comb(candidates, picked)
        distinct = _comb(sets + picked - 1, picked) if picked else 1
        wild = _product(self.wild)
        choices = min(wild, _comb(kinds.symbols + len(self.wild) - 1, len(self.wild))) if self.wild else 1
        return min(CAP, self.copies * (walked + distinct * (wild + 10 * choices)))
