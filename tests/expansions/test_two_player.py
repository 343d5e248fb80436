"""The two-player variant with the Free City (rules_facts.md section 6), on the base game.

Seats: the players are 0 and 1, the Free City is seat 2. Seat 2's left neighbour is seat 0 and
its right neighbour seat 1. Boards unless stated: seat 0 Giza A (stone), seat 1 Babylon A
(clay), the Free City Rhodes A (ore): nobody makes wood, so the Free City can neither build
Stockade nor its first stage (2 wood) and sells the pile fillers.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from expansion_support import (
    FREE_CITY,
    Action,
    TwoPlayerScenario,
    age_deck,
    at,
    build,
    chain,
    column,
    controller_on,
    deal_records,
    dealt_sizes,
    hand_cards,
    new_game,
    play_random,
    sell,
    split,
    stage,
    zone_names,
)

import wonderrules as wr

BOARDS = [("Giza", "A"), ("Babylon", "A"), ("Rhodes", "A")]


def scenario(plan=None, layers=("two_player",), boards=BOARDS, **kw) -> TwoPlayerScenario:
    return TwoPlayerScenario(layers, boards, plan or {}, **kw)


def fc_actions(st, card=None):
    (player, dec), = st.pending_decisions().items()
    assert dec.seat == FREE_CITY
    return [a for a in st.legal_actions(player) if card is None or a.card == card]


# ---- setup ---------------------------------------------------------------------------------------

def test_three_cities_all_neighbours():
    """[V] Military and scoring: the three cities are all neighbours of each other (each player's
    neighbours are the Free City and the opponent)."""
    st = scenario().state
    assert st.n == 3 and st.players == 2
    for s in range(3):
        assert {st.left(s), st.right(s)} == {0, 1, 2} - {s}


@pytest.mark.parametrize("layers", [("two_player",), ("cities", "two_player")])
@pytest.mark.parametrize("n", [1, 3, 4])
def test_two_players_only(layers, n):
    """[V] Players: 3-7. A 2-player variant exists (the variant seats exactly two players)."""
    with pytest.raises(ValueError, match="2 players"):
        new_game(layers, n)


def test_three_player_cards_and_five_guilds():
    """[V] Use the 3-player cards (3+ only). That includes 5 guilds (3 + 2). Three boards are used:
    one per player plus a third board, the Free City."""
    game = new_game(("two_player",), 2)
    three = new_game(("base",), 3)
    for age in (1, 2, 3):
        deck = age_deck(game, age, random.Random(age))
        deck3 = age_deck(three, age, random.Random(age))
        assert len(deck) == 21
        assert Counter(c.name for c in deck if c.colour != "purple") == \
            Counter(c.name for c in deck3 if c.colour != "purple")
        assert sum(c.colour == "purple" for c in deck) == (5 if age == 3 else 0)
    st = game.new_initial_state(seed=4)
    assert len({c.board.name for c in st.cities}) == 3


def test_hands_and_free_city_pile():
    """[V] Each Age: each player gets 7 cards. The other 7 cards form a face-down Free City draw
    pile. Each player and the Free City start with 3 coins."""
    game = new_game(("two_player",), 2)
    three = new_game(("base",), 3)
    state, _ = play_random(game, seed=2)
    for age in (1, 2, 3):
        record = deal_records(state)[age - 1]
        assert record["age"] == age
        assert dealt_sizes(record) == [7, 7]
        assert dealt_sizes(record, "pile") == [7]
        dealt = Counter(n for _zone, _seat, names in record["dealt"] for n in names)
        deck3 = Counter(c.name for c in age_deck(three, age, random.Random(0)) if c.colour != "purple")
        guilds = sum(n for name, n in dealt.items() if name not in deck3)
        assert dealt - Counter({k: v for k, v in dealt.items() if k not in deck3}) == deck3
        assert guilds == (5 if age == 3 else 0)
    # face down: the controller sees the one card drawn, nobody sees the rest of the pile
    hands = {1: [["Altar"] * 7, ["Theater"] * 7, ["Stockade"] * 7]}
    st = scenario(hands=hands).state
    assert [c.coins for c in st.cities] == [3, 3, 3]
    assert wr.observation(st, 0)["cities"][0]["zones"]["hand"]["cards"].count("Stockade") == 1
    assert json.dumps(wr.observation(st, 0)).count("Stockade") == 1
    obs = wr.observation(st, 1)
    assert "Stockade" not in json.dumps(obs)
    assert len(obs["cities"]) == 3 and obs["cities"][FREE_CITY]["neutral"]


def test_free_city_card_starts_on_the_side_of_the_age():
    """[R] The Hungarian and Romanian rulebooks: the Free City card starts Age I with the player
    on the Free City's left, Age II with the player on its right, Age III again with the player
    on its left."""
    sc = scenario()
    st = sc.state
    starts = {}
    while not st.is_terminal():
        if st.turn == 1:
            starts[st.age] = st.controller[FREE_CITY]
        sc.play_turn()
    assert starts == {1: st.left(FREE_CITY), 2: st.right(FREE_CITY), 3: st.left(FREE_CITY)}
    assert starts == {1: 0, 2: 1, 3: 0}


@pytest.mark.parametrize("layers", [("two_player",), ("cities", "two_player")])
def test_free_city_card_travels_with_the_passed_hand(layers):
    """[V] Each player then picks up the cards lying on the other side of the Border card. The
    Free City card travels with the cards, so control of the Free City alternates (in every
    age, whoever started it; with Cities too, over 7 turns)."""
    sc = scenario(layers=layers)
    st = sc.state
    passed = None   # what the controller laid down at the end of the last turn
    seen = []
    while not st.is_terminal():
        holder = st.controller[FREE_CITY]
        seen.append((st.age, st.turn, holder))
        if st.turn > 1:
            # the new controller holds what the last one passed, plus the card just drawn
            assert Counter(c.name for c in hand_cards(st, holder)[:-1]) == passed, (st.age, st.turn)
        sc.play_players()
        action = sc.free_city_default(holder)
        passed = Counter(c.name for c in hand_cards(st, holder)) - Counter([action.card])
        sc.play_free_city(action)
    turns = sc.turns
    assert turns == (7 if "cities" in layers else 6)
    assert seen == [(a, t, controller_on(a, t)) for a in (1, 2, 3) for t in range(1, turns + 1)]


def test_controller_draws_picks_self_then_free_city():
    """[V] Each turn: 1. The player holding the Free City card draws the top card of the Free City
    pile into their hand. 2. That player then picks two cards: first one for their own city, then
    one for the Free City. The opponent picks one card for themselves."""
    plan = {1: {1: {0: build("Lumber Yard"), 1: build("Clay Pool"), 2: build("Ore Vein")},
                2: {1: build("Stone Pit"), 0: build("Loom"), 2: build("Press")}}}
    sc = scenario(plan)
    st = sc.state
    # turn 1: seat 0 holds 7 cards and the pile's top card (Ore Vein)
    assert [len(hand_cards(st, s)) for s in (0, 1)] == [8, 7]
    assert hand_cards(st, 0)[-1].name == "Ore Vein"
    pend = st.pending_decisions()
    assert {p: (d.seat, d.kind) for p, d in pend.items()} == {0: (0, "play"), 1: (1, "play")}
    # the Free City's card may be chosen for seat 0's own city too: it is in seat 0's hand
    assert st.explain(0, build("Ore Vein")) is None
    sc.play_players()
    pend = st.pending_decisions()
    assert list(pend) == [0]
    assert (pend[0].player, pend[0].seat, pend[0].kind) == (0, FREE_CITY, "play")
    assert st.explain(1, build("Ore Vein")) is not None    # the opponent has nothing to decide
    # seat 0's own card has left its hand: it cannot also be the Free City's
    assert st.explain(0, build("Lumber Yard")) is not None
    sc.play_free_city()
    assert [sorted(st.cities[s].names) for s in range(3)] == [["Lumber Yard"], ["Clay Pool"], ["Ore Vein"]]
    # turn 2: the hands crossed the Border; seat 1 holds the Free City card and draws Press
    assert st.controller[FREE_CITY] == 1
    assert [len(hand_cards(st, s)) for s in (0, 1)] == [6, 7]
    assert hand_cards(st, 1)[-1].name == "Press"
    sc.play_turn()
    assert "Press" in st.cities[FREE_CITY].names and "Stone Pit" in st.cities[1].names


def test_hands_cross_the_border():
    """[V] Each player lays their remaining cards on their own side of the Border card ... Each
    player then picks up the cards lying on the other side of the Border card. The Free City card
    travels with the cards."""
    # Apothecary (loom) and Stockade (wood) cannot be built here, nor Rhodes A's first stage
    # (2 wood): the Free City sells whichever card it is given
    hands = {1: [["Apothecary"] * 7, ["Theater"] * 7, ["Stockade"] * 7]}
    sc = scenario(hands=hands)
    st = sc.state
    # turn 1: seat 0 sells an Apothecary, the Free City sells the Stockade seat 0 drew, seat 1
    # sells a Theater; then seat 1 takes seat 0's 6 Apothecaries (and the Free City card) and
    # draws
    sc.play_players({0: sell("Apothecary"), 1: sell("Theater")})
    sc.play_free_city(sell("Stockade"))
    assert Counter(c.name for c in hand_cards(st, 1)) == {"Apothecary": 6, "Stockade": 1}
    assert Counter(c.name for c in hand_cards(st, 0)) == {"Theater": 6}
    assert st.controller[FREE_CITY] == 1
    sc.play_players({0: sell("Theater"), 1: sell("Apothecary")})
    sc.play_free_city(sell("Stockade"))
    assert Counter(c.name for c in hand_cards(st, 0)) == {"Apothecary": 5, "Stockade": 1}
    assert Counter(c.name for c in hand_cards(st, 1)) == {"Theater": 5}
    assert st.controller[FREE_CITY] == 0


def test_last_pile_card_discarded():
    """[V] On the 6th turn, the last card of the Free City pile is discarded along with the
    players' last cards."""
    hands = {1: [["Altar"] * 7, ["Theater"] * 7, ["Stockade"] * 6 + ["Pawnshop"]]}
    sc = scenario(hands=hands)
    st = sc.state
    sc.run_to(1, 6)
    assert [len(hand_cards(st, s)) for s in (0, 1)] == [2, 3]   # seat 1 holds the card and draws
    sc.play_turn()
    assert st.age == 2
    assert Counter(zone_names(st, 0, "discard"))["Pawnshop"] == 1
    # everything dealt in Age I is now built, tucked or discarded
    built = sum(len(c.built) for c in st.cities)
    assert built + len(sc.tucked) + len(zone_names(st, 0, "discard")) == 21


# ---- the Free City's restrictions --------------------------------------------------------------

def test_free_city_buys_from_the_neighbour_the_controller_chooses():
    """[V] It buys resources under the normal rules. If both neighbours sell the resource, the
    controlling player chooses the seller, whatever the cost."""
    # Turn 1: both players build Lumber Yard, the Free City West Trading Post (raw from its left,
    # seat 0, for 1). Turn 2: the Free City builds Stockade (wood): 1 coin to seat 0 or 2 coins
    # to seat 1; seat 1 controls it and may choose either.
    plan = {1: {1: {0: build("Lumber Yard"), 1: build("Lumber Yard"), 2: build("West Trading Post")},
                2: {2: build("Stockade", right=2)}}}
    sc = scenario(plan)
    st = sc.state
    sc.run_to(1, 2)
    sc.play_players()
    assert sorted(split(st, 1, a) for a in fc_actions(st, "Stockade") if a.kind == "build") == [(0, 2), (1, 0)]
    coins = [c.coins for c in st.cities]
    sc.play_free_city()
    # both players sold a card this turn (3 coins each)
    assert [c.coins - b for c, b in zip(st.cities, coins)] == [3, 3 + 2, -2]


def test_free_city_must_chain():
    """[V] If its chosen card can be built for free by chaining, it must be."""
    # The Free City builds Altar in Age I; in Age II its card is Temple (chains from Altar).
    plan = {1: {1: {2: build("Altar")}}, 2: {1: {2: chain("Temple")}}}
    sc = scenario(plan, filler={2: "Walls"})
    st = sc.state
    sc.run_to(2, 1)
    sc.play_players()
    assert fc_actions(st, "Temple") == [chain("Temple")]
    ctl = st.controller[FREE_CITY]
    assert "chain" in st.explain(ctl, sell("Temple"))
    assert st.explain(ctl, stage("Temple")) is not None
    sc.play_free_city()
    assert "Temple" in st.cities[FREE_CITY].names


# The Free City's card. The Hungarian rulebook: the controller must, if possible, give the Free
# City a card it can play (build, by paying, by chain or for free, or use for its next wonder
# stage); only when no card of the hand can be played may it get a card to sell. two_player.wr:
# `sells only when no card in hand can be built or used for a stage`. The hand is what the
# controller holds after picking their own card.

def sale_hands(cards: list[str], age: int = 1, hand: int = 7) -> dict:
    """Age-`age` hands: seat 0 (who holds the Free City card on turn 1) gets `cards` and
    Stockades, seat 1 Theaters; the Free City's pile is all Stockades (nobody at the table makes
    wood, so no Stockade can be built, and Rhodes A's first stage, 2 wood, cannot be built)."""
    return {age: [cards + ["Stockade"] * (hand - len(cards)), ["Theater"] * hand, ["Stockade"] * hand]}


def test_free_city_no_sale_while_a_card_in_hand_can_be_built():
    """[R] (Hungarian rulebook) only when no card in the controller's hand can be played may the
    Free City get a card to sell: with an Altar (free) and Stockades (wood, not to be had) in
    hand, the Free City must build the Altar and may sell nothing, not even a Stockade."""
    sc = scenario(hands=sale_hands(["Altar"]))
    st = sc.state
    sc.play_players({0: sell("Stockade")})
    assert fc_actions(st) == [build("Altar")]
    why = st.explain(0, sell("Stockade"))
    assert why is not None and "'Altar' can be played as 'build'" in why
    assert "only when nothing else can be played" in why
    assert st.explain(0, sell("Altar")) is not None


def test_free_city_sells_when_nothing_in_hand_can_be_played():
    """[R] (Hungarian rulebook) only when no card in hand can be played may the Free City get a
    card to sell: Stockade (wood), Apothecary (loom) and Workshop (glass) cannot be built, nobody
    sells those resources, and the Free City's first stage needs wood: each may be sold."""
    sc = scenario(hands=sale_hands(["Apothecary", "Workshop"]))
    st = sc.state
    sc.play_players({0: sell("Stockade")})
    assert fc_actions(st) == [sell("Apothecary"), sell("Workshop"), sell("Stockade")]
    sc.play_free_city(sell("Workshop"))
    assert st.cities[FREE_CITY].coins == 3 + 3


def test_free_city_hand_is_what_the_controller_leaves():
    """[V] That player then picks two cards: first one for their own city, then one for the Free
    City (two_player.wr: the hand the sale rule looks at is what is left after the controller's
    own pick): seat 0 builds its only playable card, the Altar, and the Free City may sell."""
    sc = scenario(hands=sale_hands(["Altar"]))
    st = sc.state
    sc.play_players({0: build("Altar")})
    assert fc_actions(st) == [sell("Stockade")]


def test_free_city_sells_a_card_it_cannot_play_again():
    """[R] A second Altar can be neither built (same name) nor used for a stage (Rhodes A: 2
    wood): with nothing else playable in hand, it is sold."""
    # Turn 1: the Free City builds the pile's Altar (seat 0's hand of Stockades has nothing
    # else). Turn 2: seat 1 holds the second Altar among Stockades: the Free City sells it.
    hands = {1: [["Stockade"] * 7, ["Stockade"] * 7, ["Altar", "Altar"] + ["Stockade"] * 5]}
    sc = scenario(hands=hands)
    st = sc.state
    sc.play_players()
    assert fc_actions(st, "Altar") == [build("Altar")]
    sc.play_free_city(build("Altar"))
    sc.play_players()
    assert fc_actions(st) == [sell("Stockade"), sell("Altar")]
    sc.play_free_city(sell("Altar"))
    assert st.cities[FREE_CITY].coins == 6


def test_free_city_stages_rather_than_sells():
    """[R] (Hungarian rulebook) the controller must, if possible, choose a card the Free City can
    play: build it or use it for its next wonder stage; only then a card to sell."""
    # The Free City is Giza A (stone; stage 1: 2 stone). Seat 0 (Rhodes A) builds Stone Pit on
    # turn 1. On turn 2 the Free City's hand holds a second Altar and Stockades (wood, which
    # nobody makes): nothing can be built, but the stage can (one stone bought from seat 0,
    # its left neighbour) with any of them: no sale.
    boards = [("Rhodes", "A"), ("Babylon", "A"), ("Giza", "A")]
    plan = {1: {1: {0: build("Stone Pit"), 2: build("Altar")}, 2: {2: stage("Altar", left=2)}}}
    sc = scenario(plan, boards=boards, filler={1: "Stockade"})
    st = sc.state
    sc.run_to(1, 2)
    sc.play_players()
    assert fc_actions(st) == [at(st, 1, stage("Stockade", left=2)), at(st, 1, stage("Altar", left=2))]
    why = st.explain(1, sell("Altar"))
    assert why is not None and "'Stockade' can be played as 'stage'" in why
    sc.play_free_city()
    assert st.cities[FREE_CITY].stages_built == 1


# ---- conflicts and the winner --------------------------------------------------------------------

def test_conflicts_against_both_other_cities():
    """[V] Conflicts resolve normally: each player fights the opponent and the Free City."""
    boards = [("Rhodes", "A"), ("Babylon", "A"), ("Giza", "A")]
    sc = scenario({1: {1: {0: build("Barracks")}}}, boards=boards)
    sc.run_to(2, 1)
    st = sc.state
    from expansion_support import token
    assert token(st, 0, "victory") == 2
    assert token(st, 1, "defeat") == 1 and token(st, FREE_CITY, "defeat") == 1


def test_free_city_never_wins():
    """[U] The rulebook wording on whether the Free City's score matters was not found. It only
    "plays", and the winner is the better of the two players (two_player.wr: never wins)."""
    # The Free City builds Barracks and wins every war; both players only sell.
    boards = [("Giza", "A"), ("Babylon", "A"), ("Rhodes", "A")]
    plan = {1: {1: {2: build("Barracks")}}}
    sc = scenario(plan, boards=boards)
    sc.run_to_end()
    st = sc.state
    totals = [s.total for s in st.scores()]
    assert totals[FREE_CITY] > max(totals[:2])
    assert FREE_CITY not in st.winners() and st.winners()
    assert len(st.returns()) == 2 and sum(st.returns()) == pytest.approx(1.0)
    assert column(st, FREE_CITY, "military") == 2 * (1 + 3 + 5)


def test_random_two_player_games_never_crown_the_free_city():
    """[U] the winner is the better of the two players."""
    game = new_game(("two_player",), 2)
    for seed in range(5):
        state, _ = play_random(game, seed)
        sheets = state.scores()
        best = max(sheets[p].total for p in (0, 1))
        assert all(sheets[w].total == best for w in state.winners())
        assert set(state.winners()) <= {0, 1}


def test_free_city_discard_pick_is_the_controllers_decision():
    """[V] (two_player.wr) Every choice the Free City makes in a turn is an ordinary decision of
    the player who controls it that turn: here the card Halicarnassus B builds from the discard
    pile."""
    # The Free City (Halicarnassus B, loom) builds Ore Vein on turn 1 and stage 1 (2 ore: one
    # bought from seat 0, Rhodes) on turn 2, when seat 1 controls it.
    boards = [("Rhodes", "A"), ("Giza", "A"), ("Halicarnassus", "B")]
    plan = {1: {1: {2: build("Ore Vein"), 1: sell("Theater")}, 2: {2: stage("Stockade", left=2)}}}
    sc = scenario(plan, boards=boards)
    sc.run_to(1, 2)
    sc.play_players()
    sc.play_free_city()
    st = sc.state
    pend = st.pending_decisions()
    assert {p: (d.seat, d.kind) for p, d in pend.items()} == {1: (FREE_CITY, "pick")}
    assert "Theater" in [a.card for a in st.legal_actions(1)]
    st.apply_actions({1: Action("pick", "Theater")})
    assert "Theater" in st.cities[FREE_CITY].names
