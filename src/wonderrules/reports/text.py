"""What the `wr` command prints about a rule set and a finished game: the summary of `wr check`,
the score sheet and the winner line of `wr play` and `wr replay`.

Everything here reads the rule set's own declarations (its zones, actions, decisions, contests,
options, seats), so a rule set of another game is summarised in its own words. Text from a rule
set or a log is printed literally (no console markup) with control characters escaped.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from wonderrules.interpreter import ir

__all__ = ["console", "console_for", "shown", "bold", "rules_summary", "score_sheet", "fold_columns", "plural"]


def console(piped: int) -> Console:
    """A console that prints text literally: no markup, emoji codes or highlighting are read in
    it, so names from a rule set appear exactly as written (see `shown`). It is as wide as the
    terminal or `COLUMNS` says, else (in a file or a pipe) `piped` wide
    (`reports.terminal.known_width`)."""
    from wonderrules.reports.terminal import known_width

    out = Console(highlight=False, markup=False, emoji=False)
    return Console(highlight=False, markup=False, emoji=False, width=known_width(out.file) or piped)


def console_for(parts: Sequence[Any], piped: int) -> Console:
    """A console (see `console`) as wide as the output, and as wide as each table of `parts` needs
    at its narrowest: a column that does not wrap (the numbers of a table) is never cut. (The score
    sheet folds itself to fit a width: `score_sheet`.)"""
    out = console(piped)
    unbounded = out.options.update_width(10_000)
    need = max((Measurement.get(out, unbounded, p).minimum for p in parts if isinstance(p, Table)), default=0)
    if need <= out.width:
        return out
    return Console(highlight=False, markup=False, emoji=False, width=need)


def shown(text: object) -> str:
    """Text from a rule set or a log, with control characters escaped."""
    from wonderrules.interpreter.validate import printable

    return printable(str(text))


def bold(text: str) -> Text:
    return Text(text, style="bold")


def plural(n: int, word: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _names(items: Iterable[str]) -> str:
    return ", ".join(shown(i) for i in items) or "-"


def _player_counts(counts: Sequence[int]) -> str:
    """`2`, `3 to 7`, `4, 6 and 8`."""
    ordered = sorted(set(counts))
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" and {ordered[-1]}"


_WHO_SEES = {"nobody": "hidden", "everyone": "seen by everyone", "owner": "seen by its owner"}


def _zone(zone: ir.Zone) -> str:
    where = "shared" if zone.per == "shared" else "each seat"
    sees = _WHO_SEES.get(zone.seen_by, f"seen by {zone.seen_by}")
    return f"{shown(zone.name)} ({where}, {sees}{', in play' if zone.active else ''})"


def _neutral_seats(rules: ir.RuleSet) -> list[str]:
    names = [n.name for n in rules.settings.neutral_seats]
    names += [n.name for p in rules.patches for n in p.neutral_seats]
    names += [n.name for o in rules.options for p in o.patches for n in p.neutral_seats]
    return list(dict.fromkeys(names))


def _option(option: ir.Option) -> str:
    parts = []
    if option.title:
        parts.append(shown(option.title))
    if option.players:
        parts.append(f"{_player_counts(option.players)} players")
    if option.team_size:
        parts.append(f"teams of {option.team_size}")
    if option.winner != "player":
        parts.append(f"the best {shown(option.winner)} wins")
    return shown(option.name) + (f" ({', '.join(parts)})" if parts else "")


def _effects(block: ir.RuleEffects) -> str:
    """`each player (2 effects)`: who holds a block of effects of the rule set, and how many."""
    return f"each {block.seats[:-1]} ({plural(len(block.hooks), 'effect')})"


def rules_summary(rules: ir.RuleSet, width: int) -> list[Any]:
    """What `wr check` prints for a rule set without errors: its size, what it declares (lines
    wrapped to `width`), the wonders and the cards dealt per age at every table."""
    from wonderrules.interpreter.decks import deck_report

    wonders = list(dict.fromkeys(b.name for b in rules.boards))
    layers = " + ".join(shown(layer) for layer in rules.layers)
    out: list[Any] = [Text.assemble(
        bold(shown(rules.title or rules.name)),
        f" ({layers}): {plural(len(rules.cards), 'card')}, {plural(len(rules.boards), 'wonder side')} "
        f"({plural(len(wonders), 'wonder')}), {_player_counts(rules.settings.players)} players")]
    declared = [
        ("Score columns", _names(c.name for c in rules.categories)),
        ("Zones", ", ".join(_zone(z) for z in rules.zones) or "-"),
        ("Actions", _names(a.name for a in rules.actions)),
        ("Decisions", "; ".join(f"{shown(d.name)} ({_names(d.actions)})" for d in rules.decisions) or "-"),
        ("Contests", ", ".join(f"{shown(c.name)} (at {shown(c.moment)})" for c in rules.contests) or "-"),
    ]
    neutral = _neutral_seats(rules)
    if neutral:
        declared.append(("Seats without a player", _names(neutral)))
    effects = [_effects(block) for block in rules.effects]
    effects += [f"{_effects(block)} with option {shown(o.name)}" for o in rules.options for block in o.effects]
    if effects:
        declared.append(("Effects of the rules", "; ".join(effects)))
    if rules.options:
        declared.append(("Options", "; ".join(_option(o) for o in rules.options)))
    if rules.settings.tie_break:
        declared.append(("Ties broken by", _names(rules.settings.tie_break)))
    sides: dict[str, list[str]] = {}
    for board in rules.boards:
        sides.setdefault(shown(board.name), []).append(f"{shown(board.side)} ({plural(len(board.stages), 'stage')})")
    if sides:
        declared.append(("Wonders", "; ".join(f"{n} {', '.join(s)}" for n, s in sides.items())))
    indent = max(len(label) for label, _ in declared) + 2
    for label, text in declared:
        lines = textwrap.wrap(text, max(40, width - indent), break_on_hyphens=False) or ["-"]
        out.append(Text(f"{label}:".ljust(indent) + f"\n{' ' * indent}".join(lines)))
    rows = deck_report(rules)
    if rows:
        ages = max(r["age"] for r in rows)
        table = Table(title="Cards dealt per age", title_justify="left")
        table.add_column("players", justify="right")
        table.add_column("option")
        for a in range(1, ages + 1):
            table.add_column(f"age {a}", justify="right")
        table.add_column("hands x cards", justify="right")
        table.add_column("turns", justify="right")
        by_table: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        for r in rows:
            by_table.setdefault((r["players"], r["options"]), []).append(r)
        for (players, options), found in by_table.items():
            cells = []
            found.sort(key=lambda x: x["age"])
            for r in found:
                draws = "".join(f" + {n} {shown(p)}" for p, n in r["draws"])
                cells.append(f"{r['copies']}{draws} = {r['total']}")
            table.add_row(str(players), _names(options), *cells, f"{found[0]['piles']} x {_by_age(found, 'hand')}",
                          _by_age(found, "turns"))
        out.append(table)
    return out


def _by_age(rows: list[dict[str, Any]], key: str) -> str:
    """A number of the table (`hand`, `turns`): once when every age has the same, else each
    age's, `7/7/7/5`."""
    values = [str(r[key]) for r in rows]
    return values[0] if len(set(values)) == 1 else "/".join(values)


def _seat_name(state: Any, seat: int) -> str:
    """`seat 2`, or `seat 2 (Free City)` for a seat without a player."""
    neutral = state.neutral.get(seat)
    return f"seat {seat}" + (f" ({shown(neutral.name)})" if neutral is not None else "")


def score_sheet(state: Any, agents: Sequence[Any] | None = None, title: str = "Score sheet",
                width: int | None = None) -> list[Any]:
    """The score sheet of a finished game: a row per seat (a star marks the winners), a column
    per score column of the rule set, the total and the coins; then the team totals, the choices
    made at the end of the game, and who won, with how ties were broken. A sheet wider than
    `width` is folded into blocks of score columns, each with the seats (`fold_columns`)."""
    sheets = state.scores()
    heads: list[tuple[str, bool]] = [("seat", True), ("board", False)]  # (header, a number column)
    if agents:
        heads.append(("agent", False))
    keep = len(heads)
    heads += [(shown(name), True) for name, _ in sheets[0].columns]
    heads += [("total", True), ("coins", True)]
    winners = set(state.winners())
    rows = []
    for sheet in sheets:
        board = state.cities[sheet.seat].board
        name = f"{shown(board.name)} {shown(board.side)}"
        neutral = state.neutral.get(sheet.seat)
        if neutral is not None:
            name += f" ({shown(neutral.name)})"
        row = [f"{sheet.seat}{' *' if sheet.seat in winners else ''}", name]
        if agents:
            row.append(shown(agents[sheet.seat].name) if sheet.seat < len(agents) else "-")
        row += [str(v) for _, v in sheet.columns] + [str(sheet.total), str(sheet.coins)]
        rows.append(row)

    def table(columns: Sequence[int], first: bool) -> Table:
        made = Table(title=shown(title) if first else None, title_justify="left")
        for c in columns:  # numbers are never wrapped nor cut (see console_for)
            header, number = heads[c]
            made.add_column(header, justify="right" if number else "left", no_wrap=number,
                            style="bold" if c == len(heads) - 2 else "")
        for row in rows:
            made.add_row(*(row[c] for c in columns))
        return made

    out: list[Any] = fold_columns(table, len(heads), keep, width)
    teams = _teams(state)
    if teams:
        out.append(Text("Team totals: " + "; ".join(
            f"team {t} (seats {', '.join(map(str, seats))}): {sum(sheets[s].total for s in seats)}"
            for t, seats in teams.items())))
    chosen = [f"seat {s.seat}: {', '.join(shown(c) for c in s.choices)}" for s in sheets if s.choices]
    if chosen:
        out.append(Text("End-of-game choices: " + "; ".join(chosen)))
    out.append(Text(_winner_line(state, sorted(winners), teams)))
    return out


def fold_columns(table: Callable[[Sequence[int], bool], Table], columns: int, keep: int,
                 width: int | None) -> list[Table]:
    """A table of `columns` columns (made by `table` from the columns' indexes and whether it is
    the first block) as one table, or when it is wider than `width`, as blocks that each fit: the
    first block has the first `keep` columns, the others the first column (the row's key), then
    the remaining columns in order, shared as evenly as fits between the fewest blocks."""
    whole = table(range(columns), True)
    if width is None or _widest(whole) <= width:
        return [whole]
    rest = list(range(keep, columns))
    greedy = _blocks(table, keep, rest, width, len(rest))
    for size in range(-(-len(rest) // len(greedy)), len(rest)):  # even blocks, if the fewest can be even
        even = _blocks(table, keep, rest, width, size)
        if len(even) == len(greedy):
            return even
    return greedy


def _blocks(table: Callable[[Sequence[int], bool], Table], keep: int, rest: list[int], width: int,
            most: int) -> list[Table]:
    """Blocks of at most `most` of the `rest` columns each, as many as fit in `width` unwrapped
    (at least one a block, even when it does not fit)."""
    blocks: list[Table] = []
    lead = list(range(keep))
    while rest:
        taken = 1
        while taken < min(most, len(rest)) and _widest(table(lead + rest[:taken + 1], not blocks)) <= width:
            taken += 1
        blocks.append(table(lead + rest[:taken], not blocks))
        rest = rest[taken:]
        lead = [0]
    return blocks


def _widest(table: Table) -> int:
    """The columns `table` takes printed with no cell wrapped."""
    out = Console(width=10_000)
    return Measurement.get(out, out.options, table).maximum


def _teams(state: Any) -> dict[int, list[int]]:
    """Team -> its players' seats, when the table plays in teams."""
    if not state.table.team_size:
        return {}
    teams: dict[int, list[int]] = {}
    for p in range(state.players):
        teams.setdefault(state.table.team_of(p), []).append(p)
    return teams


def _winner_line(state: Any, winners: list[int], teams: dict[int, list[int]]) -> str:
    """`Winner: seat 2  (ties broken by coins, then shared)`; with a team winner, the teams."""
    if state.config.winner == "team" and teams:
        won = [t for t, seats in teams.items() if set(seats) <= set(winners)]
        who = ", ".join(f"team {t} (seats {', '.join(map(str, teams[t]))})" for t in won)
        head = "Winning team" + ("s" if len(won) > 1 else "")
    else:
        who = ", ".join(_seat_name(state, w) for w in winners)
        head = "Winner" + ("s" if len(winners) > 1 else "")
    breaks = "".join(f"by {shown(k)}, then " for k in state.config.tie_break)
    return f"{head}: {who}  (ties broken {breaks}shared)"
