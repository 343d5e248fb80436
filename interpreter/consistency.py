"""The rules of a compiled core rule set that span several fields.

The generic walk of :mod:`..validate` checks each value on its own against the metadata of the
core IR's fields (types, vocabularies, bounds, declared names). What is left needs several values
at once, and is checked here on the structured rule set, each refusal naming the JSON path at
fault:

- *names*: names that must be unique are declared once, an alias names one card, a score column
  is not named as a field of the score sheet (`total`...); a quantity names what its kind counts,
  an event what it listens to, a way of an action the ways it has;
- *operations where they can run* (as the table of operations, :mod:`.ops`, says): passive
  operations (production, symbols, prices, rebates, grants, cost changes) only with a `Passive`
  trigger; end-of-game operations (points, symbols chosen then, copies) only at `EndOfGame`;
  operations that act (coins, tokens, decisions, moves) only when a trigger comes or in an
  action; moving the action's card and building a stage only
  in an action; seats fixed by the table (no `target`, no `controller`) where the market reads
  them;
- *the effects of the rule set*: never `OnBuild` (nothing builds them), and a block that scores
  names its score column;
- *the market*: each price and each sale names sellers as its `sellers` does, what a relation
  sells is said once, and no two prices of one rank disagree;
- *expressions where they stand*: the numbers of a table (hand, turns, deal and draw counts) and
  a repeat's count use only the table's variables, never what cities hold;
- *the flow*: a moment's attached steps never reach that moment again; every moment an effect, a
  contest or a block of steps waits for is one the flow runs;
- *bounds*, so that nothing accepted runs for minutes (:mod:`.bounds`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any

from wonderrules.interpreter import ir
from wonderrules.interpreter import words as w
from wonderrules.interpreter.bounds import attached_steps, check_bounds, sources, steps
from wonderrules.interpreter.flow_steps import children
from wonderrules.interpreter.market import disagreeing_prices
from wonderrules.interpreter.ops import spec_of
from wonderrules.interpreter.validate import CompiledRulesError, Names, model_of, objects, quote

__all__ = ["MODEL", "check_rules", "implicit_names", "ON_BUILD", "sheet_field"]

#: the core IR as the generic checks of :mod:`..validate` read it
MODEL = model_of(ir.RuleSet, w.FORMAT_VERSION)
#: the moment the core runs itself after a resolution (its `order` sorts the effects of builds)
ON_BUILD = "on build"

#: relations whose seats depend on the moment, not on the table alone
DYNAMIC = ("target", "controller", "opponent")
#: the variables of the numbers of a table, by where they stand (besides players, seats, ages)
_TABLE_VARIABLES = MappingProxyType({
    "hand": ("age",), "turns": ("hand", "age"), "draw": ("age",), "deal": ("turns", "hand", "age"),
    "repeat": ("turns", "hand", "age", "turn"),
})


def implicit_names(data: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """Names declared without a field that declares them: each card's name (chains refer to
    it) and the moment of a resolution's builds."""
    for i, card in enumerate(data.get("cards", ())):
        yield "card", card["name"], f"cards[{i}].name"
    yield "moment", ON_BUILD, "settings.order"


def check_rules(rules: ir.RuleSet, names: Names) -> None:
    """CompiledRulesError at the first rule of a structured rule set that does not hold."""
    _unique(rules)
    for path, obj, _ in objects(rules, MODEL):
        rule = _RULES.get(type(obj))
        if rule is not None:
            rule(obj, path, rules, names)
    _table_expressions(rules)
    run = _flow(rules)
    _moments_run(rules, run)
    check_bounds(rules)


# ---- names ---------------------------------------------------------------------------------------

def _unique(rules: ir.RuleSet) -> None:
    """Names that identify one thing are declared once."""
    lists: list[tuple[str, str, list[str]]] = [
        ("resource", "resources", [r.name for r in rules.resources]),
        ("symbol group", "symbol_groups", [g.name for g in rules.symbol_groups]),
        ("token", "tokens", list(rules.tokens)),
        ("colour", "colours", [c.name for c in rules.colours]),
        ("category", "categories", [c.name for c in rules.categories]),
        ("zone", "zones", [z.name for z in rules.zones]),
        ("deck", "decks", list(rules.decks)),
        ("pool", "pools", list(rules.pools)),
        ("ability", "abilities", list(rules.abilities)),
        ("deal", "deals", [d.name for d in rules.deals]),
        ("action", "actions", [a.name for a in rules.actions]),
        ("decision", "decisions", [d.name for d in rules.decisions]),
        ("contest", "contests", [c.name for c in rules.contests]),
        ("option", "options", [o.name for o in rules.options]),
        ("wonder side", "boards", [f"{b.name} {b.side}" for b in rules.boards]),
        ("neutral seat", "settings.neutral_seats", [n.name for n in rules.settings.neutral_seats]),
    ]
    for kind, where, found in lists:
        seen: dict[str, int] = {}
        for i, name in enumerate(found):
            if name in seen:
                field = ".name" if where not in ("tokens", "decks", "pools", "abilities") else ""
                raise CompiledRulesError(f"{where}[{i}]{field}", f"{kind} {quote(name)} is declared twice "
                                                                 f"(first at {where}[{seen[name]}])")
            seen[name] = i
    _aliases(rules)
    for i, category in enumerate(rules.categories):
        if category.name in w.SCORE_SHEET_FIELDS:
            raise CompiledRulesError(f"categories[{i}].name", f"{quote(category.name)} cannot be the name of a score "
                                                              f"category: {sheet_field(category.name)}")
    symbols: dict[str, str] = {}
    for i, group in enumerate(rules.symbol_groups):
        for j, name in enumerate(group.members):
            path = f"symbol_groups[{i}].members[{j}]"
            if name in symbols:
                raise CompiledRulesError(path, f"symbol {quote(name)} is declared twice (first at {symbols[name]})")
            symbols[name] = path


def sheet_field(name: str) -> str:
    """Why a score column is not named as a field of the score sheet."""
    return f"a score sheet writes its `{name}` beside its columns, under that name"


def _aliases(rules: ir.RuleSet) -> None:
    """An alias (another spelling of a card's name, read in logs) names one card: it is no other
    card's name and no other card's alias (cards of different ages may share a name and its
    aliases)."""
    first: dict[str, int] = {}
    for i, card in enumerate(rules.cards):
        first.setdefault(card.name, i)
    owner: dict[str, int] = {}
    for i, card in enumerate(rules.cards):
        for j, alias in enumerate(card.aliases):
            path = f"cards[{i}].aliases[{j}]"
            if alias != card.name and alias in first:
                raise CompiledRulesError(path, f"{quote(alias)} is the name of cards[{first[alias]}]")
            k = owner.setdefault(alias, i)
            if rules.cards[k].name != card.name:
                raise CompiledRulesError(path, f"{quote(alias)} is also an alias of cards[{k}]")


# ---- operations, triggers and their fields ---------------------------------------------------------

def _hook(hook: ir.Hook, path: str, rules: ir.RuleSet, names: Names) -> None:
    op, trigger = hook.op, hook.trigger
    name = type(op).__name__
    if not (isinstance(trigger, ir.When) and trigger.event in ("wins", "loses")) and any(
            isinstance(x, ir.Relation) and x.kind == "opponent" for _, x, _ in objects((op, hook.condition), MODEL)):
        raise CompiledRulesError(f"{path}.op", "`opponent` is the other seat of a contest's result: only an "
                                               "effect of a `wins` or `loses` event names it")
    if isinstance(op, ir.GainTokens) and op.giver and op.worth != ir.Num(1):
        raise CompiledRulesError(f"{path}.op.worth", "tokens taken from a seat keep their worth: no `worth` here")
    spec = spec_of(op)
    if not spec.triggers:
        raise CompiledRulesError(f"{path}.op", f"a {name} happens in an action (its `then`), not in an effect")
    if isinstance(op, ir.Symbol) and len(op.options) > 1:
        if not isinstance(trigger, ir.EndOfGame):
            raise CompiledRulesError(f"{path}.trigger", "a choice between symbols is made at the end of the game: "
                                                        "its trigger must be EndOfGame")
        return
    if type(trigger) not in spec.triggers:
        raise CompiledRulesError(f"{path}.op", f"a {name} {_WHY_NOT.get(type(trigger), _NOT_ONCE)}: it needs "
                                               f"{spec.triggers_written}, not {type(trigger).__name__}")
    if isinstance(trigger, ir.When) and trigger.colours and trigger.event != "builds":
        raise CompiledRulesError(f"{path}.trigger.colours", f"only a `builds` event names colours, not "
                                                            f"{quote(trigger.event)}")
    if isinstance(trigger, ir.When) and trigger.way and trigger.event != "builds":
        raise CompiledRulesError(f"{path}.trigger.way", f"only a `builds` event names a way, not "
                                                        f"{quote(trigger.event)}")
    if isinstance(trigger, ir.When) and bool(trigger.sellers) != (trigger.event == "buys"):
        raise CompiledRulesError(f"{path}.trigger.sellers", "a `buys` event, and only it, names its sellers")


#: why an operation cannot have a trigger, by the trigger (see the table of operations, :mod:`.ops`)
_WHY_NOT: Mapping[type, str] = MappingProxyType({ir.Passive: "does not last while its source is active",
                                                 ir.EndOfGame: "is not counted at the end of the game"})
_NOT_ONCE = "does not happen once when a trigger comes"


def _action(kind: ir.ActionKind, path: str, rules: ir.RuleSet, names: Names) -> None:
    for i, op in enumerate(kind.then):
        if not spec_of(op).in_action:
            raise CompiledRulesError(f"{path}.then[{i}]", f"an action does what happens once (coins, tokens, "
                                                          f"decisions, moves, its card, a stage); a "
                                                          f"{type(op).__name__} is an effect of what is built")
    if (kind.amount_from is None) != (kind.amount_to is None):
        raise CompiledRulesError(f"{path}.amount_to" if kind.amount_to is None else f"{path}.amount_from",
                                 "an action that takes an amount gives its least and its greatest value")
    if kind.amount_from is not None and (kind.card_from or kind.cost != "none"):
        raise CompiledRulesError(f"{path}.card_from" if kind.card_from else f"{path}.cost",
                                 "an action that takes an amount takes no card and pays no cost")
    seen: dict[str, int] = {}
    for i, way in enumerate(kind.ways):
        if way.name in seen:
            raise CompiledRulesError(f"{path}.ways[{i}].name", f"way {quote(way.name)} is declared twice (first at "
                                                               f"{path}.ways[{seen[way.name]}])")
        seen[way.name] = i
        if way.when == "granted" and not way.ability:
            raise CompiledRulesError(f"{path}.ways[{i}].ability", "a way open `granted` names the ability it uses")
        if way.ability and way.when != "granted":
            raise CompiledRulesError(f"{path}.ways[{i}].ability", "only a way open `granted` uses an ability")
        if way.free and (way.units_less or way.coins_more):
            raise CompiledRulesError(f"{path}.ways[{i}]", "a free way pays nothing: it has no resources less or coins "
                                                          "more")


def _preferred_action(p: ir.PreferredAction, path: str, rules: ir.RuleSet, names: Names) -> None:
    if p.any_way:
        if p.way:
            raise CompiledRulesError(f"{path}.way", "an action preferred by any of its ways names no way")
        return
    kind = next(a for a in rules.actions if a.name == p.action)
    ways = [x.name for x in kind.ways]
    if p.way not in ways:
        raise CompiledRulesError(f"{path}.way", f"action {quote(p.action)} has no way {quote(p.way)} (its ways: "
                                                f"{', '.join(quote(x) for x in ways)})")


def _preference(p: ir.Preference, path: str, rules: ir.RuleSet, names: Names) -> None:
    others = [i for i, tier in enumerate(p.tiers) if tier.others]
    if len(others) > 1:
        raise CompiledRulesError(f"{path}.tiers[{others[1]}].others", f"`*` stands in one tier only (already in "
                                                                      f"{path}.tiers[{others[0]}])")
    for i, tier in enumerate(p.tiers):
        if not tier.actions and not tier.others:
            raise CompiledRulesError(f"{path}.tiers[{i}]", "a tier names at least one action")


#: what a quantity that counts one named thing names
_ONE_NAME = MappingProxyType({"tokens": "token", "value": "token", "symbols": "symbol or symbol group",
                              "squares": "symbol or symbol group", "sets": "symbol or symbol group", "size": "zone"})


def _quantity(q: ir.Quantity, path: str, rules: ir.RuleSet, names: Names) -> None:
    wanted = _ONE_NAME.get(q.what)
    if wanted is not None and len(q.names) != 1:
        raise CompiledRulesError(f"{path}.names", f"a quantity of {q.what} names one {wanted}, not {len(q.names)}")
    if q.zone and q.what != "cards":
        raise CompiledRulesError(f"{path}.zone", f"only a count of cards looks at a zone, not {q.what}")
    if q.this and q.what not in ("cards", "stages"):
        raise CompiledRulesError(f"{path}.this", f"only a count of cards or stages includes or excludes its "
                                                 f"source, not {q.what}")


def _call(call: ir.Call, path: str, rules: ir.RuleSet, names: Names) -> None:
    if call.function == "abs" and len(call.args) != 1:
        raise CompiledRulesError(f"{path}.args", f"abs() takes 1 expression argument, not {len(call.args)}")


def _static_seats(relations: tuple[ir.Relation, ...], path: str) -> None:
    for i, rel in enumerate(relations):
        if rel.kind in DYNAMIC:
            raise CompiledRulesError(f"{path}[{i}].kind", f"{quote(rel.kind)} names a seat only while an effect "
                                                          "runs; here the seats are those of the table (self, left, "
                                                          "right, neighbours, others, everyone, players, partners, "
                                                          "enemies)")


def _market(m: ir.Market, path: str, rules: ir.RuleSet, names: Names) -> None:
    """Sellers fixed by the table; each price and each sale names its sellers as `sellers` does,
    a relation's sales are said once, and no two prices of one rank disagree for a seller and a
    resource (see ir.Market)."""
    _static_seats(m.sellers, f"{path}.sellers")
    for i, price in enumerate(m.prices):
        _market_sellers(m, price.sellers, f"{path}.prices[{i}]", "a price")
    said: set[ir.Relation] = set()
    for i, sales in enumerate(m.sales):
        _market_sellers(m, sales.sellers, f"{path}.sales[{i}]", "a sale")
        for j, rel in enumerate(sales.sellers):
            if rel in said:
                raise CompiledRulesError(f"{path}.sales[{i}].sellers[{j}]", f"what the sellers {quote(rel.kind)} "
                                         f"(distance {rel.distance}) sell is said by an earlier sale already")
            said.add(rel)
    found = disagreeing_prices(m, [r.name for r in rules.resources])
    if found is not None:
        first, second, rel, res = found
        raise CompiledRulesError(f"{path}.prices[{second}]", f"this price and prices[{first}] both hold for "
                                 f"{quote(res)} from the sellers {quote(rel.kind)} (distance {rel.distance}) and "
                                 "disagree: a price naming both the sellers and the resource says which holds")


def _market_sellers(m: ir.Market, sellers: tuple[ir.Relation, ...], path: str, what: str) -> None:
    """A price or a sale of the market names sellers as the market's `sellers` does."""
    for j, rel in enumerate(sellers):
        if rel not in m.sellers:
            raise CompiledRulesError(f"{path}.sellers[{j}]", f"{what} names sellers as the market's `sellers` "
                                     f"does; {quote(rel.kind)} at distance {rel.distance} is not one of them")


def _sellers(op: Any, path: str, rules: ir.RuleSet, names: Names) -> None:
    _static_seats(op.sellers, f"{path}.sellers")


def _rule_effects(block: ir.RuleEffects, path: str, rules: ir.RuleSet, names: Names) -> None:
    """Effects held from the start: nothing builds them, and their points need a score column."""
    for i, hook in enumerate(block.hooks):
        if isinstance(hook.trigger, ir.OnBuild):
            raise CompiledRulesError(f"{path}.hooks[{i}].trigger", "an effect of the rule set is held from the start "
                                                                   "of the game, never built: OnBuild never comes")
        if isinstance(hook.op, ir.Score) and not block.category:
            raise CompiledRulesError(f"{path}.category", "these effects score points: name the score column they go "
                                                         "to")


def _copy_symbol(op: ir.CopySymbol, path: str, rules: ir.RuleSet, names: Names) -> None:
    _static_seats(op.sources, f"{path}.sources")


def _patch(patch: ir.Patch, path: str, rules: ir.RuleSet, names: Names) -> None:
    zones = {z.name: z for z in rules.zones}
    for i, zone in enumerate(patch.zones):
        base = zones.get(zone.name)
        here = f"{path}.zones[{i}]"
        if base is None:
            raise CompiledRulesError(f"{here}.name", f"a patch changes who sees a zone of the rule set; "
                                                     f"{quote(zone.name)} is not one")
        for field in ("per", "active"):
            if getattr(zone, field) != getattr(base, field):
                raise CompiledRulesError(f"{here}.{field}", f"a patch changes who sees a zone, not its {field}")


def _settings(s: ir.Settings, path: str, rules: ir.RuleSet, names: Names) -> None:
    if not s.players:
        raise CompiledRulesError(f"{path}.players", "the rule set seats no player count: list at least one")
    if s.card_zone:
        zone = next(z for z in rules.zones if z.name == s.card_zone)
        if zone.per != "seat":
            raise CompiledRulesError(f"{path}.card_zone", f"the zone card counts look at is a zone of each seat; "
                                                          f"{quote(zone.name)} is shared")


def _discard(step: ir.DiscardStep, path: str, rules: ir.RuleSet, names: Names) -> None:
    zones = {z.name: z for z in rules.zones}
    if zones[step.to].per != "shared":
        raise CompiledRulesError(f"{path}.to", f"cards are discarded into a shared zone; {quote(step.to)} is a zone "
                                               "of each seat")


def _contest(contest: ir.Contest, path: str, rules: ir.RuleSet, names: Names) -> None:
    """`opponent` is known once the pairs are formed: in `tokens`, not in who takes part, the
    strengths, the pairs or what is spent after; what is spent after is a loss, which sets off no
    event."""
    for k, op in enumerate(contest.after):
        if not spec_of(op).spends or (isinstance(op, ir.LoseCoins) and op.or_decide):
            raise CompiledRulesError(f"{path}.after[{k}]", "after its results a contest spends: LoseTokens, or "
                                                           "LoseCoins without `or_decide`")
    for field in ("strength", "takes_part", "against", "only_against", "never_against", "after"):
        if any(isinstance(x, ir.Relation) and x.kind == "opponent"
               for _, x, _ in objects(getattr(contest, field), MODEL)):
            raise CompiledRulesError(f"{path}.{field}", "`opponent` is the other seat of a pair: only the contest's "
                                                        "`tokens` names it")


_RULES: Mapping[type, Callable[[Any, str, ir.RuleSet, Names], None]] = MappingProxyType({
    ir.Hook: _hook, ir.ActionKind: _action, ir.PreferredAction: _preferred_action,
    ir.Preference: _preference, ir.Quantity: _quantity, ir.Call: _call,
    ir.Market: _market, ir.Price: _sellers, ir.Rebate: _sellers, ir.CopySymbol: _copy_symbol, ir.Patch: _patch,
    ir.RuleEffects: _rule_effects,
    ir.Settings: _settings, ir.DiscardStep: _discard, ir.Contest: _contest,
})


# ---- expressions of the table ---------------------------------------------------------------------

def _table_fields(rules: ir.RuleSet) -> Iterator[tuple[str, ir.Expr, str]]:
    """(path, expression, context) of every number of a table and every repeat's count."""
    s = rules.settings
    yield "settings.hand", s.hand, "hand"
    yield "settings.turns", s.turns, "turns"
    for i, d in enumerate(s.pool_draws):
        yield f"settings.pool_draws[{i}].count", d.count, "draw"
    patches = [(f"patches[{i}]", p) for i, p in enumerate(rules.patches)]
    patches += [(f"options[{i}].patches[{j}]", p) for i, o in enumerate(rules.options) for j, p in enumerate(o.patches)]
    for where, p in patches:
        if p.hand is not None:
            yield f"{where}.hand", p.hand, "hand"
        if p.turns is not None:
            yield f"{where}.turns", p.turns, "turns"
        for i, d in enumerate(p.pool_draws):
            yield f"{where}.pool_draws[{i}].count", d.count, "draw"
    for i, deal in enumerate(rules.deals):
        for j, target in enumerate(deal.targets):
            yield f"deals[{i}].targets[{j}].count", target.count, "deal"
    for path, step in steps(rules):
        if isinstance(step, ir.Repeat):
            yield f"{path}.times", step.times, "repeat"


def _table_expressions(rules: ir.RuleSet) -> None:
    for path, expr, context in _table_fields(rules):
        allowed = ("players", "seats", "ages") + _TABLE_VARIABLES[context]
        for sub, node in _nodes(expr, path):
            if isinstance(node, ir.Var) and node.name not in allowed:
                raise CompiledRulesError(f"{sub}.name", f"variable {quote(node.name)} has no value here (known here: "
                                                        f"{', '.join(allowed)})")
            if isinstance(node, (ir.Quantity, ir.Over, ir.Rank)):
                raise CompiledRulesError(sub, "this number is set by the table: it cannot count what cities hold")


def _nodes(expr: Any, path: str) -> Iterator[tuple[str, Any]]:
    yield path, expr
    if isinstance(expr, ir.BinOp):
        yield from _nodes(expr.left, f"{path}.left")
        yield from _nodes(expr.right, f"{path}.right")
    elif isinstance(expr, ir.Not):
        yield from _nodes(expr.operand, f"{path}.operand")
    elif isinstance(expr, ir.Call):
        for i, a in enumerate(expr.args):
            yield from _nodes(a, f"{path}.args[{i}]")
    elif isinstance(expr, ir.Over):
        yield from _nodes(expr.expr, f"{path}.expr")
    elif isinstance(expr, ir.Rank):
        yield from _nodes(expr.expr, f"{path}.expr")


# ---- the flow ------------------------------------------------------------------------------------------

def _flow(rules: ir.RuleSet) -> set[str]:
    """The moments the flow runs; a moment whose attached steps reach it again is refused."""
    attached = attached_steps(rules)
    run: set[str] = set()

    def walk(steps: tuple[Any, ...], path: str, expanding: tuple[str, ...]) -> None:
        for i, step in enumerate(steps):
            here = f"{path}[{i}]"
            if isinstance(step, ir.AtStep):
                m = step.moment
                if m in expanding:
                    raise CompiledRulesError(f"{here}.moment", f"moment {quote(m)} runs itself: the steps attached "
                                                               "to it reach it again")
                if m not in run:
                    run.add(m)
                    for k, block in attached.get(m, ()):
                        walk(block.steps, f"moments[{k}].steps", expanding + (m,))
            for field, inner in children(step):
                walk(inner, f"{here}.{field}", expanding)

    walk(rules.flow, "flow", ())
    return run


def _moments_run(rules: ir.RuleSet, run: set[str]) -> None:
    """Every moment something waits for is one the flow runs."""
    def never(path: str, what: str, moment: str) -> CompiledRulesError:
        known = ", ".join(quote(m) for m in sorted(run)) or "none"
        return CompiledRulesError(path, f"{what} waits for moment {quote(moment)}, which the flow never runs "
                                        f"(it runs: {known})")

    for path, hooks in sources(rules):
        for k, hook in enumerate(hooks):
            if isinstance(hook.trigger, ir.At) and hook.trigger.moment not in run:
                raise never(f"{path}.hooks[{k}].trigger.moment", "this effect", hook.trigger.moment)
    contests = [(f"contests[{i}]", c) for i, c in enumerate(rules.contests)]
    contests += [(f"options[{i}].contests[{j}]", c) for i, o in enumerate(rules.options)
                 for j, c in enumerate(o.contests)]
    for path, contest in contests:
        if contest.moment not in run:
            raise never(f"{path}.moment", f"contest {quote(contest.name)}", contest.moment)
    for i, block in enumerate(rules.moments):
        if block.moment not in run:
            raise never(f"moments[{i}].moment", "this block of steps", block.moment)
