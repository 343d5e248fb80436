"""Every stage of the 14 wonder sides, and each wonder power in play.

The expected costs and effects are written out from wonders.tsv / rulebook p.9 (rules_facts.md
section 4 for the timings), not read from base.wr.
"""

from __future__ import annotations

from collections import Counter

import pytest
from engine_support import (
    FILLER,
    Script,
    build,
    city_names,
    cost_of,
    deal_for,
    discard_names,
    game,
    hand_cards,
    left_right,
    paid,
    payments,
    pick,
    place,
    play_out,
    sell,
    stage,
)

from wonderrules import Action

# (wonder, side) -> per stage: (cost, points, shields, coins when built)
STAGES = {
    ("Rhodes", "A"): [("wood:2", 3, 0, 0), ("clay:3", 0, 2, 0), ("ore:4", 7, 0, 0)],
    ("Rhodes", "B"): [("stone:3", 3, 1, 3), ("ore:4", 4, 1, 4)],
    ("Alexandria", "A"): [("stone:2", 3, 0, 0), ("ore:2", 0, 0, 0), ("glass:2", 7, 0, 0)],
    ("Alexandria", "B"): [("clay:2", 0, 0, 0), ("wood:2", 0, 0, 0), ("stone:3", 7, 0, 0)],
    ("Ephesus", "A"): [("stone:2", 3, 0, 0), ("wood:2", 0, 0, 9), ("papyrus:2", 7, 0, 0)],
    ("Ephesus", "B"): [("stone:2", 2, 0, 4), ("wood:2", 3, 0, 4), ("glass:1 papyrus:1 loom:1", 5, 0, 4)],
    ("Babylon", "A"): [("clay:2", 3, 0, 0), ("wood:3", 0, 0, 0), ("clay:4", 7, 0, 0)],
    ("Babylon", "B"): [("clay:1 loom:1", 3, 0, 0), ("wood:2 glass:1", 0, 0, 0), ("clay:3 papyrus:1", 0, 0, 0)],
    ("Olympia", "A"): [("wood:2", 3, 0, 0), ("stone:2", 0, 0, 0), ("ore:2", 7, 0, 0)],
    ("Olympia", "B"): [("wood:2", 0, 0, 0), ("stone:2", 5, 0, 0), ("ore:2 loom:1", 0, 0, 0)],
    ("Halicarnassus", "A"): [("clay:2", 3, 0, 0), ("ore:3", 0, 0, 0), ("loom:2", 7, 0, 0)],
    ("Halicarnassus", "B"): [("ore:2", 2, 0, 0), ("clay:3", 1, 0, 0), ("glass:1 papyrus:1 loom:1", 0, 0, 0)],
    ("Giza", "A"): [("stone:2", 3, 0, 0), ("wood:3", 5, 0, 0), ("stone:4", 7, 0, 0)],
    ("Giza", "B"): [("wood:2", 3, 0, 0), ("stone:3", 5, 0, 0), ("clay:3", 5, 0, 0), ("stone:4 papyrus:1", 7, 0, 0)],
}
#: sides whose stages give a wild science symbol (alone it scores 1 point: 1 squared)
WILD_SCIENCE = {("Babylon", "A"), ("Babylon", "B")}
RICH = [("Lumber Yard", 1), ("Stone Pit", 1), ("Clay Pool", 1), ("Ore Vein", 1), ("Glassworks", 1), ("Loom", 1),
        ("Press", 1), ("Sawmill", 2), ("Quarry", 2), ("Brickyard", 2), ("Foundry", 2)]


def _cost(text: str) -> Counter:
    return Counter({r: int(n) for r, n in (part.split(":") for part in text.split())})


def _others(name: str) -> list[tuple[str, str]]:
    names = [n for n in ("Giza", "Olympia", "Rhodes", "Ephesus") if n != name]
    return [(names[0], "A"), (names[1], "A")]


@pytest.mark.parametrize("side", sorted(STAGES), ids=lambda s: f"{s[0]}-{s[1]}")
def test_every_wonder_stage_cost_and_effect(side):
    """Each stage, built in order on the first turns of Age I by a city that produces everything,
    costs what the board prints and gives its points (wonder column), shields and coins (taken
    once when built). Rhodes' shields win every conflict against shieldless neighbours."""
    stages = STAGES[side]
    st = game(3).new_initial_state(1, boards=[side] + _others(side[0]), hands={1: deal_for(3, 1, {})})
    place(st, 0, *[n for n, a in RICH if a == 1], age=1)
    place(st, 0, *[n for n, a in RICH if a == 2], age=2)
    board = st.cities[0].board
    assert [cost_of(st, s) for s in board.stages] == [_cost(c) for c, *_ in stages]
    coins = st.cities[0].coins
    shields = 0
    shield_index = st.catalog.sym_index["shield"]
    for i, (_, _, sh, gain) in enumerate(stages):
        card = hand_cards(st, 0)[0].name
        assert {left_right(st, 0, a) for a in st.legal_actions(0) if a.kind == "stage"} == {(0, 0)}
        st.apply_actions({0: Action("stage", card), 1: Action("sell", hand_cards(st, 1)[0].name),
                          2: Action("sell", hand_cards(st, 2)[0].name)})
        if any(d.kind == "pick" for d in st.pending_decisions().values()):  # only Pawnshops discarded
            assert st.legal_actions(0) == [Action("pick", FILLER[1])]
            st.apply_actions({0: Action("pick", FILLER[1])})
        assert not st.pending_decisions() or st.turn == i + 2
        coins += gain
        shields += sh
        assert st.cities[0].stages_built == i + 1
        assert st.cities[0].coins == coins, f"stage {i + 1}"
        assert st.cities[0].symbols[shield_index] == shields
    assert not [a for a in st.legal_actions(0) if a.kind == "stage"]
    play_out(st)
    sheet = st.scores()[0]
    assert sheet.column("wonder") == sum(p for _, p, _, _ in stages)
    assert sheet.column("military") == (18 if shields else 0)  # 1+1, 3+3, 5+5
    assert sheet.column("science") == (1 if side in WILD_SCIENCE else 0)
    sells = 18 - len(stages) + (3 if side == ("Babylon", "B") else 0)
    assert sheet.coins == 3 + sum(g for *_, g in stages) + 3 * sells


# ---- Alexandria -----------------------------------------------------------------------------

def test_alexandria_a_stage_2_raw_either_or_for_its_owner_only():
    """Alexandria A stage 2: "produce wood|stone|clay|ore (1 per turn; cannot be bought by
    neighbours)". Alexandria builds a Stockade with it; its neighbour cannot buy that wood."""
    s = Script(3, [("Alexandria", "A"), ("Giza", "A"), ("Babylon", "A")],
               {1: {0: [stage("Altar"), stage("Altar"), build("Stockade")], 2: [None, None, sell("Stockade")]}})
    st = s.state
    place(st, 0, "Quarry", "Foundry", age=2)
    s.turns(2)
    assert st.cities[0].stages_built == 2
    assert {left_right(st, 0, a) for a in st.legal_actions(0) if a.card == "Stockade" and a.kind == "build"} == {(0, 0)}
    # Babylon (seat 2): left neighbour Alexandria, right neighbour Giza; nobody sells wood
    assert not [a for a in st.legal_actions(2) if a.card == "Stockade" and a.kind == "build"]
    assert "wood" in st.explain(2, paid(st, 2, "build", "Stockade", 2, 0))


def test_alexandria_b_stages_produce_raw_and_manufactured_not_for_sale():
    """Alexandria B: stage 1 "wood|stone|clay|ore", stage 2 "glass|papyrus|loom", both for the
    owner only. With them Alexandria builds an Apothecary (loom); Giza beside it cannot."""
    s = Script(3, [("Alexandria", "B"), ("Giza", "A"), ("Rhodes", "A")],
               {1: {0: [stage("Altar"), stage("Altar"), build("Apothecary")], 2: [None, None, sell("Apothecary")]}})
    st = s.state
    place(st, 0, "Brickyard", "Sawmill", age=2)
    s.turns(2)
    assert payments(st, 0, "build", "Apothecary") == {(0, 0)}
    assert not [a for a in st.legal_actions(2) if a.card == "Apothecary" and a.kind == "build"]
    assert "loom" in st.explain(2, paid(st, 2, "build", "Apothecary", 2, 0))


# ---- Babylon B: the last card ----------------------------------------------------------------

def _babylon(turn5, turn6, leftover: str, seat1_turn6=None, seat2_turn6=None):
    """Babylon B (seat 0) between Halicarnassus (left, loom) and Alexandria (right, glass)."""
    plan0 = [build("Lumber Yard"), build("Timber Yard"), stage("Altar", 2, 0), None, turn5, turn6]
    return Script(3, [("Babylon", "B"), ("Halicarnassus", "A"), ("Alexandria", "A")],
                  {1: {0: plan0, 1: [None] * 5 + [seat1_turn6], 2: [None] * 5 + [seat2_turn6]},
                   2: {}},
                  leftovers={1: {1: leftover}})  # seat 0 holds the hand dealt to seat 1 on turn 6


def test_babylon_b_plays_the_last_card_when_stage_2_is_built_on_turn_6():
    """"If stage 2 is built on turn 6, the last card of that same Age may already be played":
    built by paying its cost, used for a stage, or sold. From then on, every Age."""
    s = _babylon(None, stage("Theater", 0, 2), "Clay Pit")
    st = s.state
    s.turns(6)
    pending = st.pending_decisions()
    assert list(pending) == [0] and pending[0].kind == "extra"
    assert [c.name for c in hand_cards(st, 0)] == ["Clay Pit"]
    # coins: 3, Timber Yard -1, stage 1 -2 (loom), sold +3, sold +3, stage 2 -2 (glass) = 4
    assert st.cities[0].coins == 4
    kinds = {a.kind for a in st.legal_actions(0)}
    assert {"build", "sell"} <= kinds
    s.decide(p0=build("Clay Pit"))
    assert "Clay Pit" in city_names(st, 0) and st.cities[0].coins == 3
    assert (st.age, st.turn) == (2, 1)
    assert "Clay Pit" not in discard_names(st)
    # the other two sold 6 fillers each, left 2 as last cards; Babylon sold 2
    assert discard_names(st).count(FILLER[1]) == 2 * 6 + 2 + 2
    while st.age == 2:
        dec = st.pending_decisions()
        if any(d.kind == "extra" for d in dec.values()):
            break
        st.apply_actions({p: Action("sell", hand_cards(st, p)[0].name) for p in dec})
    assert st.turn == 6 and st.pending_decisions()[0].kind == "extra"


def test_babylon_b_last_card_budget_is_the_coins_held_at_the_start_of_the_turn():
    """"Coins earned from commerce during a turn can only be spent on the next turn": Babylon starts
    turn 6 with 1 coin, spends it on a Clay Pit and receives 2 coins for clay from its left
    neighbour; its last card, a Tree Farm (1 coin), cannot be built with those 2 coins."""
    s = _babylon(stage("Theater", 0, 2), build("Clay Pit"), "Tree Farm", seat1_turn6=build("Guard Tower"))
    st = s.state
    s.turns(5)
    assert st.cities[0].coins == 1
    s.turn(p1=build("Guard Tower", 0, 2))
    assert st.cities[0].coins == 2
    assert st.pending_decisions()[0].kind == "extra"
    assert not [a for a in st.legal_actions(0) if a.kind == "build"]
    why = st.explain(0, Action("build", "Tree Farm"))
    assert why is not None and "coin" in why
    s.decide(p0=sell("Tree Farm"))
    assert st.cities[0].coins == 5


def test_babylon_b_last_card_cannot_buy_from_a_card_built_that_turn():
    """Nothing may be bought from a card a neighbour builds that same turn, including for the
    last card: Alexandria builds an Ore Vein on turn 6; Babylon's last card, Barracks (ore),
    cannot buy that ore."""
    s = _babylon(None, stage("Theater", 0, 2), "Barracks", seat2_turn6=build("Ore Vein"))
    st = s.state
    s.turns(6)
    assert "Ore Vein" in city_names(st, 2)
    assert st.pending_decisions()[0].kind == "extra"
    assert not [a for a in st.legal_actions(0) if a.kind == "build"]
    assert st.explain(0, paid(st, 0, "build", "Barracks", 0, 2)) is not None


def test_babylon_b_last_card_does_not_use_a_trading_post_built_that_turn():
    """Trading posts lower prices "from the turn after they are built" (base.wr's stated reading;
    rules_facts.md section 4): Babylon builds a West Trading Post on turn 6, then its last card, a
    Barracks, still pays 2 for the ore of Rhodes, its left neighbour."""
    s = Script(3, [("Babylon", "B"), ("Rhodes", "A"), ("Halicarnassus", "A")],
               {1: {0: [build("Lumber Yard"), build("Timber Yard"), stage("Altar", 0, 2), None,
                        stage("Theater"), build("West Trading Post")]}},
               leftovers={1: {1: "Barracks"}})
    st = s.state
    place(st, 0, "Glassworks", age=1)  # the glass of stage 2
    s.turns(6)
    assert st.cities[0].coins == 3  # 3, -1 Timber Yard, -2 loom, +3 sold; stages 2 and the post free
    assert st.pending_decisions()[0].kind == "extra"
    pays = {left_right(st, 0, a) for a in st.legal_actions(0) if a.kind == "build" and a.card == "Barracks"}
    assert pays == {(2, 0)}


# ---- Olympia A: a free build once per age ----------------------------------------------------

def test_olympia_a_free_build_once_per_age_resets_each_age():
    """Olympia A stage 2: "once per Age, build one structure without paying its cost"; the card
    used is the structure built. Not before the stage; not twice in an Age; again next Age."""
    s = Script(3, [("Olympia", "A"), ("Giza", "A"), ("Rhodes", "A")],
               {1: {0: [build("Lumber Yard"), stage("Altar"), build("Stone Pit"), stage("Theater", 2, 0),
                        build("Guard Tower", way="free"), sell("Barracks")]},
                2: {0: [build("Aqueduct", way="free")]}})
    st = s.state
    s.turns(2)
    assert st.explain(0, Action("build", "Stone Pit", way="free")) == "the city has no 'free_build'"
    s.turns(2)
    assert st.cities[0].stages_built == 2 and st.cities[0].coins == 1
    # Guard Tower needs clay nobody sells: only the free build can build it
    assert [a for a in st.legal_actions(0) if a.card == "Guard Tower" and a.kind == "build"] == [
        Action("build", "Guard Tower", way="free")]
    s.turn()
    assert "Guard Tower" in city_names(st, 0) and st.cities[0].coins == 1
    assert not [a for a in st.legal_actions(0) if a.way == "free"]
    why = st.explain(0, Action("build", "Barracks", way="free"))
    assert why is not None and "no 'free_build' is left" in why
    s.turn()
    assert st.age == 2
    assert Action("build", "Aqueduct", way="free") in st.legal_actions(0)
    s.turn()
    assert "Aqueduct" in city_names(st, 0) and st.cities[0].coins == 4  # 1 + 3 (Barracks sold)


def test_olympia_a_free_build_is_not_offered_for_a_card_that_costs_nothing():
    """A card the city can build for nothing needs no free build: the ability stays unused."""
    s = Script(3, [("Olympia", "A"), ("Giza", "A"), ("Rhodes", "A")],
               {1: {0: [build("Lumber Yard"), stage("Altar"), build("Stone Pit"), stage("Theater", 2, 0),
                        build("Stockade"), build("Guard Tower", way="free")]}})
    st = s.state
    s.turns(4)
    assert [a for a in st.legal_actions(0) if a.card == "Stockade" and a.kind == "build"] == [
        Action("build", "Stockade")]
    s.turn()
    assert Action("build", "Guard Tower", way="free") in st.legal_actions(0)


# ---- Halicarnassus: a free build from the discard pile ---------------------------------------

def test_halicarnassus_builds_from_the_discard_pile_at_the_end_of_the_turn():
    """"The free build from the discard pile happens at the end of the turn in which the stage is
    built; cards discarded in that same turn may be chosen. A card already in the city (same
    name) cannot be chosen." Halicarnassus B stage 1 (2 ore): Rhodes sells a Tavern that turn;
    Halicarnassus builds it and takes its 5 coins. Its Ore Vein's twin in the pile is refused."""
    s = Script(3, [("Halicarnassus", "B"), ("Rhodes", "A"), ("Giza", "A")],
               {1: {0: [build("Ore Vein"), stage("Altar", 2, 0)], 1: [None, sell("Tavern")],
                    2: [sell("Ore Vein")]}})
    st = s.state
    s.turns(2)
    assert st.turn == 2
    assert {p: d.kind for p, d in st.pending_decisions().items()} == {0: "pick"}
    choices = {a.card for a in st.legal_actions(0)}
    assert choices == {"Tavern", FILLER[1]}
    assert "'Ore Vein' is already in the city" in st.explain(0, Action("pick", "Ore Vein"))
    assert st.explain(0, Action("build", "Tavern")) is not None  # the decision is a pick
    coins = st.cities[0].coins
    assert coins == 3 - 2   # 2 to Rhodes for ore (the Ore Vein was free)
    s.decide(p0=pick("Tavern"))
    assert "Tavern" in city_names(st, 0) and st.cities[0].coins == coins + 5
    assert "Tavern" not in discard_names(st)
    assert (st.turn, set(st.pending_decisions())) == (3, {0, 1, 2})


def test_halicarnassus_on_turn_6_may_take_the_discarded_last_cards():
    """Built on turn 6, the stage's discard build may take "the last cards of the Age" discarded
    that turn, including the one Halicarnassus itself leaves."""
    s = Script(3, [("Halicarnassus", "B"), ("Rhodes", "A"), ("Giza", "A")],
               {1: {0: [None, None, None, None, build("Ore Vein"), stage("Altar", 2, 0)]}},
               leftovers={1: {0: "Marketplace", 1: "Theater", 2: "Scriptorium"}})
    st = s.state
    s.turns(6)
    assert {p: d.kind for p, d in st.pending_decisions().items()} == {0: "pick"}
    assert {a.card for a in st.legal_actions(0)} == {"Marketplace", "Theater", "Scriptorium", FILLER[1]}
    s.decide(p0=pick("Scriptorium"))
    assert "Scriptorium" in city_names(st, 0)
    assert st.age == 2 and st.turn == 1


def test_halicarnassus_a_stage_2_builds_from_discard():
    """Halicarnassus A stage 2 (3 ore): the same discard build."""
    s = Script(3, [("Halicarnassus", "A"), ("Rhodes", "A"), ("Giza", "A")],
               {1: {0: [stage("Altar"), stage("Theater"), None], 1: [None, sell("Baths")]}})
    st = s.state
    place(st, 0, "Brickyard", "Foundry", age=2)
    s.turn()
    assert {d.kind for d in st.pending_decisions().values()} == {"play"}  # stage 1: no discard build
    s.turn()
    assert st.pending_decisions()[0].kind == "pick"
    # the cards tucked under the stages (Altar, Theater) are not in the discard pile
    assert {a.card for a in st.legal_actions(0)} == {"Baths", FILLER[1]}
    s.decide(p0=pick("Baths"))
    assert "Baths" in city_names(st, 0)


def test_halicarnassus_may_take_the_card_babylon_sells_as_its_last_card():
    """Both powers on turn 6: Babylon B sells its left-over Marketplace; Halicarnassus, whose stage
    was built that turn, builds from the discard pile after that, so the Marketplace is there."""
    s = Script(3, [("Babylon", "B"), ("Halicarnassus", "B"), ("Rhodes", "A")],
               {1: {0: [build("Lumber Yard"), build("Timber Yard"), stage("Altar", 2, 0), build("Glassworks"),
                        stage("Theater")],
                    1: [None, None, None, None, build("Ore Vein"), stage("Baths", 2, 0)]}},
               leftovers={1: {1: "Marketplace"}})
    st = s.state
    s.turns(6)
    assert {p: d.kind for p, d in st.pending_decisions().items()} == {0: "extra"}
    s.decide(p0=sell("Marketplace"))
    assert {p: d.kind for p, d in st.pending_decisions().items()} == {1: "pick"}
    assert "Marketplace" in {a.card for a in st.legal_actions(1)}
    s.decide(p1=pick("Marketplace"))
    assert "Marketplace" in city_names(st, 1)
    assert st.cities[1].coins == 3 + 4 * 3 + 2 - 2  # 4 sales, Babylon's loom, Rhodes' ore
    assert (st.age, st.turn) == (2, 1)


def test_vineyard_pays_before_halicarnassus_builds_from_the_discard_pile():
    """base.wr's stated order at the end of a turn: "gain, build" - a Vineyard built that turn
    counts the brown cards before Halicarnassus takes a Sawmill from the discard pile. Giza's
    Vineyard: its neighbours' brown cards are Halicarnassus' Ore Vein only: 1 coin, not 2."""
    s = Script(3, [("Halicarnassus", "B"), ("Rhodes", "A"), ("Giza", "A")],
               {1: {0: [build("Ore Vein")]},
                2: {0: [stage("Walls", 2, 0)], 1: [sell("Sawmill")], 2: [build("Vineyard")]}})
    st = s.state
    s.turns(6)
    coins = st.cities[2].coins
    s.turn()
    assert st.cities[2].coins == coins + 1
    assert st.pending_decisions()[0].kind == "pick"
    s.decide(p0=pick("Sawmill"))
    assert "Sawmill" in city_names(st, 0)
    assert st.cities[2].coins == coins + 1
