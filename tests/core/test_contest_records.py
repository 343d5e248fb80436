"""The history records each contest as it is resolved: who sat out, the pairs that met with their
strengths (ties included) or every participant's strength in a ranking, and each seat's result
with the tokens it gained. Small games written in Python (`tiny.py`), hands fixed, the results
worked out by hand from the shields built."""

from __future__ import annotations

import tiny
from tiny import card, hook

from wonderrules.interpreter import ir as c
from wonderrules.interpreter.game import Game

FORT = card("Fort", "red", hooks=[tiny.shields(2)])
TOWER = card("Tower", "red", hooks=[tiny.shields(1)])
HUT = card("Hut")
KEEP = card("Keep", "red", hooks=[tiny.shields(1)], age=2)
SHED = card("Shed", age=2)
#: a peace token when built: its holder sits out the contest
TRUCE = card("Truce", hooks=[hook(c.OnBuild(), c.GainTokens("peace", c.Num(1)))])
#: a banner token when built: its holder fights for 2 tokens
BANNER = card("Banner", hooks=[hook(c.OnBuild(), c.GainTokens("banner", c.Num(1)))])
CARDS = (FORT, TOWER, HUT, TRUCE, BANNER, KEEP, SHED)


def play(contest: c.Contest, *hands: list[list[str]]):
    """A game of one age per list of hands, each hand of one card, every card built."""
    rules = tiny.rules(CARDS, hand=1, contests=(contest,), extra_tokens=("peace", "banner"), ages=len(hands))
    state = Game(rules, len(hands[0])).new_initial_state(seed=1, hands=dict(enumerate(hands, start=1)))
    while not state.is_terminal():
        state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == "build")
                             for p in state.pending_decisions()})
    return state


def contests(state) -> list[dict]:
    return [entry for entry in state.history if entry["type"] == "contest"]


def met(a: int, b: int, strength_a: int, strength_b: int) -> dict:
    return {"seats": [a, b], "strengths": [strength_a, strength_b]}


def win(seat: int, opponent: int, tokens: int = 1, worth: int = 1) -> dict:
    return {"seat": seat, "outcome": "win", "opponent": opponent, "token": "victory", "tokens": tokens,
            "worth": worth}


def loss(seat: int, opponent: int, tokens: int = 1, worth: int = -1) -> dict:
    return {"seat": seat, "outcome": "lose", "opponent": opponent, "token": "defeat", "tokens": tokens,
            "worth": worth}


def test_a_contest_of_pairs_records_each_pair_its_strengths_and_each_result() -> None:
    # shields: seat 0 two, seat 1 none, seat 2 two; around three seats every pair meets once:
    # 0 beats 1, 1 loses to 2, 0 and 2 tie
    state = play(tiny.MILITARY, [["Fort"], ["Hut"], ["Fort"]])
    [record] = contests(state)
    assert record == {
        "type": "contest", "contest": "war", "moment": "end of age", "age": 1, "turn": 1,
        "sat_out": [], "strengths": {},
        "pairs": [met(0, 1, 2, 0), met(1, 2, 0, 2), met(0, 2, 2, 2)],
        "results": [win(0, 1), loss(1, 0), win(2, 1), loss(1, 2)],
    }
    # the record says what the cities hold: two victories for seats 0 and 2, two defeats for seat 1
    assert [city.token_counts[0] for city in state.cities] == [1, 0, 1]
    assert [city.token_counts[1] for city in state.cities] == [0, 2, 0]


def test_each_age_records_its_contest_with_the_worth_of_that_age() -> None:
    war = c.Contest("war", "end of age", c.Quantity("symbols", ("shield",)),
                    win=c.Outcome("victory", (1, 3)), lose=c.Outcome("defeat", (-1,)))
    # three seats, two ages: seat 1 builds a card of one shield in each age, the others none;
    # in the second age seat 1 (two shields) beats both neighbours, and seats 0 and 2 tie
    state = play(war, [["Hut"], ["Tower"], ["Hut"]], [["Shed"], ["Keep"], ["Shed"]])
    first, second = contests(state)
    assert (first["age"], second["age"]) == (1, 2)
    assert second["pairs"] == [met(0, 1, 0, 2), met(1, 2, 2, 0), met(0, 2, 0, 0)]
    assert second["results"] == [win(1, 0, worth=3), loss(0, 1), win(1, 2, worth=3), loss(2, 1)]


def test_a_ranking_records_the_strongest_and_the_weakest_without_opponents() -> None:
    fame = c.Contest("fame", "end of age", c.Quantity("symbols", ("shield",)), mode="ranking",
                     win=c.Outcome("victory", (1,)), lose=c.Outcome("defeat", (-1,)))
    # shields 2, 1, 2, 0: seats 0 and 2 are the strongest, seat 3 the weakest, seat 1 neither
    state = play(fame, [["Fort"], ["Tower"], ["Fort"], ["Hut"]])
    [record] = contests(state)
    assert record["pairs"] == []
    assert record["strengths"] == {0: 2, 1: 1, 2: 2, 3: 0}
    assert record["results"] == [win(0, -1), win(2, -1), loss(3, -1)]


def test_who_sits_out_and_the_tokens_of_each_result_are_recorded() -> None:
    holds = c.Quantity("tokens", ("banner",))
    war = c.Contest("war", "end of age", c.Quantity("symbols", ("shield",)),
                    win=c.Outcome("victory", (1,)), lose=c.Outcome("defeat", (-1,)),
                    takes_part=c.BinOp("==", c.Quantity("tokens", ("peace",)), c.Num(0)),
                    tokens=c.BinOp("+", c.Num(1), c.BinOp("or", holds, c.Quantity(
                        "tokens", ("banner",), (c.Relation("opponent"),)))))
    # seat 1 sits out (its truce); seat 3 holds a banner: its pairs give 2 tokens to each seat.
    # The three others meet around the table skipping seat 1: 0 (two shields) and 2 (one), 2 and
    # 3 (none), 3 and 0
    state = play(war, [["Fort"], ["Truce"], ["Tower"], ["Banner"]])
    [record] = contests(state)
    assert record["sat_out"] == [1]
    assert record["pairs"] == [met(0, 2, 2, 1), met(2, 3, 1, 0), met(0, 3, 2, 0)]
    assert record["results"] == [win(0, 2), loss(2, 0), win(2, 3, tokens=2), loss(3, 2, tokens=2),
                                 win(0, 3, tokens=2), loss(3, 0, tokens=2)]
    # nothing is spent unless an effect says so: the truce and the banner are still held
    assert [city.token_counts[2] for city in state.cities] == [0, 1, 0, 0]
    assert [city.token_counts[3] for city in state.cities] == [0, 0, 0, 1]


def test_a_count_of_tokens_is_read_for_each_seat_of_the_pair() -> None:
    # each seat of a pair gets 1 token, and one more per banner its opponent holds; only seat 3
    # holds one. Around four seats: 0-1 (2 shields v 0), 1-2 (0 v 1), 2-3 (1 v 0), 0-3 (2 v 0)
    tokens = c.BinOp("+", c.Num(1), c.Quantity("tokens", ("banner",), (c.Relation("opponent"),)))
    war = c.Contest("war", "end of age", c.Quantity("symbols", ("shield",)),
                    win=c.Outcome("victory", (1,)), lose=c.Outcome("defeat", (-1,)), tokens=tokens)
    state = play(war, [["Fort"], ["Hut"], ["Tower"], ["Banner"]])
    [record] = contests(state)
    assert record["pairs"] == [met(0, 1, 2, 0), met(1, 2, 0, 1), met(2, 3, 1, 0), met(0, 3, 2, 0)]
    # the pairs with seat 3: its opponent's count reads seat 3's banner (2 tokens), seat 3's own
    # count reads its opponent's none (1 token)
    assert record["results"] == [win(0, 1), loss(1, 0), win(2, 1), loss(1, 2), win(2, 3, tokens=2), loss(3, 2),
                                 win(0, 3, tokens=2), loss(3, 0)]


def test_a_log_leaves_the_contest_records_out() -> None:
    from wonderrules.interpreter.log import to_log

    state = play(tiny.MILITARY, [["Fort"], ["Hut"], ["Fort"]])
    assert "contest" not in str(to_log(state))


def test_every_pair_is_compared_with_the_strengths_read_before_any_result() -> None:
    # strength: shields and the value of the victory tokens held, read once for the moment, before
    # any result (leaders.tsv, Semiramis: tokens count "in later conflicts"). Seat 1 (one shield)
    # beats seat 0 (none) first, gaining a victory worth 1, and still meets seat 2 with a strength
    # of 1, not 2
    war = c.Contest("war", "end of age", c.BinOp("+", c.Quantity("symbols", ("shield",)),
                                                 c.Quantity("value", ("victory",))),
                    win=c.Outcome("victory", (1,)), lose=c.Outcome("defeat", (-1,)))
    state = play(war, [["Hut"], ["Tower"], ["Hut"]])
    [record] = contests(state)
    assert record["pairs"] == [met(0, 1, 0, 1), met(1, 2, 1, 0), met(0, 2, 0, 0)]
    assert record["results"] == [win(1, 0), loss(0, 1), win(1, 2), loss(2, 1)]


def test_the_contests_of_one_moment_read_every_strength_before_any_result() -> None:
    # the war (shields) and then a ranking by the victories held, both at the end of the age: the
    # ranking reads the victories as they stood before the war, none anywhere, so everyone ties and
    # nobody wins it; the war still gives seat 0 (two shields) a victory over each neighbour
    glory = c.Contest("glory", "end of age", c.Quantity("tokens", ("victory",)), mode="ranking",
                      win=c.Outcome("peace", (1,)), lose=c.Outcome("banner", (-1,)))
    rules = tiny.rules(CARDS, hand=1, contests=(tiny.MILITARY, glory), extra_tokens=("peace", "banner"))
    state = Game(rules, 3).new_initial_state(seed=1, hands={1: [["Fort"], ["Hut"], ["Hut"]]})
    while not state.is_terminal():
        state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == "build")
                             for p in state.pending_decisions()})
    war, ranked = contests(state)
    assert war["results"] == [win(0, 1), loss(1, 0), win(0, 2), loss(2, 0)]
    assert ranked["strengths"] == {0: 0, 1: 0, 2: 0} and ranked["results"] == []


#: two banners of uneven worth (1 and 2) when built
BANNERS = card("Banners", hooks=[hook(c.OnBuild(), c.GainTokens("banner", c.Num(1))),
                                 hook(c.OnBuild(), c.GainTokens("banner", c.Num(1), c.Num(2)))])


def test_what_a_contest_spends_after_its_results_is_lost_by_every_seat_with_its_worth() -> None:
    # seat 1 sits out (its truce) and spends it after the war; seat 2 holds two banners worth 3
    # in all and loses one, with the average worth rounded down (1); seat 0 holds nothing to lose
    war = c.Contest("war", "end of age", c.Quantity("symbols", ("shield",)),
                    win=c.Outcome("victory", (1,)), lose=c.Outcome("defeat", (-1,)),
                    takes_part=c.BinOp("==", c.Quantity("tokens", ("peace",)), c.Num(0)),
                    after=(c.LoseTokens("peace", c.Num(1)), c.LoseTokens("banner", c.Num(1))))
    rules = tiny.rules(CARDS + (BANNERS,), hand=1, contests=(war,), extra_tokens=("peace", "banner"))
    state = Game(rules, 3).new_initial_state(seed=1, hands={1: [["Fort"], ["Truce"], ["Banners"]]})
    while not state.is_terminal():
        state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == "build")
                             for p in state.pending_decisions()})
    [record] = contests(state)
    assert record["sat_out"] == [1] and record["pairs"] == [met(0, 2, 2, 0)]
    peace, banner = 2, 3  # after victory and defeat
    assert [(city.token_counts[peace], city.token_values[peace]) for city in state.cities] == [(0, 0), (0, 0), (0, 0)]
    assert [(city.token_counts[banner], city.token_values[banner]) for city in state.cities] == [(0, 0), (0, 0), (1, 2)]
