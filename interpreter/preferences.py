"""Preferences among actions: "must do this if able".

A preference of a decision (or of a seat, for every decision asked for it) ranks actions in tiers:
of the legal actions its tiers name, only those of the first tier that has any stay legal; the
actions it does not name are left as they are. A tier names actions of a kind by any of their
ways (``build``) or by one way (``build by chain``); ``*`` names every action no other tier of
the preference names. ``per card``, the tiers are read for each card apart (the actions that
take it); otherwise over the whole decision.

Those read per card apply first, then those over the decision; in each group, those of the
decision before those of the seat, each in the order written. Each keeps the order of the list:
it only takes actions out. :func:`apply` is the reference the lists the catalog writes (:mod:`.listing`)
are held to; :func:`refused_by` says which preference keeps an action out, for a refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional

from wonderrules.interpreter import ir

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.actions import Action

__all__ = ["CompiledPreference", "compile_preferences", "apply", "refused_by"]


class CompiledPreference:
    """A preference ready to read: per tier, the kinds it names by any way and the (kind, way)
    pairs it names by one way; which tier holds `*` (-1: none)."""

    __slots__ = ("per_card", "kinds", "pairs", "others", "text")

    def __init__(self, pref: ir.Preference) -> None:
        self.per_card = pref.per_card
        self.kinds = tuple(frozenset(p.action for p in t.actions if p.any_way) for t in pref.tiers)
        self.pairs = tuple(frozenset((p.action, p.way) for p in t.actions if not p.any_way) for t in pref.tiers)
        self.others = next((i for i, t in enumerate(pref.tiers) if t.others), -1)
        self.text = describe(pref)

    def tier(self, action: Action) -> int:
        """The first tier that names the action (-1: none does)."""
        kind, way = action.kind, action.way
        for i, (kinds, pairs) in enumerate(zip(self.kinds, self.pairs)):
            if kind in kinds or (kind, way) in pairs:
                return i
        return self.others

    def keep(self, actions: Sequence[Action]) -> list[Action]:
        """The actions this preference leaves, read over `actions` as one group."""
        tiers = [self.tier(x) for x in actions]
        named = [t for t in tiers if t >= 0]
        if not named:
            return list(actions)
        best = min(named)
        return [x for x, t in zip(actions, tiers) if t < 0 or t == best]


def compile_preferences(prefs: Sequence[ir.Preference]) -> tuple[CompiledPreference, ...]:
    return tuple(CompiledPreference(p) for p in prefs)


def apply(actions: list[Action], prefs: Sequence[CompiledPreference]) -> list[Action]:
    """The legal actions left by the preferences (the decision's, then the seat's), those read
    per card first, in order (see the module's text)."""
    for pref in [p for p in prefs if p.per_card] + [p for p in prefs if not p.per_card]:
        if pref.per_card:
            tiers = [pref.tier(x) for x in actions]
            best: dict[str, int] = {}
            for x, t in zip(actions, tiers):
                if t >= 0 and t < best.get(x.card, t + 1):
                    best[x.card] = t
            actions = [x for x, t in zip(actions, tiers) if t < 0 or t == best[x.card]]
        else:
            actions = pref.keep(actions)
    return actions


def refused_by(action: Action, prefs: Sequence[CompiledPreference], legal: Sequence[Action]
               ) -> Optional[tuple[CompiledPreference, Action]]:
    """The preference that keeps `action` out, with a legal action of an earlier tier it prefers
    (of the same card, for a preference read per card); None when none does."""
    for pref in prefs:
        rank = pref.tier(action)
        if rank < 0:
            continue
        for x in legal:
            if pref.per_card and x.card != action.card:
                continue
            t = pref.tier(x)
            if 0 <= t < rank:
                return pref, x
    return None


def describe(pref: ir.Preference) -> str:
    """The preference as it is written (`prefer per card: build by chain > build`)."""
    tiers = []
    for t in pref.tiers:
        items = [p.action if p.any_way else f"{p.action} by {p.way or 'pay'}" for p in t.actions]
        tiers.append(", ".join(items + (["*"] if t.others else [])))
    return f"prefer{' per card' if pref.per_card else ''}: " + " > ".join(tiers)
