"""The cards a player cannot see, and copies of a game in which they are dealt again.

A player who plans ahead must guess what it does not see: the other hands, the face-down piles.
A *determinization* is one guess made concrete: a copy of the game in which every card hidden
from the player is put, at random, in one of the places it cannot see, so that a search can play
the copy out as an ordinary game.

Which places are hidden comes from the rule set's declarations, as in :mod:`.observe`: a zone of
a seat is hidden from the player unless it sees that zone's cards (`seen by everyone`, its own
zone when `seen by owner`, a partner's when `seen by partners`); a zone of the table is hidden
unless `seen by everyone`. Two exceptions keep the copy a game the player could be in:

- a zone whose cards are built (an active zone) is never dealt again: its cards' effects are at
  work in the city and show;
- the place a pending decision of the player takes its cards from (its own zone, or the table's)
  is seen by it, as the observation shows the decider those cards; the same zone of another
  seat stays hidden.

The cards are dealt again *by their back*: a face-down card still shows which deck and which age
it belongs to, so a card only trades places with hidden cards of the same deck and age. Each
place keeps how many cards of each back it holds, hence its size. The order of the places and
of the cards before the shuffle is fixed (zone, seat, card identity), so the copy depends on the
hidden cards only through which cards they are, never on where they really are.

What the future holds is hidden too: the copy draws with a new random generator seeded from
`rng`, so the next deals are not those the game would make, and the deals a replayed log or a
scenario fixed in advance are forgotten. The player's memory of earlier turns is not used: a
card it saw in its hand and passed on is treated as any hidden card.

The choices other players have already made in the round under way lie face down until the round
resolves (the Free City's controller chooses for it after every player has chosen for their own
city; a player whose card went to a seat ahead chooses again). In the copy each of them is
guessed again: its card goes back where it came from before the cards are dealt again, and the
copy then draws, at random, one of that player's legal choices that takes a card from the same
place, as the player would have seen it go: a card of the same back from a place it cannot see,
the very card from a place it sees, no card when none was taken. When no such choice is left,
a card of that back is set aside and the seat does nothing. The player's own choices stay.

The copy is for looking ahead, not a record: its history (what a log of it would hold) is still
the real game's, and a search does not read it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Optional

from wonderrules.interpreter.actions import decision_actions
from wonderrules.interpreter.engine import take_card
from wonderrules.interpreter.observe import sees, zones_in_force

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.state import State

__all__ = ["hidden_places", "determinized"]


def _places_shown_to_decider(st: State, player: int) -> set[tuple[int, int]]:
    """The places a pending decision of `player` takes its cards from: its own zone of a seat
    (the decider picks from its own), or a zone of the table."""
    asked = st.asked.get(player)
    if asked is None:
        return set()
    return {(k.card_zone, -1 if k.card_zone in st.shared else player)
            for k in st.catalog.decision_kinds[asked.decision] if k.card_zone >= 0}


def hidden_places(st: State, player: int) -> list[tuple[int, int]]:
    """The places whose cards `player` cannot see, as (zone index, seat) in zone then seat order;
    seat -1 for a zone of the table (see the module's text)."""
    zones = zones_in_force(st)
    shown = _places_shown_to_decider(st, player)
    places: list[tuple[int, int]] = []
    for i, zone in enumerate(zones):
        if zone.active:
            continue
        if zone.per == "shared":
            if not sees(st, player, zone, -1) and (i, -1) not in shown:
                places.append((i, -1))
            continue
        for seat in range(st.n):
            if not sees(st, player, zone, seat) and (i, seat) not in shown:
                places.append((i, seat))
    return places


def _back(card: Source) -> tuple[str, int]:
    return card.deck, card.age


def determinized(st: State, player: int, rng: random.Random) -> State:
    """A copy of `st` in which the cards hidden from `player` are dealt again at random among the
    hidden places, by their back, and the other players' choices of the round under way are
    guessed again (see the module's text); `st` is left as it is."""
    other: State = st.copy(rng=random.Random(rng.getrandbits(64)))
    other.deals = {}
    hidden = hidden_places(st, player)
    face_down = _take_back_choices(other, player, set(hidden))
    places = [other.shared[z] if seat < 0 else other.cities[seat].zones[z] for z, seat in hidden]
    by_back: dict[tuple[str, int], list[Source]] = {}
    backs = [[_back(card) for card in cards] for cards in places]
    for cards, of_place in zip(places, backs):
        for card, back in zip(cards, of_place):
            found = by_back.get(back)
            if found is None:
                by_back[back] = [card]
            else:
                found.append(card)
    for back in sorted(by_back):
        cards = by_back[back]
        cards.sort(key=lambda c: (c.sid, c.name))
        rng.shuffle(cards)
    taken = dict.fromkeys(by_back, 0)
    for cards, of_place in zip(places, backs):
        # in place: a city's lists may be shared with other fields (its built cards)
        for i, back in enumerate(of_place):
            cards[i] = by_back[back][taken[back]]
            taken[back] += 1
    if face_down:
        _guess_choices(other, face_down, set(hidden), rng)
    return other


#: a choice taken back: (seat, player who chose, the place its card came from or None, the card)
_FaceDown = tuple[int, int, Optional[tuple[int, int]], Optional["Source"]]


def _take_back_choices(st: State, player: int, hidden: set[tuple[int, int]]) -> list[_FaceDown]:
    """The choices of the round under way made by other players than `player`, taken back; a card
    from a place hidden from `player` returns there, to be dealt again with the others."""
    card_zone_of = st.catalog.card_zone_of
    out: list[_FaceDown] = []
    for seat in sorted(st.chosen):
        chooser, action, card = st.controller_of(seat), st.chosen[seat], st.set_aside[seat]
        if chooser == player:
            continue
        zone = card_zone_of[action.kind]
        place = None if zone < 0 else (zone, -1) if zone in st.shared else (zone, chooser)
        if card is not None and place in hidden:
            st.zone(zone, chooser).append(card)
        del st.chosen[seat]
        del st.set_aside[seat]
        out.append((seat, chooser, place, card))
    return out


def _guess_choices(st: State, face_down: list[_FaceDown], hidden: set[tuple[int, int]], rng: random.Random) -> None:
    """Each choice taken back, drawn again among its player's legal choices that take a card from
    the same place: of the same back from a hidden place, the same card from a place the player
    sees (it is put back for the listing only, so that the place keeps its order)."""
    assert st.round is not None
    decision = st.round.decision
    card_zone_of = st.catalog.card_zone_of
    for seat, chooser, place, card in face_down:
        within = st.asked_within.get(seat, False)
        if place is None:
            fits = [a for a in decision_actions(st, chooser, seat, decision, within) if card_zone_of[a.kind] < 0]
            chosen = None
        elif place in hidden:
            assert card is not None
            options = decision_actions(st, chooser, seat, decision, within)
            backs = {c.name: _back(c) for c in st.zone(place[0], chooser)}
            fits = [a for a in options if card_zone_of[a.kind] == place[0] and backs.get(a.card) == _back(card)]
            chosen = None
        else:
            assert card is not None
            cards = st.zone(place[0], chooser)
            cards.append(card)
            options = decision_actions(st, chooser, seat, decision, within)
            cards.pop()
            fits = [a for a in options if card_zone_of[a.kind] == place[0] and a.card == card.name]
            chosen = card
        if fits:
            guess = fits[rng.randrange(len(fits))]
            taken = chosen if chosen is not None else take_card(st, chooser, seat, guess)
            st.chosen[seat] = guess
            st.set_aside[seat] = taken
            continue
        st.asked_within.pop(seat, None)  # the seat does nothing; its card is set aside all the same
        if card is not None and place in hidden:
            cards = st.zone(place[0], chooser)
            cards.pop(next(i for i, c in enumerate(cards) if _back(c) == _back(card)))
