"""`state.ranks()`: each player's place after the game, 1 the best, in the order that picks the
winners (total, then the rule set's tie breaks; a team's place when a team wins), players level
sharing a place and the next place skipped; `state.win_shares()`: each player's share of the win."""

from __future__ import annotations

import pytest

import wonderrules as wr
from wonderrules.interpreter.agents import make_agent


def finished(rules: tuple[str, ...], players: int, seed: int, options: tuple[str, ...] = ()):
    bots = [make_agent("random", seed * 1000 + p) for p in range(players)]
    state = wr.Game(wr.load_rules(*rules), players, options).new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply_actions({p: bots[p].choose(state, p) for p in state.pending_decisions()})
    return state


@pytest.mark.parametrize(("seed", "sheets", "places"), [
    # (total, coins) per seat, read from the sheets; the base game breaks a tie of totals by coins
    (13, [(19, 49), (17, 52), (17, 51)], [1, 2, 3]),  # level on 17 points: more coins places higher
    (62, [(28, 17), (18, 60), (18, 60)], [1, 2, 2]),  # level on points and coins: a shared second
    (192, [(33, 30), (15, 42), (33, 30)], [1, 3, 1]),  # a shared first: the next place is the third
])
def test_players_level_on_points_and_coins_share_a_place_and_the_next_is_skipped(
        seed: int, sheets: list[tuple[int, int]], places: list[int]) -> None:
    state = finished(("base",), 3, seed)
    assert [(s.total, s.coins) for s in state.scores()] == sheets
    assert state.ranks() == places
    assert state.winners() == [p for p, place in enumerate(places) if place == 1]


def test_the_places_follow_points_then_coins_in_random_games() -> None:
    for seed in range(20):
        state = finished(("base",), 4, seed)
        keys = [(s.total, s.coins) for s in state.scores()]
        assert state.ranks() == [1 + sum(other > key for other in keys) for key in keys]


def test_partners_share_the_place_of_their_team_when_a_team_wins() -> None:
    for seed in range(6):
        state = finished(("cities",), 6, seed, ("teams",))
        sheets = state.scores()
        teams: dict[int, list[int]] = {}
        for p in range(6):
            teams.setdefault(state.table.team_of(p), []).append(p)
        # a team is ranked by its total, then its coins (the tie break of the bundled games)
        keys = {t: (sum(sheets[p].total for p in members), sum(sheets[p].coins for p in members))
                for t, members in teams.items()}
        expected = [1 + sum(other > keys[state.table.team_of(p)] for other in keys.values()) for p in range(6)]
        assert state.ranks() == expected
        assert [p for p in range(6) if expected[p] == 1] == state.winners()


def test_a_game_not_over_places_nobody() -> None:
    state = wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=1)
    assert state.ranks() == [0, 0, 0]


def test_a_tie_of_players_shares_the_win_between_them() -> None:
    assert finished(("base",), 3, 192).win_shares() == [0.5, 0.0, 0.5]  # level first on points and coins
    assert finished(("base",), 3, 13).win_shares() == [1.0, 0.0, 0.0]
    state = finished(("base",), 4, 3)
    assert state.win_shares() == state.returns() and sum(state.win_shares()) == 1


def test_every_member_of_a_winning_team_has_the_teams_share() -> None:
    for seed in range(4):
        state = finished(("cities",), 6, seed, ("teams",))
        winners = state.winners()
        teams = {state.table.team_of(p) for p in winners}
        assert state.win_shares() == [1 / len(teams) if p in winners else 0.0 for p in range(6)]
        assert sum(state.win_shares()) == 2  # teams of two: the winning team's members hold one win each


def test_before_the_end_nobody_has_a_share() -> None:
    assert wr.Game(wr.load_rules("base"), 3).new_initial_state(seed=1).win_shares() == [0.0, 0.0, 0.0]
