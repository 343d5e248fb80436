"""What the commands of `wr` share: printing a message that may quote a rule set or a path, the
files a command writes (checked and locked before any work, written whole), the rule set of
``--rules``, the table and the agents of a game, and the seeds.

Every error here is said in one sentence: a bad option value or a usage error (exit status 2),
or a message on the standard error and the exit status 1.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from wonderrules.interpreter.words import MAX_PLAYERS, MAX_SEED, MIN_SEED

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from wonderrules.interpreter.game import Game
    from wonderrules.interpreter.ir import RuleSet

__all__ = ["shown", "say", "print_parts", "prepare_output", "refuse_inputs", "write_output", "RulesOption",
           "RULES_OPTION", "load_rules_option", "check_players", "make_game", "game_stopped", "SEED",
           "check_last_seed", "agent_names", "cores", "progress_bar"]


def shown(text: object) -> str:
    """Text from a rule set or a log, with control characters escaped."""
    from wonderrules.reports.text import shown as escaped

    return escaped(text)


def say(text: str, err: bool = False) -> None:
    """Print a message that may quote a log, a path or a rule set: control characters escaped."""
    click.echo("\n".join(shown(line) for line in str(text).split("\n")), err=err)


def print_parts(parts: Iterable[Any], out: Console) -> None:
    """Print what :mod:`wonderrules.reports.text` made (text lines and tables) to standard output."""
    for part in parts:
        out.print(part)


def prepare_output(path: str, option: str) -> None:
    """Make sure a file can be written at `path` before any work is done (a game played, rules
    compiled): missing folders are created; a folder, a special file, a parent that is a file, a
    place that cannot be written or a file another command is writing is refused as a bad option
    value (exit status 2). The file is then locked for this command until it ends
    (:func:`wonderrules.workbench.output_files.lock_output`). (That it is none of the files the command
    reads is checked once they are read: :func:`refuse_inputs`.)"""
    import stat

    from wonderrules.interpreter.files import shown_path
    from wonderrules.workbench.output_files import OutputBusy, lock_output, why_not

    def refuse(why: str) -> NoReturn:
        raise click.BadParameter(f"cannot write to {shown_path(path)}: {why}", param_hint=option)

    if not path or "\0" in path:
        refuse("the name is empty" if not path else "its name holds a NUL character")
    target = Path(path)
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
        if target.is_symlink():
            refuse("it is a symbolic link to nothing")
    except NotADirectoryError:
        refuse("a part of its folder is a file")
    except OSError as e:
        refuse(why_not(e))
    if mode is not None and stat.S_ISDIR(mode):
        refuse("it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        refuse("it is not a regular file")
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        refuse("a part of its folder is a file")
    except OSError as e:
        refuse(f"its folder cannot be created ({why_not(e)})")
    try:  # the lock file is made next to the file: the folder takes new files (the file is written so)
        lock = lock_output(path)
    except OutputBusy as e:
        refuse(why_not(e))
    except OSError as e:
        refuse("permission denied" if isinstance(e, PermissionError) else why_not(e))
    click.get_current_context().call_on_close(lock.release)
    if mode is not None:  # a file its owner keeps from being written is not replaced
        try:
            with open(target, "a", encoding="utf-8"):
                pass
        except OSError as e:
            refuse("permission denied" if isinstance(e, PermissionError) else why_not(e))


def refuse_inputs(outputs: Sequence[tuple[str, str | None]], reads: Sequence[str]) -> None:
    """Refuse an output (option, path) that is one of the files the command reads, as a bad
    option value (exit status 2), before anything is written."""
    from wonderrules.interpreter.files import shown_path
    from wonderrules.workbench.output_files import same_file

    for option, path in outputs:
        if path is None:
            continue
        for read in reads:
            if same_file(path, read):
                raise click.BadParameter(f"cannot write to {shown_path(path)}: it is {shown_path(read)}, a file this "
                                         f"command reads; give the output a name of its own", param_hint=option)


def write_output(path: str, text: str, what: str) -> None:
    """Write a file whole, or leave the file that was there as it was and say why in one line."""
    from wonderrules.workbench.output_files import why_not, write_whole

    try:
        write_whole(path, text.encode("utf-8"))
    except OSError as e:
        say(f"error: cannot write {what} to {path}: {why_not(e)}", err=True)
        sys.exit(1)


class RulesOption(click.Option):
    """An option naming rule sets (``--rules``): ``{bundled}`` in its help is the list of the
    bundled rule sets, read from the package when the help is shown."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None or "{bundled}" not in record[1]:
            return record
        from wonderrules.grammar.loading import bundled_names

        return record[0], record[1].replace("{bundled}", ", ".join(bundled_names()))


def _check_bundled(rules: Sequence[str], option: str) -> None:
    """A bare name that is no bundled rule set (a typo: `bse`) is a bad option value, with the
    closest bundled names; a path or a compiled .json is left to the loader."""
    from wonderrules.grammar.loading import bundled_like, bundled_names, did_you_mean, names_a_file

    known = bundled_names()
    for ref in rules:
        if names_a_file(ref) or ref.endswith(".json") or ref in known:
            continue
        hint = did_you_mean(bundled_like(ref))
        raise click.BadParameter(f"'{shown(ref)}' is neither a bundled rule set nor a file: "
                                 f"{hint or 'no bundled name is close'} (the bundled rule sets: {', '.join(known)}; "
                                 f"a file is named by its path: {shown(ref)}.wr, ./{shown(ref)})", param_hint=option)


#: the --rules option of every command that loads rule sets
RULES_OPTION = click.option("--rules", "rules", multiple=True, metavar="NAME|PATH", cls=RulesOption,
                            help="Rule set to load (repeat to layer; default: base). Bundled: {bundled}; "
                                 "or a .wr path, or a compiled .json.")


def load_rules_option(rules: Sequence[str], writes: Sequence[tuple[str, str | None]] = (),
                      option: str = "'--rules'") -> RuleSet:
    """The rule set of --rules (or of the `option` that names it); `writes`: the (option, path)
    of the files the command will write, refused when one is a file of the rule set (one of the
    files its layers extend, too). A bare name that is no bundled rule set is a bad option value."""
    import wonderrules

    _check_bundled(rules, option)
    try:
        ruleset, files = wonderrules.load_rules_and_files(list(rules) or ["base"])
        refuse_inputs(writes, files)
        return ruleset
    except wonderrules.RulesError as e:
        click.echo(e.text, err=True, nl=False)
        sys.exit(1)
    except wonderrules.FileReadError as e:
        say(f"error: {e}", err=True)
        sys.exit(1)
    except (OSError, ValueError) as e:
        from wonderrules.interpreter.files import shown_path

        # only a compiled rule set is loaded without diagnostics: name it
        what = f"the compiled rule set {shown_path(rules[0])}" if len(rules) == 1 else "the rules"
        say(f"error: cannot load {what}: {e}", err=True)
        sys.exit(1)


def _counts(players: Sequence[int]) -> str:
    """`3 to 7`, `2`, `3, 5`: the player counts of a rule set."""
    ordered = sorted(players)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(str(n) for n in ordered)


def _bundled_for(players: int) -> list[str]:
    """The bundled rule sets that seat `players` players, by name (each compiled: only when a
    table does not fit)."""
    import wonderrules
    from wonderrules.grammar.loading import bundled_names

    return [name for name in bundled_names() if players in wonderrules.load_rules(name).settings.players]


def check_players(ruleset: RuleSet, players: int) -> None:
    """A usage error when the rule set does not seat `players` players, naming its counts and the
    bundled rule sets that seat them (`base plays 3 to 7 players, not 2; for 2 players try
    --rules two_player`)."""
    counts = ruleset.settings.players
    if players in counts:
        return
    others = _bundled_for(players) if 0 < players <= MAX_PLAYERS else []
    if others:
        also = f" (or {', '.join(others[1:])})" if len(others) > 1 else ""
        hint = f"; for {players} players try --rules {others[0]}{also}"
    else:
        hint = f"; no bundled rule set seats {players}" if players > 0 else ""
    raise click.UsageError(f"{shown(ruleset.name)} plays {_counts(counts)} players, not {players}{hint}")


def make_game(ruleset: RuleSet, players: int, options: Sequence[str], sides: str = "random") -> Game:
    """The game of a table (--players, --option, --sides); a table the rules do not allow is a usage error."""
    from wonderrules.interpreter.config import ConfigError
    from wonderrules.interpreter.game import Game, SetupError

    check_players(ruleset, players)
    try:
        return Game(ruleset, players, tuple(options), sides=sides)
    except (ConfigError, SetupError) as e:
        raise click.UsageError(str(e)) from None


def game_stopped(game: str, message: str) -> NoReturn:
    """A game the rules stopped (GameStoppedError): one sentence naming the game, and the exit
    status 1."""
    say(f"error: the game stopped ({game}): {message}", err=True)
    sys.exit(1)


#: a seed: a whole number of 64 bits (see interpreter.arguments.check_seed)
SEED = click.IntRange(MIN_SEED, MAX_SEED)


def check_last_seed(seed: int, games: int) -> None:
    """A usage error when the seeds of `games` games from `seed` go beyond the largest seed."""
    if seed + games - 1 > MAX_SEED:
        raise click.UsageError(f"the seeds {seed} to {seed + games - 1} go beyond {MAX_SEED}, the largest seed")


def agent_names(spec: str, human: bool = False, players: int | None = None) -> list[str]:
    """The agent specs of `--agents` (`random`, `greedy`, `mcts:200`, ...), each checked;
    `human` too when the command has a person play (`wr play`). With `players`, the agents sit
    one per seat: fewer are repeated around the table, more are a bad option value."""
    from wonderrules.interpreter.agents import parse_spec

    names = [n.strip() for n in spec.split(",") if n.strip()] or ["random"]
    if players is not None and len(names) > players:
        raise click.BadParameter(f"{len(names)} agents were given for {players} players (one agent per seat; fewer "
                                 f"are repeated around the table)", param_hint="'--agents'")
    for n in names:
        if human and n == "human":
            continue
        try:
            parse_spec(n)
        except ValueError as e:
            raise click.UsageError(str(e)) from None
    return names


def cores() -> int:
    """The cores this process may run on."""
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def progress_bar(what: str) -> Callable[[int, int], None] | None:
    """A callback (done, total) drawing a progress bar on a terminal's standard error."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    if not err.is_terminal:
        return None
    bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                   transient=True)
    task = None

    def update(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            bar.start()
            task = bar.add_task(what, total=total)
        bar.update(task, completed=done)
        if done == total:
            bar.stop()

    return update
