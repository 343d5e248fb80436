"""Final scoring: each city's score sheet, with end-of-game choices made to its best total.

End-of-game choices are wild symbols (`symbol a | b | c` at the end of the game), copies of a
neighbour's card (`copy 1 purple card ...`) and copies of neighbours' symbols (`copy symbol of 1
green card ...`: each copy takes a different card). Every combination is tried and the best
total kept.

A copied card counts as a card of the copying city, as if built there: its points and symbols
go to the copier, and every count made at the end of the game sees it among that city's cards
(the copier's own cards, the copy itself, other copies, and the neighbours' cards that count
this city's cards). Only built cards are copied, never copies. Cities that copy choose one after
another in seat order, each to its own best total knowing the copies chosen before it; then
every sheet is counted with all copies in place.
"""

from __future__ import annotations

from itertools import product
from typing import Optional

import attrs

from wonderrules.interpreter.effects.endgame import CopyCardHook, CopySymbolHook, ScoreHook, SymbolHook
from wonderrules.interpreter.expressions import compile_expr

__all__ = ["ScoreSheet", "score_city", "final_sheets", "Scorer"]


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

    def sheets(self, state) -> list[ScoreSheet]:
        return final_sheets(self, state)


class _AsBuilt:
    """The game as the end-of-game counts see it: the state itself, except that the cities that
    copy cards hold their copies as if built there."""

    __slots__ = ("_state", "cities")

    def __init__(self, state, cities: list) -> None:
        self._state = state
        self.cities = cities

    def __getattr__(self, name: str):
        return getattr(self._state, name)


def _as_built(state, copies: dict[int, tuple]) -> _AsBuilt:
    """A view of `state` with each city's copies (seat -> copied cards, None for a lost copy)
    placed in it: its cards, colour counts and fixed symbols, as a build would."""
    cities = list(state.cities)
    cat = state.cat
    for seat, cards in copies.items():
        if not any(src is not None for src in cards):
            continue
        city = cities[seat] = state.cities[seat].copy()
        for src in cards:
            if src is None:
                continue
            city.built.append(src)
            city.names.add(src.name)
            ci = cat.colour_index.get(src.colour)
            if ci is not None:
                city.colour_counts[ci] += 1
            for hook in src.passive:
                if isinstance(hook, SymbolHook) and hook.fixed:
                    city.symbols[hook.options[0]] += hook.amount
    return _AsBuilt(state, cities)


def _copy_card_slots(city) -> list[CopyCardHook]:
    slots: list[CopyCardHook] = []
    for hook, _ in city.end_of_game:
        if isinstance(hook, CopyCardHook):
            slots.extend([hook] * hook.count)
    return slots


def _copy_candidates(state, seat: int, hook: CopyCardHook) -> list[Optional[object]]:
    """Distinct kinds among the built cards of the hook's cities (None: nothing to copy)."""
    seen: dict[str, object] = {}
    for scope in hook.scopes:
        for s in state.seats_for(scope, seat, None):
            for src in state.cities[s].built:
                if (not hook.colours or src.colour in hook.colours) and src.name not in seen:
                    seen[src.name] = src
    return list(seen.values()) or [None]


def final_sheets(scorer: Scorer, state) -> list[ScoreSheet]:
    """Every seat's sheet at the end of the game. Copies are chosen seat by seat (each copier
    to its own best total, knowing the earlier copiers' choices); then all sheets are counted
    with every copy in place."""
    chosen: dict[int, tuple] = {}
    for seat in range(state.n):
        slots = _copy_card_slots(state.cities[seat])
        if not slots:
            continue
        best: Optional[tuple[ScoreSheet, tuple]] = None
        for copies in product(*(_copy_candidates(state, seat, hook) for hook in slots)):
            sheet = score_city(scorer, state, seat, copies, _as_built(state, {**chosen, seat: copies}))
            if best is None or sheet.total > best[0].total:
                best = (sheet, copies)
        assert best is not None
        chosen[seat] = best[1]
    counted = _as_built(state, chosen) if chosen else state
    return [score_city(scorer, state, seat, chosen.get(seat, ()), counted) for seat in range(state.n)]


def _fixed_symbols(src) -> list[tuple[int, int]]:
    out = []
    for hook in tuple(src.passive) + tuple(src.end_of_game):
        if isinstance(hook, SymbolHook) and hook.fixed:
            out.append((hook.options[0], hook.amount))
    return out


def _score_into(points: list[int], scorer: Scorer, state, seat: int, src, hook: ScoreHook) -> int:
    """Add a score hook's points to its column; return the points that have no column."""
    category = src.category
    idx = scorer.cat.category_index.get(category, -1) if category else -1
    pts = hook.points(state, seat)
    if idx >= 0:
        points[idx] += pts
        return 0
    return pts


def score_city(scorer: Scorer, state, seat: int, copies: tuple = (), counted=None) -> ScoreSheet:
    """One city's sheet, its symbol choices made to its best total. `counted` is the game as the
    end-of-game counts see it (see :func:`_as_built`; the state itself when nothing is copied):
    there `copies` (None for a copy with nothing to copy) are among the city's cards, and they
    score as its own end-of-game cards."""
    cat = scorer.cat
    counted = state if counted is None else counted
    city = counted.cities[seat]
    points = [0] * len(cat.categories)
    other = 0
    symbols = list(city.symbols)
    wild: list[tuple[tuple[int, ...], int]] = []
    copy_symbol_slots: list[CopySymbolHook] = []
    labels: list[str] = []
    own = list(city.end_of_game)
    for src in copies:
        if src is None:
            labels.append("copy: nothing to copy")
            continue
        labels.append(f"copy {src.name}")
        # a copy brings its points and symbols; what it would copy itself is not copied
        own.extend((hook, src) for hook in src.end_of_game
                   if not isinstance(hook, (CopyCardHook, CopySymbolHook)))
    for hook, src in own:
        if isinstance(hook, ScoreHook):
            other += _score_into(points, scorer, counted, seat, src, hook)
        elif isinstance(hook, SymbolHook):
            if hook.fixed:
                symbols[hook.options[0]] += hook.amount
            else:
                wild.append((hook.options, hook.amount))
        elif isinstance(hook, CopySymbolHook):
            copy_symbol_slots.extend([hook] * hook.count)

    # candidates for symbol copies: built card instances (seat, position) that show fixed symbols
    # (never copies)
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
    for sym_choice in _symbol_copy_choices(copy_symbol_slots, symbol_cards):
        sym2 = list(symbols)
        sym_labels = []
        for syms in sym_choice:
            for sym, amount in syms:
                sym2[sym] += amount
                sym_labels.append(f"copy symbol {cat.symbols[sym]}")
        for wild_choice in _wild_choices(wild):
            sym3 = list(sym2)
            for sym, amount in wild_choice:
                sym3[sym] += amount
            total_points = list(points)
            for i, f in enumerate(scorer.formulas):
                if f is not None:
                    total_points[i] += f(counted, seat, sym3)
            total = sum(total_points) + other
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
