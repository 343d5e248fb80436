"""`State.determinized(player, rng)`: a copy of the game in which the cards a player cannot see are
dealt again. The player sees the same game in the copy (its observation is equal: its own hand,
every public zone, every size it is shown, the cards a decision lets it pick from a hidden zone);
every place keeps its size and the cards of each back; the copy depends on where the hidden cards
really are only through which cards they are; the other hands stay hidden while the player picks
from its own; the other players' choices of the round under way are guessed again; the original
is left untouched.
"""

from __future__ import annotations

import random
from collections import Counter

import core_support as cs
import pytest
from core_snapshot import values

from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.hidden import hidden_places
from wonderrules.interpreter.observe import observation

TABLES = cs.TABLES + [(("leaders",), 4, ()), (("cities",), 7, ())]


def _places(state, player):
    return [state.shared[z] if seat < 0 else state.cities[seat].zones[z] for z, seat in hidden_places(state, player)]


def _every_zone(state) -> list[list[str]]:
    """The names of the cards of every zone, and last those the round's choices took."""
    out = [[c.name for c in cards] for _, cards in sorted(state.shared.items())]
    for city in state.cities:
        out.extend([c.name for c in cards] for cards in city.zones)
    out.append([card.name for _, card in sorted(state.set_aside.items()) if card is not None])
    return out


def _sampled_positions(layers, players, options, seed):
    """Every third position of a random game, and every one where a decision picks from a hidden zone."""
    for i, state in enumerate(cs.positions(layers, players, seed, options)):
        if i % 3 == 0 or any("choices" in observation(state, p) for p in state.pending_decisions()):
            yield state


@pytest.mark.parametrize("layers,players,options", TABLES, ids=cs.table_id)
def test_the_player_sees_the_same_game_in_a_determinization(layers, players, options) -> None:
    rng = random.Random(5)
    for seed in range(2):
        for state in _sampled_positions(layers, players, options, seed):
            seen = [(observation(state, p), state.legal_actions(p)) for p in range(players)]
            before = values(state)
            copies = [state.determinized(p, rng) for p in range(players)]
            assert values(state) == before
            for p, copy in enumerate(copies):
                assert (observation(copy, p), copy.legal_actions(p)) == seen[p]


@pytest.mark.parametrize("layers,players,options", TABLES, ids=cs.table_id)
def test_every_place_keeps_its_size_and_the_backs_of_its_cards(layers, players, options) -> None:
    rng = random.Random(6)
    moved = 0
    for state in _sampled_positions(layers, players, options, 0):
        for p in range(players):
            copy = state.determinized(p, rng)
            for real, dealt in zip(_places(state, p), _places(copy, p)):
                assert Counter((c.deck, c.age) for c in real) == Counter((c.deck, c.age) for c in dealt)
                moved += [c.name for c in real] != [c.name for c in dealt]
            # no card is made or lost: the same cards, somewhere
            assert Counter(n for z in _every_zone(state) for n in z) == Counter(n for z in _every_zone(copy) for n in z)
            assert [len(z) for z in _every_zone(state)] == [len(z) for z in _every_zone(copy)]
    assert moved > 0


def test_a_decision_that_picks_from_a_hidden_zone_keeps_that_zone() -> None:
    """The cards a player may pick from the discard pile are shown to it: they stay where they are."""
    found = 0
    for seed in range(6):
        for state in cs.positions(("cities",), 7, seed):
            for p in state.pending_decisions():
                if "choices" in observation(state, p):
                    found += 1
                    copy = state.determinized(p, random.Random(seed))
                    assert [c.name for c in copy.shared[cs.zone_index(state, "discard")]] == [
                        c.name for c in state.shared[cs.zone_index(state, "discard")]]
    assert found > 0


def _swap_two_hidden_cards(state, player) -> bool:
    """Swap two cards of the same back between two places `player` cannot see (in place)."""
    places = _places(state, player)
    for i, a in enumerate(places):
        for b in places[i + 1:]:
            for x, card in enumerate(a):
                for y, other in enumerate(b):
                    if (card.deck, card.age) == (other.deck, other.age) and card.name != other.name:
                        a[x], b[y] = other, card
                        return True
    return False


@pytest.mark.parametrize("layers,players,options", TABLES, ids=cs.table_id)
def test_where_the_hidden_cards_really_are_does_not_change_the_copy(layers, players, options) -> None:
    swapped = 0
    for state in _sampled_positions(layers, players, options, 1):
        for p in range(players):
            other = state.clone()
            if not _swap_two_hidden_cards(other, p):
                continue
            swapped += 1
            a = state.determinized(p, random.Random(3))
            b = other.determinized(p, random.Random(3))
            assert [v for v in values(a) if v[0] != "history"] == [v for v in values(b) if v[0] != "history"]
    assert swapped > 0


def test_the_future_deals_are_drawn_anew_and_fixed_deals_forgotten() -> None:
    state = cs.random_game(("base",), 4, seed=2, upto=3)
    copies = [state.determinized(0, random.Random(s)) for s in range(2)]
    assert all(c.deals == {} for c in copies)
    assert len({c.rng.getstate() for c in copies} | {state.rng.getstate()}) == 3
    # and the next age is dealt differently from the real one
    for c in (state, *copies):
        rng = random.Random(0)
        while c.age == 1:
            c.apply_actions(cs.random_round(c, rng))
    assert len({tuple(cs.hand(c, 0)) for c in (state, *copies)}) == 3


def test_the_same_generator_gives_the_same_copy() -> None:
    state = cs.random_game(("cities",), 5, seed=4, upto=9)
    a = state.determinized(2, random.Random(11))
    b = state.determinized(2, random.Random(11))
    assert values(a) == values(b)


@pytest.mark.parametrize("player,rng,message", [
    (7, random.Random(0), "player"),
    ("0", random.Random(0), "player"),
    (0, 3, "random.Random"),
])
def test_a_wrong_argument_is_refused_with_a_reason(player, rng, message) -> None:
    state = cs.random_game(("base",), 3, seed=0, upto=1)
    with pytest.raises(ArgumentError, match=message):
        state.determinized(player, rng)


def test_the_other_hands_are_dealt_again_while_the_player_chooses_from_its_own() -> None:
    """The hand a decision takes its cards from is seen by its decider only: the other hands stay
    hidden places."""
    state = cs.random_game(("base",), 4, seed=1, upto=2)
    hand = cs.zone_index(state, "hand")
    assert all(d.kind == "play" for d in state.pending_decisions().values())
    for p in range(4):
        places = hidden_places(state, p)
        assert [(hand, s) for s in range(4) if s != p] == [place for place in places if place[0] == hand]
        copies = [state.determinized(p, random.Random(s)) for s in range(3)]
        assert all(cs.hand(c, p) == cs.hand(state, p) for c in copies)
        assert len({tuple(cs.hand(c, (p + 1) % 4)) for c in copies} | {tuple(cs.hand(state, (p + 1) % 4))}) > 1


def _free_city_choices():
    """Positions of the two-player game where the Free City's controller chooses for it, after
    both players chose for their own cities."""
    for seed in range(3):
        for state in cs.positions(("base", "two_player"), 2, seed):
            for p, decision in state.pending_decisions().items():
                if decision.seat == 2 and len(state.chosen) == 2:
                    yield state, p


def test_the_other_players_choice_of_the_round_is_guessed_again_in_the_copy() -> None:
    """The other player's card chosen face down in the first part of the round is not read: each
    copy draws a choice of a card of the same back for it; the player's own choice stays."""
    found = 0
    for state, p in _free_city_choices():
        other = 1 - p
        real = state.set_aside[other]
        guessed = set()
        for s in range(8):
            copy = state.determinized(p, random.Random(s))
            assert copy.chosen[p] == state.chosen[p]
            action, card = copy.chosen[other], copy.set_aside[other]
            assert (card.deck, card.age) == (real.deck, real.age)
            assert card.name == action.card and len(cs.hand(copy, other)) == len(cs.hand(state, other))
            guessed.add(action)
        assert len(guessed) > 1
        found += 1
        if found == 3:
            return
    raise AssertionError("no choice for the Free City found")
