"""The front end as one call: files to a compiled rule set on the generic core, and diagnostics.

The checks run in the order of :data:`wonderrules.grammar.passes.PASSES`; a pass that needs
resolved names runs only when the passes on the model found no error, so one typo yields one
diagnostic, not a cascade.
"""

from __future__ import annotations

import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from wonderrules.grammar import passes, phrases
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.diagnostics import Diagnostic, Span, error, has_errors
from wonderrules.grammar.loading import Layer, load_layers
from wonderrules.grammar.parse import ParsedFiles
from wonderrules.grammar.resolve import Model, merge
from wonderrules.interpreter import ir

__all__ = ["Compiled", "compile_rules", "INTERNAL_ERROR"]


@attrs.frozen
class Compiled:
    rules: ir.RuleSet | None
    diagnostics: tuple[Diagnostic, ...]
    sources: dict[str, str]
    model: Model | None = None

    @property
    def ok(self) -> bool:
        return self.rules is not None and not has_errors(self.diagnostics)


#: the code of the diagnostic that stands for a bug in the checker itself
INTERNAL_ERROR = "E0005"


def compile_rules(refs: Sequence[str], within: Path | None = None, parsed: ParsedFiles | None = None,
                  given: Mapping[str, str] | None = None, overlay: Mapping[str, str] | None = None) -> Compiled:
    """Load, check and compile the rule sets named by `refs` (paths or bundled names), in order.
    `within`: a folder (resolved) that every file read must stay inside, symbolic links followed.
    `parsed`: files parsed by earlier compilations of the same run, to share (see ParsedFiles).
    `given`: rule sets given as text, by display path (`loading.given_path`); then no file is read.
    `overlay`: texts read instead of the files at these absolute paths (an editor's open buffers).

    Never raises on bad input. An exception inside a pass is a bug in the checker; it becomes an
    E0005 diagnostic naming where it happened, so that `wr check` still answers with a message.
    """
    sources: dict[str, str] = {}
    try:
        return _compile(refs, sources, within, parsed, given, overlay)
    except Exception as exc:  # the one place that turns a checker bug into a diagnostic
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(frame.filename).name}:{frame.lineno}"
        return Compiled(None, (error(
            INTERNAL_ERROR, f"internal error while checking: {type(exc).__name__}: {exc} (at {where})", None,
            help="this is a bug in the checker, not in the rule set; please report it with the files checked"),),
            sources)


def _compile(refs: Sequence[str], sources: dict[str, str], within: Path | None = None,
             parsed: ParsedFiles | None = None, given: Mapping[str, str] | None = None,
             overlay: Mapping[str, str] | None = None) -> Compiled:
    layers, loaded, diags = load_layers(list(refs), within, parsed, given, overlay)
    sources.update(loaded)
    if has_errors(diags) or not layers:
        return Compiled(None, tuple(diags), sources)
    # (a phrase that cannot be written out leaves nothing where it is used: the other passes
    # still run, so that one mistake does not hide the others)
    layers, phrase_diags = phrases.expand(layers)
    diags.extend(phrase_diags)
    return _check(layers, diags, sources, probe=False)


def _check(layers: list[Layer], diags: list[Diagnostic], sources: dict[str, str], probe: bool) -> Compiled:
    """Merge the layers and run every pass. `probe`: a check of another layer order, made only to
    know whether it has errors."""
    model, merge_diags = merge(layers)
    diags.extend(merge_diags)
    top = layers[-1].tree.header.span
    where = Span(top.path, top.line, top.column, top.line, top.column + 7)
    inputs = passes.Inputs(layers, model, Names(model), where, diags, probe,
                           lambda other: has_errors(_check(other, [], {}, probe=True).diagnostics))
    passes.run(inputs)
    return Compiled(None if has_errors(diags) else inputs.rules, tuple(diags), sources, model)
