"""`state.coins_to_bank(player, action)`: the coins an action pays to the bank, as its cost
stands when it is chosen (payments to sellers are the action's own `pay`). A small game written
in Python (`tiny.py`) with coin costs, a chain, a wonder stage that costs a coin and a card that
makes buildings a coin cheaper; every figure is read off the costs below."""

from __future__ import annotations

import attrs
import pytest
import tiny
from tiny import card

import wonderrules as wr
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game

MINT = card("Mint", coins=2)
HUT = card("Hut")
#: built for free by its chain from the Hut, else for 3 coins
GATE = attrs.evolve(card("Gate", coins=3), chains_from=("Hut",))
#: buildings cost its owner a coin less from now on
GUILD = card("Guild", hooks=[tiny.hook(c.Passive(), c.CostChange("build", coins_less=1))])
#: costs wood, which the board of seat 0 (Board 1) lacks: bought from a neighbour
SHACK = card("Shack", resources=[("wood", 1)])
CARDS = (MINT, HUT, GATE, GUILD, SHACK)
STAGE = c.ActionKind("stage", "build a stage with {card}", card_from="hand", cost="stage",
                     then=(c.MoveCard("discard"), c.BuildStage()))


def start(hands: list[list[str]]):
    rules = tiny.rules(CARDS, hand=len(hands[0]), sellers=(tiny.LEFT, tiny.RIGHT),
                       boards=[tiny.board(f"Board {i}", "stone" if i == 1 else "wood", stages=[c.Stage(c.Cost(1))])
                               for i in range(1, 5)])
    rules = attrs.evolve(rules, actions=rules.actions + (STAGE,),
                         decisions=(c.Decision("play", ("build", "stage", "sell"), "turn {turn}"),))
    boards = [(f"Board {i}", "A") for i in range(1, len(hands) + 1)]
    return Game(rules, len(hands)).new_initial_state(seed=1, hands={1: hands}, boards=boards)


def test_a_card_paid_in_coins_pays_its_coins_to_the_bank_and_a_sale_pays_nothing() -> None:
    state = start([["Mint", "Hut"], ["Hut", "Hut"], ["Hut", "Hut"]])
    assert state.coins_to_bank(0, Action("build", "Mint")) == 2
    assert state.coins_to_bank(0, Action("build", "Hut")) == 0
    assert state.coins_to_bank(0, Action("sell", "Mint")) == 0
    assert state.coins_to_bank(0, Action("stage", "Mint")) == 1  # the stage's cost, whatever the card


def test_a_purchase_from_a_neighbour_is_not_paid_to_the_bank() -> None:
    state = start([["Shack", "Hut"], ["Hut", "Hut"], ["Hut", "Hut"]])
    bought = [a for a in state.legal_actions(0) if a.kind == "build" and a.card == "Shack"]
    assert bought and all(a.pay for a in bought)
    assert {state.coins_to_bank(0, a) for a in bought} == {0}


def test_a_chain_pays_nothing_and_a_cost_change_lowers_what_is_paid() -> None:
    # turn 1: seat 0 builds the Hut, seat 1 the Guild; hands pass left: seat 0 then holds the
    # hand of seat 2, seat 1 the hand of seat 0
    state = start([["Hut", "Gate"], ["Guild", "Gate"], ["Mint", "Gate"]])
    state.apply_actions({0: Action("build", "Hut"), 1: Action("build", "Guild"), 2: Action("sell", "Mint")})
    assert Action("build", "Gate", way="chain") in state.legal_actions(0)
    assert state.coins_to_bank(0, Action("build", "Gate", way="chain")) == 0
    assert state.coins_to_bank(1, Action("build", "Gate")) == 3 - 1
    assert state.coins_to_bank(2, Action("build", "Gate")) == 3


def test_a_loss_paid_in_coins_goes_to_the_bank() -> None:
    raid = card("Raid", hooks=[tiny.hook(c.OnBuild(), c.LoseCoins(c.Num(5), (tiny.OTHERS,), or_decide="pay"))])
    rules = tiny.rules((raid, HUT), hand=1, extra_tokens=("debt",), pay_token="debt")
    state = Game(rules, 3).new_initial_state(seed=1, hands={1: [["Raid"], ["Hut"], ["Hut"]]})
    state.apply_actions({p: state.legal_actions(p)[0] for p in range(3)})
    assert state.pending_decisions()[1].kind == "pay"
    assert state.coins_to_bank(1, Action("pay", amount=2)) == 2


def test_an_action_that_is_not_legal_now_is_refused_and_changes_nothing() -> None:
    state = start([["Mint", "Hut"], ["Hut", "Hut"], ["Hut", "Hut"]])
    before = wr.observation(state, 0)
    with pytest.raises(wr.IllegalActionError, match="not in the hand"):
        state.coins_to_bank(0, Action("build", "Gate"))
    with pytest.raises(wr.ArgumentError):
        state.coins_to_bank(5, Action("build", "Mint"))
    with pytest.raises(wr.ArgumentError):
        state.coins_to_bank(0, "build Mint")  # type: ignore[arg-type]
    assert wr.observation(state, 0) == before
