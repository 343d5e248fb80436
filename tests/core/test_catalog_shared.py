"""The engine's tables for a rule set (its Catalog) are built once per rule set and shared by every
Game of it, whatever the players and options; sharing them changes no game."""

from __future__ import annotations

import pickle
import random

import attrs

import wonderrules as wr


def _play(game: wr.Game, seed: int) -> tuple[list[list[list[wr.Action]]], dict[int, int]]:
    """The legal lists met and the final totals of a random game (choices from `seed`)."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal():
        legal = {p: state.legal_actions(p) for p in state.pending_decisions()}
        seen.append([legal[p] for p in sorted(legal)])
        state.apply_actions({p: rng.choice(options) for p, options in legal.items()})
    return seen, {sheet.seat: sheet.total for sheet in state.scores()}


def test_every_game_of_a_rule_set_uses_the_same_tables():
    rules = wr.load_rules("cities")
    first, second, teams = wr.Game(rules, 3), wr.Game(rules, 7), wr.Game(rules, 6, options=["teams"])
    assert first.catalog is second.catalog is teams.catalog is rules.catalog
    assert wr.Game(wr.load_rules("cities"), 3).catalog is not first.catalog  # another rule set object


def test_a_changed_or_pickled_rule_set_builds_its_own():
    rules = wr.load_rules("base")
    changed = attrs.evolve(rules, title="another title")
    assert changed.catalog is not rules.catalog
    copied = pickle.loads(pickle.dumps(rules))
    assert copied.catalog is not rules.catalog
    assert list(map(type, copied.catalog.program.instructions)) == list(map(type, rules.catalog.program.instructions))


def test_games_on_shared_tables_play_as_games_on_their_own():
    shared = wr.load_rules("leaders")
    for players, seed in ((3, 1), (5, 2), (4, 3)):  # one after another, on tables warmed by the others
        alone = _play(wr.Game(wr.load_rules("leaders"), players), seed)
        assert _play(wr.Game(shared, players), seed) == alone
