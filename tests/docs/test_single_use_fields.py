"""No field of the compiled form serves one rule without the docs saying why.

Every bundled rule set and every example of the docs is compiled, and the optional fields of the
compiled form that exactly one rule uses are listed (:mod:`wonderrules.interpreter.field_uses`).
Each must be named in the section "Fields with one user today" of docs/engine.rst, which says
why it is a general word, or in :data:`BEING_REPLACED` below, with the general word that takes
its place. And the other way: each field the section or the set names must still exist and have
one user, so that neither says what is no longer true.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_rule_sets import EXAMPLES, docs_rule_sets
from test_examples import DOCS, PAGES, expected_codes, read_blocks

import wonderrules as wr
from wonderrules.grammar.loading import bundled_names
from wonderrules.interpreter.field_uses import Rule, field_uses, optional_fields, single_use

#: Fields with one user that a general word of issue 19 replaces, each with that word. These are
#: not justified in the docs: the merge that rewrites their user on the general word removes the
#: field, and its line here (the test fails while a line names a field that is gone).
BEING_REPLACED: dict[str, str] = {
    # empty: the Free City's restrictions, `way ... only` and the Cities contest fields are gone,
    # replaced by preferences among actions and the general contest words
}

SECTION = "Fields with one user today"


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> list[wr.RuleSet]:
    return docs_rule_sets(tmp_path_factory.mktemp("docs_rule_sets"))


@pytest.fixture(scope="module")
def uses(docs: list[wr.RuleSet]) -> dict[str, tuple[Rule, ...]]:
    return field_uses([wr.load_rules(name) for name in bundled_names()] + docs)


def test_every_example_of_the_docs_is_read(docs: list[wr.RuleSet]) -> None:
    """Each file of docs/examples and each example of the pages that shows no mistake compiles
    (test_examples.py requires it) and is counted: none is dropped on the way."""
    shown = [b for page in PAGES for b in read_blocks(page)
             if b.kind in ("wr", "wr-fragment") and not expected_codes(b.text)]
    assert len(docs) == len(EXAMPLES) + len(shown)
    assert {"far_war", "trade_route", "zones_fragment_2"} <= {rules.name for rules in docs}


def justified_fields(page: Path = DOCS / "engine.rst") -> set[str]:
    """The fields the section names: each ``Class.field`` on a line of a term of its list (a
    class name starts with a capital, so that a file named there, ``far_war.wr``, is none)."""
    lines = page.read_text(encoding="utf-8").split("\n")
    start = lines.index(SECTION) + 2
    end = next(i for i in range(start, len(lines) - 1) if re.fullmatch(r"-{4,}", lines[i + 1]))
    return {name for line in lines[start:end] if line.startswith("``")
            for name in re.findall(r"``([A-Z][A-Za-z]*\.[a-z_]+)``", line)}


def test_the_docs_justify_fields_with_one_user() -> None:
    assert {"Decide.times", "RoundStep.ability", "Zone.size_seen"} <= justified_fields()


def test_every_field_with_one_user_is_justified_or_being_replaced(uses: dict[str, tuple[Rule, ...]]) -> None:
    unexplained = {name: rule for name, rule in single_use(uses).items()
                   if name not in justified_fields() and name not in BEING_REPLACED}
    assert not unexplained, (
        "fields of the compiled form with one user, neither justified in docs/engine.rst "
        f"({SECTION!r}) nor being replaced:\n"
        + "\n".join(f"  {name}: {rule}" for name, rule in unexplained.items()))


@pytest.mark.parametrize("where", ["docs", "being replaced"])
def test_every_field_named_has_one_user_still(uses: dict[str, tuple[Rule, ...]], where: str) -> None:
    named = justified_fields() if where == "docs" else set(BEING_REPLACED)
    untrue = {name: ("no such field" if name not in optional_fields()
                     else f"{len(uses[name])} users: " + ", ".join(str(r) for r in uses[name][:4]))
              for name in sorted(named) if len(uses.get(name, ())) != 1}
    assert not untrue, (f"fields named {'in docs/engine.rst' if where == 'docs' else 'in BEING_REPLACED'} "
                        "that no longer have one user (remove them):\n"
                        + "\n".join(f"  {name}: {why}" for name, why in untrue.items()))


def test_no_field_is_both_justified_and_being_replaced() -> None:
    assert not justified_fields() & set(BEING_REPLACED)
