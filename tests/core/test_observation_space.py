"""Observations as numbers and the running score (docs/engine.rst, "Actions and observations as
numbers"): a vector of a fixed length per rule set and table, read only from what the player may
see; the score sheet as it would stand now, at any moment.
"""

from __future__ import annotations

import random

import core_support as cs
import pytest

import wonderrules
from wonderrules import ArgumentError, ObservationSpace, running_scores

TABLES = [(("base",), 4, ()), (("cities",), 4, ()), (("two_player",), 2, ()), (("leaders",), 4, ()),
          (("cities_leaders",), 5, ()), (("cities",), 4, ("teams",))]


def _positions(layers, players, options=(), seed=0, every=3):
    state = cs.game(layers, players, options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    rounds = 0
    while not state.is_terminal():
        if rounds % every == 0:
            yield state
        state.apply_actions(cs.random_round(state, rng))
        rounds += 1
    yield state


@pytest.mark.parametrize(("layers", "players", "options"), TABLES, ids=cs.table_id)
def test_what_the_player_cannot_see_never_changes_the_vector(layers, players, options) -> None:
    """Each position is dealt again in everything the player cannot see (the other hands, the
    face-down piles, the discard pile, the choices made face down, the decks to come:
    State.determinized); the player's vector stays the same. The same redeal changes another
    player's vector somewhere (it sees its own hand), so the comparison can fail."""
    space = ObservationSpace(cs.game(layers, players, options))
    rng = random.Random(5)
    others_changed = 0
    for state in _positions(layers, players, options):
        for p in range(players):
            vector = space.encode(state, p)
            assert len(vector) == space.n
            for _ in range(2):
                other = state.determinized(p, rng)
                assert space.encode(other, p) == vector
                q = (p + 1) % players
                if not state.is_terminal() and space.encode(other, q) != space.encode(state, q):
                    others_changed += 1
    assert others_changed


def _slice(space: ObservationSpace, vector: list[int], name: str) -> list[int]:
    start, stop = next((s, e) for n, s, e in space.layout if n == name)
    return vector[start:stop]


def test_the_layout_reads_a_position_by_hand() -> None:
    """Base game, 3 players, at the first decision: each player holds 7 cards it sees, the
    others' hands are counted but not shown, everyone has 3 coins and no card built."""
    game = cs.game(("base",), 3)
    space = ObservationSpace(game)
    state = game.new_initial_state(seed=2)
    names = space.card_names
    starts = [s for _, s, _ in space.layout]
    assert starts == sorted(starts) and space.layout[0][1] == 0 and space.layout[-1][2] == space.n
    assert all(e == s2 for (_, _, e), (_, s2, _) in zip(space.layout, space.layout[1:]))
    vector = space.encode(state, 1)
    assert _slice(space, vector, "age") == [1] and _slice(space, vector, "turn") == [1]
    assert _slice(space, vector, "decision") == [1, 0, 0]  # play, extra, pick
    assert _slice(space, vector, "loss") == [0]  # no loss asked it
    hand = _slice(space, vector, "seat0.hand.cards")
    assert {names[i]: n for i, n in enumerate(hand) if n} == \
        {name: cs.hand(state, 1).count(name) for name in cs.hand(state, 1)}
    assert _slice(space, vector, "seat0.hand.seen") == [1] and _slice(space, vector, "seat0.hand.size") == [7]
    # seat1 is the next player from player 1: player 2; its hand is counted, never shown
    assert _slice(space, vector, "seat1.hand.seen") == [0] and _slice(space, vector, "seat1.hand.size") == [7]
    assert not any(_slice(space, vector, "seat1.hand.cards"))
    assert space.seat_order(1) == (1, 2, 0)
    for k in range(3):
        assert _slice(space, vector, f"seat{k}.coins") == [3]
        assert _slice(space, vector, f"seat{k}.built.size") == [0]
        assert sum(_slice(space, vector, f"seat{k}.board")) == 1
    assert _slice(space, vector, "table.discard.size") == [0]


def test_the_vector_length_is_fixed_per_rule_set_and_table() -> None:
    for layers, players in [(("base",), 3), (("base",), 7), (("leaders",), 4)]:
        space = ObservationSpace(cs.game(layers, players))
        assert {len(space.encode(s, 0)) for s in _positions(layers, players, every=5)} == {space.n}


def test_wrong_arguments_are_argument_errors() -> None:
    space = ObservationSpace(cs.game(("base",), 3))
    with pytest.raises(ArgumentError, match="built from a Game"):
        ObservationSpace("base")
    with pytest.raises(ArgumentError, match="reads a game state"):
        space.encode(None, 0)
    with pytest.raises(ArgumentError, match="has 4 players and 4 seats: this ObservationSpace's table has 3 and 3"):
        space.encode(cs.game(("base",), 4).new_initial_state(seed=1), 0)
    with pytest.raises(ArgumentError, match="another rule set"):
        space.encode(cs.game(("cities",), 3).new_initial_state(seed=1), 0)
    with pytest.raises(ArgumentError, match="there is no player 3"):
        space.encode(cs.game(("base",), 3).new_initial_state(seed=1), 3)
    with pytest.raises(ArgumentError, match="running_scores needs a game state"):
        running_scores("state")


def test_the_running_score_at_the_start_counts_the_coins_only() -> None:
    """Rules: 3 coins at the start; at the end, 1 victory point per 3 coins. Nothing is built."""
    state = cs.game(("base",), 3).new_initial_state(seed=3)
    sheets = running_scores(state)
    assert [s.total for s in sheets] == [1, 1, 1]
    assert all(s.column("treasury") == 1 and s.coins == 3 for s in sheets)
    with pytest.raises(ArgumentError):
        state.scores()  # the final scores still wait for the end


def test_the_running_score_follows_the_game_and_ends_as_the_final_scores() -> None:
    state = cs.game(("cities",), 4).new_initial_state(seed=6)
    rng = random.Random(6)
    before = wonderrules.to_log(state)
    while not state.is_terminal():
        sheets = running_scores(state)
        assert wonderrules.to_log(state) == before  # scoring a copy leaves the game as it is
        for sheet, city in zip(sheets, state.cities):
            assert sheet.coins == city.coins
            assert sheet.column("treasury") == city.coins // 3
        state.apply_actions(cs.random_round(state, rng))
        before = wonderrules.to_log(state)
    assert running_scores(state) == state.scores()


def _from_pieces(space: ObservationSpace, state, player: int) -> list[int]:
    where, numbers, keys = space.pieces(state, player)
    vector = [0] * space.head_size
    for i, number in zip(where, numbers):
        vector[i] = number
    for key in keys:
        size, where, numbers = space.piece(state, key)
        part = [0] * size
        for i, number in zip(where, numbers):
            part[i] = number
        vector += part
    return vector


@pytest.mark.parametrize(("layers", "players", "options"),
                         [(("base",), 3, ()), (("cities",), 4, ("teams",)), (("two_player",), 2, ())])
def test_the_pieces_end_to_end_are_the_vector(layers, players, options) -> None:
    space = ObservationSpace(cs.game(layers, players, options))
    for state in _positions(layers, players, options, every=2):
        for p in range(players):
            assert _from_pieces(space, state, p) == space.encode(state, p)
            _, _, keys = space.pieces(state, p)
            table = sum(1 for key in keys if key[0] == -1)
            assert keys[table][0] == p  # after the table, the player's own city first


def test_the_pieces_refuse_what_encode_refuses() -> None:
    space = ObservationSpace(cs.game(("base",), 3))
    with pytest.raises(ArgumentError):
        space.pieces(None, 0)
    with pytest.raises(ArgumentError):
        space.pieces(cs.game(("base",), 3).new_initial_state(seed=1), 3)
    with pytest.raises(ArgumentError):
        space.piece(cs.game(("base",), 4).new_initial_state(seed=1), (0, 0))
