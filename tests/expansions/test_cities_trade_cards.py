"""Cities: Clandestine Docks, Secret Warehouse and Black Market (rules_facts.md section 5,
"Card effects"). Payments are read from `legal_actions` (every minimal way to pay) and checked
with `explain`; coins are read from the cities after the turn.

Three players unless stated: seat 0 buys; seat 1 is its left neighbour, seat 2 its right one.
"""

from __future__ import annotations

from expansion_support import Scenario, at, build, chain, sell, split, stage


def payments(st, seat, card, kind="build"):
    return sorted(split(st, seat, a) for a in st.legal_actions(seat) if a.card == card and a.kind == kind
                  and a.way == "")


# ---- Clandestine Docks -------------------------------------------------------------------------

def dock_example() -> Scenario:
    # Seat 0: Giza A (start stone), Marketplace and Clandestine Dock East in Age I, Library
    # (2 stone, loom) on the first turn of Age II: it lacks one stone and one loom.
    # Seat 2 (right): Halicarnassus A (start loom) and Stone Pit. Seat 1 (left): Rhodes A (ore),
    # sells nothing that Library needs.
    plan = {1: {1: {0: build("Marketplace"), 2: build("Stone Pit")}, 2: {0: build("Clandestine Dock East")}},
            2: {1: {0: build("Library", right=2)}}}
    return Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Halicarnassus", "A")], plan,
                    filler={2: "Walls"})


def test_clandestine_dock_rulebook_example():
    """[R] Clandestine Dock West / East: every turn, the first resource (brown or grey) bought
    from the left (West) / right (East) neighbour costs 1 coin less. Stacks with the trading
    posts and Marketplace, so that first resource may cost 0. Example: a player with Marketplace
    and Clandestine Dock East buys a loom and a stone from the right neighbour: either loom 0
    (Marketplace and Dock) + stone 2, or stone 1 (Dock) + loom 1 (Marketplace); 2 coins in total
    either way."""
    sc = dock_example()
    sc.run_to(2, 1)
    st = sc.state
    assert payments(st, 0, "Library") == [(0, 2)]
    assert st.explain(0, at(st, 0, build("Library", right=3))) is not None  # 2 + 1 without the dock
    assert st.explain(0, at(st, 0, build("Library", right=1))) is not None
    before = [c.coins for c in st.cities]
    sc.play_turn()
    after = [c.coins for c in st.cities]
    assert after[0] == before[0] - 2
    assert after[2] == before[2] + 2 + 3   # paid 2 by seat 0, 3 for its own sale


def test_clandestine_dock_first_unit_free():
    """[R] ... Stacks with the trading posts and Marketplace, so that first resource may cost 0."""
    # Seat 0 (Giza A) with Marketplace and Clandestine Dock East buys one loom from the right
    # for Apothecary: 1 (Marketplace) - 1 (Dock) = 0 coins.
    plan = {1: {1: {0: build("Marketplace")}, 2: {0: build("Clandestine Dock East")},
                3: {0: build("Apothecary")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Halicarnassus", "A")], plan)
    sc.run_to(1, 3)
    st = sc.state
    assert payments(st, 0, "Apothecary") == [(0, 0)]
    assert st.explain(0, at(st, 0, build("Apothecary", right=1))) is not None
    coins = [c.coins for c in st.cities]
    sc.play_turn()
    assert "Apothecary" in st.cities[0].names
    assert st.cities[0].coins == coins[0]
    assert st.cities[2].coins == coins[2] + 3  # its own sale, nothing from seat 0


def test_clandestine_dock_west_and_trading_post():
    """[R] Clandestine Dock West: every turn, the first resource bought from the left neighbour
    costs 1 coin less; it stacks with the trading posts."""
    # Seat 0 (Halicarnassus A, start loom) with West Trading Post (raw from the left for 1) and
    # Clandestine Dock West buys 2 clay from the left (seat 1: Babylon A and Clay Pool) for
    # stage 1: 1 + 1 - 1 = 1 coin.
    plan = {1: {1: {0: build("West Trading Post"), 1: build("Clay Pool")},
                2: {0: build("Clandestine Dock West")}, 3: {0: stage("Pawnshop", left=1)}}}
    sc = Scenario(("cities",), 3, [("Halicarnassus", "A"), ("Babylon", "A"), ("Rhodes", "A")], plan)
    sc.run_to(1, 3)
    st = sc.state
    assert payments(st, 0, "Pawnshop", "stage") == [(1, 0)]
    coins = [c.coins for c in st.cities]
    sc.play_turn()
    assert st.cities[0].coins == coins[0] - 1 and st.cities[1].coins == coins[1] + 1 + 3


def test_clandestine_dock_only_first_unit_each_turn():
    """[R] every turn, the **first** resource (brown or grey) bought from the right (East)
    neighbour costs 1 coin less."""
    # Seat 0 (Rhodes A, ore) with Clandestine Dock East buys 2 wood from the right (seat 2:
    # Olympia A, start wood, and Lumber Yard) for Rhodes A stage 1 (2 wood): 2 + 2 - 1 = 3.
    # On turn 4 the next first unit (wood for Stockade) costs 1 again.
    plan = {1: {1: {0: build("Clandestine Dock East"), 2: build("Lumber Yard")}, 3: {0: stage("Pawnshop", right=3)},
                4: {0: build("Stockade", right=1)}}}
    sc = Scenario(("cities",), 3, [("Rhodes", "A"), ("Giza", "A"), ("Olympia", "A")], plan)
    sc.run_to(1, 3)
    st = sc.state
    assert st.cities[0].coins == 3 - 1 + 3  # the dock, then a sale on turn 2
    assert payments(st, 0, "Pawnshop", "stage") == [(0, 3)]
    coins = [c.coins for c in st.cities]
    sc.play_turn()
    assert st.cities[0].coins == coins[0] - 3 and st.cities[2].coins == coins[2] + 3 + 3
    assert payments(st, 0, "Stockade") == [(0, 1)]
    sc.play_turn()
    assert st.cities[0].coins == coins[0] - 3 - 1


# ---- Secret Warehouse ----------------------------------------------------------------------------

def test_secret_warehouse_copies_board_and_brown_types():
    """[R] Secret Warehouse: each turn produces one resource of a type the city already produces
    through its brown cards, grey cards or starting resource."""
    # Seat 0: Giza A (start stone) and Secret Warehouse: Giza A stage 1 (2 stone) needs nothing
    # more. Neighbours (Rhodes: ore, Alexandria: glass) sell no stone.
    plan = {1: {1: {0: build("Secret Warehouse")}, 2: {0: stage("Pawnshop")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Alexandria", "A")], plan)
    sc.run_to(1, 2)
    assert payments(sc.state, 0, "Pawnshop", "stage") == [(0, 0)]
    # without the warehouse the second stone cannot be had
    plain = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Alexandria", "A")],
                     {1: {1: {0: build("Lumber Yard")}}})
    plain.run_to(1, 2)
    assert payments(plain.state, 0, "Altar", "stage") == []
    # a brown card's type: Rhodes A (ore), Lumber Yard (wood) and the warehouse make the 2 wood
    # of stage 1
    plan = {1: {1: {0: build("Lumber Yard")}, 2: {0: build("Secret Warehouse")}}}
    sc = Scenario(("cities",), 3, [("Rhodes", "A"), ("Giza", "A"), ("Alexandria", "A")], plan)
    sc.run_to(1, 3)
    assert payments(sc.state, 0, "Altar", "stage") == [(0, 0)]


def test_secret_warehouse_ignores_yellow_production():
    """[R] Secret Warehouse ... It does not copy production from yellow, leader or black cards
    (Forum, Caravansery, Black Market...)."""
    # Seat 0: Alexandria A (start glass), Marketplace and Secret Warehouse in Age I,
    # Caravansery (wood, stone, ore or clay; by chain from Marketplace) in Age II. Stage 1 needs
    # 2 stone: Caravansery gives one, the warehouse may only make glass. Neighbours (Rhodes:
    # ore, Ephesus: papyrus) sell no stone: the stage cannot be paid.
    plan = {1: {1: {0: build("Marketplace")}, 2: {0: build("Secret Warehouse")}},
            2: {1: {0: chain("Caravansery")}}}
    sc = Scenario(("cities",), 3, [("Alexandria", "A"), ("Rhodes", "A"), ("Ephesus", "A")], plan,
                  filler={2: "Walls"})
    sc.run_to(2, 2)
    st = sc.state
    assert "Caravansery" in st.cities[0].names
    assert payments(st, 0, "Walls", "stage") == []
    assert st.explain(0, stage("Walls")) is not None


def test_secret_warehouse_not_for_sale():
    """[U] (treated as not buyable, and said so in the rule set) whether neighbours may buy the
    unit produced by Secret Warehouse / Black Market."""
    # Seat 0 (Giza A, stone) has a Secret Warehouse: it makes a second stone for itself only.
    # Seat 1 (Alexandria A, its left neighbour) needs 2 stone for stage 1 and may buy one stone
    # only (Giza's board). With a Stone Pit instead, it may buy both.
    plan = {1: {1: {0: build("Secret Warehouse")}}}
    boards = [("Giza", "A"), ("Alexandria", "A"), ("Rhodes", "A")]
    sc = Scenario(("cities",), 3, boards, plan)
    sc.run_to(1, 2)
    assert payments(sc.state, 1, "Altar", "stage") == []
    control = Scenario(("cities",), 3, boards, {1: {1: {0: build("Stone Pit")}}})
    control.run_to(1, 2)
    assert payments(control.state, 1, "Altar", "stage") == [(0, 4)]  # seat 0 is seat 1's right


# ---- Black Market --------------------------------------------------------------------------------

def black_market_city() -> Scenario:
    # Seat 0: Giza A (start stone); Age I: Ore Vein, Loom, Clay Pit (ore or clay); Age II: Black
    # Market (ore, loom). Types produced by board, brown and grey: stone, ore, clay, loom.
    # Turn 2 of Age II: Library is in hand (sold); turn 3: Dispensary.
    plan = {1: {1: {0: build("Ore Vein")}, 2: {0: build("Loom")}, 3: {0: build("Clay Pit")}},
            2: {1: {0: build("Black Market")}, 2: {0: sell("Library")}, 3: {0: build("Dispensary")}}}
    return Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Olympia", "A")], plan,
                    filler={2: "Walls"})


def test_black_market_makes_a_missing_type():
    """[R] Black Market: each turn produces one resource of a type the city does NOT produce
    through its brown cards, grey cards or starting resource (yellow, leader and black
    production ignored)."""
    sc = black_market_city()
    sc.run_to(2, 2)
    st = sc.state
    assert "Black Market" in st.cities[0].names
    # Library (2 stone, loom): one stone from Giza, loom from Loom; the Black Market may not
    # make stone (Giza makes it), and the neighbours (ore, wood) sell none.
    assert payments(st, 0, "Library") == []
    sc.play_turn()
    # Dispensary (2 ore, glass): ore from Ore Vein and Clay Pit, glass from the Black Market
    assert payments(st, 0, "Dispensary") == [(0, 0)]


def test_black_market_ignores_yellow_production():
    """[R] Black Market: ... (yellow, leader and black production ignored): a type made only by a
    yellow card is still a missing type."""
    # Seat 0: Giza A (stone); East Trading Post and Ore Vein in Age I; in Age II Forum (glass,
    # papyrus or loom; by chain), Black Market (ore, loom: the loom from the Forum),
    # then Sepulcher (stone, glass, loom): Giza gives the stone, the Forum one of
    # glass and loom, and the Black Market the other, although the Forum makes that type.
    plan = {1: {1: {0: build("East Trading Post")}, 2: {0: build("Ore Vein")}},
            2: {1: {0: chain("Forum")}, 2: {0: build("Black Market")}, 3: {0: build("Sepulcher")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Halicarnassus", "A"), ("Rhodes", "A")], plan,
                  filler={2: "Walls"})
    sc.run_to(2, 3)
    assert {"Forum", "Black Market"} <= sc.state.cities[0].names
    assert payments(sc.state, 0, "Sepulcher") == [(0, 0)]


def test_black_market_not_for_sale():
    """[U] whether neighbours may buy the unit produced by Secret Warehouse / Black Market
    (treated as not buyable)."""
    sc = black_market_city()
    sc.run_to(2, 2)
    st = sc.state
    # seat 1 (Rhodes A, ore) wants Rhodes A stage 1 (2 wood); seat 0's Black Market could make
    # wood but does not sell it; seat 2 (Olympia A, start wood) sells one wood only.
    assert payments(st, 1, "Walls", "stage") == []


def test_secret_warehouse_ignores_black_market():
    """[R] Secret Warehouse ... It does not copy production from yellow, leader or black cards
    (Forum, Caravansery, Black Market...)."""
    # Seat 0: Giza A (stone); Age I: Ore Vein, Loom, Secret Warehouse; Age II: Black Market. The
    # warehouse may make stone, ore or loom; the Black Market wood, clay, glass or papyrus.
    # Caravansery (2 wood) would need a wood from each: the warehouse cannot make wood, and the
    # neighbours (Rhodes: ore, Babylon: clay) sell none. Library (2 stone, loom) is payable.
    plan = {1: {1: {0: build("Ore Vein")}, 2: {0: build("Loom")}, 3: {0: build("Secret Warehouse")}},
            2: {1: {0: build("Black Market")}, 2: {0: sell("Caravansery")}, 3: {0: build("Library")}}}
    sc = Scenario(("cities",), 3, [("Giza", "A"), ("Rhodes", "A"), ("Babylon", "A")], plan, filler={2: "Walls"})
    sc.run_to(2, 2)
    st = sc.state
    assert payments(st, 0, "Caravansery") == []
    sc.play_turn()
    assert payments(st, 0, "Library") == [(0, 0)]
