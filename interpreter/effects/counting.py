"""`per <thing> in <scopes>`: counts compiled once into small objects."""

from __future__ import annotations

from typing import Optional

from wonderrules.interpreter import ir

__all__ = ["Counter", "compile_count"]


class Counter:
    """Counts cards of some colours, stages, tokens or symbols in the cities of some scopes."""

    __slots__ = ("kind", "indices", "scopes", "exclude_self", "self_matches")

    def __init__(self, kind: str, indices: Optional[tuple[int, ...]], scopes: tuple[str, ...],
                 exclude_self: bool, self_matches: bool) -> None:
        self.kind = kind
        self.indices = indices
        self.scopes = scopes
        self.exclude_self = exclude_self
        #: the card that carries the effect is itself one of the things counted
        self.self_matches = self_matches

    def value(self, state, owner: int, target: Optional[int] = None, virtual_self: bool = False) -> int:
        """Count for the hook of `owner`'s card; `target` is the affected city (`their city`).
        `virtual_self`: the card is not in the city but is counted as if built (a card in hand
        being valued; copies at the end of the game are placed in the city, see scoring)."""
        total = 0
        seen: set[int] = set()
        self_in_scope = False
        for scope in self.scopes:
            for seat in state.seats_for(scope, owner, target):
                if seat in seen:
                    continue
                seen.add(seat)
                if seat == owner:
                    self_in_scope = True
                city = state.cities[seat]
                kind = self.kind
                if kind == "cards":
                    total += city.count_colours(self.indices)
                elif kind == "stages":
                    total += city.stages_built
                elif kind == "tokens":
                    counts = city.token_counts
                    total += sum(counts[i] for i in self.indices)
                else:
                    symbols = city.symbols
                    total += sum(symbols[i] for i in self.indices)
        if self.self_matches and self_in_scope:
            if self.exclude_self and not virtual_self:
                total -= 1
            elif virtual_self and not self.exclude_self:
                total += 1
        return max(0, total)


def compile_count(cnt: Optional[ir.Count], cat, source) -> Optional[Counter]:
    if cnt is None:
        return None
    indices: Optional[tuple[int, ...]]
    self_matches = False
    if cnt.kind == "cards":
        indices = tuple(cat.colour_index[c] for c in cnt.names) if cnt.names else None
        self_matches = not source.is_stage and (not cnt.names or source.colour in cnt.names)
    elif cnt.kind == "tokens":
        indices = tuple(cat.token_index[t] for t in cnt.names)
    elif cnt.kind == "symbols":
        idx: list[int] = []
        for n in cnt.names:
            idx.extend(cat.symbol_groups.get(n, (cat.sym_index[n],) if n in cat.sym_index else ()))
        indices = tuple(idx)
    else:
        indices = None
        self_matches = source.is_stage
    return Counter(cnt.kind, indices, cnt.scopes, cnt.exclude_self, self_matches)
