"""A golden playthrough of the Leaders layer: a complete game of seeded greedy agents at four
players (golden/leaders/leaders_4p.json, a game log of the current format). The facts below were
worked out by hand from the rules (rules_facts.md 8, leaders.tsv) on that log; each is asserted on
the interpreter's replay of the stored moves, and the same agents must still play the same game.

The file is not regenerated: a new game would need its facts worked out by hand again.
"""

from __future__ import annotations

import json
from pathlib import Path

from expansion_support import new_game, zone_names

import wonderrules as wr
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.log import check_scores, replay

LOG = Path(__file__).resolve().parent / "golden" / "leaders" / "leaders_4p.json"
LAYERS, PLAYERS, SEED = ("leaders",), 4, 15


def stored() -> dict:
    return json.loads(LOG.read_text(encoding="utf-8"))


def at(rounds: int):
    """The stored game after its first `rounds` decision rounds."""
    return replay(new_game(LAYERS, PLAYERS), stored(), upto=rounds)


def coins(state) -> list[int]:
    return [c.coins for c in state.cities]


def test_the_playthrough_replays_to_its_scores():
    log = stored()
    state = wr.replay(new_game(LAYERS, PLAYERS), log)
    assert state.is_terminal() and check_scores(state, log) == []
    assert state.winners() == log["winners"] == [1]


def test_the_same_agents_play_the_same_game():
    game = new_game(LAYERS, PLAYERS, sides="random")
    state = game.new_initial_state(seed=SEED)
    agents = {p: make_agent("greedy", SEED * 10 + p) for p in range(PLAYERS)}
    while not state.is_terminal():
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    again = wr.to_log(state, list(LAYERS))
    assert again["rounds"] == stored()["rounds"]
    assert again["scores"] == stored()["scores"]


def test_the_draft_passes_each_packet_to_the_right():
    log = stored()
    packets = {d["seat"]: d["cards"] for d in next(x for x in log["deals"] if x.get("deal") == "leaders")["dealt"]}
    # seat s keeps from its own packet, then from the packet of seat s + 1 (its left neighbour
    # passes to its right), s + 2, s + 3, each less what was kept from it before
    kept = [[log["rounds"][r][str(s)]["card"] for r in range(4)] for s in range(4)]
    assert kept == [["Hiram", "Cleopatra", "Vitruvius", "Euclid"], ["Xenophon", "Maecenas", "Imhotep", "Tomyris"],
                    ["Hypatia", "Nefertiti", "Zenobia", "Sappho"], ["Plato", "Leonidas", "Hatshepsut", "Hammurabi"]]
    for s in range(4):
        for r in range(4):
            assert kept[s][r] in packets[(s + r) % 4]
    # the last pick of seat 0 is what is left of seat 3's packet after seats 3, 2 and 1 kept one
    assert set(packets[3]) - {kept[3][0], kept[2][1], kept[1][2]} == {kept[0][3]}


def test_recruiting_pays_the_printed_cost_and_selling_a_leader_brings_three_coins():
    # Age I: Cleopatra 4, Imhotep 3, Nefertiti 3, Hammurabi 2, from 6 coins each
    assert stored()["rounds"][4] == {"0": {"kind": "recruit", "card": "Cleopatra"},
                                     "1": {"kind": "recruit", "card": "Imhotep"},
                                     "2": {"kind": "recruit", "card": "Nefertiti"},
                                     "3": {"kind": "recruit", "card": "Hammurabi"}}
    assert coins(at(4)) == [6, 6, 6, 6] and coins(at(5)) == [2, 3, 3, 4]
    # Age II's recruitment (round 11): seat 0 sells Vitruvius (3) and is paid 4 by seat 1; seat 2
    # recruits Zenobia (2); seat 3 sells Plato (3)
    assert coins(at(11)) == [2, 4, 3, 8] and coins(at(12)) == [2 + 3 + 4, 4 - 4, 3 - 2, 8 + 3]


def test_imhotep_lets_rhodes_build_its_second_stage_with_two_clay_bought():
    # round 11: seat 1 (Rhodes A, no clay of its own) tucks Xenophon for stage 2 (3 clay); with
    # Imhotep one unit less: 2 clay, both from seat 0 (Babylon's clay and the Clay Pool), 2 coins
    # each. Without him 3 clay would be needed, and its neighbours make 2 between them.
    before = at(11)
    assert before.cities[1].board.name == "Rhodes" and before.cities[1].stages_built == 1
    assert stored()["rounds"][11]["1"] == {"kind": "tuck", "card": "Xenophon", "pay": {"0": 4}}
    after = at(12)
    assert after.cities[1].stages_built == 2 and "Xenophon" in zone_names(after, 1, "tucked")


def test_hammurabi_leaves_the_loom_out_of_the_courthouse():
    # round 12: seat 3 (Hammurabi) builds the Courthouse (2 clay, loom) paying seat 0 2 coins for
    # one clay: the Excavation makes the other; no neighbour makes a loom: the unit left out
    assert stored()["rounds"][12]["3"] == {"kind": "build", "card": "Courthouse", "pay": {"0": 2}}
    built = [c.name for c in at(12).cities[3].built]
    assert "Excavation" in built and "Loom" not in built


def test_tucked_leaders_count_for_nothing_and_the_leaders_column_adds_the_recruited_ones():
    sheets = {s["seat"]: s for s in stored()["scores"]}
    # seat 0: Cleopatra 5 (Euclid tucked under a stage, Hiram never played); seat 2: Nefertiti 4 +
    # Zenobia 3 (Hypatia tucked); seats 1 and 3 recruited leaders with no points
    assert [sheets[s]["leaders"] for s in range(4)] == [5, 0, 7, 0]
    final = at(len(stored()["rounds"]))
    assert "Euclid" in zone_names(final, 0, "tucked") and "Euclid" not in [c.name for c in final.cities[0].built]
    # seat 2's Gamers Guild: 1 point per 3 coins, 20 coins: 6, its only guild
    assert sheets[2]["coins"] == 20 and sheets[2]["guilds"] == 6
