"""What `wr simulate` and `wr compare` do once the command line is read: check the arguments,
run the simulations (:mod:`wonderrules.workbench.simulation_run`, on local processes or on a cluster:
:mod:`wonderrules.workers.cluster`), write the records and print the tables
(:mod:`wonderrules.reports.tables`). The options themselves are declared in :mod:`wonderrules.cli.commands`."""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, Optional

import click
from rich.text import Text

from wonderrules.cli.boards_option import fixed_boards_said, parse_boards, start_with_boards
from wonderrules.cli.support import (
    agent_names,
    check_last_seed,
    game_stopped,
    load_rules_option,
    make_game,
    prepare_output,
    print_parts,
    say,
    shown,
)
from wonderrules.workbench.records import RecordsError

__all__ = ["simulate", "compare", "rules_refs", "print_agents"]


def _plan(ruleset: Any, players: int, options: Sequence[str], agents: str, seed: int, games: int, sides: str,
          boards: Optional[str] = None) -> Any:
    """The plan of a simulation, every argument checked first (a usage error otherwise)."""
    from wonderrules.workbench.simulation import make_plan

    if games < 1:
        raise click.UsageError("--games must be at least 1")
    check_last_seed(seed, games)
    game = make_game(ruleset, players, options, sides)
    fixed = parse_boards(boards, game)
    if fixed is not None:
        start_with_boards(game, seed, fixed)  # what the engine refuses is said here, not by a worker
    return make_plan(ruleset, players, options, agent_names(agents, players=players), seed, games, sides, fixed)


def _check_out(out: Optional[str]) -> None:
    """Refuse an --out whose suffix names no known format, or whose format cannot be written here."""
    if out is None:
        return
    from wonderrules.workbench.records import record_format

    try:
        record_format(out)
    except RecordsError as e:
        raise click.BadParameter(str(e), param_hint="'--out'") from None
    prepare_output(out, "'--out'")


def _check_report(report: Optional[str], out: Optional[str] = None) -> None:
    """Refuse a --report that cannot be drawn (no matplotlib) or written, or that would write over
    the records of --out, before any game is played."""
    if report is None:
        return
    from wonderrules.workbench.output_files import same_file

    if out is not None and same_file(report, out):
        raise click.BadParameter("it names the file of the records (--out): give the report a name of its own",
                                 param_hint="'--report'")
    from wonderrules.reports.data import MissingMatplotlib, require_matplotlib

    try:
        require_matplotlib()
    except MissingMatplotlib as e:
        raise click.BadParameter(str(e), param_hint="'--report'") from None
    prepare_output(report, "'--report'")


def _write_report(report: str, page: Any) -> None:
    """Draw the page (`page()` gives its text) and write it; a place that cannot be written is said in one line."""
    from wonderrules.reports.page import write_page
    from wonderrules.workbench.output_files import why_not

    try:
        write_page(report, page())
    except OSError as e:
        say(f"error: cannot write the report to {report}: {why_not(e)}", err=True)
        sys.exit(1)
    say(f"report written to {report}")


def _show_progress(progress: Optional[bool]) -> bool:
    return sys.stderr.isatty() if progress is None else progress


def _workers(jobs: Optional[int], games: int) -> int:
    from wonderrules.workbench.simulation import default_jobs

    return max(1, min(jobs or default_jobs(), games))


def _options(options: Sequence[str], teams: bool) -> list[str]:
    return list(options) + (["teams"] if teams and "teams" not in options else [])


class _Processes:
    """Local worker processes (or this process alone) as the place where the games are played."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, run_jobs: Any, jobs: Any, progress: Optional[bool]) -> Any:
        """`run_jobs`, with a worker process that died (killed, out of memory) said in one line."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return run_jobs(jobs, self.workers, _show_progress(progress))
        except BrokenProcessPool:
            say("error: a worker process stopped before its games were finished (was it killed, or out of "
                     "memory?); try fewer --jobs", err=True)
            sys.exit(1)

    def describe(self) -> str:
        return f"{self.workers} {'process' if self.workers == 1 else 'processes'}"


class _OnCluster:
    """A Dask cluster (:mod:`wonderrules.workers.cluster`) as the place where the games are played."""

    def __init__(self, cluster: Any) -> None:
        self.cluster = cluster

    def run(self, run_jobs: Any, jobs: Any, progress: Optional[bool]) -> Any:
        return self.cluster.run(run_jobs, jobs, _show_progress(progress))

    def describe(self) -> str:
        return str(self.cluster.describe())


def _cluster_address(cluster: Optional[str], jobs: Optional[int]) -> Optional[str]:
    """The scheduler's address of --cluster, checked before anything is played or written."""
    if cluster is None:
        return None
    if jobs is not None:
        raise click.UsageError("--jobs counts local processes and --cluster plays on the cluster's workers: "
                               "give one or the other")
    from wonderrules.workers.cluster import scheduler_address

    try:
        address = scheduler_address(cluster)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--cluster'") from None
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise click.BadParameter("playing on a cluster needs Dask distributed, which is not installed: "
                                 "pip install 'wonder-rules[cluster]'", param_hint="'--cluster'") from None
    return address


@contextlib.contextmanager
def _engines(jobs: Optional[int], cluster: Optional[str], games: int) -> Iterator[Any]:
    """Where the games are played: local processes, or the cluster at the address `cluster`
    (connected first, so that a scheduler that does not answer costs no records file); what goes
    wrong on the cluster is one line and the exit status 1."""
    if cluster is None:
        yield _Processes(_workers(jobs, games))
        return
    from wonderrules.workers.cluster import ClusterError, connect

    try:
        with connect(cluster) as connected:
            yield _OnCluster(connected)
    except ClusterError as e:
        say(f"error: {e}", err=True)
        sys.exit(1)


def _fail_to_write(out: str, why: object) -> NoReturn:
    say(f"error: cannot write the records to {out}: {why}", err=True)
    sys.exit(1)


def _close_records(writer: Any, out: str) -> bool:
    """Publish the last records and close the file (see :mod:`wonderrules.workbench.records`); whether the
    file was written. A failure is said in one line (exit status 1); the file published before
    stays as it is."""
    try:
        return bool(writer.close())
    except RecordsError as e:
        _fail_to_write(out, e)


def simulate(players: int, games: int, seed: int, rules: Sequence[str], agents: str, options: Sequence[str],
             teams: bool, sides: str, jobs: Optional[int], out: Optional[str], progress: Optional[bool],
             card_limit: int, report: Optional[str] = None, cluster: Optional[str] = None,
             boards: Optional[str] = None) -> None:
    from wonderrules.workbench.records import open_writer
    from wonderrules.workbench.simulation import Chunk, GameStopped
    from wonderrules.workbench.simulation_run import Job, run_jobs
    from wonderrules.workbench.statistics import Tally

    _check_out(out)
    _check_report(report, out)
    address = _cluster_address(cluster, jobs)
    ruleset = load_rules_option(rules, [("'--out'", out), ("'--report'", report)])
    plan = _plan(ruleset, players, _options(options, teams), agents, seed, games, sides, boards)
    written = False
    with _engines(jobs, address, games) as engines:
        writer = None
        if out is not None:
            try:
                writer = open_writer(out, [c.name for c in ruleset.categories])
            except RecordsError as e:
                _fail_to_write(out, e)

        def write(chunk: Chunk) -> None:
            if writer is not None:
                try:
                    writer.write([r for g in chunk.games for r in g.seats])
                except OSError as e:
                    raise RecordsError((e.strerror or "the system refused it").lower()) from None

        tally = Tally()
        try:
            (run,), stopped = engines.run(run_jobs, [Job("games", plan, ruleset, _then(write, tally.add_chunk))],
                                          progress)
        except RecordsError as e:
            assert out is not None and writer is not None
            writer.discard()
            _fail_to_write(out, e)
        except GameStopped as e:  # the records of the games before it are kept
            if writer is not None:
                assert out is not None
                _close_records(writer, out)
            game_stopped(e.game, e.message)
        except BaseException:
            # stopped at once (SIGTERM, a worker that died...): the games handed over are kept
            if writer is not None:
                assert out is not None
                _close_records(writer, out)
            raise
        if writer is not None:
            assert out is not None
            written = _close_records(writer, out)
    if out is not None and not written:
        say(f"no game finished: {out} was left as it was", err=True)
    summary = _print_simulation(ruleset, plan, run, tally, stopped, engines.describe(), out if written else None,
                                card_limit)
    if report is not None:
        _report_simulation(report, ruleset, plan, tally, summary, card_limit)
    if stopped:
        sys.exit(130)


def _then(*steps: Any) -> Any:
    """What to do with each chunk: the steps, in order."""
    def each(chunk: Any) -> None:
        for step in steps:
            step(chunk)
    return each


def _print_simulation(ruleset: Any, plan: Any, run: Any, tally: Any, stopped: bool, played_on: str,
                      out: Optional[str], card_limit: int) -> Any:
    """Print the speed and the tables (of the games counted in `tally`); return the summary of
    the games (None when none finished)."""
    from wonderrules.reports.tables import speed_line, summary_tables
    from wonderrules.reports.text import console as make_console

    console = make_console(120)
    played = run.played
    console.print(speed_line(played.games, plan.players, ruleset.layers, run.elapsed, played.decisions,
                             played.seconds), soft_wrap=_unwrapped(console))
    where = f"; records written to {shown(out)}" if out is not None else ""
    fixed = fixed_boards_said(plan.boards)
    fixed = f"; {shown(fixed)}" if fixed else ""
    console.print(f"{played_on}, seeds {plan.seed} to "
                  f"{plan.seed + plan.games - 1}{fixed}{where}", soft_wrap=_unwrapped(console))
    print_agents(console, "agents", plan.agents)
    if stopped:
        console.print(f"interrupted: {played.games} of {plan.games} games finished; the figures are of those",
                      soft_wrap=_unwrapped(console))
    if not tally.games:
        return None
    summary = tally.summary()
    print_parts(summary_tables(summary, card_limit), console)
    return summary


def _unwrapped(console: Any) -> bool:
    """Whether the lines of text go out whole: in a file or a pipe, unless `COLUMNS` says a width
    (then, as on a terminal, they wrap at the width; see `reports.terminal.known_width`)."""
    from wonderrules.reports.terminal import known_width

    return known_width(console.file) is None


def print_agents(console: Any, label: str, agents: Sequence[str]) -> None:
    """`agents: random at every seat` (the agents of the seats, see
    :func:`~wonderrules.reports.tables.agents_said`), then the note on random play when the random
    agent played every seat."""
    from wonderrules.reports.tables import agents_said, random_play_note

    console.print(f"{label}: {agents_said(agents)}", soft_wrap=_unwrapped(console))
    note = random_play_note(agents)
    if note is not None:
        console.print(note, soft_wrap=_unwrapped(console))


def _report_simulation(report: str, ruleset: Any, plan: Any, tally: Any, summary: Any, card_limit: int) -> None:
    if summary is None:
        say(f"no game finished: no report written to {report}")
        return
    from wonderrules.reports.data import simulated
    from wonderrules.reports.page import simulation_page

    sim = simulated(ruleset.title or ruleset.name, ruleset.layers, plan, tally, summary)
    _write_report(report, lambda: simulation_page(sim, card_limit))


def rules_refs(text: str) -> list[str]:
    """`base+my_variant.wr` -> ['base', 'my_variant.wr']; a file of that very name is one rule set."""
    if Path(text).exists():
        return [text]
    refs = [part.strip() for part in text.split("+")]
    if not all(refs):
        raise click.BadParameter(f"'{shown(text)}' names an empty rule set between its '+'")
    return refs


def compare(rules_a: str, rules_b: str, players: int, games: int, seed: int, agents: str, options: Sequence[str],
            teams: bool, sides: str, jobs: Optional[int], progress: Optional[bool], show_all: bool,
            report: Optional[str] = None, cluster: Optional[str] = None, boards: Optional[str] = None) -> None:
    from wonderrules.reports.tables import comparison_tables, speed_line
    from wonderrules.reports.text import console as make_console
    from wonderrules.workbench.comparison import ChunkPairs
    from wonderrules.workbench.simulation import GameStopped
    from wonderrules.workbench.simulation_run import Job, run_jobs

    _check_report(report)
    address = _cluster_address(cluster, jobs)
    refs = [rules_refs(rules_a), rules_refs(rules_b)]
    loaded = [load_rules_option(r, [("'--report'", report)], option) for r, option in zip(refs, ("RULES_A", "RULES_B"))]
    plans = [_side_plan(label, r, players, _options(options, teams), agents, seed, games, sides, boards)
             for label, r in zip(("A", "B"), loaded)]
    pairs = ChunkPairs()  # game g of A with game g of B, as they come: the two are played side by side
    jobs_run = [Job(label, plan, r, functools.partial(pairs.add, side))
                for side, (label, plan, r) in enumerate(zip(("A", "B"), plans, loaded))]
    with _engines(jobs, address, games) as engines:
        try:
            runs, stopped = engines.run(run_jobs, jobs_run, progress)
        except GameStopped as e:
            game_stopped(e.game, e.message)
    console = make_console(150)
    for label, r, run in zip(("A", "B"), loaded, runs):
        console.print(Text.assemble(f"{label}: ", speed_line(run.played.games, players, r.layers, run.elapsed,
                                                              run.played.decisions, run.played.seconds)),
                      soft_wrap=_unwrapped(console))
    print_agents(console, "agents in A and B", plans[0].agents)  # one --agents: the same seats in both
    fixed = fixed_boards_said(plans[0].boards)  # one --boards: the same boards in both
    if fixed:
        console.print("boards fixed in A and B: " + shown(fixed.removeprefix("boards fixed: ")),
                      soft_wrap=_unwrapped(console))
    both = pairs.tally.paired_games
    if stopped:
        console.print(f"interrupted: {both} of {games} games finished in both; the comparison is of those",
                      soft_wrap=_unwrapped(console))
        if not both:
            if report is not None:
                say(f"no game finished in both: no report written to {report}")
            sys.exit(130)
    comparison = pairs.tally.comparison()
    label_a, label_b = (" + ".join(r.layers) for r in loaded)
    print_parts(comparison_tables(comparison, label_a, label_b, show_all), console)
    if report is not None:
        _report_comparison(report, loaded, plans, pairs.sides, comparison)
    if stopped:
        sys.exit(130)


def _side_plan(label: str, ruleset: Any, players: int, options: Sequence[str], agents: str, seed: int,
               games: int, sides: str, boards: Optional[str]) -> Any:
    """The plan of side `label` (A or B) of a comparison; a board of `--boards` that its rule set
    does not have (a wonder only the variant adds) is refused naming the side."""
    try:
        return _plan(ruleset, players, options, agents, seed, games, sides, boards)
    except click.BadParameter as e:
        if boards is None or e.param_hint != "'--boards'":
            raise
        layers = " + ".join(shown(layer) for layer in ruleset.layers)
        raise click.BadParameter(f"in {label} ({layers}): {e.message}; --boards fixes the boards of both A and B, so "
                                 "each board must be in both rule sets", param_hint="'--boards'") from None


def _report_comparison(report: str, loaded: Sequence[Any], plans: Sequence[Any], tallies: Sequence[Any],
                       comparison: Any) -> None:
    from wonderrules.reports.data import Compared, rules_changes, simulated
    from wonderrules.reports.page import comparison_page

    a, b = (simulated(r.title or r.name, r.layers, plan, tally) for r, plan, tally in zip(loaded, plans, tallies))
    changes = rules_changes(loaded[0], loaded[1])
    _write_report(report, lambda: comparison_page(Compared(a, b, comparison, changes)))
