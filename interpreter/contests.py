"""Contests: seats compared by strength at a moment, and the tokens each result gives.

Participants are every seat but the holders of the sit-out token, who spend some of it. In
`pairs` mode each participant fights its nearest participant on each side (`neighbours`: seats
in order around the table, skipping those out; when two remain they fight once), or the seat of
another relation; each pair fights once; with `except partners`, partners never fight. A holder
of the reduced token fights for fewer tokens (and so does its opponent), spending some of it. In
`ranking` mode the strongest participants get `win` and the weakest `lose` (all of them on a
tie; nobody when everyone ties). Each result raises its events (:func:`.events.raise_event`): the tokens
gained, and the contest won or lost, in seat order for a ranking. The contests of one moment
read every strength before any of them gives a result (:func:`resolve_moment`): a token gained
at a moment never counts in a strength read at that moment.

Each contest resolved is recorded in the state's history, so that an account of the game (`wr
trace`) can say who met whom and why, not only who holds which token. The entry is plain data,
never changed once recorded: `contest` and `moment` by their names in the rule set; the `age`
and `turn` it was resolved in; the seats that `sat_out` and those that fought for fewer tokens
(`reduced`); in pairs mode, the `pairs` that met in the order they fought, each with its two
`seats` and their `strengths` (ties included); in a ranking, every participant's `strengths`
(seat -> value); and the `results` in the order they were given: each seat's `outcome` (`win`
or `lose`), its `opponent` (-1 in a ranking), the `token` it gained, how many (`tokens`) and the
`worth` of each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wonderrules.interpreter import ir
from wonderrules.interpreter.events import Event, raise_event
from wonderrules.interpreter.expressions import compile_expr, compile_seats

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog
    from wonderrules.interpreter.state import State

__all__ = ["CompiledContest", "Reading", "resolve_moment"]


def resolve_moment(st: State, contests: list[CompiledContest]) -> None:
    """The contests of one moment: every strength read (contest by contest, sitting out and
    fewer tokens settled first), then every result given, contest by contest. A result of the
    moment, a token gained, never changes a strength read at that moment."""
    if len(contests) == 1:
        contests[0].settle(st, contests[0].read(st))
        return
    readings = [contest.read(st) for contest in contests]
    for contest, reading in zip(contests, readings):
        contest.settle(st, reading)


class Reading:
    """A contest as read at its moment, before any result: the seats that sat out, those that
    fight for fewer tokens, the pairs that meet in the order they fight (none in a ranking), and
    the strength of every seat that fights. (A plain class: an attrs class would cost its
    generated methods at every import of the engine.)"""

    __slots__ = ("sat_out", "reduced", "pairs", "strengths")

    def __init__(self, sat_out: list[int], reduced: set[int], pairs: list[tuple[int, int]],
                 strengths: dict[int, int]) -> None:
        self.sat_out = sat_out
        self.reduced = reduced
        self.pairs = pairs
        self.strengths = strengths


class CompiledContest:
    def __init__(self, contest: ir.Contest, cat: Catalog) -> None:
        self.name = contest.name
        self.contest = contest
        self.written_strength = compile_expr(contest.strength, cat)
        self.neighbours = contest.against == (ir.Relation("neighbours"),)
        self.against = compile_seats(contest.against)
        self.sit_out = cat.token_index[contest.sit_out] if contest.sit_out else -1
        self.reduced = cat.token_index[contest.reduced] if contest.reduced else -1
        self.win_token = cat.token_index[contest.win.token]
        self.lose_token = cat.token_index[contest.lose.token]
        #: its index among the rule set's contests (what `wins` and `loses` events name)
        self.index = cat.contest_index[contest.name]

    def strength(self, st: State, seat: int) -> int:
        """The seat's strength: the contest's expression, and what its effects add (`strength +`)."""
        value: int = self.written_strength(st, seat, seat, None)
        bonuses = st.cities[seat].strength_bonuses
        if bonuses:
            for contest, amount in bonuses:
                if contest == self.index:
                    value += amount(st, seat, seat, None)
        return value

    def pairs(self, st: State, fighters: list[int]) -> list[tuple[int, int]]:
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
        if self.contest.except_partners and st.table.team_size:
            team = st.table.team_of
            pairs = [(a, b) for a, b in pairs if team(a) != team(b)]
        return pairs

    def read(self, st: State) -> Reading:
        """Who takes part, who fights for fewer tokens (their tokens spent) and every strength,
        read before any result of the moment is given."""
        c = self.contest
        cities = st.cities
        fighters = list(range(st.n))
        out: list[int] = []
        if self.sit_out >= 0:
            out = [s for s in fighters if cities[s].token_counts[self.sit_out] > 0]
            for s in out:
                _spend(cities[s], self.sit_out, c.sit_out_spend)
            fighters = [s for s in fighters if s not in out]
        reduced: set[int] = set()
        if self.reduced >= 0:
            reduced = {s for s in fighters if cities[s].token_counts[self.reduced] > 0}
            for s in reduced:
                _spend(cities[s], self.reduced, c.reduced_spend)
        strengths: dict[int, int] = {}
        pairs: list[tuple[int, int]] = []
        if c.mode == "ranking":
            if len(fighters) >= 2:
                strengths = {s: self.strength(st, s) for s in fighters}
        else:
            pairs = self.pairs(st, fighters)
            for pair in pairs:
                for s in pair:
                    if s not in strengths:
                        strengths[s] = self.strength(st, s)
        return Reading(out, reduced, pairs, strengths)

    def settle(self, st: State, reading: Reading) -> None:
        """The results of the strengths read, given in order, and the contest recorded."""
        c = self.contest
        age = max(1, st.age)
        win_worth = c.win.worth[min(age, len(c.win.worth)) - 1]
        lose_worth = c.lose.worth[min(age, len(c.lose.worth)) - 1]
        results: list[dict[str, Any]] = []
        met: list[dict[str, Any]] = []
        strengths = reading.strengths
        if c.mode == "ranking":
            if strengths:
                self._rank(st, strengths, win_worth, lose_worth, results)
        else:
            reduced = reading.reduced
            for a, b in reading.pairs:
                sa = strengths[a]
                sb = strengths[b]
                met.append({"seats": [a, b], "strengths": [sa, sb]})
                if sa == sb:
                    continue
                winner, loser = (a, b) if sa > sb else (b, a)
                n = c.reduced_tokens if (a in reduced or b in reduced) else c.tokens_per_result
                self._result(st, winner, loser, n, win_worth, lose_worth, results)
            strengths = {}
        st.history.append({"type": "contest", "contest": self.name, "moment": c.moment, "age": st.age,
                           "turn": st.turn, "sat_out": reading.sat_out, "reduced": sorted(reading.reduced),
                           "pairs": met, "strengths": strengths, "results": results})

    def _result(self, st: State, winner: int, loser: int, n: int, win_worth: int, lose_worth: int,
                results: list[dict[str, Any]]) -> None:
        """A pair's result: the winner's tokens and its win, the loser's tokens and its loss."""
        st.gain_tokens(winner, self.win_token, n, win_worth)
        if "wins" in st.listening:
            raise_event(st, Event("wins", winner, self.index, "", loser))
        st.gain_tokens(loser, self.lose_token, n, lose_worth)
        if "loses" in st.listening:
            raise_event(st, Event("loses", loser, self.index, "", winner))
        results.append(_outcome(winner, "win", loser, self.contest.win.token, n, win_worth))
        results.append(_outcome(loser, "lose", winner, self.contest.lose.token, n, lose_worth))

    def _rank(self, st: State, values: dict[int, int], win_worth: int, lose_worth: int,
              results: list[dict[str, Any]]) -> None:
        best, worst = max(values.values()), min(values.values())
        if best == worst:
            return
        c = self.contest
        n = c.tokens_per_result
        for s in values:
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


def _spend(city: Any, token: int, n: int) -> None:
    """Spend up to n tokens; their values go with them (tokens spent here carry worth 1 each)."""
    n = min(n, city.token_counts[token])
    city.token_counts[token] -= n
    city.token_values[token] -= n
