"""`wr play --agents human,...`: a person plays a seat at the terminal. Answers are piped to the
command: a whole game is played to its score sheet (the person always takes the first action
listed, after asking for details, typing wrong numbers and an illegal action), and the figures
printed are those of the same game played through the API; leaving, the end of the input, the
view of a seat (its own hand, never another's) and actions written out."""

from __future__ import annotations

import io
import json
import re

from click.testing import CliRunner
from rich.console import Console
from test_cli_commands import rows_of

import wonderrules as wr
from wonderrules import Action
from wonderrules.cli import main
from wonderrules.cli.human_seat import HumanSeat, LeftGame
from wonderrules.interpreter.agents import make_agent


def run(answers: str, *args: str):
    result = CliRunner().invoke(main, ["play", *args], input=answers)
    assert "Traceback" not in result.output
    return result


def first_action_game(seed: int):
    """The game of `wr play -p 3 -s SEED --agents human,greedy,greedy` where the person always
    takes the first action listed, played through the API."""
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=seed)
    bots = {p: make_agent("greedy", seed * 1000 + p) for p in (1, 2)}
    while not state.is_terminal():
        state.apply_actions({p: state.legal_actions(p)[0] if p == 0 else bots[p].choose(state, p)
                             for p in state.pending_decisions()})
    return state


def test_a_person_plays_a_whole_game_to_the_score_sheet(tmp_path):
    answers = "?1\n0\n?99\n?x\nabc\nsell Nothing\nv\nh\n" + "1\n" * 60
    log_path = tmp_path / "game.json"
    result = run(answers, "-p", "3", "-s", "2", "--agents", "human,greedy,greedy", "--log", str(log_path))
    assert result.exit_code == 0, result.output
    out = result.output
    # the first decision: details, wrong numbers, an unknown word, an illegal action, the view, help
    assert "─ Player 0: age 1, turn 1 ─" in out
    assert re.search(r"^\s+to the bank: \d+ coin\(s\)$", out, re.MULTILINE)
    count = len(wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=2).legal_actions(0))
    assert f"there is no action 0: the actions are numbered 1 to {count}" in out
    assert f"there is no action 99: the actions are numbered 1 to {count}" in out
    assert f"'x' is not a number: type ?N with N from 1 to {count}" in out
    assert "'abc' is neither a listed number nor an action: kinds of action are build, stage, sell, pick" in out
    assert "'sell Nothing' is refused (card-not-in-zone): 'Nothing' is not in the hand (it holds: " in out
    assert out.count("─ Player 0: age 1, turn 1 ─") == 2  # `v` showed the game again
    assert "h for this help; q to leave the game." in out
    # every decision of player 0 is asked (6 turns of 3 ages at least); the game ends with the sheet
    assert len(re.findall(r"^Player 0, your choice", out, re.MULTILINE)) >= 18 + 8
    state = first_action_game(2)
    rows = rows_of(out[out.rindex("┏"):])  # the last table printed: the score sheet
    for sheet in state.scores():
        assert rows[sheet.seat][2] == ("human", "greedy", "greedy")[sheet.seat]
        assert rows[sheet.seat][3:] == [str(v) for _, v in sheet.columns] + [str(sheet.total), str(sheet.coins)]
    log = json.loads(log_path.read_text(encoding="utf-8"))
    assert log["agents"] == ["human", "greedy", "greedy"]
    assert wr.replay(wr.Game(wr.load_rules("base"), 3), log).scores() == state.scores()


def test_q_leaves_the_game_with_a_sentence_and_status_1(tmp_path):
    log_path = tmp_path / "game.json"
    result = run("1\nq\n", "-p", "3", "-s", "2", "--agents", "human,greedy,greedy", "--log", str(log_path))
    assert result.exit_code == 1
    assert "player 0 left the game at age 1, turn 2: the game was not finished (no score sheet, no log)" in \
        result.stderr
    assert "Score sheet" not in result.output and not log_path.exists()


def test_the_end_of_the_input_leaves_the_game():
    result = run("", "-p", "3", "--agents", "human,greedy")
    assert result.exit_code == 1
    assert "player 0 left the game: the input ended at age 1, turn 1" in result.stderr


def test_a_person_plays_only_where_wr_play_asks():
    result = CliRunner().invoke(main, ["simulate", "-p", "3", "--games", "1", "--agents", "human"])
    assert result.exit_code == 2
    assert "no agent 'human'" in result.output


# ---- the seat itself, with scripted answers -----------------------------------------------------------


def seat_with(answers: list[str]) -> tuple[HumanSeat, io.StringIO]:
    lines = iter(answers)
    seat = HumanSeat(lambda: next(lines, None))
    text = io.StringIO()
    seat.out = Console(file=text, width=200, markup=False, highlight=False, emoji=False)
    return seat, text


def test_the_view_shows_the_own_hand_and_only_the_size_of_the_others():
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=5)
    hand = state.catalog.zone_index["hand"]
    mine = [c.name for c in state.zone(hand, 0)]
    others = {c.name for s in (1, 2) for c in state.zone(hand, s)} - set(mine)
    assert others
    seat, text = seat_with(["1"])
    assert seat.choose(state, 0) == state.legal_actions(0)[0]
    shown = text.getvalue()
    assert "hand: " + ", ".join(mine) in shown
    assert shown.count("hand: 7 card(s)") == 2
    assert not any(name in shown for name in others)


def test_an_action_written_out_is_played_when_listed():
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=5)
    card = state.zone(state.catalog.zone_index["hand"], 0)[-1].name
    seat, _ = seat_with([f"sell {card}"])
    assert seat.choose(state, 0) == Action("sell", card)
    listed = state.legal_actions(0)[2]
    seat, _ = seat_with([str(listed)])
    assert seat.choose(state, 0) == listed


def test_leaving_raises_left_game():
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=5)
    seat, _ = seat_with(["quit"])
    try:
        seat.choose(state, 0)
    except LeftGame as left:
        assert (left.player, str(left)) == (0, "player 0 left the game")
    else:
        raise AssertionError("the seat did not leave")


def test_the_details_of_a_sale_count_only_what_is_paid_now():
    # a sale pays nothing: the 3 coins it brings come with the round (rules_facts: discard for 3 coins)
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=5)
    legal = state.legal_actions(0)
    number = next(i for i, a in enumerate(legal, 1) if a.kind == "sell")
    seat, text = seat_with([f"?{number}", str(number)])
    seat.choose(state, 0)
    coins = state.cities[0].coins
    assert f"paid now: 0 coin(s) of {coins}, leaving {coins} before anything the action brings" in text.getvalue()
