"""Actions as numbers with the payment chosen (docs/engine.rst, "Choosing the payment by id"): a
fixed set of ids per rule set, one per move and payment class, each legal action encoded to an id
that decodes to the same move paying each seller the same coins, on whole games of every bundled
rule set.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys

import core_support as cs
import pytest

import wonderrules
from wonderrules import ActionSpace, ArgumentError, IllegalActionError, PaymentActionSpace
from wonderrules.interpreter.action_space import NO_OP
from wonderrules.interpreter.market import slot_seats

RULE_SETS = [("base", 4), ("cities", 4), ("two_player", 2), ("leaders", 4), ("cities_leaders", 5)]


def _space(name: str, players: int) -> PaymentActionSpace:
    return PaymentActionSpace(cs.game((name,), players))


def _coins(state, player: int, action) -> list[int]:
    """The coins an action pays each payee, read from the market's slots by hand."""
    slots = slot_seats(state, state.pending[player].seat)
    coins = [0] * len(slots)
    for seat, c in action.pay:
        coins[slots.index(seat)] += c
    return coins


def _check_position(space: PaymentActionSpace, state) -> int:
    """Every legal action encodes to a set id that decodes to the same move with the same
    payment, whose `move` names that payment; distinct legal actions have distinct ids. Gives
    how many moves were legal in several payments."""
    several = 0
    pending = state.pending_decisions()
    for p in range(state.players):
        mask = space.mask(state, p)
        assert len(mask) == space.n
        assert mask[NO_OP] == (p not in pending)
        legal = state.legal_actions(p)
        ids = [space.encode(state, p, action) for action in legal]
        assert len(set(ids)) == len(ids)
        assert sorted(ids) == space.legal_ids(state, p) or not legal
        moves: dict[tuple, int] = {}
        for action, i in zip(legal, ids):
            assert mask[i]
            decoded = space.decode(state, p, i)
            assert decoded == action
            described = space.move(i)
            assert (described["kind"], described.get("card", ""), described.get("way", "")) == \
                (action.kind, action.card, action.way) or action.kind == "pay"
            if action.pay:
                assert described["pay"] == _coins(state, p, action)
            elif "pay" in described:
                assert described["pay"] == [0] * len(space.payees)
            key = (action.kind, action.card, action.way)
            moves[key] = moves.get(key, 0) + 1
        several += sum(1 for count in moves.values() if count > 1)
    return several


@pytest.mark.parametrize(("name", "players"), RULE_SETS)
def test_every_legal_action_of_whole_games_comes_back_from_its_id(name: str, players: int) -> None:
    space = _space(name, players)
    several = 0
    for seed in range(2):
        state = cs.game((name,), players).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            several += _check_position(space, state)
            chosen = {}
            for p in range(players):
                action = space.decode(state, p, rng.choice(space.legal_ids(state, p)))
                if action is not None:
                    chosen[p] = action
            state.apply_actions(chosen)
        assert all(space.legal_ids(state, p) == [NO_OP] for p in range(players))
    # the games met moves that may be paid in several ways, each its own id
    assert several > 0


def test_the_ids_of_the_base_game_by_hand() -> None:
    """The base game: sellers left and right, price 2; Baths costs 1 stone (a bound of 2 coins),
    so its paid build has the 6 ways of sharing at most 2 coins and the class beyond; its
    chained and free builds and its sale pay nobody and keep one id each."""
    space = _space("base", 3)
    moves = ActionSpace(cs.game(("base",), 3))
    assert space.payees == ("left", "right")
    assert space.bound == 7 * 2  # the most units of a cost of the base game (Palace: 7) at 2 coins
    labels = space.labels()
    baths = [i for i, label in enumerate(labels) if label.startswith("build Baths") and "discard" not in label]
    assert [labels[i] for i in baths] == [
        "build Baths (chain)",
        "build Baths, paying nobody",
        "build Baths, paying 1 to right",
        "build Baths, paying 2 to right",
        "build Baths, paying 1 to left",
        "build Baths, paying 1 to left and 1 to right",
        "build Baths, paying 2 to left",
        "build Baths, paying beyond 2 coins (the cheapest such payment)",
        "build Baths (free)",
    ]
    assert baths == list(range(baths[0], baths[0] + 9))
    assert space.move(baths[5]) == {"kind": "build", "card": "Baths", "way": "", "pay": [1, 1]}
    assert space.move(baths[7])["pay"] is None
    assert space.split(baths[4]) == (moves.labels().index("build Baths"), (1, 0))
    sell = labels.index("sell Baths")
    assert space.move(sell) == {"kind": "sell", "card": "Baths", "way": ""}
    assert space.label(NO_OP) == "nothing to decide (no-op)"
    # every move of the ActionSpace is there, in its order
    assert [space.split(i)[0] for i in range(space.n)] == sorted(space.split(i)[0] for i in range(space.n))
    assert {space.split(i)[0] for i in range(space.n)} == set(range(moves.n))


def test_two_payments_of_one_move_are_two_ids() -> None:
    """A card bought from either neighbour is two ids, each decoding to its own payment (the
    ActionSpace makes them one)."""
    space = _space("base", 4)
    moves = ActionSpace(cs.game(("base",), 4))
    for seed in range(20):
        state = cs.game(("base",), 4).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for p in state.pending_decisions():
                by_move: dict[int, list] = {}
                for action in state.legal_actions(p):
                    by_move.setdefault(moves.encode(state, p, action), []).append(action)
                for move_id, same in by_move.items():
                    if len(same) > 1:
                        ids = {space.encode(state, p, a) for a in same}
                        assert len(ids) == len(same)
                        assert {space.split(i)[0] for i in ids} == {move_id}
                        assert [space.decode(state, p, space.encode(state, p, a)) for a in same] == same
                        return
            state.apply_actions(cs.random_round(state, rng))
    pytest.fail("no move paid in several ways was met")


def test_a_payment_not_offered_now_is_refused_with_a_reason() -> None:
    space = _space("base", 3)
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    before = wonderrules.to_log(state)
    # a card of resources the city makes itself: built paying nobody, though it might have bought
    legal = [a for a in state.legal_actions(0) if not a.pay and "pay" in space.move(space.encode(state, 0, a))]
    assert legal
    i = space.encode(state, 0, legal[0])
    assert space.move(i)["pay"] == [0, 0]
    # the same move paying the left neighbour 1 coin is not one of the payments listed now
    other = next(j for j in range(i + 1, space.n) if space.move(j).get("pay") == [1, 0])
    assert space.split(other)[0] == space.split(i)[0]
    with pytest.raises(IllegalActionError) as refused:
        space.decode(state, 0, other)
    assert refused.value.reason(0) == (f"action {other} ('{space.label(other)}') is not legal now: the payment "
                                       f"[1, 0] is not one the city may choose for this move now")
    hand = {a.card for a in state.legal_actions(0)}
    missing = next(c.name for c in cs.core_rules("base").cards if c.name not in hand)
    with pytest.raises(IllegalActionError, match=f"'{missing}' is not in the hand"):
        space.decode(state, 0, space.labels().index(f"sell {missing}"))
    with pytest.raises(IllegalActionError, match="player 0 must choose"):
        space.decode(state, 0, NO_OP)
    assert wonderrules.to_log(state) == before


@pytest.mark.parametrize(("name", "players"), RULE_SETS)
def test_ids_are_the_same_for_two_games_built_apart(name: str, players: int) -> None:
    one = PaymentActionSpace(wonderrules.Game(wonderrules.load_rules(name), players))
    other = PaymentActionSpace(wonderrules.Game(wonderrules.load_rules(name), players))
    assert one.n == other.n
    assert one.labels() == other.labels()


def test_ids_do_not_depend_on_the_hash_of_text() -> None:
    code = ("import hashlib, wonderrules as wr; "
            "s = wr.PaymentActionSpace(wr.Game(wr.load_rules('cities_leaders'), 4)); "
            "print(hashlib.sha256('\\n'.join(s.labels()).encode()).hexdigest())")
    digests = set()
    for seed in ("0", "1234"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                             timeout=300)
        digests.add(out.stdout.strip())
    here = hashlib.sha256("\n".join(_space("cities_leaders", 4).labels()).encode()).hexdigest()
    assert digests == {here}


@pytest.mark.parametrize("bad", [-1, 10**7, "3", 2.0, True, None])
def test_a_number_that_is_no_id_is_an_argument_error(bad) -> None:
    space = _space("base", 3)
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    with pytest.raises(ArgumentError, match=f"an action id is a whole number from 0 to {space.n - 1}"):
        space.decode(state, 0, bad)
    with pytest.raises(ArgumentError):
        space.label(bad)


def test_wrong_games_states_and_players_are_argument_errors() -> None:
    with pytest.raises(ArgumentError, match="a PaymentActionSpace is built from a Game, not"):
        PaymentActionSpace(cs.core_rules("base"))
    space = _space("base", 3)
    with pytest.raises(ArgumentError, match="reads a game state"):
        space.mask("state", 0)
    with pytest.raises(ArgumentError, match="another rule set"):
        space.mask(cs.game(("cities",), 4).new_initial_state(seed=1), 0)
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    with pytest.raises(ArgumentError, match="there is no player 3"):
        space.mask(state, 3)
    # a game of the same rules at another table has the same payees, and reads the same ids
    four = wonderrules.Game(cs.core_rules("base"), 4).new_initial_state(seed=2)
    assert space.mask(four, 3)[space.encode(four, 3, four.legal_actions(3)[0])]
