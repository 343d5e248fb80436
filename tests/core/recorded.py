"""The first engine's games, recorded, as the reference the core plays against.

`data/first_engine_games.json.gz` holds games the first engine played at every table the bundled
rule sets seat, with random choices: for every round of decisions, a digest of what was asked
(player, seat, decision kind and the legal actions in order, payments as a map seller -> coins)
and the index chosen by each player; then the score sheets and winners. Replaying the choices on
the core must give the same digest at every round and the same result."""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


class Mismatch(AssertionError):
    pass


@cache
def games() -> list[dict[str, Any]]:
    with gzip.open(DATA / "first_engine_games.json.gz", "rt", encoding="utf-8") as f:
        return json.load(f)["games"]


def digest(rows: list[Any]) -> str:
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:12]


def replay(game: Any, record: dict[str, Any]) -> Any:
    """Play `record` on `game` (a core Game); raise Mismatch at the first difference."""
    state = game.new_initial_state(seed=record["seed"])
    for n, (expected, picks) in enumerate(record["rounds"]):
        if state.is_terminal():
            raise Mismatch(f"round {n}: the core ended the game first")
        pending = state.pending_decisions()
        rows, chosen = [], {}
        for p, i in zip(sorted(pending), picks):
            legal = state.legal_actions(p)
            rows.append((p, pending[p].seat, pending[p].kind, [tuple(a) for a in legal]))
            if i >= len(legal):
                raise Mismatch(f"round {n}: player {p} has {len(legal)} actions, the record chose {i}")
            chosen[p] = legal[i]
        if len(pending) != len(picks) or digest(rows) != expected:
            raise Mismatch(f"round {n} (age {state.age} turn {state.turn}): the decisions or legal actions differ")
        state.apply_actions(chosen)
    if not state.is_terminal():
        raise Mismatch("the first engine ended the game, the core did not")
    scores = [s.to_json() for s in state.scores()]
    for s in scores:
        s.pop("choices")
    if scores != record["scores"]:
        raise Mismatch(f"scores differ:\n{record['scores']}\n{scores}")
    if state.winners() != record["winners"]:
        raise Mismatch(f"winners differ: {record['winners']} / {state.winners()}")
    return state
