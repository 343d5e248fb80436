"""A table of two seats, where each city is both the left and the right neighbour of the other
(data/two_seats.wr: the base game, or Cities, at 2 players without a neutral seat).

The neighbour is one seller (docs/language/trading.rst, "Two seats"): each unit it produces is
bought once a turn; a payment is one sum of coins to that seat (read here as coins paid to the
left, with nothing to the right); a unit costs the lower of the buyer's left and right prices;
rebates for the left and for the right both apply to a purchase from it. Everything that counts
or targets "the neighbours", "left, right" or "others" counts that city once, and the two
cities fight one conflict an age.

Seats: Rhodes A (seat 0, starts with ore; stage 1 costs 2 wood) and Olympia A (seat 1, starts
with wood, which neighbours may buy). Hands swap every turn at two players.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine_support import paid, payments, place, play_out

import wonderrules as wr
from wonderrules import Action
from wonderrules.interpreter.ir import Relation

DATA = Path(__file__).parent / "data" / "two_seats.wr"
RHODES, OLYMPIA = ("Rhodes", "A"), ("Olympia", "A")
FILLER = "Duel Market"
SELL_FILLER = Action("sell", FILLER)


@cache
def duel() -> wr.Game:
    return wr.Game(wr.load_rules(str(DATA)), 2)


@cache
def duel_cities() -> wr.Game:
    return wr.Game(wr.load_rules("cities", str(DATA)), 2)


def start(game: wr.Game, first: list[str], second: list[str], seed: int = 0):
    """A game whose Age I hands hold these cards (padded with a filler): player 0 holds `first`
    on turns 1, 3, 5... and `second` on turns 2, 4, 6..."""
    size = game.config.hand
    hands = [first + [FILLER] * (size - len(first)), second + [FILLER] * (size - len(second))]
    return game.new_initial_state(seed, boards=[RHODES, OLYMPIA], hands={1: hands})


def turn(state, p0: Action, p1: Action = SELL_FILLER) -> None:
    state.apply_actions({0: p0, 1: p1})


def test_each_city_is_both_neighbours_of_the_other():
    st = start(duel(), [], [])
    assert (st.left(0), st.right(0), st.left(1), st.right(1)) == (1, 1, 0, 0)
    assert st.table.union((Relation("neighbours"),), 0) == (1,)
    assert st.table.union((Relation("left"), Relation("right")), 0) == (1,)
    assert st.table.union((Relation("others"),), 1) == (0,)


def test_the_one_unit_of_the_neighbour_is_bought_once():
    """Olympia sells one wood (its board's). Rhodes' first stage needs 2 wood: it cannot be paid,
    neither with the price of two wood nor of one paid to that seat. (Rhodes sells a card first:
    6 coins would pay for two wood.)"""
    st = start(duel(), [], [])
    turn(st, Action("sell", FILLER))
    assert st.cities[0].coins == 6
    assert [a for a in st.legal_actions(0) if a.kind == "stage"] == []
    for coins in (4, 2):
        assert "needs 1 wood more than the city and its sellers can supply" in st.explain(
            0, Action("stage", FILLER, ((1, coins),)))


def test_a_payment_is_listed_once_to_the_one_neighbour():
    """Stockade (1 wood) from Olympia: one way to pay, 2 coins to seat 1. Coins paid to the
    buyer's own seat, or another sum, are refused with a sentence."""
    st = start(duel(), ["Stockade"], [])
    assert [a for a in st.legal_actions(0) if a.kind == "build" and a.card == "Stockade"] == [
        Action("build", "Stockade", ((1, 2),))]
    assert payments(st, 0, "build", "Stockade") == {(2, 0)}
    assert st.explain(0, Action("build", "Stockade", ((0, 2),))) == "a city does not pay itself"
    why = st.explain(0, Action("build", "Stockade", ((1, 1),)))
    assert why is not None and "ways to pay: 2 to seat 1" in why
    turn(st, paid(st, 0, "build", "Stockade", 2, 0))
    assert (st.cities[0].coins, st.cities[1].coins) == (3 - 2, 3 + 3 + 2)


def test_two_units_of_the_neighbour_are_paid_in_left():
    """With a Lumber Yard, Olympia sells two wood: Rhodes' first stage costs 4, all in `left`."""
    st = start(duel(), [], ["Lumber Yard", "Altar"])
    turn(st, Action("sell", FILLER), Action("build", "Lumber Yard"))
    assert payments(st, 0, "stage", "Altar") == {(4, 0)}
    turn(st, paid(st, 0, "stage", "Altar", 4, 0))
    assert st.cities[0].stages_built == 1 and st.cities[1].coins == 3 + 3 + 4


def test_the_lower_of_the_left_and_right_prices_applies():
    """A trading post for either side makes raw resources from the one neighbour cost 1 (from
    the next turn): the seller is the left and the right neighbour at once."""
    for post in ("East Trading Post", "West Trading Post"):
        st = start(duel(), [post], ["Stockade"])
        turn(st, Action("build", post))
        assert payments(st, 0, "build", "Stockade") == {(1, 0)}, post


def test_the_rebates_of_both_sides_apply_to_the_one_neighbour():
    """Cities' Clandestine Docks: 1 coin less on the first purchase from the left (West), from
    the right (East) each turn. Buying from the one neighbour is buying from the left and from
    the right: with one dock a wood costs 2 - 1, with both 2 - 2 = 0."""
    st = start(duel_cities(), ["Clandestine Dock West", "Stockade"], ["Clandestine Dock East"])
    turn(st, Action("build", "Clandestine Dock West"))
    turn(st, Action("build", "Clandestine Dock East"))
    assert payments(st, 0, "build", "Stockade") == {(0, 0)}
    st = start(duel_cities(), ["Clandestine Dock East"], ["Stockade"])
    turn(st, Action("build", "Clandestine Dock East"))
    assert payments(st, 0, "build", "Stockade") == {(1, 0)}


def test_a_card_paying_the_neighbours_pays_the_one_neighbour_once():
    """Gambling Den: 6 coins for its owner and 1 for each neighbour; Olympia gets 1 coin."""
    st = start(duel_cities(), ["Gambling Den"], [])
    turn(st, Action("build", "Gambling Den"))
    assert (st.cities[0].coins, st.cities[1].coins) == (3 + 6, 3 + 3 + 1)


def test_a_count_over_self_left_and_right_counts_the_neighbour_once():
    """Vineyard: 1 coin per brown card in self, left, right at the end of the turn. Olympia holds
    two brown cards: 2 coins, not 4."""
    st = start(duel(), [], [])
    place(st, 1, "Lumber Yard", "Stone Pit", age=1)
    place(st, 0, "Vineyard", age=2)
    turn(st, Action("sell", FILLER))
    assert st.cities[0].coins == 3 + 3 + 2


def test_guilds_count_the_neighbour_once_and_the_two_cities_fight_once_an_age():
    """Workers Guild (1 point per brown card in left, right) with Olympia's two brown cards: 2
    points. Rhodes has a shield, Olympia none: one victory an age for Rhodes (1 + 3 + 5) and
    one defeat an age for Olympia."""
    st = start(duel(), [], [])
    place(st, 1, "Lumber Yard", "Stone Pit", age=1)
    place(st, 0, "Barracks", age=1)
    place(st, 0, "Workers Guild", age=3)
    play_out(st)
    rhodes, olympia = st.scores()[:2]
    assert rhodes.column("guilds") == 2
    assert rhodes.column("military") == 1 + 3 + 5 and olympia.column("military") == -3
