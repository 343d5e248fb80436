"""`wr cards RULES --sheet`: a printable sheet of card faces. The faces are read back with an HTML
parser; those checked by hand are read against rulesets/base.wr and the reference card list
(/work/shared/reference/cards.tsv: copies per player count 3 to 7)."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import attrs
from click.testing import CliRunner

import wonderrules
from wonderrules.cli import main
from wonderrules.interpreter import ir
from wonderrules.reports.catalogue import card_row, card_rows
from wonderrules.reports.sheet import card_sheet


@attrs.define
class Face:
    kind: str
    classes: list[str]
    fields: dict[str, str] = attrs.field(factory=dict)
    effects: list[str] = attrs.field(factory=list)
    stages: list[str] = attrs.field(factory=list)


class Faces(HTMLParser):
    """The faces of a sheet: each field by its class, the effects and stages item by item; every
    tag the page opens, to check that it holds no script and no link out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.faces: list[Face] = []
        self.tags: Counter[str] = Counter()
        self.urls: list[str] = []
        self.field: str | None = None
        self.item: list[str] | None = None

    def handle_starttag(self, tag: str, attrs_: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        found = dict(attrs_)
        self.urls += [v or "" for k, v in attrs_ if k in ("src", "href")]
        classes = (found.get("class") or "").split()
        if tag == "section" and "face" in classes:
            self.faces.append(Face("card" if "card" in classes else "board", classes))
        elif self.faces and tag == "li":
            self.item = self.faces[-1].effects if self.field == "effects" else self.faces[-1].stages
            self.item.append("")
        elif self.faces and classes and classes[0] in ("name", "age", "side", "colour", "cost", "chains", "copies",
                                                       "title"):
            self.field = classes[0]
            self.faces[-1].fields[self.field] = ""
        elif self.faces and classes and classes[0] in ("effects", "stages"):
            self.field = classes[0]

    def handle_endtag(self, tag: str) -> None:
        if tag == "li":
            self.item = None
        elif tag in ("h3", "span", "p") or tag in ("ul", "ol"):
            self.field = None

    def handle_data(self, data: str) -> None:
        if not self.faces:
            return
        if self.item is not None:
            self.item[-1] += data
        elif self.field is not None and self.field not in ("effects", "stages"):
            self.faces[-1].fields[self.field] += data


def faces_of(page: str) -> Faces:
    parsed = Faces()
    parsed.feed(page)
    parsed.close()
    return parsed


def sheet(tmp_path: Path, *args: str) -> Faces:
    out = tmp_path / "cards.html"
    result = CliRunner().invoke(main, ["cards", *args, "--sheet", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"wrote {out} (")
    return faces_of(out.read_text(encoding="utf-8"))


def test_every_card_has_a_face_with_its_words(tmp_path):
    base = wonderrules.load_rules("base")
    parsed = sheet(tmp_path, "base")
    cards = [f for f in parsed.faces if f.kind == "card"]
    rows = card_rows(base)
    assert len(cards) == len(base.cards) == len(rows)
    for face, row in zip(cards, rows):  # in the catalogue's order: by age, then as base.wr writes them
        assert face.fields["name"] == row.name
        assert face.fields["cost"] == row.cost
        assert "; ".join(face.effects) == row.effects
        assert face.fields.get("chains", "") == row.chains
        assert face.fields["copies"] == row.copies
        assert face.fields["colour"] == row.colour
    # every wonder side too, with as many stages as it has
    boards = [f for f in parsed.faces if f.kind == "board"]
    assert [(f.fields["name"], f.fields["side"]) for f in boards] == [(b.name, f"side {b.side}") for b in base.boards]
    assert [len(f.stages) for f in boards] == [len(b.stages) for b in base.boards]


def test_faces_read_as_the_reference_cards(tmp_path):
    faces = {(f.fields["name"], f.fields.get("age")): f for f in sheet(tmp_path, "base").faces if f.kind == "card"}
    # reference: Lumber Yard, age 1 brown, free, produce wood, copies 1 2 2 2 2
    lumber = faces["Lumber Yard", "Age I"]
    assert lumber.fields["colour"] == "brown" and lumber.fields["cost"] == "free"
    assert lumber.effects == ["produces 1 wood"] and "chains" not in lumber.fields
    assert lumber.fields["copies"] == "3:1 4:2 5:2 6:2 7:2"
    # reference: Temple, age 2 blue, wood clay glass, from Altar to Pantheon, 3 points, copies 1 1 1 2 2
    temple = faces["Temple", "Age II"]
    assert (temple.fields["colour"], temple.fields["cost"]) == ("blue", "wood, clay, glass")
    assert temple.fields["chains"] == "from Altar; to Pantheon"
    assert temple.effects == ["at the end of the game: 3 points"]
    assert temple.fields["copies"] == "3:1 4:1 5:1 6:2 7:2"
    # reference: Scientists Guild, age 3 purple, 2 wood 2 ore papyrus, a science symbol of choice, a guild
    guild = faces["Scientists Guild", "Age III"]
    assert (guild.fields["colour"], guild.fields["cost"]) == ("purple", "2 wood, 2 ore, papyrus")
    assert guild.effects == ["at the end of the game: +1 compass / gear / tablet (one of them)"]
    assert guild.fields["copies"] == "pool guilds"
    # base.wr: Rhodes A produces ore; its stages cost 2 wood, 3 clay and 4 ore
    rhodes = next(f for f in sheet(tmp_path, "base").faces if f.fields["name"] == "Rhodes")
    assert rhodes.fields["side"] == "side A" and rhodes.effects == ["produces 1 ore"]
    assert rhodes.stages == ["2 wood: at the end of the game: 3 points", "3 clay: +2 shield",
                             "4 ore: at the end of the game: 7 points"]


def test_with_players_a_card_has_a_face_per_copy_of_that_deck(tmp_path):
    parsed = sheet(tmp_path, "base", "--players", "4")
    cards = [f for f in parsed.faces if f.kind == "card"]
    # reference: Lumber Yard 2 copies at 4 players (markers 3+ and 4+), Temple 1, Excavation 1 (4+)
    assert [f.fields["copies"] for f in cards if f.fields["name"] == "Lumber Yard"] == ["3+", "4+"]
    assert [f.fields["copies"] for f in cards if f.fields["name"] == "Temple"] == ["3+"]
    assert [f.fields["copies"] for f in cards if f.fields["name"] == "Excavation"] == ["4+"]
    assert not any(f.fields["name"] == "Forest Cave" for f in cards)  # 5+ only
    # a deck of 7 cards a player in each age: 28 cards in ages 1 and 2; in age 3 the guilds are a
    # pool (all 10 printed, 6 drawn), the other cards 28 - 6 = 22
    ages = Counter(f.fields["age"] for f in cards)
    assert ages == {"Age I": 28, "Age II": 28, "Age III": 22 + 10}
    assert sum(1 for f in cards if f.fields["copies"] == "pool guilds") == 10


def test_the_page_is_self_contained_and_escapes_the_rule_sets_words():
    base = wonderrules.load_rules("base")
    lumber = next(c for c in base.cards if c.name == "Lumber Yard")
    odd = attrs.evolve(lumber, name='<script>alert("x")</script> & Co')
    rules = attrs.evolve(base, cards=(odd,), boards=(), title="A <b>bold</b> set")
    page = card_sheet(rules)
    parsed = faces_of(page)
    assert parsed.tags["script"] == 0 and parsed.tags["b"] == 0 and parsed.tags["link"] == 0 and not parsed.urls
    assert [f.fields["name"] for f in parsed.faces] == ['<script>alert("x")</script> & Co']
    assert parsed.faces[0].fields["cost"] == card_row(odd, rules).cost
    assert "@page" in page and "63mm" in page and "88mm" in page  # printed at the size of a card
    assert 'class="face card tint-0"' in page  # brown, and short: normal type


def test_a_face_with_long_effects_is_set_in_smaller_type():
    base = wonderrules.load_rules("base")
    lumber = next(c for c in base.cards if c.name == "Lumber Yard")
    many = attrs.evolve(lumber, hooks=lumber.hooks * 20)  # 20 times "produces 1 wood": 300 characters
    rules = attrs.evolve(base, cards=(lumber, many), boards=())
    assert [face.classes for face in faces_of(card_sheet(rules)).faces] == [
        ["face", "card", "tint-0"], ["face", "card", "tint-0", "long"]]


def test_a_colour_css_does_not_know_is_left_white():
    base = wonderrules.load_rules("base")
    lumber = next(c for c in base.cards if c.name == "Lumber Yard")
    odd = attrs.evolve(lumber, colour="x;}body{display:none")
    rules = attrs.evolve(base, cards=(odd,), boards=(), colours=(ir.Colour("x;}body{display:none"),))
    assert "display:none" not in card_sheet(rules).split("</style>")[0]


def test_bad_players_and_unwritable_sheets_are_refused_in_one_sentence(tmp_path):
    out = tmp_path / "cards.html"
    two = CliRunner().invoke(main, ["cards", "base", "--sheet", str(out), "--players", "2"])
    assert two.exit_code == 2 and "base plays 3 to 7 players, not 2; the bundled two_player seats 2" in two.output
    alone = CliRunner().invoke(main, ["cards", "base", "--players", "4"])
    assert alone.exit_code == 2 and "give --sheet FILE.html too" in alone.output
    both = CliRunner().invoke(main, ["cards", "base", "--sheet", str(out), "--format", "csv"])
    assert both.exit_code == 2 and "give --format or --sheet, not both" in both.output
    folder = CliRunner().invoke(main, ["cards", "base", "--sheet", str(tmp_path)])
    assert folder.exit_code == 2 and "it is a folder" in folder.output
    assert not out.exists() and "Traceback" not in two.output + alone.output + folder.output
