"""Golden playthroughs: complete games of seeded greedy agents, played by the first engine and
stored as game logs (format 1) in golden/*.json. The facts below were worked out by hand from the
rules on those games; the interpreter replays each stored game (format 1 is read), so every fact
is asserted on the interpreter's own play of the recorded moves. A test fails when a stored game
no longer replays (a recorded move refused, another score), or when a fact no longer holds.

The files are not regenerated: a new game would need its facts worked out by hand again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from expansion_support import new_game, split, zone_names

import wonderrules as wr
from wonderrules.interpreter.agents import make_agent
from wonderrules.interpreter.log import check_scores, replay

GOLDEN = Path(__file__).resolve().parent / "golden"

#: name -> (layers, players, options, seed)
PLAYTHROUGHS = {
    "cities_4p": (("cities",), 4, (), 11),
    "cities_8p_teams": (("cities",), 8, ("teams",), 12),
    "two_player": (("two_player",), 2, (), 13),
    "cities_two_player": (("cities", "two_player"), 2, (), 14),
}


def play(name: str) -> dict:
    """A new game of the playthrough's table and seed, played by seeded greedy agents."""
    layers, n, options, seed = PLAYTHROUGHS[name]
    game = new_game(layers, n, options, sides="random")
    state = game.new_initial_state(seed=seed)
    agents = {p: make_agent("greedy", seed * 10 + p) for p in range(n)}
    while not state.is_terminal():
        state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})
    return wr.to_log(state, list(layers))


def stored(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def v1_round(state, moves: dict) -> dict:
    """A round as format 1 records it (payments to the left and right neighbour), from the
    interpreter's own actions of that round (payments per seller seat)."""
    out = {}
    for player, action in moves.items():
        entry = {"kind": action.kind}
        if action.card:
            entry["card"] = action.card
        if action.kind in ("build", "stage"):
            entry["left"], entry["right"] = split(state, player, action)
        if action.way:
            entry["means"] = action.way
        if action.kind == "pay":
            entry["coins"] = action.amount
        out[str(player)] = entry
    return out


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_stored_game_is_in_the_first_log_format(name):
    log = stored(name)
    assert (log["format"], log["version"]) == ("wonder-rules game log", 1)
    assert "fingerprint" not in log


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_replays_to_its_scores(name):
    layers, n, options, _ = PLAYTHROUGHS[name]
    log = stored(name)
    state = wr.replay(new_game(layers, n, options), log)
    assert state.is_terminal()
    assert check_scores(state, log) == []
    assert [sheet.to_json()["total"] for sheet in state.scores()] == [s["total"] for s in log["scores"]]
    assert state.winners() == log["winners"]


def test_two_player_playthrough_is_played_again_by_the_same_agents():
    """The greedy agents still choose every move of the stored two-player game: a new game of its
    seed records the same moves and scores."""
    log, again = stored("two_player"), play("two_player")
    assert again["version"] == 2
    state = new_game(("two_player",), 2, sides="random").new_initial_state(seed=13)
    for k, moves in enumerate(again["rounds"]):
        actions = {int(p): wr.Action(a["kind"], a.get("card", ""),
                                     tuple((int(s), c) for s, c in a.get("pay", {}).items()),
                                     a.get("way", ""), a.get("amount", 0))
                   for p, a in moves.items()}
        assert v1_round(state, actions) == log["rounds"][k], k
        state.apply_actions(actions)
    assert [s["total"] for s in again["scores"]] == [s["total"] for s in log["scores"]]


def test_seeded_agents_play_the_same_game_twice():
    """The same seed gives the same game (the greedy agents are seeded too)."""
    for name in sorted(PLAYTHROUGHS):
        assert play(name) == play(name), name


def test_every_expansion_table_has_a_playthrough():
    files = {p.stem for p in GOLDEN.glob("*.json")}
    assert files == set(PLAYTHROUGHS)


# ---- facts checked by hand on the stored games -----------------------------------------------------
#
# Each was worked out from the rules by reading the log (cards, payments, shields), then
# asserted here on a replay of the stored file, so a regenerated file is checked again.

def at(name: str, rounds: int):
    """The stored game after its first `rounds` decision rounds."""
    layers, n, options, _ = PLAYTHROUGHS[name]
    return replay(new_game(layers, n, options), stored(name), upto=rounds)


def pay_limits(state) -> dict[int, int]:
    return {p: max(a.amount for a in state.legal_actions(p)) for p, d in state.pending_decisions().items()
            if d.kind == "pay"}


def tokens(state, name):
    i = state.game.catalog.token_index[name]
    return [c.token_counts[i] for c in state.cities]


def test_hand_checked_cities_4p():
    log = stored("cities_4p")
    # round 1 (Age I turn 2): seat 1 builds Hideout; everyone else pays 1 or takes debt
    assert log["rounds"][1]["1"] == {"kind": "build", "card": "Hideout", "left": 0, "right": 0}
    assert pay_limits(at("cities_4p", 2)) == {0: 1, 2: 1, 3: 1}
    # round 9 (Age II turn 3): seat 1's Vineyard pays 7 coins: Ore Vein in its city, Ore Vein,
    # Timber Yard and Quarry (built that turn) on its left, Stone Pit, Lumber Yard and Excavation
    # on its right
    assert log["rounds"][9]["1"]["card"] == "Vineyard"
    assert at("cities_4p", 9).cities[1].coins == 8 and at("cities_4p", 10).cities[1].coins == 15
    # round 18 (Age III turn 3): seat 3's Builders Union: each other player loses 1 coin per stage
    # built (Petra A 3, Byzantium A 2, Babylon B 3)
    st = at("cities_4p", 19)
    assert [c.stages_built for c in st.cities] == [3, 2, 3, 2]
    assert pay_limits(st) == {0: 3, 1: 2, 2: 3}
    # end of Age II: seat 1 (Byzantium A stage 2, turn 6) and seat 3 (Consulate, turn 7) sit out;
    # seats 0 (Stables) and 2 (Militia) have 2 shields each: one war, a tie, no token
    before, after = at("cities_4p", 15), at("cities_4p", 16)   # round 15: Babylon B plays its last card
    assert tokens(before, "diplomacy") == [0, 1, 0, 1] and tokens(after, "diplomacy") == [0, 0, 0, 0]
    assert tokens(before, "victory") == tokens(after, "victory") == [0, 1, 2, 1]
    assert tokens(before, "defeat") == tokens(after, "defeat") == [2, 1, 0, 1]
    # the end: Guild of Shadows counts 3 + 2 black cards next door, Counterfeiters Guild 5;
    # Babylon B's wild symbol completes a set (compass, 2 gears, tablet: 1 + 4 + 1 + 7)
    sheets = {s["seat"]: s for s in log["scores"]}
    assert sheets[0]["guilds"] == 10 and sheets[2]["science"] == 13
    assert sheets[2]["choices"] == ["symbol compass"]
    assert [sheets[s]["military"] for s in range(4)] == [-4, 0, 6, 10]
    assert log["winners"] == [2]


def test_hand_checked_cities_8p_teams():
    log = stored("cities_8p_teams")
    # round 0: seat 3's Hideout hits all seven others, its partner (seat 2) included
    assert log["rounds"][0]["3"]["card"] == "Hideout"
    assert pay_limits(at("cities_8p_teams", 1)) == {p: 1 for p in (0, 1, 2, 4, 5, 6, 7)}
    # end of Age I: only seat 3 (3 shields) beat its enemy (seat 4, none): 2 victory tokens,
    # doubled; its partner, seat 2, was not fought
    st = at("cities_8p_teams", 7)
    assert st.age == 2 and tokens(st, "victory") == [0, 0, 0, 2, 0, 0, 0, 0]
    assert tokens(st, "defeat") == [0, 0, 0, 0, 2, 0, 0, 0]
    # round 7: Halicarnassus B stage 1 (seat 2) -> a pick from the discard pile (round 8), then
    # seat 7's Sepulcher: only seat 3 holds victory tokens, 2 of them
    assert at("cities_8p_teams", 8).pending_decisions()[2].kind == "pick"
    assert pay_limits(at("cities_8p_teams", 9)) == {3: 2}
    # round 17: seat 2's Builders Union; seat 6 built its second stage that same turn
    assert pay_limits(at("cities_8p_teams", 18)) == {0: 1, 1: 2, 4: 3, 5: 3, 6: 2, 7: 1}
    # six turns per age at eight players
    assert [at("cities_8p_teams", k).turn for k in (6, 7)] == [6, 1]
    sheets = {s["seat"]: s for s in log["scores"]}
    assert sheets[3]["military"] == 2 * 1 + 2 * 3 + 2 * 5
    assert log["winners"] == [0, 1]
    assert sheets[0]["total"] + sheets[1]["total"] == 102


def free_city_controllers(name: str) -> list[int]:
    """The player who chose each of the Free City's cards, in order."""
    out = []
    for k in range(len(stored(name)["rounds"])):
        pend = at(name, k).pending_decisions()
        if any(d.seat == 2 for d in pend.values()):
            (p, _), = pend.items()
            out.append(p)
    return out


def test_hand_checked_two_player():
    log = stored("two_player")
    # the Free City's decisions alternate; Age I starts with seat 0 (on its left), Age II with
    # seat 1 (on its right), Age III with seat 0
    assert free_city_controllers("two_player") == [0, 1, 0, 1, 0, 1] + [1, 0, 1, 0, 1, 0] + [0, 1, 0, 1, 0, 1]
    # round 9: the Free City (Alexandria A) builds stage 1 (2 stone): 2 coins to seat 0 (Stone
    # Pit) and 1 to seat 1 (its East Trading Post makes the right neighbour's stone cost 1)
    assert log["rounds"][9]["0"] == {"kind": "stage", "card": "Timber Yard", "left": 2, "right": 1}
    assert [c.coins for c in at("two_player", 10).cities] == [5, 4, 0]
    # round 16 (Age II turn 3): seat 0 (Ephesus A: papyrus, Stone Pit, Clay Pool, Glassworks,
    # Foundry) builds Courthouse (2 clay, loom): its own clay, a clay from seat 1's Brickyard on
    # its left and the loom of the Free City on its right, 2 coins each; seat 1's Vineyard pays
    # 5 (its Brickyard, seat 0's Stone Pit, Clay Pool and Foundry, the Free City's Ore Vein)
    assert log["rounds"][16]["0"] == {"kind": "build", "card": "Courthouse", "left": 2, "right": 2}
    before = at("two_player", 16)
    assert {split(before, 0, a) for a in before.legal_actions(0)
            if (a.kind, a.card) == ("build", "Courthouse")} == {(2, 2)}
    assert [c.coins for c in before.cities] == [4, 6, 0]
    assert [c.coins for c in at("two_player", 18).cities] == [0, 6 + 2 + 5, 2]
    # the card left in the Free City's pile after turn 6 is discarded with the players' last cards
    st = at("two_player", 12)
    assert st.age == 2
    left_over = log["deals"]["1"]["piles"]["2"][-1]
    assert left_over in zone_names(st, 0, "discard")
    # round 35 (Age III turn 6): seat 1 has sold the Scientists Guild and holds the Magistrates
    # Guild (3 wood, stone, loom: no neighbour sells wood, and the Free City's second stage gives
    # only one raw unit) and the Academy (3 stone, glass: one stone from that stage, two bought,
    # at 1 each from seat 1 with its East Trading Post or at 2 from seat 0's Stone Pit); all
    # three stages of Alexandria A are built. A card in hand can be built, so no sale: the Free
    # City builds the Academy
    st = at("two_player", 35)
    assert {(a.kind, a.card, *split(st, 1, a)) for a in st.legal_actions(1)} == \
        {("build", "Academy", 0, 2), ("build", "Academy", 2, 1)}
    assert log["rounds"][35]["1"] == {"kind": "build", "card": "Academy", "left": 0, "right": 2}
    # shields after Ages I, II, III: seat 0 1, 1, 1 (Guard Tower); seat 1 0, 2 (Walls), 5
    # (Fortifications); the Free City 0, 2 (Archery Range), 5 (Siege Workshop): seat 0 +1 +1,
    # -1 -1, -1 -1; seat 1 -1, +3, +5 (a tie with the Free City); the Free City -1, +3, +5
    sheets = {s["seat"]: s for s in log["scores"]}
    assert [sheets[s]["military"] for s in range(3)] == [-2, 7, 7]
    # seat 1: 7 + 24 coins / 3 + Giza stage 1 3 + civilian 15 (Baths, Altar, Temple, Pantheon)
    # + Lighthouse 3 (its three yellow cards) + Craftsmens Guild 2 x 4 grey cards next door = 44;
    # the Free City: 7 + 2 coins / 3 + stages 3 + 7 + science 17 (4 gears, the Academy's
    # compass) = 34
    assert [sheets[s]["total"] for s in range(3)] == [33, 44, 34]
    assert log["winners"] == [1]


def test_hand_checked_cities_two_player():
    log = stored("cities_two_player")
    assert free_city_controllers("cities_two_player") == \
        [0, 1, 0, 1, 0, 1, 0] + [1, 0, 1, 0, 1, 0, 1] + [0, 1, 0, 1, 0, 1, 0]
    # round 19 (Age II turn 3): the Free City's Consulate. At the end of Age II it sits out, and
    # seat 0 (2 shields: Walls) and seat 1 (5: Guard Tower, Stockade, Barracks, Stables) fight
    # one war: one victory token worth 3 for seat 1, one defeat for seat 0
    assert log["rounds"][19]["1"]["card"] == "Consulate"
    before, after = at("cities_two_player", 27), at("cities_two_player", 28)
    assert (before.age, after.age) == (2, 3)
    assert tokens(before, "diplomacy") == [0, 0, 1] and tokens(after, "diplomacy") == [0, 0, 0]
    assert [a - b for a, b in zip(tokens(after, "victory"), tokens(before, "victory"))] == [0, 1, 0]
    assert [a - b for a, b in zip(tokens(after, "defeat"), tokens(before, "defeat"))] == [1, 0, 0]
    # round 31 (Age III turn 2): seat 1 has the Free City (Ephesus B: Clay Pool, Timber Yard,
    # Caravansery) build the Workers Guild (2 ore, clay, stone, wood): ore is sold only by seat 1
    # on its right, stone only by seat 0 on its left; it buys 2 ore, or an ore and a wood (the
    # Caravansery giving the other ore), or an ore and a stone (Timber Yard giving the wood):
    # 4 coins whichever seller is chosen. Seat 1's Contingent (5 coins, loom) pays 2 to the Free
    # City, its left neighbour, for the loom.
    assert log["rounds"][31]["1"] == {"kind": "build", "card": "Workers Guild", "left": 2, "right": 2}
    before = at("cities_two_player", 31)
    assert {split(before, 1, a) for a in before.legal_actions(1)
            if (a.kind, a.card) == ("build", "Workers Guild")} == {(0, 4), (2, 2)}
    assert [c.coins for c in before.cities] == [0, 9, 14]
    assert [c.coins for c in at("cities_two_player", 32).cities] == [0 + 2, 9 - 5 - 2 + 2, 14 - 4 + 2]
    # military: shields after Ages I, II, III: seat 0 0, 2, 5 (Siege Workshop); seat 1 3, 5, 16
    # (Contingent, Fortifications, Arsenal); the Free City none: seat 0 -1, -1, -1 +5; seat 1
    # +1 +1, +3, +5 +5; the Free City -1, (sits out), -1 -1
    sheets = {s["seat"]: s for s in log["scores"]}
    assert [sheets[s]["military"] for s in range(3)] == [2, 15, -3]
    # the Free City: -3 + 2 + Ephesus B 10 + civilian 15 + science 18 (3 tablets, a compass and
    # the Scientists Guild's gear) + guilds 14 (Workers 3 + 4, Craftsmens 2 x 2, Shadows 1 + 2)
    # + Consulate 2 = 58, more than either player, and it never wins
    assert [sheets[s]["total"] for s in range(3)] == [46, 48, 58]
    assert sheets[2]["choices"] == ["symbol gear"]
    assert log["winners"] == [1]
