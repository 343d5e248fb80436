"""Plays seeded random-agent games and prints, for each, a digest of everything it showed: every
legal list asked (its actions in order), every state's scores, the game's log and final scores.

Run as a program by tests/core/test_compiled_same_games.py, once with the compiled engine installed
and once with a plain copy of the same package first on the path:

    python same_games_play.py '[["base", 3, [], 0, 40], ...]'

each table being (rule set, players, options, first seed, games). It prints one JSON object: the
engine build that played (`wonderrules.engine_build()`) and, per game, its table, seed, final
scores and digest.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import wonderrules as wr


def play(rules: wr.RuleSet, players: int, options: tuple[str, ...], seed: int) -> tuple[list[int], str]:
    """The final scores of one game and the digest of all it showed."""
    state = wr.Game(rules, players, options=options, sides="random").new_initial_state(seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    while not state.is_terminal():
        chosen = {}
        for player in sorted(state.pending_decisions()):
            legal = state.legal_actions(player)
            digest.update(f"{player}:{legal!r}\n".encode())
            chosen[player] = rng.choice(legal)
        state.apply_actions(chosen)
        digest.update(f"{wr.running_scores(state)!r}\n".encode())
    scores = [sheet.total for sheet in state.scores()]
    digest.update(json.dumps(wr.to_log(state), sort_keys=True).encode())
    digest.update(f"{scores!r} {state.winners()!r}\n".encode())
    return scores, digest.hexdigest()


def main(tables: list[tuple[str, int, list[str], int, int]]) -> dict[str, object]:
    games = []
    for name, players, options, first, count in tables:
        rules = wr.load_rules(name)
        for seed in range(first, first + count):
            scores, digest = play(rules, players, tuple(options), seed)
            games.append({"table": [name, players, options], "seed": seed, "scores": scores, "digest": digest})
    return {"engine": wr.engine_build(), "games": games}


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
