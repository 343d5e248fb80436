"""The leaders of rulesets/leaders.wr do what the reference (rules_facts.md §8, leaders.tsv) says,
checked over random games: the leaders column is recomputed here from the printed effects, card
by card, and a recruitment costs the leader's printed coin cost (nothing once Maecenas is in the
city, less on Rome and beside Rome B), a sale brings 3 coins and Croesus 6."""

from __future__ import annotations

import random

import pytest
from expansion_support import rules

import wonderrules as wr

#: printed coin costs (leaders.tsv)
COST = {"Alexander": 3, "Amytis": 4, "Archimedes": 4, "Aristotle": 3, "Caesar": 5, "Cleopatra": 4, "Croesus": 1,
        "Euclid": 5, "Hammurabi": 2, "Hannibal": 2, "Hatshepsut": 2, "Hiram": 3, "Hypatia": 4, "Imhotep": 3,
        "Justinian": 3, "Leonidas": 2, "Maecenas": 1, "Midas": 3, "Nebuchadnezzar": 4, "Nefertiti": 3, "Nero": 1,
        "Pericles": 6, "Phidias": 3, "Plato": 4, "Praxiteles": 3, "Ptolemy": 5, "Pythagoras": 5, "Ramses": 5,
        "Sappho": 1, "Solomon": 3, "Tomyris": 4, "Varro": 3, "Vitruvius": 1, "Xenophon": 2, "Zenobia": 2, "Aspasia": 3,
        "Caligula": 3, "Darius": 4, "Diocletian": 2, "Bilkis": 4, "Berenice": 2, "Semiramis": 2}
COLOURS = ("brown", "grey", "blue", "yellow", "green", "red", "purple")


def leader_points(state: wr.State, seat: int) -> int:
    """The leaders column of a finished game, from the printed effects (leaders.tsv)."""
    city = state.cities[seat]
    built = [c.name for c in city.built] + copied_leaders(state, seat)

    def count(colour: str) -> int:
        return sum(1 for c in city.built if c.colour == colour)

    victories = city.token_counts[state.catalog.token_index["victory"]]
    # the symbols built, with the wild and copied symbols as final scoring chose them
    chosen = [c.removeprefix("copy ").removeprefix("symbol ") for c in state.scores()[seat].choices
              if c.startswith(("symbol ", "copy symbol "))]
    science = [city.symbols[state.catalog.symbols.index(s)] + chosen.count(s) for s in ("compass", "gear", "tablet")]
    points = {"Cleopatra": 5, "Nefertiti": 4, "Zenobia": 3, "Sappho": 2, "Aspasia": 2,
              "Hiram": 2 * count("purple"), "Hypatia": count("green"), "Nebuchadnezzar": count("blue"),
              "Pericles": 2 * count("red"), "Phidias": count("brown"), "Praxiteles": 2 * count("grey"),
              "Varro": count("yellow"), "Darius": count("black"), "Amytis": 2 * city.stages_built,
              "Alexander": victories, "Midas": city.coins // 3,
              "Justinian": 3 * min(count("red"), count("green"), count("blue")),
              "Plato": 7 * min(count(c) for c in COLOURS)}
    total = sum(points.get(name, 0) for name in built)
    if "Aristotle" in built:
        total += 3 * min(science)  # each complete set, those completed by a chosen symbol too
    return total


def copied_leaders(state: wr.State, seat: int) -> list[str]:
    """The leader a Courtesans Guild copied at the end of the game: one recruited by a neighbour."""
    copies = [c.removeprefix("copy ") for c in state.scores()[seat].choices if c.startswith("copy ")]
    leaders = [name for name in copies if name in COST]
    if leaders:
        assert any(c.name == "Courtesans Guild" for c in state.cities[seat].built)
        beside = {c.name for s in (state.left(seat), state.right(seat)) for c in state.cities[s].built}
        assert set(leaders) <= beside and len(leaders) == 1
    return leaders


def reduction(state: wr.State, seat: int) -> int | None:
    """Coins off a leader's cost from Rome (rules_facts.md 8.5): None when every leader is free
    (Rome A), 2 on Rome B, 1 for each neighbour on Rome B."""
    board = state.cities[seat].board
    if board is not None and board.name == "Rome":
        return None if board.side == "A" else 2
    beside = (state.cities[other].board for other in {state.left(seat), state.right(seat)})
    return sum(1 for b in beside if b is not None and b.name == "Rome" and b.side == "B")


@pytest.mark.parametrize("layers,players", [(("leaders",), 3), (("leaders",), 5), (("leaders",), 7),
                                            (("cities_leaders",), 4), (("cities_leaders",), 8)])
@pytest.mark.parametrize("seed", range(4))
def test_leaders_cost_what_is_printed_and_score_what_is_printed(layers, players, seed):
    state = wr.Game(rules(*layers), players, sides="random").new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        chosen = {p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()}
        leader_round = {a.kind for a in chosen.values()} & {"recruit", "dismiss", "tuck"}
        before = [c.coins for c in state.cities]
        free = [any(c.name == "Maecenas" for c in city.built) for city in state.cities]
        # Berenice: a coin more with the first coins of the turn taken from the bank
        tip = [int(any(c.name == "Berenice" for c in city.built)) for city in state.cities]
        state.apply_actions(chosen)
        if not leader_round:
            continue
        received = [0] * players
        for a in chosen.values():
            for seller, coins in a.pay:
                received[seller] += coins
        for seat, a in chosen.items():
            if a.kind == "recruit" and a.card != "Solomon":
                off = reduction(state, seat)
                cost = 0 if free[seat] or off is None else max(0, COST[a.card] - off)
                expected = before[seat] - cost + (6 + tip[seat]) * (a.card == "Croesus")
                assert state.cities[seat].coins == expected + received[seat], (seat, a)
            elif a.kind == "dismiss":
                assert state.cities[seat].coins == before[seat] + 3 + tip[seat] + received[seat], (seat, a)
    for seat in range(players):
        if "Aristotle" in copied_leaders(state, seat):
            continue  # its sets count the copier's symbols, which the copy may change
        assert state.scores()[seat].column("leaders") == leader_points(state, seat), seat


def test_every_leader_of_the_deck_has_its_printed_cost():
    for layers in (("leaders",), ("cities_leaders",)):
        for card in rules(*layers).cards:
            if card.deck == "leaders":
                assert card.cost.coins == COST[card.name], card.name
