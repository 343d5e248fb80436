"""Final scoring: each city's score sheet, with end-of-game choices made to its best total.

End-of-game choices are wild symbols (`symbol a | b | c` at the end of the game), copies of a
neighbour's card (`copy 1 purple card ...`: its points and symbols count for the copier as if
built there) and copies of neighbours' symbols (`copy symbol of 1 green card ...`: each copy takes
a different card). Every combination is tried and the best total kept.
"""

from __future__ import annotations

from itertools import product
from typing import Optional

import attrs

from wonderrules.interpreter.effects.endgame import CopyCardHook, CopySymbolHook, ScoreHook, SymbolHook
from wonderrules.interpreter.expressions import compile_expr

__all__ = ["ScoreSheet", "score_city", "Scorer"]


@attrs.frozen
class ScoreSheet:
    seat: int
    columns: tuple[tuple[str, int], ...]
    total: int
    coins: int
    choices: tuple[str, ...] = ()

    def column(self, name: str) -> int:
        for n, v in self.columns:
            if n == name:
                return v
        raise KeyError(name)

    def to_json(self) -> dict:
        return {"seat": self.seat, **dict(self.columns), "total": self.total, "coins": self.coins,
                "choices": list(self.choices)}


class Scorer:
    """Compiled scoring formulas of a rule set."""

    def __init__(self, cat) -> None:
        self.cat = cat
        self.formulas = [compile_expr(f, cat) if f is not None else None for f in cat.category_formulas]

    def sheet(self, state, seat: int) -> ScoreSheet:
        return score_city(self, state, seat)


def _fixed_symbols(src) -> list[tuple[int, int]]:
    out = []
    for hook in tuple(src.passive) + tuple(src.end_of_game):
        if isinstance(hook, SymbolHook) and hook.fixed:
            out.append((hook.options[0], hook.amount))
    return out


def _card_points(scorer: Scorer, state, seat: int, src, hook: ScoreHook, virtual: bool) -> tuple[int, int]:
    cat = scorer.cat
    category = src.category
    idx = cat.category_index.get(category, -1) if category else -1
    return idx, hook.points(state, seat, virtual_self=virtual)


def _score_into(points: list[int], scorer: Scorer, state, seat: int, src, hook: ScoreHook, virtual: bool) -> int:
    """Add a score hook's points to its column; return the points that have no column."""
    idx, pts = _card_points(scorer, state, seat, src, hook, virtual)
    if idx >= 0:
        points[idx] += pts
        return 0
    return pts


def score_city(scorer: Scorer, state, seat: int) -> ScoreSheet:
    cat = scorer.cat
    city = state.cities[seat]
    base_points = [0] * len(cat.categories)
    other = 0
    base_symbols = list(city.symbols)
    wild: list[tuple[tuple[int, ...], int]] = []
    copy_card_slots: list[CopyCardHook] = []
    copy_symbol_slots: list[CopySymbolHook] = []
    for hook, src in city.end_of_game:
        if isinstance(hook, ScoreHook):
            other += _score_into(base_points, scorer, state, seat, src, hook, False)
        elif isinstance(hook, SymbolHook):
            if hook.fixed:
                base_symbols[hook.options[0]] += hook.amount
            else:
                wild.append((hook.options, hook.amount))
        elif isinstance(hook, CopyCardHook):
            copy_card_slots.extend([hook] * hook.count)
        elif isinstance(hook, CopySymbolHook):
            copy_symbol_slots.extend([hook] * hook.count)

    # candidates for card copies: distinct kinds among the cards of the scoped cities
    card_options: list[list[Optional[object]]] = []
    for hook in copy_card_slots:
        seen: dict[str, object] = {}
        for scope in hook.scopes:
            for s in state.seats_for(scope, seat, None):
                for src in state.cities[s].built:
                    if (not hook.colours or src.colour in hook.colours) and src.name not in seen:
                        seen[src.name] = src
        card_options.append(list(seen.values()) or [None])

    # candidates for symbol copies: card instances (seat, position) that show fixed symbols
    symbol_cards: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
    if copy_symbol_slots:
        scopes = {sc for h in copy_symbol_slots for sc in h.scopes}
        colours = frozenset().union(*(h.colours for h in copy_symbol_slots))
        seen_seats: set[int] = set()
        for scope in sorted(scopes):
            for s in state.seats_for(scope, seat, None):
                if s in seen_seats:
                    continue
                seen_seats.add(s)
                for pos, src in enumerate(state.cities[s].built):
                    if not colours or src.colour in colours:
                        syms = _fixed_symbols(src)
                        if syms:
                            symbol_cards.append(((s, pos), syms))

    best: Optional[tuple[int, list[int], tuple[str, ...]]] = None
    for copies in product(*card_options) if card_options else [()]:
        points = list(base_points)
        extra_other = 0
        symbols = list(base_symbols)
        slots = list(wild)
        labels: list[str] = []
        for src in copies:
            if src is None:
                labels.append("copy: nothing to copy")
                continue
            labels.append(f"copy {src.name}")
            for hook in src.end_of_game:
                if isinstance(hook, ScoreHook):
                    extra_other += _score_into(points, scorer, state, seat, src, hook, True)
                elif isinstance(hook, SymbolHook) and not hook.fixed:
                    slots.append((hook.options, hook.amount))
            for sym, amount in _fixed_symbols(src):
                symbols[sym] += amount
        for sym_choice in _symbol_copy_choices(copy_symbol_slots, symbol_cards):
            sym2 = list(symbols)
            sym_labels = []
            for syms in sym_choice:
                for sym, amount in syms:
                    sym2[sym] += amount
                    sym_labels.append(f"copy symbol {cat.symbols[sym]}")
            for wild_choice in _wild_choices(slots):
                sym3 = list(sym2)
                for sym, amount in wild_choice:
                    sym3[sym] += amount
                total_points = list(points)
                for i, f in enumerate(scorer.formulas):
                    if f is not None:
                        total_points[i] += f(state, seat, sym3)
                total = sum(total_points) + other + extra_other
                if best is None or total > best[0]:
                    names = tuple(labels + sym_labels + [f"symbol {cat.symbols[s]}" for s, _ in wild_choice])
                    best = (total, total_points, names)
    assert best is not None
    total, total_points, names = best
    columns = tuple(zip(cat.categories, total_points))
    if other:
        columns += (("other", other),)
    return ScoreSheet(seat, columns, total, city.coins, names)


def _wild_choices(slots: list[tuple[tuple[int, ...], int]]):
    if not slots:
        yield ()
        return
    seen: set[tuple] = set()
    for combo in product(*(opts for opts, _ in slots)):
        choice = tuple(sorted((sym, amount) for sym, (_, amount) in zip(combo, slots)))
        if choice not in seen:
            seen.add(choice)
            yield choice


def _symbol_copy_choices(slots: list[CopySymbolHook], cards: list[tuple[tuple[int, int], list[tuple[int, int]]]]):
    """Each slot copies a different card; yields the symbol lists of the copied cards, with
    choices that give the same symbols tried once."""
    if not slots:
        yield ()
        return
    n = min(len(slots), len(cards))
    seen: set[tuple] = set()

    def walk(start: int, picked: list):
        if len(picked) == n:
            key = tuple(sorted(tuple(s) for s in picked))
            if key not in seen:
                seen.add(key)
                yield tuple(picked)
            return
        for i in range(start, len(cards)):
            picked.append(cards[i][1])
            yield from walk(i + 1, picked)
            picked.pop()

    yield from walk(0, [])
