"""Pass: the effects of the rule set (`each player { ... }`, `each seat { ... }`) can happen.

They are held from the start of the game, as a board's own effects are, and nothing builds them:
an `on build` effect would never come (E0104). Their points go to the score column the block
names (`each player scores house { ... }`); a block that scores without one is E0105. Their names,
triggers and amounts are checked with every other effect's (``references``, ``values``).
"""

from __future__ import annotations

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.names import flow_moments
from wonderrules.grammar.diagnostics import Diagnostic, error
from wonderrules.grammar.resolve import Model

__all__ = ["check"]


def check(model: Model) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    moment = next(iter(flow_moments(model)), "end of turn")
    for block, _ in model.effect_blocks():
        for hook in block.hooks:
            if isinstance(hook.trigger, s.OnBuild):
                diags.append(error(
                    "E0104", f"an effect of `{block.words}` is never built, so `on build` never comes",
                    hook.trigger.span,
                    help=f"it is held from the start of the game: write `each {moment}:` to act at every "
                         f"`{moment}`, or `whenever self builds cards:` for each card built"))
        scoring = next((h for h in block.hooks if isinstance(h.effect, s.Score)), None)
        if scoring is not None and block.category is None:
            diags.append(error(
                "E0105", f"the effects of `{block.words}` score points, but the block names no score column",
                scoring.span,
                help=f"name the column their points go to: `{block.words} scores house {{ ... }}`, with a column "
                     "`house` in the `scoring` block"))
    return diags
