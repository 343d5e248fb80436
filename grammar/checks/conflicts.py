"""Pass: rule conflicts, from what the core operations read and write.

- Two effects that run at the same moment and touch the same quantity in an order-dependent way
  (one reads what the other writes, or one takes away what the other adds) need a declared order
  (`order end of turn: gain, decide`). The effects of a moment are those triggered by it (`end of
  turn`, `each end of turn`); the effects of what was just built (`on build`, `whenever ...
  builds`) run together, ordered by `order on build`. A `decide` reads and writes what the
  actions of its decision do: the zone their card comes from, the cards they build, the coins
  they pay.
- Effects must not trigger each other in a cycle: a build that fires a build that fires ...,
  tokens gained whenever tokens are gained.

Redefinitions across layers are found while merging (``resolve.py``, E0401).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Optional

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.digraph import Digraph
from wonderrules.grammar.checks.reach import Reach
from wonderrules.grammar.checks.structure import ON_BUILD, all_hooks
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.lower_effects import lower_op
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir

__all__ = ["check", "Effects", "STEP_OF"]

#: the step of an operation among the effects of one moment (`order`), as the core sorts them
STEP_OF = {ir.GainCoins: "gain", ir.GainTokens: "gain", ir.LoseCoins: "lose", ir.Decide: "decide", ir.Move: "move"}
_QUANTITY = {"coins": "coins", "tokens": "tokens", "value": "tokens", "cards": "cards", "stages": "stages",
             "symbols": "symbols", "squares": "symbols", "sets": "symbols"}


class Effects:
    """What operations read and write, from the rule set's declarations (actions, zones)."""

    def __init__(self, model: Model, rules: ir.RuleSet) -> None:
        self.rules = rules
        self.actions = {a.name: a for a in rules.actions}
        self.decisions = {d.name: d for d in rules.decisions}
        self.active = {z.name for z in rules.zones if z.active}
        self.card_zone = rules.settings.card_zone

    def expr_reads(self, e: Any, out: set[str]) -> None:
        if isinstance(e, ir.Quantity):
            out.add(f"zone {e.names[0]}" if e.what == "size" and e.names else _QUANTITY.get(e.what, e.what))
        for field in ("left", "right", "operand", "expr"):
            inner = getattr(e, field, None)
            if inner is not None:
                self.expr_reads(inner, out)
        for a in getattr(e, "args", ()):
            self.expr_reads(a, out)

    def _into(self, zone: str, out: set[str]) -> None:
        out.add(f"zone {zone}")
        if zone in self.active:
            out.update(("cards+", "symbols+"))

    def reads_writes(self, op: Any, seen: frozenset[str] = frozenset()) -> tuple[set[str], set[str]]:
        """(reads, writes) of one operation; a write is `coins+`, `coins-`, `cards+`, `zone hand`..."""
        reads: set[str] = set()
        writes: set[str] = set()
        for field in ("amount", "count", "worth"):
            inner = getattr(op, field, None)
            if isinstance(inner, ir.EXPR_TYPES):
                self.expr_reads(inner, reads)
        if isinstance(op, ir.GainCoins):
            writes.add("coins+")
        elif isinstance(op, ir.LoseCoins):
            reads.add("coins")
            writes.add("coins-")
            if op.or_take:
                writes.add("tokens+")
        elif isinstance(op, ir.GainTokens):
            writes.add("tokens+")
            if op.giver:  # taken from a seat: as many as it holds
                reads.add("tokens")
                writes.add("tokens-")
        elif isinstance(op, ir.Move):
            reads.add(f"zone {op.from_zone}")
            writes.add(f"zone {op.from_zone}")
            self._into(op.to_zone, writes)
        elif isinstance(op, ir.MoveCard):
            self._into(op.zone, writes)
        elif isinstance(op, ir.BuildStage):
            writes.update(("stages+", "symbols+"))
        elif isinstance(op, ir.Decide) and op.decision not in seen:
            decision = self.decisions.get(op.decision)
            for name in decision.actions if decision is not None else ():
                kind = self.actions.get(name)
                if kind is None:
                    continue
                if kind.card_from:
                    reads.add(f"zone {kind.card_from}")
                    writes.add(f"zone {kind.card_from}")
                if kind.cost != "none" and any(not way.free for way in kind.ways):
                    reads.add("coins")
                    writes.update(("coins-", "coins+"))
                for req in kind.requires:
                    self.expr_reads(req.condition, reads)
                for inner in kind.then:
                    r, wr = self.reads_writes(inner, seen | {op.decision})
                    reads |= r
                    writes |= wr
        return reads, writes

    def builds(self, op: Any) -> bool:
        """Whether an operation builds something (a card into an active zone, a stage)."""
        _, writes = self.reads_writes(op)
        return "cards+" in writes or "stages+" in writes


def _order_dependent(a: tuple[set[str], set[str]], b: tuple[set[str], set[str]]) -> Optional[str]:
    """The quantity that makes the order of two operations matter, or None."""
    (ra, wa), (rb, wb) = a, b
    for writes, reads in ((wa, rb), (wb, ra)):
        for w in sorted(writes):
            q = w.rstrip("+-")
            if q in reads:
                return q
    if ("coins-" in wa and "coins+" in wb) or ("coins+" in wa and "coins-" in wb):
        return "coins"
    return None


def _moment_of(t: s.Trigger) -> Optional[str]:
    if isinstance(t, s.OnBuild) or (isinstance(t, s.Whenever) and t.event in ("builds", "stages", "buys")):
        return ON_BUILD
    if isinstance(t, s.AtMoment):
        return t.moment.text
    return None


def _declared(rules: ir.RuleSet) -> dict[str, list[tuple[str, ...]]]:
    """Every order declared for a moment, in the settings, patches and options."""
    out: dict[str, list[tuple[str, ...]]] = {}
    sources: list[Any] = [rules.settings, *rules.patches, *(p for o in rules.options for p in o.patches)]
    for st in sources:
        for moment, steps in st.order:
            out.setdefault(moment, []).append(steps)
    return out


_Entry = tuple[str, s.Hook, Any, int]


def _lowered_ops(rules: ir.RuleSet) -> dict[tuple[str, int, int], Any]:
    """The operation lowered for each effect of a card, a wonder stage, a neutral seat or a block of
    effects of the rule set (or of an option), by where the effect is written."""
    hooks = [h for c in rules.cards for h in c.hooks]
    hooks += [h for b in rules.boards for st in b.stages for h in st.hooks]
    hooks += [h for n in rules.settings.neutral_seats for h in n.hooks]
    hooks += [h for block in rules.effects for h in block.hooks]
    hooks += [h for o in rules.options for block in o.effects for h in block.hooks]
    return {(h.origin.path, h.origin.line, h.origin.column): h.op for h in hooks if h.origin is not None}


def _entries(model: Model, rules: ir.RuleSet) -> Iterator[_Entry]:
    """(owner, hook, lowered operation, layer rank) of every effect."""
    rank = {name: i for i, name in enumerate(model.layers)}
    layer_of: dict[int, str] = {}
    for key, card in model.cards.items():
        layer_of[id(card)] = model.card_layers.get(key, "")
    for key, wonder in model.wonders.items():
        layer_of[id(wonder)] = model.wonder_layers.get(key, "")
    owners: dict[int, str] = {}
    for card in model.cards.values():
        for h in card.hooks:
            owners[id(h)] = layer_of[id(card)]
    for wonder in model.wonders.values():
        for h in wonder.hooks:
            owners[id(h)] = layer_of[id(wonder)]
        for stage in wonder.stages:
            for h in stage.hooks:
                owners[id(h)] = layer_of[id(wonder)]
    for block, layer in model.rule_effects:
        for h in block.hooks:
            owners[id(h)] = layer
    lowered = _lowered_ops(rules)
    classes: Any = None
    groups: Any = None
    for owner, h in all_hooks(model):
        op = lowered.get((h.span.path, h.span.line, h.span.column))
        if op is None:  # an effect the compiled rule set does not hold as written: lowered here
            if classes is None:
                classes = model.resource_classes()
                groups = {g: [m.text for m in members] for g, (_, members) in model.symbol_groups.items()}
            op = lower_op(h.effect, classes, groups)
        yield owner, h, op, rank.get(owners.get(id(h), ""), -1)


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    fx = Effects(model, rules)
    declared = _declared(rules)
    entries = list(_entries(model, rules))
    # what each operation reads and writes, found once for the order and the cycle checks
    effects = [fx.reads_writes(op) for _, _, op, _ in entries]
    by_moment: dict[str, list[tuple[_Entry, tuple[set[str], set[str]]]]] = {}
    pairs_seen: set[tuple[str, str, str]] = set()
    for entry, rw in zip(entries, effects):
        _, h, op, _ = entry
        moment = _moment_of(h.trigger)
        step = STEP_OF.get(type(op))
        if moment is None or step is None:
            continue
        group = by_moment.setdefault(moment, [])
        for other, other_rw in group:
            other_step = STEP_OF[type(other[2])]
            if type(other[2]) is type(op) or other_step == step:
                continue
            q = _order_dependent(rw, other_rw)
            if q is None:
                continue
            orders = declared.get(moment, [])
            if orders and all(step in o and other_step in o for o in orders):
                continue
            key = (moment, *sorted((step, other_step)))
            if key in pairs_seen:
                continue
            pairs_seen.add(key)
            diags.append(_order_error(model, moment, q, entry, other, orders))
        group.append((entry, rw))
    diags.extend(_trigger_cycles(entries, effects, rules))
    return diags


def _order_entry(model: Model, moment: str) -> Optional[tuple[Span, bool]]:
    """Where the game block declares the order of a moment, and whether the topmost layer (the
    one being written) does."""
    entry = model.settings.get(f"order {moment}")
    if entry is None:
        return None
    return entry.node.span, bool(model.layers) and entry.layer == model.layers[-1]


def _order_error(model: Model, moment: str, quantity: str, a: _Entry, b: _Entry,
                 orders: list[tuple[str, ...]]) -> Diagnostic:
    """E0402, pointing at the effect of the latest layer (the one a designer just wrote)."""
    if b[3] > a[3]:
        a, b = b, a
    owner_a, hook_a, op_a, _ = a
    owner_b, hook_b, op_b, _ = b
    step_a, step_b = STEP_OF[type(op_a)], STEP_OF[type(op_b)]
    existing = _order_entry(model, moment)
    steps = list(orders[0]) if orders else []
    steps += [st for st in (step_b, step_a) if st not in steps]
    labels = [Label(hook_b.span, f"'{step_b}' here")]
    line = f"order {moment}: {', '.join(steps)}"
    if existing is None:
        hint = f"declare it in the game block, in the order they should run: `{line}`"
    else:
        labels.append(Label(existing[0], "the declared order"))
        hint = (f"name both steps in the declared order, in the order they should run: `{line}`" if existing[1]
                else f"declare it in the game block, in the order they should run: `override {line}`")
    at = "on build" if moment == ON_BUILD else f"at {moment}"
    return error("E0402", f"{at}, '{step_a}' ({owner_a}) and '{step_b}' ({owner_b}) both touch {quantity}, "
                 "and their order is not declared", hook_a.span, labels=labels, help=hint)


def _emits(op: Any, writes: set[str]) -> set[Any]:
    out: set[Any] = set()
    if "cards+" in writes or "stages+" in writes:  # it builds (see Effects.builds)
        out.add("builds")
    if isinstance(op, ir.GainTokens):
        out.add(("gains", op.token))
    if isinstance(op, ir.GainCoins):
        out.add(("coins",))
    if isinstance(op, ir.LoseCoins) and op.or_take:
        out.add(("gains", op.or_take))
    return out


def _listens(owner: str, h: s.Hook) -> set[Any]:
    t = h.trigger
    if h.once_per:
        return set()  # an effect limited to once per period ends any circle
    if isinstance(t, s.Whenever) and t.event == "coins":
        return {("coins",)}
    if isinstance(t, s.Whenever) and t.event in ("builds", "stages"):
        return {"builds"}
    if isinstance(t, s.Whenever) and t.event == "gains" and t.name is not None:
        return {("gains", t.name.text)}
    if owner.startswith("card ") and (isinstance(t, s.OnBuild) or (isinstance(t, s.AtMoment) and not t.each)):
        return {"builds"}  # a card's own once-effects come with each card built
    return set()


def _builds_card(entries: list[_Entry], rules: ir.RuleSet) -> Any:
    """Whether the build of effect i may build the card that holds effect j: a card built by a
    decision is one that can lie where the decision's actions take their card from."""
    reach: Optional[Reach] = None  # read from the compiled rule set when first needed
    decks = {card.name: card.deck for card in rules.cards}

    def may(i: int, j: int) -> bool:
        nonlocal reach
        owner, _, op, _ = entries[j]
        builder = entries[i][2]
        if not isinstance(builder, ir.Decide) or not owner.startswith("card '"):
            return True
        if reach is None:
            reach = Reach(rules)
        sources = reach.decision_sources(builder.decision)
        deck = decks.get(owner[len("card '"):-1])
        return sources is None or deck is None or bool(sources & reach.deck_zones.get(deck, set()))
    return may


def _trigger_cycles(entries: list[_Entry], effects: list[tuple[set[str], set[str]]],
                    rules: ir.RuleSet) -> list[Diagnostic]:
    g: Digraph[int] = Digraph()
    emits = [_emits(op, writes) for (_, _, op, _), (_, writes) in zip(entries, effects)]
    listens = [_listens(owner, h) for owner, h, _, _ in entries]
    builds_card = _builds_card(entries, rules)
    # an effect passes a trigger on when it emits what it hears itself
    hearers: dict[Any, list[int]] = {}
    for j, heard in enumerate(listens):
        if emits[j] & heard:
            for what in heard:
                hearers.setdefault(what, []).append(j)
    for i, out in enumerate(emits):
        for j in sorted({j for what in out for j in hearers.get(what, ())}):
            if builds_card(i, j):
                g.add_edge(i, j)
    diags = []
    reported: set[frozenset[int]] = set()
    for cycle in g.simple_cycles():
        key = frozenset(cycle)
        if key in reported:
            continue
        reported.add(key)
        owner, hook, op, _ = entries[cycle[0]]
        if "builds" in emits[cycle[0]] and len(cycle) == 1:
            message = (f"{owner} builds when it is built, so what it builds may do the same again, without end")
            hint = ("a card built by an effect must not itself build by that effect when it is built; give this "
                    "effect to a wonder stage, or make it an `each ...` effect")
        elif "builds" in emits[cycle[0]]:
            message = "builds trigger each other without end: " + " -> ".join(entries[k][0] for k in cycle + [cycle[0]])
            hint = "a card built by an effect must not itself build by that effect; break the circle"
        else:
            what = "coins" if ("coins",) in emits[cycle[0]] else "tokens"
            message = f"{what} gained trigger each other without end: " + " -> ".join(
                entries[k][0] for k in cycle + [cycle[0]])
            hint = (f"an effect run whenever {what} are gained must not gain those {what} again, or must be "
                    "limited: `whenever ... once per turn: ...`")
        labels = [Label(entries[k][1].span, "triggers the next") for k in cycle[1:]]
        diags.append(error("E0403", message, hook.span, labels=labels, help=hint))
        if len(reported) > 5:
            break
    return diags
