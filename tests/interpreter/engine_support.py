"""Helpers of the rule tests of the base game: the base rule set, scripted deals, finding an
action, payments read as (left, right) coins, snapshots, random games, and a hand-written model of
the base game (what each card produces, trade prices, coins gained) that the tests use as an
oracle independent of the interpreter's own bookkeeping.

Seating is the interpreter's documented convention: seats 0..N-1 sit clockwise, the left
neighbour of seat s is s+1 (mod N), the right neighbour s-1; passing left gives a hand to the
left neighbour. An action's payment is a tuple of (seller seat, coins) pairs; the rules of the
base game speak of coins paid to the left and to the right neighbour, so the tests write them so
(`pay_of` and `left_right` translate).

Scripted deals. A *plan* gives, for each player, the card they play on each turn of an age. Since
hands travel around the table, the plan fixes the whole deal: the hand dealt to seat h is held on
turn t by seat h + (t-1)*step (step +1 when passing left, -1 when passing right), so it must hold
the card that seat plays on turn t. `deal_for` builds those hands (plus the 7th, left-over card).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import product
from typing import Any, NamedTuple, Optional

import wonderrules as wr
from wonderrules.interpreter import engine
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.catalog import Source
from wonderrules.interpreter.state import State

RAW = ("wood", "stone", "clay", "ore")
MANUFACTURED = ("glass", "loom", "papyrus")
RESOURCES = RAW + MANUFACTURED

#: cards dealt as padding: sold by players who have nothing else to do in a scenario
FILLER = {1: "Pawnshop", 2: "Walls", 3: "Town Hall"}
#: the printed pass directions of the base game: Age I left, Age II right, Age III left
PASS_STEP = {1: +1, 2: -1, 3: +1}


@cache
def base_rules() -> wr.RuleSet:
    return wr.load_rules("base")


@cache
def game(players: int, sides: str = "A") -> wr.Game:
    return wr.Game(base_rules(), players=players, sides=sides)


# ---- zones -----------------------------------------------------------------------------------

def zone_cards(state: State, name: str, seat: int = 0) -> list[Source]:
    """The cards of a zone of base.wr: a seat's (`hand`, `built`, `tucked`) or the table's
    (`discard`)."""
    return state.zone(state.catalog.zone_index[name], seat)


def hand_cards(state: State, player: int) -> list[Source]:
    return zone_cards(state, "hand", player)


def hand_names(state: State, player: int) -> list[str]:
    return sorted(c.name for c in hand_cards(state, player))


def city_names(state: State, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].built]


def discard_names(state: State) -> list[str]:
    return [c.name for c in zone_cards(state, "discard")]


def dealt_hands(state: State, age: int) -> list[list[str]]:
    """The hands dealt to the players in an age (read from the history)."""
    for entry in state.history:
        if entry["type"] == "deal" and entry["age"] == age:
            return [list(cards) for zone, _, cards in entry["dealt"] if zone == "hand"]
    raise AssertionError(f"no deal in age {age}")


# ---- actions ---------------------------------------------------------------------------------

def pay_of(state: State, seat: int, left: int = 0, right: int = 0) -> tuple[tuple[int, int], ...]:
    """The payment of `left` coins to the left neighbour and `right` to the right one."""
    coins: Counter = Counter()
    coins[state.left(seat)] += left
    coins[state.right(seat)] += right
    return tuple((s, n) for s, n in sorted(coins.items()) if n)


def left_right(state: State, seat: int, action: Action) -> tuple[int, int]:
    """(coins to the left neighbour, coins to the right neighbour) of an action's payment; at a
    table of two seats, where the one neighbour is both, its coins are written on the left."""
    paid = dict(action.pay)
    if state.left(seat) == state.right(seat):
        return paid.get(state.left(seat), 0), 0
    return paid.get(state.left(seat), 0), paid.get(state.right(seat), 0)


def paid(state: State, seat: int, kind: str, card: str, left: int = 0, right: int = 0, way: str = "") -> Action:
    """The action of `seat` paying `left` and `right` coins to its neighbours."""
    return Action(kind, card, pay_of(state, seat, left, right), way)


class Play(NamedTuple):
    """What a scenario wants a player to do; payments left None mean "the cheapest legal one"."""

    kind: str
    card: str
    left: Optional[int] = None
    right: Optional[int] = None
    way: Optional[str] = None


def build(card: str, left: Optional[int] = None, right: Optional[int] = None, way: Optional[str] = None) -> Play:
    return Play("build", card, left, right, way)


def stage(card: str, left: Optional[int] = None, right: Optional[int] = None) -> Play:
    return Play("stage", card, left, right, "")


def sell(card: str) -> Play:
    return Play("sell", card)


def pick(card: str) -> Play:
    return Play("pick", card)


def find_action(state: State, player: int, play: Play) -> Action:
    """The legal action matching `play`; with a payment given, that exact action (checked legal
    by `explain`). Fails the test when there is none."""
    if play.left is not None or play.right is not None:
        action = paid(state, player, play.kind, play.card, play.left or 0, play.right or 0, play.way or "")
        why = state.explain(player, action)
        assert why is None, f"player {player}: {action} refused: {why}"
        return action
    options = [a for a in state.legal_actions(player)
               if a.kind == play.kind and a.card == play.card and (play.way is None or a.way == play.way)]
    assert options, (f"player {player} cannot {play.kind} {play.card!r} now; legal: "
                     f"{sorted({(a.kind, a.card, a.way) for a in state.legal_actions(player)})}")
    return min(options, key=lambda a: (sum(left_right(state, player, a)), left_right(state, player, a)))


def payments(state: State, player: int, kind: str, card: str, way: str = "") -> set[tuple[int, int]]:
    """The (left, right) payments among the legal actions for one card and kind."""
    return {left_right(state, player, a) for a in state.legal_actions(player)
            if a.kind == kind and a.card == card and a.way == way}


# ---- scripted deals --------------------------------------------------------------------------

def holder(hand: int, turn: int, age: int, players: int) -> int:
    """The seat holding, on `turn`, the hand dealt to seat `hand` (base pass directions)."""
    return (hand + (turn - 1) * PASS_STEP[age]) % players


def deal_for(players: int, age: int, plans: Mapping[int, Sequence[Optional[Play]]],
             leftovers: Optional[Mapping[int, str]] = None, turns: int = 6) -> list[list[str]]:
    """The hands of an age so that each player holds, on each turn, the card their plan plays.
    A player without a plan (or a None step) is given the age's filler card; `leftovers[h]` is
    the 7th card of the hand dealt to seat h (the filler by default)."""
    hands = [[FILLER[age]] * (turns + 1) for _ in range(players)]
    for p, steps in plans.items():
        for t, play in enumerate(steps, start=1):
            if play is not None:
                h = (p - (t - 1) * PASS_STEP[age]) % players
                hands[h][t - 1] = play.card
    for h, card in (leftovers or {}).items():
        hands[h][turns] = card
    return hands


class Script:
    """A game whose deals follow per-player plans, played turn by turn.

    `plans[age][player]` lists the Play of each turn (None: sell the filler). Ages without a plan
    are dealt at random (so script every age you intend to play through)."""

    def __init__(self, players: int, boards: Sequence[Optional[tuple[str, str]]],
                 plans: Mapping[int, Mapping[int, Sequence[Optional[Play]]]],
                 leftovers: Optional[Mapping[int, Mapping[int, str]]] = None, seed: int = 0) -> None:
        self.players = players
        self.plans = plans
        hands = {age: deal_for(players, age, plans[age], (leftovers or {}).get(age)) for age in plans}
        self.hands = hands
        self.state = game(players).new_initial_state(seed, boards=list(boards), hands=hands)

    def planned(self, player: int) -> Play:
        st = self.state
        steps = self.plans.get(st.age, {}).get(player)
        play = steps[st.turn - 1] if steps and st.turn - 1 < len(steps) else None
        return play if play is not None else sell(FILLER[st.age])

    def turn(self, **override: Play) -> None:
        """Play the current turn's planned cards (a keyword `p1=build(...)` overrides player 1)."""
        st = self.state
        pending = st.pending_decisions()
        assert pending and all(d.kind == "play" for d in pending.values()), pending
        chosen = {}
        for p in pending:
            play = override.get(f"p{p}", self.planned(p))
            chosen[p] = find_action(st, p, play)
        st.apply_actions(chosen)

    def turns(self, n: int) -> None:
        for _ in range(n):
            self.turn()

    def decide(self, **plays: Play) -> None:
        """Answer the pending decisions outside the turn's round (pick, extra): `p0=pick("Loom")`."""
        st = self.state
        chosen = {int(k[1:]): find_action(st, int(k[1:]), v) for k, v in plays.items()}
        st.apply_actions(chosen)


# ---- positions built straight away -----------------------------------------------------------

def _settle(state: State) -> None:
    """Run the build effects of what was just placed (coins, counts; effects waiting for a
    moment are registered), then list the pending players' actions again, as at the start of
    the turn: what was placed is in the city from the start of the turn."""
    items = engine.build_items(state)
    while items:
        item = items.pop(0)
        item.effect.run(state, item.seat)
        items[:0] = engine._take_fired(state)
    for city in state.cities:
        city.turn_start_coins = city.coins
        city.spent = 0
        city.turn_version = city.version
    state.scratch.legal = {}


def place(state: State, seat: int, *names: str, age: Optional[int] = None) -> None:
    """Put cards straight into a city, running their build effects as a build would. Only for
    positions that would take long to reach by play, before the players choose."""
    built = state.catalog.zone_index["built"]
    for name in names:
        card = state.catalog.card_named(name, age)
        assert card is not None, name
        engine.place(state, seat, card, built)
    _settle(state)


def place_stages(state: State, seat: int, count: int = 1) -> None:
    """Build the next `count` wonder stages of a city straight away, running their effects (for
    end-of-game positions)."""
    for _ in range(count):
        city = state.cities[seat]
        src = city.board.stages[city.stages_built]
        city.stages_built += 1
        engine.activate(state, seat, src, built=True)
    _settle(state)


# ---- snapshots and random games --------------------------------------------------------------

def snapshot(state: State) -> tuple:
    """Everything observable, for every player, and the length of the history."""
    return ([wr.observation(state, p) for p in range(state.players)], len(state.history),
            sorted(discard_names(state)))


def random_game(players: int, seed: int, sides: str = "random", upto: Optional[int] = None) -> State:
    """A game of random agents (seeded), played to the end (or for `upto` rounds)."""
    state = game(players, sides).new_initial_state(seed)
    agents = [make_agent("random", seed * 31 + p) for p in range(players)]
    rounds = 0
    while not state.is_terminal() and (upto is None or rounds < upto):
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
        rounds += 1
    return state


def random_rounds(players: int, seed: int, sides: str = "random", agent: str = "random") -> Iterable[State]:
    """Yield the state before every decision round of a game of seeded agents (random by
    default), then the final state."""
    state = game(players, sides).new_initial_state(seed)
    agents = [make_agent(agent, seed * 31 + p) for p in range(players)]
    while not state.is_terminal():
        yield state
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    yield state


# ---- a hand-written model of the base game --------------------------------------------------
# Production, prices and coin gains written out from rules_facts.md sections 3-4 and the printed
# cards, independent of the rule set's effects.

#: card -> (options, units, neighbours may buy it)
PRODUCTION: dict[str, tuple[tuple[str, ...], int, bool]] = {
    "Lumber Yard": (("wood",), 1, True), "Stone Pit": (("stone",), 1, True),
    "Clay Pool": (("clay",), 1, True), "Ore Vein": (("ore",), 1, True),
    "Clay Pit": (("ore", "clay"), 1, True), "Excavation": (("stone", "clay"), 1, True),
    "Forest Cave": (("wood", "ore"), 1, True), "Mine": (("stone", "ore"), 1, True),
    "Timber Yard": (("wood", "stone"), 1, True), "Tree Farm": (("wood", "clay"), 1, True),
    "Sawmill": (("wood",), 2, True), "Quarry": (("stone",), 2, True),
    "Brickyard": (("clay",), 2, True), "Foundry": (("ore",), 2, True),
    "Glassworks": (("glass",), 1, True), "Loom": (("loom",), 1, True), "Press": (("papyrus",), 1, True),
    "Caravansery": (RAW, 1, False), "Forum": (MANUFACTURED, 1, False),
}
START = {"Rhodes": "ore", "Alexandria": "glass", "Ephesus": "papyrus", "Babylon": "clay",
         "Olympia": "wood", "Halicarnassus": "loom", "Giza": "stone"}
#: (wonder, side, stages built at least) -> production of that stage, never for sale
STAGE_PRODUCTION = {("Alexandria", "A", 2): RAW, ("Alexandria", "B", 1): RAW, ("Alexandria", "B", 2): MANUFACTURED}


def units(state: State, seat: int, for_sale: bool) -> tuple[Counter, list[tuple[str, ...]]]:
    """(fixed units, either/or units) a city produces; `for_sale`: only what neighbours may buy."""
    city = state.cities[seat]
    fixed: Counter = Counter({START[city.board.name]: 1})
    choices: list[tuple[str, ...]] = []
    for src in city.built:
        prod = PRODUCTION.get(src.name)
        if prod is None:
            continue
        options, n, sellable = prod
        if for_sale and not sellable:
            continue
        if len(options) == 1:
            fixed[options[0]] += n
        else:
            choices.extend([options] * n)
    if not for_sale:
        for (name, side, k), options in STAGE_PRODUCTION.items():
            if city.board.name == name and city.board.side == side and city.stages_built >= k:
                choices.append(options)
    return fixed, choices


def prices(state: State, seat: int) -> dict[str, dict[str, int]]:
    """side -> resource -> price for a buyer (2, or 1 with trading posts, Marketplace, Olympia B)."""
    city = state.cities[seat]
    names = {c.name for c in city.built}
    out = {"left": dict.fromkeys(RESOURCES, 2), "right": dict.fromkeys(RESOURCES, 2)}
    if "West Trading Post" in names:
        out["left"].update(dict.fromkeys(RAW, 1))
    if "East Trading Post" in names:
        out["right"].update(dict.fromkeys(RAW, 1))
    if "Marketplace" in names:
        for side in out:
            out[side].update(dict.fromkeys(MANUFACTURED, 1))
    if city.board.name == "Olympia" and city.board.side == "B" and city.stages_built >= 1:
        for side in out:
            out[side].update(dict.fromkeys(RAW, 1))
    return out


def _supplies(fixed: Counter, choices: list[tuple[str, ...]], cost: Counter) -> set[tuple[int, ...]]:
    """Every vector (over the cost's resources, capped at the cost) a set of units can make,
    trying every option of every either/or unit, and leaving units unused."""
    keys = sorted(cost)
    start = tuple(min(fixed[r], cost[r]) for r in keys)
    vectors = {start}
    for options in choices:
        grown = set(vectors)
        for v in vectors:
            for r in options:
                if r in cost:
                    i = keys.index(r)
                    if v[i] < cost[r]:
                        grown.add(v[:i] + (v[i] + 1,) + v[i + 1:])
        vectors = grown
    return vectors


def oracle_payments(state: State, seat: int, cost: Counter) -> set[tuple[int, int]]:
    """Brute force: every use of the city's either/or units, every supply of each neighbour and
    every split of what is still missing; the Pareto-minimal (left, right) coin pairs.

    At two seats the one neighbour is one seller, paid in `left`, at the lower of the two
    prices: the right side sells nothing."""
    cost = Counter({r: n for r, n in cost.items() if n})
    if not cost:
        return {(0, 0)}
    keys = sorted(cost)
    own = _supplies(*units(state, seat, False), cost)
    left = _supplies(*units(state, state.left(seat), True), cost)
    right = _supplies(*units(state, state.right(seat), True), cost)
    price = prices(state, seat)
    if state.left(seat) == state.right(seat):
        right = {(0,) * len(keys)}
        price["left"] = {r: min(price["left"][r], price["right"][r]) for r in RESOURCES}
    found: set[tuple[int, int]] = set()
    for o in own:
        need = [cost[r] - o[i] for i, r in enumerate(keys)]
        for lv in left:
            for rv in right:
                ranges = [range(max(0, need[i] - rv[i]), min(need[i], lv[i]) + 1) for i in range(len(keys))]
                for split in product(*ranges):
                    lc = sum(k * price["left"][r] for k, r in zip(split, keys))
                    rc = sum((need[i] - k) * price["right"][r] for i, (k, r) in enumerate(zip(split, keys)))
                    found.add((lc, rc))
    return {p for p in found if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in found)}


def cost_of(state: State, src: Source) -> Counter:
    """A card's or stage's resource cost by resource name (read from the catalog: the costs
    themselves are the rule set's, checked against the reference tables elsewhere)."""
    return Counter({state.catalog.resources[i]: n for i, n in enumerate(src.cost) if n})


# Coins a built card or stage pays (rules_facts.md section 4 and the printed cards): on build,
# counted in the owner's city; Vineyard and Bazar at the end of the turn over self and neighbours.
ON_BUILD_FLAT = {"Tavern": 5, "Rhodes B stage 1": 3, "Rhodes B stage 2": 4, "Ephesus A stage 2": 9,
                 "Ephesus B stage 1": 4, "Ephesus B stage 2": 4, "Ephesus B stage 3": 4}
ON_BUILD_PER = {"Haven": (1, "brown"), "Chamber of Commerce": (2, "grey"), "Lighthouse": (1, "yellow"),
                "Arena": (3, "stage")}
END_OF_TURN_PER = {"Vineyard": (1, "brown"), "Bazar": (2, "grey")}


def count_in(state: State, seat: int, what: str) -> int:
    city = state.cities[seat]
    if what == "stage":
        return city.stages_built
    return sum(1 for c in city.built if c.colour == what)


def random_seeds(n: int, seed: int = 0) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(1_000_000) for _ in range(n)]


def play_out(state: State) -> None:
    """Finish a game: every player sells their first card each turn (and a left-over card they
    may play) and takes the first choice of a discard pick."""
    while not state.is_terminal():
        chosen: dict[int, Any] = {}
        for p, dec in state.pending_decisions().items():
            if dec.kind in ("play", "extra"):
                chosen[p] = Action("sell", hand_cards(state, p)[0].name)
            else:
                chosen[p] = state.legal_actions(p)[0]
        state.apply_actions(chosen)
