"""Actions and decisions: the values, the kinds a rule set declares compiled, the legal actions
of a decision, why an action is illegal, and what an action does when it resolves.

Each part has a module of its own; this one gathers their public names, as the engine's users
and the docs name them (``from wonderrules.interpreter.actions import Action``):

- :mod:`.values`: :class:`Action`, :class:`Decision`;
- :mod:`.action_costs`: what an action costs a city now (budgets, cost changes, grants, the
  coins paid to the bank);
- :mod:`.action_kinds`: the action kinds compiled, and how an action is carried out;
- :mod:`.legal`: the legal actions of a decision, listed, and the sentence of a refusal.
"""

from __future__ import annotations

from wonderrules.interpreter.action_costs import (
    ALWAYS,
    CARD_COST,
    CHAINED,
    GRANTED,
    NO_COST,
    STAGE_COST,
    bank_share,
    budget,
    chained,
    changed_cost,
    coins_to_bank,
    costs,
    dominated,
    grant_for,
)
from wonderrules.interpreter.action_kinds import CompiledAction, compile_action
from wonderrules.interpreter.errors import IllegalActionError
from wonderrules.interpreter.legal import (
    NOTHING_TO_PAY,
    SeatInfo,
    amount_actions,
    amount_range,
    decision_actions,
    legal_actions,
    list_by_card,
    many_payments,
    new_free_action,
    new_pay,
    new_split_action,
    payments,
    reason,
    seat_info_of,
    too_many_payments,
)
from wonderrules.interpreter.values import Action, Decision

__all__ = ["Action", "Decision", "IllegalActionError", "CompiledAction", "compile_action", "decision_actions",
           "legal_actions", "reason", "budget", "costs", "coins_to_bank", "grant_for", "ALWAYS", "CHAINED", "GRANTED",
           "NO_COST", "CARD_COST", "STAGE_COST", "bank_share", "chained", "changed_cost", "dominated",
           "NOTHING_TO_PAY", "SeatInfo", "amount_actions", "amount_range", "list_by_card", "many_payments",
           "new_free_action", "new_pay", "new_split_action", "payments", "seat_info_of", "too_many_payments"]
