"""A loss that asks a decision is traced to the card whose effect it is: `{cause}` in the
decision's title names it, and the tokens and coins the decision's action gives carry it as their
event's source (a debt traced to the card that caused it). Small games written in Python
(`tiny.py`), and Cities' own `pay` decision in random games."""

from __future__ import annotations

import random

import attrs
import tiny
from core_support import plain_engine_only
from tiny import NEIGHBOURS, SELF, card, hook

import wonderrules as wr
from wonderrules.interpreter import game_data as state_module
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.game import Game

#: when built: each neighbour loses 2 coins, or decides `pay` (coins paid, the rest as defeat)
RAID = card("Raid", hooks=[hook(c.OnBuild(), c.LoseCoins(c.Num(2), (NEIGHBOURS,), or_decide="pay"))])
#: a coin whenever its owner gains defeat tokens (so that gains of defeat tokens are raised)
LEDGER = card("Ledger", hooks=[hook(c.When("gains", (SELF,), name="defeat"), c.GainCoins(c.Num(1)))])
HUT = card("Hut")


def start():
    rules = tiny.rules((RAID, LEDGER, HUT), hand=3, pay_token="defeat")
    pay = next(d for d in rules.decisions if d.name == "pay")
    rules = attrs.evolve(rules, decisions=tuple(
        attrs.evolve(d, title="lose {loss} coin(s) ({cause}): pay in coins, the rest as defeat tokens")
        if d is pay else d for d in rules.decisions))
    return Game(rules, 3).new_initial_state(seed=1, hands={1: [["Raid", "Hut", "Hut"], ["Ledger", "Hut", "Hut"],
                                                               ["Hut", "Hut", "Hut"]]})


def test_the_title_of_a_loss_decision_names_the_card_that_caused_it() -> None:
    st = start()
    # seat 0 builds the Raid, seat 1 its Ledger, seat 2 a Hut; each holds 3 coins
    st.apply_actions({p: next(a for a in st.legal_actions(p) if a.kind == "build" and a.card == card_)
                      for p, card_ in ((0, "Raid"), (1, "Ledger"), (2, "Hut"))})
    pending = st.pending_decisions()
    assert sorted(pending) == [1, 2]  # the Raid's neighbours, each with coins to choose from
    assert {d.detail for d in pending.values()} == {"lose 2 coin(s) (Raid): pay in coins, the rest as defeat tokens"}


@plain_engine_only
def test_the_tokens_a_loss_decision_gives_carry_its_cause(monkeypatch) -> None:
    st = start()
    heard = []
    raise_event = state_module.raise_event

    def record(st_, fields):
        heard.append(fields)
        raise_event(st_, fields)
    monkeypatch.setattr(state_module, "raise_event", record)
    st.apply_actions({p: next(a for a in st.legal_actions(p) if a.kind == "build" and a.card == card_)
                      for p, card_ in ((0, "Raid"), (1, "Ledger"), (2, "Hut"))})
    # seat 1 pays nothing: 2 defeat tokens, heard by its Ledger (a coin); seat 2 pays both coins
    st.apply_actions({1: next(a for a in st.legal_actions(1) if a.amount == 0),
                      2: next(a for a in st.legal_actions(2) if a.amount == 2)})
    defeat = st.catalog.token_index["defeat"]
    gains = [f for f in heard if f[0] == "gains" and f[2] == defeat]
    assert [(f[1], f[5].name if f[5] is not None else None) for f in gains] == [(1, "Raid")]
    assert [city.token_counts[defeat] for city in st.cities] == [0, 2, 0]
    assert [city.coins for city in st.cities] == [3, 4, 1]  # seat 1: 3 + the Ledger's 1; seat 2: 3 - 2
    assert not st.loss_causes and not st.losses  # nothing of the loss stays once it is decided


def test_every_debt_decision_of_cities_names_a_card_or_stage_that_makes_others_lose_coins() -> None:
    rules = wr.load_rules("cities")
    seen = 0
    for seed in range(6):
        state = wr.Game(rules, 5).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and seen < 40:
            for d in state.pending_decisions().values():
                if d.kind != "pay":
                    continue
                cause = state.loss_causes[d.seat]
                assert cause is not None and f"({cause.name})" in d.detail, d.detail
                losses = [h for h in cause.ir.hooks if isinstance(h.op, c.LoseCoins) and h.op.or_decide] \
                    if hasattr(cause.ir, "hooks") else []
                assert losses, cause.name  # its own effect is a loss that asks the decision
                seen += 1
            state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    assert seen > 5
