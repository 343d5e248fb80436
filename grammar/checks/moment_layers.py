"""Pass: the `at` blocks of one moment, written by different layers.

The steps of a moment's `at` blocks run layer after layer, the lowest layer first (after the
moment's contests and effects). A layer that adds a `round` to a moment whose lower layer's
block already emptied the zone the round's actions take their cards from asks a decision that
no one can answer: the round is passed by every seat, silently (W0510). The fix is to ask the
round at a moment the flow runs before, or to rewrite the lower layer's block.
"""

from __future__ import annotations

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, warning
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter.flow_steps import nested_steps

__all__ = ["check"]


def check(model: Model) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    by_moment: dict[str, list[tuple[s.AtBlock, str]]] = {}
    for block, layer in model.at_blocks:
        by_moment.setdefault(block.moment.text, []).append((block, layer))
    for moment, blocks in by_moment.items():
        emptied: dict[str, tuple[s.DiscardStep, str]] = {}  # zone -> the step emptying it, its layer
        for block, layer in blocks:
            for step in nested_steps(block.steps):
                if isinstance(step, s.DealStep):
                    emptied.clear()  # a deal may fill any zone again
                elif isinstance(step, s.DiscardStep):
                    for zone in step.zones:
                        emptied[zone.text] = (step, layer)
                elif isinstance(step, s.RoundStep):
                    found = _emptied_before(model, step, layer, emptied)
                    if found is not None:
                        diags.append(_never_answered(moment, step, layer, *found))
    return diags


def _emptied_before(model: Model, step: s.RoundStep, layer: str,
                    emptied: dict[str, tuple[s.DiscardStep, str]]) -> tuple[str, s.DiscardStep, str] | None:
    """(zone, step, layer) when every action of the round's decision takes its card from a zone
    a lower layer's block of the moment emptied before it; else None."""
    decision = model.decisions.get(step.decision.text)
    if decision is None or not decision.actions:
        return None
    zones: list[str] = []
    for name in decision.actions:
        action = model.actions.get(name.text)
        source = action.first(s.CardFrom) if action is not None else None
        if not isinstance(source, s.CardFrom) or source.zone.text not in emptied:
            return None
        zones.append(source.zone.text)
    zone = zones[0]
    discard, lower = emptied[zone]
    if lower == layer:
        return None
    return zone, discard, lower


def _never_answered(moment: str, step: s.RoundStep, layer: str, zone: str, discard: s.DiscardStep,
                    lower: str) -> Diagnostic:
    decision = step.decision.text
    return warning(
        "W0510", f"round '{decision}' of layer '{layer}' comes after layer '{lower}' empties `{zone}` at "
        f"'{moment}': no one has a card to answer it", step.span,
        labels=[Label(discard.span, f"layer '{lower}' empties `{zone}` here, first")],
        help=f"the `at {moment}` blocks run layer after layer, the lowest first: ask `{decision}` at a moment "
             f"the flow runs before (`at before {moment}` in an `override flow`, and `at before {moment} "
             f"{{ round {decision} }}`)")
