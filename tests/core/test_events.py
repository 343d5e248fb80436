"""`whenever` effects listen to events: tokens gained (by an effect, a contest or a loss paid in
tokens) and contests won or lost, in the cities of the seats they name. Small games written in
Python (`tiny.py`), hands fixed, every action chosen: the coins and scores are counted by hand."""

from __future__ import annotations

import tiny
from tiny import LEFT, NEIGHBOURS, OTHERS, SELF, card, hook

from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game

#: 2 coins whenever a neighbour gains a victory token
WATCHERS = card("Watchers", hooks=[hook(c.When("gains", (NEIGHBOURS,), name="victory"), c.GainCoins(c.Num(2)))])
FORT = card("Fort", "red", hooks=[tiny.shields(2)])
HUT = card("Hut")
SHED = card("Shed")
BARN = card("Barn")
#: a victory token for its owner when built
MEDAL = card("Medal", hooks=[hook(c.OnBuild(), c.GainTokens("victory", c.Num(1)))])
#: an honour token worth 2 points whenever its owner loses the war
MARTYR = card("Martyr", hooks=[hook(c.When("loses", (SELF,), name="war"), c.GainTokens("honour", c.Num(1), c.Num(2)))])
#: 5 coins lost by every other city, paid in coins or taken as debt
RAID = card("Raid", hooks=[hook(c.OnBuild(), c.LoseCoins(c.Num(5), (OTHERS,), or_decide="pay"))])
#: a coin whenever a neighbour takes debt
LENDER = card("Lender", hooks=[hook(c.When("gains", (NEIGHBOURS,), name="debt"), c.GainCoins(c.Num(1)))])
#: at the end of the age, an honour token when the city holds at least 5 coins then
TALLY = card("Tally", hooks=[hook(c.At("end of age"), c.GainTokens("honour", c.Num(1)),
                                  c.BinOp(">=", c.Quantity("coins"), c.Num(5)))])
#: 1 coin whenever a city on its left wins any contest
CHEER = card("Cheer", hooks=[hook(c.When("wins", (LEFT,)), c.GainCoins(c.Num(1)))])

CARDS = (WATCHERS, FORT, HUT, SHED, BARN, MEDAL, MARTYR, RAID, LENDER, TALLY, CHEER)
HONOUR = c.Category("honour", c.Quantity("value", ("honour",)))


def game(players: int, hand: int = 1) -> Game:
    import attrs

    rules = tiny.rules(CARDS, hand=hand, extra_tokens=("honour", "debt"), pay_token="debt")
    rules = attrs.evolve(rules, categories=rules.categories + (HONOUR,))
    return Game(rules, players)


def build_all(state) -> None:
    """Every pending player builds the first card of its hand (each card here is free)."""
    state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == "build")
                         for p in state.pending_decisions()})


def play(players: int, hands: list[list[str]]):
    state = game(players, len(hands[0])).new_initial_state(seed=1, hands={1: hands})
    while not state.is_terminal():
        build_all(state)
    return state


def test_a_card_pays_whenever_a_neighbour_gains_a_victory_token_in_a_contest() -> None:
    # seat 1 (a neighbour of seat 0) has the only shields: it wins against seats 0 and 2
    state = play(4, [["Watchers"], ["Fort"], ["Hut"], ["Hut"]])
    assert [city.token_counts[0] for city in state.cities] == [0, 2, 0, 0]
    assert state.cities[0].coins == 3 + 2 * 2


def test_a_victory_far_away_pays_nothing() -> None:
    # seat 2 is not a neighbour of seat 0 at four seats
    state = play(4, [["Watchers"], ["Hut"], ["Fort"], ["Hut"]])
    assert [city.token_counts[0] for city in state.cities] == [0, 0, 2, 0]
    assert state.cities[0].coins == 3


def test_tokens_gained_by_an_effect_set_the_listener_off_right_after_the_resolution() -> None:
    state = game(4, hand=2).new_initial_state(seed=1, hands={1: [["Watchers", "Hut"], ["Hut", "Hut"],
                                                                 ["Hut", "Hut"], ["Medal", "Hut"]]})
    build_all(state)  # seat 3 builds the Medal: one victory token, seat 0 is its neighbour
    assert state.cities[3].token_counts[0] == 1
    assert state.cities[0].coins == 3 + 2


def test_a_card_scores_when_its_owner_loses_a_contest() -> None:
    state = play(3, [["Martyr"], ["Fort"], ["Fort"]])
    sheet = state.scores()[0]
    # seat 0 loses to both neighbours: two defeats (-1 each) and two honour tokens worth 2
    assert sheet.column("military") == -2 and sheet.column("honour") == 4
    assert state.scores()[1].column("honour") == 0


def test_the_listeners_of_a_contest_run_before_the_other_effects_of_its_moment() -> None:
    # seat 0 builds Watchers, then Tally (passed on from seat 3); seat 1 wins twice at the end of
    # the age: Watchers pays seat 0 four coins before Tally looks at its coins
    state = game(4, hand=2).new_initial_state(seed=1, hands={1: [["Watchers", "Shed"], ["Fort", "Shed"],
                                                                 ["Hut", "Shed"], ["Barn", "Tally"]]})
    build_all(state)
    assert [card.name for card in state.cities[0].zones[0]] == ["Tally"]
    build_all(state)
    assert state.is_terminal()
    assert state.cities[0].coins == 3 + 4
    assert state.cities[0].token_counts[2] == 1  # honour: Tally saw 7 coins


def test_a_win_event_names_no_contest_and_counts_each_win() -> None:
    state = play(3, [["Cheer"], ["Fort"], ["Hut"]])  # seat 1, on seat 0's left, wins twice
    assert state.cities[0].coins == 3 + 2


def test_tokens_taken_for_an_unpaid_loss_set_the_listener_off() -> None:
    state = game(3, hand=2).new_initial_state(seed=1, hands={1: [["Raid", "Hut"], ["Lender", "Hut"],
                                                                 ["Hut", "Hut"]]})
    build_all(state)  # seat 1 builds Lender; seat 0's Raid makes seats 1 and 2 lose 5 coins
    pending = state.pending_decisions()
    assert {p: d.kind for p, d in pending.items()} == {1: "pay", 2: "pay"}
    assert state.legal_actions(2) == [Action("pay", amount=k) for k in range(4)]
    state.apply_actions({1: Action("pay", amount=3), 2: Action("pay", amount=1)})
    # seat 2 takes 4 debt tokens: seat 1 (Lender, its neighbour) gets a coin; seat 1's own debt
    # (2 tokens) is not its neighbour's
    assert [city.token_counts[3] for city in state.cities] == [0, 2, 4]
    assert state.cities[1].coins == 0 + 1


def test_nothing_is_raised_when_no_source_listens() -> None:
    rules = tiny.rules((FORT, HUT))
    g = Game(rules, 3)
    assert g.catalog.events_listened == frozenset()
    assert game(3).catalog.events_listened == {"gains", "loses", "wins"}
