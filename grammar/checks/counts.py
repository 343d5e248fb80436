"""Pass: deck arithmetic. For every table the rule set allows (each player count, with and
without each option), each age's deck deals exactly one hand per player and one pile per
neutral seat; pools hold enough cards for their draws; turns fit in a hand."""

from __future__ import annotations

from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.config import ConfigError, deck_cards, resolve_config, supported_tables

__all__ = ["check", "deck_report"]


def deck_report(rules: ir.RuleSet) -> list[dict]:
    """Per table and age: cards from copies, cards drawn from pools, and what the deal needs."""
    rows = []
    for players, options in supported_tables(rules):
        try:
            cfg = resolve_config(rules, players, options)
        except ConfigError:
            continue
        for age in range(1, cfg.ages + 1):
            copies = len(deck_cards(rules, cfg, age))
            draws = cfg.draws_for(age)
            rows.append({
                "players": players, "options": options, "age": age, "copies": copies,
                "draws": draws, "total": copies + sum(n for _, n in draws),
                "needed": cfg.hand * cfg.piles(), "hand": cfg.hand, "piles": cfg.piles(),
                "turns": cfg.turns,
            })
    return rows


def _span(model: Model, key: str, fallback: Span | None) -> Span | None:
    entry = model.settings.get(key)
    return entry.node.span if entry else fallback


def check(model: Model, rules: ir.RuleSet, where: Span | None) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    seen: set[str] = set()

    def add(d: Diagnostic) -> None:
        if d.message not in seen:
            seen.add(d.message)
            diags.append(d)

    for players, options in supported_tables(rules):
        try:
            cfg = resolve_config(rules, players, options)
        except ConfigError as e:
            add(error("E0104", str(e), where))
            continue
        table = f"{players} players" + (f" with option '{options[0]}'" if options else "")
        if cfg.turns > cfg.hand:
            add(error("E0303", f"{cfg.turns} turns but hands of {cfg.hand} cards ({table})",
                      _span(model, "turns", where), help="each turn plays one card from the hand"))
        if cfg.turns < 1 or cfg.hand < 1:
            add(error("E0104", f"hands of {cfg.hand} cards and {cfg.turns} turns ({table})",
                      _span(model, "hand", where)))
        for age in range(1, cfg.ages + 1):
            copies = len(deck_cards(rules, cfg, age))
            draws = cfg.draws_for(age)
            for pool, n in draws:
                available = sum(1 for c in rules.cards if c.pool == pool and c.age == age)
                if n > available:
                    add(error("E0302", f"age {age} draws {n} cards from pool '{pool}', which holds only "
                              f"{available} ({table})", _span(model, f"pool {pool}", where),
                              help="add cards to the pool or draw fewer"))
                if n < 0:
                    add(error("E0104", f"age {age} draws {n} cards from pool '{pool}' ({table})",
                              _span(model, f"pool {pool}", where)))
            total = copies + sum(n for _, n in draws)
            need = cfg.hand * cfg.piles()
            if total != need:
                parts = [f"{copies} from copies"] + [f"{n} from pool '{p}'" for p, n in draws]
                piles = f"{cfg.players} hands" + (f" and {cfg.piles() - cfg.players} pile(s)"
                                                 if cfg.piles() != cfg.players else "")
                labels = []
                players_entry = model.settings.get("players")
                if players_entry is not None:
                    labels.append(Label(players_entry.node.span, "player counts set here"))
                add(error("E0301", f"age {age} deck has {total} cards for {table}, but {piles} of "
                          f"{cfg.hand} need {need}", _span(model, "hand", where), labels=labels,
                          help=f"the deck is {' + '.join(parts)}; adjust copy markers, pool draws or the hand size"))
    return diags


