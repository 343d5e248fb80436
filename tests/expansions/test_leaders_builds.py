"""Leaders acting on builds (leaders.tsv): Xenophon's 2 coins per yellow card built after him, at a
table of three with fixed hands (figures worked out by hand); and, over random games, Ramses'
guilds paid without resources, Ptolemy's tablet, and Caligula's free black card once per age."""

from __future__ import annotations

import pytest
from expansion_support import rules
from leaders_support import ORE_CLAY_STONE, actions_of, coins, draft, leaders_game, play_round, random_rounds

from wonderrules import Action

PACKETS = [["Xenophon", "Sappho", "Zenobia", "Cleopatra"], ["Vitruvius", "Nero", "Varro", "Midas"],
           ["Phidias", "Hiram", "Plato", "Amytis"]]
BOARDS = ORE_CLAY_STONE
# seat 0's first hand: the Marketplace (yellow, free), the Altar (blue, free); the others sell
# their first card, so the cards that matter are not first in theirs
AGE_1 = [["Marketplace", "Altar", "Apothecary", "Barracks", "Clay Pit", "Clay Pool", "Glassworks"],
         ["Loom", "Lumber Yard", "Ore Vein", "Press", "Scriptorium", "Stockade", "Guard Tower"],
         ["Stone Pit", "Theater", "Timber Yard", "West Trading Post", "Workshop", "East Trading Post", "Baths"]]


def build(state, seat: int, card: str) -> Action:
    (found,) = actions_of(state, seat, "build", card)
    return found


def test_xenophon_pays_two_coins_per_yellow_card_built_after_him():
    state = leaders_game(PACKETS, BOARDS, hands={1: AGE_1})
    draft(state)
    play_round(state, {0: Action("recruit", "Xenophon")})
    assert coins(state)[0] == 6 - 2
    # turn 1: the Marketplace, yellow, costs nothing: 2 coins from Xenophon
    play_round(state, {0: build(state, 0, "Marketplace")})
    assert coins(state)[0] == 4 + 2
    # turn 2: seat 0 holds the hand of a neighbour; a blue or red card brings nothing. The hand
    # passed left comes from seat 1 (Guard Tower, clay from seat 1 for 2 coins: 6 - 2 = 4), else
    # from seat 2 (Theater, free: 6)
    hand = [c.name for c in state.zone(state.catalog.zone_index["hand"], 0)]
    if "Guard Tower" in hand:
        play_round(state, {0: build(state, 0, "Guard Tower")})
        assert coins(state)[0] == 6 - 2
    else:
        play_round(state, {0: build(state, 0, "Theater")})
        assert coins(state)[0] == 6


def _random_games(layers, players, seeds):
    """Each position of random games (its pending decisions), the finished game last (none)."""
    for seed in seeds:
        for state, chosen in random_rounds(layers, players, seed):
            yield state, state.pending_decisions() if chosen else {}


@pytest.mark.parametrize("players", [3, 5, 7])
def test_ramses_builds_every_guild_without_paying_resources(players):
    seen = 0
    for state, pending in _random_games(("leaders",), players, range(12)):
        for p, d in pending.items():
            city = state.cities[d.seat]
            if d.kind != "play" or not any(c.name == "Ramses" for c in city.built):
                continue
            hand = state.zone(state.catalog.zone_index["hand"], p)
            names = {c.name for c in city.built}
            for card in hand:
                if card.colour == "purple" and card.name not in names:
                    # a guild has no coin cost: it is built paying nobody
                    builds = actions_of(state, p, "build", card.name)
                    assert builds and all(a.pay == () for a in builds), (card.name, builds)
                    seen += 1
    assert seen > 0


def _tablet_cards() -> set[str]:
    """The cards that print a tablet for as long as they are built."""
    from wonderrules.interpreter import ir

    return {c.name for c in rules("leaders").cards for h in c.hooks
            if isinstance(h.trigger, ir.Passive) and isinstance(h.op, ir.Symbol) and h.op.options == ("tablet",)}


def test_ptolemy_gives_a_tablet_to_the_science_count():
    tablets = _tablet_cards()
    assert {"Scriptorium", "Library", "School", "Ptolemy"} <= tablets
    checked = 0
    for state, pending in _random_games(("leaders",), 4, range(10)):
        if pending:
            continue
        tablet = state.catalog.symbols.index("tablet")
        for city in state.cities:
            if any(c.name == "Ptolemy" for c in city.built):
                printed = sum(1 for c in city.built if c.name in tablets)  # Ptolemy among them
                assert city.symbols[tablet] == printed
                checked += 1
    assert checked > 0


def test_caligula_builds_one_black_card_free_in_each_age_and_no_other():
    seen = 0
    for state, pending in _random_games(("cities_leaders",), 5, range(16)):
        for p, d in pending.items():
            city = state.cities[d.seat]
            has_caligula = any(c.name == "Caligula" for c in city.built)
            olympia = city.board is not None and city.board.name == "Olympia" and city.board.side == "A"
            if olympia or d.kind != "play":
                continue
            free = [a for a in state.legal_actions(p) if a.kind == "build" and a.way == "free"]
            if not has_caligula:
                assert free == []
                continue
            colours = {c.name: c.colour for c in state.zone(state.catalog.zone_index["hand"], p)}
            assert all(colours[a.card] == "black" for a in free)
            seen += len(free)
    assert seen > 0
