"""Cities: team play (rules_facts.md section 5, "Team play"). Four players unless stated: teams
are seats (0, 1) and (2, 3); seat 0's left neighbour (1) is its partner and its right
neighbour (3) an enemy."""

from __future__ import annotations

import json

import pytest
from expansion_support import Action, Scenario, at, build, chain, new_game, pay, play_random, split, token, token_value

import wonderrules as wr

BOARDS = [("Rhodes", "A"), ("Giza", "A"), ("Babylon", "A"), ("Olympia", "A")]


def team(plan, n=4, boards=None, **kw) -> Scenario:
    return Scenario(("cities",), n, boards or BOARDS[:n], plan, options=("teams",), **kw)


def end_tokens(sc: Scenario, age: int):
    """(victories, victory value, defeats, defeat value, diplomacy) per seat, just after the
    conflict of `age` (read on the first turn of the next age)."""
    sc.run_to(age, sc.turns)
    st = sc.state
    before = [_tok(st, s) for s in range(st.n)]
    sc.play_turn()
    return [tuple(a - b for a, b in zip(_tok(st, s), before[s])) for s in range(st.n)]


def _tok(st, s):
    return (token(st, s, "victory"), token_value(st, s, "victory"), token(st, s, "defeat"),
            token_value(st, s, "defeat"), token(st, s, "diplomacy"))


# ---- table ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [4, 6, 8])
def test_teams_of_two_side_by_side(n):
    """[R] Games of 4, 6 or 8 players may be played in teams of 2; partners sit next to each
    other, so each player has one partner neighbour and one enemy neighbour. [R] 8 players is the
    recommended count for team play."""
    game = new_game(("cities",), n, ("teams",))
    state = game.new_initial_state(seed=1)
    for s in range(n):
        partners = state.table.partners(s)
        assert len(partners) == 1
        p = partners[0]
        assert state.table.partners(p) == (s,)
        assert (state.left(s) == p) != (state.right(s) == p)  # exactly one side


@pytest.mark.parametrize("n", [3, 5, 7])
def test_teams_refused_at_odd_counts(n):
    """[R] Games of 4, 6 or 8 players may be played in teams of 2 (others are refused)."""
    with pytest.raises(ValueError) as err:
        new_game(("cities",), n, ("teams",))
    text = str(err.value)
    assert "teams" in text and "4, 6, 8" in text and str(n) in text


def test_teams_refused_for_two_players():
    """[R] Games of 4, 6 or 8 players may be played in teams of 2: not the two-player game."""
    with pytest.raises(ValueError, match="4, 6, 8"):
        new_game(("cities", "two_player"), 2, ("teams",))


# ---- partners ------------------------------------------------------------------------------------

def test_partner_hand_visible_enemy_hands_never():
    """[R] Partners may talk freely and show each other their cards."""
    hands = {1: [["Altar"] * 8, ["Theater"] * 8, ["Pawnshop"] * 8, ["Baths"] * 8]}
    game = new_game(("cities",), 4, ("teams",))
    st = game.new_initial_state(seed=0, boards=BOARDS, hands=hands)
    for p, partner, mine, theirs, enemies in [(0, 1, "Altar", "Theater", ("Pawnshop", "Baths")),
                                              (3, 2, "Baths", "Pawnshop", ("Altar", "Theater"))]:
        obs = wr.observation(st, p)
        hands_seen = {c["seat"]: c["zones"]["hand"].get("cards") for c in obs["cities"]}
        assert hands_seen[p] == [mine] * 8
        assert hands_seen[partner] == [theirs] * 8
        assert [s for s, cards in hands_seen.items() if cards is not None] == sorted((p, partner))
        text = json.dumps(obs)
        for name in enemies:
            assert name not in text
    # without teams nobody sees another hand
    solo = new_game(("cities",), 4).new_initial_state(seed=0, boards=BOARDS, hands=hands)
    obs = wr.observation(solo, 0)
    assert [c["zones"]["hand"].get("cards") for c in obs["cities"]] == [["Altar"] * 8, None, None, None]
    assert "Theater" not in json.dumps(obs)


def test_own_resources_before_buying():
    """[R] A player must use their own resources before buying resources from neighbours."""
    # Seat 0 (Rhodes A, start ore) builds Barracks (ore): its own ore pays, and buying the ore
    # of its partner (seat 1, Ore Vein built on turn 1) is refused.
    plan = {1: {1: {1: build("Ore Vein")}, 2: {0: build("Barracks")}}}
    sc = team(plan)
    sc.run_to(1, 2)
    st = sc.state
    assert [split(st, 0, a) for a in st.legal_actions(0) if a.card == "Barracks" and a.kind == "build"] == [(0, 0)]
    assert st.explain(0, at(st, 0, build("Barracks", left=2))) is not None


def test_partners_pay_each_other():
    """[R] Partners may NOT: share coins, swap cards, skip paying for resources bought from each
    other, or buy resources from each other for a card they can build for free through a chain."""
    # Seat 0 (Rhodes A) buys stone from its partner (seat 1, Giza A) for Baths: 2 coins, paid.
    plan = {1: {1: {0: build("Baths", left=2)}}}
    sc = team(plan)
    st = sc.state
    assert st.explain(0, build("Baths")) is not None           # no free stone from a partner
    assert [split(st, 0, a) for a in st.legal_actions(0) if a.card == "Baths" and a.kind == "build"] == [(2, 0)]
    sc.play_turn()
    assert st.cities[0].coins == 1 and st.cities[1].coins == 3 + 3 + 2
    # no action moves coins or cards to a partner
    assert st.explain(0, Action("give", "Altar")) is not None
    kinds = {a.kind for p in st.pending_decisions() for a in st.legal_actions(p)}
    assert kinds <= {"build", "stage", "sell"}


def chained_temple() -> Scenario:
    # Seat 0 (Rhodes A) built Altar in Age I; in Age II Temple (wood, clay, glass) chains from
    # it. Its partner (seat 1) has Lumber Yard, Clay Pool and Glassworks, and would sell them.
    plan = {1: {1: {0: build("Altar"), 1: build("Lumber Yard")}, 2: {1: build("Clay Pool")},
                3: {1: build("Glassworks")}},
            2: {1: {0: chain("Temple")}}}
    sc = team(plan, filler={1: "Theater", 2: "Walls"})
    sc.run_to(2, 1)
    return sc


def test_no_buying_from_partner_for_a_chained_card():
    """[R] Partners may NOT ... buy resources from each other for a card they can build for free
    through a chain."""
    st = chained_temple().state
    temple = [a for a in st.legal_actions(0) if a.card == "Temple" and a.kind == "build"]
    assert temple == [chain("Temple")]


def test_explain_refuses_buying_from_partner_for_a_chained_card():
    """[R] Partners may NOT ... buy resources from each other for a card they can build for free
    through a chain (explain and apply_actions must refuse it, as legal_actions leaves it out)."""
    st = chained_temple().state
    assert st.explain(0, at(st, 0, build("Temple", left=6))) is not None


def test_coin_loss_hits_partner():
    """[R] A coin-loss card played by a player also hits that player's partner."""
    plan = {1: {1: {0: build("Hideout")}}}
    sc = team(plan)
    sc.finish_turn()
    st = sc.state
    assert sorted(st.pending_decisions()) == [1, 2, 3]
    st.apply_actions({1: pay(0), 2: pay(1), 3: pay(1)})
    assert token(st, 1, "debt") == 1


# ---- conflicts -----------------------------------------------------------------------------------

def test_partners_never_fight_tokens_doubled():
    """[R] Conflicts: partners never fight each other; each player fights only the adjacent enemy
    city. Conflict tokens are doubled: a victory gives 2 tokens of the Age's value (2x1, 2x3,
    2x5), a defeat gives 2 tokens of -1."""
    # Seat 0 (Rhodes A): Barracks in Age I (1 shield); nobody else has shields.
    sc = team({1: {1: {0: build("Barracks")}}}, filler={2: "Walls"})
    d1 = end_tokens(sc, 1)
    assert d1[0] == (2, 2, 0, 0, 0)      # beats seat 3 only
    assert d1[3] == (0, 0, 2, -2, 0)
    assert d1[1] == d1[2] == (0, 0, 0, 0, 0)   # partner (0 shields) not fought; 1 and 2 tie
    d2 = end_tokens(sc, 2)
    assert d2[0] == (2, 6, 0, 0, 0) and d2[3] == (0, 0, 2, -2, 0)


def test_partners_never_fight_age_three_six_players():
    """[R] Conflicts: partners never fight each other; each player fights only the adjacent enemy
    city. Conflict tokens are doubled (Age III: 2 x 5)."""
    # Six players: teams (0,1), (2,3), (4,5). Seat 1 (Rhodes A) has Barracks: it faces seat 2.
    boards = [("Giza", "A"), ("Rhodes", "A"), ("Babylon", "A"), ("Olympia", "A"), ("Ephesus", "A"),
              ("Alexandria", "A")]
    sc = team({1: {1: {1: build("Barracks")}}}, n=6, boards=boards, filler={2: "Walls", 3: "Palace"})
    sc.run_to_end()
    st = sc.state
    assert (token(st, 1, "victory"), token_value(st, 1, "victory")) == (6, 2 * (1 + 3 + 5))
    assert (token(st, 2, "defeat"), token_value(st, 2, "defeat")) == (6, -6)
    for s in (0, 3, 4, 5):
        assert token(st, s, "victory") == token(st, s, "defeat") == 0


def diplomacy_plan(*diplomats):
    # Seats 0 (Rhodes A) and 1 (Giza A) have a Barracks each (ore: Rhodes' board; Giza: Ore
    # Vein); a diplomat builds Clay Pool and Residence (clay) in Age I.
    plan = {1: {1: {0: build("Barracks"), 1: build("Ore Vein")}, 2: {1: build("Barracks")}}}
    for s in diplomats:
        plan[1].setdefault(3, {})[s] = build("Clay Pool")
        plan[1].setdefault(4, {})[s] = build("Residence")
    return plan


def test_team_diplomacy_rulebook_example():
    """[R] Diplomacy in team play: the player with a Diplomacy token DOES take part in the next
    resolution, but both that player and their opponent receive 1 token instead of 2; the token
    is then discarded. It does not affect the partner; the player can still win that conflict."""
    sc = team(diplomacy_plan(0))
    d = end_tokens(sc, 1)
    assert d[0] == (1, 1, 0, 0, -1)         # fought, won, one token; the Residence token spent
    assert token(sc.state, 0, "diplomacy") == 0
    assert d[3] == (0, 0, 1, -1, 0)
    assert d[1] == (2, 2, 0, 0, 0)          # the partner fights seat 2 for the full 2 tokens
    assert d[2] == (0, 0, 2, -2, 0)


def test_team_diplomacy_both_partners():
    """[R] If both partners use Diplomacy, both receive single tokens, as do their opponents."""
    sc = team(diplomacy_plan(0, 1))
    d = end_tokens(sc, 1)
    assert d[0] == (1, 1, 0, 0, -1) and d[1] == (1, 1, 0, 0, -1)
    assert d[2] == (0, 0, 1, -1, 0) and d[3] == (0, 0, 1, -1, 0)
    assert token(sc.state, 0, "diplomacy") == token(sc.state, 1, "diplomacy") == 0


def test_team_diplomacy_opponent_holder():
    """[R] ... both that player and their opponent receive 1 token instead of 2 (the holder may
    lose too)."""
    # seat 3 (Olympia, the enemy of seat 0) holds the token and loses to seat 0's Barracks
    plan = diplomacy_plan()
    plan[1][3] = {3: build("Clay Pool")}
    plan[1][4] = {3: build("Residence")}
    sc = team(plan)
    d = end_tokens(sc, 1)
    assert d[0] == (1, 1, 0, 0, 0) and d[3] == (0, 0, 1, -1, -1)
    assert d[1] == (2, 2, 0, 0, 0)


# ---- the end -------------------------------------------------------------------------------------

def test_partners_add_totals_best_team_wins():
    """[R] End: each player scores their own city; partners add their totals; the team with the
    highest total wins."""
    # Everybody sells every card but seat 0's Barracks: 18 military points for seat 0
    # (2 x (1 + 3 + 5)), -6 for seat 3; coins are equal (66 each but seat 0's 63).
    sc = team({1: {1: {0: build("Barracks")}}}, filler={2: "Walls"})
    sc.run_to_end()
    st = sc.state
    totals = [s.total for s in st.scores()]
    # 18 + 63 // 3; 66 // 3; 66 // 3; -6 + 66 // 3
    assert totals == [39, 22, 22, 16]
    assert st.winners() == [0, 1]
    assert st.returns()[0] == st.returns()[1] > 0 and st.returns()[2] == st.returns()[3] == 0


@pytest.mark.parametrize("n", [4, 6, 8])
def test_random_team_games_best_team_wins(n):
    """[R] End: each player scores their own city; partners add their totals; the team with the
    highest total wins."""
    game = new_game(("cities",), n, ("teams",))
    for seed in range(3):
        state, _ = play_random(game, seed)
        sheets = state.scores()
        sums = {t: sheets[2 * t].total + sheets[2 * t + 1].total for t in range(n // 2)}
        best = max(sums.values())
        top = [t for t, v in sums.items() if v == best]
        winners = state.winners()
        assert len(winners) % 2 == 0
        assert {w // 2 for w in winners} <= set(top)
