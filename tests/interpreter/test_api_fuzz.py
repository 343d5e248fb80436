"""Tens of thousands of wrong calls, at every round of seeded random games of several tables (the
base game at 3, 5 and 7 players, Cities at 4 and in teams at 6, the two-player variant with and
without Cities, two seats without a neutral seat): each one raises ArgumentError or
IllegalActionError with a sentence, and the state is exactly as it was.

After every call the state's fingerprint (every internal field) is compared with the one taken
before the batch; before and after each batch the full snapshot (every observation, every legal
action, the log and the internal fields walked deeply) is compared too (see api_snapshot.py).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from api_snapshot import fingerprint, full_snapshot

import wonderrules as wr
from wonderrules import Action, ArgumentError, IllegalActionError

TWO_SEATS = str(Path(__file__).parent / "data" / "two_seats.wr")
TABLES = [
    (("base",), 3, ()),
    (("base",), 5, ()),
    (("base",), 7, ()),
    (("cities",), 4, ()),
    (("cities",), 6, ("teams",)),
    (("base", "two_player"), 2, ()),
    (("cities", "two_player"), 2, ()),
    ((TWO_SEATS,), 2, ()),
]
CALLS_PER_POSITION = 160
KINDS = ("build", "stage", "sell", "pick", "pay", "fly", "")
MEANS = ("", "chain", "free", "magic")


@cache
def _game(refs: tuple[str, ...], players: int, options: tuple[str, ...]) -> wr.Game:
    return wr.Game(wr.load_rules(*refs), players, options)


def _not_players(n: int) -> list:
    return [-1, -n, n, n + 1, 10**9, True, False, "0", str(n - 1), 0.0, 1.5, None, (0,), [0], b"0", object()]


def _wrongly_typed_actions(card: str) -> list:
    return [
        {"kind": "sell", "card": card}, ("sell", card, 0, 0, "", 0), ["sell", card], "sell " + card, None, 3,
        Action("sell", card, "0"), Action("sell", card, 0, 1.0), Action("build", card, True),
        Action("build", card, 0, False), Action("sell", 5), Action(7, card), Action(None, card),
        Action("sell", card, means=None), Action("sell", card, coins="0"), Action("pay", coins=1.0),
        Action(b"sell", card), Action("sell", (card,)), tuple.__new__(Action, ("sell", card)),
    ]


class Caller:
    """Makes wrong calls on one state and checks each: the documented error, a sentence, and
    the fingerprint of the state unchanged."""

    def __init__(self, state, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.before = fingerprint(state)
        self.calls = 0
        #: calls made by each kind of wrong call
        self.kinds: Counter[str] = Counter()
        cat = state.cat
        self.cards = sorted({c.name for c in cat.cards}) + ["", "Nothing At All"]

    def expect(self, errors, call) -> None:
        self.calls += 1
        try:
            call()
        except errors as err:
            message = str(err)
            assert message and "Traceback" not in message and not message.startswith("<"), message
            if isinstance(err, IllegalActionError):
                assert err.reasons and all(isinstance(r, str) and r for r in err.reasons.values())
        else:
            raise AssertionError(f"accepted: {call.__doc__ or call}")
        assert fingerprint(self.state) == self.before, f"the state changed after a refused call: {call}"

    def quiet(self, call) -> object:
        """A call that must not raise (explain with right types) and must change nothing."""
        self.calls += 1
        out = call()
        assert fingerprint(self.state) == self.before
        return out

    # ---- the kinds of wrong calls ----------------------------------------------------------------
    def legal_round(self) -> dict:
        st = self.state
        return {p: self.rng.choice(st.legal_actions(p)) for p in st.pending_decisions()}

    def some_card(self, player: int) -> str:
        hand = self.state.hands[player]
        if hand and self.rng.random() < 0.6:
            return self.rng.choice(hand).name
        return self.rng.choice(self.cards)

    def random_action(self, player: int) -> Action:
        r = self.rng
        return Action(r.choice(KINDS), self.some_card(player), r.randint(-3, 9), r.randint(-3, 9),
                      r.choice(MEANS), r.choice((0, 0, 0, -1, 1, 3, 7)))

    def wrong_player(self) -> None:
        st = self.state
        who = self.rng.choice(_not_players(st.players))
        action = Action("sell", self.some_card(0))
        which = self.rng.randrange(4)
        if which == 0:
            self.expect(ArgumentError, lambda: wr.observation(st, who))
        elif which == 1:
            self.expect(ArgumentError, lambda: st.legal_actions(who))
        elif which == 2:
            self.expect(ArgumentError, lambda: st.explain(who, action))
        else:
            # the wrong key first: True, 0.0 or 1.0 equal a player's number, and a dict keeps
            # the key it saw first
            actions = {who if not isinstance(who, list) else tuple(who): action}
            actions.update(self.legal_round() if not st.is_terminal() else {})
            self.expect(ArgumentError, lambda: st.apply_actions(actions))

    def wrongly_typed(self) -> None:
        st = self.state
        player = self.rng.randrange(st.players)
        wrong = self.rng.choice(_wrongly_typed_actions(self.some_card(player)))
        if self.rng.random() < 0.3:
            self.expect(ArgumentError, lambda: st.explain(player, wrong))
            return
        actions = self.legal_round() if not st.is_terminal() else {}
        actions[player] = wrong
        self.expect(ArgumentError, lambda: st.apply_actions(actions))

    def not_a_mapping(self) -> None:
        st = self.state
        round_ = self.legal_round() if not st.is_terminal() else {}
        wrong = self.rng.choice([list(round_.values()), list(round_.items()), tuple(round_.values()), None, "sell",
                                 3, set(round_)])
        self.expect(ArgumentError, lambda: st.apply_actions(wrong))

    def illegal_choice(self) -> None:
        """A round that is well formed but that the rules refuse: an illegal action for a pending
        player, an action for a player with nothing to decide, or a pending player left out."""
        st = self.state
        if st.is_terminal():
            self.expect(ArgumentError, lambda: st.apply_actions({}))
            return
        pending = list(st.pending_decisions())
        actions = self.legal_round()
        idle = [p for p in range(st.players) if p not in pending]
        how = self.rng.randrange(3)
        if how == 1 and idle:
            p = self.rng.choice(idle)
            actions[p] = self.random_action(p)
        elif how == 2:
            del actions[self.rng.choice(pending)]
        else:
            p = self.rng.choice(pending)
            for _ in range(20):
                action = self.random_action(p)
                why = self.quiet(lambda a=action: st.explain(p, a))
                if why is not None:
                    assert isinstance(why, str) and why
                    actions[p] = action
                    break
            else:
                return  # twenty legal draws in a row: nothing illegal to try here
        self.expect(IllegalActionError, lambda: st.apply_actions(actions))

    def after_the_end(self) -> None:
        st = self.state
        p = self.rng.randrange(st.players)
        action = self.random_action(p)
        self.expect(ArgumentError, lambda: st.apply_actions({p: action}))
        assert self.quiet(lambda: st.explain(p, action)) == "the game is over"
        assert self.quiet(lambda: st.legal_actions(p)) == []

    def batch(self, n: int) -> None:
        moves = [self.wrong_player, self.wrongly_typed, self.not_a_mapping, self.illegal_choice, self.illegal_choice]
        if self.state.is_terminal():
            moves.append(self.after_the_end)
        while self.calls < n:
            move = self.rng.choice(moves)
            start = self.calls
            move()
            self.kinds[move.__name__] += self.calls - start


def _table_id(value) -> str:
    if isinstance(value, tuple):
        return "+".join(Path(v).stem for v in value) or "no-option"
    return str(value)


@pytest.mark.parametrize("refs,players,options", TABLES, ids=_table_id)
def test_wrong_calls_raise_a_documented_error_and_change_nothing(refs, players, options):
    game = _game(refs, players, options)
    rng = random.Random(f"{refs}{players}{options}")
    state = game.new_initial_state(seed=rng.randrange(10**6))
    calls = positions = 0
    kinds: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    while True:
        decisions.update(d.kind for d in state.pending_decisions().values())
        before = full_snapshot(state)
        caller = Caller(state, rng)
        caller.batch(CALLS_PER_POSITION)
        assert full_snapshot(state) == before
        calls += caller.calls
        kinds.update(caller.kinds)
        positions += 1
        if state.is_terminal():
            break
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    assert positions >= 18 and calls >= 18 * CALLS_PER_POSITION
    assert set(kinds) == {"wrong_player", "wrongly_typed", "not_a_mapping", "illegal_choice", "after_the_end"}
    assert min(kinds.values()) >= 30, kinds
    assert decisions["play"] >= 18, decisions
