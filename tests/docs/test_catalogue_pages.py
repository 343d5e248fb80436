"""The catalogue pages of the docs (``.. wr-catalogue:: RULES``, docs/_ext/wr_catalogue.py) hold
every card of their rule set in the words of ``wr cards``. The rows checked by hand are read
against the reference card list (/work/shared/reference/cards.tsv)."""

from __future__ import annotations

import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import wonderrules
from wonderrules.reports.catalogue import card_rows, cost_words

DOCS = Path(__file__).resolve().parents[2] / "docs"


class Tables(HTMLParser):
    """The rows of every table of a page (the header's too), each cell's text with its
    paragraphs joined by " | "; and the sections' titles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[str]]] = []
        self.titles: list[str] = []
        self.cell: list[str] | None = None
        self.title: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "p" and self.cell is not None and self.cell:
            self.cell.append(" | ")
        elif tag == "h2":
            self.title = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "h2" and self.title is not None:
            self.titles.append("".join(self.title).rstrip("¶").strip())
            self.title = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data.strip() if not data.strip() else data)
        elif self.title is not None:
            self.title.append(data)


def build(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           "-d", str(out / ".doctrees"), str(source), str(out)],
                          capture_output=True, text=True, timeout=600)


def tables_of(page: Path) -> Tables:
    parsed = Tables()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("sphinx", reason="the docs are built with Sphinx (the test extra)")
    out = tmp_path_factory.mktemp("html")
    proc = build(DOCS, out)
    assert proc.returncode == 0, f"sphinx-build failed:\n{proc.stdout}\n{proc.stderr}"
    return out


def test_the_base_page_holds_every_card_with_its_cost(built: Path) -> None:
    page = tables_of(built / "catalogue" / "base.html")
    assert page.titles == ["Age I", "Age II", "Age III", "Wonders"]
    cards, wonders = page.tables[:3], page.tables[3]
    assert all(t[0] == ["Card", "Colour", "Cost", "Chains", "Copies", "Effects"] for t in cards)
    listed = [row for table in cards for row in table[1:]]
    base = wonderrules.load_rules("base")
    expected = sorted((c.name, cost_words(c.cost)) for c in base.cards)
    assert sorted((row[0], row[2]) for row in listed) == expected
    # the same rows as wr cards gives, in its order (each effect a paragraph of its own)
    assert listed == [[r.name, r.colour, r.cost, r.chains, r.copies, r.effects.replace("; ", " | ")]
                      for r in card_rows(base)]
    # reference: Temple, age 2 blue, wood clay glass, from Altar to Pantheon, 3 points, copies 1 1 1 2 2
    temple = next(row for row in cards[1] if row[0] == "Temple")
    assert temple == ["Temple", "blue", "wood, clay, glass", "from Altar; to Pantheon", "3:1 4:1 5:1 6:2 7:2",
                      "at the end of the game: 3 points"]
    # reference: Lumber Yard, age 1, free, copies 1 2 2 2 2
    assert ["Lumber Yard", "brown", "free", "", "3:1 4:2 5:2 6:2 7:2", "produces 1 wood"] in cards[0]
    # base.wr: Rhodes A produces ore; stages 2 wood -> 3 points, 3 clay -> 2 shields, 4 ore -> 7 points
    assert wonders[0] == ["Wonder", "Side", "Title", "Effects and stages"]
    assert ["Rhodes", "A", "The Colossus of Rhodes",
            "board: produces 1 ore | stage 1 (cost 2 wood): at the end of the game: 3 points | "
            "stage 2 (cost 3 clay): +2 shield | stage 3 (cost 4 ore): at the end of the game: 7 points"] in wonders
    assert len(wonders) == 1 + len(base.boards)


def test_every_bundled_rule_set_has_a_page_linked_from_the_index(built: Path) -> None:
    from wonderrules.grammar.loading import bundled_names

    index = (built / "catalogue" / "index.html").read_text(encoding="utf-8")
    for name in bundled_names():
        rows = sum(len(t) - 1 for t in tables_of(built / "catalogue" / f"{name}.html").tables[:-1])
        assert rows == len(wonderrules.load_rules(name).cards), name
        assert f'href="{name}.html"' in index
    # leaders: the leaders are a deck of their own, with a section of their own
    assert "The leaders deck" in tables_of(built / "catalogue" / "leaders.html").titles
    assert 'href="catalogue/index.html"' in (built / "index.html").read_text(encoding="utf-8")


def _project(folder: Path, page: str) -> Path:
    folder.mkdir()
    (folder / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
                                    "extensions = ['wr_catalogue']\n", encoding="utf-8")
    (folder / "index.rst").write_text(page, encoding="utf-8")
    return folder


def test_a_variant_file_beside_the_page_gets_its_catalogue(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="the docs are built with Sphinx (the test extra)")
    source = _project(tmp_path / "src", "My variant\n==========\n\n.. wr-catalogue:: dear.wr\n")
    (source / "dear.wr").write_text('ruleset dear "Dear" extends base\n\n'
                                    'replace card "Lumber Yard" age 1 brown cost 2 coin copies 3+ 4+ {\n'
                                    '  passive: produce wood\n}\n', encoding="utf-8")
    proc = build(source, tmp_path / "out")
    assert proc.returncode == 0, proc.stderr
    rows = [row for table in tables_of(tmp_path / "out" / "index.html").tables[:3] for row in table]
    assert ["Lumber Yard", "brown", "2 coins", "", "3:1 4:2 5:2 6:2 7:2", "produces 1 wood"] in rows


def test_a_rule_set_that_does_not_load_fails_the_build(tmp_path: Path) -> None:
    pytest.importorskip("sphinx", reason="the docs are built with Sphinx (the test extra)")
    source = _project(tmp_path / "src", "Broken\n======\n\n.. wr-catalogue:: missing.wr\n")
    proc = build(source, tmp_path / "out")
    assert proc.returncode != 0
    assert "wr-catalogue: cannot load missing.wr" in proc.stderr
