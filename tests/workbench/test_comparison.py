"""Comparing two simulations: each test worked out by hand, Holm's correction, a rule set compared
with itself, and a variant whose card is much stronger found out."""

from __future__ import annotations

import itertools
import math
from typing import Any

import attrs
import pytest
from records_reference import compare_records, same_figures, summarise_records

import wonderrules as wr
from wonderrules.workbench.comparison import ChunkPairs, compare, holm, paired, two_proportions, welch
from wonderrules.workbench.simulation import Chunk, make_plan, play
from wonderrules.workbench.statistics import t_two_sided_p

BASE = wr.load_rules("base")


def records(rules, games: int, seed: int = 0, players: int = 3):
    return play(make_plan(rules, players, (), ("random",), seed, games), rules=rules).records()


def test_the_paired_t_test_worked_out_by_hand() -> None:
    d = paired("score", "x", "mean", [1, 2, 3], [2, 4, 5])
    # differences 1, 2, 2: mean 5/3, sd sqrt(1/3), standard error 1/3, t = 5 with 2 degrees of
    # freedom, whose two-sided p is 1 - t / sqrt(2 + t²) = 1 - 5 / sqrt(27)
    assert (d.a, d.b, d.difference, d.n_a) == (2, pytest.approx(11 / 3), pytest.approx(5 / 3), 3)
    assert d.p == pytest.approx(1 - 5 / math.sqrt(27), abs=1e-9)
    assert (d.low, d.high) == pytest.approx((5 / 3 - 4.302653 / 3, 5 / 3 + 4.302653 / 3), abs=1e-6)


def test_welchs_test_worked_out_by_hand() -> None:
    d = welch("board", "x", "mean total", [1, 2, 3, 4], [2, 4, 6])
    # variances of the means 5/3/4 and 4/3: standard error sqrt(1.75), t = 1.5 / 1.322876;
    # Welch's degrees of freedom 1.75² / ((5/12)²/3 + (4/3)²/2) = 3.2347
    assert d.difference == 1.5
    assert d.p == pytest.approx(t_two_sided_p(1.5 / math.sqrt(1.75), 3.234719), abs=1e-6)
    assert t_two_sided_p(1.133893, 4) < d.p < t_two_sided_p(1.133893, 3)


def test_two_proportions_worked_out_by_hand() -> None:
    d = two_proportions("card", "x", "built when seen", 30, 100, 45, 100)
    # pooled rate 0.375, standard error sqrt(0.375 * 0.625 * 2 / 100) = 0.0684653, z = 2.19089
    assert d.difference == pytest.approx(0.15)
    assert d.p == pytest.approx(0.028459, abs=1e-5)
    # Newcombe: Wilson intervals 0.2189..0.3958 and 0.3561..0.5476
    assert d.low == pytest.approx(0.15 - math.hypot(0.45 - 0.3561, 0.3958 - 0.30), abs=2e-4)
    assert d.high == pytest.approx(0.15 + math.hypot(0.5476 - 0.45, 0.30 - 0.2189), abs=2e-4)


def test_holms_correction_worked_out_by_hand() -> None:
    # sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> kept at 0.06
    adjusted = holm([0.01, 0.04, math.nan, 0.03, 0.005])
    assert adjusted[:2] == pytest.approx([0.03, 0.06]) and math.isnan(adjusted[2])
    assert adjusted[3:] == pytest.approx([0.06, 0.02])


def test_no_spread_at_all_is_no_difference_or_a_certain_one() -> None:
    same = paired("seat", "0", "win rate", [1, 0, 1], [1, 0, 1])
    assert (same.difference, same.low, same.high, same.p) == (0, 0, 0, 1.0)
    shifted = paired("seat", "0", "mean total", [1, 2, 3], [2, 3, 4])
    assert (shifted.difference, shifted.p) == (1, 0.0)
    assert two_proportions("card", "x", "built when seen", 0, 10, 0, 12).p == 1.0


def test_a_rule_set_compared_with_itself_shows_no_difference() -> None:
    played = records(BASE, 30)
    comparison = compare(played, played)
    assert comparison.significant == () and comparison.paired_games == 30 and comparison.tests > 50
    assert all(d.difference == 0 and d.p == 1.0 for d in comparison.differences if not math.isnan(d.p))


def test_two_samples_of_the_same_rule_set_show_no_significant_difference() -> None:
    comparison = compare(records(BASE, 150, seed=0), records(BASE, 150, seed=5000))
    assert comparison.significant == ()
    # other seeds deal other boards and cards: they are compared as independent samples
    tests = {(d.section, d.measure): d.test for d in comparison.differences if not d.only}
    assert tests[("board", "win rate")] == tests[("card", "builders' win rate")] == "z test"
    assert tests[("board", "mean total")] == "Welch t" and tests[("seat", "win rate")] == "paired t"
    assert min(d.p for d in comparison.differences if not math.isnan(d.p)) < 0.2  # the tests did see some noise


def test_a_variant_with_a_much_stronger_card_is_flagged(tmp_path) -> None:
    variant = tmp_path / "strong_altar.wr"
    variant.write_text('ruleset strong_altar extends base\n'
                       'replace card "Altar" age 1 blue chain to "Temple" copies 3+ 5+ { end of game: score 20 }\n',
                       encoding="utf-8")
    comparison = compare(records(BASE, 150), records(wr.load_rules(str(variant)), 150))
    flagged = {(d.section, d.subject, d.measure): d for d in comparison.significant}
    builders = flagged[("card", "Altar", "builders' win rate")]
    assert builders.difference > 0.3 and builders.adjusted < 0.001
    # the same deals and the same moves: the same seats built it, compared seat by seat
    assert builders.test == "paired t" and builders.n_a == builders.n_b
    assert flagged[("score", "civilian", "mean")].difference > 0
    # the games are the same, move by move: no other card is built more or less often
    assert not any(d.measure == "built when seen" for d in comparison.significant)
    assert comparison.differences[:len(flagged)] == comparison.significant  # significant ones first


def test_a_board_or_card_met_in_one_simulation_only_is_shown_as_such() -> None:
    import attrs

    played = records(BASE, 5)
    gone = played[0].seen[0]
    fewer = [attrs.evolve(r, seen=tuple(c for c in r.seen if c != gone), built=tuple(c for c in r.built if c != gone))
             for r in played if r.board != played[0].board]
    comparison = compare(played, fewer)
    only = [d for d in comparison.differences if d.only]
    assert {(d.section, d.subject, d.only) for d in only} == {
        ("board", f"{played[0].board} {r.side}", "A") for r in played if r.board == played[0].board} | {
        ("card", gone, "A")}
    card = next(d for d in only if d.section == "card")
    assert (card.n_a, card.n_b) == (sum(gone in r.seen for r in played), 0)
    assert all(math.isnan(d.p) for d in only) and comparison.differences[-len(only):] == tuple(only)


# ---- the comparison counted as the games come, against that of the whole lists of records -------

STRONG_ALTAR = ('ruleset strong_altar extends base\n'
                'replace card "Altar" age 1 blue chain to "Temple" copies 3+ 5+ { end of game: score 20 }\n')


@pytest.fixture(scope="module")
def simulations(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Three simulations of 200 games of 3 random players: the base game, the same deals with a
    stronger Altar, and the base game from other seeds; with their plans."""
    variant = tmp_path_factory.mktemp("variant") / "strong_altar.wr"
    variant.write_text(STRONG_ALTAR, encoding="utf-8")
    plans = {"base": make_plan(BASE, 3, (), ("random",), 0, 200), "other seeds": make_plan(BASE, 3, (), ("random",),
                                                                                         5000, 200)}
    strong = wr.load_rules(str(variant))
    plans["strong"] = make_plan(strong, 3, (), ("random",), 0, 200)
    loaded = {"base": BASE, "other seeds": BASE, "strong": strong}
    return {"plans": plans, "played": {name: play(plan, rules=loaded[name]) for name, plan in plans.items()}}


def test_the_comparison_counted_game_by_game_is_that_of_the_whole_lists(simulations: dict[str, Any]) -> None:
    base, strong, other = (simulations["played"][n].records() for n in ("base", "strong", "other seeds"))
    gone = base[0].seen[0]
    fewer = [attrs.evolve(r, seen=tuple(c for c in r.seen if c != gone), built=tuple(c for c in r.built if c != gone))
             for r in base if r.board != base[0].board]
    cases = {"paired seat by seat": (base, strong), "independent samples": (base, other),
             "boards and a card met in A only": (base, fewer), "games of A missing in B": (base, strong[:300]),
             "games of B missing in A": (base[150:], strong), "a few games": (base[:9], strong[:9])}
    for case, (a, b) in cases.items():
        assert same_figures(compare(a, b)) == same_figures(compare_records(a, b)), case
    tests = {d.test for d in compare(base, strong).differences} | {d.test for d in compare(base, other).differences}
    assert {"paired t", "z test", "Welch t"} <= tests


def test_chunks_paired_as_they_come_give_the_comparison_of_the_games_finished_in_both(
        simulations: dict[str, Any]) -> None:
    a, b = simulations["played"]["base"], simulations["played"]["strong"]
    chunks_a = [Chunk(c.start, c.stop, c.games, 0.0) for c in a.chunks]
    # B's chunks of 5 games, like A's ones, but one of them never finished (a stopped run)
    games_b = [g for c in b.chunks for g in c.games]
    chunks_b = [Chunk(s, s + 5, tuple(games_b[s:s + 5]), 0.0) for s in range(0, 200, 5) if s != 50]
    chunks_a = [Chunk(s, s + 5, tuple(g for c in chunks_a[s:s + 5] for g in c.games), 0.0) for s in range(0, 200, 5)]
    pairs = ChunkPairs()
    for chunk_a, chunk_b in itertools.zip_longest(chunks_a, chunks_b):
        pairs.add(0, chunk_a)
        if chunk_b is not None:
            pairs.add(1, chunk_b)
    assert len(pairs.waiting) == 1  # A's games 50 to 54, whose fellow never came
    both = {g.game for c in chunks_b for g in c.games}
    records_a = [r for r in a.records() if r.game in both]
    records_b = [r for r in b.records() if r.game in both]
    assert pairs.tally.paired_games == 195
    assert same_figures(pairs.tally.comparison()) == same_figures(compare_records(records_a, records_b))
    assert same_figures(pairs.sides[0].summary()) == same_figures(summarise_records(records_a))
    assert same_figures(pairs.sides[1].summary()) == same_figures(summarise_records(records_b))
