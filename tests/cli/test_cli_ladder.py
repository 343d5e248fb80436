"""`wr ladder` and its module (src/wonderrules/workbench/ladder.py): the schedule seats the two agents of a
pair alternately and deals every pair the same games; the matchup matrix has a row and a column per
agent with each pair's two cells adding up to all the wins; the figures are the same for any number
of jobs; the Wilson interval and the verdict are checked by hand; bad arguments are usage errors.
Agent specs with a budget work in `wr play` and `wr simulate` too."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.workbench.ladder import Ladder, Pairing, run_ladder, schedule, verdict, wilson


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def test_the_seats_alternate_between_the_two_agents_and_every_pair_meets_the_same_deals() -> None:
    tasks = schedule(["a", "b", "c"], 3, 2, seed=10)
    assert [t.pair for t in tasks] == [(0, 1), (0, 1), (0, 2), (0, 2), (1, 2), (1, 2)]
    assert [t.seed for t in tasks] == [10, 11] * 3
    assert tasks[0].seats == ("a", "b", "a") and tasks[0].first == (0, 2)
    assert tasks[1].seats == ("b", "a", "b") and tasks[1].first == (1,)
    assert tasks[5].seats == ("c", "b", "c") and tasks[5].first == (1,)
    # over two games each agent sat at each seat once
    for i in (0, 2, 4):
        for seat in range(3):
            assert {tasks[i].seats[seat], tasks[i + 1].seats[seat]} == set(tasks[i].seats)


def test_a_pair_shares_every_win_and_the_figures_do_not_depend_on_the_jobs() -> None:
    rules = wr.load_rules("base")
    one = run_ladder(rules, 3, ["random", "greedy"], 4, seed=2, jobs=1)
    two = run_ladder(rules, 3, ["random", "greedy"], 4, seed=2, jobs=2)
    assert one == two
    (pairing,) = one.pairings
    assert pairing.games == 4
    share, games = one.share(1, 0)
    assert games == 4 and one.share(0, 1)[0] == pytest.approx(1 - share)
    # greedy beats random: the seats of greedy won these games (the winners read from the engine)
    game = wr.Game(rules, 3)
    from wonderrules.interpreter.agents import make_agent

    wins = 0.0
    for g in range(4):
        seats = ["random" if (s + g) % 2 == 0 else "greedy" for s in range(3)]
        agents = [make_agent(spec, (2 + g) * 1000 + s) for s, spec in enumerate(seats)]
        state = game.new_initial_state(seed=2 + g)
        while not state.is_terminal():
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
        wins += sum(r for s, r in enumerate(state.returns()) if seats[s] == "greedy")
    assert share == pytest.approx(wins / 4)


class _Enough(Exception):
    pass


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_ladder_of_more_games_than_memory_holds_plays_them_as_they_come(jobs: int) -> None:
    # every game was listed first: `wr ladder -n 10**12` filled the memory before it played one
    def progress(done: int, total: int) -> None:
        assert total == 3 * 10**15
        if done == 3:
            raise _Enough

    with pytest.raises(_Enough):
        run_ladder(wr.load_rules("base"), 3, ["random", "greedy", "mcts:2"], 10**15, jobs=jobs, progress=progress)


def test_the_wilson_interval_is_the_textbook_one() -> None:
    # p = 0.5, n = 100: 0.5 +- 1.96 * sqrt(0.0025 + 1.96^2 / 40000) / (1 + 1.96^2 / 100)
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    # p = 0, n = 10: [0, z^2 / (n + z^2)]
    assert wilson(0.0, 10) == pytest.approx((0.0, 3.8415 / 13.8415), abs=1e-4)
    assert wilson(1.0, 10) == pytest.approx((10 / 13.8415, 1.0), abs=1e-4)


def test_the_wilson_interval_holds_the_share_and_stays_inside_0_to_1() -> None:
    for n in range(1, 400):
        assert wilson(0.0, n)[0] == 0.0 and wilson(1.0, n)[1] == 1.0, n
        for share in (0.0, 0.25, 0.5, 1 / 3, 1.0):
            low, high = wilson(share, n)
            assert 0.0 <= low <= share <= high <= 1.0, (share, n)


def _ladder(shares: list[tuple[int, int, float]], games: int = 40) -> Ladder:
    return Ladder(("r", "g", "m1", "m2"), 4, games, tuple(Pairing(i, j, s * games, games) for i, j, s in shares))


def test_the_verdict_reads_the_agents_weakest_first() -> None:
    steps = [(0, 1, 0.1), (0, 2, 0.05), (0, 3, 0.0), (1, 2, 0.3), (1, 3, 0.2), (2, 3, 0.45)]
    assert verdict(_ladder(steps)) == ("Skill gradient r < g < m1 < m2: respected, each agent beats the one "
                                       "before it; 2 of 3 step(s) significant at 95%.")
    broken = [(0, 1, 0.1), (0, 2, 0.05), (0, 3, 0.0), (1, 2, 0.6), (1, 3, 0.2), (2, 3, 0.55)]
    # 16 of 40: 0.4 +- 1.96 * sqrt(0.006 + 1.96^2 / 6400) / (1 + 1.96^2 / 40) around (0.4 + 0.048) / 1.096
    assert verdict(_ladder(broken)) == ("Skill gradient r < g < m1 < m2: not respected: m1 wins 40% [26%, 55%] of "
                                        "its games against g (and 1 more step(s)).")


def test_ladder_prints_a_matrix_with_a_row_and_a_column_per_agent() -> None:
    result = run("ladder", "-p", "3", "-n", "2", "-s", "5", "--agents", "random,greedy,mcts:2", "-j", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "2 game(s) per pair of agents, 3 players (base), seeds 5 to 6" in out
    header = next(line for line in out.splitlines() if "row vs column" in line)
    assert [c.strip() for c in header.strip("┃").split("┃")] == ["row vs column", "random", "greedy", "mcts:2"]
    rows = {}
    for line in out.splitlines():
        if line.startswith("│"):
            cells = [c.strip() for c in line.strip("│").split("│")]
            rows[cells[0]] = cells[1:]
    assert list(rows) == ["random", "greedy", "mcts:2"]
    for i, name in enumerate(rows):
        assert rows[name][i] == "-"
        for j, other in enumerate(rows):
            if i != j:
                mine = re.fullmatch(r"(\d+)% \[\d+%, \d+%\] n=2", rows[name][j])
                theirs = re.fullmatch(r"(\d+)% \[\d+%, \d+%\] n=2", rows[other][i])
                assert mine and theirs and int(mine[1]) + int(theirs[1]) == 100
    assert "Skill gradient random < greedy < mcts:2:" in out


@pytest.mark.parametrize("args,message", [
    (["--agents", "random,mcts:abc"], "the budget of 'mcts:abc' must be a number of iterations"),
    (["--agents", "random,chess"], "no agent 'chess'"),
    (["--agents", "greedy"], "at least two different agents"),
    (["--agents", "greedy,greedy"], "at least two different agents"),
    (["--games", "0"], "--games must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--players", "9"], "players"),
])
def test_a_bad_ladder_argument_is_a_usage_error(args, message) -> None:
    result = run("ladder", "--agents", "random,greedy", *args)
    assert result.exit_code == 2 and message in result.output, result.output


@pytest.mark.parametrize("command", [["simulate", "-p", "3", "-n", "1"], ["play", "-p", "3"]])
def test_a_bad_agent_spec_is_a_usage_error_in_play_and_simulate(command) -> None:
    result = run(*command, "--agents", "mcts:abc")
    assert result.exit_code == 2, result.output
    assert "the budget of 'mcts:abc' must be a number of iterations ('mcts:200') or a time" in result.output


def test_play_and_simulate_take_an_agent_with_a_budget() -> None:
    result = run("play", "-p", "3", "-s", "2", "--agents", "mcts:3,greedy")
    assert result.exit_code == 0, result.output
    assert "mcts:3" in result.output
    result = run("simulate", "-p", "3", "-n", "1", "--agents", "mcts:2,random")
    assert result.exit_code == 0, result.output
    assert "mcts:2 " in result.output


def test_jobs_are_capped_at_the_games_to_play(monkeypatch: pytest.MonkeyPatch) -> None:
    from wonderrules.workers import processes as worker_processes

    started: list[int] = []
    real = worker_processes.start_pool

    def counted(jobs: int, *args):
        started.append(jobs)
        return real(jobs, *args)

    monkeypatch.setattr(worker_processes, "start_pool", counted)
    result = CliRunner().invoke(main, ["ladder", "-p", "3", "-n", "2", "--agents", "random,greedy", "--jobs", "1000"])
    assert result.exit_code == 0, result.output
    assert started == [2]  # one process per game of the ladder, not a thousand
