"""Every rule set the docs show: each example of the pages that compiles (in a folder per page,
next to the page's earlier examples and the files of docs/examples, as test_examples.py runs
them, a fragment's tables unchecked) and each file of docs/examples. An example that shows a
mistake (it says which codes `wr check` reports) is left out: what it uses is not a rule of any
game. A fragment, and an example
the page gives no file name, is named after its page (`cards_fragment_3`), so that two pages'
examples are two rule sets."""

from __future__ import annotations

from pathlib import Path

from test_examples import DOCS, FRAGMENT_HEADER, FRAGMENT_IGNORED, PAGES, expected_codes, read_blocks

from wonderrules.grammar import passes, phrases
from wonderrules.grammar.checks.names import Names
from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.diagnostics import Span, has_errors
from wonderrules.grammar.loading import load_layers
from wonderrules.grammar.parse import ParsedFiles
from wonderrules.grammar.resolve import merge
from wonderrules.interpreter.ir import RuleSet

EXAMPLES = sorted((DOCS / "examples").glob("*.wr"))


def docs_rule_sets(folder: Path) -> list[RuleSet]:
    """The compiled rule sets of the docs, written and compiled in `folder` (empty, kept by the
    caller)."""
    parsed = ParsedFiles()
    files: list[tuple[str, frozenset[str]]] = [(example.name, frozenset()) for example in EXAMPLES]
    for example in EXAMPLES:
        (folder / example.name).write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    for page in PAGES:
        where = folder / page.stem
        where.mkdir(exist_ok=True)
        for example in EXAMPLES:
            (where / example.name).write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
        for n, block in enumerate(read_blocks(page), 1):
            if block.kind == "wr":
                name = block.caption if block.caption and block.caption.endswith(".wr") else \
                    f"{page.stem}_example_{n}.wr"
                text, ignored = block.text, frozenset()
            elif block.kind == "wr-fragment":
                name = f"{page.stem}_fragment_{n}.wr"
                text = FRAGMENT_HEADER.replace("fragment", f"{page.stem}_fragment_{n}", 1) + block.text
                ignored = frozenset(FRAGMENT_IGNORED)
            else:
                continue
            (where / name).write_text(text, encoding="utf-8")  # written even when left out: it may be extended
            if not expected_codes(block.text):
                files.append((f"{page.stem}/{name}", ignored))
    out = []
    for name, ignored in files:
        result = compile_rules([str(folder / name)], parsed=parsed)
        if result.ok and result.rules is not None:
            out.append(result.rules)
        elif {d.code for d in result.diagnostics if d.severity == "error"} <= ignored:
            rules = _compiled_without_deck_arithmetic(str(folder / name), parsed)
            if rules is not None:
                out.append(rules)
    return out


#: the passes that check the tables a rule set seats, their decks first (E0301)
_TABLE_PASSES = frozenset({"counts", "limits", "loadable"})


def _compiled_without_deck_arithmetic(path: str, parsed: ParsedFiles) -> RuleSet | None:
    """A rule set compiled as `compile_rules` does, but for the checks of its tables: their
    decks (the E0301 a fragment may raise, as one added card cannot balance a deal), and the
    loader's checks, which count the decks again."""
    layers, _, found = load_layers([path], None, parsed, None)
    if has_errors(found) or not layers:
        return None
    layers, more = phrases.expand(layers)
    model, merged = merge(layers)
    found += [*more, *merged]
    top = layers[-1].tree.header.span
    inputs = passes.Inputs(layers, model, Names(model), Span(top.path, top.line, top.column, top.line, top.column),
                           found, False, lambda other: False)
    passes.run(inputs, tuple(p for p in passes.PASSES if p.name not in _TABLE_PASSES))
    return None if has_errors(found) else inputs.rules
