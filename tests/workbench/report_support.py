"""Simulated games made by hand for the tests of the report: two seats, two boards, two agents,
names that HTML and matplotlib must not read as markup or mathematics, and a page reader."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html.parser import HTMLParser
from types import SimpleNamespace

from wonderrules.comparison import compare
from wonderrules.report_data import Compared, Simulated, simulated
from wonderrules.simulation import SeatRecord
from wonderrules.statistics import summarise

SCRIPT_CARD = "<script>alert('card')</script>"
TOWER = 'Tower & "Keep"'
DOLLARS = "$x$ coins"


def rec(game: int, seat: int, board: str, agent: str, points: int, coins: int, winner: float,
        built: tuple[str, ...], rounds: int) -> SeatRecord:
    return SeatRecord(game=game, seed=10 + game, rules="hand", players=2, options=(), seat=seat, board=board,
                      side="A" if board == TOWER else "B", agent=agent, scores=(("points", points), (DOLLARS, coins)),
                      total=points + coins, rank=1 if winner else 2, winner=winner, built=built,
                      seen=(SCRIPT_CARD, "Well"), decisions=rounds, rounds=rounds)


#: four games; the tower wins games 0, 2 and 3 (3 of 4), game 1 is a tie; the script card's builders win
RECORDS = [
    rec(0, 0, TOWER, "a", 10, 2, 1.0, (SCRIPT_CARD,), 4), rec(0, 1, "Hall", "b", 6, 1, 0.0, ("Well",), 4),
    rec(1, 0, "Hall", "a", 8, 1, 0.5, (SCRIPT_CARD, "Well"), 6), rec(1, 1, TOWER, "b", 7, 2, 0.5, (), 6),
    rec(2, 0, TOWER, "a", 12, 0, 1.0, (SCRIPT_CARD,), 5), rec(2, 1, "Hall", "b", 3, 0, 0.0, ("Well",), 5),
    rec(3, 0, "Hall", "a", 4, 3, 0.0, ("Well",), 4), rec(3, 1, TOWER, "b", 9, 1, 1.0, (SCRIPT_CARD,), 4),
]


def plan(games: int = 4, seed: int = 10) -> SimpleNamespace:
    """What a report reads of a simulation's plan."""
    return SimpleNamespace(players=2, options=("fast",), sides="random", agents=("a", "b"), seed=seed, games=games)


def hand_simulation(records: Sequence[SeatRecord] = tuple(RECORDS), min_built: int = 1, games: int = 4,
                    title: str = "Hand <game>") -> Simulated:
    return simulated(title, ("hand",), plan(games), records, summarise(records, min_built=min_built))


def richer(records: Sequence[SeatRecord], extra: int) -> list[SeatRecord]:
    """The same games with `extra` more points in every seat's first column."""
    import attrs

    return [attrs.evolve(r, scores=((r.scores[0][0], r.scores[0][1] + extra), r.scores[1]),
                         total=r.total + extra) for r in records]


def hand_comparison() -> Compared:
    """A against B: B's seats all score 2 points more (significant, with no spread at all), the
    rest alike."""
    b_records = richer(RECORDS, 2)
    a = hand_simulation()
    b = simulated("Hand richer", ("hand", "richer"), plan(), b_records, summarise(b_records, min_built=1))
    return Compared(a, b, compare(RECORDS, b_records))


class Page(HTMLParser):
    """A page read back: its section ids, the headings, the images, every element's tag, the
    attributes naming another resource, and each table's caption, row classes and cell texts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.sections: list[str] = []
        self.headings: list[str] = []
        self.images: list[dict[str, str]] = []
        self.tags: list[str] = []
        self.links: list[str] = []
        self.tables: list[dict] = []
        self._text: list[str] | None = None
        self._in: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        self.links += [found[k] for k in ("src", "href", "action", "data", "poster") if k in found]
        if tag == "section":
            self.sections.append(found["id"])
        elif tag == "img":
            self.images.append(found)
        elif tag == "table":
            self.tables.append({"caption": "", "section": self.sections[-1] if self.sections else "", "rows": [],
                                "classes": []})
        elif tag == "tr" and self.tables:
            self.tables[-1]["rows"].append([])
            self.tables[-1]["classes"].append(found.get("class", ""))
        if tag in ("h1", "h2", "td", "th", "caption"):
            self._text = []
            self._in.append(tag)

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if not self._in or self._in[-1] != tag or self._text is None:
            return
        self._in.pop()
        text = "".join(self._text)
        self._text = None
        if tag in ("h1", "h2"):
            self.headings.append(text)
        elif tag == "caption":
            self.tables[-1]["caption"] = text
        else:
            self.tables[-1]["rows"][-1].append(text)

    def table(self, section: str, index: int = 0) -> list[list[str]]:
        """The rows (header first) of the `index`-th table of a section."""
        return [t for t in self.tables if t["section"] == section][index]["rows"]


def svg_of(image: dict[str, str]) -> str:
    prefix = "data:image/svg+xml;base64,"
    assert image["src"].startswith(prefix)
    return base64.b64decode(image["src"][len(prefix):]).decode("utf-8")
