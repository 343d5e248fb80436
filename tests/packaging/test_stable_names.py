"""The names users import the optional parts from stay where the docs put them, though the modules
live in the facade's rooms: `wonderrules.rl`, `wonderrules.openspiel` and `wonderrules.protocol`
(in `wonderrules.embedding`), `wonderrules.records` (in `wonderrules.workbench`). Each stable name
gives every public name of its module, the very same objects."""

from __future__ import annotations

import importlib

import pytest

#: stable name -> (the module it gives, a package it needs)
STABLE = {
    "wonderrules.rl": ("wonderrules.embedding.rl", "pettingzoo"),
    "wonderrules.openspiel": ("wonderrules.embedding.openspiel", "pyspiel"),
    "wonderrules.protocol": ("wonderrules.embedding.protocol", None),
    "wonderrules.records": ("wonderrules.workbench.records", None),
}


@pytest.mark.parametrize("stable", sorted(STABLE))
def test_a_stable_name_gives_every_public_name_of_its_module(stable: str) -> None:
    real, needs = STABLE[stable]
    if needs is not None:
        pytest.importorskip(needs, reason=f"{stable} needs {needs}")
    given = importlib.import_module(stable)
    module = importlib.import_module(real)
    assert given.__all__ == module.__all__, f"{stable} should give the public names of {real}"
    for name in module.__all__:
        assert getattr(given, name) is getattr(module, name), f"{stable}.{name} is not {real}.{name}"


def test_the_stable_names_are_named_in_the_docs() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    text = "".join(page.read_text(encoding="utf-8") for page in docs.glob("*.rst"))
    for stable in STABLE:
        assert stable in text, f"{stable} is kept for users, but no page of docs/ names it"
