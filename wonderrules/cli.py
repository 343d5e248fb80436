"""The `wr` command line: check and compile rule sets, play, replay and simulate games."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wonder-rules")
def main() -> None:
    """wonder-rules: rule sets for 7 Wonders as text, and an engine that plays them."""


# ---- check / compile ----------------------------------------------------------------------------

def _emit_diagnostics(result, fmt: str) -> None:
    from wonderrules.grammar.diagnostics import render_pretty, render_short, sort_and_cap

    kept, left_out = sort_and_cap(result.diagnostics)
    if fmt == "json":
        return
    if not kept:
        return
    if fmt == "short":
        click.echo(render_short(kept, left_out), err=True, nl=False)
    else:
        click.echo(render_pretty(kept, result.sources, left_out), err=True, nl=False)


def _summary(rules) -> None:
    from rich.console import Console
    from rich.table import Table

    from wonderrules.grammar.checks.counts import deck_report

    console = Console(highlight=False)
    layers = " + ".join(rules.layers)
    console.print(f"[bold]{rules.title or rules.name}[/bold] ({layers}): "
                  f"{len(rules.cards)} cards, {len(rules.wonders)} wonder sides, "
                  f"{len(rules.categories)} score columns")
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
        by_table: dict[tuple, list[dict]] = {}
        for r in rows:
            by_table.setdefault((r["players"], r["options"]), []).append(r)
        for (players, options), rs in by_table.items():
            cells = []
            for r in sorted(rs, key=lambda x: x["age"]):
                draws = "".join(f" + {n} {p}" for p, n in r["draws"])
                cells.append(f"{r['copies']}{draws} = {r['total']}")
            first = rs[0]
            table.add_row(str(players), ", ".join(options) or "-", *cells,
                          f"{first['piles']} x {first['hand']}", str(first["turns"]))
        console.print(table)
    wonders: dict[str, list[str]] = {}
    for w in rules.wonders:
        wonders.setdefault(w.name, []).append(f"{w.side} ({len(w.stages)} stages)")
    console.print("Wonders: " + "; ".join(f"{n} {', '.join(s)}" for n, s in wonders.items()))


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["pretty", "short", "json"]), default="pretty",
              show_default=True, help="How to print diagnostics.")
@click.option("--together", is_flag=True,
              help="Layer all PATHS into one rule set (as `wr play --rules A --rules B`) instead of "
                   "checking each on its own.")
@click.option("--quiet", "-q", is_flag=True, help="Print diagnostics only, no summary.")
def check(paths: Sequence[str], fmt: str, together: bool, quiet: bool) -> None:
    """Check rule sets: PATH is a .wr file or a bundled name (base, cities, two_player).

    Exit status: 0 when no errors (warnings allowed), 1 on errors, 2 on bad usage.
    """
    import json

    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.diagnostics import has_errors, sort_and_cap

    groups = [list(paths)] if together else [[p] for p in paths]
    failed = False
    all_json: list[dict] = []
    for group in groups:
        result = compile_rules(group)
        _emit_diagnostics(result, fmt)
        if fmt == "json":
            kept, _ = sort_and_cap(result.diagnostics, cap=10_000)
            all_json.extend(d.to_json() for d in kept)
        if has_errors(result.diagnostics) or result.rules is None:
            failed = True
        elif not quiet and fmt != "json":
            _summary(result.rules)
    if fmt == "json":
        click.echo(json.dumps(all_json, indent=2))
    sys.exit(1 if failed else 0)


@main.command(name="compile")
@click.argument("paths", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), required=True,
              help="Where to write the compiled rule set (JSON).")
@click.option("--format", "fmt", type=click.Choice(["pretty", "short", "json"]), default="pretty",
              show_default=True, help="How to print diagnostics.")
def compile_cmd(paths: Sequence[str], output: str, fmt: str) -> None:
    """Compile PATHS (layered in order) into one JSON rule set that the engine loads without the parser."""
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.interpreter.serial import rules_to_json

    result = compile_rules(list(paths))
    _emit_diagnostics(result, fmt)
    if not result.ok:
        sys.exit(1)
    Path(output).write_text(rules_to_json(result.rules) + "\n", encoding="utf-8")
    click.echo(f"wrote {output} ({len(result.rules.cards)} cards, {len(result.rules.wonders)} wonder sides)")


if __name__ == "__main__":  # pragma: no cover
    main()
