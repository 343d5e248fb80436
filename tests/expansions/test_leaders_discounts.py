"""One resource unit less, of the player's choice (Archimedes, Hammurabi, Leonidas, Imhotep;
leaders.tsv `resource_discount`): the costs a discounted cost may be, and the payments offered at
a table of three with fixed hands. Figures worked out by hand in the comments."""

from __future__ import annotations

from pathlib import Path

from leaders_support import ORE_CLAY_STONE, actions_of, coins, draft, leaders_game, play_round

import wonderrules as wr
from wonderrules import Action
from wonderrules.interpreter.trading import ZERO_COST

# seat 0 keeps the first leader of packets 0, 1, 2, 0 (passing right)
PACKETS = [["Leonidas", "Sappho", "Zenobia", "Cleopatra"], ["Imhotep", "Nero", "Varro", "Midas"],
           ["Phidias", "Hiram", "Plato", "Amytis"]]
# seat 0 produces ore (Rhodes), seat 1 clay (Babylon), seat 2 stone (Giza)
BOARDS = ORE_CLAY_STONE
# the Guard Tower (red, 1 clay) in seat 0's hand, the Altar (blue, free) first: others sell it
AGE_1 = [["Guard Tower", "Altar", "Apothecary", "Barracks", "Clay Pit", "Clay Pool", "Glassworks"],
         ["Loom", "Lumber Yard", "Ore Vein", "Press", "Scriptorium", "Stockade", "Marketplace"],
         ["Stone Pit", "Theater", "Timber Yard", "West Trading Post", "Workshop", "East Trading Post", "Baths"]]


def test_a_cost_less_units_is_paid_as_any_cost_it_may_be():
    solver = wr.Game(wr.load_rules("base"), 3).catalog.solver
    # resources: wood, stone, clay, ore, glass, loom, papyrus
    cost = solver.cost_id((0, 0, 2, 0, 0, 0, 1))  # 2 clay and a papyrus
    one = solver.less(cost, 1)
    assert sorted(solver.cost_of(v) for v in solver.variants(one)) == [
        (0, 0, 1, 0, 0, 0, 1), (0, 0, 2, 0, 0, 0, 0)]
    two = solver.less(cost, 2)
    assert sorted(solver.cost_of(v) for v in solver.variants(two)) == [
        (0, 0, 0, 0, 0, 0, 1), (0, 0, 1, 0, 0, 0, 0)]
    assert solver.less(cost, 3) == solver.less(cost, 4) == ZERO_COST
    assert solver.less(cost, 1) == one and solver.variants(cost) == (cost,)


def test_leonidas_takes_the_clay_off_a_red_card_and_imhotep_a_unit_off_each_stage():
    state = leaders_game(PACKETS, BOARDS, hands={1: AGE_1})
    draft(state)
    # Age I recruitment: seat 0 recruits Leonidas (2 coins), seat 1 Imhotep (3 coins)
    play_round(state, {0: Action("recruit", "Leonidas"), 1: Action("recruit", "Imhotep")})
    assert coins(state)[:2] == [6 - 2, 6 - 3]
    # the Guard Tower costs 1 clay; one unit less: nothing to buy, nobody to pay. Without
    # Leonidas it would be 2 coins to seat 1, a payment no longer offered (it buys nothing needed)
    builds = actions_of(state, 0, "build", "Guard Tower")
    assert builds == [Action("build", "Guard Tower")]
    assert state.explain(0, Action("build", "Guard Tower", pay=((1, 2),))) is not None
    # seat 1 (Babylon A, producing 1 clay) builds its first stage, 2 clay: with Imhotep one clay
    # less, its own clay pays for it, whichever card it tucks
    stages = actions_of(state, 1, "stage")
    assert stages and all(a.pay == () for a in stages)
    # Leonidas is for red cards only: the Barracks' ore is seat 0's own, the Apothecary's loom
    # (green) must still be bought, and nobody sells loom
    assert not actions_of(state, 0, "build", "Apothecary")
    play_round(state, {0: builds[0], 1: stages[0]})
    assert coins(state)[0] == 4 and coins(state)[1] == 3
    assert state.cities[1].stages_built == 1
    built = [c.name for c in state.cities[0].built]
    assert "Guard Tower" in built


def test_a_card_that_cannot_be_paid_is_explained_by_its_cost_less_the_units(compile_files):
    # the mini game with a red card of 3 glass and one unit off red cards for everyone: nobody
    # produces glass, so the card lacks 2 glass (3 less 1), not 3
    mini = (Path(__file__).resolve().parents[1] / "ui" / "mini.wr").read_text(encoding="utf-8")
    layer = ('ruleset t extends mini\nreplace card "Barracks" age 1 red cost 3 glass copies 3+ {\n'
             "  passive: symbol shield\n}\neach player {\n  passive: build costs 1 resource less for red cards\n}\n")
    result = compile_files({"mini.wr": mini, "t.wr": layer})
    assert result.ok, [d.message for d in result.diagnostics]
    hands = {1: [["Barracks", "Log"], ["Rock", "Shrine"], ["Glassworks", "Workshop"]]}
    state = wr.Game(result.rules, 3).new_initial_state(seed=1, boards=[("Tower", "A"), ("Gate", "A"), ("Well", "A")],
                                                         hands=hands)
    assert not actions_of(state, 0, "build", "Barracks")
    why = state.explain(0, Action("build", "Barracks"))
    assert why is not None and why.startswith("'Barracks' needs 2 glass more than the city and its sellers"), why
