"""What the protocol's `legal` reply tells of a decision's moves besides the legal actions: the
printed cost of each move's card or stage, and the moves refused now with their reasons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter.actions import CARD_COST, STAGE_COST, Action
from wonderrules.interpreter.state import State

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source

__all__ = ["printed_cost", "refused_moves"]


def printed_cost(st: State, player: int, action: Action) -> Optional[dict[str, Any]]:
    """The cost printed on the card or wonder stage a legal `action` of `player` builds, before
    the cost changes of its city and whatever its way waives: ``{"coins": n, "resources": {name:
    units}}`` (the resources in the rule set's order), or None for a kind that costs nothing."""
    asked = st.asked[player]
    kind = st.catalog.action_by_name.get(action.kind)
    if kind is None or kind.cost not in (CARD_COST, STAGE_COST):
        return None
    city = st.cities[asked.seat]
    source: Optional[Source]
    if kind.cost == STAGE_COST:
        if city.stages_built >= len(city.board.stages):
            return None
        source = city.board.stages[city.stages_built]
    else:
        source = next((c for c in st.zone(kind.card_zone, player) if c.name == action.card), None)
        if source is None:
            return None
    names = st.catalog.resources
    return {"coins": source.coins, "resources": {names[i]: n for i, n in enumerate(source.cost) if n}}


def refused_moves(st: State, seat: int, legal: list[Action]) -> list[dict[str, Any]]:
    """The moves of the decision that may not be made now, each with its refusal: every kind of
    the decision that takes a card, with every card the legal actions name, when no way or payment
    of that kind and card is legal (a card of the hand that cannot be built, say). By card in the
    order of the legal actions, then by kind in the rule set's order."""
    decision = st.pending_decisions().get(seat)
    catalog = st.catalog
    if decision is None or decision.kind not in catalog.decision_index:
        return []
    kinds = [k.name for k in catalog.decision_kinds[catalog.decision_index[decision.kind]] if k.card_zone >= 0]
    cards = list(dict.fromkeys(a.card for a in legal if a.card))
    allowed = {(a.kind, a.card) for a in legal}
    refused = []
    for card in cards:
        for kind in kinds:
            if (kind, card) in allowed:
                continue
            why = st.refusal(seat, Action(kind, card))
            if why is not None:
                refused.append({"action": Action(kind, card).to_json(), "label": str(Action(kind, card)),
                                "reason": why.sentence, "code": why.code})
    return refused
