"""Search must not peek (docs/engine.rst, "Agents"): an agent's choice depends only on what its
player may see. A real position is changed in everything the player may not see - the cards of
every place it does not see (the other hands, the face-down piles, the discard pile) shuffled
among those places by their back, the choices the other players already made face down in the
round under way made again, the order of the decks (the game's generator) and the deals fixed in
advance - and, with the same seed, every agent makes the same choice, the search agent from the
very same search (the same visits and rewards of every arm).

The positions: the second choice of a round in the two-player game (the Free City's controller
chooses for it after both players chose for their own cities), a plain round at a table of four,
and a player choosing again a card of the table after another seat took the one it chose.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import core_support as cs
import pytest

from wonderrules.interpreter.actions import decision_actions
from wonderrules.interpreter.agents import GreedyAgent, MctsAgent, RandomAgent
from wonderrules.interpreter.engine import take_card
from wonderrules.interpreter.observe import observation
from wonderrules.interpreter.state import State

DRAFT = str(Path(__file__).parents[1] / "interpreter" / "data" / "table_draft.wr")


def _back(card) -> tuple[str, int]:
    return card.deck, card.age


def _unseen_places(state: State, player: int) -> list[list]:
    """The card lists of every place whose cards the player's observation does not show, but a
    zone of the table its pending decision takes cards from (whose cards it is shown)."""
    seen = observation(state, player)
    asked = state.asked.get(player)
    shown = {k.card_zone for k in state.catalog.decision_kinds[asked.decision]} if asked is not None else set()
    places = []
    for i, zone in enumerate(state.catalog.zones):
        if zone.per == "shared":
            if "cards" not in seen["table"].get(zone.name, {}) and i not in shown:
                places.append(state.shared[i])
            continue
        for seat, city in enumerate(seen["cities"]):
            if "cards" not in city["zones"].get(zone.name, {}):
                places.append(state.cities[seat].zones[i])
    return places


def _changed_unseen(state: State, player: int, rng: random.Random) -> State:
    """A copy of `state` that differs from it in what `player` may not see (see the module's text)."""
    other = state.clone()
    card_zone_of = other.catalog.card_zone_of
    # the other players' choices of the round: a card from a place the player does not see goes
    # back there, to be shuffled with the others
    unseen = _unseen_places(other, player)
    taken_back = []
    for seat, action in sorted(other.chosen.items()):
        chooser, card = other.controller_of(seat), other.set_aside[seat]
        if chooser != player:
            zone = card_zone_of[action.kind]
            hidden = card is not None and any(other.zone(zone, chooser) is cards for cards in unseen)
            if hidden:
                other.zone(zone, chooser).append(card)
            del other.chosen[seat]
            del other.set_aside[seat]
            taken_back.append((seat, chooser, zone, card, hidden))
    pool: dict[tuple[str, int], list] = {}
    for cards in unseen:
        for card in cards:
            pool.setdefault(_back(card), []).append(card)
    for cards in pool.values():
        rng.shuffle(cards)
    for cards in unseen:
        for i, card in enumerate(cards):
            cards[i] = pool[_back(card)].pop()
    # the same choices made of other cards, as the player would see them go: of the same back
    # from a place it does not see, the same card from one it sees
    for seat, chooser, zone, card, hidden in taken_back:
        if card is not None and not hidden:
            other.zone(zone, chooser).append(card)
        options = decision_actions(other, chooser, seat, other.round.decision, other.asked_within[seat])
        if card is not None and not hidden:
            other.zone(zone, chooser).pop()
        backs = {c.name: _back(c) for c in other.zone(zone, chooser)} if card is not None else {}
        options = [a for a in options if card_zone_of[a.kind] == zone and (
            card is None or a.card == card.name if not hidden else backs.get(a.card) == _back(card))]
        action = rng.choice(options)
        taken = card if card is not None and not hidden else take_card(other, chooser, seat, action)
        other.chosen[seat] = action
        other.set_aside[seat] = taken
    other.rng = random.Random(rng.getrandbits(64))
    other.deals = {}
    assert observation(other, player) == observation(state, player)
    assert other.legal_actions(player) == state.legal_actions(player)
    return other


def _positions(layers, players: int, seeds: range, wanted) -> Iterator[tuple[State, int]]:
    """(position, player) of random games where `wanted(state, player, decision)` holds."""
    for seed in seeds:
        for state in cs.positions(layers, players, seed):
            for p, decision in state.pending_decisions().items():
                if wanted(state, p, decision):
                    yield state, p


def _after_the_others_chose(state: State, player: int, decision) -> bool:
    return any(state.controller_of(seat) != player for seat in state.chosen)


def _same_choices(state: State, player: int, rng: random.Random) -> bool:
    """Whether every agent chooses the same in the position and in a copy changed in what the
    player may not see; the search from the same visits and rewards of every arm."""
    other = _changed_unseen(state, player, rng)
    moved = [c.name for cards in _unseen_places(state, player) for c in cards]
    assert moved != [c.name for cards in _unseen_places(other, player) for c in cards] or state.chosen
    for make in (lambda: MctsAgent(7, iterations=16), lambda: GreedyAgent(7), lambda: RandomAgent(7)):
        first, second = make(), make()
        if first.choose(state, player) != second.choose(other, player):
            return False
        if getattr(first, "last_arms", None) != getattr(second, "last_arms", None):
            return False
    return True


CASES = {
    # the Free City's controller chooses for it, both players' own choices made face down
    "two-player second choice": (("base", "two_player"), 2, _after_the_others_chose),
    "plain round at four": (("base",), 4, lambda state, p, d: state.turn in (2, 5)),
    "choosing again a card of the table": ((DRAFT,), 3, lambda state, p, d: "choose again" in d.detail),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_choice_does_not_change_with_what_the_player_cannot_see(case: str) -> None:
    layers, players, wanted = CASES[case]
    rng = random.Random(3)
    compared = 0
    for state, player in _positions(layers, players, range(6), wanted):
        assert _same_choices(state, player, rng), (state.age, state.turn, player)
        compared += 1
        if compared == 4:
            return
    raise AssertionError(f"only {compared} positions found")
