"""Many games of one table, played in chunks of game numbers, in this process or in workers.

A simulation is a :class:`Plan`: a compiled rule set (as its JSON, so that a worker in another
process, or on another machine, rebuilds it without the parser), the table (players, options,
sides, the boards fixed at some seats), the agent of each seat, the first seed and the number of
games. Game ``g`` is dealt with
seed ``seed + g`` and its agents are seeded from that number, exactly as ``wr play --seed`` seeds
them, so a game depends on its number alone: however the games are split among workers, the
records are the same, and they are handed back in game order.

The work is sent to an *executor*: anything with ``submit(fn, *args)`` returning a future with
``result()``, ``cancel()`` and ``cancelled()``: a ``concurrent.futures`` executor (see
:func:`process_pool`), or a cluster's client of the same shape. None plays in this process. The
function sent, :func:`play_chunk`, takes plain values (the plan and two game numbers) and
returns plain frozen data, so it pickles to any worker that can import wonderrules.

Each finished game gives one :class:`SeatRecord` per player's seat, read from the public state
and observation only: the seat's board (its wonder) and side, its agent, every score column of the rule set,
its total, its place, its share of the win, the cards it built (the cards of its zones whose
cards are in play), the cards it could have acted on (the cards its legal actions named at its
decisions) and how long the game was.
"""

from __future__ import annotations

import functools
import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional, Protocol

import attrs

from wonderrules.interpreter.ir import RuleSet

__all__ = ["Plan", "SeatRecord", "GameRecord", "Chunk", "Played", "Handed", "Executor", "GameStopped", "make_plan",
           "seat_agents", "GamePlayer", "play_chunk", "play", "play_side_by_side", "process_pool", "chunk_spans",
           "default_jobs"]


@attrs.frozen
class Plan:
    """Everything every game of a simulation shares; plain values, so it pickles to a worker."""

    #: the compiled rule set, as `serial.rules_to_json` writes it
    rules_json: str = attrs.field(repr=False)
    #: the rule set's layers joined with " + ", as the records name it
    rules: str
    players: int
    options: tuple[str, ...]
    #: the agent's name of each seat
    agents: tuple[str, ...]
    seed: int
    games: int
    sides: str = "random"
    #: the (wonder, side) of each seat, None where it is drawn; None: every seat is drawn
    boards: Optional[tuple[Optional[tuple[str, str]], ...]] = None


@attrs.frozen
class SeatRecord:
    """One seat of one finished game: the row a simulation writes and its statistics read."""

    game: int
    seed: int
    rules: str
    players: int
    options: tuple[str, ...]
    seat: int
    #: the seat's board (a `wonder` of the rule set) and its side
    board: str
    side: str
    agent: str
    #: (score column, points), in the rule set's order
    scores: tuple[tuple[str, int], ...]
    total: int
    #: 1 the best; players level on total and tie breaks share a place
    rank: int
    #: the seat's share of the win: 1 for a sole winner, 1/k for a tie of k (in team play, of k teams)
    winner: float
    #: the cards in the seat's zones whose cards are in play at the end, in their order there
    built: tuple[str, ...]
    #: every card named by the seat's legal actions at its decisions, once each, sorted by name
    seen: tuple[str, ...]
    #: how many decisions the seat made
    decisions: int
    #: how many rounds of decisions the game had
    rounds: int


@attrs.frozen
class GameRecord:
    """A finished game: its seats, and how many decisions were made (for the speed figure)."""

    game: int
    seats: tuple[SeatRecord, ...]
    decisions: int


@attrs.frozen
class Chunk:
    """The games ``start`` to ``stop - 1``, the seconds their worker spent playing them and the
    processor time it used (less than the seconds when other programs held the processor)."""

    start: int
    stop: int
    games: tuple[GameRecord, ...]
    seconds: float
    processor: float = 0.0

    @property
    def decisions(self) -> int:
        return sum(g.decisions for g in self.games)


@attrs.frozen
class Played:
    """What a simulation gave: how many games finished (a run that was stopped may lack some
    games after the first one missing), the decisions made in them, the time spent, whether it
    was stopped and, when they were kept (``play(keep=True)``), the chunks, in game order."""

    stopped: bool
    games: int = 0
    decisions: int = 0
    #: the time the workers spent playing, added up (not the time it took)
    seconds: float = 0.0
    #: the processor time the workers used playing, added up
    processor: float = 0.0
    chunks: tuple[Chunk, ...] = ()

    def records(self) -> list[SeatRecord]:
        """The records of the chunks, in game order; a ValueError when they were not kept."""
        if self.games and not self.chunks:
            raise ValueError("the chunks of this simulation were not kept: play(..., keep=True) keeps them")
        return [r for c in self.chunks for g in c.games for r in g.seats]


class Handed:
    """The chunks of one simulation handed over so far: counted, and kept only when asked, so
    that a long run's memory does not grow with its games."""

    def __init__(self, keep: bool = False) -> None:
        self.keep = keep
        self.games = self.decisions = 0
        self.seconds = self.processor = 0.0
        self.chunks: list[Chunk] = []

    def add(self, chunk: Chunk) -> None:
        self.games += len(chunk.games)
        self.decisions += chunk.decisions
        self.seconds += chunk.seconds
        self.processor += chunk.processor
        if self.keep:
            self.chunks.append(chunk)

    def played(self, stopped: bool) -> Played:
        return Played(stopped, self.games, self.decisions, self.seconds, self.processor, tuple(self.chunks))


class Executor(Protocol):
    """Where chunks are played: ``concurrent.futures.Executor`` has this shape, and so has a
    client of a cluster whose futures answer ``result()``, ``cancel()`` and ``cancelled()``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Any: ...  # pragma: no cover


class GameStopped(Exception):
    """A game of a run that the rules stopped (the engine's GameStoppedError): which game (`game`:
    its rule set, table and seed, in words) and why. Plain values, so that it comes back whole
    from a worker process or a cluster; a run that meets one stops there."""

    def __init__(self, game: str, message: str) -> None:
        super().__init__(game, message)
        self.game = game
        self.message = message

    def __str__(self) -> str:
        return f"the game stopped ({self.game}): {self.message}"


def make_plan(rules: RuleSet, players: int, options: Sequence[str], agents: Sequence[str], seed: int,
              games: int, sides: str = "random", boards: Optional[Sequence[Optional[tuple[str, str]]]] = None
              ) -> Plan:
    """The plan of `games` games of `rules`; `agents` are repeated around the table as needed
    (``random,greedy`` at four seats: random, greedy, random, greedy); `boards`, one (wonder, side)
    or None per seat, fixes the boards of every game (the seats given None are drawn by each
    game's seed)."""
    from wonderrules.interpreter.serial import rules_to_json

    names = list(agents) or ["random"]
    return Plan(rules_json=rules_to_json(rules, indent=None), rules=" + ".join(rules.layers), players=players,
                options=tuple(options), agents=tuple(names[p % len(names)] for p in range(players)),
                seed=seed, games=games, sides=sides,
                boards=None if boards is None else tuple(None if b is None else (str(b[0]), str(b[1])) for b in boards))


def seat_agents(names: Sequence[str], seed: int) -> list[Any]:
    """The agents of a game dealt with `seed`, one per seat, each seeded with ``seed * 1000 + seat``
    (as ``wr play`` seeds them, so a simulated game is the game ``wr play --seed`` shows)."""
    from wonderrules.interpreter.agents import make_agent

    return [make_agent(name, seed * 1000 + p) for p, name in enumerate(names)]


class GamePlayer:
    """Plays the games of one plan: the rule set and the table are set up once, then each game
    from its number alone."""

    def __init__(self, rules: RuleSet, plan: Plan) -> None:
        from wonderrules.interpreter.game import Game

        self.plan = plan
        self.game = Game(rules, plan.players, plan.options, sides=plan.sides)
        #: the zones of a seat whose cards are in play: what a city has built
        self.in_play = tuple(z.name for z in rules.zones if z.active and z.per == "seat")

    def chunk(self, start: int, stop: int) -> Chunk:
        began, used = time.perf_counter(), time.process_time()
        games = tuple(self.play(g) for g in range(start, stop))
        return Chunk(start, stop, games, time.perf_counter() - began, time.process_time() - used)

    def play(self, number: int) -> GameRecord:
        """Game `number` of the plan, played to its end and recorded; GameStopped when the rules
        stop it."""
        from wonderrules.interpreter.errors import GameStoppedError

        try:
            return self._play(number)
        except GameStoppedError as e:
            plan = self.plan
            raise GameStopped(f"{plan.rules}, {plan.players} players, game {number}, seed {plan.seed + number}",
                              e.message) from None

    def _play(self, number: int) -> GameRecord:
        plan = self.plan
        players = plan.players
        seed = plan.seed + number
        bots = seat_agents(plan.agents, seed)
        state = self.game.new_initial_state(seed=seed, boards=plan.boards)
        seen: list[set[str]] = [set() for _ in range(players)]
        decided = [0] * players
        rounds = decisions = 0
        while not state.is_terminal():
            pending = state.pending_decisions()
            rounds += 1
            decisions += len(pending)
            chosen = {}
            for p, decision in pending.items():
                seat = decision.seat
                if seat < players:
                    decided[seat] += 1
                    seen[seat].update([a.card for a in state.legal_actions(p)])
                chosen[p] = bots[p].choose(state, p)
            state.apply_actions(chosen)
        return GameRecord(number, self._seats(state, number, bots, seen, decided, rounds), decisions)

    def _seats(self, state: Any, number: int, bots: list[Any], seen: list[set[str]], decided: list[int],
               rounds: int) -> tuple[SeatRecord, ...]:
        from wonderrules import observation

        plan = self.plan
        sheets = state.scores()
        shares = state.win_shares()
        places = state.ranks()
        out = []
        cities = observation(state, 0)["cities"]
        for seat in range(plan.players):
            city = cities[seat]
            if any("cards" not in city["zones"].get(zone, {}) for zone in self.in_play):
                city = observation(state, seat)["cities"][seat]  # a zone only its owner sees
            built = tuple(c for zone in self.in_play for c in city["zones"].get(zone, {}).get("cards", ()))
            sheet = sheets[seat]
            out.append(SeatRecord(
                game=number, seed=plan.seed + number, rules=plan.rules, players=plan.players, options=plan.options,
                seat=seat, board=city["board"], side=city["side"], agent=bots[seat].name,
                scores=tuple(sheet.columns), total=sheet.total, rank=places[seat],
                winner=shares[seat], built=built,
                seen=tuple(sorted(c for c in seen[seat] if c)), decisions=decided[seat], rounds=rounds))
        return tuple(out)


@functools.lru_cache(maxsize=4)
def _player_for(plan: Plan) -> GamePlayer:
    """The game player of a plan in this worker: the rule set is rebuilt from its JSON once."""
    from wonderrules.interpreter.serial import rules_from_json

    return GamePlayer(rules_from_json(plan.rules_json), plan)


def play_chunk(plan: Plan, start: int, stop: int) -> Chunk:
    """Games `start` to `stop - 1` of `plan`: what a worker runs (a plain function of plain values)."""
    return _player_for(plan).chunk(start, stop)


def chunk_spans(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """The chunks of game numbers sent to `workers` workers, as they are needed (a run may have
    more games than memory would hold chunks): about eight per worker, so that the work stays
    even and a stop waits for little, and at most 50 games each."""
    size = max(1, min(50, -(-games // (max(1, workers) * 8))))
    return ((s, min(games, s + size)) for s in range(0, games, size))


def play(plan: Plan, executor: Optional[Executor] = None, workers: int = 1, rules: Optional[RuleSet] = None,
         on_chunk: Callable[[Chunk], None] = lambda chunk: None,
         stop: Callable[[], bool] = lambda: False, keep: bool = True) -> Played:
    """Play the plan and hand each finished chunk to `on_chunk`, in game order.

    Without an executor the games are played here, one by one (`rules`, when given, saves
    rebuilding the rule set). With one, about two chunks per worker are out at a time. `stop` is
    asked between chunks: once it says yes, no new chunk is sent, the chunks not started are
    cancelled, those under way are finished and handed over, and the result says it stopped.
    The result keeps every chunk unless `keep` is false (what a long run asks, to play in
    bounded memory: `on_chunk` takes what it needs of each). A game the rules stop raises
    GameStopped: the chunks before its own were handed over, the others are cancelled.
    """
    (played,) = play_side_by_side([plan], executor, workers, [rules], lambda _, chunk: on_chunk(chunk), stop, keep)
    return played


def play_side_by_side(plans: Sequence[Plan], executor: Optional[Executor] = None, workers: int = 1,
                      rules: Sequence[Optional[RuleSet]] = (),
                      on_chunk: Callable[[int, Chunk], None] = lambda plan, chunk: None,
                      stop: Callable[[], bool] = lambda: False, keep: bool = False) -> list[Played]:
    """Play several plans side by side, as :func:`play` plays one: the chunk of games ``g`` to
    ``h`` of each plan in turn (the first plan's, then the second's ...), then the next games.
    Each chunk is handed to `on_chunk` with its plan's index, in that order, so that the games of
    the same numbers in every plan come in one after the other (`wr compare` pairs them as they
    come). `rules[i]`, when given, is plan i's rule set already loaded here."""
    handed = [Handed(keep) for _ in plans]

    def deliver(index: int, chunk: Chunk) -> None:
        on_chunk(index, chunk)
        handed[index].add(chunk)

    def results() -> list[Played]:
        return [h.played(h.games < plan.games) for h, plan in zip(handed, plans)]

    if executor is None:
        loaded = list(rules) + [None] * (len(plans) - len(rules))
        players = [GamePlayer(r, plan) if r is not None else _player_for(plan) for r, plan in zip(loaded, plans)]
        for g in range(max((plan.games for plan in plans), default=0)):
            if stop():
                break
            for index, (plan, player) in enumerate(zip(plans, players)):
                if g < plan.games:
                    deliver(index, player.chunk(g, g + 1))
        return results()
    spans: Iterator[tuple[int, tuple[int, int]]] = (
        (index, span) for turn in itertools.zip_longest(*(chunk_spans(plan.games, workers) for plan in plans))
        for index, span in enumerate(turn) if span is not None)
    out: deque[tuple[int, Any]] = deque()

    def refill() -> None:
        while len(out) < 2 * max(1, workers):
            sent = next(spans, None)
            if sent is None:
                return
            index, span = sent
            out.append((index, executor.submit(play_chunk, plans[index], *span)))

    refill()
    while out:
        index, future = out.popleft()
        try:
            chunk = future.result()
        except GameStopped:  # the run stops there: the chunks after it are not wanted
            for _, later in out:
                later.cancel()
            raise
        deliver(index, chunk)
        if stop():
            for _, future in out:
                future.cancel()
            for index, future in out:
                if not future.cancelled():
                    deliver(index, future.result())
            break
        refill()
    return results()


def process_pool(jobs: int) -> Any:
    """A pool of `jobs` worker processes, started afresh (spawn), which leave Ctrl-C to this
    process and end with it (:func:`wonderrules.workers.processes.start_pool`)."""
    from wonderrules.workers.processes import start_pool

    return start_pool(jobs)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
