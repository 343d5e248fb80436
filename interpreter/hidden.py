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
- a zone a pending decision of the player takes its cards from is seen by it (as the observation
  shows the decider those cards).

The cards are dealt again *by their back*: a face-down card still shows which deck and which age
it belongs to, so a card only trades places with hidden cards of the same deck and age. Each
place keeps how many cards of each back it holds, hence its size. The order of the places and
of the cards before the shuffle is fixed (zone, seat, card identity), so the copy depends on the
hidden cards only through which cards they are, never on where they really are.

What the future holds is hidden too: the copy draws with a new random generator seeded from
`rng`, so the next deals are not those the game would make, and the deals a replayed log or a
scenario fixed in advance are forgotten. The player's memory of earlier turns is not used: a
card it saw in its hand and passed on is treated as any hidden card. A choice another player has
already made face down in an earlier part of the same round (a controller's second choice for a
neutral seat) is kept as it is.

The copy is for looking ahead, not a record: its history (what a log of it would hold) is still
the real game's, and a search does not read it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from wonderrules.interpreter.observe import sees, zones_in_force

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Source
    from wonderrules.interpreter.state import State

__all__ = ["hidden_places", "determinized"]


def _zones_shown_to_decider(st: State, player: int) -> set[int]:
    """The zones a pending decision of `player` takes its cards from."""
    asked = st.asked.get(player)
    if asked is None or asked[0] == "pay":
        return set()
    return {k.card_zone for k in st.catalog.decision_kinds[asked[2]] if k.card_zone >= 0}


def hidden_places(st: State, player: int) -> list[tuple[int, int]]:
    """The places whose cards `player` cannot see, as (zone index, seat) in zone then seat order;
    seat -1 for a zone of the table (see the module's text)."""
    zones = zones_in_force(st)
    shown = _zones_shown_to_decider(st, player)
    places: list[tuple[int, int]] = []
    for i, zone in enumerate(zones):
        if zone.active or i in shown:
            continue
        if zone.per == "shared":
            if not sees(st, player, zone, -1):
                places.append((i, -1))
            continue
        for seat in range(st.n):
            if not sees(st, player, zone, seat):
                places.append((i, seat))
    return places


def _back(card: Source) -> tuple[str, int]:
    return card.deck, card.age


def determinized(st: State, player: int, rng: random.Random) -> State:
    """A copy of `st` in which the cards hidden from `player` are dealt again at random among the
    hidden places, by their back (see the module's text); `st` is left as it is."""
    other = st.clone()
    other.rng = random.Random(rng.getrandbits(64))
    other.deals = {}
    places = [other.shared[z] if seat < 0 else other.cities[seat].zones[z] for z, seat in hidden_places(st, player)]
    if not places:
        return other
    by_back: dict[tuple[str, int], list[Source]] = {}
    for cards in places:
        for card in cards:
            by_back.setdefault(_back(card), []).append(card)
    for back in sorted(by_back):
        cards = by_back[back]
        cards.sort(key=lambda c: (c.sid, c.name))
        rng.shuffle(cards)
    taken = dict.fromkeys(by_back, 0)
    for cards in places:
        # in place: a city's lists may be shared with other fields (its built cards)
        for i, card in enumerate(cards):
            back = _back(card)
            cards[i] = by_back[back][taken[back]]
            taken[back] += 1
    return other
