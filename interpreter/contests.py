"""Contests: seats compared by strength at a moment, and the tokens each result gives.

Participants are the seats where the contest's `takes_part` condition holds (every seat when it
says nothing). In `pairs` mode each participant fights its nearest participant on each side
(`neighbours`: seats in order around the table, skipping those out; when two remain they fight
once), or the seats of another relation; each pair fights once, and `only_against` and
`never_against` keep or leave out pairs by a relation between their two seats (`where not
partners`: partners never fight). In `ranking` mode the strongest participants get `win` and
the weakest `lose` (all of them on a tie; nobody when everyone ties). Each result gives a seat
`tokens` tokens, counted in its city with `opponent` the other seat of its pair. Each result
raises its events (:func:`.events.raise_event`): the tokens gained, and the contest won or lost, in seat
order for a ranking. The contests of one moment read who takes part, every strength and every
count of tokens before any of them gives a result (:func:`resolve_moment`): a token gained at a
moment never counts in what is read at that moment. Once its results are given, every seat
carries out the contest's `after` operations, in seat order: what it spends (a token that kept
it out of the contest), an ordinary loss that sets off no event.

Each contest resolved is recorded in the state's history, so that an account of the game (`wr
trace`) can say who met whom and why, not only who holds which token. The entry is plain data,
never changed once recorded: `contest` and `moment` by their names in the rule set; the `age`
and `turn` it was resolved in; the seats that `sat_out` (those that did not take part); in
pairs mode, the `pairs` that met in the order they fought, each with its two `seats` and their
`strengths` (ties included); in a ranking, every participant's `strengths` (seat -> value); and
the `results` in the order they were given: each seat's `outcome` (`win` or `lose`), its
`opponent` (-1 in a ranking), the `token` it gained, how many (`tokens`) and the `worth` of each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.effects import compile_op
from wonderrules.interpreter.events import Event, raise_event
from wonderrules.interpreter.expressions import compile_expr, compile_seats

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog
    from wonderrules.interpreter.game_data import GameData

__all__ = ["CompiledContest", "Reading", "resolve_moment"]


def resolve_moment(st: GameData, contests: list[CompiledContest]) -> None:
    """The contests of one moment: who takes part, every strength and every count of tokens read
    (contest by contest), then every result given, contest by contest. A result of the moment, a
    token gained, never changes what was read at that moment."""
    if len(contests) == 1:
        contests[0].settle(st, contests[0].read(st))
        return
    readings = [contest.read(st) for contest in contests]
    for contest, reading in zip(contests, readings):
        contest.settle(st, reading)


class Reading:
    """A contest as read at its moment, before any result: the seats that sat out, the pairs that
    meet in the order they fight (none in a ranking), the strength of every seat that fights, and
    the tokens a result gives each seat: by pair (the first seat's, the second's), or by seat in a
    ranking; none when the contest gives the same count to all (`tokens`). (A plain class: an
    attrs class would cost its generated methods at every import of the engine.)"""

    __slots__ = ("sat_out", "pairs", "strengths", "tokens")

    def __init__(self, sat_out: list[int], pairs: list[tuple[int, int]], strengths: dict[int, int],
                 tokens: Optional[dict[Any, tuple[int, int]]]) -> None:
        self.sat_out = sat_out
        self.pairs = pairs
        self.strengths = strengths
        self.tokens = tokens


class CompiledContest:
    def __init__(self, contest: ir.Contest, cat: Catalog) -> None:
        self.name = contest.name
        self.contest = contest
        self.written_strength = compile_expr(contest.strength, cat)
        self.neighbours = contest.against == (ir.Relation("neighbours"),)
        self.against = compile_seats(contest.against)
        self.only_against = compile_seats(contest.only_against) if contest.only_against else None
        self.never_against = compile_seats(contest.never_against) if contest.never_against else None
        #: who takes part (None: every seat)
        self.takes_part = None if contest.takes_part == ir.Num(1) else compile_expr(contest.takes_part, cat)
        #: the tokens of each result: the same for all (`tokens`), or counted for each seat (`tokens_of`)
        self.tokens = max(0, contest.tokens.value) if isinstance(contest.tokens, ir.Num) else 0
        self.tokens_of = None if isinstance(contest.tokens, ir.Num) else compile_expr(contest.tokens, cat)
        #: what every seat loses once the results are given
        self.after = [compile_op(op, cat, None) for op in contest.after]
        self.win_token = cat.token_index[contest.win.token]
        self.lose_token = cat.token_index[contest.lose.token]
        #: its index among the rule set's contests (what `wins` and `loses` events name)
        self.index = cat.contest_index[contest.name]

    def strength(self, st: GameData, seat: int) -> int:
        """The seat's strength: the contest's expression, and what its effects add (`strength +`)."""
        value: int = self.written_strength(st, seat, seat, None)
        bonuses = st.cities[seat].strength_bonuses
        if bonuses:
            for contest, amount in bonuses:
                if contest == self.index:
                    value += amount(st, seat, seat, None)
        return value

    def pairs(self, st: GameData, fighters: list[int]) -> list[tuple[int, int]]:
        pairs: list[tuple[int, int]] = []
        if self.neighbours:
            k = len(fighters)
            if k >= 2:
                for i, a in enumerate(fighters):
                    b = fighters[(i + 1) % k]
                    pair = (min(a, b), max(a, b))
                    if a != b and pair not in pairs:
                        pairs.append(pair)
        else:
            inside = set(fighters)
            for a in fighters:
                for b in self.against(st, a, a):
                    pair = (min(a, b), max(a, b))
                    if a != b and b in inside and pair not in pairs:
                        pairs.append(pair)
        only, never = self.only_against, self.never_against
        if only is not None:
            pairs = [(a, b) for a, b in pairs if b in only(st, a, a) and a in only(st, b, b)]
        if never is not None:
            pairs = [(a, b) for a, b in pairs if b not in never(st, a, a) and a not in never(st, b, b)]
        return pairs

    def read(self, st: GameData) -> Reading:
        """Who takes part, the pairs, every strength and the tokens of every result, read before
        any result of the moment is given."""
        seats = range(st.n)
        takes_part = self.takes_part
        if takes_part is None:
            fighters = list(seats)
            out: list[int] = []
        else:
            fighters = [s for s in seats if takes_part(st, s, s, None)]
            out = [s for s in seats if s not in fighters]
        strengths: dict[int, int] = {}
        pairs: list[tuple[int, int]] = []
        if self.contest.mode == "ranking":
            if len(fighters) >= 2:
                strengths = {s: self.strength(st, s) for s in fighters}
        else:
            pairs = self.pairs(st, fighters)
            for pair in pairs:
                for s in pair:
                    if s not in strengths:
                        strengths[s] = self.strength(st, s)
        tokens = None if self.tokens_of is None else self._tokens(st, pairs, strengths)
        return Reading(out, pairs, strengths, tokens)

    def _tokens(self, st: GameData, pairs: list[tuple[int, int]],
                strengths: dict[int, int]) -> dict[Any, tuple[int, int]]:
        """The tokens each seat would get from its result: each counted in its own city, with
        `opponent` the other seat of its pair (none in a ranking). A count of 0 or less gives no
        token (the result stands): settle reads it as 0."""
        count = self.tokens_of
        assert count is not None
        was = st.scratch.event
        found: dict[Any, tuple[int, int]] = {}
        try:
            for a, b in pairs:
                st.scratch.event = Event("result", a, self.index, "", b)
                first = count(st, a, a, None)
                st.scratch.event = Event("result", b, self.index, "", a)
                found[(a, b)] = (first, count(st, b, b, None))
            if not pairs:
                st.scratch.event = None
                for s in strengths:
                    n = count(st, s, s, None)
                    found[s] = (n, n)
        finally:
            st.scratch.event = was
        return found

    def settle(self, st: GameData, reading: Reading) -> None:
        """The results of the strengths read, given in order, the contest recorded, and what each
        seat spends after it."""
        c = self.contest
        age = max(1, st.age)
        win_worth = c.win.worth[min(age, len(c.win.worth)) - 1]
        lose_worth = c.lose.worth[min(age, len(c.lose.worth)) - 1]
        results: list[dict[str, Any]] = []
        met: list[dict[str, Any]] = []
        strengths = reading.strengths
        tokens = reading.tokens
        if c.mode == "ranking":
            if strengths:
                self._rank(st, strengths, tokens, win_worth, lose_worth, results)
        else:
            n = self.tokens
            for a, b in reading.pairs:
                sa = strengths[a]
                sb = strengths[b]
                met.append({"seats": [a, b], "strengths": [sa, sb]})
                if sa == sb:
                    continue
                na, nb = (n, n) if tokens is None else (max(0, x) for x in tokens[(a, b)])
                if sa > sb:
                    self._result(st, a, b, na, nb, win_worth, lose_worth, results)
                else:
                    self._result(st, b, a, nb, na, win_worth, lose_worth, results)
            strengths = {}
        st.history.append({"type": "contest", "contest": self.name, "moment": c.moment, "age": st.age,
                           "turn": st.turn, "sat_out": reading.sat_out, "pairs": met, "strengths": strengths,
                           "results": results})
        for op in self.after:
            for seat in range(st.n):
                op.run(st, seat)

    def _result(self, st: GameData, winner: int, loser: int, n_win: int, n_lose: int, win_worth: int,
                lose_worth: int, results: list[dict[str, Any]]) -> None:
        """A pair's result: the winner's tokens and its win, the loser's tokens and its loss."""
        st.gain_tokens(winner, self.win_token, n_win, win_worth)
        if "wins" in st.listening:
            raise_event(st, Event("wins", winner, self.index, "", loser))
        st.gain_tokens(loser, self.lose_token, n_lose, lose_worth)
        if "loses" in st.listening:
            raise_event(st, Event("loses", loser, self.index, "", winner))
        results.append(_outcome(winner, "win", loser, self.contest.win.token, n_win, win_worth))
        results.append(_outcome(loser, "lose", winner, self.contest.lose.token, n_lose, lose_worth))

    def _rank(self, st: GameData, values: dict[int, int], tokens: Optional[dict[Any, tuple[int, int]]],
              win_worth: int, lose_worth: int, results: list[dict[str, Any]]) -> None:
        best, worst = max(values.values()), min(values.values())
        if best == worst:
            return
        c = self.contest
        for s in values:
            n = self.tokens if tokens is None else max(0, tokens[s][0])
            if values[s] == best:
                st.gain_tokens(s, self.win_token, n, win_worth)
                if "wins" in st.listening:
                    raise_event(st, Event("wins", s, self.index))
                results.append(_outcome(s, "win", -1, c.win.token, n, win_worth))
            elif values[s] == worst:
                st.gain_tokens(s, self.lose_token, n, lose_worth)
                if "loses" in st.listening:
                    raise_event(st, Event("loses", s, self.index))
                results.append(_outcome(s, "lose", -1, c.lose.token, n, lose_worth))


def _outcome(seat: int, outcome: str, opponent: int, token: str, tokens: int, worth: int) -> dict[str, Any]:
    return {"seat": seat, "outcome": outcome, "opponent": opponent, "token": token, "tokens": tokens,
            "worth": worth}
