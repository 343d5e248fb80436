"""The simulation runner: game g is the game `wr play --seed S+g` plays, recorded seat by seat from
what the API shows; the records are the same whatever the executor and the number of workers, and
come back in game order; a stopped run keeps whole games only."""

from __future__ import annotations

import signal
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

import wonderrules as wr
from wonderrules.interpreter.agents import make_agent
from wonderrules.workbench.simulation import Chunk, chunk_spans, make_plan, play, play_side_by_side, process_pool
from wonderrules.workbench.simulation_run import Job, run_jobs

BASE = wr.load_rules("base")


def plan_of(games: int, players: int = 3, agents: tuple[str, ...] = ("random",), seed: int = 10, rules=BASE,
            options: tuple[str, ...] = ()):
    return make_plan(rules, players, options, agents, seed, games)


def test_a_record_holds_what_the_api_shows_of_the_same_game() -> None:
    plan = plan_of(3, players=4, agents=("greedy", "random"))
    records = play(plan, rules=BASE).records()
    assert [(r.game, r.seat) for r in records] == [(g, s) for g in range(3) for s in range(4)]
    for g in range(3):
        seed = 10 + g
        bots = [make_agent("greedy" if p % 2 == 0 else "random", seed * 1000 + p) for p in range(4)]
        state = wr.Game(BASE, 4).new_initial_state(seed=seed)
        seen: list[set[str]] = [set() for _ in range(4)]
        decisions = [0] * 4
        rounds = 0
        while not state.is_terminal():
            pending = state.pending_decisions()
            rounds += 1
            for p in pending:
                decisions[p] += 1
                seen[p] |= {a.card for a in state.legal_actions(p) if a.card}
            state.apply_actions({p: bots[p].choose(state, p) for p in pending})
        sheets = state.scores()
        keys = [(s.total, s.coins) for s in sheets]  # the base game breaks a tie of points by coins
        best = max(keys)
        for seat in range(4):
            r = records[g * 4 + seat]
            city = wr.observation(state, seat)["cities"][seat]
            assert (r.seed, r.rules, r.players, r.options) == (seed, "base", 4, ())
            assert (r.board, r.side, r.agent) == (city["board"], city["side"], bots[seat].name)
            assert r.scores == sheets[seat].columns and r.total == sheets[seat].total
            assert [name for name, _ in r.scores] == [c.name for c in BASE.categories]
            assert r.rank == 1 + sum(other > keys[seat] for other in keys)
            assert r.winner == (1 / keys.count(best) if keys[seat] == best else 0.0)
            assert r.built == tuple(city["zones"]["built"]["cards"])
            assert set(r.built) <= set(r.seen) and r.seen == tuple(sorted(seen[seat]))
            assert (r.decisions, r.rounds) == (decisions[seat], rounds)


def test_the_winners_share_of_a_team_game_goes_to_every_member_of_the_winning_team() -> None:
    cities = wr.load_rules("cities")
    records = play(plan_of(2, players=4, rules=cities, options=("teams",)), rules=cities).records()
    for g in range(2):
        rows = [r for r in records if r.game == g]
        winners = [r.seat for r in rows if r.winner]
        # two teams of two: each winning member has the whole win, unless the teams tie
        assert sum(r.winner for r in rows) == 2
        assert {r.rank for r in rows if r.winner} == {1} and len(winners) in (2, 4)


def test_the_same_seed_gives_the_same_records_on_one_process_or_two() -> None:
    plan = plan_of(10, players=3, agents=("random", "greedy"))
    alone = play(plan, rules=BASE).records()
    with process_pool(2) as pool:
        shared = play(plan, pool, workers=2).records()
    assert shared == alone
    assert len({r.board for r in alone}) > 1  # the games differ from each other


def test_chunks_come_back_in_game_order_from_any_executor() -> None:
    plan = plan_of(9)
    alone = play(plan, rules=BASE)
    handed: list[tuple[int, int]] = []
    with ThreadPoolExecutor(3) as threads:
        pooled = play(plan, threads, workers=3, on_chunk=lambda c: handed.append((c.start, c.stop)))
    assert handed == list(chunk_spans(9, 3)) and pooled.records() == alone.records()

    class OnDemand:
        """An executor that plays a chunk only when its result is asked for (a cluster's client
        needs no more than submit and futures with result, done and cancel)."""

        def submit(self, fn, *args):
            future: Future = Future()
            future.result = lambda timeout=None: fn(*args)  # type: ignore[method-assign]
            return future

    assert play(plan, OnDemand(), workers=2).records() == alone.records()


def test_the_chunks_cover_every_game_once() -> None:
    for games, workers in [(1, 4), (7, 1), (100, 2), (1000, 8), (5, 5)]:
        spans = list(chunk_spans(games, workers))
        assert [g for start, stop in spans for g in range(start, stop)] == list(range(games))
        assert max(stop - start for start, stop in spans) <= 50


def test_a_run_of_more_games_than_memory_holds_sends_its_chunks_as_they_are_needed() -> None:
    # the chunks of every game were listed first: `wr simulate -n 10**18 -j 2` held 3.7 GB after
    # 15 s and had not played a game
    handed: list[Chunk] = []
    with ThreadPoolExecutor(2) as threads:
        played = play(plan_of(10**18), threads, workers=2, rules=BASE, on_chunk=handed.append,
                      stop=lambda: len(handed) >= 2, keep=False)
    assert played.stopped and 2 <= played.games <= 4 * 50


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_run_keeps_whole_games_in_order_and_says_it_stopped(workers: int) -> None:
    plan = plan_of(40)
    handed: list[Chunk] = []
    with ThreadPoolExecutor(2) if workers > 1 else _nothing() as executor:
        played = play(plan, executor, workers=workers, rules=BASE, on_chunk=handed.append,
                      stop=lambda: len(handed) >= 2)
    assert played.stopped and 2 <= played.games < 40
    assert list(played.chunks) == handed
    numbers = [g.game for c in played.chunks for g in c.games]
    assert numbers == list(range(len(numbers)))  # a prefix, each game with all its seats
    assert all(len(g.seats) == 3 for c in played.chunks for g in c.games)
    assert played.records() == play(plan_of(len(numbers)), rules=BASE).records()


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def test_ctrl_c_finishes_the_game_under_way_and_a_second_one_stops_at_once() -> None:
    plan = plan_of(30)

    def interrupt(after: int, times: int):
        chunks: list[Chunk] = []

        def on_chunk(chunk: Chunk) -> None:
            chunks.append(chunk)
            if len(chunks) == after:
                for _ in range(times):
                    signal.raise_signal(signal.SIGINT)
        return on_chunk

    (run,), stopped = run_jobs([Job("games", plan, BASE, interrupt(2, 1))], 1, False)
    assert stopped and run.played.stopped and run.played.games == 2
    # the second Ctrl-C arrives while the second game is handed over: it is handed over whole
    # (written and counted), then the run stops at once
    (run,), stopped = run_jobs([Job("games", plan, BASE, interrupt(2, 2))], 1, False)
    assert stopped and run.played.games == 2
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_stop_in_a_run_of_two_simulations_finishes_the_same_games_of_both() -> None:
    handed: list[tuple[str, int]] = []

    def first(chunk: Chunk) -> None:
        handed.append(("A", chunk.start))
        signal.raise_signal(signal.SIGINT)

    jobs = [Job("A", plan_of(5), BASE, first), Job("B", plan_of(5), BASE, lambda c: handed.append(("B", c.start)))]
    runs, stopped = run_jobs(jobs, 1, False)
    # the two are played side by side: game 0 of B was under way, and is finished
    assert stopped and [r.played.games for r in runs] == [1, 1] and handed == [("A", 0), ("B", 0)]
    assert [r.played.chunks for r in runs] == [(), ()]  # handed over, not kept


@pytest.mark.parametrize("workers", [1, 3])
def test_simulations_side_by_side_hand_over_the_same_games_of_each_in_turn(workers: int) -> None:
    plans = [plan_of(9), plan_of(9, players=4), plan_of(4, seed=50)]
    handed: list[tuple[int, int, int]] = []
    with ThreadPoolExecutor(workers) if workers > 1 else _nothing() as executor:
        played = play_side_by_side(plans, executor, workers, [BASE] * 3,
                                   lambda i, c: handed.append((c.start, i, c.stop)), keep=True)
    assert handed == sorted(handed)  # games 0 to k of each plan in turn, then the next ones
    assert [p.records() for p in played] == [play(plan, rules=BASE).records() for plan in plans]
    assert [p.games for p in played] == [9, 9, 4] and not any(p.stopped for p in played)
    unkept = play_side_by_side(plans, executor=None, rules=[BASE] * 3)
    assert [(p.games, p.decisions, p.chunks) for p in unkept] == [(p.games, p.decisions, ()) for p in played]
    with pytest.raises(ValueError, match=r"not kept: play\(..., keep=True\) keeps them"):
        unkept[0].records()
