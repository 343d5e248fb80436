"""Trading: the engine's payments against a brute-force oracle, and the printed price rules.

rules_facts.md section 3: each missing unit is bought from the left or the right neighbour for 2
coins (1 with a trading post / Marketplace / Olympia B for that class and side), paid to that
neighbour; only the board's starting resource and brown and grey cards are for sale; either/or
cards give one of their options, chosen freely. The legal payments for a card are exactly the
Pareto-minimal (coins to the left, coins to the right) pairs, among those the city can afford.
"""

from __future__ import annotations

import pytest
from trading_support import (
    Script,
    build,
    cost_of,
    oracle_payments,
    paying,
    payments,
    random_rounds,
    sell,
    split,
    stage,
    zone,
)


def _engine_vs_oracle(state, player: int) -> list[str]:
    """Differences between the engine's payments and the oracle's for every card in the hand
    (built normally) and for the next wonder stage."""
    city = state.cities[player]
    coins = city.coins
    hand = zone(state, player, "hand")
    problems = []
    for card in {c.name: c for c in hand}.values():
        if card.name in city.names or (card.chains_from & city.names):
            continue
        expected = {p for p in oracle_payments(state, player, cost_of(state, card))
                    if card.coins + p[0] + p[1] <= coins}
        got = payments(state, player, "build", card.name)
        if got != expected:
            problems.append(f"{card.name}: engine {sorted(got)} oracle {sorted(expected)}")
    if city.stages_built < len(city.board.stages):
        st = city.board.stages[city.stages_built]
        expected = {p for p in oracle_payments(state, player, cost_of(state, st)) if p[0] + p[1] <= coins}
        got = {split(state, player, a) for a in state.legal_actions(player) if a.kind == "stage"}
        if got != expected:
            problems.append(f"stage {city.stages_built + 1}: engine {sorted(got)} oracle {sorted(expected)}")
        for pay in expected:
            action = paying(state, player, "stage", hand[0].name, *pay)
            assert state.explain(player, action) is None
    return problems


@pytest.mark.parametrize("agent", ["random", "greedy"])
@pytest.mark.parametrize("players,seeds", [(3, range(30)), (5, range(15)), (7, range(10))])
def test_legal_payments_are_the_pareto_minimal_splits(players, seeds, agent):
    """On every turn of seeded games (random agents, and greedy ones that build more and so reach
    richer cities), for every card in every hand and every next stage, the engine's payments
    equal the brute-force oracle's Pareto-minimal (left, right) pairs that the city can afford."""
    checked = 0
    for seed in seeds:
        for state in random_rounds(players, 1000 + seed, agent=agent):
            if state.is_terminal():
                break
            for p, dec in state.pending_decisions().items():
                if dec.kind != "play":
                    continue
                problems = _engine_vs_oracle(state, p)
                assert not problems, (seed, state.age, state.turn, p, problems)
                checked += 1
    assert checked >= players * 18 * len(seeds)


# ---- scenarios -------------------------------------------------------------------------------

GIZA, OLYMPIA, RHODES = ("Giza", "A"), ("Olympia", "A"), ("Rhodes", "A")


def test_buying_from_the_dearer_neighbour_is_legal():
    """"If both neighbours have the resource, the buyer chooses who to buy from", whatever the
    price: with a West Trading Post wood costs 1 on the left and 2 on the right; both are legal."""
    s = Script(3, [GIZA, OLYMPIA, ("Ephesus", "A")],
               {1: {0: [build("West Trading Post"), build("Stockade")], 2: [build("Lumber Yard")]}})
    st = s.state
    s.turn()
    assert payments(st, 0, "build", "Stockade") == {(1, 0), (0, 2)}
    assert st.explain(0, paying(st, 0, "build", "Stockade", 0, 2)) is None
    s.turn(p0=build("Stockade", 0, 2))
    assert st.cities[0].coins == 3 - 2 and st.cities[2].coins == 3 + 3 + 2


def test_paying_for_nothing_or_too_much_is_illegal():
    """Coins go to a neighbour only for resources bought: a card the city produces itself costs
    nothing, and buying a unit twice is not a payment for that card."""
    s = Script(3, [GIZA, OLYMPIA, RHODES], {1: {0: [build("Baths"), build("Stockade")]}})
    st = s.state
    assert payments(st, 0, "build", "Baths") == {(0, 0)}   # Giza starts with stone
    assert st.explain(0, paying(st, 0, "build", "Baths", 2, 0)) is not None
    assert st.explain(0, paying(st, 0, "build", "Baths", 0, 1)) is not None
    s.turn()
    assert payments(st, 0, "build", "Stockade") == {(2, 0)}  # Olympia's wood, on the left
    for pay in ((4, 0), (2, 2), (0, 2), (1, 0)):
        why = st.explain(0, paying(st, 0, "build", "Stockade", *pay))
        assert why is not None and "ways to pay" in why, pay


def test_explain_names_the_missing_resource():
    """A card nobody can supply: the reason says which resource is lacking, and how much."""
    s = Script(3, [GIZA, OLYMPIA, RHODES], {1: {0: [build("Apothecary")]}})
    st = s.state
    why = st.explain(0, paying(st, 0, "build", "Apothecary"))
    assert why is not None and "1 loom" in why


def test_west_trading_post_lowers_raw_from_the_left_from_the_next_turn():
    """West Trading Post: raw resources bought from the left neighbour cost 1, from the turn after
    it is built; the right neighbour still charges 2, manufactured goods still cost 2."""
    s = Script(3, [GIZA, OLYMPIA, ("Alexandria", "A")],
               {1: {0: [build("West Trading Post"), build("Stockade"), build("Glassworks")],
                    2: [build("Lumber Yard")]}})
    st = s.state
    s.turn()
    assert payments(st, 0, "build", "Stockade") == {(1, 0), (0, 2)}
    s.turn()
    assert st.cities[1].coins == 3 + 3 + 3 + 1  # sold twice, and the wood Giza bought


def test_east_trading_post_lowers_raw_from_the_right():
    """East Trading Post: raw from the right neighbour for 1; the left still costs 2."""
    s = Script(3, [GIZA, OLYMPIA, ("Babylon", "A")],
               {1: {0: [build("East Trading Post"), build("Guard Tower")], 1: [build("Clay Pool")]}})
    st = s.state
    s.turn()
    assert payments(st, 0, "build", "Guard Tower") == {(2, 0), (0, 1)}


def test_marketplace_lowers_manufactured_goods_on_both_sides():
    """Marketplace: glass, loom and papyrus from either neighbour for 1; raw still costs 2."""
    s = Script(3, [GIZA, ("Halicarnassus", "A"), ("Ephesus", "A")],
               {1: {0: [build("Marketplace"), build("Apothecary"), build("Scriptorium"), None,
                        build("Stockade")],
                    2: [build("Lumber Yard")]}})
    st = s.state
    assert payments(st, 0, "build", "Apothecary") == set()  # Apothecary is in the next hand
    s.turn()
    assert payments(st, 0, "build", "Apothecary") == {(1, 0)}       # loom, left
    s.turn()
    assert payments(st, 0, "build", "Scriptorium") == {(0, 1)}      # papyrus, right
    s.turns(2)
    assert payments(st, 0, "build", "Stockade") == {(0, 2)}         # wood stays at 2


def test_olympia_b_stage_1_lowers_raw_on_both_sides_from_the_next_turn():
    """Olympia B stage 1: raw resources from both neighbours for 1."""
    s = Script(3, [("Olympia", "B"), ("Babylon", "A"), ("Giza", "A")],
               {1: {0: [build("Lumber Yard"), stage("Altar"), build("Baths"), build("Guard Tower")]}})
    st = s.state
    s.turn()
    assert payments(st, 0, "build", "Baths") == set()  # not in this hand yet
    s.turn()
    assert st.cities[0].stages_built == 1
    assert payments(st, 0, "build", "Baths") == {(0, 1)}         # Giza's stone, on the right
    s.turn()
    assert payments(st, 0, "build", "Guard Tower") == {(1, 0)}   # Babylon's clay, on the left


def test_buying_one_unit_from_each_neighbour_for_one_card():
    """"You may buy from both neighbours in one turn." Rhodes A stage 1 (2 wood), with one wood on
    each side: 2 + 2."""
    s = Script(3, [RHODES, OLYMPIA, ("Giza", "A")],
               {1: {2: [build("Lumber Yard")], 0: [None, stage("Altar", 2, 2)]}})
    st = s.state
    s.turn()
    assert {split(st, 0, a) for a in st.legal_actions(0) if a.kind == "stage"} == {(2, 2)}
    s.turn()
    assert st.cities[0].stages_built == 1
    assert (st.cities[0].coins, st.cities[1].coins, st.cities[2].coins) == (3 + 3 - 4, 3 + 3 + 3 + 2, 3 + 3 + 2)


def test_a_neighbours_either_or_card_sells_one_unit_per_turn():
    """An either/or card gives one unit a turn, chosen freely: with a Tree Farm (wood|clay) next
    door, a School (wood, papyrus) buys its wood there, but a Temple (wood, clay, glass) cannot
    buy both its wood and its clay from it."""
    s = Script(3, [GIZA, ("Ephesus", "A"), RHODES],
               {1: {1: [build("Tree Farm")], 0: [build("Glassworks")]},
                2: {0: [sell("School"), sell("Temple")]}})
    st = s.state
    s.turns(6)
    # School: wood (Tree Farm) and papyrus (Ephesus' board), both from the left neighbour
    assert payments(st, 0, "build", "School") == {(4, 0)}
    s.turn()
    assert payments(st, 0, "build", "Temple") == set()
    assert st.explain(0, paying(st, 0, "build", "Temple", 4, 0)) is not None


def test_at_two_seats_the_payments_are_the_one_sellers():
    """Two seats without a neutral seat (data/two_seats.wr), dealt base cards so that the
    hand-written model knows what every card produces: on every turn of seeded random games the
    engine's payments are the oracle's with the one neighbour as the only seller (at the lower of
    the two prices)."""
    import random
    from pathlib import Path

    import wonderrules as wr
    from wonderrules.interpreter.agents import make_agent

    game = wr.Game(wr.load_rules(str(Path(__file__).parent / "data" / "two_seats.wr")), 2)
    base = game.rules
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        by_age = {age: sorted({c.name for c in base.cards if c.age == age and not c.name.startswith("Duel ")})
                  for age in (1, 2, 3)}
        hands = {age: [rng.sample(names, 7) for _ in range(2)] for age, names in by_age.items()}
        state = game.new_initial_state(seed, hands=hands)
        agents = [make_agent("greedy", seed * 31 + p) for p in range(2)]
        while not state.is_terminal():
            for p, dec in state.pending_decisions().items():
                if dec.kind == "play":
                    problems = _engine_vs_oracle(state, p)
                    assert not problems, (seed, state.age, state.turn, p, problems)
                    assert all(seller == 1 - p for a in state.legal_actions(p) for seller, _ in a.pay)
                    checked += 1
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    assert checked >= 12 * 18 * 2
