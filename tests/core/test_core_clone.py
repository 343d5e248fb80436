"""`State.clone()` on the core: a clone and its original, given the same actions, stay the same
game (every observation, every legal action, the log, every internal value); playing one never
changes the other.

Clones are taken every fifth round and at every position where something of the flow is under
way between two rounds: work queued, effects waiting for a moment, a moment's effects paused by
a decision, a loop counted. Games of every kind of table are played, and two rule sets changed
so that the last two happen (the bundled games never pause there): every blue card also gives
coins at the next end of an age (an effect waiting across rounds), and each turn has two rounds
(a loop around a round).

`copy.copy` and `copy.deepcopy` of a state are clones; pickle refuses a state with a sentence,
and a Game pickles as its rule set and table.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import attrs
import core_support as cs
import pytest
from core_snapshot import full_snapshot, seen, values

from wonderrules.interpreter import ir
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.observe import observation


def _waiting_rules() -> ir.RuleSet:
    rules = cs.core_rules("base")
    later = ir.Hook(ir.At("end of age"), ir.GainCoins(ir.Num(2)))
    cards = tuple(attrs.evolve(c, hooks=c.hooks + (later,)) if c.colour == "blue" else c for c in rules.cards)
    return attrs.evolve(rules, cards=cards)


def _two_rounds_a_turn() -> ir.RuleSet:
    rules = cs.core_rules("base")

    def twice(steps):
        out = []
        for step in steps:
            if isinstance(step, ir.RoundStep) and step.decision == "play":
                out.append(ir.Repeat((step,), ir.Num(2)))
            elif isinstance(step, (ir.EachAge, ir.EachTurn)):
                out.append(attrs.evolve(step, body=twice(step.body)))
            else:
                out.append(step)
        return tuple(out)

    return attrs.evolve(rules, flow=twice(rules.flow))


GAMES = [(layers, players, options, 0) for layers, players, options in cs.TABLES] + [
    (("cities",), 4, (), 2),  # a moment's effects paused by a loss to pay
    ("waiting", 4, (), 3),
    ("two rounds", 3, (), 1),
]


def _game(layers, players, options):
    if layers == "waiting":
        return Game(_waiting_rules(), players)
    if layers == "two rounds":
        return Game(_two_rounds_a_turn(), players)
    return cs.game(layers, players, options)


def _under_way(state) -> list[str]:
    found = [name for name in ("work", "moment_queue") if getattr(state, name)]
    if any(state.waiting.values()):
        found.append("waiting")
    if any(state.slots):
        found.append("slots")
    return found


def _views(state) -> tuple:
    """What the players see and may do, and the decisions and history so far."""
    players = range(state.players)
    return (tuple(observation(state, p) for p in players), tuple(tuple(state.legal_actions(p)) for p in players),
            state.pending_decisions(), state.history)


def test_a_clone_given_the_same_actions_stays_the_same_game():
    seen_under_way: Counter[str] = Counter()
    for layers, players, options, seed in GAMES:
        state = _game(layers, players, options).new_initial_state(seed=seed)
        rng = random.Random(seed)
        clones = []
        rounds = 0
        while not state.is_terminal():
            under_way = _under_way(state)
            if rounds % 5 == 0 or under_way:
                clones.append(state.clone())
                seen_under_way.update(under_way)
            rounds += 1
            actions = cs.random_round(state, rng)
            state.apply_actions(actions)
            now = _views(state)
            for clone in clones:
                clone.apply_actions(dict(actions))
                assert _views(clone) == now, (layers, players, rounds)
        for clone in clones:
            assert seen(clone) == seen(state)
            assert values(clone) == values(state)
            assert clone.scores() == state.scores() and clone.winners() == state.winners()
    assert {"work", "moment_queue", "waiting", "slots"} <= set(seen_under_way), seen_under_way


@pytest.mark.parametrize("layers,players,options", cs.TABLES, ids=cs.table_id)
def test_playing_a_clone_never_changes_its_original_nor_the_other_way_round(layers, players, options):
    rng = random.Random(f"{players}{layers}")
    for state in cs.positions(layers, players, seed=rng.randrange(1000), options=options):
        if rng.random() < 0.25 and not state.is_terminal():
            clone = state.clone()
            before = full_snapshot(state)
            other = random.Random(rng.random())
            while not clone.is_terminal():
                clone.apply_actions(cs.random_round(clone, other))
            assert full_snapshot(state) == before
            again = state.clone()
            kept = full_snapshot(again)
            for _ in range(3):
                if not state.is_terminal():
                    state.apply_actions(cs.random_round(state, other))
            assert full_snapshot(again) == kept
            return
    raise AssertionError("no position was cloned")


def test_a_clone_keeps_the_random_generator_and_deals_the_same_later_ages():
    state = cs.game(("cities",), 5).new_initial_state(seed=11)
    clone = state.clone()
    rng = random.Random(1)
    while state.age == 1:
        actions = cs.random_round(state, rng)
        state.apply_actions(actions)
        clone.apply_actions(actions)
    assert [cs.hand(clone, p) for p in range(5)] == [cs.hand(state, p) for p in range(5)]
    assert clone.rng is not state.rng and clone.rng.getstate() == state.rng.getstate()


# ---- copy, deepcopy and pickle -------------------------------------------------------------------------


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copy_and_deepcopy_of_a_state_are_clones(how):
    state = cs.random_game(("cities",), 4, seed=3, upto=7)
    before = full_snapshot(state)
    copied = how(state)
    assert copied is not state and copied.game is state.game  # the game's parameters are shared, as a clone's
    assert _views(copied) == _views(state)
    rng = random.Random(1)
    while not copied.is_terminal():
        copied.apply_actions(cs.random_round(copied, rng))
    assert full_snapshot(state) == before
    kept = full_snapshot(again := how(state))
    state.apply_actions(cs.random_round(state, rng))
    assert full_snapshot(again) == kept


def test_a_deepcopy_copies_a_state_held_twice_once():
    state = cs.random_game(("base",), 3, seed=1, upto=2)
    first, second = copy.deepcopy([state, state])
    assert first is second and first is not state


def test_a_state_is_refused_by_pickle_with_a_sentence():
    state = cs.random_game(("base",), 3, seed=1, upto=2)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        with pytest.raises(TypeError) as caught:
            pickle.dumps(state, protocol)
        assert str(caught.value) == (
            "a game state cannot be pickled: write the game as a log with wonderrules.to_log(state) and play it "
            "again with wonderrules.replay(game, log) (a Game and its RuleSet pickle)")


def test_a_game_pickles_as_its_rules_and_table():
    game = Game(cs.core_rules("cities"), 4, ("teams",), "B")
    again = pickle.loads(pickle.dumps(game))
    assert again is not game and again.rules == game.rules
    assert (again.players, again.config.options, again.sides) == (4, ("teams",), "B")
    played = []
    for table in (game, again):
        state = table.new_initial_state(seed=5)
        rng = random.Random(5)
        while not state.is_terminal():
            state.apply_actions(cs.random_round(state, rng))
        played.append((state.history, [s.to_json() for s in state.scores()]))
    assert played[0] == played[1]


def test_a_copy_of_a_game_is_the_game_and_a_deepcopy_of_it_and_its_states_keeps_them_together():
    game = cs.game(("base",), 3)
    assert copy.copy(game) is game and copy.deepcopy(game) is game
    state = game.new_initial_state(seed=2)
    copied = copy.deepcopy({"game": game, "state": state})
    assert copied["game"] is game and copied["state"].game is game and copied["state"] is not state


def test_games_of_one_game_play_in_threads_as_they_do_one_after_another():
    """docs/engine.rst: a state is not safe to share between threads, but games of one Game may
    be played in separate threads (its caches fill with the same values whoever asks first)."""
    import sys
    import threading

    def play(game: Game, seed: int) -> tuple:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_actions(cs.random_round(state, rng))
        return state.history, [s.to_json() for s in state.scores()]

    rules = cs.core_rules("cities")
    alone = [play(Game(rules, 4), seed) for seed in range(6)]
    shared = Game(rules, 4)
    found: dict[int, tuple] = {}
    threads = [threading.Thread(target=lambda seed=seed: found.__setitem__(seed, play(shared, seed)))
               for seed in range(6)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert [found.get(seed) for seed in range(6)] == alone
