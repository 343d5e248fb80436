"""The lists of legal actions the catalog writes for each decision (interpreter/listing.py) give what
the reference lister gives (`list_by_card`, the general path), in the same order, at every bundled
table: base from 3 to 7 players, Cities with and without team play, the two-player game with its
Free City, Leaders and Cities with Leaders. The Leaders test (tests/expansions/test_leaders_listing.py)
looks at Bilkis's way; this one at every table the project ships."""

from __future__ import annotations

import random

import pytest

import wonderrules as wr
from wonderrules.interpreter.actions import list_by_card
from wonderrules.interpreter.asks import RoundAsk

TABLES = [
    ("base", 3, (), (1, 2)),
    ("base", 5, (), (3,)),
    ("base", 7, (), (4,)),
    ("cities", 4, (), (5, 6)),
    ("cities", 8, (), (7,)),
    ("cities", 6, ("teams",), (8,)),
    ("two_player", 2, (), (9, 10, 11)),
    ("leaders", 4, (), (12,)),
    ("cities_leaders", 5, (), (13,)),
]


@pytest.mark.parametrize("rules,players,options,seeds", TABLES,
                         ids=["-".join((t[0], str(t[1])) + t[2]) for t in TABLES])
def test_the_written_lists_give_the_reference_lists(rules, players, options, seeds):
    compared = 0
    neutral_compared = 0
    for seed in seeds:
        state = wr.Game(wr.load_rules(rules), players, options=options, sides="random").new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            cat = state.catalog
            for p, d in state.pending_decisions().items():
                asked = state.asked[p]
                if not isinstance(asked, RoundAsk):
                    continue
                listing = cat.decision_listings[asked.decision]
                if listing is None:
                    continue
                written = listing(state, p, d.seat, asked.within)
                decision = asked.decision
                reference = list_by_card(state, p, d.seat, asked.within, cat.decision_kinds[decision], decision)
                assert written == reference, (rules, seed, p, d.seat, d.kind)
                assert written == state.legal_actions(p)
                compared += 1
                neutral_compared += d.seat >= players
            state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
    assert compared > 50  # the written lists were asked for at this table
    if rules == "two_player":
        assert neutral_compared > 10  # and for the Free City, whose lists follow its own preferences
