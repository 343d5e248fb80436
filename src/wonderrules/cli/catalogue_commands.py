"""`wr cards` and `wr show`: a rule set's cards and wonder boards in plain words, for designers
who want to see what a rule set holds without reading its `.wr` files (the words come from
:mod:`wonderrules.reports.catalogue`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from wonderrules.cli.support import load_rules_option, prepare_output, say, write_output

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.ir import RuleSet
    from wonderrules.reports.catalogue import CardRow

__all__ = ["cards_cmd", "show_cmd"]

#: the column titles of the table and the Markdown table, by field
_TITLES = {"age": "Age", "colour": "Colour", "name": "Card", "cost": "Cost", "chains": "Chains",
           "copies": "Copies", "effects": "Effects"}


@click.command(name="cards")
@click.argument("rules", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "md"]), default="table",
              show_default=True, help="A table for the terminal, CSV, a JSON list or a Markdown table.")
@click.option("--sheet", metavar="FILE.html", default=None,
              help="Write a printable HTML sheet of card faces (63 x 88 mm) and wonder boards, for a paper "
                   "playtest, instead of the list.")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="With --sheet: one face per copy the deck for this many players holds (else one per card).")
def cards_cmd(rules: Sequence[str], fmt: str, sheet: str | None, players: int | None) -> None:
    """List every card of the rule set RULES (bundled names or .wr files; several are layered, as
    with --rules): age, colour, name, cost, chains, copies at each player count and effects in
    plain words, by age and then in the rule set's order. With --sheet, write them as card faces
    to print instead."""
    from wonderrules.reports.catalogue import FIELDS, card_rows

    if players is not None and sheet is None:
        raise click.BadParameter("it counts the faces of a sheet: give --sheet FILE.html too",
                                 param_hint="'--players'")
    if sheet is not None:
        if click.get_current_context().get_parameter_source("fmt") is not click.core.ParameterSource.DEFAULT:
            raise click.BadParameter("a sheet is HTML: give --format or --sheet, not both", param_hint="'--format'")
        _write_sheet(rules, sheet, players)
        return
    rows = card_rows(load_rules_option(rules, option="'RULES'"))
    if fmt == "csv":
        import csv

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(FIELDS)
        out.writerows([getattr(row, f) for f in FIELDS] for row in rows)
    elif fmt == "json":
        import json

        say(json.dumps([row.as_dict() for row in rows], indent=2, ensure_ascii=False))
    elif fmt == "md":
        say(_markdown(rows))
    else:
        _table(rows)


def _write_sheet(rules: Sequence[str], path: str, players: int | None) -> None:
    """Write the sheet of card faces whole, or say why not."""
    from wonderrules.reports.sheet import card_faces, card_sheet

    prepare_output(path, "'--sheet'")
    ruleset = load_rules_option(rules, writes=[("'--sheet'", path)], option="'RULES'")
    if players is not None and players not in ruleset.settings.players:
        from wonderrules.cli.support import _bundled_for, _counts
        from wonderrules.interpreter.words import MAX_PLAYERS
        from wonderrules.reports.text import shown

        others = _bundled_for(players) if players <= MAX_PLAYERS else []
        verb = "seats" if len(others) == 1 else "seat"
        hint = f"; the bundled {', '.join(others)} {verb} {players}" if others else ""
        raise click.BadParameter(f"{shown(ruleset.name)} plays {_counts(ruleset.settings.players)} players, not "
                                 f"{players}{hint}", param_hint="'--players'")
    write_output(path, card_sheet(ruleset, players), "the sheet")
    faces = len(card_faces(ruleset, players))
    say(f"wrote {path} ({faces} card face{'' if faces == 1 else 's'}, {len(ruleset.boards)} wonder sides)")


def _markdown(rows: Sequence[CardRow]) -> str:
    from wonderrules.reports.catalogue import FIELDS

    def cell(value: object) -> str:
        return str(value).replace("|", "\\|")
    lines = ["| " + " | ".join(_TITLES[f] for f in FIELDS) + " |", "|" + "---|" * len(FIELDS)]
    lines += ["| " + " | ".join(cell(getattr(row, f)) for f in FIELDS) + " |" for row in rows]
    return "\n".join(lines)


def _table(rows: Sequence[CardRow]) -> None:
    from rich.table import Table

    from wonderrules.reports.catalogue import FIELDS
    from wonderrules.reports.text import console, shown

    table = Table(show_lines=False)
    for f in FIELDS:
        table.add_column(_TITLES[f], justify="right" if f == "age" else "left", overflow="fold",
                         no_wrap=f in ("age", "colour"))
    for row in rows:
        table.add_row(*(shown(getattr(row, f)) for f in FIELDS))
    console(200).print(table)


@click.command(name="show")
@click.argument("rules")
@click.argument("name", required=False)
@click.option("--source", is_flag=True, help="Print the path of each file of the rule set, to open it.")
def show_cmd(rules: str, name: str | None, source: bool) -> None:
    """Show a card or a wonder board NAME of the rule set RULES (a bundled name or a .wr file) in
    plain words; without NAME, what the rule set holds.

    Exit status: 2 when no card or wonder is called NAME.
    """
    from wonderrules.reports.catalogue import board_lines, card_row
    from wonderrules.reports.text import shown

    ruleset = load_rules_option([rules], option="'RULES'")
    if source:
        for path in _source_paths(ruleset):
            say(path)
        return
    if name is None:
        say(_summary(ruleset))
        return
    cards = [c for c in ruleset.cards if name in (c.name, *c.aliases)]
    boards = [b for b in ruleset.boards if b.name == name]
    if not cards and not boards:
        from wonderrules.grammar.loading import closest

        known = list(dict.fromkeys([c.name for c in ruleset.cards] + [b.name for b in ruleset.boards]))
        near = closest(name, known)
        hint = f": did you mean '{shown(near)}'?" if near else ""
        say(f"error: no card or wonder '{shown(name)}' in {' + '.join(ruleset.layers)}{hint}", err=True)
        sys.exit(2)
    from wonderrules.reports.terminal import fit_lines, known_width

    width = known_width(sys.stdout)
    for card in cards:
        row = card_row(card, ruleset)
        lines = [f"{row.name} (age {row.age}, {row.colour})", f"  cost: {row.cost}"]
        if row.chains:
            lines.append(f"  chains: {row.chains}")
        lines += [f"  copies: {row.copies}", f"  effects: {row.effects or 'none'}"]
        say(fit_lines("\n".join(shown(line) for line in lines), width))
    for board in boards:
        say(fit_lines("\n".join(shown(line) for line in board_lines(board)), width))


def _summary(ruleset: RuleSet) -> str:
    from collections import Counter

    from wonderrules.reports.text import shown

    settings = ruleset.settings
    ages = Counter(c.age for c in ruleset.cards)
    wonders = list(dict.fromkeys(b.name for b in ruleset.boards))
    lines = [shown(ruleset.title or ruleset.name) + f" ({' + '.join(ruleset.layers)})",
             f"players: {', '.join(str(n) for n in settings.players)}", f"ages: {settings.ages}"]
    lines += [f"age {age}: {n} cards" for age, n in sorted(ages.items())]
    lines.append(f"wonders ({len(wonders)}): {shown(', '.join(wonders))}")
    return "\n".join(lines)


def _source_paths(ruleset: RuleSet) -> list[str]:
    """The files of the rule set's cards, boards and other declarations, in the order the rule
    set first names them; a bundled one by the path it is installed at."""
    from importlib import resources

    from wonderrules.grammar.loading import BUNDLED_PREFIX

    origins = [c.origin for c in ruleset.cards] + [b.origin for b in ruleset.boards]
    found: list[str] = []
    for path in dict.fromkeys(o.path for o in origins if o is not None):
        if path.startswith(BUNDLED_PREFIX):
            path = str(resources.files("wonderrules.rulesets").joinpath(path[len(BUNDLED_PREFIX):]))
        found.append(path)
    return found
