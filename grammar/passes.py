"""The checks of a rule set, in the order they run: :data:`PASSES`.

Each pass says what it needs, and that decides whether it runs:

- ``model``: the merged layers. It always runs, so that one run reports as many mistakes as it can.
- ``resolved model``: a model in which the passes on the ``model`` found no error (every name
  resolves, every value is in range). A misspelt name would make a declaration look unused or a
  deck look short: such passes wait until the names are right, so that one typo gives one message.
- ``rules``: the compiled rule set, lowered from a resolved model; under the same condition.
- ``clean rules``: the compiled rule set, when no pass before found an error. The loader's own
  bounds and checks, made once the rule set is otherwise right; not when the checker only probes
  another order of the layers.
- ``layers``: the layers as given, after every other pass, whatever they found; not in a probe.

:func:`run` runs them in turn, each on the inputs it needs (:class:`Inputs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Optional

import attrs

from wonderrules.grammar import lower as lowering
from wonderrules.grammar.checks import (
    chains,
    conflicts,
    counts,
    fanout,
    layering,
    limits,
    lints,
    loadable,
    market,
    moment_layers,
    preferences,
    ranges,
    references,
    rule_effects,
    static_seats,
    structure,
    structure_refs,
    triggers,
    values,
    values_structure,
)
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.diagnostics import Diagnostic, Span, has_errors
from wonderrules.grammar.loading import Layer
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir

__all__ = ["Inputs", "Pass", "PASSES", "NEEDS", "run"]

Need = Literal["model", "resolved model", "rules", "clean rules", "layers"]
#: what a pass may need, in the order the passes come (see the module's text)
NEEDS: tuple[Need, ...] = ("model", "resolved model", "rules", "clean rules", "layers")


@attrs.define
class Inputs:
    """What the passes read: the layers and their merged model, the names the model declares,
    where to point for the rule set as a whole (its `ruleset` line), the diagnostics found so
    far, and the compiled rule set once lowered. `probe`: a check of another order of the layers,
    made only to know whether it has errors. `recheck(layers)`: whether another order of the
    layers has errors."""

    layers: list[Layer]
    model: Model
    names: Names
    where: Span
    found: list[Diagnostic]
    probe: bool
    recheck: Callable[[list[Layer]], bool]
    rules: Optional[ir.RuleSet] = None

    @property
    def lowered(self) -> ir.RuleSet:
        """The compiled rule set (a pass that needs ``rules`` runs only once it is lowered)."""
        assert self.rules is not None, "a pass on the rule set runs after lowering"
        return self.rules


@attrs.frozen
class Pass:
    """One check: its name (the module, and the function when it is not `check`), what it needs,
    and the function that returns its diagnostics."""

    name: str
    needs: Need
    run: Callable[[Inputs], Sequence[Diagnostic]]


def _load_order(i: Inputs) -> Sequence[Diagnostic]:
    if not i.model.sibling_overrides:
        return []
    return layering.load_order(i.model, i.layers, has_errors(i.found), i.recheck)


#: every check, in the order it runs (docs/diagnostics.rst lists them)
PASSES: tuple[Pass, ...] = (
    Pass("layering.options", "model", lambda i: layering.options(i.model)),
    Pass("references", "model", lambda i: references.check(i.model, i.names)),
    Pass("structure_refs", "model", lambda i: structure_refs.check(i.model, i.names)),
    Pass("preferences", "model", lambda i: preferences.check(i.model, i.names)),
    Pass("values", "model", lambda i: values.check(i.model, i.where)),
    Pass("ranges", "model", lambda i: ranges.check(i.layers)),
    Pass("values_structure", "model", lambda i: values_structure.check(i.model, i.where)),
    Pass("chains", "model", lambda i: chains.check(i.model)),
    Pass("structure", "model", lambda i: structure.check(i.model)),
    Pass("market", "model", lambda i: market.check(i.model)),
    Pass("rule_effects", "model", lambda i: rule_effects.check(i.model)),
    Pass("structure.warnings", "resolved model", lambda i: structure.warnings(i.model)),
    Pass("preferences.warnings", "resolved model", lambda i: preferences.warnings(i.model)),
    Pass("moment_layers", "resolved model", lambda i: moment_layers.check(i.model)),
    Pass("static_seats", "rules", lambda i: static_seats.check(i.lowered, i.where)),
    Pass("market.unsold", "rules", lambda i: market.unsold(i.model, i.lowered)),
    Pass("counts", "rules", lambda i: counts.check(i.model, i.lowered, i.where)),
    Pass("conflicts", "rules", lambda i: conflicts.check(i.model, i.lowered)),
    Pass("triggers", "rules", lambda i: triggers.check(i.model, i.lowered)),
    Pass("fanout", "rules", lambda i: fanout.check(i.model, i.lowered)),
    Pass("lints", "rules", lambda i: lints.check(i.model, i.lowered)),
    Pass("limits", "clean rules", lambda i: limits.check(i.lowered, i.where, i.model)),
    Pass("loadable", "clean rules", lambda i: loadable.check(i.lowered, i.model, i.where)),
    Pass("layering.load_order", "layers", _load_order),
)


def run(inputs: Inputs, passes: Sequence[Pass] = PASSES) -> None:
    """Run `passes` in order, adding what they find to `inputs.found`; lowers the rule set for
    the first pass that needs it. Whether the model is resolved is decided once, by the passes on
    the model: a warning or error of a later pass does not stop the others of its kind."""
    resolved: Optional[bool] = None
    for p in passes:
        if p.needs in ("resolved model", "rules", "clean rules"):
            if resolved is None:
                resolved = not has_errors(inputs.found)
            if not resolved or (p.needs == "clean rules" and (inputs.probe or has_errors(inputs.found))):
                continue
            if p.needs != "resolved model" and inputs.rules is None:
                inputs.rules = lowering.lower(inputs.model)
        elif p.needs == "layers" and inputs.probe:
            continue
        inputs.found.extend(p.run(inputs))
