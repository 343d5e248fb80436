"""Preferences among actions (interpreter/preferences.py): the first tier with a legal action is
the only one of those the tiers name; the lists the catalog writes with them give what the
general path gives, in the same order."""

from __future__ import annotations

import random

import pytest

import wonderrules as wr
from wonderrules.interpreter import ir
from wonderrules.interpreter.actions import Action, list_by_card
from wonderrules.interpreter.asks import RoundAsk
from wonderrules.interpreter.preferences import CompiledPreference, apply, describe


def pref(*tiers: str, per_card: bool = False) -> CompiledPreference:
    """A preference from its tiers as written (`build by chain`, `build`, `*`)."""
    out = []
    for tier in tiers:
        named = []
        for item in tier.split(", "):
            if item != "*":
                kind, _, way = item.partition(" by ")
                named.append(ir.PreferredAction(kind, way, any_way=not way) if way else ir.PreferredAction(kind))
        out.append(ir.Tier(tuple(named), others="*" in tier.split(", ")))
    return CompiledPreference(ir.Preference(tuple(out), per_card=per_card))


A_CHAIN, A_PAY, A_STAGE, A_SELL = (Action("build", "A", way="chain"), Action("build", "A"), Action("stage", "A"),
                                   Action("sell", "A"))
B_PAY, B_SELL = Action("build", "B"), Action("sell", "B")
LEGAL = [A_CHAIN, A_PAY, A_STAGE, A_SELL, B_PAY, B_SELL]


def test_per_card_the_first_tier_with_an_action_of_that_card_stays_and_unnamed_actions_are_kept():
    # A chains: its other builds go, its stage and sale (named by no tier) stay; B has no chain
    assert apply(LEGAL, [pref("build by chain", "build", per_card=True)]) == [A_CHAIN, A_STAGE, A_SELL, B_PAY,
                                                                               B_SELL]


def test_a_star_names_every_other_action():
    assert apply(LEGAL, [pref("build by chain", "*", per_card=True)]) == [A_CHAIN, B_PAY, B_SELL]
    assert apply(LEGAL, [pref("*", "sell")]) == [A_CHAIN, A_PAY, A_STAGE, B_PAY]
    assert apply([A_SELL, B_SELL], [pref("*", "sell")]) == [A_SELL, B_SELL]


def test_over_the_decision_one_card_decides_for_all():
    assert apply(LEGAL, [pref("build by chain", "build")]) == [A_CHAIN, A_STAGE, A_SELL, B_SELL]
    # no action of the first two tiers: the third is kept, with what no tier names
    assert apply([A_STAGE, B_SELL], [pref("build", "sell", "stage")]) == [B_SELL]
    assert apply([A_STAGE], [pref("build", "sell")]) == [A_STAGE]


def test_per_card_preferences_apply_before_those_over_the_decision_whatever_the_order_given():
    # over the decision first, A's stage would go (B can be built) and A keep only its chain
    prefs = [pref("build, sell", "stage"), pref("stage", "build", per_card=True)]
    assert apply(LEGAL, prefs) == [A_SELL, B_PAY, B_SELL]


def test_an_action_belongs_to_the_first_tier_that_names_it():
    assert apply(LEGAL, [pref("build", "build by chain, sell")]) == [A_CHAIN, A_PAY, A_STAGE, B_PAY]


def test_the_preference_reads_as_written():
    p = ir.Preference((ir.Tier((ir.PreferredAction("build", "", any_way=False), ir.PreferredAction("stage")),),
                       ir.Tier(others=True)), per_card=True)
    assert describe(p) == "prefer per card: build by pay, stage > *"


# ---- the lists the catalog writes --------------------------------------------------------------------

LAYER = """\
ruleset ranked extends base

override decision play "age {age}, turn {turn}": build, stage, sell {
  prefer per card: stage > build by pay
  prefer: build, stage > *
}

override seat "Free City" {
  controller starts: left, right, left
  control follows hand
  resolves first
  pays any seller
  never wins
  prefer per card: build by chain > *
  prefer per card: build > sell, stage
  prefer: * > sell
  each start of turn: draw 1 card from pile into hand of controller
}
"""


def written_and_general(rules: wr.RuleSet, players: int, seed: int) -> tuple[int, set[str]]:
    """Play a random game; at every decision the catalog writes a list for, compare it with the
    general path's. The number of lists compared, and the kinds seen in them."""
    state = wr.Game(rules, players, sides="random").new_initial_state(seed=seed)
    rng = random.Random(seed)
    compared, kinds = 0, set()
    while not state.is_terminal():
        cat = state.catalog
        for p, d in state.pending_decisions().items():
            asked = state.asked[p]
            if isinstance(asked, RoundAsk) and cat.decision_listings[asked.decision] is not None:
                written = cat.decision_listings[asked.decision](state, p, d.seat, asked.within)
                decision = asked.decision
                general = list_by_card(state, p, d.seat, asked.within, cat.decision_kinds[decision], decision)
                assert written == general, (seed, p, d)
                compared += 1
                kinds |= {a.kind for a in written}
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    return compared, kinds


@pytest.mark.parametrize("layers,players", [(("base", "two_player"), 2), (("base",), 3)])
def test_the_written_lists_give_what_the_general_path_gives(layers, players):
    rules = wr.load_rules(*layers)
    for seed in (1, 2):
        compared, kinds = written_and_general(rules, players, seed)
        assert compared > 30 and {"build", "sell"} <= kinds


def test_the_written_lists_of_other_preferences_give_what_the_general_path_gives(tmp_path):
    path = tmp_path / "ranked.wr"
    path.write_text(LAYER, encoding="utf-8")
    rules = wr.load_rules("base", "two_player", str(path))
    for seed in (3, 4):
        compared, kinds = written_and_general(rules, 2, seed)
        # a card is sold only when nothing can be built or staged: rare here
        assert compared > 30 and {"build", "stage"} <= kinds


def test_a_stage_is_offered_alone_for_a_card_when_it_outranks_paying(tmp_path):
    path = tmp_path / "ranked.wr"
    path.write_text(LAYER, encoding="utf-8")
    state = wr.Game(wr.load_rules("base", "two_player", str(path)), 2, sides="random").new_initial_state(seed=3)
    rng = random.Random(3)
    # played at random until the first player may build a stage for its own city
    while not (state.pending_decisions().get(0, wr.Decision(0, 1, "")).seat == 0 and
               any(a.kind == "stage" for a in state.legal_actions(0))):
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    legal = state.legal_actions(0)
    staged = {a.card for a in legal if a.kind == "stage"}
    # over the decision: builds and stages come before sales, and one is legal
    assert not any(a.kind == "sell" for a in legal)
    # per card: a card that can go to a stage is not built by paying
    assert not any(a.kind == "build" and not a.way and a.card in staged for a in legal)
    refusal = state.refusal(0, wr.Action("sell", next(iter(staged))))
    assert refusal is not None and refusal.code == "not-preferred"
    assert "`prefer: build, stage > *`" in refusal.sentence
