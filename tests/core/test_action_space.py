"""Actions as numbers (docs/engine.rst, "Actions and observations as numbers"): a fixed set of ids
per rule set, a legal mask per player, ids decoded to legal actions with a payment chosen by a
stated rule, whole games played through the ids alone on every bundled rule set.
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
from wonderrules import ActionSpace, ArgumentError, IllegalActionError
from wonderrules.interpreter.action_space import NO_OP
from wonderrules.interpreter.market import seller_seats
from wonderrules.interpreter.words import MAX_AMOUNTS

RULE_SETS = [("base", 4), ("cities", 4), ("two_player", 2), ("leaders", 4), ("cities_leaders", 5)]


def _space(name: str, players: int) -> ActionSpace:
    return ActionSpace(cs.game((name,), players))


def _check_position(space: ActionSpace, state, rng: random.Random) -> None:
    """Every id the mask sets decodes to a legal action of that id; a sample of the others is
    refused; every legal action encodes to a set id; the no-op is set exactly for a player with
    nothing to decide."""
    pending = state.pending_decisions()
    for p in range(state.players):
        mask = space.mask(state, p)
        assert len(mask) == space.n
        assert mask[NO_OP] == (p not in pending)
        legal = state.legal_actions(p)
        for action in legal:
            i = space.encode(state, p, action)
            assert mask[i]
            decoded = space.decode(state, p, i)
            assert decoded in legal
            assert (decoded.kind, decoded.card, decoded.way, decoded.amount) == \
                (action.kind, action.card, action.way, action.amount)
        set_ids = [i for i, m in enumerate(mask) if m]
        assert set_ids == space.legal_ids(state, p)
        for i in set_ids:
            decoded = space.decode(state, p, i)
            assert (decoded is None) == (i == NO_OP)
            assert decoded is None or decoded in legal
        unset = [i for i, m in enumerate(mask) if not m]
        for i in rng.sample(unset, min(8, len(unset))):
            with pytest.raises(IllegalActionError) as refused:
                space.decode(state, p, i)
            assert f"action {i} ('{space.label(i)}') is not legal now: " in str(refused.value)


@pytest.mark.parametrize(("name", "players"), RULE_SETS)
def test_whole_games_are_played_through_the_ids_alone(name: str, players: int) -> None:
    space = _space(name, players)
    for seed in range(2):
        state = cs.game((name,), players).new_initial_state(seed=seed)
        rng = random.Random(seed)
        rounds = 0
        while not state.is_terminal():
            if rounds % 4 == 0:
                _check_position(space, state, rng)
            chosen = {}
            for p in range(players):
                action = space.decode(state, p, rng.choice(space.legal_ids(state, p)))
                if action is not None:
                    chosen[p] = action
            state.apply_actions(chosen)
            rounds += 1
        assert rounds > 0
        assert state.scores()
        # the game is over: nobody decides, every player may only wait
        assert all(space.legal_ids(state, p) == [NO_OP] for p in range(players))


@pytest.mark.parametrize("name", ["cities", "cities_leaders"])
def test_the_choice_of_coins_paid_of_a_loss_is_played_by_id(name: str) -> None:
    """Cities: "each other player loses 2 coins or takes debt" asks how many coins to pay: one id
    per amount from 0 to what the city can pay."""
    players = 4
    space = _space(name, players)
    found = 0
    for seed in range(40):
        state = cs.game((name,), players).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and not found:
            for p, decision in state.pending_decisions().items():
                if decision.kind != "pay":
                    continue
                found += 1
                _check_position(space, state, rng)
                ids = space.legal_ids(state, p)
                top = len(state.legal_actions(p)) - 1
                assert [space.decode(state, p, i).amount for i in ids] == list(range(top + 1))
                # the rule set's words: `action pay "pay {amount} of {loss}"`
                assert space.label(ids[-1]) == f"pay {top} of the loss"
                assert space.move(ids[-1]) == {"kind": "pay", "amount": top}
            state.apply_actions({p: space.decode(state, p, rng.choice(space.legal_ids(state, p)))
                                 for p in state.pending_decisions()})
        if found:
            break
    assert found
    # losses counted per token or stage: ids up to the engine's bound of a loss paid in coins
    assert space.max_amount == space.max_paid == MAX_AMOUNTS


def test_a_rule_set_without_such_losses_has_no_ids_for_them() -> None:
    space = _space("base", 3)
    assert space.max_amount == -1
    assert not any(label.startswith("pay ") for label in space.labels())


def test_ids_are_in_the_rule_sets_order_with_its_words() -> None:
    """base.wr: `action build "build {card}"` with ways chain, pay (""), free; then stage, sell,
    pick; cards in the order they are declared."""
    rules = cs.core_rules("base")
    first = rules.cards[0].name
    space = _space("base", 3)
    names = list(dict.fromkeys(c.name for c in rules.cards))
    assert space.n == 1 + len(names) * (3 + 1 + 1 + 1)
    assert space.label(0) == "nothing to decide (no-op)"
    assert space.move(1) == {"kind": "build", "card": first, "way": "chain"}
    assert space.label(1) == f"build {first} (chain)"
    assert space.label(2) == f"build {first}"
    assert space.label(3) == f"build {first} (free)"
    assert space.label(4) == f"build {names[1]} (chain)"
    stage_first = 1 + 3 * len(names)
    assert space.label(stage_first) == f"build a wonder stage with {first}"
    assert space.label(stage_first + len(names)) == f"sell {first}"
    assert space.label(space.n - 1) == f"build {names[-1]} from the discard pile"
    assert len(set(space.labels())) == space.n


@pytest.mark.parametrize(("name", "players"), RULE_SETS)
def test_ids_are_the_same_for_two_games_built_apart(name: str, players: int) -> None:
    one = ActionSpace(wonderrules.Game(wonderrules.load_rules(name), players))
    other = ActionSpace(wonderrules.Game(wonderrules.load_rules(name), players))
    assert one.n == other.n
    assert one.labels() == other.labels()
    assert [one.move(i) for i in range(one.n)] == [other.move(i) for i in range(other.n)]


def test_ids_do_not_depend_on_the_hash_of_text() -> None:
    code = ("import hashlib, wonderrules as wr; from wonderrules import ActionSpace; "
            "s = ActionSpace(wr.Game(wr.load_rules('cities_leaders'), 4)); "
            "print(hashlib.sha256('\\n'.join(s.labels()).encode()).hexdigest())")
    digests = set()
    for seed in ("0", "1234"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                             timeout=300)
        digests.add(out.stdout.strip())
    here = hashlib.sha256("\n".join(_space("cities_leaders", 4).labels()).encode()).hexdigest()
    assert digests == {here}


def test_a_move_paid_in_several_ways_is_one_id_paid_the_cheapest_way() -> None:
    """The same card built by the same way but paid differently is one id; decoding pays the
    fewest coins in all, then the fewest to the first seller."""
    space = _space("base", 4)
    seen = 0
    for seed in range(30):
        state = cs.game(("base",), 4).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for p in state.pending_decisions():
                legal = state.legal_actions(p)
                sellers = seller_seats(state, state.pending[p].seat)
                groups: dict[int, list] = {}
                for action in legal:
                    groups.setdefault(space.encode(state, p, action), []).append(action)
                for i, same in groups.items():
                    if len(same) < 2:
                        continue
                    seen += 1
                    chosen = space.decode(state, p, i)
                    totals = [sum(c for _, c in a.pay) for a in same]
                    paid = dict(chosen.pay)
                    assert sum(paid.values()) == min(totals)
                    cheapest = [dict(a.pay) for a, t in zip(same, totals) if t == min(totals)]
                    assert paid.get(sellers[0], 0) == min(c.get(sellers[0], 0) for c in cheapest)
            state.apply_actions(cs.random_round(state, rng))
        if seen > 20:
            break
    assert seen > 20


def test_ids_that_are_not_legal_now_are_refused_with_a_reason() -> None:
    space = _space("base", 3)
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    before = wonderrules.to_log(state)
    hand = {a.card for a in state.legal_actions(0)}
    missing = next(c.name for c in cs.core_rules("base").cards if c.name not in hand)
    i = space.labels().index(f"sell {missing}")
    with pytest.raises(IllegalActionError) as refused:
        space.decode(state, 0, i)
    held = ", ".join(sorted(cs.hand(state, 0)))
    assert refused.value.reason(0) == (f"action {i} ('sell {missing}') is not legal now: '{missing}' is not in "
                                       f"the hand (it holds: {held})")
    no_op = r"action 0 \('nothing to decide \(no-op\)'\) is not legal now: player 0 must choose \(play\): the no-op"
    with pytest.raises(IllegalActionError, match=no_op):
        space.decode(state, 0, NO_OP)
    with pytest.raises(IllegalActionError, match="player 0 must choose"):
        space.encode(state, 0, None)
    with pytest.raises(IllegalActionError, match=f"'{missing}' is not in the hand"):
        space.encode(state, 0, wonderrules.Action("sell", missing))
    assert wonderrules.to_log(state) == before


@pytest.mark.parametrize("bad", [-1, 10**6, "3", 2.0, True, None])
def test_a_number_that_is_no_id_is_an_argument_error(bad) -> None:
    space = _space("base", 3)
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    with pytest.raises(ArgumentError, match=f"an action id is a whole number from 0 to {space.n - 1}"):
        space.decode(state, 0, bad)
    with pytest.raises(ArgumentError):
        space.label(bad)


def test_wrong_games_states_and_players_are_argument_errors() -> None:
    with pytest.raises(ArgumentError, match="an ActionSpace is built from a Game, not"):
        ActionSpace(cs.core_rules("base"))
    space = _space("base", 3)
    with pytest.raises(ArgumentError, match="reads a game state"):
        space.mask("state", 0)
    other = cs.game(("cities",), 4).new_initial_state(seed=1)
    with pytest.raises(ArgumentError, match="another rule set"):
        space.mask(other, 0)
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    with pytest.raises(ArgumentError, match="there is no player 3"):
        space.mask(state, 3)
    # a game of the same rules at another table reads the same ids
    four = wonderrules.Game(cs.core_rules("base"), 4).new_initial_state(seed=2)
    assert space.mask(four, 3)[space.encode(four, 3, four.legal_actions(3)[0])]
