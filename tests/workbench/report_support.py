"""Simulated games made by hand for the tests of the report: two seats, two boards, two agents,
names that HTML and matplotlib must not read as markup or mathematics."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace

from wonderrules.reports.data import Compared, Simulated, simulated
from wonderrules.workbench.comparison import compare
from wonderrules.workbench.simulation import SeatRecord
from wonderrules.workbench.statistics import Tally

SCRIPT_CARD = "<script>alert('card')</script>"
TOWER = 'Tower & "Keep"'
DOLLARS = "$x$ coins"


def rec(game: int, seat: int, board: str, agent: str, points: int, coins: int, winner: float,
        built: tuple[str, ...], rounds: int) -> SeatRecord:
    return SeatRecord(game=game, seed=10 + game, rules="hand", players=2, options=(), seat=seat, board=board,
                      side="A" if board == TOWER else "B", agent=agent, scores=(("points", points), (DOLLARS, coins)),
                      total=points + coins, rank=1 if winner else 2, winner=winner, built=built,
                      seen=(SCRIPT_CARD, "Well"), decisions=rounds, rounds=rounds)


#: four games; the tower wins games 0, 2 and 3 (3 of 4), game 1 is a tie; the script card's builders win
RECORDS = [
    rec(0, 0, TOWER, "a", 10, 2, 1.0, (SCRIPT_CARD,), 4), rec(0, 1, "Hall", "b", 6, 1, 0.0, ("Well",), 4),
    rec(1, 0, "Hall", "a", 8, 1, 0.5, (SCRIPT_CARD, "Well"), 6), rec(1, 1, TOWER, "b", 7, 2, 0.5, (), 6),
    rec(2, 0, TOWER, "a", 12, 0, 1.0, (SCRIPT_CARD,), 5), rec(2, 1, "Hall", "b", 3, 0, 0.0, ("Well",), 5),
    rec(3, 0, "Hall", "a", 4, 3, 0.0, ("Well",), 4), rec(3, 1, TOWER, "b", 9, 1, 1.0, (SCRIPT_CARD,), 4),
]


def plan(games: int = 4, seed: int = 10) -> SimpleNamespace:
    """What a report reads of a simulation's plan."""
    return SimpleNamespace(players=2, options=("fast",), sides="random", agents=("a", "b"), seed=seed, games=games)


def hand_simulation(records: Sequence[SeatRecord] = tuple(RECORDS), min_built: int = 1, games: int = 4,
                    title: str = "Hand <game>") -> Simulated:
    tally = Tally.of(records)
    return simulated(title, ("hand",), plan(games), tally, tally.summary(min_built=min_built))


def richer(records: Sequence[SeatRecord], extra: int) -> list[SeatRecord]:
    """The same games with `extra` more points in every seat's first column."""
    import attrs

    return [attrs.evolve(r, scores=((r.scores[0][0], r.scores[0][1] + extra), r.scores[1]),
                         total=r.total + extra) for r in records]


def hand_comparison() -> Compared:
    """A against B: B's seats all score 2 points more (significant, with no spread at all), the
    rest alike."""
    b_records = richer(RECORDS, 2)
    a = hand_simulation()
    tally = Tally.of(b_records)
    b = simulated("Hand richer", ("hand", "richer"), plan(), tally, tally.summary(min_built=1))
    return Compared(a, b, compare(RECORDS, b_records))
