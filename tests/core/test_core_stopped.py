"""A game the rules stop (engine.stop): every later call that plays it says why, none goes on."""

from __future__ import annotations

import pytest

import wonderrules as wr
from wonderrules.interpreter import engine


def test_a_stopped_game_refuses_every_call_that_plays_it() -> None:
    state = wr.Game(wr.load_rules("base"), players=3).new_initial_state(seed=1)
    first = {p: state.legal_actions(p)[0] for p in state.pending_decisions()}
    with pytest.raises(wr.GameStoppedError, match="too much"):
        engine.stop(state, "too much")
    assert state.stopped == "too much"
    assert not state.is_terminal()
    with pytest.raises(wr.GameStoppedError, match="too much"):
        state.pending_decisions()
    with pytest.raises(wr.GameStoppedError, match="too much"):
        state.legal_actions(0)
    with pytest.raises(wr.GameStoppedError, match="too much"):
        state.apply_actions(first)
    with pytest.raises(wr.GameStoppedError):
        state.clone().pending_decisions()
    # explain said "player 0 has no decision to make now (waiting for: nobody)"
    with pytest.raises(wr.GameStoppedError, match="too much"):
        state.explain(0, first[0])
    with pytest.raises(wr.GameStoppedError, match="too much"):
        state.coins_to_bank(0, first[0])


def test_a_game_that_goes_on_is_not_stopped() -> None:
    state = wr.Game(wr.load_rules("base"), players=3).new_initial_state(seed=1)
    assert state.stopped is None
    state.apply_actions({p: state.legal_actions(p)[0] for p in state.pending_decisions()})
    assert state.stopped is None
