"""The rules of a compiled rule set that span several fields.

:mod:`.validate` checks each value on its own; what is left needs two values at once: an
effect's class and its hook's timing, an expression and the setting it stands in, a function
and its arguments, the aliases of all cards, the tables the rule set seats, and how much work
final scoring may have with a city's end-of-game choices. Each refusal names the JSON path at
fault.
"""

from __future__ import annotations

from math import comb, prod
from types import MappingProxyType
from typing import Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.config import ConfigError, check_table, describe_table, resolve_config, supported_tables
from wonderrules.interpreter.validate import CompiledRulesError, Names, model_of, objects, quote
from wonderrules.interpreter.vocabulary import (
    EXPRESSION_CONTEXTS,
    FORMAT_VERSION,
    FUNCTIONS,
    MAX_SCORING_STEPS,
    TARGET_SCOPES,
)

__all__ = ["check_rules", "MODEL"]

#: the first IR as the generic checks of :mod:`.validate` read it
MODEL = model_of(ir.RuleSet, FORMAT_VERSION)

_CONTEXT_WORDS = MappingProxyType({"setting": "a game setting", "draw": "a pool draw", "quantity": "a formula"})


def check_rules(rules: ir.RuleSet, names: Names) -> None:
    """CompiledRulesError at the first rule of a structured rule set that does not hold."""
    for path, obj, context in objects(rules, MODEL):
        rule = _RULES.get(type(obj))
        if rule is not None:
            rule(obj, path, context, names)
    _aliases(rules)
    _tables(rules)
    _scoring_bounded(rules)


# ---- hooks and expressions ------------------------------------------------------------------------

def _hook(hook: ir.Hook, path: str, context: Optional[str], names: Names) -> None:
    effect = hook.effect
    allowed = type(effect).timings
    if hook.timing not in allowed:
        raise CompiledRulesError(f"{path}.timing", f"a {type(effect).__name__} effect cannot happen at "
                                                   f"{quote(hook.timing)} (it may at: {', '.join(allowed)})")
    if isinstance(effect, ir.Symbol) and len(effect.options) > 1 and hook.timing != "end_of_game":
        raise CompiledRulesError(f"{path}.timing", "a choice between symbols is made at the end of the game: "
                                                   "its timing must be 'end_of_game'")
    if hook.timing == "whenever_builds":
        if not hook.scopes:
            raise CompiledRulesError(f"{path}.scopes", "a whenever_builds hook names the cities whose builds "
                                                       "set it off")
    else:
        for field in ("scopes", "colours"):
            if getattr(hook, field):
                raise CompiledRulesError(f"{path}.{field}", f"only a whenever_builds hook has {field}")


def _context(context: Optional[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return EXPRESSION_CONTEXTS[context or "quantity"]


def _var(var: ir.Var, path: str, context: Optional[str], names: Names) -> None:
    variables, _ = _context(context)
    if var.name not in variables:
        raise CompiledRulesError(f"{path}.name", f"variable {quote(var.name)} cannot be used in "
                                                 f"{_CONTEXT_WORDS[context or 'quantity']} (known there: "
                                                 f"{', '.join(variables)})")


def _binop(op: ir.BinOp, path: str, context: Optional[str], names: Names) -> None:
    if op.op == "/" and isinstance(op.right, ir.Num) and op.right.value == 0:
        raise CompiledRulesError(f"{path}.right", "division by zero")


def _call(call: ir.Call, path: str, context: Optional[str], names: Names) -> None:
    _, functions = _context(context)
    if call.function not in functions:
        raise CompiledRulesError(f"{path}.function", f"function {quote(call.function)} cannot be used in "
                                                     f"{_CONTEXT_WORDS[context or 'quantity']} (known there: "
                                                     f"{', '.join(functions)})")
    kinds, arity = FUNCTIONS[call.function]
    if len(call.args) != arity:
        raise CompiledRulesError(f"{path}.args", f"{call.function}() takes {arity} expression argument"
                                                 f"{'s' if arity != 1 else ''}, not {len(call.args)}")
    given = list(call.names)
    i = 0
    for kind in kinds:
        word = kind.rstrip("?")
        if i < len(given) and _is(word, given[i], names):
            i += 1
        elif not kind.endswith("?"):
            if i < len(given):
                names.resolve(f"{path}.names[{i}]", word, given[i])
            raise CompiledRulesError(f"{path}.names", f"{call.function}() needs a {word.replace('|', ' or ')} name")
    if i < len(given):
        takes = " then ".join(("an optional " if k.endswith("?") else "a ") + k.rstrip("?").replace("|", " or ")
                              for k in kinds) or "no name"
        raise CompiledRulesError(f"{path}.names[{i}]", f"{call.function}() takes {takes}; {quote(given[i])} "
                                                       "is not one of them")


def _is(kind: str, name: str, names: Names) -> bool:
    return name in TARGET_SCOPES if kind == "scope" else names.known(kind, name)


_RULES = MappingProxyType({ir.Hook: _hook, ir.Var: _var, ir.BinOp: _binop, ir.Call: _call})


# ---- cards ------------------------------------------------------------------------------------------

def _aliases(rules: ir.RuleSet) -> None:
    """An alias is another name of one card: never the name of a different card, never shared."""
    first: dict[str, int] = {}
    for i, card in enumerate(rules.cards):
        first.setdefault(card.name, i)
    owner: dict[str, int] = {}
    for i, card in enumerate(rules.cards):
        for j, alias in enumerate(card.aliases):
            path = f"cards[{i}].aliases[{j}]"
            if alias in first and alias != card.name:
                raise CompiledRulesError(path, f"{quote(alias)} is the name of cards[{first[alias]}]")
            k = owner.setdefault(alias, i)
            if rules.cards[k].name != card.name:
                raise CompiledRulesError(path, f"{quote(alias)} is also an alias of cards[{k}]")


# ---- tables -----------------------------------------------------------------------------------------

def _tables(rules: ir.RuleSet) -> None:
    """Every table the rule set seats resolves, within the engine's limits, with a wonder per seat."""
    if not rules.settings.players:
        raise CompiledRulesError("settings.players", "the rule set seats no player count: list at least one")
    wonders = len({w.name for w in rules.wonders})
    for players, options in supported_tables(rules):
        try:
            cfg = resolve_config(rules, players, options)
            check_table(cfg)
        except ConfigError as e:
            raise CompiledRulesError(_origin(rules, players, options, e.setting), str(e)) from None
        if cfg.seats > wonders:
            raise CompiledRulesError("wonders", f"{describe_table(players, options)}, {cfg.seats} seats need a "
                                                f"wonder each, but there are {wonders}")


def _origin(rules: ir.RuleSet, players: int, options: tuple[str, ...], setting: Optional[str]) -> str:
    """The path of the value a table took for `setting`: the base settings, or the last patch
    (of the rule set, then of the options, in the order they apply) that replaced it."""
    if setting is None:
        return "settings"
    index = {o.name: k for k, o in enumerate(rules.options)}
    if setting == "team_size":
        chosen = [index[name] for name in options if rules.options[index[name]].team_size]
        return f"options[{chosen[-1]}].team_size" if chosen else "options"
    path = f"settings.{setting}"
    for i, patch in enumerate(rules.patches):
        if players in patch.players and setting in patch.fields:
            path = f"patches[{i}].values.{setting}"
    for name in options:
        k = index[name]
        for j, patch in enumerate(rules.options[k].patches):
            if (not patch.players or players in patch.players) and setting in patch.fields:
                path = f"options[{k}].patches[{j}].values.{setting}"
    return path


# ---- final scoring ----------------------------------------------------------------------------------

def _scoring_bounded(rules: ir.RuleSet) -> None:
    """Final scoring (:mod:`.scoring`) tries every combination of a city's end-of-game choices:
    each copied card, each set of different cards whose symbols are copied (only the sets that
    give different symbols are scored), each symbol of every either/or symbol. Bound the steps
    it could take for a city that built every card, on each board side."""
    seats = max((resolve_config(rules, p, o).seats for p, o in supported_tables(rules)), default=1)
    cards = [h for i, c in enumerate(rules.cards) for h in _hooks(c.hooks, f"cards[{i}]")]
    sides = [[h for j, st in enumerate(w.stages) for h in _hooks(st.hooks, f"wonders[{i}].stages[{j}]")]
             for i, w in enumerate(rules.wonders)] or [[]]
    for side in sides:
        hooks = cards + side
        total = _scoring_steps(rules, [h for h, _ in hooks], seats)
        if total > MAX_SCORING_STEPS:
            path = max(hooks, key=lambda hp: _scoring_steps(rules, [hp[0]], seats))[1]
            raise CompiledRulesError(path, f"final scoring could take {_big(total)} steps through the end-of-game "
                                           f"choices of one city (at most {MAX_SCORING_STEPS}); this effect "
                                           "adds the most")


def _hooks(hooks: tuple[ir.Hook, ...], path: str) -> list[tuple[ir.Hook, str]]:
    """The hooks that add end-of-game choices, with their paths."""
    return [(h, f"{path}.hooks[{k}]") for k, h in enumerate(hooks)
            if isinstance(h.effect, (ir.CopyCard, ir.CopySymbol))
            or (isinstance(h.effect, ir.Symbol) and len(h.effect.options) > 1)]


def _scoring_steps(rules: ir.RuleSet, hooks: list[ir.Hook], seats: int) -> int:
    """The work final scoring may do for a city with these hooks, in steps, following its loops:
    for each choice of copied cards, every set of different cards whose symbols are copied is a
    step; for each distinct set, every choice of the either/or symbols is a step, and each
    distinct choice is scored (every formula evaluated: ten steps)."""
    copies, wild, slots = 1, [], 0
    colours: set[str] = set()
    scopes: set[str] = set()
    for hook in hooks:
        e = hook.effect
        if isinstance(e, ir.Symbol):
            wild.append(len(e.options))
        elif isinstance(e, ir.CopyCard):
            kinds = [c for c in rules.cards if not e.colours or c.colour in e.colours]
            copies *= len({c.name for c in kinds}) ** e.count
            most = max(kinds, key=lambda c: prod(_wild(c.hooks)), default=None)
            wild.extend(_wild(most.hooks) * e.count if most else [])
        elif isinstance(e, ir.CopySymbol):
            slots += e.count
            colours.update(e.colours or {c.name for c in rules.colours})
            scopes.update(e.scopes)
    shown = [c for c in rules.cards if c.colour in colours and _symbols(c)]
    candidates = len(shown) * _seats_in(scopes, seats)
    picked = min(slots, candidates)
    walked = comb(candidates, picked)
    distinct = comb(len({_symbols(c) for c in shown}) + picked - 1, picked) if picked else 1
    symbols = len({s for g in rules.symbol_groups for s in g.members})
    choices = min(prod(wild), comb(symbols + len(wild) - 1, len(wild))) if wild else 1
    return copies * (walked + distinct * (prod(wild) + 10 * choices))


def _seats_in(scopes: set[str], seats: int) -> int:
    """How many cities the scopes cover at most."""
    if scopes - {"left", "right", "neighbours"}:
        return seats
    return 2 if "neighbours" in scopes or {"left", "right"} <= scopes else 1


def _wild(hooks: tuple[ir.Hook, ...]) -> list[int]:
    """The number of options of each either/or symbol among these hooks."""
    return [len(h.effect.options) for h in hooks if isinstance(h.effect, ir.Symbol) and len(h.effect.options) > 1]


def _symbols(card: ir.Card) -> tuple[str, ...]:
    """The fixed symbols a card shows (what a copy of its symbols gives)."""
    return tuple(sorted(s for h in card.hooks if isinstance(h.effect, ir.Symbol) and len(h.effect.options) == 1
                        for s in h.effect.options * h.effect.amount))


def _big(n: int) -> str:
    return str(n) if n < 10**12 else f"more than 10^{len(str(n)) - 1}"
