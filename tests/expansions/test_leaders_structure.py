"""The shape of a game with the Leaders layer (rulesets/leaders.wr), played by random agents at
every table: 6 coins at the start; a draft of four leaders passed to the right before Age I;
one recruitment turn at the start of each age, after the age's hand is dealt, in which every
player plays one leader (recruit it for its cost, tuck it under the next stage, or sell it for
3 coins); sold leaders never reach the age's discard pile; a leaders column on the sheet. Rome B's
stages add leaders of their own: drawn from the undrafted pile, recruited at the end of a turn."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from expansion_support import dealt_names, rules, zone_names
from leaders_support import draft, held, random_rounds

import wonderrules as wr
from wonderrules.interpreter.log import check_scores

TABLES = [(("leaders",), n) for n in range(3, 8)] + [(("cities_leaders",), n) for n in range(3, 9)]
LEADER_KINDS = {"recruit", "tuck", "dismiss"}


def table_id(t):
    layers, n = t
    return "+".join(layers) + f"-{n}p"


def leader_names(layers) -> set[str]:
    return {c.name for c in rules(*layers).cards if c.deck == "leaders"}


@pytest.mark.parametrize("table", TABLES, ids=table_id)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_draft_recruit_each_age_and_keep_every_card_in_one_place(table, seed):
    layers, n = table
    leaders = leader_names(layers)
    hand = 7 if "cities_leaders" not in layers or n == 8 else 8
    first = True
    recruitments: Counter = Counter()
    recruited = [0] * n
    enlisted = [0] * n  # leaders recruited by Rome B's stages, at the end of a turn
    for state, chosen in random_rounds(layers, n, seed):
        if first:
            assert [c.coins for c in state.cities] == [6] * n
            assert all(len(zone_names(state, s, "draft")) == 4 for s in range(n))
            undrafted = Counter(zone_names(state, 0, "undrafted"))
            assert sum(undrafted.values()) == len(leaders) - 4 * n
            rome_b = [s for s, city in enumerate(state.cities) if city.board is not None
                      and (city.board.name, city.board.side) == ("Rome", "B")]
            first = False
        for city in state.cities:
            assert city.coins >= 0
        kinds = {a.kind for a in chosen.values()}
        if kinds == {"keep"}:
            assert state.age == 0 and len(chosen) == n
        if {d.kind for d in state.pending_decisions().values()} == {"enlist"}:
            assert kinds == {"recruit"} and set(chosen) <= set(rome_b)
            for seat in chosen:
                enlisted[seat] += 1
                recruited[seat] += 1
        elif kinds & LEADER_KINDS:
            # every player plays a leader, before the first card of the freshly dealt hand
            assert kinds <= LEADER_KINDS and len(chosen) == n
            assert all(len(zone_names(state, s, "hand")) == hand for s in range(n))
            assert all(len(zone_names(state, s, "leaders")) == 5 - state.age for s in range(n) if s not in rome_b)
            assert all(a.card in leaders for a in chosen.values())
            recruitments[state.age] += 1
            for seat, a in chosen.items():
                recruited[seat] += a.kind == "recruit"
    assert recruitments == {1: 1, 2: 1, 3: 1}
    # the fourth leader is never played; leaders are recruited into the city, sold apart
    dismissed = Counter(zone_names(state, 0, "dismissed"))
    assert not (set(zone_names(state, 0, "discard")) & leaders)
    drawn = undrafted - Counter(zone_names(state, 0, "undrafted"))  # by Rome B's first stage
    assert not drawn or (rome_b and state.cities[rome_b[0]].stages_built >= 1)
    for seat in range(n):
        extra = sum(drawn.values()) - enlisted[seat] if seat in rome_b else 0
        assert len(zone_names(state, seat, "leaders")) == 1 + extra
        assert len([c for c in zone_names(state, seat, "built") if c in leaders]) == recruited[seat]
    # every card dealt ends in exactly one place (the undrafted leaders stay in their pile)
    built = Counter(c.name for city in state.cities for c in city.built)
    held = Counter(c for s in range(n) for c in zone_names(state, s, "leaders"))
    tucked = Counter(c for s in range(n) for c in zone_names(state, s, "tucked"))
    where = built + Counter(zone_names(state, 0, "discard")) + tucked + dismissed + held
    assert where == dealt_names(state) + drawn  # the deal records name the cards dealt, not the undealt rest
    # the leaders column adds up the points of the recruited leaders; the sheet adds up
    for sheet in state.scores():
        assert "leaders" in dict(sheet.columns)
        assert sum(v for _, v in sheet.columns) == sheet.total
    log = json.loads(json.dumps(wr.to_log(state)))
    again = wr.replay(wr.Game(rules(*layers), n, sides="random"), log)
    assert check_scores(again, log) == []


def test_the_draft_passes_what_is_left_to_the_right():
    previous = None
    for state, chosen in random_rounds(("leaders",), 4, 7):
        if state.age >= 1:
            break
        packets = [zone_names(state, s, "draft") for s in range(4)]
        if previous is not None:
            old_packets, old_chosen = previous
            for seat in range(4):
                giver = state.left(seat)  # passed right: a seat receives from its left neighbour
                rest = list(old_packets[giver])
                rest.remove(old_chosen[giver].card)
                assert sorted(packets[seat]) == sorted(rest)
        previous = (packets, chosen)
    assert previous is not None and all(len(p) == 1 for p in previous[0])


def test_the_leaders_deck_holds_four_leaders_per_player_at_the_largest_tables():
    assert len(leader_names(("leaders",))) >= 4 * 7
    assert len(leader_names(("cities_leaders",))) >= 4 * 8


def test_cities_and_leaders_without_the_cities_leaders_deal_four_leaders_to_each_of_eight():
    # the 36 leaders of the Leaders box: 32 for the draft at 8 players, 4 left over
    rules = wr.load_rules("cities", "leaders")
    assert len([c for c in rules.cards if c.deck == "leaders"]) == 36
    state = wr.Game(rules, 8).new_initial_state(seed=3)
    draft(state)
    assert all(len(held(state, s)) == 4 for s in range(8))


def test_solomon_builds_at_the_end_of_the_recruitment_turn():
    # the recruitment turn ends as a turn does: a pick decision follows at once when Solomon
    # was recruited and the discard pile holds a card he may build
    for seed in range(40):
        for state, chosen in random_rounds(("leaders",), 3, seed):
            recruited = [s for s, a in chosen.items() if a.kind == "recruit" and a.card == "Solomon"]
            if recruited and state.age >= 2 and zone_names(state, 0, "discard"):
                state = state.clone()
                state.apply_actions(chosen)
                assert recruited[0] in state.pending_decisions()
                assert {a.kind for a in state.legal_actions(recruited[0])} == {"pick"}
                return
    pytest.fail("no game recruited Solomon in Age II or III")
