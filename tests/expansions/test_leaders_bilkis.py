"""Bilkis (leaders.tsv): once per turn, one resource unit bought from the bank for 1 coin: the
`bank` way of building a card (or a stage), offered only where it pays a neighbour less than
paying the cost as it is, and once in each turn. A table of three with fixed hands; the figures
are worked out by hand."""

from __future__ import annotations

from leaders_support import ORE_CLAY_STONE, actions_of, coins, draft, leaders_game, play_round

from wonderrules import Action

PACKETS = [["Bilkis", "Sappho", "Zenobia", "Cleopatra"], ["Vitruvius", "Nero", "Varro", "Midas"],
           ["Phidias", "Hiram", "Plato", "Amytis"]]
# seat 0 (ore) holds the Apothecary (a loom: nobody sells one), the Guard Tower (a clay: seat 1
# sells it for 2) and the Barracks (an ore: its own); the others hold last (they sell their first
# card) the Workshop (a glass) or the Scriptorium (a papyrus), which nobody sells: seat 0 holds
# one of them in turn 2, whichever hand it gets
AGE_1 = [["Apothecary", "Guard Tower", "Barracks", "Altar", "Clay Pit", "Clay Pool", "Glassworks"],
         ["Loom", "Lumber Yard", "Ore Vein", "Press", "Stockade", "Baths", "Workshop"],
         ["Stone Pit", "Theater", "Timber Yard", "West Trading Post", "Marketplace", "East Trading Post",
          "Scriptorium"]]


def ways(state, seat: int, card: str) -> list[tuple[str, tuple]]:
    return sorted((a.way, a.pay) for a in actions_of(state, seat, "build", card))


def test_bilkis_buys_one_resource_from_the_bank_for_a_coin_once_per_turn():
    state = leaders_game(PACKETS, ORE_CLAY_STONE, hands={1: AGE_1})
    draft(state)
    play_round(state, {0: Action("recruit", "Bilkis")})
    assert coins(state)[0] == 6 - 4
    # the cities without Bilkis never buy from the bank
    assert all(a.way != "bank" for p in (1, 2) for a in state.legal_actions(p))
    # the loom from the bank for 1 coin; the clay from seat 1 for 2 coins or from the bank for 1;
    # the ore is the city's own: buying it would only cost more
    assert ways(state, 0, "Apothecary") == [("bank", ())]
    assert ways(state, 0, "Guard Tower") == [("", ((1, 2),)), ("bank", ())]
    assert ways(state, 0, "Barracks") == [("", ())]
    why = state.explain(0, Action("build", "Barracks", way="bank"))
    assert why == "way 'bank' costs more and pays the sellers no less than paying 'Barracks' as it is (paying nobody)"
    assert state.coins_to_bank(0, Action("build", "Apothecary", way="bank")) == 1  # the coin of the purchase
    play_round(state, {0: Action("build", "Apothecary", way="bank")})
    assert coins(state)[0] == 2 - 1
    assert "Apothecary" in [c.name for c in state.cities[0].built]
    # turn 2: a new turn, a new purchase: the glass or the papyrus for the last coin
    (card,) = {"Workshop", "Scriptorium"} & {c.name for c in state.zone(state.catalog.zone_index["hand"], 0)}
    assert ways(state, 0, card) == [("bank", ())]
    play_round(state, {0: Action("build", card, way="bank")})
    assert coins(state)[0] == 0
    # turn 3: no coin left, no purchase
    assert all(a.way != "bank" for a in state.legal_actions(0))
