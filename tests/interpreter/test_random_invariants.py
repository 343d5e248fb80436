"""Invariants over many random games at every player count (3 to 7, 20 games each).

- every dealt card ends in exactly one place: a city, under a wonder (a stage), or the discard;
- every coin is accounted for, round by round, by a model written from the rules: selling +3,
  building pays the card's coins to the bank and the trade to the neighbours, and the printed
  coin gains (Tavern, Vineyard, Bazar, Haven, Lighthouse, Chamber of Commerce, Arena, Rhodes B,
  Ephesus A and B); no city ever has negative coins;
- every pending player has a legal action, and a player may always sell any card in hand;
- the deal: 7 cards per player per Age, N + 2 different guilds in Age III, and (when the
  reference table is present) exactly the cards its n3..n7 columns print for each Age;
- the history replays to the same final state; the same seed gives the same log.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
from engine_support import (
    END_OF_TURN_PER,
    ON_BUILD_FLAT,
    ON_BUILD_PER,
    count_in,
    dealt_hands,
    discard_names,
    game,
    hand_cards,
    left_right,
    snapshot,
    zone_cards,
)

import wonderrules as wr
from wonderrules import Action
from wonderrules.interpreter.agents import make_agent

GAMES = 20


def _on_build(state, seat: int, src) -> int:
    if src.name in ON_BUILD_FLAT:
        return ON_BUILD_FLAT[src.name]
    if src.name in ON_BUILD_PER:
        k, what = ON_BUILD_PER[src.name]
        return k * count_in(state, seat, what)
    return 0


def _end_of_turn(state, seat: int, src) -> int:
    k, what = END_OF_TURN_PER[src.name]
    return k * sum(count_in(state, s, what) for s in {seat, state.left(seat), state.right(seat)})


def _play(players: int, seed: int):
    """A random game, checked round by round; returns the final state."""
    state = game(players, "random").new_initial_state(seed)
    agents = [make_agent("random", seed * 7 + p) for p in range(players)]
    unpaid: list = []   # (seat, card) built this turn whose coins come at the end of the turn
    while not state.is_terminal():
        pending = state.pending_decisions()
        assert pending, "the game is not over, yet nobody is asked to act"
        for p, dec in pending.items():
            legal = state.legal_actions(p)
            assert legal, (p, dec)
            assert len(set(legal)) == len(legal), "an action is listed twice"
            if dec.kind in ("play", "extra"):
                assert {a.card for a in legal if a.kind == "sell"} == {c.name for c in hand_cards(state, p)}
        cities = state.cities
        coins = [c.coins for c in cities]
        built = [len(c.built) for c in cities]
        stages = [c.stages_built for c in cities]
        kinds = {d.kind for d in pending.values()}
        actions = {p: agents[p].choose(state, p) for p in pending}
        cards = {p: next((c for c in hand_cards(state, p) if c.name == a.card), None) for p, a in actions.items()}
        paid = {p: left_right(state, p, a) for p, a in actions.items()}
        state.apply_actions(actions)

        expected = list(coins)
        for p, a in actions.items():
            if a.kind == "sell":
                expected[p] += 3
            elif a.kind in ("build", "stage"):
                bank = cards[p].coins if a.kind == "build" and a.way == "" else 0
                left, right = paid[p]
                expected[p] -= bank + left + right
                expected[state.left(p)] += left
                expected[state.right(p)] += right
        new = []
        for s, c in enumerate(state.cities):
            new += [(s, src) for src in c.built[built[s]:]]
            new += [(s, c.board.stages[i]) for i in range(stages[s], c.stages_built)]
        for s, src in new:
            expected[s] += _on_build(state, s, src)
        if "pick" in kinds:   # a card built from the discard pays at the end of this same turn
            for s, src in new:
                if src.name in END_OF_TURN_PER:
                    expected[s] += _end_of_turn(state, s, src)
        else:
            unpaid += [(s, src) for s, src in new if src.name in END_OF_TURN_PER]
            if not any(d.kind == "extra" for d in state.pending_decisions().values()):
                for s, src in unpaid:
                    expected[s] += _end_of_turn(state, s, src)
                unpaid = []
        got = [c.coins for c in state.cities]
        assert got == expected, (seed, state.age, state.turn, actions)
        assert min(got) >= 0
    return state


def _tucked(state) -> Counter:
    """Cards used for wonder stages, read from the history."""
    out: Counter = Counter()
    for entry in state.history:
        if entry["type"] == "decisions":
            for a in entry["actions"].values():
                if a.kind == "stage":
                    out[a.card] += 1
    return out


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_keep_every_invariant(players):
    g = game(players, "random")
    for seed in range(GAMES):
        st = _play(players, 100 * players + seed)
        # the deal
        dealt: Counter = Counter()
        for age in (1, 2, 3):
            hands = dealt_hands(st, age)
            assert len(hands) == players and all(len(h) == 7 for h in hands)
            dealt.update(n for h in hands for n in h)
        guilds = [n for h in dealt_hands(st, 3) for n in h if n.endswith(" Guild")]
        assert len(guilds) == len(set(guilds)) == players + 2
        # every card in exactly one place
        placed = Counter(c.name for city in st.cities for c in city.built)
        placed.update(discard_names(st))
        placed.update(_tucked(st))
        assert placed == dealt
        assert sum(city.stages_built for city in st.cities) == sum(_tucked(st).values())
        assert Counter(c.name for p in range(players) for c in zone_cards(st, "tucked", p)) == _tucked(st)
        assert all(not hand_cards(st, p) for p in range(players))
        # no two structures of the same name
        for city in st.cities:
            assert len(city.names) == len(city.built)
        # the history replays to the same state and scores
        again = wr.replay(g, json.loads(json.dumps(wr.to_log(st))))
        assert snapshot(again) == snapshot(st)
        # treasury: 1 point per 3 coins
        assert [s.column("treasury") for s in st.scores()] == [c.coins // 3 for c in st.cities]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_same_seed_same_game(players):
    """Same seed (deal, boards and agents) -> the same log, action for action."""
    logs = []
    for _ in range(2):
        st = game(players, "random").new_initial_state(42)
        agents = [make_agent("random", 9 + p) for p in range(players)]
        while not st.is_terminal():
            st.apply_actions({p: agents[p].choose(st, p) for p in st.pending_decisions()})
        logs.append(json.dumps(wr.to_log(st), sort_keys=True))
    assert logs[0] == logs[1]
    other = game(players, "random").new_initial_state(43)
    first = next(d for d in json.loads(logs[0])["deals"] if d["age"] == 1)
    assert dealt_hands(other, 1) != [d["cards"] for d in first["dealt"] if d["zone"] == "hand"]


REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference" / "cards.tsv"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_each_age_deals_the_printed_cards(players):
    """"Use every card whose player-count marker is <= N" (the n3..n7 columns of cards.tsv) and
    N + 2 of the 10 guilds: the cards dealt in each Age are exactly those."""
    with open(REFERENCE, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["expansion"] == "base"]
    for seed in range(3):
        st = game(players, "random").new_initial_state(seed)
        while not st.is_terminal():
            st.apply_actions({p: Action("sell", hand_cards(st, p)[0].name) for p in st.pending_decisions()})
        for age in (1, 2, 3):
            dealt = Counter(n for h in dealt_hands(st, age) for n in h)
            expected = Counter({r["name"]: int(r[f"n{players}"]) for r in rows
                                if int(r["age"]) == age and r[f"n{players}"] != "guild"})
            guilds = {n: k for n, k in dealt.items() if n.endswith(" Guild")}
            assert dealt - Counter(guilds) == +expected, (age, players)
            assert sum(guilds.values()) == (players + 2 if age == 3 else 0)
            assert set(guilds) <= {r["name"] for r in rows if r["color"] == "purple"}
