"""Every rule set the docs show: each example of the pages that compiles (in a folder per page,
next to the page's earlier examples and the files of docs/examples, as test_examples.py runs
them) and each file of docs/examples. An example that shows a mistake (it says which codes `wr
check` reports) is left out: what it uses is not a rule of any game. A fragment, and an example
the page gives no file name, is named after its page (`cards_fragment_3`), so that two pages'
examples are two rule sets."""

from __future__ import annotations

from pathlib import Path

from test_examples import DOCS, FRAGMENT_HEADER, PAGES, expected_codes, read_blocks

from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.parse import ParsedFiles
from wonderrules.interpreter.ir import RuleSet

EXAMPLES = sorted((DOCS / "examples").glob("*.wr"))


def docs_rule_sets(folder: Path) -> list[RuleSet]:
    """The compiled rule sets of the docs, written and compiled in `folder` (empty, kept by the
    caller)."""
    parsed = ParsedFiles()
    files: list[str] = [example.name for example in EXAMPLES]
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
                text = block.text
            elif block.kind == "wr-fragment":
                name = f"{page.stem}_fragment_{n}.wr"
                text = FRAGMENT_HEADER.replace("fragment", f"{page.stem}_fragment_{n}", 1) + block.text
            else:
                continue
            (where / name).write_text(text, encoding="utf-8")  # written even when left out: it may be extended
            if not expected_codes(block.text):
                files.append(f"{page.stem}/{name}")
    out = []
    for name in files:
        result = compile_rules([str(folder / name)], parsed=parsed)
        if result.ok and result.rules is not None:
            out.append(result.rules)
    return out
