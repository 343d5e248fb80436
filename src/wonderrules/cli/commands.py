"""The commands of `wr`: check and compile rule sets, play, replay, trace, simulate and compare
games, rank agents, and speak the protocol. Once their options are read, `wr simulate` and
`wr compare` go on in :mod:`wonderrules.cli.simulations`; `wr fields` is in
:mod:`wonderrules.cli.field_list`; the helpers every command uses are in
:mod:`wonderrules.cli.support`."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from wonderrules.cli.boards_option import BOARDS_OPTION, parse_boards, start_with_boards
from wonderrules.cli.catalogue_commands import cards_cmd, show_cmd
from wonderrules.cli.diagnostic_output import COLOR_OPTION, diagnostics_json
from wonderrules.cli.embedding_commands import protocol_cmd, serve_cmd
from wonderrules.cli.field_list import fields_cmd
from wonderrules.cli.fmt_commands import fmt_cmd
from wonderrules.cli.lsp_commands import lsp_cmd
from wonderrules.cli.support import (
    RULES_OPTION,
    SEED,
    agent_names,
    check_last_seed,
    cores,
    game_stopped,
    load_rules_option,
    make_game,
    prepare_output,
    print_parts,
    progress_bar,
    refuse_inputs,
    say,
    shown,
    write_output,
)
from wonderrules.version import engine_build

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.grammar.compiler import Compiled
    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.ir import RuleSet
    from wonderrules.interpreter.state import State

#: what the replay of a log gives (see `_replayed`)
_Replayed = TypeVar("_Replayed")

__all__ = ["main", "run"]

#: the context object of `wr` run as a program (not called from Python, as tests call `main`)
_PROGRAM = "wr"


def _ignore_ctrl_c() -> None:
    """From now on Ctrl-C does nothing: the program is on its way out, and a Ctrl-C while the
    interpreter shuts down (joining a pool's threads) would print a traceback."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Commands(click.Group):
    """The commands of `wr`: Ctrl-C that reaches a command (one that does not stop in order, or a
    second one) ends it with the exit status 130, as a shell expects, never 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            if ctx.find_root().obj == _PROGRAM:
                _ignore_ctrl_c()
            try:
                click.echo("interrupted", err=True)
            except OSError:
                pass
            raise click.exceptions.Exit(130) from None


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wonder-rules", message=f"%(prog)s, version %(version)s\nengine: {engine_build()}")
def main() -> None:
    """wonder-rules: rule sets for 7 Wonders as text, and an engine that plays them."""
    if sys.stdout is None:  # started with its standard output closed (`wr play >&-`)
        if sys.stderr is not None:
            sys.stderr.write("error: the standard output is closed, so nothing can be printed (redirect it to a "
                             "file or to /dev/null)\n")
        sys.exit(1)
    _escape_what_cannot_be_shown()


def _escape_what_cannot_be_shown() -> None:
    """A character the terminal's encoding cannot show (a name in Greek under an ASCII locale, the
    µ of a speed) is written escaped (`\\u03a9`) instead of ending the command with an error."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


# ---- check / compile ----------------------------------------------------------------------------

def _emit_diagnostics(result: Compiled, fmt: str, color: str = "never") -> None:
    """Print the diagnostics of a compilation on the standard error (see `diagnostic_output`)."""
    from wonderrules.cli.diagnostic_output import emit_diagnostics

    emit_diagnostics(result.diagnostics, result.sources, fmt, color)



@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["pretty", "short", "json"]), default="pretty",
              show_default=True, help="How to print diagnostics.")
@click.option("--together", is_flag=True,
              help="Layer all PATHS into one rule set (as `wr play --rules A --rules B`) instead of "
                   "checking each on its own.")
@click.option("--quiet", "-q", is_flag=True, help="Print diagnostics only, no summary.")
@COLOR_OPTION
def check(paths: Sequence[str], fmt: str, together: bool, quiet: bool, color: str) -> None:
    """Check rule sets: PATH is a .wr file or a bundled name (base, cities, cities_leaders, leaders, two_player).

    Exit status: 0 when no errors (warnings allowed), 1 on errors, 2 on bad usage.
    """
    import json

    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.diagnostics import has_errors, sort_and_cap
    from wonderrules.grammar.parse import ParsedFiles

    groups = [list(paths)] if together else [[p] for p in paths]
    failed = False
    all_json: list[dict[str, Any]] = []
    parsed = ParsedFiles()  # the rule sets checked share their lower layers
    for group in groups:
        result = compile_rules(group, parsed=parsed)
        _emit_diagnostics(result, fmt, color)
        if fmt == "json":
            kept, _ = sort_and_cap(result.diagnostics, cap=10_000)
            all_json.extend(diagnostics_json(kept))
        if has_errors(result.diagnostics) or result.rules is None:
            failed = True
        elif not quiet and fmt != "json":
            from wonderrules.reports.text import console, rules_summary

            out = console(120)
            print_parts(rules_summary(result.rules, out.width), out)
    if fmt == "json":
        click.echo(json.dumps(all_json, indent=2))
    sys.exit(1 if failed else 0)


@main.command(name="compile")
@click.argument("paths", nargs=-1, required=True)
@click.option("-o", "--output", required=True, metavar="FILE",
              help="Where to write the compiled rule set (JSON); missing folders are created.")
@click.option("--format", "fmt", type=click.Choice(["pretty", "short", "json"]), default="pretty",
              show_default=True, help="How to print diagnostics.")
@COLOR_OPTION
def compile_cmd(paths: Sequence[str], output: str, fmt: str, color: str) -> None:
    """Compile PATHS (layered in order) into one JSON rule set that the engine loads without the parser."""
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.origins import origins_relative_to
    from wonderrules.interpreter.serial import rules_from_json, rules_to_json
    from wonderrules.interpreter.validate import CompiledRulesError

    prepare_output(output, "'-o' / '--output'")
    result = compile_rules(list(paths))
    _emit_diagnostics(result, fmt, color)
    if not result.ok:
        sys.exit(1)
    assert result.rules is not None  # a compilation that is ok has its rules
    refuse_inputs([("'-o' / '--output'", output)], _files_of(result.sources))
    written = origins_relative_to(result.rules, Path(output).parent)  # no path of this machine
    text = rules_to_json(written) + "\n"
    try:  # the text written is the text read: what the loader would refuse is never written
        rules_from_json(text)
    except CompiledRulesError as e:
        say(f"error: nothing written: the loader of compiled rule sets would refuse this one ({e}); this is a bug "
             "in the checker, please report it with the files compiled", err=True)
        sys.exit(1)
    write_output(output, text, "the compiled rule set")
    from wonderrules.reports.text import plural

    say(f"wrote {output} ({plural(len(result.rules.cards), 'card')}, "
         f"{plural(len(result.rules.boards), 'wonder side')})")


# ---- output files -----------------------------------------------------------------------------------


def _files_of(sources: Iterable[str]) -> list[str]:
    """The files among the sources of a compilation (not the bundled rule sets)."""
    from wonderrules.grammar.loading import BUNDLED_PREFIX

    return [p for p in sources if not p.startswith(BUNDLED_PREFIX)]


# ---- play / replay / simulate ---------------------------------------------------------------------


def _agents(spec: str, players: int, seed: int, human: bool = False, per_seat: bool = True) -> list[Any]:
    """The agents of `--agents`, one per seat (more than the players are refused when `per_seat`);
    `human` (for `wr play`): the spec `human` is a seat a person plays at the terminal
    (:mod:`wonderrules.cli.human_seat`)."""
    from wonderrules.workbench.simulation import seat_agents

    names = agent_names(spec, human, players if per_seat else None)
    seats = [names[p % len(names)] for p in range(players)]
    if "human" not in seats:
        return seat_agents(seats, seed)
    from wonderrules.cli.human_seat import HumanSeat

    bots = seat_agents([n if n != "human" else "random" for n in seats], seed)
    return [HumanSeat() if n == "human" else bot for n, bot in zip(seats, bots)]


def _play_out(state: State, agents: Sequence[Any]) -> None:
    while not state.is_terminal():
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})


def _score_table(state: State, agents: Sequence[Any] | None = None, title: str = "Score sheet") -> None:
    from wonderrules.reports.text import console_for, score_sheet

    width = _folded_at()
    sheet = score_sheet(state, agents, title, width)
    print_parts(sheet, console_for(sheet, 150))


def _folded_at() -> int | None:
    """The width a score sheet is folded to: the terminal's or `COLUMNS`; none in a file or a
    pipe without `COLUMNS`, where a table is printed whole."""
    from wonderrules.reports.terminal import known_width

    return known_width(sys.stdout)


def _table_title(ruleset: RuleSet, players: int, seed: int, options: Sequence[str]) -> str:
    """`7 Wonders (base + cities), 4 players, seed 1, options: teams`: the game a command played."""
    layers = " + ".join(ruleset.layers)
    extra = f", options: {', '.join(options)}" if options else ""
    return f"{ruleset.title or ruleset.name} ({layers}), {players} players, seed {seed}{extra}"


@main.command()
@click.option("--players", "-p", type=int, required=True, help="Number of players.")
@click.option("--seed", "-s", type=SEED, default=0, show_default=True, help="Seed of the deal and of the agents.")
@RULES_OPTION
@click.option("--agents", default="random", show_default=True,
              help="Comma-separated agents per seat, repeated as needed: random, greedy, mcts (with a budget: "
                   "mcts:200 iterations, mcts:128ms per decision), human (you, at the terminal).")
@click.option("--option", "options", multiple=True, help="Turn on a rule-set option (e.g. teams).")
@click.option("--teams", is_flag=True, help="Team play (the `teams` option).")
@click.option("--sides", type=click.Choice(["random", "A", "B"]), default="random", show_default=True,
              help="Which side of each wonder board.")
@BOARDS_OPTION
@click.option("--log", "log_path", metavar="FILE",
              help="Write the game log (JSON) to this file; missing folders are created.")
def play(players: int, seed: int, rules: Sequence[str], agents: str, options: Sequence[str], teams: bool,
         sides: str, boards: str | None, log_path: str | None) -> None:
    """Play one game with bots (or yourself: --agents human,greedy,greedy) and print the score
    sheet. Same seed, same game."""
    import json

    from wonderrules.cli.log_rules import rules_for_log
    from wonderrules.interpreter.errors import GameStoppedError
    from wonderrules.interpreter.log import to_log

    if log_path is not None:
        prepare_output(log_path, "'--log'")
    ruleset = load_rules_option(rules, [("'--log'", log_path)])
    opts = list(options) + (["teams"] if teams and "teams" not in options else [])
    game = make_game(ruleset, players, opts, sides)
    fixed = parse_boards(boards, game)
    bots = _agents(agents, players, seed, human=True)
    title = _table_title(ruleset, players, seed, opts)
    from wonderrules.cli.human_seat import LeftGame

    try:
        state = start_with_boards(game, seed, fixed)
        _play_out(state, bots)
    except GameStoppedError as e:
        game_stopped(title, e.message)
    except LeftGame as e:
        say(f"{e} at age {state.age}, turn {state.turn}: the game was not finished (no score sheet, no log)",
             err=True)
        sys.exit(1)
    _score_table(state, bots, title=title)
    if log_path is not None:
        recorded, outside = rules_for_log(list(rules) or ["base"], log_path)
        log = to_log(state, recorded)
        log["agents"] = [b.name for b in bots]
        write_output(log_path, json.dumps(log, indent=1) + "\n", "the game log")
        say(f"log written to {log_path}")
        if outside:
            import shlex

            again = " ".join(f"--rules {shlex.quote(r)}" for r in rules)
            say(f"note: the log records {', '.join(outside)} by its absolute path (a log names only .wr and "
                       f".json files inside its folder); replay it with `wr replay {shlex.quote(log_path)} {again}`",
                       err=True)


def _replayed(log_file: str, rules: Sequence[str],
              run: Callable[[Game, dict[str, Any]], _Replayed]) -> tuple[dict[str, Any], _Replayed]:
    """Read a log and replay it with `run(game, log)`, reading only what `wr replay` may read:
    the log named, and the rules given with --rules or those the log names (bundled names, .wr
    and .json files inside its folder). A file that cannot be read or a log that does not fit
    is one located sentence on the standard error, and the exit status 1, as is a game the rules
    stop. Returns the log and what `run` returned."""
    from wonderrules.cli.log_rules import load_rules_named_by_log
    from wonderrules.interpreter.config import ConfigError
    from wonderrules.interpreter.errors import GameStoppedError
    from wonderrules.interpreter.files import LOG_LIMIT, FileReadError, read_json
    from wonderrules.interpreter.game import Game, SetupError
    from wonderrules.interpreter.log import ReplayError, check_log

    try:
        log = read_json(log_file, LOG_LIMIT, "a game log")
    except FileReadError as e:
        say(f"error: {e}", err=True)
        sys.exit(1)
    try:
        check_log(log)
        ruleset = load_rules_option(rules) if rules else load_rules_named_by_log(log_file, log)
        try:
            game = Game(ruleset, log["players"], tuple(log.get("options", ())))
        except (ConfigError, SetupError) as e:
            raise ReplayError(f"the table of the log does not fit these rules: {e}") from None
        try:
            return log, run(game, log)
        except GameStoppedError as e:
            game_stopped(f"{shown(log_file)}, seed {shown(log.get('seed', 0))}", e.message)
    except ReplayError as e:
        hint = "; give the rules the game was played with (--rules FILE)" if e.field == "fingerprint" else ""
        say(f"error: {log_file}: {e}{hint}", err=True)
        sys.exit(1)


@main.command()
@click.argument("log_file")
@RULES_OPTION
def replay(log_file: str, rules: Sequence[str]) -> None:
    """Replay a game log, check every action and the recorded final scores.

    The rules are those given with --rules, else those the log names: bundled names, or .wr and
    .json files inside the log's folder.
    """
    from wonderrules.interpreter.log import check_scores
    from wonderrules.interpreter.log import replay as replay_log

    log, state = _replayed(log_file, rules, replay_log)
    if not state.is_terminal():
        say(f"{log_file}: {len(log['rounds'])} rounds replayed; the game is not over "
                   f"(age {state.age}, turn {state.turn})")
        return
    _score_table(state, title=f"Replay of {log_file}")
    problems = check_scores(state, log)
    if problems:
        for p in problems:
            say(f"mismatch: {p}", err=True)
        sys.exit(1)
    verdict = "the recorded scores match" if "scores" in log else "the log records no scores to compare"
    say(f"replay verified: {len(log['rounds'])} decision rounds, {verdict}")


_JOBS_OPTION = click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, metavar="N",
                            help="Worker processes (default: every core); 1 plays in this process. "
                                 "The figures are the same for any N.")
_CLUSTER_OPTION = click.option("--cluster", metavar="ADDRESS",
                                help="Play on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786) "
                                     "instead of local processes. The figures are the same.")
_PROGRESS_OPTION = click.option("--progress/--no-progress", default=None,
                                help="Show a progress bar on the standard error (default: when it is a terminal).")
_REPORT_OPTION = click.option("--report", metavar="FILE",
                              help="Also write the figures with plots as one HTML page (needs matplotlib).")


@main.command()
@click.argument("log_file", required=False)
@click.option("--players", "-p", type=int, help="Trace a new game of this many players (instead of a log).")
@click.option("--seed", "-s", type=SEED, help="Seed of the new game's deal and agents (default 0).")
@RULES_OPTION
@click.option("--agents", help="Comma-separated agents per seat of the new game (default random).")
@click.option("--option", "options", multiple=True, help="Turn on a rule-set option in the new game.")
@click.option("--teams", is_flag=True, help="Team play in the new game (the `teams` option).")
@click.option("--sides", type=click.Choice(["random", "A", "B"]), help="Which side of each wonder board.")
@BOARDS_OPTION
@click.option("--seat", "follow", type=int, metavar="N", help="Follow one city only: the seat N.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Text for people, or JSON (one object per round) for tools.")
def trace(log_file: str | None, players: int | None, seed: int | None, rules: Sequence[str], agents: str | None,
          options: Sequence[str], teams: bool, sides: str | None, boards: str | None, follow: int | None,
          fmt: str) -> None:
    """Tell a game round by round: what each city did and how it paid, the coins and tokens of every
    city after each round, the contests, and the final score sheet.

    Give a LOG_FILE (read as `wr replay` reads it), or --players for a new game played by agents
    (as `wr play` plays it; the same seed gives the same game).
    """
    import json

    from wonderrules.interpreter.errors import GameStoppedError
    from wonderrules.reports.trace import trace_log, trace_new_game
    from wonderrules.reports.trace_view import account, account_json

    new_game = [name for name, given in (("--seed", seed is not None), ("--agents", agents is not None),
                                         ("--option", bool(options)), ("--teams", teams),
                                         ("--sides", sides is not None), ("--boards", boards is not None))
                if given]
    if log_file is not None and players is not None:
        raise click.UsageError("give a log file or --players for a new game, not both")
    if log_file is None and players is None:
        raise click.UsageError("give a log file to trace, or --players (and --seed) for a new game")
    if log_file is not None and new_game:
        raise click.UsageError(f"{' and '.join(new_game)} {'is' if len(new_game) == 1 else 'are'} for a new game "
                               f"(with --players); a log fixes its own game")
    if log_file is not None:
        _, account_of = _replayed(log_file, rules, lambda game, log: trace_log(game, log, f"Trace of {log_file}"))
    else:
        assert players is not None
        ruleset = load_rules_option(rules)
        opts = list(options) + (["teams"] if teams and "teams" not in options else [])
        game = make_game(ruleset, players, opts, sides or "random")
        fixed = parse_boards(boards, game)
        seed = seed or 0
        bots = _agents(agents or "random", players, seed)
        title = _table_title(ruleset, players, seed, opts)
        try:
            account_of = trace_new_game(game, seed, bots, title, start_with_boards(game, seed, fixed))
        except GameStoppedError as e:
            game_stopped(title, e.message)
    if follow is not None and not 0 <= follow < len(account_of.seats):
        raise click.BadParameter(f"there is no seat {follow} at this table (seats 0 to {len(account_of.seats) - 1})",
                                 param_hint="'--seat'")
    if fmt == "json":
        click.echo(json.dumps(account_json(account_of, follow), indent=1))
        return
    from wonderrules.reports.text import console_for

    width = _folded_at()
    told = account(account_of, follow, width)
    print_parts(told, console_for(told, 120))


#: random stays the default of simulate and compare: greedy plays about 0.3 times as many games per second
_SIMULATED_AGENTS_HELP = ("Comma-separated agents per seat, repeated as needed: random (the fastest), greedy, "
                          "mcts:N. With random at every seat a note says the figures describe random play.")


def _simulated_games(function: Any) -> Any:
    """The options of the games `wr simulate` and `wr compare` play: players and games."""
    function = click.option("--games", "-n", type=int, default=100, show_default=True)(function)
    return click.option("--players", "-p", type=int, required=True)(function)


def _simulated_tables(function: Any) -> Any:
    """The options of the tables `wr simulate` and `wr compare` play at: agents, options, teams,
    sides, boards, and where the games are played."""
    for option in reversed((
            click.option("--agents", default="random", show_default=True, help=_SIMULATED_AGENTS_HELP),
            click.option("--option", "options", multiple=True),
            click.option("--teams", is_flag=True),
            click.option("--sides", type=click.Choice(["random", "A", "B"]), default="random", show_default=True),
            BOARDS_OPTION, _JOBS_OPTION, _CLUSTER_OPTION)):
        function = option(function)
    return function


@main.command()
@_simulated_games
@click.option("--seed", "-s", type=SEED, default=0, show_default=True, help="Game g is dealt with seed S + g.")
@RULES_OPTION
@_simulated_tables
@click.option("--out", metavar="FILE", help="Write one record per seat per game: .csv, .jsonl or .parquet.")
@_PROGRESS_OPTION
@click.option("--cards", "card_limit", type=click.IntRange(min=0), default=0, metavar="N",
              help="Show only the N strongest and N weakest cards of the ranking (default: all).")
@_REPORT_OPTION
def simulate(players: int, games: int, seed: int, rules: Sequence[str], agents: str, options: Sequence[str],
             teams: bool, sides: str, boards: str | None, jobs: int | None, cluster: str | None, out: str | None,
             progress: bool | None, card_limit: int, report: str | None) -> None:
    """Play many games on every core; print the speed and the statistics of the games.

    Same seed, same figures, whatever the number of jobs. Ctrl-C stops the run and keeps the
    games finished (in the records file and in the figures).
    """
    from wonderrules.cli import simulations

    simulations.simulate(players, games, seed, rules, agents, options, teams, sides, jobs, out, progress,
                                 card_limit, report, cluster, boards=boards)


@main.command()
@click.argument("rules_a", metavar="RULES_A")
@click.argument("rules_b", metavar="RULES_B")
@_simulated_games
@click.option("--seed", "-s", type=SEED, default=0, show_default=True, help="Game g of both is dealt with seed S + g.")
@_simulated_tables
@_PROGRESS_OPTION
@click.option("--all", "show_all", is_flag=True, help="List every difference, not only the significant ones "
                                                      "and the 15 closest to significance.")
@_REPORT_OPTION
def compare(rules_a: str, rules_b: str, players: int, games: int, seed: int, agents: str, options: Sequence[str],
            teams: bool, sides: str, boards: str | None, jobs: int | None, cluster: str | None,
            progress: bool | None, show_all: bool, report: str | None) -> None:
    """Simulate two rule sets on the same seeds and say what differs, significant differences first.

    RULES_A and RULES_B each name a rule set as --rules does, layers joined with '+':
    `wr compare base my_variant.wr`, `wr compare cities cities+my_variant.wr`.
    """
    from wonderrules.cli import simulations

    simulations.compare(rules_a, rules_b, players, games, seed, agents, options, teams, sides, jobs, progress,
                                show_all, report, cluster, boards=boards)


@main.command()
@click.option("--players", "-p", type=int, default=4, show_default=True)
@click.option("--games", "-n", type=int, default=20, show_default=True, help="Games per pair of agents.")
@click.option("--seed", "-s", type=SEED, default=0, show_default=True,
              help="Game g of every pair is dealt with seed + g.")
@RULES_OPTION
@click.option("--agents", default="random,greedy,mcts:100,mcts:400", show_default=True,
              help="Comma-separated agents, weakest first: random, greedy, mcts (budget: mcts:200, mcts:128ms).")
@click.option("--jobs", "-j", type=int, default=None,
              help="Games played at once, one process each (default: every core).")
def ladder(players: int, games: int, seed: int, rules: Sequence[str], agents: str, jobs: int | None) -> None:
    """Play each pair of agents against each other; print the matchup matrix and the skill gradient."""
    from wonderrules.cli.simulations import print_agents
    from wonderrules.reports.text import console as make_console
    from wonderrules.workbench import ladder as ladders

    ruleset = load_rules_option(rules)
    make_game(ruleset, players, ())
    names = [n.strip().replace(" ", "") for n in agents.split(",") if n.strip()]
    _agents(",".join(names), players, seed, per_seat=False)
    if len(set(names)) != len(names) or len(names) < 2:
        raise click.UsageError("--agents needs at least two different agents, each named once")
    if games < 1:
        raise click.UsageError("--games must be at least 1")
    check_last_seed(seed, games)
    if jobs is not None and jobs < 1:
        raise click.UsageError("--jobs must be at least 1")
    from wonderrules.workbench.simulation import GameStopped

    try:
        result = ladders.run_ladder(ruleset, players, names, games, seed, jobs or cores(),
                                    progress=progress_bar("ladder games"))
    except GameStopped as e:
        game_stopped(e.game, e.message)
    layers = " + ".join(shown(layer) for layer in ruleset.layers)
    console = make_console(120)
    console.print(f"{games} game(s) per pair of agents, {players} players ({layers}), seeds {seed} to "
                  f"{seed + games - 1}; the seats alternate between the two agents of a game")
    print_agents(console, "agents", names)
    console.print(ladders.matrix_table(result, "Share of the wins: row agent against column agent"))
    console.print(ladders.verdict(result))


main.add_command(fields_cmd)
for _command in (cards_cmd, show_cmd):
    main.add_command(_command)
main.add_command(protocol_cmd)
main.add_command(serve_cmd)
main.add_command(fmt_cmd)
main.add_command(lsp_cmd)


def run() -> None:
    """`wr` as a program: the command, then an exit that a late Ctrl-C leaves alone."""
    try:
        main(obj=_PROGRAM)
    finally:
        _ignore_ctrl_c()
