"""Two players with Cities (rules_facts.md section 5, "Two players with Cities"): layers
`cities` then `two_player`. Seats 0 and 1 are the players, seat 2 the Free City (its left
neighbour is seat 0)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from expansion_support import (
    FREE_CITY,
    TwoPlayerScenario,
    age_deck,
    at,
    build,
    controller_on,
    deal_records,
    dealt_sizes,
    new_game,
    pay,
    play_random,
    sell,
    split,
    token,
    token_value,
)

LAYERS = ("cities", "two_player")
BOARDS = [("Giza", "A"), ("Babylon", "A"), ("Rhodes", "A")]


def scenario(plan=None, boards=BOARDS, **kw) -> TwoPlayerScenario:
    return TwoPlayerScenario(LAYERS, boards, plan or {}, **kw)


def test_deck_hands_of_eight_pile_of_eight():
    """[U] Deck composition is not stated; the 3-player configuration (3 black cards per Age)
    gives 24 = 3 x 8 cards per Age: two hands of 8 plus a Free City pile of 8, which fits the
    7-turn Age. (Cities: every player is dealt 8 cards and plays 7 turns.)"""
    game = new_game(LAYERS, 2)
    assert (game.config.hand, game.config.turns, game.config.seats) == (8, 7, 3)
    for age in (1, 2, 3):
        deck = age_deck(game, age, random.Random(age))
        colours = Counter(c.colour for c in deck)
        assert len(deck) == 24 and colours["black"] == 3
        assert colours["purple"] == (5 if age == 3 else 0)
    state, _ = play_random(game, seed=5)
    for age in (1, 2, 3):
        record = deal_records(state)[age - 1]
        assert record["age"] == age
        assert dealt_sizes(record) == [8, 8]
        assert dealt_sizes(record, "pile") == [8]


def test_seven_turns_control_starts_left_right_left():
    """[R] Rules unchanged: as in the base game's two-player variant (the Hungarian and Romanian
    rulebooks), the Free City card starts Age I with the player on the Free City's left, Age II
    with the player on its right, Age III on its left, and travels with the hands; over 7 turns
    the player who starts an age controls the Free City 4 times in it."""
    sc = scenario()
    st = sc.state
    seen = []
    while not st.is_terminal():
        seen.append((st.age, st.turn, st.controller[FREE_CITY]))
        sc.play_turn()
    assert seen == [(a, t, controller_on(a, t)) for a in (1, 2, 3) for t in range(1, 8)]
    assert {a: c for a, t, c in seen if t == 1} == {1: st.left(FREE_CITY), 2: st.right(FREE_CITY),
                                                    3: st.left(FREE_CITY)}
    assert [Counter(c for a, t, c in seen if a == age) for age in (1, 2, 3)] == \
        [{0: 4, 1: 3}, {1: 4, 0: 3}, {0: 4, 1: 3}]


@pytest.mark.parametrize("victim_controls", [True, False])
def test_free_city_debt_split_decided_by_its_controller(victim_controls):
    """[R] when the Free City must lose coins, the player controlling the Free City that turn
    decides how much it pays and how much debt it takes."""
    # Hideout (every other player loses 1) built by the player who does NOT control the Free
    # City (turn 1: seat 1; victim_controls) or by the controller itself (turn 2: seat 1 again,
    # now controlling). Either way the Free City's split is the controller's decision.
    turn = 1 if victim_controls else 2
    plan = {1: {turn: {1: build("Hideout")}}}
    sc = scenario(plan)
    sc.run_to(1, turn)
    st = sc.state
    ctl = st.controller[FREE_CITY]
    assert ctl == (0 if victim_controls else 1)
    sc.finish_turn()
    asked = []
    while st.pending_decisions():
        pend = st.pending_decisions()
        if any(d.kind == "play" for d in pend.values()):
            break
        asked.extend((d.player, d.seat, d.kind) for d in pend.values())
        st.apply_actions({p: pay(0) for p in pend})
    assert (ctl, FREE_CITY, "pay") in asked
    assert (0, 0, "pay") in asked
    assert all(seat != 1 for _, seat, _ in asked)          # the builder loses nothing
    assert token(st, FREE_CITY, "debt") == 1 and token(st, 0, "debt") == 1


def test_free_city_coin_loss_hits_both_players():
    """[R] When the Free City plays a coin-loss card, both players are affected (the player who
    chose the card is not exempt)."""
    plan = {1: {1: {FREE_CITY: build("Hideout")}}}
    sc = scenario(plan)
    st = sc.state
    sc.finish_turn()
    pend = st.pending_decisions()
    assert {p: (d.seat, d.kind) for p, d in pend.items()} == {0: (0, "pay"), 1: (1, "pay")}
    assert st.controller[FREE_CITY] == 0                    # seat 0 chose the card and pays too
    st.apply_actions({0: pay(1), 1: pay(0)})
    assert token(st, 1, "debt") == 1 and token(st, 0, "debt") == 0
    assert st.cities[0].coins == 3 + 3 - 1                  # sold a card, then lost 1
    assert token(st, FREE_CITY, "debt") == 0


def fc_diplomacy(residence: bool) -> TwoPlayerScenario:
    # Seat 0 (Rhodes A, ore): Barracks. The Free City (Babylon A, clay): Residence (clay).
    boards = [("Rhodes", "A"), ("Giza", "A"), ("Babylon", "A")]
    plan = {1: {1: {0: build("Barracks")}}}
    if residence:
        plan[1][1][FREE_CITY] = build("Residence")
    return scenario(plan, boards=boards, pile_filler={1: "Stockade"})


def conflict_delta(sc):
    sc.run_to(1, 7)
    st = sc.state
    before = [(token(st, s, "victory"), token_value(st, s, "victory"), token(st, s, "defeat"),
               token(st, s, "diplomacy")) for s in range(3)]
    sc.play_turn()
    after = [(token(st, s, "victory"), token_value(st, s, "victory"), token(st, s, "defeat"),
              token(st, s, "diplomacy")) for s in range(3)]
    return [tuple(a - b for a, b in zip(x, y)) for x, y in zip(after, before)]


def test_free_city_diplomacy_players_fight_each_other_once():
    """[R] When the Free City plays a diplomacy card, it stays out of the next conflict resolution
    and the two players compare strength with each other."""
    plain = conflict_delta(fc_diplomacy(False))
    assert plain[0] == (2, 2, 0, 0)           # beats the opponent and the Free City
    d = conflict_delta(fc_diplomacy(True))
    assert d[FREE_CITY] == (0, 0, 0, -1)
    assert d[0] == (1, 1, 0, 0)               # one war, one token
    assert d[1] == (0, 0, 1, 0)


def test_free_city_never_wins_with_cities():
    """[U] the winner is the better of the two players (two_player.wr: the Free City never
    wins), also with Cities."""
    game = new_game(LAYERS, 2)
    for seed in range(5):
        state, _ = play_random(game, seed)
        best = max(state.scores()[p].total for p in (0, 1))
        assert state.winners() and set(state.winners()) <= {0, 1}
        assert all(state.scores()[w].total == best for w in state.winners())


def docked_free_city() -> TwoPlayerScenario:
    # The Free City (Rhodes A) builds Marketplace (turn 1) and Clandestine Dock East (turn 2);
    # on turn 3, controlled by seat 0, it builds Apothecary (loom). Both players have a Loom:
    # from seat 0 (its left) the loom costs 1 (Marketplace), from seat 1 (its right) 0
    # (Marketplace and Dock).
    plan = {1: {1: {0: build("Loom"), 1: build("Loom"), FREE_CITY: build("Marketplace")},
                2: {FREE_CITY: build("Clandestine Dock East")},
                3: {FREE_CITY: build("Apothecary", left=1)}}}
    sc = scenario(plan)
    sc.run_to(1, 3)
    sc.play_players()
    return sc


def test_free_city_may_pay_its_controller_the_dearer_price():
    """[V] (section 6) If both neighbours sell the resource, the controlling player chooses the
    seller, whatever the cost: seat 0 may have the Free City buy its loom for 1 coin rather than
    seat 1's for nothing."""
    sc = docked_free_city()
    st = sc.state
    assert st.pending_decisions()[0].seat == FREE_CITY
    assert st.explain(0, at(st, 0, build("Apothecary", left=1))) is None
    assert st.explain(0, build("Apothecary")) is None
    coins = [c.coins for c in st.cities]
    sc.play_free_city()
    assert [c.coins - b for c, b in zip(st.cities, coins)] == [1 + 3, 3, -1]


def test_free_city_dearer_seller_is_listed():
    """[V] If both neighbours sell the resource, the controlling player chooses the seller,
    whatever the cost (each seller is an action of the Free City's decision)."""
    st = docked_free_city().state
    splits = {split(st, 0, a) for a in st.legal_actions(0) if a.card == "Apothecary" and a.kind == "build"}
    assert splits == {(1, 0), (0, 0)}


def test_free_city_no_sale_while_a_card_in_hand_can_be_played_with_cities():
    """[R] Rules unchanged with Cities: (Hungarian rulebook) only when no card in the controller's
    hand can be played may the Free City get a card to sell. Hands of 8: with an Altar (free)
    among Stockades (wood, which nobody makes), the Free City must build the Altar; when the
    controller takes the Altar for their own city, the Free City may sell."""
    hands = {1: [["Altar"] + ["Stockade"] * 7, ["Theater"] * 8, ["Stockade"] * 8]}
    sc = scenario(hands=hands)
    st = sc.state
    sc.play_players({0: sell("Stockade")})
    assert st.legal_actions(0) == [build("Altar")]
    why = st.explain(0, sell("Stockade"))
    assert why is not None and "'Altar' can be played as 'build'" in why
    sc = scenario(hands=hands)
    st = sc.state
    sc.play_players({0: build("Altar")})
    assert st.legal_actions(0) == [sell("Stockade")]
