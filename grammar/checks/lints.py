"""Pass: warnings about readings a designer should state, declarations nothing uses, and
settings for player counts that are never seated."""

from __future__ import annotations

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.counts import describe_tables
from wonderrules.grammar.checks.ir_walk import objects
from wonderrules.grammar.diagnostics import Diagnostic, Label, warning
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir

__all__ = ["check"]


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for card in model.cards.values():
        for hook in card.hooks:
            per = getattr(hook.effect, "per", None)
            if per is None or per.self_count is not None or per.countable.kind not in ("cards", "any_cards"):
                continue
            colours = {n.text for n in per.countable.names}
            if per.countable.kind == "cards" and card.colour.text not in colours:
                continue
            if not any(seat.word in ("self", "everyone") for seat in per.seats):
                continue
            what = "cards" if per.countable.kind == "any_cards" else \
                ", ".join(n.text for n in per.countable.names) + " cards"
            diags.append(warning(
                "W0501", f"'{card.name.text}' counts {what} in its own city, but does not say whether it "
                "counts itself", per.span,
                help="add `(including this)` or `(excluding this)` after the cities counted"))
    used_tokens = _used(rules, set(model.tokens))
    for name, node in model.tokens.items():
        if name not in used_tokens:
            diags.append(warning("W0502", f"token '{name}' is declared but nothing gives, spends or counts it",
                                 node.span, help="remove it, or use it in an effect, a conflict or a score"))
    used_colours = {c.colour for c in rules.cards}
    for name, colour in model.colours.items():
        if name not in used_colours:
            diags.append(warning("W0502", f"colour '{name}' is declared but no card has it", colour.name.span,
                                 help="remove it, or give it to a card"))
    _unseated_whens(model, rules, diags)
    return diags


def _used(rules: ir.RuleSet, declared: set[str]) -> set[str]:
    """The tokens of `declared` that something of the compiled rule set gives, spends or counts.
    The search stops once each is found: in a sound rule set, early."""
    used: set[str] = set()
    if not declared:
        return used
    for node, _ in objects(rules):
        if isinstance(node, (ir.GainTokens, ir.LoseTokens)):
            used.add(node.token)
        elif isinstance(node, ir.Quantity) and node.what in ("tokens", "value"):
            used.update(node.names)
        elif isinstance(node, ir.Contest):
            used.update((node.win.token, node.lose.token))
        else:
            continue
        if declared <= used:
            break
    return used


def _unseated_whens(model: Model, rules: ir.RuleSet, diags: list[Diagnostic]) -> None:
    """W0503: `when players N` for counts no table has. A count the `when`'s own layer seats is
    fine even when a higher layer seats others (Cities' 8 players under the two-player game)."""
    blocks: dict[int, tuple[s.When, str, str | None, s.Players | None]] = {}
    for w in model.whens:
        blocks.setdefault(id(w.when), (w.when, w.layer, None, None))
    for name, opt in model.options.items():
        allowed = next((it.body for it in opt.items
                        if isinstance(it, s.Setting) and isinstance(it.body, s.Players)), None)
        for it in opt.items:
            if isinstance(it, s.When):
                blocks.setdefault(id(it), (it, model.option_layers.get(name, ""), name, allowed))
    final = set(rules.settings.players)
    players = model.settings.get("players")
    for when, layer, option, allowed in blocks.values():
        seated = final | set(model.layer_players.get(layer, ()))
        counts = when.players.counts()
        never = [n for n in counts if n not in seated]
        where = players.node.span if players is not None else None
        who, place = "the game never seats", "`players`"
        if not never and allowed is not None:  # the game seats them, but the option is not for them
            never = [n for n in counts if n not in allowed.counts()]
            who, place, where = f"option '{option}' is never played with", "the option's `players`", allowed.span
        if not never:
            continue
        if len(never) == len(counts):
            what, hint = "this `when` block never applies", f"remove the block, or allow these counts in {place}"
        else:
            what = f"the `when` settings for {'it' if len(never) == 1 else 'them'} never apply"
            hint = f"remove {', '.join(map(str, never))} from `when players`"
        labels = [Label(where, "player counts set here")] if where is not None else []
        diags.append(warning("W0503", f"{who} {describe_tables(never)}: {what}", when.players.span,
                             labels=labels, help=hint))
