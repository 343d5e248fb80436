"""`--boards` of `wr play`, `wr trace` and `wr simulate`: the seats given a wonder and side play
on it, the others are drawn by the seed, the log records the boards (so that it replays and
traces without the option), every simulated game has the boards fixed, and each mistake is one
sentence with the exit status 2."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from test_cli_commands import rows_of

import wonderrules as wr
from wonderrules.cli import main
from wonderrules.cli.boards_option import start_with_boards
from wonderrules.interpreter.agents import make_agent
from wonderrules.workbench.records import read_records
from wonderrules.workbench.simulation import make_plan

BASE_WONDERS = ["Rhodes", "Alexandria", "Ephesus", "Babylon", "Olympia", "Halicarnassus", "Giza"]


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def api_game(rules: str, players: int, seed: int, boards: list[tuple[str, str] | None]):
    """The game `wr play` plays with random agents on these boards, played through the API."""
    bots = [make_agent("random", seed * 1000 + p) for p in range(players)]
    state = wr.Game(wr.load_rules(rules), players).new_initial_state(seed=seed, boards=boards)
    while not state.is_terminal():
        state.apply_actions({p: bots[p].choose(state, p) for p in state.pending_decisions()})
    return state


def seats_of(log_path: Path) -> list[tuple[str, str]]:
    return [(s["wonder"], s["side"]) for s in json.loads(log_path.read_text(encoding="utf-8"))["seats"]]


# ---- wr play and wr trace -------------------------------------------------------------------------

def test_play_seats_the_boards_asked_and_draws_the_seat_left_to_the_seed(tmp_path: Path) -> None:
    log_path = tmp_path / "game.json"
    result = run("play", "-p", "3", "-s", "4", "--boards", "giza:b, - ,Rhodes:A", "--log", str(log_path))
    assert result.exit_code == 0, result.output
    seats = seats_of(log_path)
    assert seats[0] == ("Giza", "B") and seats[2] == ("Rhodes", "A")
    assert seats[1][0] in BASE_WONDERS and seats[1][0] not in ("Giza", "Rhodes")
    rows = rows_of(result.output)
    assert [rows[seat][1] for seat in range(3)] == [f"{w} {s}" for w, s in seats]
    # the game is the engine's game of that seed on those boards, the drawn seat drawn by the seed
    state = api_game("base", 3, 4, [("Giza", "B"), None, ("Rhodes", "A")])
    assert [int(rows[seat][-2]) for seat in range(3)] == [sheet.total for sheet in state.scores()]


def test_seats_after_the_last_entry_are_drawn_and_the_same_seed_draws_them_the_same(tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        assert run("play", "-p", "4", "-s", "9", "--boards", "Olympia:A", "--log", str(tmp_path / name)).exit_code == 0
    seats = seats_of(tmp_path / "a.json")
    assert seats == seats_of(tmp_path / "b.json")
    assert seats[0] == ("Olympia", "A")
    assert len({w for w, _ in seats}) == 4


def test_the_log_of_a_game_on_fixed_boards_replays_and_traces_without_the_option(tmp_path: Path) -> None:
    log_path = tmp_path / "game.json"
    assert run("play", "-p", "3", "-s", "2", "--boards", "-,Babylon:B", "--log", str(log_path)).exit_code == 0
    replayed = run("replay", str(log_path))
    assert replayed.exit_code == 0, replayed.output
    assert "the recorded scores match" in replayed.output
    traced = run("trace", str(log_path))
    anew = run("trace", "-p", "3", "-s", "2", "--boards", "-,Babylon:B")
    assert traced.exit_code == anew.exit_code == 0, traced.output + anew.output
    assert "1 Babylon B" in traced.output
    assert traced.output.split("\n", 1)[1] == anew.output.split("\n", 1)[1]


def test_the_neutral_seat_of_the_two_player_game_takes_a_board_too(tmp_path: Path) -> None:
    log_path = tmp_path / "game.json"
    result = run("play", "--rules", "two_player", "-p", "2", "--boards", "-,-,Giza:A", "--log", str(log_path))
    assert result.exit_code == 0, result.output
    seat = json.loads(log_path.read_text(encoding="utf-8"))["seats"][2]
    assert (seat["wonder"], seat["side"], seat["neutral"]) == ("Giza", "A", True)


def test_a_log_fixes_its_own_boards() -> None:
    result = run("trace", "logs/any.json", "--boards", "Giza:A")
    assert result.exit_code == 2
    assert "--boards is for a new game (with --players)" in result.output


# ---- mistakes -------------------------------------------------------------------------------------

def test_an_unknown_wonder_is_named_with_a_close_one_and_every_wonder_of_the_rule_set() -> None:
    result = run("play", "-p", "3", "--boards", "-,Gizah:A")
    assert result.exit_code == 2
    assert "there is no wonder 'Gizah' in this rule set (did you mean Giza?); its wonders are " \
           f"{', '.join(BASE_WONDERS)}" in result.output


@pytest.mark.parametrize(("boards", "message"), [
    ("Giza:A,Rhodes:B,giza:B", "Giza is given to seats 0 and 2: a wonder sits at one seat only"),
    ("-,-,-,Giza:A", "4 boards given for a table of 3 seats"),
    ("Giza", "the board of seat 0 needs its side: write Giza:A or Giza:B"),
    ("Giza:C", "Giza has no side 'C': its sides are A, B"),
    ("Giza:A,,Rhodes:A", "the entry of seat 1 is empty: write - for a board drawn as usual"),
])
def test_a_wrong_list_is_a_usage_error_in_one_sentence(boards: str, message: str) -> None:
    for command in (["play"], ["trace"], ["simulate", "-n", "1"]):
        result = run(*command, "-p", "3", "--boards", boards)
        assert result.exit_code == 2, result.output
        assert f"Invalid value for '--boards': {message}" in result.output


def test_too_many_boards_for_the_two_player_table_counts_its_neutral_seat() -> None:
    result = run("play", "--rules", "two_player", "-p", "2", "--boards", "-,-,-,-")
    assert result.exit_code == 2
    assert "4 boards given for a table of 3 seats (2 players and 1 neutral)" in result.output


def test_what_the_engine_refuses_in_the_boards_is_a_bad_option_value() -> None:
    game = wr.Game(wr.load_rules("base"), 3)
    with pytest.raises(click.BadParameter, match="no wonder 'Atlantis' side A"):
        start_with_boards(game, 0, (("Atlantis", "A"), None, None))


# ---- wr simulate ----------------------------------------------------------------------------------

def test_every_simulated_game_has_the_boards_fixed_and_the_others_drawn_by_its_seed(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"{jobs}.jsonl"
        result = run("simulate", "-p", "3", "-n", "5", "-s", "11", "-j", jobs, "--boards", "Halicarnassus:B",
                     "--out", str(out))
        assert result.exit_code == 0, result.output
        assert "seeds 11 to 15; boards fixed: seat 0 Halicarnassus B" in result.output.splitlines()[1]
        outs.append(out)
    assert outs[0].read_bytes() == outs[1].read_bytes()
    records = read_records(str(outs[0]))
    assert len(records) == 15
    assert all((r.board, r.side) == ("Halicarnassus", "B") for r in records if r.seat == 0)
    assert len({r.board for r in records if r.seat != 0}) > 1
    assert all(r.board != "Halicarnassus" for r in records if r.seat != 0)
    # game g is the game `wr play --seed 11+g --boards Halicarnassus:B` plays
    for game in (0, 3):
        state = api_game("base", 3, 11 + game, [("Halicarnassus", "B"), None, None])
        assert [r.total for r in records if r.game == game] == [sheet.total for sheet in state.scores()]


def test_the_report_names_the_boards_fixed(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    result = run("simulate", "-p", "3", "-n", "2", "-j", "1", "--boards", "-,Giza:B", "--report", str(page))
    assert result.exit_code == 0, result.output
    assert ("<dt>Table</dt><dd>3 players; options: none; sides: random; boards fixed: seat 1 Giza B</dd>"
            in page.read_text(encoding="utf-8"))


def test_the_plan_carries_the_boards_as_plain_data() -> None:
    plan = make_plan(wr.load_rules("base"), 3, (), ["random"], 0, 2, boards=[["Giza", "A"], None, None])
    assert plan.boards == (("Giza", "A"), None, None)
    assert pickle.loads(pickle.dumps(plan)) == plan
    assert hash(plan) == hash(pickle.loads(pickle.dumps(plan)))


def test_the_workers_of_a_cluster_play_on_the_boards_fixed(dask_cluster, tmp_path: Path) -> None:
    common = ("simulate", "-p", "3", "-n", "6", "-s", "20", "--boards", "-,Alexandria:A")
    alone = run(*common, "-j", "1", "--out", str(tmp_path / "alone.jsonl"))
    shared = run(*common, "--cluster", dask_cluster.address, "--out", str(tmp_path / "cluster.jsonl"))
    assert alone.exit_code == shared.exit_code == 0, alone.output + shared.output
    assert (tmp_path / "cluster.jsonl").read_bytes() == (tmp_path / "alone.jsonl").read_bytes()
    records = read_records(str(tmp_path / "cluster.jsonl"))
    assert len(records) == 18
    assert all((r.board, r.side) == ("Alexandria", "A") for r in records if r.seat == 1)
