"""`wr ladder`: agents played against each other, two at a time, to see whether better play wins.

Every pair of the agents given plays the same games: game g of every pair is dealt with seed
`seed + g` (common random numbers: the pairs meet the same deals), and its agents are seeded as
`wr simulate` seeds them (`(seed + g) * 1000 + seat`). In a game of a pair the seats alternate
between the two agents (seat s goes to the first agent when s + g is even), so over two games each
agent has sat at every seat once as often as the other and, at an even table, each agent's
neighbours are the other agent's.

A game's win goes to the agent whose seat won (a tie shares it, as `returns()` does). The cell of
row A and column B is A's share of the wins of their games, with a 95% Wilson interval and the
number of games; B's cell against A is the rest. The verdict reads the agents in the order given
as weakest first, and says whether each one beats the one before it (a share above one half), and
whether the interval says so too.

Games run in parallel over processes (`jobs`); each game is played on its own from its seeds, and
the results are gathered in game order, so the matrix is the same for any number of jobs. The
parallel part is `play_games` alone, so that another runner can replace it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional, Union, overload

import attrs
from rich.table import Table
from rich.text import Text

from wonderrules.workbench.statistics import wilson_bounds

__all__ = ["Pairing", "GameTask", "Ladder", "schedule", "Schedule", "play_game", "play_games", "run_ladder", "wilson",
           "matrix_table", "verdict"]

#: z for a two-sided 95% interval
Z95 = 1.959963984540054


@attrs.frozen
class GameTask:
    """One game of a pair: its index in the ladder, the pair, the seed, the agent spec of each
    seat, and the seats of the pair's first agent."""

    index: int
    pair: tuple[int, int]
    seed: int
    seats: tuple[str, ...]
    first: tuple[int, ...]


@attrs.frozen
class Pairing:
    """The games of two agents: the first agent's share of the wins, and how many games."""

    first: int
    second: int
    wins: float
    games: int


@attrs.frozen
class Ladder:
    agents: tuple[str, ...]
    players: int
    games: int
    pairings: tuple[Pairing, ...]

    def share(self, row: int, column: int) -> tuple[float, int]:
        """(row's share of the wins against column, games played)."""
        for p in self.pairings:
            if (p.first, p.second) == (row, column):
                return p.wins / p.games, p.games
            if (p.second, p.first) == (row, column):
                return 1 - p.wins / p.games, p.games
        raise KeyError((row, column))


def schedule(agents: Sequence[str], players: int, games: int, seed: int) -> Sequence[GameTask]:
    """Every game of the ladder, pair by pair (in the order of the agents), game by game."""
    return Schedule(tuple(agents), players, games, seed)


@attrs.frozen
class Schedule(Sequence[GameTask]):
    """The games of a ladder as a sequence whose games are made as they are asked for: a ladder
    may have more games than memory would hold (`wr ladder -n 10**12`)."""

    agents: tuple[str, ...]
    players: int
    games: int
    seed: int

    def __len__(self) -> int:
        return len(self.agents) * (len(self.agents) - 1) // 2 * self.games

    @overload
    def __getitem__(self, index: int) -> GameTask: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[GameTask]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[GameTask, Sequence[GameTask]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        number = index + len(self) if index < 0 else index
        if not 0 <= number < len(self):
            raise IndexError(index)
        pair, g = divmod(number, self.games)
        i, j = [(i, j) for i in range(len(self.agents)) for j in range(i + 1, len(self.agents))][pair]
        first = tuple(s for s in range(self.players) if (s + g) % 2 == 0)
        seats = tuple(self.agents[i] if s in first else self.agents[j] for s in range(self.players))
        return GameTask(number, (i, j), self.seed + g, seats, first)


def play_game(game: Any, task: GameTask) -> tuple[float, float]:
    """Play one game of a pair: (the first agent's share of the win, the second's); GameStopped
    when the rules stop it."""
    from wonderrules.interpreter.agents import make_agent
    from wonderrules.interpreter.errors import GameStoppedError
    from wonderrules.workbench.simulation import GameStopped

    agents = [make_agent(spec, task.seed * 1000 + p) for p, spec in enumerate(task.seats)]
    try:
        state = game.new_initial_state(seed=task.seed)
        while not state.is_terminal():
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    except GameStoppedError as e:
        raise GameStopped(f"{' + '.join(game.rules.layers)}, {game.players} players, seed {task.seed}, agents "
                          f"{', '.join(task.seats)}", e.message) from None
    result = state.returns()
    a = sum(r for s, r in enumerate(result) if s in task.first)
    return a, sum(result) - a


#: the game a worker process plays (set once per process by `_start_worker`)
_WORKER_GAME: list[Any] = []


def _start_worker(rules: Any, players: int, options: tuple[str, ...]) -> None:
    from wonderrules.interpreter.game import Game

    _WORKER_GAME[:] = [Game(rules, players, options)]


def _play_in_worker(task: GameTask) -> tuple[float, float]:
    return play_game(_WORKER_GAME[0], task)


def play_games(rules: Any, players: int, options: tuple[str, ...], tasks: Sequence[GameTask],
               jobs: int) -> Iterator[tuple[float, float]]:
    """The result of every task, in task order, played in `jobs` processes (1: in this one; never
    more processes than tasks)."""
    jobs = min(jobs, len(tasks))
    if jobs <= 1:
        from wonderrules.interpreter.game import Game

        game = Game(rules, players, options)
        for task in tasks:
            yield play_game(game, task)
        return
    from concurrent.futures.process import BrokenProcessPool

    from wonderrules.workers.processes import HardStop, start_pool, stop_pool

    pool = start_pool(jobs, _start_worker, (rules, players, options))
    with HardStop(pool) as stop:  # Ctrl-C, SIGTERM, SIGHUP end the workers: the wait below raises it
        try:
            yield from _in_order(pool, tasks, 2 * jobs)
        except BaseException as e:
            # interrupted (or a game failed): the games under way are abandoned, not waited for
            stop_pool(pool)
            if isinstance(e, BrokenProcessPool):
                stop.raise_it()
            raise
    pool.shutdown()


def _in_order(pool: Any, tasks: Sequence[GameTask], ahead: int) -> Iterator[tuple[float, float]]:
    """The results of the tasks played by the pool, in order, with `ahead` games sent at a time
    (none is cancelled on the way out: a broken pool fails them itself)."""
    from collections import deque

    waiting: deque[Any] = deque()
    left = iter(tasks)
    while True:
        while len(waiting) < ahead:
            task = next(left, None)
            if task is None:
                break
            waiting.append(pool.submit(_play_in_worker, task))
        if not waiting:
            return
        yield waiting.popleft().result()


def run_ladder(rules: Any, players: int, agents: Sequence[str], games: int, seed: int = 0, jobs: int = 1,
               options: tuple[str, ...] = (), progress: Optional[Callable[[int, int], None]] = None) -> Ladder:
    """Play every pair of `agents` over `games` games each (see the module's text)."""
    tasks = schedule(agents, players, games, seed)
    won: dict[tuple[int, int], float] = {}
    for done, (task, (a, b)) in enumerate(zip(tasks, play_games(rules, players, options, tasks, jobs)), 1):
        share = a / (a + b) if a + b else 0.5
        won[task.pair] = won.get(task.pair, 0.0) + share
        if progress is not None:
            progress(done, len(tasks))
    pairings = tuple(Pairing(i, j, won.get((i, j), 0.0), games)
                     for i in range(len(agents)) for j in range(i + 1, len(agents)))
    return Ladder(tuple(agents), players, games, pairings)


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion `share` observed over `n` trials."""
    if n <= 0:
        return 0.0, 1.0
    return wilson_bounds(share, n, Z95)


def matrix_table(ladder: Ladder, title: str) -> Table:
    """The matchup matrix: the row agent's share of the wins against the column agent."""
    table = Table(title=title, title_justify="left")
    table.add_column("row vs column")
    for name in ladder.agents:
        table.add_column(name, justify="right")
    for i, name in enumerate(ladder.agents):
        cells: list[Any] = [name]
        for j in range(len(ladder.agents)):
            if i == j:
                cells.append(Text("-", style="dim"))
                continue
            share, n = ladder.share(i, j)
            low, high = wilson(share, n)
            style = "green" if low > 0.5 else "red" if high < 0.5 else ""
            cells.append(Text(f"{share:.0%} [{low:.0%}, {high:.0%}] n={n}", style=style))
        table.add_row(*cells)
    return table


def verdict(ladder: Ladder) -> str:
    """One line: whether each agent beats the one before it in the order given."""
    names = ladder.agents
    steps = []
    for i in range(1, len(names)):
        share, n = ladder.share(i, i - 1)
        low, _ = wilson(share, n)
        steps.append((names[i - 1], names[i], share, low))
    order = " < ".join(names)
    broken = [s for s in steps if s[2] <= 0.5]
    if broken:
        weak, strong, share, low = broken[0]
        high = wilson(share, ladder.share(names.index(strong), names.index(weak))[1])[1]
        more = f" (and {len(broken) - 1} more step(s))" if len(broken) > 1 else ""
        return (f"Skill gradient {order}: not respected: {strong} wins {share:.0%} [{low:.0%}, {high:.0%}] of "
                f"its games against {weak}{more}.")
    sure = sum(1 for s in steps if s[3] > 0.5)
    return (f"Skill gradient {order}: respected, each agent beats the one before it; {sure} of {len(steps)} "
            f"step(s) significant at 95%.")
