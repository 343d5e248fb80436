"""Helpers for the Leaders scenario tests: a game whose leader packets are fixed, a draft in which
every seat keeps the first leader of the packet it holds, and a driver that plays one round at a
time with chosen actions for some seats and a plain default (sell, or sell a leader) for the rest.

The draft passes to the right (rulesets/leaders.wr), so seat s keeps the first leader of its own
packet, then of the packet of seat s + 1, s + 2, ...: :func:`drafted` says so without running
the engine, and the tests check both agree.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Optional

from expansion_support import rules, zone_names

import wonderrules as wr
from wonderrules import Action

__all__ = ["leaders_game", "drafted", "draft", "play_round", "held", "coins", "actions_of", "random_rounds",
           "ORE_CLAY_STONE"]

#: three boards whose starting resources are ore, clay and stone (seats 0, 1, 2)
ORE_CLAY_STONE = [("Rhodes", "A"), ("Babylon", "A"), ("Giza", "A")]

#: what a seat without a chosen action does with each decision: the first legal action of this kind
DEFAULT_KINDS = ("sell", "dismiss", "keep", "pick")


def leaders_game(packets: Sequence[Sequence[str]], boards: Sequence[tuple[str, str]],
                 hands: Optional[Mapping[int, Sequence[Sequence[str]]]] = None, layers: Sequence[str] = ("leaders",),
                 seed: int = 0) -> wr.State:
    """A new game: each seat's four leaders to draft are fixed (`packets`), as are its board."""
    ruleset = rules(*layers)
    names = [c.name for c in ruleset.cards if c.deck == "leaders"]
    rest = [n for n in names if not any(n in p for p in packets)]
    deals = [{"deal": "leaders", "age": 0, "cards": [list(p) for p in packets], "rest": rest}]
    game = wr.Game(ruleset, len(packets))
    return game.new_initial_state(seed, boards=list(boards), hands=hands, deals=deals)


def drafted(packets: Sequence[Sequence[str]]) -> list[list[str]]:
    """The leaders each seat keeps when every seat keeps the first leader of the packet it holds."""
    n = len(packets)
    left = [list(p) for p in packets]
    kept: list[list[str]] = [[] for _ in range(n)]
    for pick in range(4):
        for seat in range(n):
            packet = left[(seat + pick) % n]
            kept[seat].append(packet.pop(0))
    return kept


def draft(state: wr.State) -> None:
    """Play the draft: every seat keeps the first leader it is offered."""
    for _ in range(4):
        assert {d.kind for d in state.pending_decisions().values()} == {"draft"}
        state.apply_actions({p: state.legal_actions(p)[0] for p in state.pending_decisions()})


def default_action(state: wr.State, player: int) -> Action:
    legal = state.legal_actions(player)
    for kind in DEFAULT_KINDS:
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0]


def play_round(state: wr.State, chosen: Optional[Mapping[int, Action]] = None) -> dict[int, Action]:
    """Apply one round: the chosen actions, the default for every other pending seat."""
    chosen = dict(chosen or {})
    pending = state.pending_decisions()
    assert set(chosen) <= set(pending), (chosen, pending)
    actions = {p: chosen.get(p) or default_action(state, p) for p in pending}
    state.apply_actions(actions)
    return actions


def held(state: wr.State, seat: int) -> list[str]:
    """The leaders a seat holds, not yet played."""
    return zone_names(state, seat, "leaders")


def coins(state: wr.State) -> list[int]:
    return [c.coins for c in state.cities]


def actions_of(state: wr.State, player: int, kind: str, card: Optional[str] = None) -> list[Action]:
    """The legal actions of a player of one kind (and for one card)."""
    return [a for a in state.legal_actions(player) if a.kind == kind and (card is None or a.card == card)]


def random_rounds(layers: Sequence[str], players: int, seed: int) -> Iterator[tuple[wr.State, dict[int, Action]]]:
    """Each position of a random game with the choices made there; the finished game last."""
    state = wr.Game(rules(*layers), players, sides="random").new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        chosen = {p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()}
        yield state, chosen
        state.apply_actions(chosen)
    yield state, {}
