"""`whenever SEATS gains coins` hears coins taken from the bank (an effect's gain, an action's
`gain` operation), never a buyer's payment; `once per PERIOD` lets an effect run at most once in
each turn (age, game) per city. Small games written in Python (`tiny.py`), hands fixed, every
action chosen: the coins are counted by hand."""

from __future__ import annotations

import tiny
from tiny import SELF, card, hook

from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game

#: a coin more the first time in a turn its owner takes coins from the bank
BANKER = card("Banker", hooks=[hook(c.When("coins", (SELF,), once_per="turn"), c.GainCoins(c.Num(1)))])
#: a coin more every time its owner takes coins from the bank, at most once in the game
PATRON = card("Patron", hooks=[hook(c.When("coins", (SELF,), once_per="game"), c.GainCoins(c.Num(1)))])
#: two gains when built: 2 coins, then 1 coin
PURSE = card("Purse", hooks=[hook(c.OnBuild(), c.GainCoins(c.Num(2))), hook(c.OnBuild(), c.GainCoins(c.Num(1)))])
#: a card built with a stone bought from a neighbour (2 coins to that seller)
WALL = card("Wall", resources=[("stone", 1)])
HUT = card("Hut")

CARDS = (BANKER, PATRON, PURSE, WALL, HUT)


def start(hands: list[list[str]]):
    """Seat 0 makes stone, seat 1 wood, seat 2 stone; hands pass left: after a turn seat 0 holds
    what seat 2 held, seat 1 what seat 0 held, seat 2 what seat 1 held."""
    boards = [tiny.board("Quarry", "stone"), tiny.board("Forest", "wood"), tiny.board("Pit", "stone")]
    rules = tiny.rules(CARDS, hand=len(hands[0]), boards=boards)
    return Game(rules, 3).new_initial_state(seed=1, boards=[(b.name, "A") for b in boards], hands={1: hands})


def play(state, chosen: dict[int, Action]) -> None:
    """The chosen actions; every other seat sells its first card."""
    state.apply_actions({p: chosen.get(p) or next(a for a in state.legal_actions(p) if a.kind == "sell")
                         for p in state.pending_decisions()})


def coins(state) -> list[int]:
    return [city.coins for city in state.cities]


def test_once_per_turn_adds_one_coin_to_the_gains_of_a_turn_and_none_to_a_buyers_payment() -> None:
    state = start([["Banker", "Hut", "Wall"], ["Hut", "Hut", "Hut"], ["Hut", "Hut", "Purse"]])
    play(state, {0: Action("build", "Banker")})
    assert coins(state) == [3, 3 + 3, 3 + 3]
    # turn 2: seat 0 builds the Purse (2 coins, then 1 coin: one coin more, once); seat 1 builds
    # the Wall with seat 0's stone: those 2 coins come from a buyer, not from the bank
    wall = Action("build", "Wall", pay=((0, 2),))
    assert wall in state.legal_actions(1)
    play(state, {0: Action("build", "Purse"), 1: wall})
    assert coins(state) == [3 + 2 + 2 + 1 + 1, 6 - 2, 6 + 3]
    # turn 3: a sale, 3 coins, and one more in this new turn
    play(state, {})
    assert coins(state)[0] == 9 + 3 + 1


def test_once_per_game_adds_one_coin_once() -> None:
    state = start([["Patron", "Hut", "Hut"], ["Hut", "Hut", "Hut"], ["Hut", "Hut", "Hut"]])
    play(state, {0: Action("build", "Patron")})
    play(state, {})
    assert coins(state)[0] == 3 + 3 + 1
    play(state, {})
    assert coins(state)[0] == 7 + 3
