"""The cached payment search against brute force.

`TradeSolver.payment_options` answers from caches keyed by reduced, packed problems, and
`_play_actions` lists payments from those caches; both are fast paths that must not change an
answer. The oracle here enumerates everything: every use of the city's either/or units (each
unit gives one of its resources, or nothing), every way each neighbour uses theirs, and every
split of what is still missing between the two neighbours, with prices and rebates.

- payments: the Pareto-minimal (coins to the left, coins to the right) pairs over all of that,
  sorted by total, then by coins to the left;
- exact payments (`achievable`): the pairs that buy exactly what the city still lacks after
  using its own production fully, i.e. for each remainder that no other use of the city's
  units beats on every resource.

A rebate takes that many coins off what is paid to that neighbour when anything is bought
from it, never below 0 (rules_facts.md, Clandestine Dock: "may cost 0").
"""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wonderrules
from wonderrules.interpreter import legal
from wonderrules.interpreter.actions import BUILD, STAGE
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.trading import ZERO_COST, TradeSolver

#: a table of two seats without a neutral seat (test data of the engine's tests)
TWO_SEATS = str(Path(__file__).resolve().parents[1] / "interpreter" / "data" / "two_seats.wr")

# ---- the oracle --------------------------------------------------------------------------------


def _remainders(cost, fixed, units):
    """Every vector still lacking after the city's fixed units and any use of its either/or
    units (a unit may also go unused)."""
    out = {tuple(max(0, c - f) for c, f in zip(cost, fixed))}
    for unit in units:
        grown = set(out)
        for rest in out:
            for r in unit:
                if rest[r]:
                    grown.add(rest[:r] + (rest[r] - 1,) + rest[r + 1:])
        out = grown
    return out


def _supplies(fixed, units):
    """Every vector a neighbour can sell at once: fixed units plus one resource of each unit."""
    out = set()
    for pick in product(*units):
        v = list(fixed)
        for r in pick:
            v[r] += 1
        out.add(tuple(v))
    return out


def _coins(bought_left, bought_right, ctx):
    lp, rp, lreb, rreb = ctx[6:]
    a = sum(k * lp[r] for r, k in enumerate(bought_left))
    b = sum(k * rp[r] for r, k in enumerate(bought_right))
    if lreb and any(bought_left):
        a = max(0, a - lreb)
    if rreb and any(bought_right):
        b = max(0, b - rreb)
    return a, b


def _buys(rest, left, right, ctx):
    """Every (left, right) coin pair that buys exactly `rest` from the two neighbours."""
    found = set()
    for split in product(*(range(n + 1) for n in rest)):
        from_right = tuple(n - k for n, k in zip(rest, split))
        if any(all(s >= k for s, k in zip(v, split)) for v in left) and \
                any(all(s >= k for s, k in zip(v, from_right)) for v in right):
            found.add(_coins(split, from_right, ctx))
    return found


def oracle(cost, ctx):
    """(payments, exact payments) of a cost in a flat context (see TradeSolver.flat)."""
    of, oc, lf, lc, rf, rc = ctx[:6]
    rests = _remainders(cost, of, oc)
    left, right = _supplies(lf, lc), _supplies(rf, rc)
    everything = set()
    for rest in rests:
        everything |= _buys(rest, left, right, ctx)
    pareto = sorted((p for p in everything if not any(q != p and q[0] <= p[0] and q[1] <= p[1] for q in everything)),
                    key=lambda p: (p[0] + p[1], p[0]))
    least = [m for m in rests if not any(o != m and all(a <= b for a, b in zip(o, m)) for o in rests)]
    exact = set()
    for rest in least:
        exact |= _buys(rest, left, right, ctx)
    return tuple(pareto), frozenset(exact)


#: one solver per number of resources, shared by the tests of this module as the engine shares
#: one between the games of a rule set
_SOLVERS: dict[int, TradeSolver] = {}


def _units_sorted(ctx):
    """A flat context with each either/or unit's resources in increasing order (as the solver
    gives its contexts back: the order within a unit means nothing)."""
    return tuple(tuple(tuple(sorted(u)) for u in v) if i in (1, 3, 5) else v for i, v in enumerate(ctx))


def engine(cost, ctx):
    """The engine's answers for a cost in a flat context, interned as the engine does."""
    of, oc, lf, lc, rf, rc, lp, rp, lreb, rreb = ctx
    solver = _SOLVERS.setdefault(len(cost), TradeSolver(len(cost)))
    cid = solver.cost_id(tuple(cost))
    context = solver.context(solver.part((tuple(of), tuple(oc))), solver.part((tuple(lf), tuple(lc))),
                             solver.part((tuple(rf), tuple(rc))), solver.part((tuple(lp), tuple(rp), lreb, rreb)))
    assert solver.flat(context) == _units_sorted(tuple(ctx))
    return solver.payment_options(cid, context), solver.achievable(cid, context)


# ---- handcrafted positions (answers worked out by hand) ----------------------------------------

WOOD, STONE, CLAY, ORE, GLASS, LOOM, PAPYRUS = range(7)
NONE7 = (0,) * 7


def vec(**units):
    names = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
    return tuple(units.get(n, 0) for n in names)


def flat(own=NONE7, own_units=(), left=NONE7, left_units=(), right=NONE7, right_units=(),
         lp=(2,) * 7, rp=(2,) * 7, lreb=0, rreb=0):
    return (own, tuple(own_units), left, tuple(left_units), right, tuple(right_units), tuple(lp), tuple(rp),
            lreb, rreb)


def prices(default=2, **cheap):
    names = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
    return tuple(cheap.get(n, default) for n in names)


HANDCRAFTED = [
    # Either/or units on all three sides, raw at 1 from the left. Own (wood|clay) as wood leaves
    # 1 wood + 1 clay: left gives one of them for 1 and the right the other for 2, or the right
    # gives both for 4 (its (stone|clay) as clay); as clay it leaves 2 wood: 1 left + 1 right.
    pytest.param(vec(wood=2, clay=1),
                 flat(own_units=[(WOOD, CLAY)], left_units=[(WOOD, CLAY)], right=vec(wood=1),
                      right_units=[(STONE, CLAY)], lp=prices(wood=1, clay=1, stone=1, ore=1)),
                 ((1, 2), (0, 4)), {(1, 2), (0, 4)}, id="either-or-on-three-sides"),
    # Marketplace and trading post on the right, Clandestine Dock West (rebate 1 on the left):
    # stone left 2 + glass left 1 - 1 = (2, 0); stone left (2 - 1) + glass right 1 = (1, 1);
    # glass left (1 - 1) + stone right 1 = (0, 1); both right = (0, 2). Minimal: (0, 1), (2, 0).
    pytest.param(vec(stone=1, glass=1),
                 flat(left=vec(stone=1, glass=1), right=vec(stone=1, glass=1), lp=prices(glass=1),
                      rp=prices(1), lreb=1),
                 ((0, 1), (2, 0)), {(2, 0), (1, 1), (0, 1), (0, 2)}, id="rebate-and-discounts"),
    # A rebate can make a purchase free: wood from the left costs 1 - 1 = 0.
    pytest.param(vec(wood=1), flat(left=vec(wood=1), right=vec(wood=1), lp=prices(wood=1), lreb=1),
                 ((0, 0),), {(0, 0), (0, 2)}, id="rebate-to-zero"),
    # The city's own (wood|stone) and (stone|clay) cover wood + clay: nothing to buy.
    pytest.param(vec(wood=1, clay=1), flat(own_units=[(WOOD, STONE), (STONE, CLAY)]),
                 ((0, 0),), {(0, 0)}, id="own-either-or-pays"),
    # With stone too, one unit is missing, whichever the city chooses: clay (only on the left),
    # stone or wood (only on the right).
    pytest.param(vec(wood=1, stone=1, clay=1),
                 flat(own_units=[(WOOD, STONE), (STONE, CLAY)], left=vec(clay=1), right=vec(wood=1, stone=1)),
                 ((0, 2), (2, 0)), {(0, 2), (2, 0)}, id="own-either-or-leaves-one"),
    # One (wood|stone) unit next door cannot supply wood and stone at once.
    pytest.param(vec(wood=1, stone=1), flat(left_units=[(WOOD, STONE)]), (), frozenset(), id="one-unit-two-needs"),
    # Discounts on both sides for manufactured goods, either/or glass|loom on both sides:
    # glass + loom: each side can give one, at 1 each, so (1, 1) only.
    pytest.param(vec(glass=1, loom=1),
                 flat(left_units=[(GLASS, LOOM)], right_units=[(GLASS, LOOM, PAPYRUS)],
                      lp=prices(glass=1, loom=1, papyrus=1), rp=prices(glass=1, loom=1, papyrus=1)),
                 ((1, 1),), {(1, 1)}, id="manufactured-either-or-both-sides"),
    # Counts and prices too large for packed fields take the unpacked search.
    pytest.param((130, 0, 0, 0, 0, 0, 0), flat(own=(129,) + (0,) * 6, left=vec(wood=1), right=(300,) + (0,) * 6,
                                             rp=prices(wood=1)),
                 ((0, 1), (2, 0)), {(0, 1), (2, 0)}, id="large-counts"),
    pytest.param(vec(wood=1), flat(left=vec(wood=1), right=vec(wood=1), lp=prices(200), rp=prices(150)),
                 ((0, 150), (200, 0)), {(0, 150), (200, 0)}, id="large-prices"),
    pytest.param(vec(wood=5), flat(own=(200,) + (0,) * 6), ((0, 0),), {(0, 0)}, id="production-above-field"),
]


@pytest.mark.parametrize("cost,ctx,payments,exact", HANDCRAFTED)
def test_handcrafted_positions(cost, ctx, payments, exact):
    assert oracle(cost, ctx) == (payments, frozenset(exact))
    assert engine(cost, ctx) == (payments, frozenset(exact))


def test_many_resources_take_the_unpacked_search():
    """A rule set with more resources than packed fields: resource 18 (0-based) bought with an
    either/or unit next door; its own (17|18) unit covers one of the two units needed, so one
    unit is bought: from the left for 2 or from the right (its (18|19) unit) for 3."""
    n = 20

    def v(**units):
        out = [0] * n
        for k, c in units.items():
            out[int(k[1:])] = c
        return tuple(out)

    ctx = (v(), ((17, 18),), v(r18=1), (), v(), ((18, 19),), (2,) * n, (3,) * n, 0, 0)
    assert oracle(v(r18=2), ctx) == (((2, 0), (0, 3)), frozenset({(2, 0), (0, 3)}))
    assert engine(v(r18=2), ctx) == (((2, 0), (0, 3)), frozenset({(2, 0), (0, 3)}))


# ---- random small problems ----------------------------------------------------------------------


@st.composite
def problems(draw):
    n = draw(st.integers(2, 5))
    res = st.integers(0, n - 1)
    unit = st.lists(res, min_size=2, max_size=3, unique=True).map(tuple)
    small = st.lists(st.integers(0, 2), min_size=n, max_size=n).map(tuple)
    cost = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n).map(tuple).filter(lambda c: 0 < sum(c) <= 6))
    price = st.lists(st.integers(0, 3), min_size=n, max_size=n).map(tuple)
    ctx = (draw(small), tuple(draw(st.lists(unit, max_size=3))), draw(small), tuple(draw(st.lists(unit, max_size=2))),
           draw(small), tuple(draw(st.lists(unit, max_size=2))), draw(price), draw(price),
           draw(st.sampled_from((0, 0, 1, 2))), draw(st.sampled_from((0, 0, 1))))
    return cost, ctx


@settings(max_examples=400, deadline=None, derandomize=True)
@given(problems())
def test_random_problems_match_brute_force(problem):
    cost, ctx = problem
    assert engine(cost, ctx) == oracle(cost, ctx)


def _renamer(perm):
    return lambda v: tuple(v[p] for p in perm)


def test_renamed_resources_share_answers_correctly():
    """The same problem with resources renamed has the same answers, from the oracle and from
    the engine (whose canonical forms share cache entries across renamings)."""
    rng = random.Random(3)
    for _ in range(200):
        n = 4
        cost = tuple(rng.randint(0, 2) for _ in range(n))
        if not any(cost):
            continue
        ctx = (tuple(rng.randint(0, 1) for _ in range(n)), ((0, 1),) if rng.random() < 0.5 else (),
               tuple(rng.randint(0, 2) for _ in range(n)), (), tuple(rng.randint(0, 2) for _ in range(n)),
               ((2, 3),) if rng.random() < 0.5 else (), tuple(rng.randint(1, 2) for _ in range(n)),
               tuple(rng.randint(1, 2) for _ in range(n)), rng.choice((0, 1)), 0)
        perm = list(range(n))
        rng.shuffle(perm)
        inv = {old: new for new, old in enumerate(perm)}
        rename = _renamer(perm)

        def rename_units(units, inv=inv):
            return tuple(tuple(sorted(inv[r] for r in u)) for u in units)

        renamed = (rename(ctx[0]), rename_units(ctx[1]), rename(ctx[2]), (), rename(ctx[4]), rename_units(ctx[5]),
                   rename(ctx[6]), rename(ctx[7]), ctx[8], ctx[9])
        want = oracle(cost, ctx)
        assert engine(cost, ctx) == want
        assert oracle(rename(cost), renamed) == want
        assert engine(rename(cost), renamed) == want


# ---- positions from games ------------------------------------------------------------------------


def _city_context(state, seat, start_of_turn):
    """The flat trade context read from the cities themselves (not from the engine's ids)."""
    cat = state.cat
    city = state.cities[seat]

    def sales(s):
        other = state.cities[s]
        return tuple(other.sell_fixed), tuple(sorted(other.sell_choices + other.derived_choices(cat)[1]))

    left, right = state.left(seat), state.right(seat)
    prices = (tuple(city.prices[0]), tuple(city.prices[1]), city.rebates[0], city.rebates[1])
    if left == right:  # two seats: one seller, the left one, at the lower price, with both rebates
        low = tuple(min(a, b) for a, b in zip(*city.prices))
        prices = (low, low, city.rebates[0] + city.rebates[1], 0)
    if start_of_turn and state._turn_sales:  # the last card of an age: sales and prices at the start of the turn
        (lf, lc), (rf, rc) = state._turn_sales[left][0], state._turn_sales[right][0]
        prices = state._turn_sales[seat][1]
    else:
        (lf, lc), (rf, rc) = sales(left), sales(right)
    if left == right:
        rf, rc = (0,) * len(lf), ()
    return (tuple(city.fixed), tuple(sorted(city.choices + city.derived_choices(cat)[0])), lf, lc, rf, rc) + prices


def _check_position(state, player, dec):
    """Every card of the hand and the next stage: the engine's answers equal the oracle's, and
    the legal actions list exactly the payments the city can afford."""
    seat = dec.seat
    city = state.cities[seat]
    trade = state.trade
    context = state.trade_context(seat, start_of_turn=dec.kind == "extra")
    ctx = _city_context(state, seat, dec.kind == "extra")
    assert trade.flat(context) == _units_sorted(ctx)
    budget = legal.budget(state, dec)
    acts = state.legal_actions(player)
    checked = 0
    for card in state.hands[player]:
        want = oracle(card.cost, ctx)
        assert (trade.payment_options(card.cost_id, context), trade.achievable(card.cost_id, context)) == want, \
            (card.name, ctx)
        checked += 1
        if card.name in city.names or (card.chains_from & city.names):
            continue
        listed = [(a.left, a.right) for a in acts if a.kind == BUILD and a.card == card.name and a.means == ""]
        # a neutral seat's player chooses the seller whatever the cost: every exact payment
        ways = sorted(want[1], key=lambda p: (p[0] + p[1], p[0])) if seat in state.neutral_rules else want[0]
        assert listed == [p for p in ways if card.coins + p[0] + p[1] <= budget], card.name
    if city.stages_built < len(city.board.stages) and state.hands[player]:
        stage = city.board.stages[city.stages_built]
        cost = (0,) * len(stage.cost) if city.free_stage_resources else stage.cost
        want = oracle(cost, ctx)
        cid = ZERO_COST if city.free_stage_resources else stage.cost_id
        assert (trade.payment_options(cid, context), trade.achievable(cid, context)) == want
        # a neutral seat that must chain never tucks a card it can chain; it may pay any seller
        neutral = state.neutral_rules.get(seat)
        cards = [c for c in state.hands[player] if not (
            neutral and neutral.must_chain and c.name not in city.names and c.chains_from & city.names)]
        ways = sorted(want[1], key=lambda p: (p[0] + p[1], p[0])) if neutral else want[0]
        for card in cards[:1]:
            listed = [(a.left, a.right) for a in acts if a.kind == STAGE and a.card == card.name]
            assert listed == [p for p in ways if stage.coins + p[0] + p[1] <= budget]
    return checked


def _play(game, seed, check=True):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        pending = state.pending_decisions()
        for p, dec in pending.items():
            if check and dec.kind in ("play", "extra"):
                checked += _check_position(state, p, dec)
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in pending})
    return state, checked


@pytest.fixture(scope="module")
def base():
    return wonderrules.load_rules("base")


@pytest.fixture(scope="module")
def cities():
    return wonderrules.load_rules("cities")


@pytest.mark.parametrize("players,games", [(3, 8), (5, 5), (7, 4)])
def test_game_positions_match_brute_force(base, players, games):
    game = Game(base, players)
    total = sum(_play(game, 500 + seed)[1] for seed in range(games))
    assert total >= games * players * 18 * 4  # 18 turns, about 4 distinct costs a hand on average


@pytest.mark.parametrize("players", [4, 7])
def test_cities_positions_match_brute_force(cities, players):
    """Cities adds rebates (Clandestine Docks), derived either/or production and 8-card hands."""
    game = Game(cities, players)
    for seed in range(2):
        assert _play(game, 900 + seed)[1] > 0


def test_last_card_of_an_age_is_paid_with_start_of_turn_sales(base):
    """Babylon B's second stage lets the city play the card left at the end of an age; then
    neighbours sell only what they had when the turn began. Babylon (seat 0) builds stages
    whenever it can and its neighbours build brown and grey cards whenever they can, so some of
    those decisions come right after a neighbour's production grew; each is checked against
    the oracle (which reads the start-of-turn sales)."""
    game = Game(base, 4)
    extra = changed = 0
    for seed in range(12):
        state = game.new_initial_state(seed=seed, boards=[("Babylon", "B"), None, None, None])
        rng = random.Random(seed)
        while not state.is_terminal():
            pending = state.pending_decisions()
            for p, dec in pending.items():
                if dec.kind in ("play", "extra"):
                    _check_position(state, p, dec)
                if dec.kind == "extra":
                    extra += 1
                    changed += any(_city_context(state, dec.seat, True)[i] != _city_context(state, dec.seat, False)[i]
                                   for i in (2, 3, 4, 5))
            choice = {}
            for p in pending:
                acts = state.legal_actions(p)
                if p == 0:
                    preferred = [a for a in acts if a.kind == STAGE]
                else:
                    preferred = [a for a in acts if a.kind == BUILD
                                 and game.catalog.card_named(a.card).colour in ("brown", "grey")]
                choice[p] = rng.choice(preferred or acts)
            state.apply_actions(choice)
    assert extra >= 6 and changed >= 1, (extra, changed)


@pytest.mark.parametrize("refs", [(TWO_SEATS,), ("cities", TWO_SEATS)], ids=["base", "cities"])
def test_two_seat_positions_match_brute_force(refs):
    """Two seats without a neutral seat: the one neighbour is one seller (paid in `left`, at the
    lower of the two prices, with both rebates); no payment ever goes to the right."""
    game = Game(wonderrules.load_rules(*refs), 2)
    for seed in range(4):
        state, checked = _play(game, 700 + seed)
        assert checked > 0
        assert all(r["actions"][p].get("right", 0) == 0 for r in state.history if r["type"] == "decisions"
                   for p in r["actions"])


def test_two_player_positions_match_brute_force():
    """Two players and the Free City: a neutral seat trades as a neighbour of both."""
    game = Game(wonderrules.load_rules("cities", "two_player"), 2)
    for seed in range(3):
        assert _play(game, 300 + seed)[1] > 0


def test_forgetting_the_caches_mid_game_changes_nothing(base):
    """With tiny tables the solver forgets them many times a game (contexts held by states keep
    working, new ones are interned again); every answer still matches brute force and the game
    is the same."""
    game = Game(base, 5)
    expected = [wonderrules.to_log(_play(game, 40 + s, check=False)[0]) for s in range(2)]
    small = Game(base, 5)
    small.catalog.trade.max_entries = 8
    got = [wonderrules.to_log(_play(small, 40 + s)[0]) for s in range(2)]
    assert small.catalog.trade.clears > 5
    assert got == expected


def test_copies_keep_their_own_trade_contexts(base):
    """A copy of a state that goes another way must not reuse the other copy's context."""
    game = Game(base, 3)
    state = game.new_initial_state(seed=11)
    rng = random.Random(0)
    for _ in range(3):
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    for _ in range(20):
        copy = state.clone()
        for _ in range(4):
            if copy.is_terminal():
                break
            copy.apply_actions({p: rng.choice(copy.legal_actions(p)) for p in copy.pending_decisions()})
        for p, dec in copy.pending_decisions().items():
            if dec.kind == "play":
                _check_position(copy, p, dec)
        for p, dec in state.pending_decisions().items():
            _check_position(state, p, dec)



# ---- determinism and logs ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 7])
def test_same_seed_same_game(base, players):
    game = Game(base, players)
    one = wonderrules.to_log(_play(game, 77, check=False)[0])
    game.catalog.trade.clear()  # cold caches must not change a choice or its order
    two = wonderrules.to_log(_play(game, 77, check=False)[0])
    assert one == two
    assert one["rounds"] and "scores" in one


def test_logs_replay_and_verify(base, tmp_path):
    from click.testing import CliRunner

    from wonderrules.cli import main

    log_file = tmp_path / "game.json"
    runner = CliRunner()
    played = runner.invoke(main, ["play", "-p", "5", "--seed", "4", "--log", str(log_file)])
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(main, ["replay", str(log_file)])
    assert replayed.exit_code == 0, replayed.output
    assert "replay verified" in replayed.output and "the recorded scores match" in replayed.output
