"""One event record, one dispatcher (interpreter/events.py): every `whenever` effect hears its
events through `events.raise_event`, in seat order then in the order its sources became active, and
each part of its trigger (seats, colours, token, way, sellers, once per period) is one filter on
that path. Small games written in Python (`tiny.py`); the coins are counted by hand."""

from __future__ import annotations

import tiny
from tiny import LEFT, NEIGHBOURS, OTHERS, SELF, card, hook

from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.engine import activate
from wonderrules.interpreter.events import Event, raise_event
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.state import State
from wonderrules.interpreter.work import RunHeard

#: a coin whenever a neighbour gains any token
ANY_TOKEN = card("Any Token", hooks=[hook(c.When("gains", (NEIGHBOURS,)), c.GainCoins(c.Num(1)))])
#: a coin whenever its owner gains any token
OWN_TOKEN = card("Own Token", hooks=[hook(c.When("gains", (SELF,)), c.GainCoins(c.Num(1)))])
#: a coin whenever its owner gains a victory token
VICTORY = card("Victory", hooks=[hook(c.When("gains", (SELF,), name="victory"), c.GainCoins(c.Num(1)))])
#: a coin whenever its owner builds a red card by chain
CHAINED_RED = card("Chained Red", hooks=[hook(c.When("builds", (SELF,), colours=("red",), way="chain"),
                                              c.GainCoins(c.Num(1)))])
#: a coin whenever its owner pays its left neighbour for resources
LEFT_BUYER = card("Left Buyer", hooks=[hook(c.When("buys", (SELF,), sellers=(LEFT,)), c.GainCoins(c.Num(1)))])
#: once in each turn, a coin when its owner takes coins from the bank and holds 6 or more
THRIFT = card("Thrift", hooks=[hook(c.When("coins", (SELF,), once_per="turn"), c.GainCoins(c.Num(1)),
                                    c.BinOp(">=", c.Quantity("coins"), c.Num(6)))])
#: when built: 2 coins from the bank, then 1 coin
PURSE = card("Purse", hooks=[hook(c.OnBuild(), c.GainCoins(c.Num(2))), hook(c.OnBuild(), c.GainCoins(c.Num(1)))])
#: a coin whenever another seat pays another seat for resources
BROKER = card("Broker", hooks=[hook(c.When("buys", (OTHERS,), sellers=(OTHERS,)), c.GainCoins(c.Num(1)))])
#: a card built with a stone bought from a neighbour
WALL = card("Wall", resources=[("stone", 1)])
FORT = card("Fort", "red")
HUT = card("Hut")

CARDS = (ANY_TOKEN, OWN_TOKEN, VICTORY, CHAINED_RED, LEFT_BUYER, BROKER, THRIFT, PURSE, WALL, FORT, HUT)


def state(players: int = 3, hands: list[list[str]] | None = None) -> State:
    """Seat 0 makes stone, seat 1 wood, seat 2 stone."""
    boards = [tiny.board("Quarry", "stone"), tiny.board("Forest", "wood"), tiny.board("Pit", "stone")]
    rules = tiny.rules(CARDS, hand=len(hands[0]) if hands else 3, boards=boards)
    return Game(rules, players).new_initial_state(seed=1, boards=[(b.name, "A") for b in boards],
                                                  hands={1: hands} if hands else None)


def play(st: State, chosen: dict[int, Action]) -> None:
    """The chosen actions; every other seat sells its first card (3 coins)."""
    st.apply_actions({p: chosen.get(p) or next(a for a in st.legal_actions(p) if a.kind == "sell")
                      for p in st.pending_decisions()})


def active(st: State, seat: int, name: str) -> None:
    """The card becomes active in the seat's city, as a board's effects do (nothing is built)."""
    activate(st, seat, st.catalog.card_named(name), built=False)


def heard(st: State, event: tuple) -> list[tuple[str, int]]:
    """The (source, listening seat) of each work item the event sets off, in order."""
    out: list[tuple] = []
    raise_event(st, event, out)
    assert all(type(item) is RunHeard and type(item.event) is Event and item.event == event for item in out)
    return [(item.effect.source.name, item.seat) for item in out]


def test_a_token_is_heard_in_seat_order_then_in_the_order_the_listeners_became_active() -> None:
    st = state()
    victory, defeat = st.catalog.token_index["victory"], st.catalog.token_index["defeat"]
    active(st, 2, "Victory")
    active(st, 2, "Own Token")
    active(st, 1, "Any Token")
    active(st, 0, "Own Token")
    active(st, 0, "Victory")
    # seat 2 gains a victory token: seat 0 hears nothing (its cards listen to its own tokens),
    # seat 1 hears it (a neighbour), seat 2 twice, in the order its cards became active
    assert heard(st, Event("gains", 2, victory)) == [("Any Token", 1), ("Victory", 2), ("Own Token", 2)]
    assert heard(st, Event("gains", 0, victory)) == [("Own Token", 0), ("Victory", 0), ("Any Token", 1)]
    # a defeat token: only the listeners of any token
    assert heard(st, Event("gains", 2, defeat)) == [("Any Token", 1), ("Own Token", 2)]
    # the same kind in a seat nobody listens to
    assert heard(st, Event("gains", 1, victory)) == []


def test_the_colour_and_the_way_of_a_build_are_filters() -> None:
    st = state()
    active(st, 0, "Chained Red")
    fort, hut = st.catalog.card_named("Fort"), st.catalog.card_named("Hut")
    assert heard(st, Event("builds", 0, fort, "chain")) == [("Chained Red", 0)]
    assert heard(st, Event("builds", 0, fort, "")) == []
    assert heard(st, Event("builds", 0, hut, "chain")) == []
    assert heard(st, Event("builds", 1, fort, "chain")) == []


def test_the_seller_of_a_purchase_is_a_filter() -> None:
    st = state()
    active(st, 1, "Left Buyer")
    (left,), (right,) = st.table.relation("left")[1], st.table.relation("right")[1]
    assert (left, right) == (2, 0)
    assert heard(st, Event("buys", 1, -1, "", left)) == [("Left Buyer", 1)]
    assert heard(st, Event("buys", 1, -1, "", right)) == []
    # the buyer is a filter too: seat 2 paying seat 1 is not seat 1's purchase
    assert heard(st, Event("buys", 2, -1, "", 1)) == []
    # the engine raises an event's fields as a plain tuple: the work item carries an Event
    assert heard(st, ("buys", 1, -1, "", left, None)) == [("Left Buyer", 1)]


def test_a_limited_effect_whose_condition_fails_keeps_its_turn_for_a_later_event() -> None:
    # seat 0 builds Thrift, then the Purse: 3 + 2 = 5 coins (Thrift's condition fails: no coin,
    # and the turn's once is not spent), + 1 = 6 (it holds: one coin more, 7), and that coin,
    # from the bank too, finds the turn's once spent
    st = state(hands=[["Thrift", "Hut", "Hut"], ["Hut", "Hut", "Hut"], ["Hut", "Hut", "Purse"]])
    play(st, {0: Action("build", "Thrift")})
    assert st.cities[0].coins == 3
    play(st, {0: Action("build", "Purse")})
    assert st.cities[0].coins == 3 + 2 + 1 + 1
    assert st.scratch.event is None  # read only while a listener's effect runs


def test_a_purchase_is_heard_by_a_listener_built_later_in_the_same_resolution() -> None:
    # seat 1 builds the Wall with seat 0's stone (2 coins to seat 0), then seat 2, resolving
    # after it, builds the Broker: the purchase is heard once every card of the round is placed,
    # so the Broker hears it (a coin); seat 0 sells its Hut (3 coins)
    st = state(hands=[["Hut", "Hut"], ["Wall", "Hut"], ["Broker", "Hut"]])
    wall = Action("build", "Wall", pay=((0, 2),))
    assert wall in st.legal_actions(1)
    play(st, {1: wall, 2: Action("build", "Broker")})
    assert [city.coins for city in st.cities] == [3 + 2 + 3, 3 - 2, 3 + 1]
