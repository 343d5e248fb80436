"""Every command of `wr` on the bundled rule sets: what `wr check` says a rule set declares, the
score sheet of `wr play` (teams, the Free City, the winner line), `wr replay` of logs of both
formats, `wr simulate` and `wr compile`. Figures printed are compared with the engine's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import wonderrules as wr
from wonderrules.cli import main

V1_LOG = Path(__file__).resolve().parent / "data" / "base_3p_seed3003_v1.json"


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def rows_of(output: str) -> dict[int, list[str]]:
    """The rows of the printed score sheet: seat -> its cells (without the winner's star)."""
    rows = {}
    for line in output.splitlines():
        if line.startswith("│"):
            cells = [c.strip() for c in line.strip("│").split("│")]
            rows[int(cells[0].rstrip(" *"))] = cells
    return rows


def played(rules: tuple[str, ...], players: int, seed: int, options: tuple[str, ...] = (), agents: str = "random"):
    """The game `wr play` plays for these arguments, played again through the API."""
    from wonderrules.interpreter.agents import make_agent

    names = agents.split(",")
    bots = [make_agent(names[p % len(names)], seed * 1000 + p) for p in range(players)]
    state = wr.Game(wr.load_rules(*rules), players, options).new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply_actions({p: bots[p].choose(state, p) for p in state.pending_decisions()})
    return state


# ---- wr --help ------------------------------------------------------------------------------------

def test_help_lists_every_command() -> None:
    result = run("--help")
    assert result.exit_code == 0
    listed = re.findall(r"^  (\w+) ", result.output.split("Commands:")[1], flags=re.M)
    assert listed == ["cards", "check", "compare", "compile", "fields", "fmt", "ladder", "lsp", "play", "protocol",
                      "replay", "serve", "show", "simulate", "trace"]


# ---- wr check -------------------------------------------------------------------------------------

def test_check_of_every_bundled_rule_set_summarises_each() -> None:
    result = run("check", "base", "cities", "two_player")
    assert result.exit_code == 0, result.output
    assert "7 Wonders (base): 78 cards, 14 wonder sides (7 wonders), 3 to 7 players" in result.output
    assert "7 Wonders: Cities (base + cities): 108 cards, 18 wonder sides (9 wonders), 3 to 8 players" in result.output
    assert "7 Wonders for two players (base + two_player): 78 cards, 14 wonder sides (7 wonders), 2 players" \
        in result.output


def test_check_says_what_the_rule_set_declares() -> None:
    out = " ".join(run("check", "two_player").output.split())  # wrapped lines joined
    assert "Score columns: military, treasury, wonder, civilian, science, commercial, guilds" in out
    assert ("Zones: hand (each seat, seen by its owner), built (each seat, seen by everyone, in play), tucked "
            "(each seat, hidden), discard (shared, hidden), pile (each seat, hidden)") in out
    assert "Actions: build, stage, sell, pick" in out
    assert "Decisions: play (build, stage, sell); extra (build, stage, sell); pick (pick)" in out
    assert "Contests: military (at end of age)" in out
    assert "Seats without a player: Free City" in out
    assert "Ties broken by: coins" in out
    assert "Giza A (3 stages), B (4 stages)" in out


def test_check_names_the_options_and_deals_every_table() -> None:
    out = run("check", "cities").output
    assert "Options: teams (Team play, 4, 6 and 8 players, teams of 2, the best team wins)" in " ".join(out.split())
    # 8 players: hands of 7; the age I deck holds 49 cards by markers and 7 black ones
    assert re.search(r"│\s+8 │ teams\s+│ 49 \+ 7 black = 56 │.*│\s+8 x 7 │\s+6 │", out), out


def test_a_quiet_check_of_a_correct_rule_set_prints_nothing() -> None:
    result = run("check", "-q", "base")
    assert result.exit_code == 0 and result.output == ""


# ---- wr play --------------------------------------------------------------------------------------

def test_play_prints_the_score_sheet_of_the_game_the_engine_plays() -> None:
    result = run("play", "-p", "5", "-s", "1", "--agents", "greedy,random")
    assert result.exit_code == 0, result.output
    state = played(("base",), 5, 1, agents="greedy,random")
    rows = rows_of(result.output)
    for sheet in state.scores():
        assert rows[sheet.seat][2] == ("greedy", "random")[sheet.seat % 2]
        assert rows[sheet.seat][3:] == [str(v) for _, v in sheet.columns] + [str(sheet.total), str(sheet.coins)]
    winners = state.winners()
    assert f"Winner{'s' if len(winners) > 1 else ''}: " + ", ".join(f"seat {w}" for w in winners) + \
        "  (ties broken by coins, then shared)" in result.output


def test_team_play_prints_the_team_totals_and_the_winning_team() -> None:
    result = run("play", "-p", "4", "-s", "1", "--rules", "cities", "--teams")
    assert result.exit_code == 0, result.output
    state = played(("cities",), 4, 1, ("teams",))
    totals = [s.total for s in state.scores()]
    assert f"Team totals: team 0 (seats 0, 1): {totals[0] + totals[1]}; team 1 (seats 2, 3): " \
           f"{totals[2] + totals[3]}" in result.output
    best = 0 if state.winners() == [0, 1] else 1
    assert state.winners() == [2 * best, 2 * best + 1]
    assert f"Winning team: team {best} (seats {2 * best}, {2 * best + 1})  (ties broken by coins, then shared)" \
        in result.output


def test_the_free_city_has_a_row_and_never_wins() -> None:
    result = run("play", "-p", "2", "-s", "1", "--rules", "cities", "--rules", "two_player")
    assert result.exit_code == 0, result.output
    rows = rows_of(result.output)
    assert sorted(rows) == [0, 1, 2]
    assert rows[2][1].endswith("(Free City)") and rows[2][2] == "-"
    assert "(Free City)" not in result.output.split("Winner")[1]


def test_an_option_the_table_does_not_allow_is_a_usage_error() -> None:
    result = run("play", "-p", "5", "--rules", "cities", "--teams")
    assert result.exit_code == 2
    assert "Error: option 'teams' needs 4, 6, 8 players, not 5" in result.output


# ---- wr replay ------------------------------------------------------------------------------------

def test_a_log_of_the_current_format_replays_and_its_scores_match(tmp_path: Path) -> None:
    log_path = tmp_path / "game.json"
    assert run("play", "-p", "2", "-s", "3", "--rules", "cities", "--rules", "two_player",
               "--log", str(log_path)).exit_code == 0
    log = json.loads(log_path.read_text(encoding="utf-8"))
    assert log["version"] == 2 and log["rules"] == ["cities", "two_player"]
    result = run("replay", str(log_path))
    assert result.exit_code == 0, result.output
    assert f"replay verified: {len(log['rounds'])} decision rounds, the recorded scores match" in result.output


def test_a_log_of_format_1_replays_and_its_scores_match(tmp_path: Path) -> None:
    log = json.loads(V1_LOG.read_text(encoding="utf-8"))
    assert log["version"] == 1 and "fingerprint" not in log
    result = run("replay", str(V1_LOG))
    assert result.exit_code == 0, result.output
    assert f"replay verified: {len(log['rounds'])} decision rounds, the recorded scores match" in result.output
    rows = rows_of(result.output)
    for recorded in log["scores"]:
        assert rows[recorded["seat"]][-2:] == [str(recorded["total"]), str(recorded["coins"])]


def test_a_changed_score_is_a_mismatch(tmp_path: Path) -> None:
    log = json.loads(V1_LOG.read_text(encoding="utf-8"))
    log["scores"][0]["total"] += 1
    (tmp_path / "game.json").write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(tmp_path / "game.json"))
    assert result.exit_code == 1
    assert "mismatch: " in result.output and "replay verified" not in result.output


def test_an_illegal_action_in_a_log_is_refused_with_its_round(tmp_path: Path) -> None:
    log = json.loads(V1_LOG.read_text(encoding="utf-8"))
    log["rounds"][0]["0"]["card"] = "Temple"  # a card of age II, not in the first hand
    (tmp_path / "game.json").write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(tmp_path / "game.json"))
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"error: {tmp_path / 'game.json'}: round 0: illegal action: player 0: 'Temple' is "
                               "not in the hand (it holds: "), result.output


def test_an_unfinished_log_says_where_the_game_stopped(tmp_path: Path) -> None:
    log = json.loads(V1_LOG.read_text(encoding="utf-8"))
    log["rounds"] = log["rounds"][:5]
    del log["scores"], log["winners"]
    (tmp_path / "game.json").write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(tmp_path / "game.json"))
    assert result.exit_code == 0, result.output
    assert "5 rounds replayed; the game is not over (age 1, turn 6)" in result.output


def test_a_log_cut_short_that_records_final_scores_is_refused(tmp_path: Path) -> None:
    log = json.loads(V1_LOG.read_text(encoding="utf-8"))
    log["rounds"] = log["rounds"][:5]
    (tmp_path / "game.json").write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(tmp_path / "game.json"))
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [
        f"error: {tmp_path / 'game.json'}: rounds: the game is not over after the 5 rounds of the log (age 1, "
        "turn 6), yet the log records its final scores"]


# ---- wr simulate ----------------------------------------------------------------------------------

def table_lines(output: str, title: str) -> list[dict[str, str]]:
    """The rows of the printed table of this title, each as {column: cell}."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    header = next(line for line in lines[start:] if line.startswith("┃"))
    columns = [c.strip() for c in header.strip("┃").split("┃")]
    rows = []
    for line in lines[start:]:
        if line.startswith("└"):
            break
        if line.startswith("│"):
            rows.append(dict(zip(columns, (c.strip() for c in line.strip("│").split("│")))))
    return rows


def table_rows(output: str, title: str) -> dict[str, dict[str, str]]:
    """The rows of the printed table of this title by their first cell."""
    return {next(iter(row.values())): row for row in table_lines(output, title)}


def test_simulate_prints_its_speed_and_the_average_scores() -> None:
    result = run("simulate", "-p", "3", "-n", "2", "-s", "5", "-j", "1")
    assert result.exit_code == 0, result.output
    assert re.search(r"^2 games, 3 players \(base\): [\d.]+ s, [\d.]+ games/s, [\d.]+ µs per decision$",
                     result.output, flags=re.M), result.output
    sheets = [s for seed in (5, 6) for s in played(("base",), 3, seed).scores()]
    columns = table_rows(result.output, "Score columns per seat")
    assert columns["total"]["mean"] == f"{sum(s.total for s in sheets) / len(sheets):.2f}"
    assert columns["military"]["mean"] == f"{sum(s.column('military') for s in sheets) / len(sheets):.2f}"
    assert columns["military"]["max"] == str(max(s.column("military") for s in sheets))
    assert table_rows(result.output, "Per agent")["random"]["win rate"] == "33.3%"


def test_simulate_refuses_no_games() -> None:
    result = run("simulate", "-p", "3", "-n", "0")
    assert result.exit_code == 2 and "--games must be at least 1" in result.output


# ---- wr compile -----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [("base",), ("cities", "two_player")])
def test_compile_writes_the_rule_set_the_engine_loads(tmp_path: Path, rules: tuple[str, ...]) -> None:
    out = tmp_path / "rules.json"
    result = run("compile", *rules, "-o", str(out))
    assert result.exit_code == 0, result.output
    compiled = wr.load_compiled(str(out))
    assert compiled == wr.load_rules(*rules)
    assert f"wrote {out} ({len(compiled.cards)} cards, {len(compiled.boards)} wonder sides)" in result.output
    played_from_json = run("play", "-p", str(compiled.settings.players[0]), "--rules", str(out))
    assert played_from_json.exit_code == 0 and "Winner" in played_from_json.output


TWEAK = 'ruleset tweak "Tweak" extends base\nreplace card "Baths" age 1 blue cost stone copies 3+ 7+ {\n' \
        '  end of game: score 4\n}\n'


def origin_paths(value) -> set[str]:
    """The paths of every origin in compiled JSON data."""
    if isinstance(value, dict):
        found = {value["origin"]["path"]} if isinstance(value.get("origin"), dict) else set()
        return found.union(*(origin_paths(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(origin_paths(v) for v in value))
    return set()


def test_a_compiled_rule_set_records_no_path_of_the_machine_that_compiled_it(tmp_path: Path, monkeypatch) -> None:
    """Origins name a file inside the compiled file's folder by its path from there, any other by
    its name, a bundled one as <bundled>/NAME.wr, however the files were given."""
    (tmp_path / "variants").mkdir()
    (tmp_path / "build" / "layers").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    harbour = tmp_path / "variants" / "harbour.wr"
    harbour.write_text((Path(__file__).resolve().parents[2] / "docs" / "examples" / "harbour.wr").read_text())
    tweak = tmp_path / "build" / "layers" / "tweak.wr"
    tweak.write_text(TWEAK, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "elsewhere")
    for given in ([str(harbour), str(tweak)], ["../variants/harbour.wr", "../build/layers/tweak.wr"]):
        result = run("compile", *given, "-o", "../build/h.json")
        assert result.exit_code == 0, result.output
        text = (tmp_path / "build" / "h.json").read_text(encoding="utf-8")
        assert str(tmp_path) not in text and str(tmp_path.resolve()) not in text
        assert origin_paths(json.loads(text)) == {"<bundled>/base.wr", "harbour.wr", "layers/tweak.wr"}
    from wonderrules.interpreter.ir import Origin

    compiled = wr.load_compiled("../build/h.json")
    assert compiled.card("Baths").origin == Origin("layers/tweak.wr", 2, 1)
    assert compiled.fingerprint == wr.load_rules(str(harbour), str(tweak)).fingerprint


def test_compile_writes_nothing_the_loader_would_refuse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even where the checker lets a rule set through (its last pass left out here), the file
    written is read back by the loader first: a refusal writes nothing, in one sentence."""
    from wonderrules.grammar.checks import loadable

    monkeypatch.setattr(loadable, "check", lambda *args: [])
    layer = tmp_path / "long.wr"
    layer.write_text("ruleset long extends base\nscoring {\n  override treasury = " + " + ".join(["coins"] * 70)
                     + "\n}\n", encoding="utf-8")
    out = tmp_path / "rules.json"
    result = run("compile", str(layer), "-o", str(out))
    assert result.exit_code == 1 and not out.exists()
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: nothing written: the loader of compiled rule sets would "
                                                   "refuse this one (categories[1].formula.left"), result.output


@pytest.mark.parametrize(("text", "why"), [
    ('{"format": 3}', "name: missing key 'name'"),
    ("{", "the rule set: this is not JSON: "),
])
def test_a_compiled_rule_set_that_does_not_load_is_named(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    result = run("play", "-p", "3", "--rules", str(path))
    assert result.exit_code == 1
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"error: cannot load the compiled rule set '{path}': {why}"), result.output


def test_the_board_column_is_not_confused_with_the_wonder_score_column() -> None:
    output = run("play", "-p", "3", "-s", "2").output
    header = next(ln for ln in output.splitlines() if ln.startswith("┃"))
    columns = [c.strip() for c in header.strip("┃").split("┃")]
    assert columns[:3] == ["seat", "board", "agent"]
    assert columns.count("wonder") == 1  # the score column of the stages


def test_in_team_play_every_member_of_the_winning_team_wins() -> None:
    result = run("simulate", "-p", "4", "-n", "2", "--rules", "cities", "--teams", "-j", "1")
    assert result.exit_code == 0, result.output
    # two teams of two: each member of the winning team wins the game (a tie of teams shares it),
    # so without a tie two of the four seats win each game: 50%
    seat_wins = 0.0
    for seed in (0, 1):
        winners = played(("cities",), 4, seed, ("teams",)).winners()
        seat_wins += len(winners) / (len(winners) // 2)  # members of the winning teams / winning teams
    assert seat_wins == 4
    assert table_rows(result.output, "Per agent")["random"]["win rate"] == "50.0%"
