"""The public calls on a game in progress (:class:`State`).

A State is a :class:`.game_data.GameData`, the game's data, with the calls a user makes on it:
what is pending, the legal actions and why others are refused, applying a round of choices,
the scores and ranks, copies and determinized copies. It adds no data of its own. Running the
program is :mod:`.engine`'s; listing actions is :mod:`.legal`', judging them :mod:`.refusals`'.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import engine
from wonderrules.interpreter.actions import Action, Decision, IllegalActionError, legal_actions
from wonderrules.interpreter.arguments import check_action, check_round, plain_action, plain_payment
from wonderrules.interpreter.errors import ArgumentError, GameStoppedError
from wonderrules.interpreter.game_data import GameData

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.refusals import Refusal

__all__ = ["State"]


class State(GameData):
    """One game. Create with :meth:`Game.new_initial_state`.

    The methods a caller reaches take their arguments as ``Any`` and check them themselves: a
    compiled engine would otherwise refuse a wrongly typed argument with a TypeError of its own
    before the documented ArgumentError."""

    __slots__ = ()

    # ---- the public API ------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.terminal

    def pending_decisions(self) -> dict[int, Decision]:
        """Who must choose now: player -> decision (all of them choose at the same time)."""
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        return dict(self.pending)

    def legal_actions(self, player: Any) -> list[Action]:
        """Every legal action of `player` now (empty when they have nothing to decide)."""
        found = self.scratch.legal.get(player) if type(player) is int else None
        if found is not None:
            return found
        self._check_player(player)
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        if player not in self.pending:
            return []
        found = self.scratch.legal.get(player)
        if found is None:
            found = self.scratch.legal[player] = legal_actions(self, player)
        return found

    def explain(self, player: Any, action: Any) -> Optional[str]:
        """Why `action` is illegal for `player` now, or None when it is legal. ArgumentError for
        a player that is not at the table or an action that is not well formed, GameStoppedError
        for a game the rules stopped. The sentence is one printable line: text of the action it
        quotes (a card, a kind) is shown escaped. :meth:`refusal` gives its code too."""
        refused = self.refusal(player, action)
        return None if refused is None else refused.sentence

    def refusal(self, player: Any, action: Any) -> Optional[Refusal]:
        """Why `action` is illegal for `player` now, as a Refusal (a stable code and the sentence
        :meth:`explain` gives), or None when it is legal. Raises as :meth:`explain` does."""
        import attrs

        from wonderrules.interpreter.refusals import Refusal, refusal
        from wonderrules.interpreter.validate import printable

        self._check_player(player)
        check_action(action)
        if self.terminal:
            return Refusal("game-over", "the game is over")
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        if player not in self.pending:
            waiting = ", ".join(str(p) for p in sorted(self.pending)) or "nobody"
            return Refusal("not-your-turn", f"player {player} has no decision to make now (waiting for: {waiting})")
        action = plain_action(action)
        if action in self.legal_actions(player):
            return None
        refused = refusal(self, player, action)
        return attrs.evolve(refused, sentence=printable(refused.sentence))

    def coins_to_bank(self, player: Any, action: Any) -> int:
        """The coins `action`, legal for `player` now, pays to the bank: its card's or stage's
        coins (after the city's cost changes) unless its way is free, or the coins paid of a
        loss. Its payments to sellers are its own `pay`. An account of the game asks it before
        the action is applied; the figure is the cost as it stands when the action is chosen.
        ArgumentError for a wrong argument, IllegalActionError for an action not legal now."""
        refused = self.refusal(player, action)
        if refused is not None:
            raise IllegalActionError({player: refused.sentence}, {player: refused.code})
        from wonderrules.interpreter.actions import coins_to_bank

        return coins_to_bank(self, player, plain_action(action))

    def apply_actions(self, actions: Any) -> None:
        """One choice per pending player, all at once. Raises IllegalActionError (a reason per
        refused player) and leaves the state untouched if any choice is illegal; ArgumentError
        for a wrong argument or a game that is over."""
        if self.terminal:
            raise ArgumentError("the game is over: there is nothing left to decide")
        if self.stopped is not None:
            raise GameStoppedError(self.stopped)
        pending = self.pending
        legal = self.scratch.legal
        if type(actions) is dict and len(actions) == len(pending):
            # the usual call: one listed action of plain values per pending player; anything
            # else is judged below (and made plain, so that the history records plain values)
            for p, a in actions.items():
                found = legal.get(p) if type(p) is int else None
                if found is None or p not in pending or a not in found:
                    break
                # the listed object itself (the lists hold plain values), or an equal one checked
                # (its fields read before its type is: compiled code reads an Action's fields as
                # their types say, False as the number 0)
                if found[found.index(a)] is not a and (
                        type(a[1]) is not str or type(a[4]) is not int or type(a[0]) is not str
                        or type(a[3]) is not str or (a[2] and not plain_payment(a[2])) or type(a) is not Action):
                    break
            else:
                engine.apply(self, actions)
                return

        chosen = check_round(self.config.players, actions)
        from wonderrules.interpreter.refusals import Refusal

        refusals: dict[int, Refusal] = {}
        for p in pending:
            if p not in chosen:
                refusals[p] = Refusal("choice-missing", f"player {p} must choose ({pending[p].kind})")
        for p, a in chosen.items():
            refused = self.refusal(p, a)
            if refused is not None:
                refusals[p] = refused
        if refusals:
            raise IllegalActionError({p: r.sentence for p, r in refusals.items()},
                                     {p: r.code for p, r in refusals.items()})
        engine.apply(self, chosen)

    def scores(self) -> list[Any]:
        """The score sheet of every seat (after the game ends)."""
        if not self.terminal or self.sheets is None:
            raise ArgumentError("the game is not over: there are no final scores yet")
        return list(self.sheets)

    def winners(self) -> list[int]:
        from wonderrules.interpreter.results import winners

        return winners(self)

    def ranks(self) -> list[int]:
        """Each player's place after the game, 1 the best; players level on total and tie
        breaks (or in the same team, when a team wins) share a place, and the next is skipped."""
        from wonderrules.interpreter.results import ranks

        return ranks(self)

    def win_shares(self) -> list[float]:
        """Each player's share of the win after the game: 1/k for a tie of k winners; when a
        team wins, each member has the team's share (1/k for a tie of k teams); 0 for the others."""
        from wonderrules.interpreter.results import win_shares

        return win_shares(self)

    def returns(self) -> list[float]:
        """1 for each winner (shared ties split), 0 otherwise, per player."""
        if not self.terminal:
            return [0.0] * self.players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.players)]

    # ---- copies --------------------------------------------------------------------------------
    def clone(self) -> State:
        """A copy of the game that plays on apart from this one (see GameData.copy)."""
        copied: State = self.copy()
        return copied

    def __copy__(self) -> State:
        """`copy.copy(state)` is a clone: a copy sharing its original's cities and zones would
        change with it."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """`copy.deepcopy(state)` is a clone too: what it shares with its original (the Game, the
        rule set, the actions handed out) never changes while a game is played."""
        other = memo[id(self)] = self.clone()
        return other

    def __reduce_ex__(self, protocol: Any) -> Any:
        """Pickle refuses a state (a log is how a game travels; see docs/engine.rst)."""
        raise TypeError("a game state cannot be pickled: write the game as a log with wonderrules.to_log(state) "
                        "and play it again with wonderrules.replay(game, log) (a Game and its RuleSet pickle)")

    def determinized(self, player: Any, rng: Any) -> State:
        """A copy of the game as `player` might believe it to be: the cards it cannot see (the
        other hands, face-down piles) dealt again at random among the places it cannot see, each
        place keeping its size and each card trading places only with cards of the same deck and
        age; the next deals drawn by a new generator seeded from `rng`; the other players' choices
        of the round under way, face down, guessed again. What the player sees stays as it is. A
        search samples such copies to plan without peeking (see :mod:`.hidden`).
        ArgumentError for a player who is not at the table or an `rng` that is not a
        random.Random."""
        from wonderrules.interpreter.hidden import determinized

        self._check_player(player)
        if not isinstance(rng, random.Random):
            from wonderrules.interpreter.arguments import shown

            raise ArgumentError(f"determinized needs a random.Random generator, not {shown(rng)}")
        return determinized(self, player, rng)

    def _check_player(self, player: Any) -> None:
        if type(player) is not int or not 0 <= player < self.config.players:
            from wonderrules.interpreter.arguments import check_player

            check_player(self.config.players, player)
