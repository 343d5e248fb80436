"""Final scoring: each city's score sheet, with end-of-game choices made to its best total.

End-of-game choices are symbols with several options (one chosen), copies of another city's card
(its points and symbols count for the copier, as if built there) and copies of other cities'
symbols (each copy takes a different card). Every combination is tried and the best total kept:
the whole sheet, so that points that count the city's symbols (a score column's formula, an
effect's `score` amount or its condition) are counted again with each choice of symbols, and a
set completed by a chosen or copied symbol counts wherever sets are counted.

A copied card counts as a card of the copying city, as if built there: every count made at the
end of the game sees it among that city's cards (the copier's own cards, the copy itself, other
copies, and other cities' cards that count this city's cards). Only built cards are copied,
never copies. Cities that copy choose one after another in seat order, each to its own best total
knowing the copies chosen before it; then every sheet is counted with all copies in place.

Choices that are alike are tried once per different outcome: either/or symbols by the symbols
they come to (sixteen choices of three symbols: 153 outcomes, not 43 million), copies made by
one effect held several times (a card built twice) by the cards copied, in any order. Of equal
totals the first in the order of every combination is kept, as if each were tried. The search
is counted as the loader counts it (:mod:`.scoring_bound`: a combination walked through is a
step, one scored is ten); a city beyond MAX_SCORING_STEPS, which the loader's count does not
foresee when a city holds a card's choices several times, stops the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, Any, Optional

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.expressions import compile_expr
from wonderrules.interpreter.ops import OP_SPECS
from wonderrules.interpreter.stopping import stop
from wonderrules.interpreter.value_range import figure
from wonderrules.interpreter.words import MAX_SCORING_STEPS

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.game_data import GameData

__all__ = ["ScoreSheet", "Scorer", "final_sheets", "score_city"]

#: the operations final scoring reads, as the table of operations holds them (a hook holds its spec)
_SCORE, _SYMBOL, _COPY_CARD, _COPY_SYMBOL = (OP_SPECS[op] for op in (ir.Score, ir.Symbol, ir.CopyCard, ir.CopySymbol))
_COPIES = (_COPY_CARD, _COPY_SYMBOL)


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

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **dict(self.columns), "total": self.total, "coins": self.coins,
                "choices": list(self.choices)}


class Scorer:
    """The compiled score columns of a rule set."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.formulas = [compile_expr(f, cat) if f is not None else None for f in cat.category_formulas]

    def sheets(self, st: GameData) -> list[ScoreSheet]:
        return final_sheets(self, st)


def _as_built(st: GameData, copies: dict[int, tuple[Optional[Source], ...]]) -> Any:
    cities = list(st.cities)
    for seat, cards in copies.items():
        if not any(src is not None for src in cards):
            continue
        city = cities[seat] = st.cities[seat].copy()
        for src in cards:
            if src is None:
                continue
            city.built.append(src)
            city.names.add(src.name)
            if src.colour_id >= 0:
                city.colour_counts[src.colour_id] += 1
            for hook in src.passive:
                if hook.spec is _SYMBOL and len(hook.op.options) == 1:
                    city.symbols[hook.op.options[0]] += hook.op.amount
    # the game itself, of its own class (compiled code reads it as one), with those cities
    return st.with_cities(cities)


def _copy_card_slots(city: Any) -> list[Any]:
    slots: list[Any] = []
    for hook, _ in city.end_of_game:
        if hook.spec is _COPY_CARD:
            slots.extend([hook] * hook.op.count)
    return slots


def _copy_candidates(st: GameData, seat: int, hook: Any) -> list[Optional[Source]]:
    """Distinct kinds among the built cards of the hook's cities (None: nothing to copy)."""
    seen: dict[str, Source] = {}
    for s in hook.op.sources(st, seat, seat):
        for src in st.cities[s].built:
            if (not hook.op.colours or src.colour in hook.op.colours) and src.name not in seen:
                seen[src.name] = src
    return list(seen.values()) or [None]


class _Steps:
    """The steps final scoring takes through one city's choices; the game stops beyond
    MAX_SCORING_STEPS."""

    __slots__ = ("st", "seat", "taken")

    def __init__(self, st: GameData, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.taken = 0

    def take(self, n: int) -> None:
        self.taken += n
        if self.taken > MAX_SCORING_STEPS:
            stop(self.st, f"final scoring of seat {self.seat} would take more than {figure(MAX_SCORING_STEPS)} steps "
                          "through its end-of-game choices (symbols to choose, cards and symbols to copy): a city "
                          "holds too many of them")


def _copy_choices(candidates: list[list[Optional[Source]]], slots: list[Any]) -> Iterator[tuple[int, ...]]:
    """The candidates' indexes to try, one per slot: for slots of one effect (held several times),
    each set of cards once, in the order that comes first among every order."""
    groups: dict[int, list[int]] = {}
    for i, hook in enumerate(slots):
        groups.setdefault(id(hook), []).append(i)
    positions = list(groups.values())
    for picks in product(*(combinations_with_replacement(range(len(candidates[where[0]])), len(where))
                           for where in positions)):
        chosen = [0] * len(slots)
        for where, picked in zip(positions, picks):
            for i, k in zip(where, picked):
                chosen[i] = k
        yield tuple(chosen)


def final_sheets(scorer: Scorer, st: GameData) -> list[ScoreSheet]:
    chosen: dict[int, tuple[Optional[Source], ...]] = {}
    steps = [_Steps(st, seat) for seat in range(st.n)]
    for seat in range(st.n):
        slots = _copy_card_slots(st.cities[seat])
        if not slots:
            continue
        candidates = [_copy_candidates(st, seat, hook) for hook in slots]
        best: Optional[tuple[int, tuple[int, ...], ScoreSheet, tuple[Optional[Source], ...]]] = None
        for picked in _copy_choices(candidates, slots):
            steps[seat].take(1)
            copies = tuple(candidates[i][k] for i, k in enumerate(picked))
            sheet = score_city(scorer, st, seat, copies, _as_built(st, {**chosen, seat: copies}), steps[seat])
            # of equal totals, the first in the order of every combination (`product`)
            if best is None or sheet.total > best[0] or (sheet.total == best[0] and picked < best[1]):
                best = (sheet.total, picked, sheet, copies)
        assert best is not None
        chosen[seat] = best[3]
    counted = _as_built(st, chosen) if chosen else st
    return [score_city(scorer, st, seat, chosen.get(seat, ()), counted, steps[seat]) for seat in range(st.n)]


def _fixed_symbols(src: Source) -> list[tuple[int, int]]:
    out = []
    for hook in tuple(src.passive) + tuple(src.end_of_game):
        if hook.spec is _SYMBOL and len(hook.op.options) == 1:
            out.append((hook.op.options[0], hook.op.amount))
    return out


def score_city(scorer: Scorer, st: GameData, seat: int, copies: tuple[Optional[Source], ...] = (),
               counted: Any = None, steps: Optional[_Steps] = None) -> ScoreSheet:
    """One city's sheet, its symbol choices made to its best total. `counted` is the game as the
    end-of-game counts see it (the copies in place); `steps` counts the search (see _Steps)."""
    steps = steps or _Steps(st, seat)
    cat = scorer.cat
    counted = st if counted is None else counted
    city = counted.cities[seat]
    points = [0] * len(cat.categories)
    other = 0
    symbols = list(city.symbols)
    wild: list[tuple[tuple[int, ...], int]] = []
    copy_symbol_slots: list[Any] = []
    labels: list[str] = []
    own = list(city.end_of_game)
    for src in copies:
        if src is None:
            labels.append("copy: nothing to copy")
            continue
        labels.append(f"copy {src.name}")
        own.extend((hook, src) for hook in src.end_of_game if hook.spec not in _COPIES)
    # points that count symbols are counted with each choice of symbols (column index, -1: other)
    symbol_points: list[tuple[Any, int]] = []
    for hook, src in own:
        if hook.spec is _SCORE:
            idx = cat.category_index.get(src.category, -1) if src.category else -1
            if hook.op.reads_symbols:
                symbol_points.append((hook, idx))
            elif hook.holds(counted, seat):
                if idx >= 0:
                    points[idx] += hook.op.points(counted, seat)
                else:
                    other += hook.op.points(counted, seat)
        elif not hook.holds(counted, seat):
            continue
        elif hook.spec is _SYMBOL:
            if len(hook.op.options) == 1:
                symbols[hook.op.options[0]] += hook.op.amount
            else:
                wild.append((hook.op.options, hook.op.amount))
        elif hook.spec is _COPY_SYMBOL:
            copy_symbol_slots.extend([hook] * hook.op.count)

    symbol_cards: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
    if copy_symbol_slots:
        colours = frozenset().union(*(h.op.colours for h in copy_symbol_slots))
        seen_seats: set[int] = set()
        for s in _copy_seats(st, seat, copy_symbol_slots):
            if s in seen_seats:
                continue
            seen_seats.add(s)
            for pos, src in enumerate(st.cities[s].built):
                if not colours or src.colour in colours:
                    syms = _fixed_symbols(src)
                    if syms:
                        symbol_cards.append(((s, pos), syms))

    best: Optional[tuple[int, list[int], int, tuple[str, ...]]] = None
    outcomes = _wild_choices(wild, steps)
    for sym_choice in _symbol_copy_choices(copy_symbol_slots, symbol_cards):
        steps.take(1 + 10 * len(outcomes))  # this choice, then each outcome scored
        sym2 = list(symbols)
        sym_labels = []
        for syms in sym_choice:
            for sym, amount in syms:
                sym2[sym] += amount
                sym_labels.append(f"copy symbol {cat.symbols[sym]}")
        for wild_choice in outcomes:
            sym3 = list(sym2)
            for sym, amount in wild_choice:
                sym3[sym] += amount
            total_points = list(points)
            outside = other
            for hook, idx in symbol_points:
                if hook.condition is None or hook.condition(counted, seat, seat, sym3):
                    pts = hook.op.amount(counted, seat, seat, sym3)
                    if idx >= 0:
                        total_points[idx] += pts
                    else:
                        outside += pts
            for i, f in enumerate(scorer.formulas):
                if f is not None:
                    total_points[i] += f(counted, seat, seat, sym3)
            total = sum(total_points) + outside
            if best is None or total > best[0]:
                names = tuple(labels + sym_labels + [f"symbol {cat.symbols[s]}" for s, _ in wild_choice])
                best = (total, total_points, outside, names)
    assert best is not None
    total, total_points, outside, names = best
    columns = tuple(zip(cat.categories, total_points))
    if outside:
        columns += (("other", outside),)
    return ScoreSheet(seat, columns, total, city.coins, names)


def _copy_seats(st: GameData, seat: int, slots: list[Any]) -> list[int]:
    """The seats symbol copies look at: every slot's sources, relations taken in name order."""
    relations = sorted({rel for h in slots for rel in h.op.relations}, key=lambda r: (r.kind, r.distance))
    out: list[int] = []
    for rel in relations:
        out.extend(st.table.seats_of(rel, seat))
    return out


def _wild_choices(slots: list[tuple[tuple[int, ...], int]], steps: _Steps) -> list[tuple[tuple[int, int], ...]]:
    """The different outcomes of the either/or symbols (the symbols chosen, with their amounts,
    sorted), each once, in the order it first comes among every combination (`product` of the
    slots' options). Built slot by slot: the outcomes of the first slots, in that order, each
    followed by each option of the next slot, an outcome kept where it first comes."""
    outcomes: list[tuple[tuple[int, int], ...]] = [()]
    for options, amount in slots:
        steps.take(len(outcomes) * len(options))
        grown: dict[tuple[tuple[int, int], ...], None] = {}
        for outcome in outcomes:
            for sym in options:
                grown.setdefault(tuple(sorted(outcome + ((sym, amount),))), None)
        outcomes = list(grown)
    return outcomes


def _symbol_copy_choices(slots: list[Any], cards: list[tuple[tuple[int, int], list[tuple[int, int]]]]
                         ) -> Iterator[tuple[list[tuple[int, int]], ...]]:
    """Each slot copies a different card; yields the symbol lists of the copied cards, with
    choices that give the same symbols tried once."""
    if not slots:
        yield ()
        return
    n = min(len(slots), len(cards))
    seen: set[tuple[tuple[tuple[int, int], ...], ...]] = set()

    def walk(start: int, picked: list[list[tuple[int, int]]]) -> Iterator[tuple[list[tuple[int, int]], ...]]:
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
