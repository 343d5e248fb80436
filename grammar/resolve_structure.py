"""Layering of the game's structure: zones, deals, actions, decisions, the market, the flow,
contests and neutral seats.

Each is declared once; a layer that declares it again writes `override` (E0401 otherwise, E0102
within one layer), and an `override` of nothing is E0404. `remove KIND NAME` takes a declaration
of a lower layer out. `extend deal NAME { ... }` adds targets to a deal of a lower layer, and
`at MOMENT { ... }` blocks add steps to a moment: both accumulate in layer order, and
`override at MOMENT { ... }` replaces the steps lower layers attached to the moment.
"""

from __future__ import annotations

from typing import Any

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error, warning
from wonderrules.grammar.redefinitions import did_you_mean, note_sibling, redefined

__all__ = ["STRUCTURE_ITEMS", "merge_structure", "describe", "override_words", "TABLES"]

STRUCTURE_ITEMS = (s.Zone, s.Deal, s.ExtendDeal, s.Action, s.Decision, s.Market, s.Flow, s.AtBlock, s.Contest,
                   s.NeutralSeat, s.RemoveNamed, s.RemoveSeat)

#: declaration node -> its kind
KINDS: dict[type, str] = {s.Zone: "zone", s.Deal: "deal", s.Action: "action", s.Decision: "decision",
                          s.Contest: "contest", s.NeutralSeat: "seat", s.Market: "market", s.Flow: "flow"}
#: kind -> the model's table of that kind (market and flow are single values)
TABLES = {"zone": "zones", "deal": "deals", "action": "actions", "decision": "decisions", "contest": "contests",
          "seat": "seats"}


def describe(kind: str, name: str) -> str:
    """How a message names a declaration: `zone 'hand'`, `seat "Free City"`, `the flow`."""
    if kind in ("market", "flow"):
        return f"the {kind}"
    if kind == "seat":
        return f'seat "{name}"'
    return f"{kind} '{name}'"


def override_words(kind: str, name: str) -> str:
    """What a designer writes to change a declaration on purpose."""
    if kind in ("market", "flow"):
        return f"override {kind} {{ ... }}"
    if kind == "seat":
        return f'override seat "{name}" {{ ... }}'
    return f"override {kind} {name} ..."


def _name_of(item: Any) -> tuple[str, Span]:
    if isinstance(item, (s.Market, s.Flow)):
        return "", item.span
    return item.name.text, item.name.span


def merge_structure(model: Any, item: Any, layer: str, diags: list[Diagnostic]) -> None:
    if isinstance(item, s.ExtendDeal):
        _extend(model, item, layer, diags)
    elif isinstance(item, s.AtBlock):
        if item.override:
            _replace_steps(model, item, diags)
        model.at_blocks.append((item, layer))
    elif isinstance(item, (s.RemoveNamed, s.RemoveSeat)):
        _remove(model, item, layer, diags)
    else:
        _declare(model, item, KINDS[type(item)], layer, diags)


def _current(model: Any, kind: str, name: str) -> Any:
    if kind in ("market", "flow"):
        return getattr(model, kind)
    return getattr(model, TABLES[kind]).get(name)


def _store(model: Any, kind: str, name: str, item: Any) -> None:
    if kind in ("market", "flow"):
        setattr(model, kind, item)
    elif item is None:
        getattr(model, TABLES[kind]).pop(name, None)
    else:
        getattr(model, TABLES[kind])[name] = item


def _declare(model: Any, item: Any, kind: str, layer: str, diags: list[Diagnostic]) -> None:
    name, span = _name_of(item)
    old = _current(model, kind, name)
    old_layer = model.declared_in.get((kind, name), "")
    what = describe(kind, name)
    if old is not None and not item.override:
        _, old_span = _name_of(old)
        diags.append(redefined(what, span, old_span, override_words(kind, name), old_layer == layer, old_layer,
                               single=kind in ("market", "flow")))
        return
    if old is None and item.override:
        known = getattr(model, TABLES[kind]) if kind in TABLES else ()
        diags.append(error("E0404", f"`override` of {what}, which no lower layer defines", span,
                           help=did_you_mean(name, known) or f"remove `override`: this declares the {kind}"))
    elif old is not None:
        note_sibling(model, layer, old_layer, what, span, _name_of(old)[1])
        if kind == "deal":  # the deal written again replaces what lower layers added to it
            model.deal_extensions.pop(name, None)
        if kind == "decision" and old.prefer and not item.braced:
            diags.append(_dropped_preferences(item, old, old_layer))
    _store(model, kind, name, item)
    model.declared_in[(kind, name)] = layer


def _dropped_preferences(item: s.Decision, old: s.Decision, old_layer: str) -> Diagnostic:
    """An override of a decision without braces, over one with preferences: they go with it."""
    first = old.prefer[0]
    text = "  ".join(_source_of(p) for p in old.prefer)
    return warning("W0512", f"this override of decision '{item.name.text}' leaves out the preferences layer "
                            f"'{old_layer}' gives it", item.name.span,
                   labels=[Label(first.span, "left out")],
                   help=f"an override restates the decision whole: write them again in braces after its actions "
                        f"(`{{ {text} }}`), or write `{{ }}` to leave them out")


def _source_of(p: s.Prefer) -> str:
    """A preference as written (`prefer per card: build by chain > build`)."""
    def item(i: s.TierItem) -> str:
        if isinstance(i, s.OtherActions):
            return "*"
        return f"{i.action.text} by {i.way.text}" if i.way is not None else i.action.text
    tiers = " > ".join(", ".join(item(i) for i in t.items) for t in p.tiers)
    return f"prefer{' per card' if p.per_card else ''}: {tiers}"


def _remove(model: Any, item: Any, layer: str, diags: list[Diagnostic]) -> None:
    kind = "seat" if isinstance(item, s.RemoveSeat) else item.kind
    name = item.name.text
    what = describe(kind, name)
    if _current(model, kind, name) is None:
        done = next((r for r, _ in model.named_removals if _removes(r, kind, name)), None)
        labels = [Label(done.span, "removed here")] if done is not None else []
        hint = "remove this line: it is already gone" if done is not None else \
            did_you_mean(name, getattr(model, TABLES[kind])) or f"no lower layer declares a {kind} of that name"
        diags.append(error("E0404", f"`remove` of {what}, which no lower layer defines", item.name.span,
                           labels=labels, help=hint))
        return
    _store(model, kind, name, None)
    model.declared_in.pop((kind, name), None)
    if kind == "deal":
        model.deal_extensions.pop(name, None)
    model.named_removals.append((item, layer))


def _replace_steps(model: Any, item: s.AtBlock, diags: list[Diagnostic]) -> None:
    """`override at MOMENT { ... }`: the blocks attached to the moment so far go."""
    moment = item.moment.text
    kept = [(block, layer) for block, layer in model.at_blocks if block.moment.text != moment]
    if len(kept) == len(model.at_blocks):
        attached = sorted({block.moment.text for block, _ in model.at_blocks})
        diags.append(error("E0404", f"`override` of the steps at '{moment}', to which no lower layer attaches any",
                           item.moment.span, help=did_you_mean(moment, attached) or
                           f"remove `override`: this attaches steps to '{moment}'"))
    model.at_blocks[:] = kept


def _removes(item: Any, kind: str, name: str) -> bool:
    item_kind = "seat" if isinstance(item, s.RemoveSeat) else item.kind
    return item_kind == kind and item.name.text == name


def _extend(model: Any, item: s.ExtendDeal, layer: str, diags: list[Diagnostic]) -> None:
    name = item.name.text
    if name not in model.deals:
        diags.append(error("E0404", f"`extend` of deal '{name}', which no lower layer defines", item.name.span,
                           help=did_you_mean(name, model.deals) or
                           f"declare the deal: `deal {name} from deck ... {{ ... }}`"))
        return
    model.deal_extensions.setdefault(name, []).append((item, layer))
