"""The ``wr-catalogue`` directive: a rule set's cards and wonders as a catalogue page.

``.. wr-catalogue:: base`` (a bundled name, or a ``.wr`` file relative to the page) loads the
rule set with the installed package and puts in its place a section per age (a card of another
deck than the rule set's first gets a section of its own deck) with a table of its cards (name,
colour, cost, chains, copies per player count, effects), then a section of the wonders: the same
words as ``wr cards`` and ``wr show``, from :mod:`wonderrules.reports.catalogue`. A rule set that
does not load is a warning, which ``sphinx-build -W`` turns into a failed build.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive

_ROMAN = "I II III IV V VI VII VIII IX X".split()


def _table(titles, rows, widths, classes):
    """A table node with a header row and a row per item; a cell holding a list of lines gets a
    paragraph per line."""
    table = nodes.table(classes=["wr-catalogue", *classes])
    group = nodes.tgroup(cols=len(titles))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head, body = nodes.thead(), nodes.tbody()
    group += head
    group += body
    head += _row(titles)
    for cells in rows:
        body += _row(cells)
    return table


def _row(cells):
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        for line in cell if isinstance(cell, list) else [cell]:
            entry += nodes.paragraph(text=line)
        row += entry
    return row


class CatalogueDirective(Directive):
    """``.. wr-catalogue:: RULES``: the catalogue of the rule set RULES."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False

    def run(self):
        import wonderrules
        from wonderrules.reports.catalogue import board_lines, card_row, effect_words

        name = self.arguments[0]
        env = self.state.document.settings.env
        rules = name
        if name.endswith(".wr"):
            rules = str(Path(env.doc2path(env.docname)).parent / name)
            env.note_dependency(rules)
        try:
            ruleset = wonderrules.load_rules(rules)
        except (wonderrules.RulesError, wonderrules.FileReadError, OSError, ValueError) as e:
            return [self.state.document.reporter.warning(f"wr-catalogue: cannot load {name}: {e}",
                                                         line=self.lineno)]
        main_deck = ruleset.decks[0] if ruleset.decks else ""
        decks = {deck: n for n, deck in enumerate(ruleset.decks)}
        groups = {}
        for _, card in sorted(enumerate(ruleset.cards),
                              key=lambda found: (decks.get(found[1].deck, len(decks)), found[1].age, found[0])):
            groups.setdefault((card.deck, card.age), []).append(card)
        ages_of = {}
        for deck, age in groups:
            ages_of.setdefault(deck, []).append(age)
        intro = nodes.paragraph(text=(
            f"{ruleset.title or ruleset.name} ({' + '.join(ruleset.layers)}): {len(ruleset.cards)} cards and "
            f"{len(ruleset.boards)} wonder sides, for {', '.join(str(n) for n in ruleset.settings.players)} players."))
        found = [intro]
        titles = ["Card", "Colour", "Cost", "Chains", "Copies", "Effects"]
        for (deck, age), cards in groups.items():
            if deck == main_deck:
                title = f"Age {_ROMAN[age - 1] if 0 < age <= len(_ROMAN) else age}"
            else:
                title = f"The {deck} deck" + (f", age {age}" if len(ages_of[deck]) > 1 else "")
            rows = [(card_row(card, ruleset), [effect_words(h) for h in card.hooks]) for card in cards]
            cells = [[r.name, r.colour, r.cost, r.chains, r.copies, effects] for r, effects in rows]
            found.append(self._section(f"{ruleset.name} {title}", title,
                                       _table(titles, cells, [14, 7, 14, 16, 14, 35], ["wr-cards"])))
        wonders = [board_lines(board) for board in ruleset.boards]
        cells = [[board.name, board.side, board.title, [line.strip() for line in lines[1:]]]
                 for board, lines in zip(ruleset.boards, wonders)]
        found.append(self._section(f"{ruleset.name} wonders", "Wonders",
                                   _table(["Wonder", "Side", "Title", "Effects and stages"], cells, [12, 6, 20, 62],
                                          ["wr-wonders"])))
        return found

    def _section(self, label, title, *content):
        section = nodes.section(ids=[nodes.make_id(label)], names=[nodes.fully_normalize_name(label)])
        section += nodes.title(text=title)
        for node in content:
            section += node
        self.state.document.note_implicit_target(section)
        return section


def setup(app):
    app.add_directive("wr-catalogue", CatalogueDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
