"""Tens of thousands of wrong calls on games of the core, at every round of seeded random games of
every kind of table (core_support.TABLES): each one raises ArgumentError or IllegalActionError
with a sentence, and the state is exactly as it was.

After every call the state's fingerprint (every internal field) is compared with the one taken
before the batch; before and after each batch the full snapshot (every observation, every legal
action, the log and the internal fields walked deeply) is compared too (see core_snapshot.py).
"""

from __future__ import annotations

import random
from collections import Counter

import core_support as cs
import pytest
from core_snapshot import fingerprint, full_snapshot

from wonderrules.interpreter.actions import Action, IllegalActionError
from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.observe import observation

CALLS_PER_POSITION = 80
KINDS = ("build", "stage", "sell", "pick", "pay", "fly", "")
WAYS = ("", "chain", "free", "magic")


def _not_players(n: int) -> list:
    return [-1, -n, n, n + 1, 10**9, True, False, "0", str(n - 1), 0.0, 1.5, None, (0,), [0], b"0", object()]


def _wrongly_typed_actions(card: str) -> list:
    return [
        {"kind": "sell", "card": card}, ("sell", card, (), "", 0), ["sell", card], "sell " + card, None, 3,
        Action("sell", card, "0"), Action("sell", card, [(1, 2)]), Action("sell", card, {1: 2}),
        Action("build", card, ((1, 1.0),)), Action("build", card, ((True, 1),)), Action("build", card, ((1,),)),
        Action("build", card, (1, 2)), Action("sell", 5), Action(7, card), Action(None, card),
        Action("sell", card, way=None), Action("sell", card, amount="0"), Action("pay", amount=1.0),
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
        self.cards = sorted({c.name for c in state.catalog.cards}) + ["", "Nothing At All"]

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
        hand = cs.hand(self.state, player)
        if hand and self.rng.random() < 0.6:
            return self.rng.choice(hand)
        return self.rng.choice(self.cards)

    def random_action(self, player: int) -> Action:
        r = self.rng
        seats = r.sample(range(-1, self.state.n + 2), r.randint(0, 3))
        pay = tuple(sorted((s, r.choice((-2, 0, 1, 2, 3, 5, 9))) for s in seats))
        return Action(r.choice(KINDS), self.some_card(player), pay, r.choice(WAYS), r.choice((0, 0, 0, -1, 1, 3, 7)))

    def wrong_player(self) -> None:
        st = self.state
        who = self.rng.choice(_not_players(st.players))
        action = Action("sell", self.some_card(0))
        which = self.rng.randrange(4)
        if which == 0:
            self.expect(ArgumentError, lambda: observation(st, who))
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
        how = self.rng.randrange(4)
        if how == 1 and idle:
            p = self.rng.choice(idle)
            actions[p] = self.random_action(p)
        elif how == 2:
            del actions[self.rng.choice(pending)]
        elif how == 3:
            p = self.rng.choice(pending)
            listed = self.rng.choice(st.legal_actions(p))
            wrong = listed._replace(pay=listed.pay + ((self.rng.randrange(st.n), 1),)) if self.rng.random() < 0.5 \
                else listed._replace(way=self.rng.choice(WAYS), amount=self.rng.choice((0, 1, -1)))
            why = self.quiet(lambda: st.explain(p, wrong))
            if why is None:
                return
            assert isinstance(why, str) and why
            actions[p] = wrong
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


@pytest.mark.parametrize("layers,players,options", cs.TABLES, ids=cs.table_id)
def test_wrong_calls_raise_a_documented_error_and_change_nothing(layers, players, options):
    game = cs.game(layers, players, options)
    rng = random.Random(f"{layers}{players}{options}")
    state = game.new_initial_state(seed=rng.randrange(10**6))
    calls = positions = 0
    kinds: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    while True:
        decisions.update(d.kind for d in state.pending_decisions().values())
        before = full_snapshot(state)
        caller = Caller(state, rng)
        caller.batch(CALLS_PER_POSITION * (3 if state.is_terminal() else 1))
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
