"""Helpers of the trading tests: scripted deals of the base game played turn by turn, payments
read as coins to the left and right neighbours, and a hand-written model of what each base card
produces and what each city pays, with a brute-force oracle of the payments built on it.

Seating is the engine's: seats 0..N-1 sit clockwise, the left neighbour of seat s is s+1 (mod N),
the right neighbour s-1; passing left gives a hand to the left neighbour.

Scripted deals. A *plan* gives, for each player, the card they play on each turn of an age. Since
hands travel around the table, the plan fixes the whole deal: the hand dealt to seat h is held on
turn t by seat h + (t-1)*step (step +1 when passing left, -1 when passing right), so it must hold
the card that seat plays on turn t. `deal_for` builds those hands (plus the 7th, left-over card).

The model (rules_facts.md sections 3 and 4, the printed cards) is written out independently of
the rule set's production vectors, so that the oracle does not share the engine's bookkeeping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import product
from typing import NamedTuple, Optional

import wonderrules as wr
from wonderrules import Action
from wonderrules.interpreter.agents import make_agent

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
    return wr.Game(base_rules(), players, sides=sides)


def zone(state, seat: int, name: str) -> list:
    """The cards of a seat's zone (`hand`, `built`, ...)."""
    return state.cities[seat].zones[state.catalog.zone_index[name]]


# ---- actions ---------------------------------------------------------------------------------

class Play(NamedTuple):
    """What a scenario wants a player to do; payments left None mean "the cheapest legal one"."""

    kind: str
    card: str
    left: Optional[int] = None
    right: Optional[int] = None


def build(card: str, left: Optional[int] = None, right: Optional[int] = None) -> Play:
    return Play("build", card, left, right)


def stage(card: str, left: Optional[int] = None, right: Optional[int] = None) -> Play:
    return Play("stage", card, left, right)


def sell(card: str) -> Play:
    return Play("sell", card)


def paying(state, player: int, kind: str, card: str, left: int = 0, right: int = 0) -> Action:
    """The action paying `left` coins to the left neighbour and `right` to the right one (at two
    seats the one neighbour is paid both)."""
    paid: Counter = Counter()
    paid[state.left(player)] += left
    paid[state.right(player)] += right
    return Action(kind, card, pay=tuple(sorted((s, c) for s, c in paid.items() if c)))


def split(state, player: int, action: Action) -> tuple[int, int]:
    """(coins to the left neighbour, coins to the right one) of an action; at two seats the one
    neighbour is the left one."""
    paid = dict(action.pay)
    left = paid.pop(state.left(player), 0)
    right = paid.pop(state.right(player), 0)
    assert not paid, action
    return left, right


def find_action(state, player: int, play: Play) -> Action:
    """The legal action matching `play`; with a payment given, that exact action (checked legal
    by `explain`). Fails the test when there is none."""
    if play.left is not None or play.right is not None:
        action = paying(state, player, play.kind, play.card, play.left or 0, play.right or 0)
        why = state.explain(player, action)
        assert why is None, f"player {player}: {action} refused: {why}"
        return action
    options = [a for a in state.legal_actions(player)
               if a.kind == play.kind and a.card == play.card and a.way == ""]
    assert options, (f"player {player} cannot {play.kind} {play.card!r} now; legal: "
                     f"{sorted({(a.kind, a.card, a.way) for a in state.legal_actions(player)})}")
    return min(options, key=lambda a: (sum(split(state, player, a)), split(state, player, a)))


def payments(state, player: int, kind: str, card: str) -> set[tuple[int, int]]:
    """The (left, right) payments among the legal actions for one card and kind, paid in coins
    (no other way)."""
    return {split(state, player, a) for a in state.legal_actions(player)
            if a.kind == kind and a.card == card and a.way == ""}


# ---- scripted deals --------------------------------------------------------------------------

def deal_for(players: int, age: int, plans: Mapping[int, Sequence[Optional[Play]]], turns: int = 6
             ) -> list[list[str]]:
    """The hands of an age so that each player holds, on each turn, the card their plan plays.
    A player without a plan (or a None step) is given the age's filler card."""
    hands = [[FILLER[age]] * (turns + 1) for _ in range(players)]
    for p, steps in plans.items():
        for t, play in enumerate(steps, start=1):
            if play is not None:
                h = (p - (t - 1) * PASS_STEP[age]) % players
                hands[h][t - 1] = play.card
    return hands


class Script:
    """A game whose deals follow per-player plans, played turn by turn.

    `plans[age][player]` lists the Play of each turn (None: sell the filler). Ages without a plan
    are dealt at random by the engine."""

    def __init__(self, players: int, boards: Sequence[Optional[tuple[str, str]]],
                 plans: Mapping[int, Mapping[int, Sequence[Optional[Play]]]], seed: int = 0) -> None:
        self.plans = plans
        hands = {age: deal_for(players, age, plans[age]) for age in plans}
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
        st.apply_actions({p: find_action(st, p, override.get(f"p{p}", self.planned(p))) for p in pending})

    def turns(self, n: int) -> None:
        for _ in range(n):
            self.turn()


def random_rounds(players: int, seed: int, sides: str = "random", agent: str = "random") -> Iterable:
    """Yield the state before every decision round of a game of seeded agents, then the final
    state."""
    state = game(players, sides).new_initial_state(seed)
    agents = [make_agent(agent, seed * 31 + p) for p in range(players)]
    while not state.is_terminal():
        yield state
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    yield state


# ---- a hand-written model of the base game --------------------------------------------------

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


def units(state, seat: int, for_sale: bool) -> tuple[Counter, list[tuple[str, ...]]]:
    """(fixed units, either/or units) a city produces; `for_sale`: only what neighbours may buy."""
    city = state.cities[seat]
    fixed: Counter = Counter({START[city.board.name]: 1})
    choices: list[tuple[str, ...]] = []
    for src in zone(state, seat, "built"):
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


def prices(state, seat: int) -> dict[str, dict[str, int]]:
    """side -> resource -> price for a buyer (2, or 1 with trading posts, Marketplace, Olympia B)."""
    city = state.cities[seat]
    names = {c.name for c in zone(state, seat, "built")}
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


def oracle_payments(state, seat: int, cost: Counter) -> set[tuple[int, int]]:
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
                for share in product(*ranges):
                    lc = sum(k * price["left"][r] for k, r in zip(share, keys))
                    rc = sum((need[i] - k) * price["right"][r] for i, (k, r) in enumerate(zip(share, keys)))
                    found.add((lc, rc))
    return {p for p in found if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in found)}


def cost_of(state, src) -> Counter:
    """A card's or stage's resource cost by resource name (read from the catalog: the costs
    themselves are the rule set's, checked against the reference tables elsewhere)."""
    return Counter({state.catalog.resources[i]: n for i, n in enumerate(src.cost) if n})
