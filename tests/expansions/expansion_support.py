"""Helpers for the expansion scenario tests: rule sets, deals built from a plan of chosen
actions, and a driver that plays the plan through the public interpreter API.

A *plan* says, per age and turn, which action each seat takes. The deal is computed from it:
each card a seat plays comes from the hand that seat holds on that turn (hands pass left in
Ages I and III, right in Age II), and every other card is a *filler* that the driver sells.
Nothing here knows a rule of the game beyond the seating convention of the interpreter
(seat i's left neighbour is i + 1) and the pass directions printed in the rulebook.

A plan's payments are written as the rulebook speaks of them, coins to the left and to the right
neighbour (`build("Baths", left=2)`); :func:`at` turns them into the interpreter's payments (coins
per seller seat) once the paying seat is known. The scenario driver does so for every planned
action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Optional

import wonderrules as wr
from wonderrules import Action

__all__ = ["rules", "new_game", "build", "chain", "free", "stage", "sell", "pay", "pick", "at", "Plan",
           "Scenario", "FILLER", "hand_names", "zone_names", "play_random", "city_names", "column",
           "dealt_names", "token", "token_value", "TwoPlayerScenario", "split", "hand_cards", "age_deck",
           "deal_records", "dealt_sizes", "FREE_CITY", "PILE_FILLER", "CONTROL_STARTS", "controller_on",
           "Action"]

#: a card of each age sold by default (any card would do; these have no effect when sold)
FILLER = {1: "Altar", 2: "Aqueduct", 3: "Palace"}
#: pass directions printed in the rulebook: +1 = to the left neighbour
PASS_STEP = {1: 1, 2: -1, 3: 1}


@cache
def rules(*names: str):
    return wr.load_rules(*names)


def new_game(layers: Sequence[str], players: int, options: Sequence[str] = (), sides: str = "A") -> wr.Game:
    return wr.Game(rules(*layers), players=players, options=tuple(options), sides=sides)


# ---- actions ---------------------------------------------------------------------------------

#: stand-ins for the seller seats of a payment written relative to the payer (see `at`)
LEFT, RIGHT = -1, -2


def relative(left: int, right: int) -> tuple[tuple[int, int], ...]:
    return tuple((s, c) for s, c in ((LEFT, left), (RIGHT, right)) if c)


def build(card: str, left: int = 0, right: int = 0) -> Action:
    return Action("build", card, relative(left, right))


def chain(card: str) -> Action:
    return Action("build", card, way="chain")


def free(card: str) -> Action:
    return Action("build", card, way="free")


def stage(card: str, left: int = 0, right: int = 0) -> Action:
    return Action("stage", card, relative(left, right))


def sell(card: str) -> Action:
    return Action("sell", card)


def pick(card: str) -> Action:
    return Action("pick", card)


def pay(coins: int) -> Action:
    return Action("pay", amount=coins)


def deciding_seat(state, player: int) -> int:
    """The seat `player` decides for now: their own, or the neutral seat they control."""
    decision = state.pending_decisions().get(player)
    return decision.seat if decision is not None else player


def at(state, player: int, action: Action) -> Action:
    """`action` as chosen by `player` for the seat they decide for: coins to that seat's left and
    right neighbours become coins per seller seat, in seat order (one entry for a seat that is
    both neighbours)."""
    if not any(s < 0 for s, _ in action.pay):
        return action
    seat = deciding_seat(state, player)
    coins: dict[int, int] = {}
    for s, c in action.pay:
        seller = state.left(seat) if s == LEFT else state.right(seat) if s == RIGHT else s
        coins[seller] = coins.get(seller, 0) + c
    return action._replace(pay=tuple(sorted(coins.items())))


# ---- plans and deals -------------------------------------------------------------------------

#: age -> turn (1-based) -> seat -> action; a seat's "extra" entry (the age's last card) is keyed
#: by turn 0 of the plan
Plan = Mapping[int, Mapping[int, Mapping[int, Action]]]


def hand_index(seat: int, turn: int, age: int, players: int) -> int:
    """Which dealt hand (by the seat it was dealt to) `seat` holds on `turn` of `age`."""
    return (seat - (turn - 1) * PASS_STEP[age]) % players


def deal_from_plan(plan: Plan, players: int, hand: int, turns: int,
                   filler: Optional[Mapping[int, str]] = None,
                   extra: Optional[Mapping[int, Mapping[int, str]]] = None) -> dict[int, list[list[str]]]:
    """Hands for every age of the plan: each hand holds the cards played from it, then fillers.
    `extra`: age -> seat -> a card to leave as the last card of the hand that seat holds at the
    end of the age."""
    filler = {**FILLER, **(filler or {})}
    out: dict[int, list[list[str]]] = {}
    for age in (1, 2, 3):
        hands: list[list[str]] = [[] for _ in range(players)]
        for turn, moves in sorted(plan.get(age, {}).items()):
            for seat, action in moves.items():
                if isinstance(seat, int):
                    hands[hand_index(seat, turn, age, players)].append(action.card)
        for seat, card in (extra or {}).get(age, {}).items():
            hands[hand_index(seat, turns, age, players)].append(card)
        for i, h in enumerate(hands):
            if len(h) > hand:
                raise ValueError(f"age {age}: hand {i} would hold {len(h)} cards")
            # fillers first, so the planned last card stays in hand to the end
            hands[i] = [filler[age]] * (hand - len(h)) + h
        out[age] = hands
    return out


class Scenario:
    """A game whose deal follows a plan; `run_to` plays it turn by turn."""

    def __init__(self, layers: Sequence[str], players: int, boards: Sequence, plan: Plan,
                 options: Sequence[str] = (), seed: int = 0, filler: Optional[Mapping[int, str]] = None,
                 extra_cards: Optional[Mapping[int, Mapping[int, str]]] = None,
                 hands: Optional[Mapping[int, list[list[str]]]] = None) -> None:
        self.game = new_game(layers, players, options)
        cfg = self.game.config
        self.plan = plan
        self.filler = {**FILLER, **(filler or {})}
        dealt = deal_from_plan(plan, players, cfg.hand, cfg.turns, filler, extra_cards)
        if hands:
            dealt.update(hands)
        self.state = self.game.new_initial_state(seed=seed, boards=list(boards), hands=dealt)
        self.tucked: list[str] = []

    @property
    def turns(self) -> int:
        return self.game.config.turns

    def moves(self, age: int, turn: int) -> Mapping:
        return self.plan.get(age, {}).get(turn, {})

    def default_action(self, seat: int) -> Action:
        st = self.state
        age, turn = st.age, st.turn
        names = Counter(hand_names(st, seat))
        keep: Counter = Counter()
        n = st.players
        idx = hand_index(seat, turn, age, n)
        for t, moves in self.plan.get(age, {}).items():
            if t <= turn:
                continue
            for s, a in moves.items():
                if isinstance(s, int) and hand_index(s, t, age, n) == idx:
                    keep[a.card] += 1
        for name in names:
            if names[name] > keep[name]:
                return sell(name)
        raise AssertionError(f"seat {seat} has no card to spare on age {age} turn {turn}")

    def play_turn(self, answers: Optional[Mapping] = None) -> None:
        """Play the current turn: planned actions, default sales, then answer the decisions that
        follow (pay / pick / extra) from `answers` or from the plan's turn entry."""
        st = self.state
        pend = st.pending_decisions()
        assert pend and all(d.kind == "play" for d in pend.values()), pend
        moves = self.moves(st.age, st.turn)
        chosen = {}
        for p, d in pend.items():
            chosen[p] = moves.get(d.seat) or self.default_action(d.seat)
        self._apply(chosen)
        self.answer(answers if answers is not None else moves.get("answers", {}))

    def _apply(self, actions: Mapping[int, Action]) -> None:
        pend = self.state.pending_decisions()
        actions = {p: at(self.state, p, a) for p, a in actions.items()}
        self.state.apply_actions(actions)
        for p, a in actions.items():
            if a.kind == "stage" and pend[p].kind in ("play", "extra"):
                self.tucked.append(a.card)

    def answer(self, answers: Mapping) -> None:
        """Answer pending non-play decisions: answers[(kind, seat)] -> an action or a list of
        actions taken in order. Anything unexpected fails the test."""
        queues = {k: (list(v) if isinstance(v, list) else [v]) for k, v in answers.items()}
        st = self.state
        while True:
            pend = st.pending_decisions()
            if not pend or any(d.kind == "play" for d in pend.values()):
                break
            chosen = {}
            for p, d in pend.items():
                q = queues.get((d.kind, d.seat))
                if not q:
                    if d.kind == "extra":
                        chosen[p] = sell(hand_names(st, p)[0])
                        continue
                    raise AssertionError(f"unexpected decision {d} (no answer given)")
                chosen[p] = q.pop(0)
            self._apply(chosen)
        left = {k: v for k, v in queues.items() if v}
        assert not left, f"answers not used: {left}"

    def run_to(self, age: int, turn: int) -> None:
        """Play every turn before (age, turn); the state then waits for that turn's choices."""
        st = self.state
        while not st.is_terminal() and (st.age, st.turn) < (age, turn):
            self.play_turn()
        assert (st.age, st.turn) == (age, turn), (st.age, st.turn)

    def finish_turn(self, actions: Mapping[int, Action] | None = None) -> None:
        """Apply the planned (or given) choices of this turn without answering what follows."""
        st = self.state
        moves = actions if actions is not None else self.moves(st.age, st.turn)
        chosen = {p: moves.get(d.seat) or self.default_action(d.seat) for p, d in st.pending_decisions().items()}
        self._apply(chosen)

    def run_to_end(self) -> None:
        while not self.state.is_terminal():
            self.play_turn()

    def city(self, seat: int):
        return self.state.cities[seat]


# ---- reading results ---------------------------------------------------------------------------

def zone_names(state, seat: int, zone: str) -> list[str]:
    """The card names of a seat's zone (or of a shared zone)."""
    return [c.name for c in state.zone(state.catalog.zone_index[zone], seat)]


def hand_names(state, seat: int) -> list[str]:
    return zone_names(state, seat, "hand")


def city_names(state, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].built]


def column(state, seat: int, name: str) -> int:
    return state.scores()[seat].column(name)


def token(state, seat: int, name: str) -> int:
    """How many tokens of a kind a city holds."""
    cat = state.catalog
    return state.cities[seat].token_counts[cat.token_index[name]]


def token_value(state, seat: int, name: str) -> int:
    cat = state.catalog
    return state.cities[seat].token_values[cat.token_index[name]]


def dealt_names(state) -> Counter:
    """Every card dealt so far (hands and neutral piles), by name, from the game's deal records."""
    out: Counter = Counter()
    for record in state.history:
        if record["type"] == "deal":
            for _zone, _seat, names in record["dealt"]:
                out.update(names)
    return out


def play_random(game: wr.Game, seed: int, check=None):
    """A game of random agents (one per player, seeded); `check(state, tucked)` runs after every
    round. Returns (state, tucked card names)."""
    from wonderrules.interpreter.agents import make_agent

    state = game.new_initial_state(seed=seed)
    agents = {p: make_agent("random", seed * 100 + p) for p in range(game.players)}
    tucked: list[str] = []
    while not state.is_terminal():
        pend = state.pending_decisions()
        assert pend, "no decision pending in a game that is not over"
        chosen = {}
        for p, d in pend.items():
            acts = state.legal_actions(p)
            assert acts, f"player {p} has no legal action for {d}"
            chosen[p] = agents[p].choose(state, p)
            if chosen[p].kind == "stage":
                tucked.append(chosen[p].card)
        state.apply_actions(chosen)
        if check is not None:
            check(state, tucked)
    return state, tucked


# ---- two players and the Free City -------------------------------------------------------------

FREE_CITY = 2
#: pile fillers the Free City can rarely build (it must then sell them)
PILE_FILLER = {1: "Stockade", 2: "Aqueduct", 3: "Palace"}


#: the side of the Free City whose player starts each age with its card (two_player.wr, after
#: the Hungarian and Romanian rulebooks): Age I its left, Age II its right, Age III its left
CONTROL_STARTS = {1: "left", 2: "right", 3: "left"}


def controller_on(age: int, turn: int) -> int:
    """Who holds the Free City card on `turn` of `age`. Seat 2's left neighbour is seat 0 and its
    right neighbour seat 1; the card starts the age with the player on the side given by
    CONTROL_STARTS and travels with the hands, which cross the Border every turn."""
    start = 0 if CONTROL_STARTS[age] == "left" else 1
    return start if turn % 2 == 1 else 1 - start


class TwoPlayerScenario(Scenario):
    """Two players (seats 0 and 1) and the Free City (seat 2). The plan gives, per turn, the
    action of each player and of the Free City (key 2). The Free City's card of turn t is the
    t-th card of its pile; the controller's own card comes from the hand that always travels
    with the Free City card (dealt to the player who starts the age with it); the other
    player's from the other hand."""

    def __init__(self, layers: Sequence[str], boards: Sequence, plan: Plan, seed: int = 0,
                 filler: Optional[Mapping[int, str]] = None, pile_filler: Optional[Mapping[int, str]] = None,
                 hands: Optional[Mapping[int, list[list[str]]]] = None) -> None:
        self.game = new_game(layers, 2)
        cfg = self.game.config
        self.plan = plan
        self.filler = {**FILLER, **(filler or {})}
        self.pile_filler = {**PILE_FILLER, **(pile_filler or {})}
        dealt: dict[int, list[list[str]]] = {}
        for age in (1, 2, 3):
            with_card, other, pile = [], [], []
            for turn in range(1, cfg.turns + 1):
                moves = plan.get(age, {}).get(turn, {})
                c = controller_on(age, turn)
                if c in moves:
                    with_card.append(moves[c].card)
                if 1 - c in moves:
                    other.append(moves[1 - c].card)
                pile.append(moves[FREE_CITY].card if FREE_CITY in moves else self.pile_filler[age])
            pile += [self.pile_filler[age]] * (cfg.hand - len(pile))
            with_card = [self.filler[age]] * (cfg.hand - len(with_card)) + with_card
            other = [self.filler[age]] * (cfg.hand - len(other)) + other
            first = controller_on(age, 1)
            dealt[age] = [with_card, other, pile] if first == 0 else [other, with_card, pile]
        if hands:
            dealt.update(hands)
        self.state = self.game.new_initial_state(seed=seed, boards=list(boards), hands=dealt)
        self.tucked = []

    def reserved(self, seat: int) -> Counter:
        """Cards the hand held by `seat` must keep for later (or for the Free City this turn)."""
        st = self.state
        keep: Counter = Counter()
        ctl = st.controller.get(FREE_CITY)
        for t, moves in self.plan.get(st.age, {}).items():
            if t < st.turn:
                continue
            with_card = ctl == seat
            for s, a in moves.items():
                if not isinstance(s, int):
                    continue
                if s == FREE_CITY:
                    deciding = st.pending_decisions().get(seat)
                    choosing_for_it = deciding is not None and deciding.seat == FREE_CITY
                    if t == st.turn and with_card and not choosing_for_it:
                        keep[a.card] += 1
                    continue
                if t == st.turn:
                    continue
                if (s == controller_on(st.age, t)) == with_card:
                    keep[a.card] += 1
        return keep

    def default_action(self, seat: int) -> Action:
        st = self.state
        names = Counter(hand_names(st, seat))
        keep = self.reserved(seat)
        for name in names:
            if names[name] > keep[name]:
                return sell(name)
        raise AssertionError(f"seat {seat} has no card to spare on age {st.age} turn {st.turn}")

    def free_city_default(self, player: int) -> Action:
        st = self.state
        keep = self.reserved(player)
        names = Counter(hand_names(st, player))
        spare = [n for n in names if names[n] > keep[n]]
        acts = [a for a in st.legal_actions(player) if a.card in spare]
        for kind in ("sell", "build", "stage"):
            for a in acts:
                if a.kind == kind:
                    return a
        raise AssertionError(f"the Free City has nothing to play on age {st.age} turn {st.turn}")

    def play_players(self, moves: Optional[Mapping] = None) -> None:
        st = self.state
        moves = self.moves(st.age, st.turn) if moves is None else moves
        pend = st.pending_decisions()
        assert sorted(pend) == [0, 1] and all(d.kind == "play" and d.seat == p for p, d in pend.items()), pend
        self._apply({p: moves.get(p) or self.default_action(p) for p in pend})

    def play_free_city(self, action: Optional[Action] = None) -> None:
        st = self.state
        pend = st.pending_decisions()
        (player, dec), = pend.items()
        assert dec.kind == "play" and dec.seat == FREE_CITY, dec
        action = action or self.moves(st.age, st.turn).get(FREE_CITY) or self.free_city_default(player)
        self._apply({player: action})

    def play_turn(self, answers: Optional[Mapping] = None) -> None:
        moves = self.moves(self.state.age, self.state.turn)
        self.play_players(moves)
        self.play_free_city()
        self.answer(answers if answers is not None else moves.get("answers", {}))

    def finish_turn(self, actions=None) -> None:
        self.play_players(actions)
        self.play_free_city()


# ---- reading actions and hands -----------------------------------------------------------------

def split(state, player: int, action: Action) -> tuple[int, int]:
    """(coins to the left neighbour, coins to the right neighbour) of an action of `player`'s
    pending decision, seen from the seat they decide for."""
    seat = deciding_seat(state, player)
    coins = dict(action.pay)
    left, right = state.left(seat), state.right(seat)
    return coins.get(left, 0), (coins.get(right, 0) if right != left else 0)


def hand_cards(state, seat: int) -> list:
    """The cards of a seat's hand, in order (the last one dealt last)."""
    return list(state.cities[seat].zones[state.catalog.zone_index["hand"]])


def age_deck(game: wr.Game, age: int, rng) -> list:
    """The deck dealt in `age` (before the shuffle), drawn with `rng` where the rules draw."""
    deal = next(d for d in game.rules.deals if d.deck == "age")
    return game.deck(deal, age, rng)


def deal_records(state) -> list[dict]:
    """The game's records of its deals, in order."""
    return [r for r in state.history if r["type"] == "deal"]


def dealt_sizes(record: dict, zone: str = "hand") -> list[int]:
    """How many cards each seat was dealt into `zone` by one deal, in the order dealt."""
    return [len(names) for z, _seat, names in record["dealt"] if z == zone]
