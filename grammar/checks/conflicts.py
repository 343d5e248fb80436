"""Pass: rule conflicts, from what the core operations read and write.

- Two effects that run at the same moment and touch the same quantity in an order-dependent way
  (one reads what the other writes, or one takes away what the other adds) need a declared order
  (`order end of turn: gain, decide`). The effects of a moment are those triggered by it (`end of
  turn`, `each end of turn`); the effects of what was just built (`on build`, and `whenever`
  effects of the events a resolution raises: builds, stages, purchases) run together, ordered by
  `order on build`. A `decide` reads and writes what the
  actions of its decision do: the zone their card comes from, the cards they build, the coins
  they pay.

Effects that set each other off in a cycle are found by :mod:`.triggers`, from the same list of
effects (:func:`entries`). Redefinitions across layers are found while merging (``resolve.py``,
E0401).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.structure import ON_BUILD, all_hooks
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.lower_effects import origin
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.events import OF_A_RESOLUTION
from wonderrules.interpreter.ops import spec_of

__all__ = ["check", "Effects", "Entry", "entries", "first_conflicts"]

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

    def into(self, zone: str, out: set[str]) -> None:
        out.add(f"zone {zone}")
        if zone in self.active:
            out.update(("cards+", "symbols+"))

    def reads_writes(self, op: Any, seen: frozenset[str] = frozenset()) -> tuple[set[str], set[str]]:
        """(reads, writes) of one operation; a write is `coins+`, `coins-`, `cards+`, `zone hand`...:
        what its amounts count, and what the table of operations says it touches
        (:attr:`.ops.OpSpec.touches`)."""
        reads: set[str] = set()
        writes: set[str] = set()
        for field in ("amount", "count", "worth"):
            inner = getattr(op, field, None)
            if isinstance(inner, ir.EXPR_TYPES):
                self.expr_reads(inner, reads)
        spec_of(op).touches(op, self, seen, reads, writes)
        return reads, writes

    def decided(self, decision: str, seen: frozenset[str], reads: set[str], writes: set[str]) -> None:
        """What the actions of a decision read and write: the zone their card comes from, the
        coins they pay, what their requirements and amounts count, what they do (nothing for a
        decision in `seen`, being counted already)."""
        found = self.decisions.get(decision)
        if decision in seen or found is None:
            return
        for name in found.actions:
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
            for bound in (kind.amount_from, kind.amount_to):
                if bound is not None:
                    self.expr_reads(bound, reads)
            for inner in kind.then:
                r, wr = self.reads_writes(inner, seen | {decision})
                reads |= r
                writes |= wr

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
    if isinstance(t, s.OnBuild) or (isinstance(t, s.Whenever) and t.event in OF_A_RESOLUTION):
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


#: an effect: its owner (`card 'Log'`), as written, as compiled, and the rank of its layer
Entry = tuple[str, s.Hook, ir.Hook, int]


def _compiled_hooks(rules: ir.RuleSet) -> dict[tuple[str, int, int], ir.Hook]:
    """The compiled form of each effect of a card, a wonder side or stage, a neutral seat or a
    block of effects of the rule set (or of an option), by where the effect is written."""
    hooks = [h for c in rules.cards for h in c.hooks]
    hooks += [h for b in rules.boards for h in b.hooks]
    hooks += [h for b in rules.boards for st in b.stages for h in st.hooks]
    hooks += [h for n in rules.settings.neutral_seats for h in n.hooks]
    hooks += [h for block in rules.effects for h in block.hooks]
    hooks += [h for o in rules.options for block in o.effects for h in block.hooks]
    return {(h.origin.path, h.origin.line, h.origin.column): h for h in hooks if h.origin is not None}


def entries(model: Model, rules: ir.RuleSet) -> Iterator[Entry]:
    """(owner, hook, compiled hook, layer rank) of every effect."""
    rank = {name: i for i, name in enumerate(model.layers)}
    layer_of: dict[int, str] = {}
    for key, card in model.cards.items():
        layer_of[id(card)] = model.card_layers.get(key, "")
    for wonder_key, wonder in model.wonders.items():
        layer_of[id(wonder)] = model.wonder_layers.get(wonder_key, "")
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
    compiled = _compiled_hooks(rules)
    for owner, h in all_hooks(model):
        # lowering gives every effect of the model the place it is written as its origin, so
        # the compiled effect is found by that place, never by its position in the two trees
        written = origin(h.span)
        found = compiled[(written.path, written.line, written.column)]
        yield owner, h, found, rank.get(owners.get(id(h), ""), -1)


#: what an operation reads and writes (see Effects.reads_writes)
ReadsWrites = tuple[set[str], set[str]]


def first_conflicts(effects: Sequence[tuple[str, ReadsWrites]],
                    settled: Callable[[str, str], bool]) -> list[tuple[int, int]]:
    """For the effects of one moment (their step and what they read and write, in the order they
    are written), the pairs (later, earlier) to report: for each two steps whose order is not
    `settled`, the first effect that depends on an earlier one of the other step
    (`_order_dependent`), with the first such earlier one.

    Each effect is looked up in indexes of the earlier ones by step (the first writing, reading,
    adding or taking each quantity) instead of being compared with each of them: the work is
    linear in the number of effects (6,000 effects at one moment took minutes pair by pair)."""
    writers: dict[str, dict[str, int]] = {}
    readers: dict[str, dict[str, int]] = {}
    reported: set[frozenset[str]] = set()
    out: list[tuple[int, int]] = []
    for index, (step, (reads, writes)) in enumerate(effects):
        found: list[int] = []
        for other in writers.keys() - {step}:
            pair = frozenset((step, other))
            if pair in reported or settled(step, other):
                continue
            first = _first_dependent(writers[other], readers[other], reads, writes)
            if first is not None:
                reported.add(pair)
                found.append(first)
        out.extend((index, earlier) for earlier in sorted(found))
        step_writers = writers.setdefault(step, {})
        for w in writes:
            step_writers.setdefault(w.rstrip("+-"), index)
            if w in ("coins+", "coins-"):
                step_writers.setdefault(w, index)
        step_readers = readers.setdefault(step, {})
        for q in reads:
            step_readers.setdefault(q, index)
    return out


def _first_dependent(writers: dict[str, int], readers: dict[str, int], reads: set[str],
                     writes: set[str]) -> Optional[int]:
    """The first earlier effect (by the indexes of one step) that reads what these writes, writes
    what these read, or adds coins these take (or the other way round)."""
    found = [writers[q] for q in reads if q in writers]
    found += [readers[q] for q in (w.rstrip("+-") for w in writes) if q in readers]
    if "coins-" in writes and "coins+" in writers:
        found.append(writers["coins+"])
    if "coins+" in writes and "coins-" in writers:
        found.append(writers["coins-"])
    return min(found) if found else None


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    """E0402 for the effects of one moment whose order matters and is not declared: one error
    for each moment and two steps (see first_conflicts)."""
    fx = Effects(model, rules)
    declared = _declared(rules)
    by_moment: dict[str, list[tuple[int, Entry, ReadsWrites]]] = {}
    for position, entry in enumerate(entries(model, rules)):
        _, h, compiled, _ = entry
        moment = _moment_of(h.trigger)
        if moment is not None and spec_of(compiled.op).step:
            by_moment.setdefault(moment, []).append((position, entry, fx.reads_writes(compiled.op)))
    found: list[tuple[int, Diagnostic]] = []
    for moment, effects in by_moment.items():
        orders = declared.get(moment, [])

        def settled(a: str, b: str, orders: list[tuple[str, ...]] = orders) -> bool:
            return bool(orders) and all(a in o and b in o for o in orders)

        steps = [(spec_of(entry[2].op).step, rw) for _, entry, rw in effects]
        for later, earlier in first_conflicts(steps, settled):
            position, entry, rw = effects[later]
            _, other, other_rw = effects[earlier]
            quantity = _order_dependent(rw, other_rw)
            assert quantity is not None  # what first_conflicts found
            found.append((position, _order_error(model, moment, quantity, entry, other, orders)))
    return [d for _, d in sorted(found, key=lambda pd: pd[0])]


def _order_entry(model: Model, moment: str) -> Optional[tuple[Span, bool]]:
    """Where the game block declares the order of a moment, and whether the topmost layer (the
    one being written) does."""
    entry = model.settings.get(f"order {moment}")
    if entry is None:
        return None
    return entry.node.span, bool(model.layers) and entry.layer == model.layers[-1]


def _order_error(model: Model, moment: str, quantity: str, a: Entry, b: Entry,
                 orders: list[tuple[str, ...]]) -> Diagnostic:
    """E0402, pointing at the effect of the latest layer (the one a designer just wrote)."""
    if b[3] > a[3]:
        a, b = b, a
    owner_a, hook_a, compiled_a, _ = a
    owner_b, hook_b, compiled_b, _ = b
    step_a, step_b = spec_of(compiled_a.op).step, spec_of(compiled_b.op).step
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
