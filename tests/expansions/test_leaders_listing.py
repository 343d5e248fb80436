"""The lists of legal actions the catalog writes for a decision (interpreter/listing.py) give what
the general path gives, card by card, in random games of the Leaders layers, where Bilkis's
`bank` way (a way that changes the cost) is open for builds and wonder stages."""

from __future__ import annotations

import pytest
from leaders_support import random_rounds

from wonderrules.interpreter.actions import list_by_card
from wonderrules.interpreter.asks import RoundAsk


# seeds of random games in which Bilkis is recruited (checked: the last assertion)
@pytest.mark.parametrize("layers,players,seeds", [(("leaders",), 3, (11,)), (("leaders",), 5, (0, 5)),
                                                  (("leaders",), 7, (10, 11)), (("cities_leaders",), 4, (0, 3, 4))])
def test_the_written_lists_give_what_the_general_path_gives(layers, players, seeds):
    banked = 0
    for seed in seeds:
        for state, chosen in random_rounds(layers, players, seed):
            if not chosen:
                continue
            cat = state.catalog
            for p, d in state.pending_decisions().items():
                asked = state.asked[p]
                if not isinstance(asked, RoundAsk):
                    continue
                decision = asked.decision
                listing = cat.decision_listings[decision]
                if listing is None:
                    continue
                written = listing(state, p, d.seat, asked.within)
                general = list_by_card(state, p, d.seat, asked.within, cat.decision_kinds[decision], decision)
                assert written == general, (seed, p, d.kind)
                banked += sum(1 for a in written if a.way == "bank")
    assert banked > 0  # the way was open somewhere
