"""Caches belong to a rule set or a game: loading a rule set again and again, and playing with
each copy, leaves memory where it was once everything is warm.

Two measures, both taken after a garbage collection: the number of memory blocks Python holds
(`sys.getallocatedblocks`, free to read) from the end of the warm-up to the last load, and the
bytes still alive of everything allocated during the last loads (tracemalloc, which slows every
allocation down, so it watches only the end of the run: a cache that grows with each load
grows there too).
"""

from __future__ import annotations

import gc
import random
import sys
import tracemalloc
from collections.abc import Callable

import wonderrules as wr
from wonderrules.interpreter.serial import rules_to_json

#: bytes allocated while traced that may still be alive at the end (free lists, noise)
BYTES = 150_000
#: blocks that may be gained between the warm-up and the last load
BLOCKS = 2_000


def _play(game, seed: int) -> None:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})


def _load_and_start(ref: str, i: int) -> None:
    """load_rules + Game + a new state + the legal actions of every player; a whole game
    every 100 loads."""
    rules = wr.load_rules(ref)
    game = wr.Game(rules, 3 + i % 5)
    state = game.new_initial_state(seed=i)
    for p in state.pending_decisions():
        assert state.legal_actions(p)
    if i % 100 == 99:
        _play(game, i)


def _growth(step: Callable[[int], None], warm: int, total: int, traced: int) -> tuple[int, int]:
    """(blocks gained from the end of the warm-up to the end, bytes still alive of those
    allocated during the last `traced` steps)."""
    for i in range(warm):
        step(i)
    gc.collect()
    blocks = sys.getallocatedblocks()
    for i in range(warm, total - traced):
        step(i)
    tracemalloc.start()
    try:
        for i in range(total - traced, total):
            step(i)
        gc.collect()
        alive = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    gc.collect()
    return sys.getallocatedblocks() - blocks, alive


def test_a_rule_set_kept_alive_is_seen_by_both_measures():
    """The measures can fail: keeping every loaded rule set with its game goes far beyond
    both bounds."""
    text = rules_to_json(wr.load_rules("base"))
    kept = []
    blocks, alive = _growth(lambda i: kept.append(wr.Game(wr.load_compiled(text), 3)), 2, 8, 3)
    assert blocks > 4 * BLOCKS and alive > 4 * BYTES, (blocks, alive)


def test_loading_a_compiled_rule_set_500_times_keeps_memory_flat(tmp_path):
    path = tmp_path / "base.json"
    path.write_text(rules_to_json(wr.load_rules("base")), encoding="utf-8")
    blocks, alive = _growth(lambda i: _load_and_start(str(path), i), 20, 500, 60)
    assert blocks < BLOCKS and alive < BYTES, (blocks, alive)


def test_compiling_rule_set_text_again_and_again_keeps_memory_flat():
    """The front end keeps nothing between compiles (Cities over the base game: two files)."""
    blocks, alive = _growth(lambda i: _load_and_start("cities", i), 3, 30, 4)
    assert blocks < BLOCKS and alive < BYTES, (blocks, alive)
