"""The data of a report: the game lengths counted value by value, what was simulated, and the
check that matplotlib is there before a report is promised."""

from __future__ import annotations

import builtins

import pytest
from report_support import RECORDS, hand_simulation

from wonderrules.reports.data import Counts, MissingMatplotlib, counts, require_matplotlib


def test_values_are_counted_by_increasing_value() -> None:
    assert counts([5, 4, 6, 4]) == Counts(((4, 2), (5, 1), (6, 1)))
    assert counts([5, 4, 6, 4]).total == 4
    assert counts([]) == Counts(())


def test_a_simulation_counts_rounds_per_game_and_decisions_per_seat() -> None:
    sim = hand_simulation()
    # games 0 to 3 last 4, 6, 5 and 4 rounds; each of their two seats decides once a round
    assert sim.rounds == Counts(((4, 2), (5, 1), (6, 1)))
    assert sim.decisions == Counts(((4, 4), (5, 2), (6, 2)))
    assert (sim.title, sim.layers, sim.players, sim.options, sim.agents, sim.seed) == (
        "Hand <game>", ("hand",), 2, ("fast",), ("a", "b"), 10)
    assert sim.finished == sim.games == 4 and not sim.stopped


def test_a_simulation_of_fewer_games_than_asked_was_stopped() -> None:
    sim = hand_simulation(RECORDS[:4], games=6)
    assert sim.finished == 2 and sim.games == 6 and sim.stopped


def test_without_matplotlib_a_report_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def without_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_matplotlib)
    with pytest.raises(MissingMatplotlib, match=r"a report needs matplotlib, which is not installed: "
                                                r"pip install 'wonder-rules\[report\]'"):
        require_matplotlib()


def test_with_matplotlib_a_report_can_be_drawn() -> None:
    require_matplotlib()
