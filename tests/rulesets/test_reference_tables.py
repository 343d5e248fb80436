"""The reference tables kept in the repository (tests/data/reference) are the team's reference
tables: when the shared reference folder sits next to the repository, the copies must not have
drifted from it."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "data" / "reference"
SHARED = ROOT.parent / "shared" / "reference"
TABLES = ("cards.tsv", "wonders.tsv", "leaders.tsv")


def test_the_repository_holds_every_table() -> None:
    for name in TABLES:
        rows = (HERE / name).read_text(encoding="utf-8").splitlines()
        assert len(rows) > 10 and "\t" in rows[0], name


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"no shared reference folder at {SHARED} to compare with")
@pytest.mark.parametrize("name", TABLES)
def test_the_copy_equals_the_shared_table(name: str) -> None:
    assert (HERE / name).read_bytes() == (SHARED / name).read_bytes(), (
        f"tests/data/reference/{name} differs from {SHARED / name}: copy the new table and check the rule sets")
