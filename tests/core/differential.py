"""Play the same game on the first engine and on the core, in lockstep, and compare them.

At every decision both engines must ask the same players for the same seats, offer the same
legal actions in the same order (the first engine's left/right payments written as a map seller
-> coins), and after the game give the same score sheets and winners. The actions are chosen at
random from the legal lists with one seeded generator, so any difference shows at once.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import bridge

from wonderrules.interpreter import ir as first_ir
from wonderrules.interpreter.actions import Action as CoreAction
from wonderrules.interpreter.game import Game as CoreGame
from wonderrules.interpreter.game import Game as OldGame


DATA = Path(__file__).resolve().parent / "data"


@cache
def first_engine_rules(layers: tuple[str, ...]) -> first_ir.RuleSet:
    """The rule set of these bundled layers as the first engine played it: compiled from the rule
    sets of that time, kept in `data/` (see its README)."""
    from wonderrules.interpreter.serial import rules_from_json

    return rules_from_json((DATA / f"{'+'.join(layers)}.json").read_text(encoding="utf-8"))


def core_action(old_state: Any, seat: int, a: Any) -> CoreAction:
    pay: dict[int, int] = {}
    if a.left:
        pay[old_state.left(seat)] = pay.get(old_state.left(seat), 0) + a.left
    if a.right:
        pay[old_state.right(seat)] = pay.get(old_state.right(seat), 0) + a.right
    return CoreAction(a.kind, a.card, tuple(sorted(pay.items())), a.means, a.coins)


class Mismatch(AssertionError):
    pass


def play_both(layers: tuple[str, ...], players: int, seed: int, options: tuple[str, ...] = (),
              rules: Any = None, core_rules: Any = None) -> tuple[Any, Any]:
    old_rules = rules if rules is not None else first_engine_rules(layers)
    new_rules = core_rules if core_rules is not None else bridge.translate(old_rules)
    old = OldGame(old_rules, players, options).new_initial_state(seed=seed)
    new = CoreGame(new_rules, players, options).new_initial_state(seed=seed)
    rng = random.Random(seed * 7919 + players)
    rounds = 0
    while not old.is_terminal():
        if new.is_terminal():
            raise Mismatch(f"round {rounds}: the core ended the game first")
        po, pn = old.pending_decisions(), new.pending_decisions()
        if {p: (d.seat, d.kind) for p, d in po.items()} != {p: (d.seat, d.kind) for p, d in pn.items()}:
            raise Mismatch(f"round {rounds} (age {old.age} turn {old.turn}): decisions differ: {po} / {pn}")
        chosen_old, chosen_new = {}, {}
        for p, dec in po.items():
            lo = old.legal_actions(p)
            ln = new.legal_actions(p)
            converted = [core_action(old, dec.seat, a) for a in lo]
            if converted != ln:
                extra = [a for a in ln if a not in converted][:4]
                missing = [a for a in converted if a not in ln][:4]
                raise Mismatch(f"round {rounds} (age {old.age} turn {old.turn}) player {p} seat {dec.seat} "
                               f"{dec.kind}: legal actions differ; core has more {extra}, misses {missing}; "
                               f"order equal as sets: {set(converted) == set(ln)}")
            i = rng.randrange(len(lo))
            chosen_old[p] = lo[i]
            chosen_new[p] = ln[i]
        old.apply_actions(chosen_old)
        new.apply_actions(chosen_new)
        rounds += 1
    if not new.is_terminal():
        raise Mismatch("the first engine ended the game, the core did not")
    so = [s.to_json() for s in old.scores()]
    sn = [s.to_json() for s in new.scores()]
    for a, b in zip(so, sn):
        a.pop("choices")
        b.pop("choices")
    if so != sn:
        raise Mismatch(f"scores differ:\n{so}\n{sn}")
    if old.winners() != new.winners():
        raise Mismatch(f"winners differ: {old.winners()} / {new.winners()}")
    return old, new
