"""Layering of a card's attributes: `change card "Loom" age 1: copies 3+ 5+`.

A layer changes some attributes of a card a lower layer defines (its cost, chains, copy
markers, pool, aliases, deck) and the card keeps the rest: its colour, its effects and every
attribute the line does not name. Without an age, every age the card is in is changed. Each
attribute written takes the place of the card's attribute of the same kind, where that one was
written; an attribute the card did not have is added after the others.

The model remembers which layer last changed each attribute of each card, so that:

- a layer that changes one attribute twice is told so (E0102), as for a setting set twice;
- a layer that changes an attribute another layer changed, or a card another layer defined,
  without extending it wins only by the load order (W0406, see ``checks.layering``);
- a `replace card` or `remove card` of a later layer takes the changes with the card;
- the checks that look for the layer of a card's copy markers (``checks.counts``,
  ``checks.values``) find the layer that changed them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.redefinitions import did_you_mean, note_sibling

if TYPE_CHECKING:  # resolve imports this module
    from wonderrules.grammar.resolve import Model

__all__ = ["ATTRIBUTE_WORDS", "AttributeChange", "merge_change", "forget_changes", "copies_layer"]

#: card attribute node -> the words a designer writes for it
ATTRIBUTE_WORDS: dict[type, str] = {
    s.Cost: "cost", s.ChainFrom: "chain from", s.ChainTo: "chain to", s.Copies: "copies", s.Pool: "pool",
    s.Aliases: "alias", s.CardDeck: "deck",
}


@attrs.frozen
class AttributeChange:
    """An attribute of a card as a `change card` line of `layer` wrote it."""

    attr: s.CardAttr
    layer: str


def merge_change(model: Model, item: s.ChangeCard, layer: str, diags: list[Diagnostic]) -> None:
    """Apply `item` of `layer` to the cards of `model`."""
    name = item.name.text
    keys = [k for k in model.cards if k[0] == name and item.age in (None, k[1])]
    if not keys:
        diags.append(_nothing_to_change(model, item))
        return
    written: dict[str, s.CardAttr] = {}
    for attr in item.attrs:
        words = ATTRIBUTE_WORDS[type(attr)]
        if words in written:
            diags.append(error("E0102", f"`change card` sets `{words}` of card '{name}' twice", attr.span,
                               labels=[Label(written[words].span, "first set here")], help="remove one of the two"))
            continue
        written[words] = attr
    twice: set[str] = set()
    for key in keys:
        card = model.cards[key]
        what = f"card '{name}' (age {key[1]})"
        note_sibling(model, layer, model.card_layers[key], what, item.name.span, card.name.span)
        changes: dict[str, AttributeChange] = model.card_changes.setdefault(key, {})
        for words, attr in written.items():
            old = changes.get(words)
            if old is not None and old.layer == layer:
                if words not in twice:
                    twice.add(words)
                    diags.append(error(
                        "E0102", f"`{words}` of {what} is changed twice", attr.span,
                        labels=[Label(old.attr.span, "first changed here")],
                        help="remove one of the two"))
                continue
            if old is not None:
                note_sibling(model, layer, old.layer, f"`{words}` of {what}", attr.span, old.attr.span)
            changes[words] = AttributeChange(attr, layer)
        model.cards[key] = attrs.evolve(card, attrs=_with(card.attrs, [c.attr for c in changes.values()]))


def _with(old: Iterable[s.CardAttr], new: list[s.CardAttr]) -> tuple[s.CardAttr, ...]:
    """The attributes `old` with each of `new` in the place of the one of its kind."""
    by_kind = {type(a): a for a in new}
    kept = [by_kind.pop(type(a), a) for a in old]
    return (*kept, *(a for a in new if type(a) in by_kind))


def _nothing_to_change(model: Model, item: s.ChangeCard) -> Diagnostic:
    """E0404 for a `change card` that finds no card: removed, of another age, or misspelt."""
    name = item.name.text
    where = f" in age {item.age}" if item.age is not None else ""
    removal = model.removal_of(name, item.age)
    ages = sorted(card.age for card in model.card_names().get(name, []))
    labels: list[Label] = []
    if removal is not None:
        labels = [Label(removal[0].span, "removed here")]
        hint: str | None = (f"layer '{removal[1]}' removes '{name}'; to add it again, write the whole card "
                            "with `card`")
    elif ages:
        hint = f"'{name}' is in age {', '.join(map(str, ages))}; without `age`, `change card` changes every age"
    else:
        hint = did_you_mean(name, model.card_names())
    return error("E0404", f"`change` of card '{name}'{where}, which no lower layer defines", item.name.span,
                 labels=labels, help=hint)


def forget_changes(model: Model, key: tuple[str, int], layer: str, span: s.Span) -> None:
    """A `replace card` (`span`, of `layer`) or a `remove card` takes the card `key` whole: the
    changes of lower layers go with it. A `replace` by a layer that does not extend the one that
    changed it wins only by the load order."""
    for words, change in model.card_changes.pop(key, {}).items():
        note_sibling(model, layer, change.layer, f"`{words}` of card '{key[0]}' (age {key[1]})", span,
                     change.attr.span)


def copies_layer(model: Model, key: tuple[str, int]) -> str:
    """The layer that wrote the copy markers of card `key`: the last to change them, else the
    layer that defines the card."""
    change = model.card_changes.get(key, {}).get("copies")
    return change.layer if change is not None else model.card_layers.get(key, "")
