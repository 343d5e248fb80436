"""The bundled rule sets compile, alone and layered, without a diagnostic."""

from __future__ import annotations

from pathlib import Path

import pytest

from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.diagnostics import has_errors

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


def _paths(*names: str) -> list[str]:
    return [str(RULESETS / f"{n}.wr") for n in names]


def _shown(result) -> str:
    return "\n".join(f"{d.code} {d.message}" for d in result.diagnostics[:10])


@pytest.mark.parametrize("layers", [
    pytest.param(("base",), id="base"),
    pytest.param(("cities",), id="base+cities"),
    pytest.param(("two_player",), id="base+two_player"),
    pytest.param(("cities", "two_player"), id="base+cities+two_player"),
])
def test_combination_compiles_without_diagnostics(layers: tuple[str, ...]) -> None:
    result = compile_rules(_paths(*layers))
    assert result.ok, _shown(result)
    # No warning either: none of the bundled files has a deliberate one.
    assert result.diagnostics == (), _shown(result)


@pytest.mark.parametrize("layers, expected", [
    (("base",), ("base",)),
    (("cities",), ("base", "cities")),
    (("cities", "two_player"), ("base", "cities", "two_player")),
])
def test_layers_are_read_below_the_layers_that_extend_them(layers, expected) -> None:
    result = compile_rules(_paths(*layers))
    assert result.rules is not None, _shown(result)
    assert result.rules.layers == expected


def test_cities_adds_thirty_cards_and_four_wonder_sides() -> None:
    base = compile_rules(_paths("base")).rules
    cities = compile_rules(_paths("cities")).rules
    assert base is not None and cities is not None
    # REPORT.md: 27 + 23 + 18 + 10 guilds = 78 (name, age) rows; Glassworks, Loom and Press
    # appear in ages I and II.
    assert len(base.cards) == 78
    assert len(cities.cards) == 78 + 27 + 3
    assert len(cities.boards) == len(base.boards) + 4


def test_two_player_below_cities_is_refused() -> None:
    """In that order Cities' `override players 3..8` replaces `players 2`, and the Free City
    would sit at tables of 3 to 8; the deck arithmetic fails at 7 and 8 players."""
    result = compile_rules(_paths("two_player", "cities"))
    assert has_errors(result.diagnostics)
    assert result.rules is None
