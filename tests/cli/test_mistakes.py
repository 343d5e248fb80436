"""The command line answers a mistake with what to do instead: a bundled name with a typo gets the
closest bundled names, a table the rule set does not seat names its player counts and the bundled
rule sets that seat it, more agents than players are refused, and the help of --rules lists
every bundled rule set. Each is a usage error (exit status 2) in one sentence, never a traceback.

The counts checked by hand against the rules: the base game seats 3 to 7 players, Cities adds
an eighth, the two-player rules seat 2 (shared/reference/rules_facts.md)."""

from __future__ import annotations

import json
from importlib import resources as pkg_resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main

#: the rule sets of the package, read from its folder (not from the code under test)
BUNDLED = sorted(p.name[:-3] for p in pkg_resources.files("wonderrules.rulesets").iterdir()
                 if p.name.endswith(".wr"))


def wr(*args: str):
    return CliRunner().invoke(main, list(args))


def refused(result, message: str) -> None:
    """A usage error: exit status 2, the message on the one line of the error, no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and message in errors[0], result.output


def test_the_package_holds_the_rule_sets_the_messages_name() -> None:
    assert BUNDLED == ["base", "cities", "cities_leaders", "leaders", "two_player"]


# ---- a bundled name with a typo ------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["play", "-p", "3", "--rules", "bse"],
    ["play", "-p", "3", "--rules", "base", "--rules", "bse"],
    ["trace", "-p", "3", "--rules", "bse"],
    ["simulate", "-p", "3", "-n", "1", "--rules", "bse"],
    ["ladder", "-p", "3", "-n", "1", "--rules", "bse"],
])
def test_a_misspelt_rules_name_gets_the_closest_bundled_name(args: list[str]) -> None:
    result = wr(*args)
    refused(result, "Invalid value for '--rules': 'bse' is neither a bundled rule set nor a file: "
                    "did you mean 'base'? (the bundled rule sets: " + ", ".join(BUNDLED) + "; a file is "
                    "named by its path: bse.wr, ./bse)")


def test_a_name_in_capitals_gets_the_bundled_name() -> None:
    refused(wr("play", "-p", "3", "--rules", "Cities"), "'Cities' is neither a bundled rule set nor a file: "
                                                        "did you mean 'cities'?")


def test_a_name_close_to_nothing_lists_the_bundled_names() -> None:
    refused(wr("play", "-p", "3", "--rules", "zzz"),
            "'zzz' is neither a bundled rule set nor a file: no bundled name is close (the bundled rule sets: "
            + ", ".join(BUNDLED) + ";")


def test_compare_names_the_argument_that_is_misspelt() -> None:
    refused(wr("compare", "base", "citiez", "-p", "3", "-n", "1"),
            "Invalid value for RULES_B: 'citiez' is neither a bundled rule set nor a file: did you mean 'cities'?")
    refused(wr("compare", "base+leaderz", "cities", "-p", "3", "-n", "1"),
            "Invalid value for RULES_A: 'leaderz' is neither a bundled rule set nor a file: did you mean 'leaders'?")


def test_a_path_that_is_missing_is_still_told_by_the_loader(tmp_path: Path) -> None:
    result = wr("play", "-p", "3", "--rules", str(tmp_path / "bse.wr"))
    assert result.exit_code == 1 and "error[E0004]: no file" in result.output, result.output


def test_wr_check_tells_the_closest_bundled_name_in_its_diagnostic() -> None:
    result = wr("check", "-q", "citiez")
    assert result.exit_code == 1, result.output
    assert "error[E0004]: no rule set 'citiez'" in result.output
    assert "= help: did you mean 'cities'? give a .wr file or a bundled name" in result.output
    found = json.loads(wr("check", "--format", "json", "basse").output)
    assert [d["help"].split("?")[0] for d in found] == ["did you mean 'base'"]


# ---- a table the rule set does not seat ----------------------------------------------------------

@pytest.mark.parametrize(("args", "message"), [
    (["play", "-p", "2"], "base plays 3 to 7 players, not 2; for 2 players try --rules two_player"),
    (["play", "-p", "2", "--teams"], "base plays 3 to 7 players, not 2; for 2 players try --rules two_player"),
    (["trace", "-p", "8"], "base plays 3 to 7 players, not 8; for 8 players try --rules cities "
                           "(or cities_leaders)"),
    (["simulate", "-p", "2", "-n", "1", "--rules", "cities"],
     "cities plays 3 to 8 players, not 2; for 2 players try --rules two_player"),
    (["compare", "base", "leaders", "-p", "8", "-n", "1"],
     "base plays 3 to 7 players, not 8; for 8 players try --rules cities (or cities_leaders)"),
    (["play", "-p", "3", "--rules", "two_player"],
     "two_player plays 2 players, not 3; for 3 players try --rules base (or cities, cities_leaders, "
     "leaders)"),
    (["play", "-p", "9"], "base plays 3 to 7 players, not 9; no bundled rule set seats 9"),
    (["play", "-p", "1"], "base plays 3 to 7 players, not 1; no bundled rule set seats 1"),
])
def test_a_table_the_rules_do_not_seat_names_the_rule_sets_that_do(args: list[str], message: str) -> None:
    result = wr(*args)
    refused(result, message)
    assert result.output.rstrip().endswith(message)


def test_no_players_at_all_is_told_without_a_suggestion() -> None:
    result = wr("play", "-p", "0")
    refused(result, "base plays 3 to 7 players, not 0")
    assert result.output.rstrip().endswith("not 0")


# ---- agents and seats ----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["play", "-p", "3"],
    ["play", "-p", "3", "--agents", "human,random,random,random"],
    ["trace", "-p", "3"],
    ["simulate", "-p", "3", "-n", "1"],
    ["compare", "base", "leaders", "-p", "3", "-n", "1"],
])
def test_more_agents_than_players_are_refused(args: list[str]) -> None:
    if "--agents" not in args:
        args = args + ["--agents", "random,random,random,greedy"]
    refused(wr(*args), "Invalid value for '--agents': 4 agents were given for 3 players")


def test_fewer_agents_than_players_are_repeated_around_the_table(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    result = wr("play", "-p", "3", "--agents", "greedy,random", "--log", str(log))
    assert result.exit_code == 0, result.output
    assert json.loads(log.read_text(encoding="utf-8"))["agents"] == ["greedy", "random", "greedy"]


def test_the_agents_of_a_ladder_are_not_seats() -> None:
    # four agents for three players: refused only for --games, so the agents were accepted
    result = wr("ladder", "-p", "3", "-n", "0", "--agents", "random,greedy,mcts:2,mcts:3")
    refused(result, "--games must be at least 1")


# ---- the help of --rules ---------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["play", "trace", "simulate", "replay", "ladder", "serve"])
def test_the_help_of_rules_lists_every_bundled_rule_set(command: str) -> None:
    result = wr(command, "--help")
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert f"Bundled: {', '.join(BUNDLED)}; or a .wr path" in words
    assert "{bundled}" not in words
