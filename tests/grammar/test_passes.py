"""The checks run from one declared tuple, `wonderrules.grammar.passes.PASSES`: each pass says what it
needs, and that decides whether it runs; docs/diagnostics.rst lists them in the same order."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from wonderrules.grammar import passes
from wonderrules.grammar.diagnostics import Diagnostic, error, warning

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _documented_groups() -> list[list[str]]:
    """The passes named by each numbered item of the section "The order of the checks"."""
    text = (DOCS / "diagnostics.rst").read_text(encoding="utf-8")
    section = text.split(".. _check-order:", 1)[1].split("\n.. _", 1)[0]
    items = re.split(r"^\d+\. ", section, flags=re.M)[1:]
    return [re.findall(r"``([a-z_.]+)``\s+\(", item) for item in items]


def test_the_docs_list_every_pass_in_the_order_it_runs() -> None:
    documented = [name for group in _documented_groups() for name in group]
    assert documented == [p.name for p in passes.PASSES]


def test_the_docs_group_the_passes_by_what_they_need() -> None:
    groups = _documented_groups()
    # the model's passes and those of the resolved model are items 1 and 2; the rule set's 3 to 5
    needs = [sorted({passes.PASSES[[p.name for p in passes.PASSES].index(n)].needs for n in g}) for g in groups]
    assert needs == [[need] for need in passes.NEEDS]


def test_the_passes_come_in_the_order_of_what_they_need() -> None:
    ranks = [passes.NEEDS.index(p.needs) for p in passes.PASSES]
    assert ranks == sorted(ranks)
    assert len({p.name for p in passes.PASSES}) == len(passes.PASSES)


@pytest.mark.parametrize("name", [p.name for p in passes.PASSES])
def test_a_pass_is_named_after_its_module_and_function(name: str) -> None:
    module, _, function = name.partition(".")
    checks = importlib.import_module(f"wonderrules.grammar.checks.{module}")
    assert callable(getattr(checks, function or "check"))


# ---- when a pass runs ---------------------------------------------------------------------------

def _inputs(probe: bool = False) -> passes.Inputs:
    # the passes below read nothing but what was found: the rule set stands lowered already
    inputs = passes.Inputs(layers=[], model=None, names=None, where=None, found=[],
                           probe=probe, recheck=lambda layers: False)
    inputs.rules = object()
    return inputs


def _recording(ran: list[str], name: str, needs: passes.Need, finds: Diagnostic | None = None) -> passes.Pass:
    def run(inputs: passes.Inputs) -> list[Diagnostic]:
        ran.append(name)
        return [finds] if finds is not None else []
    return passes.Pass(name, needs, run)


def _all_needs(ran: list[str], first_finds: Diagnostic | None) -> list[passes.Pass]:
    return [_recording(ran, "model", "model", first_finds), _recording(ran, "resolved", "resolved model"),
            _recording(ran, "rules", "rules"), _recording(ran, "clean", "clean rules"),
            _recording(ran, "layers", "layers")]


def test_an_error_on_the_model_stops_the_passes_that_need_it_resolved() -> None:
    ran: list[str] = []
    inputs = _inputs()
    passes.run(inputs, _all_needs(ran, error("E0101", "unknown name", None)))
    assert ran == ["model", "layers"]
    assert [d.code for d in inputs.found] == ["E0101"]


def test_a_warning_on_the_model_stops_nothing() -> None:
    ran: list[str] = []
    passes.run(_inputs(), _all_needs(ran, warning("W0502", "unused", None)))
    assert ran == ["model", "resolved", "rules", "clean", "layers"]


def test_an_error_on_the_rule_set_stops_the_clean_passes_only() -> None:
    ran: list[str] = []
    found = error("E0301", "deck size", None)
    plan = [_recording(ran, "rules 1", "rules", found), _recording(ran, "rules 2", "rules"),
            _recording(ran, "clean", "clean rules"), _recording(ran, "layers", "layers")]
    passes.run(_inputs(), plan)
    assert ran == ["rules 1", "rules 2", "layers"]


def test_a_probe_of_another_layer_order_runs_neither_the_clean_passes_nor_the_layers() -> None:
    ran: list[str] = []
    passes.run(_inputs(probe=True), _all_needs(ran, None))
    assert ran == ["model", "resolved", "rules"]
