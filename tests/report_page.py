"""A report page read back with the standard library's HTML parser (tests of the page and of
the `--report` option share it)."""

from __future__ import annotations

import base64
from html.parser import HTMLParser


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
