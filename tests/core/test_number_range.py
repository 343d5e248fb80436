"""Numbers stay within -MAX_VALUE..MAX_VALUE while a game is played: each city's coins, tokens and
their worth, each score column and total, every product an expression computes. Rules that would
go beyond stop the game (GameStoppedError) with a sentence naming the number, before it is held.
Small games written in Python (`tiny.py`: the loader is not asked, so the checker is not either),
hands fixed; the coins are counted by hand."""

from __future__ import annotations

import re

import attrs
import pytest
import tiny
from tiny import card

import wonderrules as wr
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.words import MAX_AMOUNTS, MAX_VALUE

HUT = card("Hut", copies=6)
#: a card built with a stone bought from a neighbour (2 coins to that seller)
WALL = card("Wall", resources=[("stone", 1)])
COINS = c.Quantity("coins")
EVERY_TURN = c.At("end of turn", each=True)
FIRST_TURN = c.At("end of turn")


#: a loss paid in coins or taken as defeat tokens: `lose N coins or decide pay`
PAY = c.ActionKind("pay", "pay {amount} of {loss}", amount_from=c.Num(0),
                   amount_to=c.Call("min", (c.Var("loss"), COINS)),
                   then=(c.LoseCoins(c.Var("amount")),
                         c.GainTokens("defeat", c.BinOp("-", c.Var("loss"), c.Var("amount")))))
PAY_DECISION = c.Decision("pay", ("pay",), "lose {loss} coin(s): pay in coins, the rest as defeat tokens")


def times(a: int | c.Expr, b: int | c.Expr) -> c.BinOp:
    return c.BinOp("*", c.Num(a) if isinstance(a, int) else a, c.Num(b) if isinstance(b, int) else b)


def start(*hooks: c.Hook, categories: tuple[c.Category, ...] = (), category: str = "", start_coins: int = 3):
    """Three players, each holding `hooks` as effects of the rule set, for one age of three turns;
    hands of Huts (seat 0 also holds a Wall, which seat 1 gets on turn 2); seat 0 and 2 make
    stone, seat 1 wood."""
    boards = [tiny.board("Quarry", "stone"), tiny.board("Forest", "wood"), tiny.board("Pit", "stone")]
    rules = tiny.rules([HUT, WALL], hand=3, boards=boards, start_coins=start_coins)
    rules = attrs.evolve(rules, effects=(c.RuleEffects(tuple(hooks), category=category),),
                         categories=rules.categories + categories, actions=rules.actions + (PAY,),
                         decisions=rules.decisions + (PAY_DECISION,))
    hands = [["Hut", "Wall", "Hut"], ["Hut", "Hut", "Hut"], ["Hut", "Hut", "Hut"]]
    return Game(rules, 3).new_initial_state(seed=1, boards=[(b.name, "A") for b in boards],
                                            hands={1: hands})


def sell_all(state, chosen: dict[int, Action] | None = None) -> None:
    """Each player sells the first card of its hand (3 coins), unless `chosen` says otherwise."""
    chosen = chosen or {}
    state.apply_actions({p: chosen.get(p) or next(a for a in state.legal_actions(p) if a.kind == "sell")
                         for p in state.pending_decisions()})


def play_out(state) -> None:
    while not state.is_terminal():
        sell_all(state)


def coins(state) -> list[int]:
    return [city.coins for city in state.cities]


def stopped(state, run) -> str:
    """The sentence the game stopped with; every later call raises it again."""
    with pytest.raises(wr.GameStoppedError) as caught:
        run()
    assert state.stopped == caught.value.message
    with pytest.raises(wr.GameStoppedError):
        state.pending_decisions()
    return caught.value.message


def test_the_range_is_a_billion() -> None:
    assert MAX_VALUE == 10**9


def test_a_product_beyond_the_range_stops_the_game_and_names_it() -> None:
    # each end of turn: gain coins * coins coins; a sale gives 3 coins
    state = start(c.Hook(EVERY_TURN, c.GainCoins(times(COINS, COINS))), start_coins=1000)
    sell_all(state)
    assert coins(state) == [1003 + 1003 * 1003] * 3
    message = stopped(state, lambda: sell_all(state))
    assert message.startswith("coins * coins would be 1 014 079 210 225 (in the effects of each player)")
    assert message.endswith("numbers in a game stay between -1 000 000 000 and 1 000 000 000")
    assert coins(state) == [1_007_015] * 3  # the gain that would go beyond is not made


def test_coins_beyond_the_range_stop_the_game() -> None:
    state = start(c.Hook(EVERY_TURN, c.GainCoins(times(400, 1_000_000))))
    sell_all(state)
    sell_all(state)
    assert coins(state) == [800_000_009] * 3
    message = stopped(state, lambda: sell_all(state))
    assert message.startswith("seat 0 would hold 1 200 000 012 coins (gain coins of the effects of each player)")
    assert coins(state) == [800_000_012] * 3


def test_a_gain_that_comes_to_less_than_one_gives_nothing() -> None:
    # `gain X coins` and `gain X tokens` with an X that is 0 or less when counted gain nothing, as
    # a loss of 0 or less loses nothing: coins and tokens never go below 0 (a city at -2 coins
    # was asked how much of a loss to pay with no amount to choose, and the agents failed)
    minus_five = c.BinOp("-", c.Num(0), c.Num(5))
    state = start(c.Hook(EVERY_TURN, c.GainCoins(minus_five)),
                  c.Hook(EVERY_TURN, c.GainTokens("defeat", minus_five, c.Num(-1))),
                  c.Hook(EVERY_TURN, c.GainCoins(times(-600, 1_000_000))),
                  c.Hook(EVERY_TURN, c.LoseCoins(c.Num(1), or_decide="pay")))
    while not state.is_terminal():
        for player in state.pending_decisions():
            assert state.legal_actions(player)
        sell_all(state, {p: state.legal_actions(p)[-1] for p, d in state.pending_decisions().items()
                         if d.kind == "pay"})
        assert all(city.coins >= 0 for city in state.cities)
        assert all(count >= 0 for city in state.cities for count in city.token_counts)
    # three sales of 3 coins on 3, and a coin lost each turn (paid in coins: the last amount)
    assert coins(state) == [9, 9, 9]


def test_a_loss_paid_in_coins_and_tokens_offers_a_bounded_choice() -> None:
    # the payer of a loss that may be taken as tokens chooses how many coins to pay: one action
    # per amount. A loss of a million coins in a city that holds them offered a million actions
    # (built in seconds, the agents searching them for minutes; a billion would not fit in memory)
    rich = c.Hook(FIRST_TURN, c.GainCoins(c.Num(5000)))
    fine = start(rich, c.Hook(FIRST_TURN, c.LoseCoins(c.Num(MAX_AMOUNTS), or_decide="pay")))
    sell_all(fine)
    assert fine.pending_decisions()[0].kind == "pay"
    assert [a.amount for a in fine.legal_actions(0)] == list(range(MAX_AMOUNTS + 1))
    # (5 006 coins held: 3, a sale, 5 000)
    big = start(rich, c.Hook(FIRST_TURN, c.LoseCoins(times(1000, 1000), or_decide="pay")))
    message = stopped(big, lambda: sell_all(big))
    assert message == ("seat 0 would choose among 5 007 amounts of 'pay' (0 to 5 006): an action offers at "
                       "most 1 001 amounts")


def test_tokens_and_their_worth_beyond_the_range_stop_the_game() -> None:
    worth = start(c.Hook(EVERY_TURN, c.GainTokens("victory", c.Num(1), times(600, 1_000_000))))
    sell_all(worth)
    assert [city.token_values[0] for city in worth.cities] == [600_000_000] * 3
    message = stopped(worth, lambda: sell_all(worth))
    assert message.startswith("seat 0 would hold 'victory' tokens worth 1 200 000 000")
    many = start(c.Hook(EVERY_TURN, c.GainTokens("defeat", times(600, 1_000_000), c.Num(0))))
    sell_all(many)
    message = stopped(many, lambda: sell_all(many))
    assert message.startswith("seat 0 would hold 1 200 000 000 'defeat' tokens")


def test_a_sale_beyond_the_range_stops_the_game() -> None:
    # after the first turn's sale (6 coins), a gain up to the range itself: in it, and kept
    state = start(c.Hook(FIRST_TURN, c.GainCoins(times(2, 499_999_997))))
    sell_all(state)
    assert coins(state) == [MAX_VALUE] * 3
    message = stopped(state, lambda: sell_all(state))
    assert message.startswith("seat 0 would hold 1 000 000 003 coins (action 'sell')")


def test_a_payment_beyond_the_range_stops_the_game() -> None:
    # every city one coin short of the range; on turn 2 seat 1 builds the Wall with seat 0's stone
    state = start(c.Hook(FIRST_TURN, c.GainCoins(times(3, 333_333_331))))
    sell_all(state)
    assert coins(state) == [MAX_VALUE - 1] * 3
    wall = Action("build", "Wall", pay=((0, 2),))
    assert wall in state.legal_actions(1)
    message = stopped(state, lambda: state.apply_actions(
        {0: Action("build", "Hut"), 1: wall, 2: Action("build", "Hut")}))
    assert message.startswith("seat 0 would hold 1 000 000 001 coins (paid by seat 1)")


def test_points_beyond_the_range_stop_the_game_at_the_final_scoring() -> None:
    column = start(c.Hook(c.EndOfGame(), c.Score(times(600, 1_000_000))),
                   c.Hook(c.EndOfGame(), c.Score(times(600, 1_000_000))), category="civic")
    message = stopped(column, lambda: play_out(column))
    assert message.startswith("seat 0 would score 1 200 000 000 points in column 'civic'")
    assert not column.is_terminal() and column.sheets is None
    # two columns each in the range, a total beyond it
    total = start(c.Hook(c.EndOfGame(), c.Score(times(-600, 1_000_000))), category="civic",
                  categories=(c.Category("debts", times(-600, 1_000_000)),))
    message = stopped(total, lambda: play_out(total))
    assert re.match(r"seat 0 would score -1 199 999 9\d\d points in all", message), message


def test_a_game_at_the_edge_of_the_range_plays_to_the_end() -> None:
    state = start(c.Hook(c.EndOfGame(), c.Score(times(999, 1_000_000))), category="civic",
                  categories=(c.Category("debts", times(-999, 1_000_000)),))
    play_out(state)
    sheets = state.scores()
    assert [sheet.column("civic") for sheet in sheets] == [999_000_000] * 3
    assert [sheet.column("debts") for sheet in sheets] == [-999_000_000] * 3
    assert state.stopped is None
