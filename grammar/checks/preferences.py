"""Pass: the preferences of decisions and neutral seats (`prefer per card: build by chain > build`).

:func:`check`, on the model: each tier names declared actions (E0101, with the closest name),
and `*` stands in one tier of a preference (E0104); a way the action does not have names nothing
(W0511: a layer may have overridden the action without it; the compiled form leaves it out).
:func:`warnings`, once the names are right: other parts of a tier that never apply (W0511): an
action the decision does not offer, an action (or way) an earlier tier of the same preference
names already, and a `*` that is left no action because the other tiers name every action of the
decision."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.diagnostics import Diagnostic, Label, error, warning
from wonderrules.grammar.resolve import Model, closest

__all__ = ["check", "warnings", "ways_of"]


def _preferences(model: Model) -> Iterator[tuple[Optional[s.Decision], s.Prefer]]:
    """Every preference, with the decision it belongs to (None: a neutral seat's)."""
    for decision in model.decisions.values():
        for p in decision.prefer:
            yield decision, p
    for seat in model.seats.values():
        for c in seat.clauses:
            if isinstance(c, s.Prefer):
                yield None, c


def ways_of(action: s.Action) -> list[str]:
    """The ways a tier may name for an action: its named ways, and `pay` for its paying way (an
    action that declares no way is paid)."""
    ways = [c for c in action.clauses if isinstance(c, s.Way)]
    return [c.name.text if c.name is not None else "pay" for c in ways] or ["pay"]


def check(model: Model, names: Names) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for _, p in _preferences(model):
        stars = [i for t in p.tiers for i in t.items if isinstance(i, s.OtherActions)]
        for star in stars[1:]:
            diags.append(error("E0104", "`*` stands in one tier of a preference", star.span,
                               labels=[Label(stars[0].span, "already here")],
                               help="take it out: `*` names every action the other tiers do not"))
        for t in p.tiers:
            for item in t.items:
                if not isinstance(item, s.PreferredAction) or not names.check(item.action, ("action",), diags):
                    continue
                if item.way is None:
                    continue
                action = model.actions[item.action.text]
                ways = ways_of(action)
                if item.way.text not in ways:
                    # a layer may override the action without that way: then this part names nothing
                    hint = closest(item.way.text, ways)
                    diags.append(warning(
                        "W0511", f"action '{item.action.text}' has no way '{item.way.text}': this part of the tier "
                                 "never applies", item.way.span, labels=[Label(action.name.span, "declared here")],
                        help=f"did you mean '{hint}'?" if hint else "its ways: " + ", ".join(ways)))
    return diags


def warnings(model: Model) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for decision, p in _preferences(model):
        offered = {n.text for n in decision.actions} if decision is not None else None
        named: set[tuple[str, Optional[str]]] = set()
        star: Optional[s.OtherActions] = None
        for t in p.tiers:
            for item in t.items:
                if isinstance(item, s.OtherActions):
                    star = item
                    continue
                kind, way = item.action.text, item.way.text if item.way is not None else None
                if offered is not None and decision is not None and kind not in offered:
                    diags.append(warning(
                        "W0511", f"decision '{decision.name.text}' does not offer '{kind}': this part of the "
                                 "tier never applies", item.span, labels=[Label(decision.name.span, "declared here")],
                        help=f"add '{kind}' to the decision's actions, or take it out of the preference"))
                elif (kind, None) in named or (kind, way) in named:
                    said = kind if (kind, None) in named else f"{kind} by {way}"
                    diags.append(warning(
                        "W0511", f"an earlier tier names '{said}' already: here it never applies", item.span,
                        help="an action belongs to the first tier that names it; take it out of this tier"))
                named.add((kind, way))
        if star is not None and offered is not None and offered <= {k for k, w in named if w is None}:
            diags.append(warning("W0511", "`*` names no action here: the other tiers name every action of the "
                                          "decision", star.span,
                                 help="take `*` out, or name fewer actions in the other tiers"))
    return diags
