"""Final scoring's search through a city's end-of-game choices stays bounded while a game is
played, also where the loader's count of it does not reach: a city that builds a card many
times (an action without `unique in`, cards drawn into an active zone) holds its choices as many
times. Choices that are the same (the same either/or symbol, the same card to copy) are tried
once per different outcome, and a search beyond MAX_SCORING_STEPS stops the game with a
sentence."""

from __future__ import annotations

import time
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wonderrules as wr
from wonderrules.interpreter import scoring

#: three players hoard sixteen cards each, every one with a choice of three symbols at the end
HOARD = """
ruleset hoard "Hoarded choices"
resources raw: wood
symbols science: compass, gear, tablet
colours: green, purple scores guilds
game {
  players 3
  start coins 3
  ages 1
  hand 16
  turns 16
  pass left
  stages score wonder
  tie break coins
  cards count in built
}
zone hand: each seat, seen by owner
zone built: each seat, seen by everyone, active
deal age from deck age {
  hand cards to hand of each player
}
action hoard "hoard {card}" {
  card from hand
  then: move card to built
}
decision play "turn {turn}": hoard
flow {
  each age {
    deal age
    each turn {
      round play
      if turn < turns { pass hand }
    }
  }
  at end of game
}
scoring {
  science = squares(science) + 7 * sets(science)
  wonder
  guilds
}
card "Wild" age 1 green copies COPIES { end of game: symbol compass | gear | tablet }
card "Wilder" age 1 green copies COPIES { end of game: symbol compass | gear | tablet }
card "Copyist" age 1 purple copies COPIES { end of game: copy 2 green cards from others }
wonder "A" side A {
  start wood
  stage cost wood { end of game: score 1 }
}
wonder "B" side A {
  start wood
  stage cost wood { end of game: score 1 }
}
wonder "C" side A {
  start wood
  stage cost wood { end of game: score 1 }
}
""".replace("COPIES", " ".join(["3+"] * 16))


def hoarded(tmp_path: Path, hands: list[list[str]]):
    (tmp_path / "hoard.wr").write_text(HOARD, encoding="utf-8")
    game = wr.Game(wr.load_rules(str(tmp_path / "hoard.wr")), 3)
    state = game.new_initial_state(seed=1, hands={1: hands})
    while not state.is_terminal():
        state.apply_actions({p: state.legal_actions(p)[0] for p in state.pending_decisions()})
    return state


def test_sixteen_copies_of_a_choice_are_scored_by_their_outcomes(tmp_path: Path) -> None:
    # each city hoards 16 cards with a choice of three symbols: 3^16 = 43 million combinations,
    # 153 different outcomes (how many of each symbol); the best is 16 of one symbol, 256 points
    hands = [["Wild"] * 16, ["Wilder"] * 16, ["Wild"] * 8 + ["Wilder"] * 8]
    began = time.process_time()
    state = hoarded(tmp_path, hands)
    sheets = state.scores()
    assert time.process_time() - began < 10
    assert [dict(sheet.columns)["science"] for sheet in sheets] == [256] * 3
    assert sheets[0].choices == ("symbol compass",) * 16


def test_copies_of_a_card_that_copies_are_tried_once_per_different_choice(tmp_path: Path) -> None:
    # seat 0 hoards 8 Copyists (16 copies of a green card of another city, each the Wild or the
    # Wilder: 65 536 orders, 17 different choices) and 8 Wilds; the others hoard Wilds and Wilders
    hands = [["Copyist"] * 8 + ["Wild"] * 8, ["Wild"] * 16, ["Wilder"] * 16]
    began = time.process_time()
    state = hoarded(tmp_path, hands)
    sheets = state.scores()
    assert time.process_time() - began < 10
    # every card passes left each turn: seat 0 ends with what the hands held when they reached it
    copies = [c for c in sheets[0].choices if c.startswith("copy ")]
    assert len(copies) == 2 * sum(1 for c in state.cities[0].zones[1] if c.name == "Copyist")


def test_a_search_beyond_the_bound_stops_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "MAX_SCORING_STEPS", 1000)
    with pytest.raises(wr.GameStoppedError) as stopped:
        hoarded(tmp_path, [["Wild"] * 16, ["Wilder"] * 16, ["Wild"] * 16])
    assert stopped.value.message == (
        "final scoring of seat 0 would take more than 1 000 steps through its end-of-game choices (symbols to "
        "choose, cards and symbols to copy): a city holds too many of them")


#: a game to charge the steps to (the search never stops it here: 7 slots of 3 take 2 187 steps at most)
_A_GAME = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=1)


def _every_combination(slots):
    """The outcomes of either/or symbols as first written: every combination, each outcome kept
    where it first comes."""
    seen: dict[tuple[tuple[int, int], ...], None] = {}
    for combo in product(*(options for options, _ in slots)):
        seen.setdefault(tuple(sorted((sym, amount) for sym, (_, amount) in zip(combo, slots))), None)
    return list(seen) if slots else [()]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True).map(tuple),
                          st.integers(1, 2)), max_size=7))
def test_the_outcomes_of_either_or_symbols_come_in_the_order_of_every_combination(slots) -> None:
    steps = scoring._Steps(_A_GAME, 0)
    assert list(scoring._wild_choices(slots, steps)) == _every_combination(slots)
