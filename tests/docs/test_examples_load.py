"""What `wr check` accepts, `load_compiled` loads: every rule set written in the repository that
compiles without an error (every example of the docs, which cover every construct of the
language as test_examples.py checks, the files of docs/examples, the bundled rule sets alone and layered, and the `.wr`
files of the tests) is written as compiled JSON and read back by the loader, which must accept
it and give back the same rule set. A rule set that plays locally then also plays where only its
compiled form travels (`wr simulate` workers, a cluster)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_examples import DOCS, FRAGMENT_HEADER, PAGES, read_blocks

from wonderrules.grammar.compiler import Compiled, compile_rules
from wonderrules.interpreter import serial

REPO = DOCS.parent
BUNDLED = sorted(p.stem for p in (REPO / "rulesets").glob("*.wr"))
LAYERED = [("cities", "two_player"), ("leaders", "two_player"), ("cities_leaders", "two_player")]
TEST_FILES = sorted(p for p in (REPO / "tests").rglob("*.wr"))


def assert_loads(result: Compiled, what: str) -> None:
    """A rule set that compiled without an error loads from its JSON as the same rule set."""
    if not result.ok:
        return
    text = serial.rules_to_json(result.rules)
    assert serial.rules_from_json(text) == result.rules, what


@pytest.mark.parametrize("names", [(n,) for n in BUNDLED] + LAYERED, ids=lambda names: "+".join(names))
def test_the_bundled_rule_sets_load_compiled(names: tuple[str, ...]) -> None:
    result = compile_rules(list(names))
    assert result.ok, [d.message for d in result.diagnostics]
    assert_loads(result, "+".join(names))


def _examples(folder: Path) -> Iterator[tuple[str, str]]:
    """(file name, text) of each `wr` and `wr-fragment` block of the docs, page by page, in the
    files they are saved as (later blocks of a page may extend earlier ones)."""
    for page in PAGES:
        for n, block in enumerate(read_blocks(page), 1):
            if block.kind == "wr":
                name = block.caption if block.caption and block.caption.endswith(".wr") else f"example_{n}.wr"
                yield f"{page.stem}/{name}", block.text
            elif block.kind == "wr-fragment":
                yield f"{page.stem}/fragment_{n}.wr", FRAGMENT_HEADER.replace("fragment", f"fragment_{n}", 1) \
                    + block.text


def test_every_example_of_the_docs_that_compiles_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for page in PAGES:
        (tmp_path / page.stem).mkdir(exist_ok=True)
        for example in (DOCS / "examples").glob("*.wr"):
            (tmp_path / page.stem / example.name).write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    compiled = 0
    for name, text in _examples(tmp_path):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        monkeypatch.chdir(path.parent)
        result = compile_rules([path.name])
        assert_loads(result, name)
        compiled += result.ok
    assert compiled > 50  # most examples are meant to compile


@pytest.mark.parametrize("path", sorted((DOCS / "examples").glob("*.wr")) + TEST_FILES,
                         ids=lambda p: str(p.relative_to(REPO)))
def test_every_rule_set_file_that_compiles_loads(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)
    assert_loads(compile_rules([path.name]), str(path))


def test_the_examples_are_read_from_their_folder() -> None:
    assert os.path.isdir(DOCS / "examples") and TEST_FILES and len(BUNDLED) >= 5
