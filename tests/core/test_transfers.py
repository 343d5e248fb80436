"""Coins and tokens paid or given to another seat (`pay 2 coins to left`, `neighbours pay 1 coin
to self`, `give 1 defeat token to right`; ir.Transfer): never more than the payer has, what it
loses its receiver gains, heard as coins or tokens gained, with the paying seat and the card in
the event. Small games written in Python (`tiny.py`); the coins are counted by hand. Seats: the
left neighbour of seat i is seat i+1, the right one seat i-1."""

from __future__ import annotations

import attrs
import pytest
import tiny
from tiny import LEFT, NEIGHBOURS, RIGHT, SELF, card, hook

from wonderrules.interpreter import ir as c
from wonderrules.interpreter.agents.greedy import COIN, GreedyAgent
from wonderrules.interpreter.engine import activate
from wonderrules.interpreter.events import Event
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.state import State
from wonderrules.interpreter.work import RunHeard

#: when built: 2 coins to the left neighbour
TOLL = card("Toll", hooks=[hook(c.OnBuild(), c.Transfer(c.Num(2), (LEFT,)))])
#: when built: 5 coins to the left neighbour (more than anyone holds at first)
RANSOM = card("Ransom", hooks=[hook(c.OnBuild(), c.Transfer(c.Num(5), (LEFT,)))])
#: when built: each neighbour pays 1 coin to the owner
LEVY = card("Levy", hooks=[hook(c.OnBuild(), c.Transfer(c.Num(1), (SELF,), targets=(NEIGHBOURS,)))])
#: when built: 1 defeat token to the right neighbour
SCAPEGOAT = card("Scapegoat", hooks=[hook(c.OnBuild(), c.Transfer(c.Num(1), (RIGHT,), token="defeat"))])
#: a victory token whenever its owner gains coins
TALLY = card("Tally", hooks=[hook(c.When("coins", (SELF,)), c.GainTokens("victory", c.Num(1)))])
#: a coin whenever a neighbour gains defeat tokens
WITNESS = card("Witness", hooks=[hook(c.When("gains", (NEIGHBOURS,), name="defeat"), c.GainCoins(c.Num(1)))])
HUT = card("Hut")

CARDS = (TOLL, RANSOM, LEVY, SCAPEGOAT, TALLY, WITNESS, HUT)


def state(start_coins: int = 3, hand: list[str] | None = None) -> State:
    """Three seats; seat 0 holds `hand`, the others Huts."""
    hand = hand or ["Toll", "Hut", "Hut"]
    rules = tiny.rules(CARDS, hand=len(hand), start_coins=start_coins)
    return Game(rules, 3).new_initial_state(seed=1, hands={1: [hand] + [["Hut"] * len(hand)] * 2})


def play(st: State, card_of_seat_0: str, sell: tuple[int, ...] = (1, 2)) -> None:
    """Seat 0 builds a card; the seats of `sell` sell a card (3 coins), the others build a Hut."""
    chosen = {}
    for p in st.pending_decisions():
        legal = st.legal_actions(p)
        if p == 0:
            chosen[p] = next(a for a in legal if a.kind == "build" and a.card == card_of_seat_0)
        else:
            chosen[p] = next(a for a in legal if a.kind == ("sell" if p in sell else "build"))
    st.apply_actions(chosen)


def coins(st: State) -> list[int]:
    return [city.coins for city in st.cities]


def test_coins_paid_to_a_neighbour_go_from_the_payer_to_it() -> None:
    """Seat 0 builds the Toll (3 coins at first): it pays 2 to seat 1, which had 3 and sold a
    card for 3; seat 2 sold a card. No coin is made or lost but the bank's 6."""
    st = state()
    play(st, "Toll")
    assert coins(st) == [1, 8, 6]
    assert sum(coins(st)) == 3 * 3 + 6


def test_a_payer_pays_what_it_has_and_no_more() -> None:
    """The Ransom asks 5 coins of seat 0, which holds 3: it pays 3, and seat 1 gains 3."""
    st = state(hand=["Ransom", "Hut", "Hut"])
    play(st, "Ransom")
    assert coins(st) == [0, 9, 6]


def test_each_neighbour_pays_the_owner_and_one_with_nothing_pays_nothing() -> None:
    """No coins at first. Seat 1 sells a card (3 coins), seat 2 builds a Hut (none); seat 0 builds
    the Levy: seat 1 pays it 1 coin, seat 2 has none to pay."""
    st = state(start_coins=0, hand=["Levy", "Hut", "Hut"])
    play(st, "Levy", sell=(1,))
    assert coins(st) == [1, 2, 0]


def test_a_listener_hears_the_coins_a_seat_is_paid() -> None:
    """Seat 1 holds the Tally; seat 0 builds the Toll and seat 1 builds a Hut (a sale would be
    coins gained too): the 2 coins paid to seat 1 give it a victory token."""
    st = state()
    activate(st, 1, st.catalog.card_named("Tally"), built=False)
    victory = st.catalog.token_index["victory"]
    play(st, "Toll", sell=(2,))
    assert coins(st) == [1, 5, 6]
    assert [city.token_counts[victory] for city in st.cities] == [0, 1, 0]


def test_the_event_of_a_payment_names_the_payer_and_the_card() -> None:
    st = state()
    activate(st, 1, st.catalog.card_named("Tally"), built=False)
    toll = st.catalog.card_named("Toll")
    activate(st, 0, toll, built=False)
    st.fired = []
    toll.on_build[0].op.run(st, 0)
    assert coins(st) == [1, 5, 3]
    [item] = st.fired
    assert type(item) is RunHeard
    listener, owner, event = item.effect, item.seat, item.event
    assert (listener.source.name, owner) == ("Tally", 1)
    assert type(event) is Event and event == Event("coins", 1, -1, "", 0, toll)
    assert event.other == 0 and event.source.name == "Toll"


def test_tokens_given_keep_their_worth_and_the_event_names_the_giver_and_the_card() -> None:
    """Seat 0 holds 2 defeat tokens worth -1 each and gives one to seat 2 (its right neighbour):
    each then holds one worth -1."""
    st = state(hand=["Scapegoat", "Hut", "Hut"])
    defeat = st.catalog.token_index["defeat"]
    st.gain_tokens(0, defeat, 2, -1)
    scapegoat = st.catalog.card_named("Scapegoat")
    activate(st, 1, st.catalog.card_named("Witness"), built=False)
    st.fired = []
    scapegoat.on_build[0].op.run(st, 0)
    assert [(city.token_counts[defeat], city.token_values[defeat]) for city in st.cities] == [(1, -1), (0, 0), (1, -1)]
    [item] = st.fired
    listener, owner, event = item.effect, item.seat, item.event
    assert (listener.source.name, owner) == ("Witness", 1)
    assert event == Event("gains", 2, defeat, "", 0, scapegoat)


def test_a_seat_with_no_tokens_gives_none() -> None:
    st = state(hand=["Scapegoat", "Hut", "Hut"])
    defeat = st.catalog.token_index["defeat"]
    play(st, "Scapegoat")
    assert [city.token_counts[defeat] for city in st.cities] == [0, 0, 0]


def test_an_action_may_pay_another_seat() -> None:
    """An action whose `then` pays the left neighbour 1 coin: what the payer loses, it gains."""
    rules = tiny.rules(CARDS, hand=3)
    tip = c.ActionKind("tip", "tip {card}", card_from="hand",
                       then=(c.MoveCard("discard"), c.Transfer(c.Num(1), (LEFT,))))
    decision = c.Decision("play", ("build", "sell", "tip"), "turn {turn}")
    rules = attrs.evolve(rules, actions=rules.actions + (tip,), decisions=(decision,))
    st = Game(rules, 3).new_initial_state(seed=1, hands={1: [["Hut"] * 3] * 3})
    st.apply_actions({0: next(a for a in st.legal_actions(0) if a.kind == "tip"),
                      1: next(a for a in st.legal_actions(1) if a.kind == "build"),
                      2: next(a for a in st.legal_actions(2) if a.kind == "build")})
    assert coins(st) == [2, 4, 3]


def test_the_greedy_agent_counts_coins_paid_away_against_the_payer() -> None:
    """At three seats a coin another city gains counts -1/2 against the owner: paying 2 coins to
    the left is worth -(2 + 2/2) coins to the payer; the levy, +(1 + 1/2) for each neighbour."""
    st = state()
    agent = GreedyAgent()
    toll = st.catalog.card_named("Toll").on_build[0].op
    levy = st.catalog.card_named("Levy").on_build[0].op
    assert agent.op_value(st, 0, toll, None) == pytest.approx(-3 * COIN)
    assert agent.op_value(st, 0, levy, None) == pytest.approx(3 * COIN)
