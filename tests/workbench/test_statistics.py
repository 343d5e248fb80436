"""The statistics of simulated games, checked on small record sets whose figures are worked out
by hand, and the intervals against published values."""

from __future__ import annotations

import io
import math

import attrs
import pytest
from records_reference import same_figures, summarise_records

import wonderrules as wr
from wonderrules.workbench.simulation import SeatRecord, make_plan, play
from wonderrules.workbench.statistics import (
    MIN_BUILT,
    Summary,
    Tally,
    mean_interval,
    per_game,
    quantile,
    spread,
    summarise,
    t_quantile,
    t_two_sided_p,
    wilson,
)


def rec(game: int, seat: int, board: str, agent: str, total: int, winner: float, built: tuple[str, ...],
        seen: tuple[str, ...], rounds: int) -> SeatRecord:
    return SeatRecord(game=game, seed=game, rules="hand", players=2, options=(), seat=seat, board=board, side="A",
                      agent=agent, scores=(("points", total),), total=total, rank=1 if winner else 2, winner=winner,
                      built=built, seen=seen, decisions=rounds, rounds=rounds)


#: three games of two seats; game 1 is a tie (each has half the win); c3 is built without being seen
RECORDS = [
    rec(0, 0, "X", "a", 10, 1.0, ("c1",), ("c1", "c2"), 4), rec(0, 1, "Y", "b", 6, 0.0, ("c2",), ("c1", "c2"), 4),
    rec(1, 0, "Y", "a", 8, 0.5, ("c1", "c2"), ("c1", "c2"), 6), rec(1, 1, "X", "b", 8, 0.5, (), ("c2",), 6),
    rec(2, 0, "X", "a", 12, 1.0, ("c1", "c3"), ("c1",), 5), rec(2, 1, "Y", "b", 3, 0.0, ("c2",), ("c2",), 5),
]


@pytest.mark.parametrize(("successes", "n", "low", "high"), [
    # Wilson's score interval at 95%, as published (e.g. Newcombe 1998, table I)
    (7, 10, 0.3968, 0.8922),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
])
def test_the_wilson_interval_matches_the_published_values(successes: int, n: int, low: float, high: float) -> None:
    rate = wilson(successes, n)
    assert rate.value == successes / n
    assert (round(rate.low, 4), round(rate.high, 4)) == (low, high)


def test_the_wilson_interval_worked_out_by_hand() -> None:
    # 7 of 10, z = 1.959964: centre (0.7 + z²/20) / (1 + z²/10) = 0.892073 / 1.384146, half-width
    # z * sqrt(0.7 * 0.3 / 10 + z² / 400) / 1.384146 = 0.342876 / 1.384146
    rate = wilson(7, 10)
    assert rate.low == pytest.approx((0.892073 - 0.342876) / 1.384146, abs=1e-5)
    assert rate.high == pytest.approx((0.892073 + 0.342876) / 1.384146, abs=1e-5)


def test_the_wilson_interval_holds_its_rate_and_stays_inside_0_to_1() -> None:
    # 0 of n has 0 as its lower end and n of n has 1 as its upper end exactly: rounding once gave
    # 3e-17 above the rate, and a report's error bar of negative length
    for n in range(1, 400):
        assert wilson(0, n).low == 0.0 and wilson(n, n).high == 1.0, n
        for successes in (*range(n + 1), n / 3, n - 0.5):
            rate = wilson(successes, n)
            assert 0.0 <= rate.low <= rate.value <= rate.high <= 1.0, (successes, n)


def test_a_rate_of_no_seat_has_no_value() -> None:
    assert all(math.isnan(x) for x in (wilson(0, 0).value, wilson(0, 0).low, wilson(0, 0).high))


@pytest.mark.parametrize(("df", "quantile_975"), [(1, 12.7062), (2, 4.3027), (3, 3.1824), (10, 2.2281),
                                                  (30, 2.0423), (1000, 1.9623)])
def test_students_quantiles_match_the_tables(df: int, quantile_975: float) -> None:
    assert round(t_quantile(0.975, df), 4) == quantile_975
    assert t_two_sided_p(t_quantile(0.975, df), df) == pytest.approx(0.05, abs=1e-9)


def test_students_p_values_match_the_tables() -> None:
    assert t_two_sided_p(0.0, 5) == 1.0
    assert round(t_two_sided_p(1.0, 3), 4) == 0.391  # 2 * (1 - F(1)) with 3 degrees of freedom
    assert round(t_two_sided_p(2.0, 20), 4) == 0.0593


def test_the_mean_interval_worked_out_by_hand() -> None:
    m = mean_interval([1, 2, 3, 4])
    # mean 2.5, sd sqrt(5/3) = 1.290994, half-width t(0.975, 3) * sd / 2 = 3.182446 * 0.645497
    assert (m.n, m.value) == (4, 2.5) and m.sd == pytest.approx(1.290994, abs=1e-6)
    assert (m.low, m.high) == pytest.approx((2.5 - 2.054260, 2.5 + 2.054260), abs=1e-6)
    one = mean_interval([7])
    assert one.value == 7 and math.isnan(one.sd) and math.isnan(one.low)


def test_quartiles_are_interpolated_between_the_nearest_values() -> None:
    ordered = [3, 6, 8, 8, 10, 12]
    # positions (n - 1) q: 1.25 -> 6 + 0.25 * 2, 2.5 -> 8, 3.75 -> 8 + 0.75 * 2
    assert [quantile(ordered, q) for q in (0, 0.25, 0.5, 0.75, 1)] == [3, 6.5, 8, 9.5, 12]
    s = spread("total", [10, 6, 8, 8, 12, 3])
    assert (s.n, s.minimum, s.q1, s.median, s.q3, s.maximum) == (6, 3, 6.5, 8, 9.5, 12)
    assert s.mean == pytest.approx(47 / 6)


def test_win_rates_and_totals_per_board_seat_and_agent() -> None:
    summary = summarise(RECORDS)
    assert (summary.games, summary.seats) == (3, 6)
    assert summary.fair == 0.5  # 3 wins over 6 seats: 1/N at N = 2 players
    x, y = summary.boards
    assert (x.key, x.win.successes, x.win.n) == (("X", "A"), 2.5, 3)  # 1 + 0.5 + 1
    assert x.relative == pytest.approx((2.5 / 3) / 0.5)
    assert (x.total.value, x.total.sd) == (10, 2)  # 10, 8, 12
    assert (x.total.low, x.total.high) == pytest.approx((10 - 4.302653 * 2 / math.sqrt(3),
                                                         10 + 4.302653 * 2 / math.sqrt(3)), abs=1e-5)
    assert (y.key, y.win.successes, y.total.value) == (("Y", "A"), 0.5, pytest.approx(17 / 3))
    assert [(g.key, g.win.successes) for g in summary.by_seat] == [(("0",), 2.5), (("1",), 0.5)]
    assert [(g.key, g.total.value) for g in summary.by_agent] == [(("a",), 10), (("b",), pytest.approx(17 / 3))]


def test_score_columns_and_game_length() -> None:
    summary = summarise(RECORDS)
    assert [s.name for s in summary.columns] == ["points", "total"]
    assert attrs.astuple(summary.columns[0])[1:] == attrs.astuple(summary.columns[1])[1:]  # points are the total
    assert (summary.rounds.n, summary.rounds.mean, summary.rounds.sd) == (3, 5, 1)  # 4, 6, 5
    assert (summary.rounds.minimum, summary.rounds.median, summary.rounds.maximum) == (4, 5, 6)


def test_card_strength_counts_seen_built_and_the_wins_of_builders_and_passers() -> None:
    c1, c2, c3 = summarise(RECORDS, min_built=2).cards
    assert (c1.card, c1.seen, c1.built) == ("c1", 4, 3)
    assert (c1.built_when_seen.successes, c1.built_when_seen.n) == (3, 4)
    assert (c1.builders.successes, c1.builders.n) == (2.5, 3)  # games 0, 1 (a tie), 2
    assert (c1.passers.successes, c1.passers.n) == (0, 1)  # seat 1 of game 0 saw it, built something else
    assert c1.relative == pytest.approx((2.5 / 3) / 0.5)
    assert (c2.card, c2.seen, c2.built, c2.built_when_seen.successes) == ("c2", 5, 3, 3)
    assert (c2.builders.successes, c2.passers.successes, c2.passers.n) == (0.5, 1.5, 2)
    # built once (by a winner), never seen: too rare to rank, and no rate of building when seen
    assert (c3.card, c3.seen, c3.built, c3.builders.value, c3.few) == ("c3", 0, 1, 1.0, True)
    assert math.isnan(c3.built_when_seen.value) and not c1.few and not c2.few


def test_a_card_built_too_rarely_is_ranked_after_the_others() -> None:
    # c3's one builder won, c1's builders won 5/6 of the time, c2's 1/6
    ranked = [c.card for c in summarise(RECORDS, min_built=2).cards]
    assert ranked == ["c1", "c2", "c3"]
    cards = summarise(RECORDS, min_built=4).cards
    assert all(c.few for c in cards) and [c.card for c in cards] == ["c3", "c1", "c2"]


# ---- the figures counted as the games come, against those of the whole list of records ----------

def tied(r: SeatRecord) -> SeatRecord:
    """A seat of game g as if the game were a tie of g % 3 + 1 players (seats 0 and up)."""
    level = r.game % 3 + 1
    return attrs.evolve(r, winner=1 / level if r.seat < level else 0.0)


@pytest.fixture(scope="module")
def played_games() -> list[SeatRecord]:
    # 300 games of 5 random players, their wins made ties of 1 to 3 by hand (shares of 1/2 and
    # 1/3), then 40 games of teams in cities by random and greedy players
    base, cities = wr.load_rules("base"), wr.load_rules("cities")
    return ([tied(r) for r in play(make_plan(base, 5, (), ("random",), 0, 300), rules=base).records()]
            + play(make_plan(cities, 4, ("teams",), ("random", "greedy"), 0, 40), rules=cities).records())


def test_the_figures_counted_game_by_game_are_those_of_the_whole_list(played_games: list[SeatRecord]) -> None:
    for records in (played_games[:1500], played_games[1500:], played_games[:7], played_games):
        for min_built in (MIN_BUILT, 1, 200):
            expected = summarise_records(records, min_built)
            assert same_figures(summarise(records, min_built)) == same_figures(expected)
            tally = Tally()
            for rows in per_game(records).values():
                tally.add_game(rows)
            assert same_figures(tally.summary(min_built)) == same_figures(expected)


def test_the_tables_printed_from_the_counts_are_those_of_the_whole_list(played_games: list[SeatRecord]) -> None:
    from rich.console import Console

    from wonderrules.reports.tables import summary_tables

    def printed(summary: Summary) -> str:
        console = Console(width=200, record=True, file=io.StringIO())
        for table in summary_tables(summary, 5):
            console.print(table)
        return console.export_text()

    assert printed(summarise(played_games[:1500])) == printed(summarise_records(played_games[:1500]))


def test_a_tally_keeps_one_count_per_distinct_value_not_per_game(played_games: list[SeatRecord]) -> None:
    tally = Tally.of(played_games)
    distinct = {r.total for r in played_games}
    assert len(tally.totals.counts) == len(distinct) < len(played_games) / 20
    assert sorted(tally.totals.sorted_values()) == sorted(r.total for r in played_games)
