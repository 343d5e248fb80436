"""Choices of one card of a zone of the table, made at once (docs/language/flow.rst, "How a game
runs"): "Two seats of a round may choose the same card of a zone of the table: the round's order
decides. The seat first in it takes the card; a seat whose card is gone by its turn chooses
again, in the same round, among the cards left (a seat with nothing left passes the round)."

The variant (tests/interpreter/data/table_draft.wr) keeps leaders from a row face up on the
table before Age I and builds from the discard pile at the end of each age, every player at once.
"""

from __future__ import annotations

import random
from pathlib import Path

import core_support as cs
import pytest
from core_snapshot import full_snapshot

from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.errors import IllegalActionError
from wonderrules.interpreter.log import replay, to_log
from wonderrules.interpreter.observe import observation

DRAFT = str(Path(__file__).parents[1] / "interpreter" / "data" / "table_draft.wr")
TWO_PLAYER = ("base", DRAFT, "two_player")


def _row(state) -> list[str]:
    return [c.name for c in state.shared[cs.zone_index(state, "row")]]


def _court(state, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].zones[cs.zone_index(state, "court")]]


def _draft(players: int = 3, seed: int = 1):
    return cs.game((DRAFT,), players).new_initial_state(seed=seed)


def test_two_players_choosing_the_same_leader_the_first_seat_takes_it_the_other_chooses_again() -> None:
    state = _draft()
    first, other = _row(state)[:2]
    state.apply_actions({0: Action("keep", first), 1: Action("keep", other), 2: Action("keep", first)})
    # the round is not over: player 2 alone chooses again, among the leaders left
    decision = state.pending_decisions()
    assert list(decision) == [2]
    assert decision[2].kind == "draft"
    assert decision[2].detail == (f"keep a leader from the table (choose again: '{first}' went to a seat ahead of "
                                  f"yours in the round's order)")
    left = _row(state)
    assert first not in left and other not in left
    assert [a.card for a in state.legal_actions(2)] == left
    # what players 0 and 1 chose waits for the round to resolve
    assert [_court(state, s) for s in range(3)] == [[], [], []]
    state.apply_actions({2: Action("keep", left[0])})
    assert [_court(state, s) for s in range(3)] == [[first], [other], [left[0]]]
    assert _row(state) == left[1:]


def test_the_round_order_is_seat_order() -> None:
    state = _draft()
    first, other = _row(state)[:2]
    state.apply_actions({0: Action("keep", other), 1: Action("keep", first), 2: Action("keep", first)})
    assert list(state.pending_decisions()) == [2]
    state.apply_actions({2: state.legal_actions(2)[0]})
    assert _court(state, 1) == [first]


def test_everyone_choosing_the_same_leader_two_choose_again_at_once() -> None:
    state = _draft()
    first = _row(state)[0]
    state.apply_actions({p: Action("keep", first) for p in range(3)})
    assert sorted(state.pending_decisions()) == [1, 2]
    left = _row(state)
    state.apply_actions({1: Action("keep", left[0]), 2: Action("keep", left[0])})
    # the same card again: seat 1 takes it, seat 2 chooses a third time
    assert list(state.pending_decisions()) == [2]
    state.apply_actions({2: Action("keep", _row(state)[0])})
    assert [len(_court(state, s)) for s in range(3)] == [1, 1, 1]
    assert _court(state, 0) == [first] and _court(state, 1) == [left[0]]


def test_two_copies_of_a_leader_serve_two_players() -> None:
    for seed in range(40):
        state = _draft(4, seed)
        row = _row(state)
        twice = next((name for name in row if row.count(name) == 2), None)
        if twice is not None:
            break
    else:
        raise AssertionError("no row with a leader twice")
    others = [name for name in row if name != twice]
    state.apply_actions({0: Action("keep", twice), 1: Action("keep", others[0]), 2: Action("keep", twice),
                         3: Action("keep", others[1])})
    # nobody chooses again: the second draft round is asked of everyone
    assert {d.detail for d in state.pending_decisions().values()} == {"keep a leader from the table"}
    assert _court(state, 0) == [twice] and _court(state, 2) == [twice]


def test_a_player_left_with_nothing_to_choose_passes_the_round() -> None:
    """At 3 players the second round offers 2 leaders: one player keeps none."""
    state = _draft()
    state.apply_actions({p: Action("keep", name) for p, name in enumerate(_row(state)[:3])})
    x, y = _row(state)
    state.apply_actions({0: Action("keep", x), 1: Action("keep", y), 2: Action("keep", x)})
    assert [_court(state, s)[1:] for s in range(3)] == [[x], [y], []]
    assert {d.kind for d in state.pending_decisions().values()} == {"play"}


def test_a_choice_of_a_card_already_taken_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = _draft()
    first, other = _row(state)[:2]
    state.apply_actions({0: Action("keep", first), 1: Action("keep", other), 2: Action("keep", first)})
    before = full_snapshot(state)
    why = state.explain(2, Action("keep", first))
    assert why is not None and why.startswith(f"'{first}' is not in the row")
    with pytest.raises(IllegalActionError) as refused:
        state.apply_actions({2: Action("keep", first)})
    assert refused.value.reasons == {2: why}
    assert full_snapshot(state) == before


def test_a_round_with_an_illegal_choice_is_refused_whole_before_anything_changes() -> None:
    """Two players name the same leader and a third names one that is not on the table: the
    round is refused, with a reason for the third only, and nothing is taken."""
    state = _draft()
    first = _row(state)[0]
    before = full_snapshot(state)
    with pytest.raises(IllegalActionError) as refused:
        state.apply_actions({0: Action("keep", first), 1: Action("keep", first), 2: Action("keep", "Nobody")})
    assert list(refused.value.reasons) == [2]
    assert full_snapshot(state) == before


def test_the_observation_shows_the_cards_left_and_why_the_player_chooses_again() -> None:
    state = _draft()
    first, other = _row(state)[:2]
    state.apply_actions({0: Action("keep", first), 1: Action("keep", other), 2: Action("keep", first)})
    seen = observation(state, 2)
    assert seen["decision"]["detail"].endswith(f"(choose again: '{first}' went to a seat ahead of yours in the "
                                               f"round's order)")
    assert seen["table"]["row"]["cards"] == _row(state)
    assert "decision" not in observation(state, 0)


def _random_game(layers, players: int, seed: int):
    """A game of random choices, and each position where someone chooses again: (rounds played,
    the decisions pending, every player's legal actions)."""
    state = cs.game(layers, players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    rounds = 0
    again = []
    while not state.is_terminal():
        state.apply_actions(cs.random_round(state, rng))
        rounds += 1
        if any("choose again" in d.detail for d in state.pending_decisions().values()):
            again.append((rounds, state.pending_decisions(), [state.legal_actions(p) for p in range(players)]))
    return state, again


@pytest.mark.parametrize("layers,players", [((DRAFT,), 3), ((DRAFT,), 4), (TWO_PLAYER, 2)],
                         ids=["3 players", "4 players", "two-player"])
def test_the_log_of_a_game_with_choices_made_again_replays_to_the_same_game(layers, players) -> None:
    seen_again = 0
    for seed in range(3):
        state, again = _random_game(layers, players, seed)
        log = to_log(state)
        replayed = replay(cs.game(layers, players), log)
        assert to_log(replayed) == log
        assert [observation(replayed, p) for p in range(players)] == [observation(state, p) for p in range(players)]
        # cut where someone chooses again: the same decisions and legal actions
        for rounds, pending, legal in again:
            seen_again += 1
            cut = replay(cs.game(layers, players), log, upto=rounds)
            assert cut.pending_decisions() == pending
            assert [cut.legal_actions(p) for p in range(players)] == legal
    assert seen_again > 0


def test_in_the_two_player_game_the_free_city_picks_after_the_players_among_the_cards_left() -> None:
    """At the end of each age both players may build from the discard pile, then the Free City's
    controller picks for it: the cards the players took are not offered to the Free City."""
    for seed in range(20):
        for state in cs.positions(TWO_PLAYER, 2, seed):
            pending = state.pending_decisions()
            if len(pending) == 2 and all(d.kind == "pick" for d in pending.values()):
                break
        else:
            continue
        both = [a.card for a in state.legal_actions(0) if a in state.legal_actions(1)]
        if len(both) < 3:
            continue
        state.apply_actions({0: Action("pick", both[0]), 1: Action("pick", both[0])})
        pending = state.pending_decisions()
        assert list(pending) == [1] and "choose again" in pending[1].detail
        assert both[0] not in [a.card for a in state.legal_actions(1)]
        state.apply_actions({1: Action("pick", both[1])})
        controller = state.controller[2]
        assert state.pending_decisions()[controller].seat == 2
        offered = [a.card for a in state.legal_actions(controller)]
        assert both[0] not in offered and both[1] not in offered and both[2] in offered
        return
    raise AssertionError("no end of age where both players may build 3 cards of the discard pile")


@pytest.mark.parametrize("layers,players", [((DRAFT,), 3), ((DRAFT,), 4), (TWO_PLAYER, 2)],
                         ids=["3 players", "4 players", "two-player"])
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:3"])
def test_every_agent_plays_such_games_to_the_end(layers, players, spec) -> None:
    """At 3 and 4 players the second draft round offers fewer leaders than there are players: two
    of them always choose the same one, and every leader of the row is kept all the same."""
    game = cs.game(layers, players)
    for seed in range(3):
        agents = [make_agent(spec, seed * 10 + p) for p in range(players)]
        state = game.new_initial_state(seed=seed)
        row = len(_row(state))
        while not state.is_terminal():
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
        assert sum(len(_court(state, s)) for s in range(players)) == min(row, 2 * players)
