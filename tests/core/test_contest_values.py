"""A contest with fewer victory values than ages: the last value holds for the later ages
(docs/language/contests.rst)."""

from __future__ import annotations

import random
from pathlib import Path

import wonderrules


def test_the_last_victory_value_holds_for_the_ages_after_it(tmp_path: Path) -> None:
    path = tmp_path / "two_values.wr"
    path.write_text("ruleset two_values extends base\noverride contest military at end of age {\n"
                    "  strength: symbols(shield)\n  pairs: neighbours\n"
                    "  win: victory worth 1, 3\n  lose: defeat worth -1\n}\n", encoding="utf-8")
    game = wonderrules.Game(wonderrules.load_rules(str(path)), 3)
    worth: dict[int, set[int]] = {}
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
        for entry in state.history:
            if entry.get("type") == "contest":
                for result in entry["results"]:
                    if result["outcome"] == "win":
                        worth.setdefault(entry["age"], set()).add(result["worth"])
    assert worth == {1: {1}, 2: {3}, 3: {3}}
