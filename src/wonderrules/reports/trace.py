"""An account of a game, round by round, for `wr trace`: what each city did and how it paid, the
coins and tokens of every city after each round, and what the engine recorded between rounds
(the contests resolved, the deals made). It is a post-game account: hidden cards are shown.

Everything comes from the rule set's declarations and the game's public record: the label of an
action is its kind's `title` in the rule set ("build {card}"), a way is named as the rule set
names it, the coins paid to the bank are `state.coins_to_bank` asked before the round is
applied, the coins paid to sellers are the action's `pay`, the contests and deals are the
entries of `state.history`. A new game played by agents and a replayed log are recorded the
same way, so a log traces exactly as the game it records.

A *round* of the account is one decision round as the flow asks it: the choices of one turn
for one decision, with the rounds in which a player chooses for the neutral seats it controls
(the Free City), and those in which a player chooses again a card of the table after its first
choice went to a seat ahead, joined to it, since nothing resolves in between. The formatting is
:mod:`wonderrules.reports.trace_view`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import attrs

from wonderrules.interpreter.actions import Action

__all__ = ["Payment", "Play", "CityAfter", "Round", "SeatInfo", "Trace", "Recorder", "trace_new_game",
           "trace_log", "relation", "TokenCounts"]

#: a city's tokens: (token name, how many, their total value), in the rule set's order
TokenCounts = tuple[tuple[str, int, int], ...]


@attrs.frozen
class Payment:
    """Coins paid to a seller: its seat, how many, and who it is for the buyer (`left
    neighbour`, `right neighbour`, `both neighbours`, or empty) with a neutral seat's name."""

    seat: int
    coins: int
    relation: str


@attrs.frozen
class Play:
    """What one city did in a round: `player` chose `action` for the city at `seat`, in the
    decision `decision` (its `title` as the game asked it). `label` is the action in the rule
    set's words; `free` says its way costs nothing; `bank` is what it paid to the bank,
    `payments` what it paid to each seller."""

    player: int
    seat: int
    decision: str
    title: str
    action: Action
    label: str
    free: bool
    bank: int
    payments: tuple[Payment, ...]
    #: the card of a zone of the table the city chose first, when it went to a seat ahead in the
    #: round's order: the city chose again (`action`), or `passed` with nothing left to choose
    first_choice: str = ""
    passed: bool = False


@attrs.frozen
class CityAfter:
    """A city's coins and tokens at the start of a round and once it is over (when the game
    next asks a decision, or at its end)."""

    seat: int
    coins_before: int
    coins: int
    tokens_before: TokenCounts
    tokens: TokenCounts

    def token_changes(self) -> tuple[tuple[str, int, int], ...]:
        """(token, change of how many, change of value) for each token that changed."""
        before = {name: (n, v) for name, n, v in self.tokens_before}
        out = []
        for name, n, v in self.tokens:
            n0, v0 = before.pop(name, (0, 0))
            if (n, v) != (n0, v0):
                out.append((name, n - n0, v - v0))
        out += [(name, -n, -v) for name, (n, v) in before.items() if n or v]
        return tuple(out)


@attrs.frozen
class Round:
    """One round of the account: where the game stood (`age`, `turn`), the decisions asked
    (their names) and `title`, each city's `plays`, every city after it, and the entries the
    engine recorded before the next round (`then`: contests, deals), as `state.history` holds
    them."""

    age: int
    turn: int
    decisions: tuple[str, ...]
    title: str
    plays: tuple[Play, ...]
    cities: tuple[CityAfter, ...]
    then: tuple[dict[str, Any], ...]

    def seats(self) -> frozenset[int]:
        return frozenset(p.seat for p in self.plays)


@attrs.frozen
class SeatInfo:
    """A seat of the table: its board and side, a neutral seat's name (empty for a player's
    seat) and the agent that played it (empty when not known)."""

    seat: int
    board: str
    side: str
    neutral: str
    agent: str


@attrs.frozen
class Trace:
    """The account of a game: the table, the entries recorded before the first round
    (`start`: the first deals), the rounds, and the final `state` (over or not) for the
    score sheet."""

    title: str
    seed: int
    seats: tuple[SeatInfo, ...]
    start: tuple[dict[str, Any], ...]
    rounds: tuple[Round, ...]
    state: Any

    @property
    def over(self) -> bool:
        return bool(self.state.is_terminal())


def _tokens(state: Any) -> list[TokenCounts]:
    """Every city's tokens, as every player sees them (tokens are public)."""
    from wonderrules.interpreter.observe import observation

    cities = observation(state, 0)["cities"]
    return [tuple((name, t["count"], t["value"]) for name, t in city["tokens"].items()) for city in cities]


def relation(state: Any, buyer: int, seller: int) -> str:
    """Who `seller` is for `buyer`: its neighbour on a side, on both, or neither; with the name
    of a neutral seat."""
    sides = [side for side, seat in (("left", state.left(buyer)), ("right", state.right(buyer))) if seat == seller]
    parts = []
    neutral = state.neutral.get(seller)
    if neutral is not None:
        parts.append(neutral.name)
    if len(sides) == 2:
        parts.append("both neighbours")
    elif sides:
        parts.append(f"{sides[0]} neighbour")
    return ", ".join(parts)


class Recorder:
    """Watches a game being played: call `before(state, actions)` before each round is applied
    and `finish(state)` once it stops. Reads the public state only, never changes it."""

    def __init__(self, state: Any) -> None:
        rules = state.game.rules
        self._kinds = {k.name: k for k in rules.actions}
        self._start = self._entries(state, 0)
        self._seen = len(state.history)
        self._rounds: list[Round] = []
        self._open: Optional[dict[str, Any]] = None

    @staticmethod
    def _entries(state: Any, since: int) -> tuple[dict[str, Any], ...]:
        """What the engine recorded since `since`, but the rounds of decisions (the plays say them)."""
        return tuple(e for e in state.history[since:] if e["type"] not in ("decisions", "setup"))

    def before(self, state: Any, actions: dict[int, Action]) -> None:
        pending = state.pending_decisions()
        plays = [self._play(state, p, pending[p], actions[p]) for p in sorted(actions)]
        kinds = tuple(dict.fromkeys(d.kind for d in pending.values()))
        opened = self._open
        # whose first choice of a card of the table went to a seat ahead in the last round
        taken = state.history[self._seen - 1].get("taken", {}) if opened is not None else {}
        again = (opened is not None and bool(taken) and all(str(p) in taken for p in actions)
                 and not self._entries(state, self._seen))
        joins = (opened is not None and (opened["age"], opened["turn"], opened["decisions"]) ==
                 (state.age, state.turn, kinds)
                 and all(d.seat != d.player for d in pending.values())
                 and not {p.seat for p in plays} & {p.seat for p in opened["plays"]}
                 and not self._entries(state, self._seen))
        if opened is not None and again:
            self._mark_taken(opened, taken)
            # each choice made again takes the place of the first, under the round's title
            chosen = {p.seat: p for p in plays}
            opened["plays"] = [attrs.evolve(chosen[p.seat], first_choice=p.first_choice, title=p.title)
                               if p.seat in chosen else p for p in opened["plays"]]
        elif opened is not None and joins:
            self._mark_taken(opened, taken)
            opened["plays"].extend(plays)
        else:
            if opened is not None:
                self._mark_taken(opened, taken)
            self._close(state)
            own = [d.detail for d in pending.values() if d.seat == d.player]
            self._open = {"age": state.age, "turn": state.turn, "decisions": kinds,
                          "title": (own or [d.detail for d in pending.values()])[0], "plays": plays,
                          "coins": [city.coins for city in state.cities], "tokens": _tokens(state)}
        self._seen = len(state.history) + 1  # the round's own entry comes next

    @staticmethod
    def _mark_taken(opened: dict[str, Any], taken: dict[str, str]) -> None:
        """The plays whose card went to a seat ahead: each passes, unless it is chosen again next
        (its first choice is kept when it chose again more than once)."""
        if taken:
            opened["plays"] = [attrs.evolve(p, first_choice=p.first_choice or p.action.card, passed=True, free=False,
                                            bank=0, payments=())
                               if not p.passed and taken.get(str(p.player)) == p.action.card else p
                               for p in opened["plays"]]

    def _play(self, state: Any, player: int, decision: Any, action: Action) -> Play:
        kind = self._kinds[action.kind]
        title = kind.title or (f"{kind.name} {{amount}}" if kind.amount_from is not None else f"{kind.name} {{card}}")
        label = title.replace("{card}", action.card).replace("{amount}", str(action.amount))
        label = label.replace("{loss}", str(state.losses.get(decision.seat, 0))).strip()
        way = next((w for w in kind.ways if w.name == action.way), None)
        free = kind.cost != "none" and way is not None and way.free
        payments = tuple(Payment(s, c, relation(state, decision.seat, s)) for s, c in action.pay)
        return Play(player, decision.seat, decision.kind, decision.detail, action, label, free,
                    state.coins_to_bank(player, action), payments)

    def _close(self, state: Any) -> None:
        opened = self._open
        if opened is None:
            return
        tokens = _tokens(state)
        cities = tuple(CityAfter(s, opened["coins"][s], city.coins, opened["tokens"][s], tokens[s])
                       for s, city in enumerate(state.cities))
        self._rounds.append(Round(opened["age"], opened["turn"], opened["decisions"], opened["title"],
                                  tuple(opened["plays"]), cities, self._entries(state, self._seen)))
        self._open = None

    def finish(self, state: Any, title: str, agents: Sequence[str] = ()) -> Trace:
        if self._open is not None:
            self._mark_taken(self._open, state.history[self._seen - 1].get("taken", {}))
        self._close(state)
        seats = []
        for s, city in enumerate(state.cities):
            neutral = state.neutral.get(s)
            seats.append(SeatInfo(s, city.board.name, city.board.side, neutral.name if neutral else "",
                                  agents[s] if s < len(agents) else ""))
        return Trace(title, state.seed, tuple(seats), self._start, tuple(self._rounds), state)


def trace_new_game(game: Any, seed: int, agents: Sequence[Any], title: str, state: Any = None) -> Trace:
    """A new game played by `agents` (one per player, each with `choose(state, player)`): `state`
    as it starts (boards fixed, say), or else the game `game` deals with `seed`."""
    if state is None:
        state = game.new_initial_state(seed=seed)
    recorder = Recorder(state)
    while not state.is_terminal():
        actions = {p: agents[p].choose(state, p) for p in state.pending_decisions()}
        recorder.before(state, actions)
        state.apply_actions(actions)
    return recorder.finish(state, title, [a.name for a in agents])


def trace_log(game: Any, log: dict[str, Any], title: str) -> Trace:
    """The game a log records, replayed on `game` (every action checked; ReplayError names the
    field at fault)."""
    from wonderrules.interpreter.log import replay, start_from_log

    recorder: list[Recorder] = []

    def before_round(index: int, state: Any, actions: dict[int, Action]) -> None:
        if not recorder:
            recorder.append(Recorder(state))
        recorder[0].before(state, actions)

    state = replay(game, log, before_round=before_round)
    if not recorder:  # a log of no round: the game as it starts
        recorder.append(Recorder(start_from_log(game, log)))
    agents = log.get("agents", [])
    return recorder[0].finish(state, title, agents if len(agents) == game.players else [])
