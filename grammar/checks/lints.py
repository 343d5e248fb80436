"""Pass: warnings about readings a designer should state, and declarations nothing uses."""

from __future__ import annotations

from wonderrules.grammar.diagnostics import Diagnostic, warning
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
            if not any(sc.text in ("self", "everyone") for sc in per.scopes):
                continue
            what = "cards" if per.countable.kind == "any_cards" else \
                ", ".join(n.text for n in per.countable.names) + " cards"
            diags.append(warning(
                "W0501", f"'{card.name.text}' counts {what} in its own city, but does not say whether it "
                "counts itself", per.span,
                help="add `(including this)` or `(excluding this)` after the cities counted"))
    used_tokens: set[str] = set()
    for card in rules.cards:
        for h in card.hooks:
            _collect_tokens(h.effect, used_tokens)
    for w in rules.wonders:
        for st in w.stages:
            for h in st.hooks:
                _collect_tokens(h.effect, used_tokens)
    for c in list(rules.conflicts) + [c for o in rules.options for c in o.conflicts]:
        used_tokens.update(t for t in (c.win_token, c.lose_token, c.sit_out_token, c.reduced_token) if t)
    for cat in rules.categories:
        if cat.formula is not None:
            _expr_tokens(cat.formula, used_tokens)
    for name, node in model.tokens.items():
        if name not in used_tokens:
            diags.append(warning("W0502", f"token '{name}' is declared but nothing gives, spends or counts it",
                                 node.span, help="remove it, or use it in an effect, a conflict or a score"))
    used_colours = {c.colour for c in rules.cards}
    for name, colour in model.colours.items():
        if name not in used_colours:
            diags.append(warning("W0502", f"colour '{name}' is declared but no card has it", colour.name.span,
                                 help="remove it, or give it to a card"))
    return diags


def _collect_tokens(e: ir.Effect, out: set[str]) -> None:
    if isinstance(e, ir.GainTokens):
        out.add(e.token)
    if isinstance(e, ir.LoseCoins) and e.shortfall_token:
        out.add(e.shortfall_token)
    per = getattr(e, "per", None)
    if per is not None and per.kind == "tokens":
        out.update(per.names)


def _expr_tokens(e: ir.Expr, out: set[str]) -> None:
    if isinstance(e, ir.Call):
        if e.function in ("value", "tokens"):
            out.update(e.names)
        for a in e.args:
            _expr_tokens(a, out)
    elif isinstance(e, ir.BinOp):
        _expr_tokens(e.left, out)
        _expr_tokens(e.right, out)


