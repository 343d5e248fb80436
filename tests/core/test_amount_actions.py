"""Numbers as actions (docs/language/actions.rst, "Numbers as actions"): an action kind that takes
an amount in a range is offered one action per number, like any other kind of a decision; a loss
may ask a declared decision, with `loss` bound to the coins lost while it is asked. The kinds
here are named `tithe` and `owe`, so that nothing passes by reading Cities' `pay`: the engine, the
action and payment spaces, the observations and the agents read the catalog only. Small games
written in Python (`tiny.py`), three players with 3 coins each, one turn; counted by hand."""

from __future__ import annotations

import attrs
import pytest
import tiny
from tiny import card

from wonderrules import ActionSpace, ObservationSpace, PaymentActionSpace
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents.greedy import GreedyAgent
from wonderrules.interpreter.game import Game

AMOUNT, LOSS = c.Var("amount"), c.Var("loss")
#: give 1 to 3 coins to the temple, a favour token for each
TITHE = c.ActionKind("tithe", "give {amount} to the temple", amount_from=c.Num(1), amount_to=c.Num(3),
                     then=(c.LoseCoins(AMOUNT), c.GainTokens("favour", AMOUNT)))
#: settle a loss: pay some of it, a grudge worth -1 for each coin not paid
OWE = c.ActionKind("owe", "settle {amount} of {loss}", amount_from=c.Num(0),
                   amount_to=c.Call("min", (LOSS, c.Quantity("coins"))),
                   then=(c.LoseCoins(AMOUNT), c.GainTokens("grudge", c.BinOp("-", LOSS, AMOUNT), c.Num(-1))))
TEMPLE = card("Temple", hooks=[tiny.hook(c.OnBuild(), c.Decide("offer"))])
RAID = card("Raid", hooks=[tiny.hook(c.OnBuild(), c.LoseCoins(c.Num(2), (tiny.OTHERS,), or_decide="settle"))])
HUT = card("Hut")


def game(start_coins: int = 3) -> Game:
    rules = tiny.rules((TEMPLE, RAID, HUT), hand=1, extra_tokens=("favour", "grudge"), start_coins=start_coins)
    rules = attrs.evolve(rules, actions=rules.actions + (TITHE, OWE),
                         decisions=rules.decisions + (c.Decision("offer", ("tithe",), "an offering"),
                                                      c.Decision("settle", ("owe",), "a loss of {loss}")))
    return Game(rules, 3)


def after_building(first: str, start_coins: int = 3):
    """Seat 0 builds `first`, the others a Hut each."""
    state = game(start_coins).new_initial_state(seed=1, hands={1: [[first], ["Hut"], ["Hut"]]})
    state.apply_actions({p: state.legal_actions(p)[0] for p in range(3)})
    return state


def test_an_action_that_takes_an_amount_offers_one_action_per_number() -> None:
    state = after_building("Temple")
    assert {p: (d.kind, d.detail) for p, d in state.pending_decisions().items()} == {0: ("offer", "an offering")}
    legal = state.legal_actions(0)
    assert legal == [Action("tithe", amount=k) for k in (1, 2, 3)]
    assert [str(a) for a in legal] == ["tithe 1", "tithe 2", "tithe 3"]
    assert state.coins_to_bank(0, Action("tithe", amount=2)) == 2
    assert state.explain(0, Action("tithe", amount=4)) == \
        "a 'tithe' action takes an amount from 1 to 3 now (`amount 1 .. 3`)"
    assert state.refusal(0, Action("tithe", "Hut", amount=1)).code == "field-not-used"
    state.apply_actions({0: Action("tithe", amount=2)})
    city = state.cities[0]
    assert city.coins == 3 - 2 and city.token_counts[state.catalog.token_index["favour"]] == 2


def test_the_spaces_number_any_kind_that_takes_an_amount() -> None:
    state = after_building("Temple")
    space = ActionSpace(state.game)
    ids = space.legal_ids(state, 0)
    # the amounts come last, after every other move of the rule set: tithe 1 to 3, then owe 0 to 2
    # (`min(loss, coins)`: the one loss that asks `settle` is 2 coins)
    assert ids == [space.n - 3 - 3 + k for k in range(3)]
    assert [space.move(i) for i in ids] == [{"kind": "tithe", "amount": k} for k in (1, 2, 3)]
    assert [space.label(i) for i in ids] == [f"give {k} to the temple" for k in (1, 2, 3)]
    assert space.move(space.n - 1) == {"kind": "owe", "amount": 2} and space.max_amount == 3
    assert space.decode(state, 0, ids[1]) == Action("tithe", amount=2)
    assert space.encode(state, 0, Action("tithe", amount=3)) == ids[2]
    payments = PaymentActionSpace(state.game)
    found = payments.legal_ids(state, 0)
    assert [payments.decode(state, 0, i) for i in found] == state.legal_actions(0)
    assert [payments.move(i) for i in found] == [{"kind": "tithe", "amount": k} for k in (1, 2, 3)]
    # the greedy agent chooses among the numbers by what each brings (favour tokens score nothing
    # here: half a point each, against a third of a point per coin paid)
    assert GreedyAgent(0).choose(state, 0) == Action("tithe", amount=3)


def test_a_loss_asks_its_declared_decision_with_the_loss_bound() -> None:
    state = after_building("Raid")
    assert {p: (d.kind, d.detail) for p, d in state.pending_decisions().items()} == {
        1: ("settle", "a loss of 2"), 2: ("settle", "a loss of 2")}
    assert state.losses == {1: 2, 2: 2}
    assert state.legal_actions(1) == [Action("owe", amount=k) for k in (0, 1, 2)]
    assert state.explain(1, Action("owe", amount=3)) == \
        "a 'owe' action takes an amount from 0 to 2 now (`amount 0 .. min(loss, coins)`, the loss being 2)"
    observations = ObservationSpace(state.game)
    start, stop = next((s, e) for n, s, e in observations.layout if n == "loss")
    assert observations.encode(state, 1)[start:stop] == [2]
    state.apply_actions({1: Action("owe", amount=0), 2: Action("owe", amount=2)})
    grudge = state.catalog.token_index["grudge"]
    assert [city.coins for city in state.cities] == [3, 3, 1]
    assert [city.token_counts[grudge] for city in state.cities] == [0, 2, 0]
    assert state.cities[1].token_values[grudge] == -2
    assert state.losses == {}


def test_a_loss_with_one_way_to_settle_it_is_settled_unasked() -> None:
    # no coins: `amount 0 .. min(loss, coins)` is 0 alone, so the whole loss is a grudge at once
    state = after_building("Raid", start_coins=0)
    assert all(d.kind != "settle" for d in state.pending_decisions().values())
    grudge = state.catalog.token_index["grudge"]
    assert [city.token_counts[grudge] for city in state.cities] == [0, 2, 2]
    assert state.losses == {}


@pytest.mark.parametrize("name", ["tithe", "owe"])
def test_the_kinds_are_read_from_the_catalog(name: str) -> None:
    kind = game().catalog.action_by_name[name]
    assert kind.amounts is not None and kind.card_zone < 0
