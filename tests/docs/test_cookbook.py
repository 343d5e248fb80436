"""The recipes of the cookbook (docs/language/cookbook.rst) are played, not only checked: each
rule set of docs/examples is loaded and games are played with random choices to the end, and
each test asserts what the recipe promises about its mechanic."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import wonderrules
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.state import State

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SEEDS = (1, 2, 3)


@cache
def rules(name: str):
    return wonderrules.load_rules(str(EXAMPLES / f"{name}.wr"))


def rounds(name: str, players: int, seed: int) -> Iterator[tuple[State, dict[int, Action]]]:
    """Each position of a game played with random choices, with the choices made there; the
    finished game last, with no choices."""
    state = Game(rules(name), players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        chosen = {p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()}
        yield state, chosen
        state.apply_actions(chosen)
    yield state, {}


def final(name: str, players: int, seed: int) -> State:
    return deque(rounds(name, players, seed), maxlen=1)[0][0]


def names(state: State, zone: str, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].zones[state.catalog.zone_index[zone]]]


def tokens(state: State, token: str, seat: int) -> int:
    return state.cities[seat].token_counts[state.catalog.token_index[token]]


def built_colour(state: State, seat: int, colour: str) -> int:
    return state.cities[seat].colour_counts[state.catalog.colour_index[colour]]


def shields(state: State, seat: int) -> int:
    return state.cities[seat].symbols[state.catalog.symbols.index("shield")]


def at_each_new_age(name: str, players: int, seed: int) -> Iterator[tuple[State, State]]:
    """(position before the first round of an age, position before the first round of the
    next age or the end): the contests of the end of an age are resolved between the two."""
    before = None
    for state, _ in rounds(name, players, seed):
        if before is None or state.age != before.age or state.is_terminal():
            if before is not None:
                yield before, state
            before = state.clone()
            if state.is_terminal():
                return


# ---- the draft ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_draft_leaves_each_player_three_leaders_and_no_packet(players, seed):
    leaders = {c.name for c in rules("draft").cards if c.deck == "leaders"}
    for state, chosen in rounds("draft", players, seed):
        if state.age >= 1:
            break
        assert set(chosen.values()) and {a.kind for a in chosen.values()} == {"keep"}
    for seat in range(players):
        court = names(state, "court", seat)
        assert len(court) == 3 and set(court) <= leaders
        assert names(state, "packet", seat) == []
    kept = [n for seat in range(players) for n in names(state, "court", seat)]
    assert len(set(kept)) == len(kept), "a leader was kept twice"


def test_each_draft_round_keeps_one_card_and_passes_the_rest_left():
    previous = None
    for state, chosen in rounds("draft", 4, 7):
        if state.age >= 1:
            break
        packets = [names(state, "packet", s) for s in range(4)]
        if previous is not None:
            old_packets, old_chosen = previous
            for seat in range(4):
                giver = state.right(seat)  # packets pass left: a seat receives from its right
                rest = list(old_packets[giver])
                rest.remove(old_chosen[giver].card)
                assert sorted(packets[seat]) == sorted(rest)
        previous = (packets, chosen)


# ---- a special turn from a separate hand --------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_each_age_opens_with_one_card_played_from_the_reserve(seed):
    reserve_cards = {c.name for c in rules("reserve").cards if c.deck == "reserve"}
    reserve_rounds: dict[int, int] = {}
    recruited = [0, 0, 0]
    for state, chosen in rounds("reserve", 3, seed):
        kinds = {a.kind for a in chosen.values()}
        if kinds & {"recruit", "dismiss"}:
            # every player plays from the reserve, before the first card of the freshly dealt hand
            assert kinds <= {"recruit", "dismiss"} and len(chosen) == 3
            assert all(len(names(state, "hand", s)) == 7 for s in range(3))
            reserve_rounds[state.age] = reserve_rounds.get(state.age, 0) + 1
            for seat in range(3):
                assert len(names(state, "reserve", seat)) == 4 - state.age
            for seat, a in chosen.items():
                recruited[seat] += a.kind == "recruit"
    assert reserve_rounds == {1: 1, 2: 1, 3: 1}
    for seat in range(3):
        assert names(state, "reserve", seat) == []
        assert len(reserve_cards & set(names(state, "built", seat))) == recruited[seat]


# ---- a new action -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_donations_cost_two_coins_give_a_favour_and_only_from_age_two(seed):
    donated = [0, 0, 0]
    seen_donation_offer = False
    for state, chosen in rounds("donate", 3, seed):
        if state.is_terminal():
            break
        for p in state.pending_decisions():
            offered = [a for a in state.legal_actions(p) if a.kind == "donate"]
            if offered:
                seen_donation_offer = True
                assert state.age >= 2 and state.cities[p].coins >= 2
        for p, a in chosen.items():
            if a.kind == "donate":
                donated[p] += 1
    assert seen_donation_offer
    for seat in range(3):
        assert tokens(state, "favour", seat) == donated[seat]
        assert state.scores()[seat].column("temple") == 2 * donated[seat]


def test_a_donation_in_age_one_is_refused_with_the_reason_of_the_text():
    state = Game(rules("donate"), 3).new_initial_state(seed=1)
    card = names(state, "hand", 0)[0]
    assert state.explain(0, Action("donate", card)) == "donations start in Age II"


# ---- a war two seats away -----------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_the_far_war_pairs_each_city_with_the_cities_two_seats_away(seed):
    n = 6
    for before, after in at_each_new_age("far_war", n, seed):
        age = before.age
        worth = {1: 2, 2: 4, 3: 6}[age]
        end = after
        for seat in range(n):
            won = lost = 0
            for other in {(seat + 2) % n, (seat - 2) % n}:
                # shields at the end of the age: no card is built between the age's end and the
                # next age's first round
                if shields(end, seat) > shields(end, other):
                    won += 1
                elif shields(end, seat) < shields(end, other):
                    lost += 1
            assert tokens(after, "laurel", seat) - tokens(before, "laurel", seat) == won
            assert tokens(after, "scar", seat) - tokens(before, "scar", seat) == lost
            gained = (after.cities[seat].token_values[after.catalog.token_index["laurel"]]
                      - before.cities[seat].token_values[before.catalog.token_index["laurel"]])
            assert gained == won * worth


# ---- a ranking among all players ----------------------------------------------------------

@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_fair_gives_a_medal_to_the_most_green_cards_and_a_blot_to_the_fewest(players, seed):
    for before, after in at_each_new_age("fair", players, seed):
        greens = [built_colour(after, s, "green") for s in range(players)]
        best, worst = max(greens), min(greens)
        for seat in range(players):
            medal = tokens(after, "medal", seat) - tokens(before, "medal", seat)
            blot = tokens(after, "blot", seat) - tokens(before, "blot", seat)
            assert medal == (1 if best != worst and greens[seat] == best else 0)
            assert blot == (1 if best != worst and greens[seat] == worst else 0)


# ---- a card reading a neighbour's coins ---------------------------------------------------

def test_the_tax_office_scores_half_the_left_neighbours_coins():
    owners = 0
    for seed in range(12):
        state = final("tax", 4, seed)
        for seat, sheet in enumerate(state.scores()):
            has = "Tax Office" in names(state, "built", seat)
            expected = state.cities[state.left(seat)].coins // 2 if has else 0
            assert sheet.column("taxes") == expected
            owners += has
    assert owners > 0, "no game built the Tax Office: the test proved nothing"


# ---- trading beyond the neighbours --------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_cities_buy_from_two_seats_away_at_three_coins_a_unit(seed):
    n = 5
    far_payments = 0
    for state, chosen in rounds("far_trade", n, seed):
        for p, a in chosen.items():
            for seller, coins in a.pay:
                if seller in ((p + 2) % n, (p - 2) % n):
                    far_payments += 1
                    assert coins % 3 == 0
                else:
                    assert seller in (state.left(p), state.right(p))
    assert far_payments > 0


def test_the_base_game_never_pays_a_city_two_seats_away():
    rules_base = wonderrules.load_rules("base")
    state = Game(rules_base, 5).new_initial_state(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        for p in state.pending_decisions():
            for a in state.legal_actions(p):
                assert all(s in (state.left(p), state.right(p)) for s, _ in a.pay)
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})


# ---- a trade route across the table -----------------------------------------------------

#: side A boards from seat 0 on: Rhodes (ore); its left neighbour Babylon (clay), then Giza
#: (stone) two seats to its left; Alexandria (glass) two seats to its right, Ephesus (papyrus)
#: its right neighbour (the left neighbour of seat i is seat i + 1)
ROUTE_BOARDS = [("Rhodes", "A"), ("Babylon", "A"), ("Giza", "A"), ("Alexandria", "A"), ("Ephesus", "A")]
ROUTE_HAND = ["Baths", "Guard Tower", "Altar", "Lumber Yard", "Stone Pit", "Clay Pool", "Loom"]


def _payments(state: State, card: str) -> list:
    return [a.pay for a in state.legal_actions(0) if (a.kind, a.card) == ("build", card)]


def test_the_trade_route_sells_at_three_coins_two_seats_away_and_two_next_door():
    state = Game(rules("trade_route"), 5).new_initial_state(seed=1, boards=ROUTE_BOARDS,
                                                           hands={1: [ROUTE_HAND] * 5})
    # the Baths cost 1 stone, made only by Giza, two seats away; the Guard Tower 1 clay, made by Babylon
    assert _payments(state, "Baths") == [((2, 3),)]
    assert _payments(state, "Guard Tower") == [((1, 2),)]
    state.apply_actions({p: next(a for a in state.legal_actions(p) if (
        (a.kind, a.card, a.pay) == ("build", "Baths", ((2, 3),)) if p == 0 else (a.kind, a.card) == ("sell", "Altar")))
        for p in range(5)})
    # 3 coins each to start; seat 0 paid Giza 3; every other city sold the Altar for 3
    assert [city.coins for city in state.cities] == [0, 6, 9, 6, 6]


def test_at_three_players_the_cities_two_seats_away_are_neighbours_and_sell_at_two():
    state = Game(rules("trade_route"), 3).new_initial_state(seed=1, boards=ROUTE_BOARDS[:3],
                                                           hands={1: [ROUTE_HAND] * 3})
    # Giza is both the right neighbour of seat 0 and the city two seats to its left
    assert _payments(state, "Baths") == [((2, 2),)]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_payment_two_seats_away_is_three_coins_a_unit(seed):
    n = 5
    far = near = 0
    for state, chosen in rounds("trade_route", n, seed):
        for p, a in chosen.items():
            for seller, coins in a.pay:
                if seller in ((p + 2) % n, (p - 2) % n):
                    far += 1
                    assert coins % 3 == 0
                else:
                    assert seller in (state.left(p), state.right(p))
                    near += coins % 3 != 0
    assert far > 0 and near > 0, "no purchase on both sides of the price: the test proved nothing"


# ---- a stipend at the start of each age -------------------------------------------------

def test_the_stipend_pays_every_city_a_coin_at_the_start_of_each_age():
    """Every player sells every card: 3 coins each turn, 18 an age, and the stipend's coin at
    the start of each age."""
    state = Game(rules("stipend"), 4).new_initial_state(seed=2)
    seen = []
    while not state.is_terminal():
        if state.turn == 1:
            seen.append((state.age, [city.coins for city in state.cities]))
        state.apply_actions({p: next(a for a in state.legal_actions(p) if a.kind == "sell")
                             for p in state.pending_decisions()})
    assert seen == [(1, [4] * 4), (2, [23] * 4), (3, [42] * 4)]
    assert [s.coins for s in state.scores()] == [60] * 4
    assert [s.column("treasury") for s in state.scores()] == [20] * 4


@pytest.mark.parametrize("seed", SEEDS)
def test_the_stipend_is_played_to_the_end_by_every_city(seed):
    first, _ = next(rounds("stipend", 3, seed))
    assert [city.coins for city in first.cities] == [4, 4, 4]
    assert final("stipend", 3, seed).is_terminal()


# ---- a house rule for the final score ---------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_thrift_scores_a_point_per_three_coins_in_its_own_column(seed):
    sheets = final("thrift", 4, seed).scores()
    assert [s.column("thrift") for s in sheets] == [s.coins // 3 for s in sheets]
    assert [s.column("thrift") for s in sheets] == [s.column("treasury") for s in sheets]
    assert [s.total for s in sheets] == [sum(v for _, v in s.columns) for s in sheets]
    assert any(s.coins >= 3 for s in sheets), "no city kept 3 coins: the test proved nothing"


# ---- counting the cards of the other players ----------------------------------------------

def test_the_census_scores_one_point_per_green_card_of_every_other_city():
    owners = 0
    for seed in range(12):
        state = final("census", 4, seed)
        for seat, sheet in enumerate(state.scores()):
            has = "Census" in names(state, "built", seat)
            others = sum(built_colour(state, s, "green") for s in range(4) if s != seat)
            assert sheet.column("census") == (others if has else 0)
            owners += has
    assert owners > 0, "no game built the Census: the test proved nothing"


# ---- a fourth age ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_the_fourth_age_deals_hands_of_five_passed_two_seats_to_the_right(seed):
    n = 5
    new_cards = {c.name for c in rules("fourth_age").cards if c.age == 4}
    first: dict[tuple[int, int], tuple[list[list[str]], dict[int, Action]]] = {}
    for state, chosen in rounds("fourth_age", n, seed):
        if not state.is_terminal() and (state.age, state.turn) not in first:
            first[(state.age, state.turn)] = ([names(state, "hand", s) for s in range(n)], chosen)
    assert sorted(t for a, t in first if a == 4) == [1, 2, 3, 4]
    assert sorted(t for a, t in first if a == 3) == [1, 2, 3, 4, 5, 6]  # Age III as in the base game
    hands, _ = first[(4, 1)]
    assert [len(h) for h in hands] == [5] * n and all(set(h) <= new_cards for h in hands)
    for turn in (1, 2, 3):
        hands, chosen = first[(4, turn)]
        after, _ = first[(4, turn + 1)]
        for seat in range(n):
            kept = list(hands[seat])
            kept.remove(chosen[seat].card)
            # `right 2`: the hand goes to the player two seats to the right
            assert sorted(after[(seat - 2) % n]) == sorted(kept)
    # Age II passes one seat to the right, as in the base game
    hands, chosen = first[(2, 1)]
    after, _ = first[(2, 2)]
    for seat in range(n):
        kept = list(hands[seat])
        kept.remove(chosen[seat].card)
        assert sorted(after[(seat - 1) % n]) == sorted(kept)
