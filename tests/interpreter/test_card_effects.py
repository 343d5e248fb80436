"""Card effect families of the base game in play: production, coins when built (counted in the
owner's city at that moment), Vineyard and Bazar at the end of the turn over the neighbours too,
and the points of the commercial cards at the end of the game.

rules_facts.md section 4: "Yellow per-card cards (Vineyard, Bazar, Haven, Lighthouse, Chamber of
Commerce, Arena) pay coins once when built, counting what is in play at that moment. Their VP
part is counted at game end." and the [R] timing clarifications quoted below.
"""

from __future__ import annotations

from engine_support import Script, build, city_names, payments, place, play_out, stage

GIZA, OLYMPIA, RHODES = ("Giza", "A"), ("Olympia", "A"), ("Rhodes", "A")


def test_tavern_gives_5_coins_when_built():
    """Tavern: "take 5 coins from the bank" once, when built."""
    s = Script(4, [GIZA, OLYMPIA, RHODES, ("Babylon", "A")], {1: {0: [build("Tavern"), build("Altar")]}})
    st = s.state
    s.turn()
    assert st.cities[0].coins == 3 + 5
    s.turn()
    assert st.cities[0].coins == 3 + 5


def test_vineyard_and_bazar_count_the_neighbours_builds_of_the_same_turn():
    """[R] "Vineyard and Bazar count brown / grey cards in the player's city and in both
    neighbouring cities, including cards the neighbours build in the same turn."
    Vineyard on Age II turn 1: 2 brown of its own, the left neighbour's Clay Pool and the Sawmill it
    builds that turn, the right neighbour's Stone Pit: 5 coins. Bazar on turn 2: its Glassworks,
    the Press the left neighbour builds that turn, the right neighbour's Loom and the Glassworks it
    builds that turn: 4 grey, 8 coins. Nothing more on later turns."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Lumber Yard"), build("Ore Vein"), build("Glassworks")],
                    1: [build("Clay Pool")], 2: [build("Stone Pit"), build("Loom")]},
                2: {0: [build("Vineyard"), build("Bazar")], 1: [build("Sawmill"), build("Press"), build("Quarry")],
                    2: [None, build("Glassworks")]}})
    st = s.state
    s.turns(6)
    assert st.cities[0].coins == 3 + 3 * 3
    s.turn()
    assert city_names(st, 1)[-1] == "Sawmill"
    assert st.cities[0].coins == 12 + 5
    s.turn()
    assert st.cities[0].coins == 17 + 8
    s.turn()   # the left neighbour builds a Quarry (brown): the Vineyard paid once, already
    assert "Quarry" in city_names(st, 1)
    assert st.cities[0].coins == 25 + 3   # sold the filler


def test_commercial_cards_of_age_3_coins_when_built_points_at_the_end():
    """Lighthouse: 1 coin and, at the end, 1 point per yellow card, counting itself (the reading
    base.wr states). Arena: 3 coins and 1 point per wonder stage built. Haven: 1 coin and 1 point
    per brown card. Chamber of Commerce: 2 coins and 2 points per grey card. Coins are counted in
    the owner's city when the card is built; points at the end of the game."""
    s = Script(3, [GIZA, OLYMPIA, ("Halicarnassus", "A")],
               {1: {0: [build("Stone Pit"), stage("Altar"), build("Marketplace"), build("Tavern"),
                        build("Glassworks"), build("Ore Vein")]},
                2: {0: [build("Vineyard"), build("Quarry")]},
                3: {0: [build("Lighthouse"), build("Arena"), build("Haven"), build("Chamber of Commerce")]}})
    st = s.state
    place(st, 1, "Brickyard", age=2)   # clay for the Chamber of Commerce, bought from the left
    place(st, 2, "Press", age=1)       # papyrus, bought from the right
    s.turns(6)
    assert st.cities[0].coins == 8                  # 3 + 5 (Tavern)
    s.turn()
    assert st.cities[0].coins == 8 + 3              # Vineyard: Stone Pit, Ore Vein, left's Brickyard
    s.turns(5)
    assert st.cities[0].coins == 11 - 1 + 4 * 3     # Quarry 1 coin, then 4 cards sold
    s.turn()
    assert st.cities[0].coins == 22 + 4             # Lighthouse: Marketplace, Tavern, Vineyard, itself
    s.turn()
    assert st.cities[0].coins == 26 + 3             # Arena: 1 stage
    assert payments(st, 0, "build", "Haven") == {(2, 1)}  # wood 2 (left); loom 1 (right, Marketplace)
    s.turn()
    assert st.cities[0].coins == 29 - 3 + 3         # Haven: Stone Pit, Ore Vein, Quarry
    assert payments(st, 0, "build", "Chamber of Commerce") == {(4, 1)}
    s.turn()
    assert st.cities[0].coins == 29 - 5 + 2         # Chamber: the Glassworks
    play_out(st)
    sheet = st.scores()[0]
    # Lighthouse 7 yellow (Marketplace, Tavern, Vineyard, Lighthouse, Arena, Haven, Chamber),
    # Arena 1 stage, Haven 3 brown, Chamber 2 x 1 grey
    assert sheet.column("commercial") == 7 + 1 + 3 + 2
    assert sheet.column("wonder") == 3
    assert sheet.coins == 26 + 2 * 3
    assert sheet.column("treasury") == 32 // 3


def test_brown_and_grey_cards_produce_every_turn_for_their_owner():
    """"Resources are never used up: every produced unit can be used again each turn." One
    Lumber Yard pays for a Stockade one turn and a Rhodes stage... its wood again the next."""
    s = Script(3, [RHODES, GIZA, OLYMPIA],
               {1: {0: [build("Lumber Yard"), build("Stockade"), stage("Altar")]}})
    st = s.state
    s.turn()
    assert payments(st, 0, "build", "Stockade") == {(0, 0)}
    s.turn()
    # Rhodes A stage 1 (2 wood): its own Lumber Yard and one wood from Olympia on the right
    assert payments(st, 0, "stage", "Altar") == {(0, 2)}
