"""Layers to one model: merge the definitions of the layers (read by ``loading``), in order.

A layer may add definitions, `replace` or `remove` cards and wonders, `change` some attributes
of a card (see ``resolve_cards``), `override` game settings, scoring categories and the
declarations of the game's structure (zones, deals, actions, decisions, the market, the flow,
contests, neutral seats; see ``resolve_structure``), `remove` some of them, add targets to a
deal (`extend deal`), steps to a moment (`at MOMENT { ... }`) and effects of the rule set
(`each player { ... }`).
Changing something a lower layer defined without saying so is an error that names both places
(E0401); overriding something no layer defined is E0404. Names are checked later, against the
merged model, by ``checks.references``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Optional, TypeVar, Union

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.loading import Layer, bundled_names, closest, load_layers, read_bundled
from wonderrules.grammar.redefinitions import SiblingOverride, did_you_mean, note_sibling, redefined
from wonderrules.grammar.resolve_cards import AttributeChange, forget_changes, merge_change
from wonderrules.grammar.resolve_structure import STRUCTURE_ITEMS, merge_structure

# `Layer`, `load_layers`, `closest`, `bundled_names` and `read_bundled` live in `loading` and
# are imported from here too, as they always were.
__all__ = ["Model", "SettingEntry", "SiblingOverride", "Layer", "load_layers", "merge", "closest",
           "bundled_names", "read_bundled", "setting_key", "setting_words"]

#: what a vocabulary table of the model maps a name to
_Value = TypeVar("_Value")

#: game-setting node type -> the field it sets
SETTING_FIELDS: dict[type, str] = {
    s.Players: "players", s.StartCoins: "start_coins", s.Ages: "ages", s.Hand: "hand",
    s.Turns: "turns", s.PassDirections: "pass_directions", s.StagesScore: "stages_category",
    s.TieBreak: "tie_break", s.CardZone: "card_zone",
}


def setting_key(body: s.SettingBody) -> str:
    """The identity of a setting for layering: pool draws per pool, orders per moment, other
    settings per field."""
    if isinstance(body, s.PoolDraw):
        return f"pool {body.pool.text}"
    if isinstance(body, s.Order):
        return f"order {body.moment.text}"
    return SETTING_FIELDS[type(body)]


#: setting field -> the words a designer writes for it
_SETTING_WORDS = {
    "players": "players", "start_coins": "start coins", "ages": "ages", "hand": "hand", "turns": "turns",
    "pass_directions": "pass", "stages_category": "stages score", "tie_break": "tie break",
    "card_zone": "cards count in",
}


def setting_words(key: str) -> str:
    """A setting key as the designer writes it: `start coins`, `pool guilds`, `order end of turn`."""
    return _SETTING_WORDS.get(key, key)


# ---- the merged model ---------------------------------------------------------------------------

@attrs.define
class SettingEntry:
    node: s.Setting
    layer: str


@attrs.define
class WhenEntry:
    players: tuple[int, ...]
    node: s.Setting
    layer: str
    when: s.When


@attrs.define
class Model:
    """The effective definitions after layering, still as syntax nodes (for their spans)."""

    layers: list[str] = attrs.Factory(list)
    title: str = ""
    resources: dict[str, tuple[s.Name, s.Name]] = attrs.Factory(dict)  # name -> (name, class)
    symbol_groups: dict[str, tuple[s.Name, list[s.Name]]] = attrs.Factory(dict)
    symbols: dict[str, str] = attrs.Factory(dict)  # symbol -> group
    symbol_nodes: dict[str, s.Name] = attrs.Factory(dict)
    tokens: dict[str, s.Name] = attrs.Factory(dict)
    colours: dict[str, s.Colour] = attrs.Factory(dict)
    settings: dict[str, SettingEntry] = attrs.Factory(dict)
    whens: list[WhenEntry] = attrs.Factory(list)
    categories: list[s.Category] = attrs.Factory(list)
    abilities: dict[str, s.Name] = attrs.Factory(dict)
    decks: dict[str, s.Name] = attrs.Factory(dict)
    zones: dict[str, s.Zone] = attrs.Factory(dict)
    deals: dict[str, s.Deal] = attrs.Factory(dict)
    actions: dict[str, s.Action] = attrs.Factory(dict)
    decisions: dict[str, s.Decision] = attrs.Factory(dict)
    contests: dict[str, s.Contest] = attrs.Factory(dict)
    seats: dict[str, s.NeutralSeat] = attrs.Factory(dict)
    market: Optional[s.Market] = None
    flow: Optional[s.Flow] = None
    #: (kind, name) -> the layer that declares it (market and flow: name "")
    declared_in: dict[tuple[str, str], str] = attrs.Factory(dict)
    #: deal -> `extend deal` blocks that add targets to it, with their layer, in layer order
    deal_extensions: dict[str, list[tuple[s.ExtendDeal, str]]] = attrs.Factory(dict)
    #: `at MOMENT { ... }` blocks, with their layer, in layer order
    at_blocks: list[tuple[s.AtBlock, str]] = attrs.Factory(list)
    #: `remove KIND NAME` and `remove seat` items that took effect, with their layer
    named_removals: list[tuple[object, str]] = attrs.Factory(list)
    #: `each player { ... }` and `each seat { ... }` blocks, with their layer, in layer order
    rule_effects: list[tuple[s.RuleEffects, str]] = attrs.Factory(list)
    options: dict[str, s.Option] = attrs.Factory(dict)
    #: (name, age) -> card; a name may appear in several ages (Loom in ages 1 and 2)
    cards: dict[tuple[str, int], s.Card] = attrs.Factory(dict)
    card_layers: dict[tuple[str, int], str] = attrs.Factory(dict)
    #: (name, age) -> attribute words (`copies`) -> the `change card` that last set it
    card_changes: dict[tuple[str, int], dict[str, AttributeChange]] = attrs.Factory(dict)
    wonders: dict[tuple[str, str], s.Wonder] = attrs.Factory(dict)
    wonder_layers: dict[tuple[str, str], str] = attrs.Factory(dict)
    #: `remove card` items that took effect, with their layer (a removal changes the deal)
    removals: list[tuple[s.RemoveCard, str]] = attrs.Factory(list)
    #: `remove wonder` items that took effect, with their layer
    wonder_removals: list[tuple[s.RemoveWonder, str]] = attrs.Factory(list)
    #: layer -> the player counts the game seats once that layer is applied
    layer_players: dict[str, tuple[int, ...]] = attrs.Factory(dict)
    #: option -> the layer that defines it
    option_layers: dict[str, str] = attrs.Factory(dict)
    #: layer -> every layer it extends, directly or through others
    ancestors: dict[str, frozenset[str]] = attrs.Factory(dict)
    #: overrides of a layer by one that does not extend it (see `SiblingOverride`)
    sibling_overrides: list[SiblingOverride] = attrs.Factory(list)
    #: `replace` items that replaced nothing: not in the game, but their names are still checked
    unplaced: list[s.Card | s.Wonder] = attrs.Factory(list)

    def card_names(self) -> dict[str, list[s.Card]]:
        """Card name -> its definitions (one per age it appears in)."""
        out: dict[str, list[s.Card]] = {}
        for card in self.cards.values():
            out.setdefault(card.name.text, []).append(card)
        return out

    def removal_of(self, name: str, age: int | None = None) -> tuple[s.RemoveCard, str] | None:
        """The last `remove card` that took card `name` (of `age`, or of any age) out, with its
        layer."""
        for removal, layer in reversed(self.removals):
            if removal.name.text == name and (age is None or removal.age in (None, age)):
                return removal, layer
        return None

    def effect_blocks(self) -> list[tuple[s.RuleEffects, str | None]]:
        """Every block of effects of the rule set (`each player { ... }`), with the option that
        holds it (None: the rule set's own, in layer order, then the options')."""
        out: list[tuple[s.RuleEffects, str | None]] = [(block, None) for block, _ in self.rule_effects]
        for name, option in self.options.items():
            out.extend((item, name) for item in option.items if isinstance(item, s.RuleEffects))
        return out

    def setting(self, key: str) -> Any:
        """The body of setting `key` (a :data:`syntax.SettingBody` of the type the key names), or
        None when no layer sets it. Typed Any: its readers take it as the type its key implies."""
        e = self.settings.get(key)
        return e.node.body if e else None

    def resource_classes(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for name, (_, cls) in self.resources.items():
            out.setdefault(cls.text, []).append(name)
        return out


def _merge_settings(model: Model, settings: Iterable[Union[s.Setting, s.When]], layer: str,
                    diags: list[Diagnostic]) -> None:
    for st in settings:
        if isinstance(st, s.When):
            players = st.players.counts()
            for inner in st.settings:
                if isinstance(inner, s.When):
                    diags.append(error("E0104", "`when` blocks cannot be nested", inner.span,
                                       help="combine the conditions into one `when players ...` block"))
                    continue
                key = setting_key(inner.body)
                words = setting_words(key)
                earlier = [o for o in model.whens if setting_key(o.node.body) == key and set(o.players) & set(players)]
                if earlier and not inner.override:
                    other = earlier[0]
                    both = sorted(set(other.players) & set(players))
                    diags.append(redefined(f"game setting '{words}' for {_counts(tuple(both))} players",
                                            inner.span, other.node.span, f"override {words} ...",
                                            other.layer == layer, other.layer, setting=True))
                elif inner.override and not earlier:
                    diags.append(error(
                        "E0404", f"`override` of game setting '{words}' for {_counts(players)} players, which no "
                        "lower `when` block sets", inner.span,
                        help="remove `override`: a `when` value applies over the game-wide value without it"))
                for other in earlier if inner.override else ():
                    note_sibling(model, layer, other.layer, f"game setting '{words}' for {_counts(players)} players",
                                  inner.span, other.node.span)
                model.whens.append(WhenEntry(players, inner, layer, st))
            continue
        key = setting_key(st.body)
        words = setting_words(key)
        old = model.settings.get(key)
        if old is not None and not st.override:
            diags.append(redefined(f"game setting '{words}'", st.span, old.node.span, f"override {words} ...",
                                    old.layer == layer, old.layer, setting=True))
        elif old is None and st.override:
            diags.append(error("E0404", f"`override` of game setting '{words}', which no lower layer sets",
                               st.span, help="remove `override`: this sets it for the first time"))
        elif old is not None:
            note_sibling(model, layer, old.layer, f"game setting '{words}'", st.span, old.node.span)
        model.settings[key] = SettingEntry(st, layer)


def _counts(players: tuple[int, ...]) -> str:
    return ", ".join(str(p) for p in players)


def merge(layers: list[Layer]) -> tuple[Model, list[Diagnostic]]:
    model = Model()
    diags: list[Diagnostic] = []
    category_span: dict[str, tuple[Span, str]] = {}
    for layer in layers:
        model.layers.append(layer.name)
        model.ancestors[layer.name] = frozenset(layer.extends).union(
            *(model.ancestors.get(e, frozenset()) for e in layer.extends))
        if layer.tree.header.title is not None:
            model.title = layer.tree.header.title.text
        for item in layer.tree.items:
            _merge_item(model, item, layer.name, diags, category_span)
        players = model.setting("players")
        model.layer_players[layer.name] = players.counts() if players is not None else ()
    return model, diags


def _vocab(model_dict: dict[str, _Value], name: s.Name, value: _Value, what: str, diags: list[Diagnostic],
           existing_span: Span | None) -> None:
    if existing_span is not None:
        diags.append(error("E0102", f"{what} '{name.text}' is declared twice", name.span,
                           labels=[Label(existing_span, "first declared here")],
                           help="each name is declared once; remove this one"))
        return
    model_dict[name.text] = value


def _known_name_span(model: Model, name: str) -> Span | None:
    """Where a vocabulary name is already declared, whatever its kind."""
    if name in model.resources:
        return model.resources[name][0].span
    if name in model.symbol_nodes:
        return model.symbol_nodes[name].span
    if name in model.tokens:
        return model.tokens[name].span
    if name in model.colours:
        return model.colours[name].name.span
    if name in model.symbol_groups:
        return model.symbol_groups[name][0].span
    if name in model.abilities:
        return model.abilities[name].span
    return None


def _merge_item(model: Model, item: object, layer: str, diags: list[Diagnostic],
                category_span: dict[str, tuple[Span, str]]) -> None:
    if isinstance(item, s.Resources):
        for n in item.names:
            _vocab(model.resources, n, (n, item.resource_class), "resource", diags,
                   _known_name_span(model, n.text))
    elif isinstance(item, s.Symbols):
        group = item.group.text
        if group in model.symbol_groups:
            _, members = model.symbol_groups[group]
        else:
            members = []
            model.symbol_groups[group] = (item.group, members)
        for n in item.names:
            known = _known_name_span(model, n.text)
            if known is not None:
                _vocab({}, n, None, "symbol", diags, known)
                continue
            members.append(n)
            model.symbols[n.text] = group
            model.symbol_nodes[n.text] = n
    elif isinstance(item, s.Tokens):
        for n in item.names:
            _vocab(model.tokens, n, n, "token", diags, _known_name_span(model, n.text))
    elif isinstance(item, s.Colours):
        for c in item.colours:
            _vocab(model.colours, c.name, c, "colour", diags, _known_name_span(model, c.name.text))
    elif isinstance(item, s.Abilities):
        for n in item.names:
            _vocab(model.abilities, n, n, "ability", diags, _known_name_span(model, n.text))
    elif isinstance(item, s.Decks):
        for n in item.names:
            _vocab(model.decks, n, n, "deck", diags, model.decks[n.text].span if n.text in model.decks else None)
    elif isinstance(item, s.Game):
        _merge_settings(model, item.settings, layer, diags)
    elif isinstance(item, s.Scoring):
        _merge_scoring(model, item, layer, diags, category_span)
    elif isinstance(item, STRUCTURE_ITEMS):
        merge_structure(model, item, layer, diags)
    elif isinstance(item, s.RuleEffects):
        model.rule_effects.append((item, layer))  # added layer after layer, like `at` blocks
    elif isinstance(item, s.Option):
        old_opt = model.options.get(item.name.text)
        if old_opt is not None:
            diags.append(error("E0102", f"option '{item.name.text}' is defined twice", item.name.span,
                               labels=[Label(old_opt.name.span, "first defined here")],
                               help="give the option another name, or merge the two blocks"))
            return
        model.options[item.name.text] = item
        model.option_layers[item.name.text] = layer
    elif isinstance(item, s.Card):
        name = item.name.text
        ckey = (name, item.age)
        old_card = model.cards.get(ckey)
        if item.replace:
            if old_card is None:
                same_name = sorted(c.age for c in model.card_names().get(name, []))
                removal = model.removal_of(name, item.age)
                labels = []
                if removal is not None:
                    labels = [Label(removal[0].span, "removed here")]
                    hint = f"layer '{removal[1]}' removes '{name}'; to add it again, write `card` without `replace`"
                elif same_name:
                    hint = f"'{name}' is defined in age {', '.join(map(str, same_name))}; `replace` names its age"
                else:
                    hint = did_you_mean(name, model.card_names()) or "remove `replace` to add a new card"
                diags.append(error("E0404", f"`replace` of card '{name}' (age {item.age}), which no lower "
                                   "layer defines", item.name.span, help=hint, labels=labels))
                model.unplaced.append(item)  # not added: it would only bring follow-on errors
                return
            elif model.card_layers[ckey] == layer and old_card.span.path == item.span.path:
                diags.append(redefined(f"card '{name}' (age {item.age})", item.name.span, old_card.name.span,
                                        "", True))
                return
            note_sibling(model, layer, model.card_layers[ckey], f"card '{name}' (age {item.age})",
                          item.name.span, old_card.name.span)
            forget_changes(model, ckey, layer, item.name.span)
        elif old_card is not None:
            diags.append(redefined(f"card '{name}' (age {item.age})", item.name.span, old_card.name.span,
                                    f'replace card "{name}" ...', model.card_layers[ckey] == layer,
                                    model.card_layers[ckey]))
            return
        model.cards[ckey] = item
        model.card_layers[ckey] = layer
    elif isinstance(item, s.Wonder):
        key = (item.name.text, item.side.text)
        old_w = model.wonders.get(key)
        if item.replace:
            if old_w is None:
                diags.append(error("E0404", f"`replace` of wonder '{key[0]}' side {key[1]}, which no lower "
                                   "layer defines", item.name.span,
                                   help=_wonder_hint(model, key[0], "remove `replace` to add a new wonder")))
                model.unplaced.append(item)
                return
            elif model.wonder_layers[key] == layer and old_w.span.path == item.span.path:
                diags.append(redefined(f"wonder '{key[0]}' side {key[1]}", item.name.span, old_w.name.span,
                                        "", True))
                return
            note_sibling(model, layer, model.wonder_layers[key], f"wonder '{key[0]}' side {key[1]}",
                          item.name.span, old_w.name.span)
        elif old_w is not None:
            diags.append(redefined(f"wonder '{key[0]}' side {key[1]}", item.name.span, old_w.name.span,
                                    f'replace wonder "{key[0]}" ...', model.wonder_layers[key] == layer,
                                    model.wonder_layers[key]))
            return
        model.wonders[key] = item
        model.wonder_layers[key] = layer
    elif isinstance(item, s.RemoveCard):
        keys = [k for k in model.cards if k[0] == item.name.text and item.age in (None, k[1])]
        for k in keys:
            del model.cards[k]
            forget_changes(model, k, layer, item.span)
        if keys:
            model.removals.append((item, layer))
        else:
            where = f" in age {item.age}" if item.age is not None else ""
            removal = model.removal_of(item.name.text, item.age)
            if removal is not None:
                diags.append(error("E0404", f"`remove` of card '{item.name.text}'{where}, which layer "
                                   f"'{removal[1]}' already removes", item.name.span,
                                   labels=[Label(removal[0].span, "removed here")],
                                   help="remove this line: the card is already gone"))
            else:
                diags.append(error("E0404", f"`remove` of card '{item.name.text}'{where}, which no lower layer "
                                   "defines", item.name.span, help=did_you_mean(item.name.text, model.card_names())))
    elif isinstance(item, s.ChangeCard):
        merge_change(model, item, layer, diags)
    elif isinstance(item, s.RemoveWonder):
        if model.wonders.pop((item.name.text, item.side.text), None) is not None:
            model.wonder_removals.append((item, layer))
        else:
            diags.append(error("E0404", f"`remove` of wonder '{item.name.text}' side {item.side.text}, "
                               "which no lower layer defines", item.name.span,
                               help=_wonder_hint(model, item.name.text, None)))


def _wonder_hint(model: Model, name: str, fallback: str | None) -> str | None:
    sides = sorted(side for (w, side) in model.wonders if w == name)
    if sides:
        return f"'{name}' has side{'s' if len(sides) > 1 else ''} {', '.join(sides)}"
    return did_you_mean(name, {w for w, _ in model.wonders}) or fallback


def _merge_scoring(model: Model, item: s.Scoring, layer: str, diags: list[Diagnostic],
                   category_span: dict[str, tuple[Span, str]]) -> None:
    for cat in item.categories:
        name = cat.name.text
        existing = next((i for i, c in enumerate(model.categories) if c.name.text == name), None)
        if existing is not None:
            old_span, old_layer = category_span[name]
            if not cat.override:
                diags.append(redefined(f"score category '{name}'", cat.name.span, old_span,
                                        f"override {name} ...", old_layer == layer, old_layer))
                continue
            note_sibling(model, layer, old_layer, f"score category '{name}'", cat.name.span, old_span)
            del model.categories[existing]
            if cat.placement is None:
                model.categories.insert(existing, cat)
                category_span[name] = (cat.name.span, layer)
                continue
        elif cat.override:
            diags.append(error("E0404", f"`override` of score category '{name}', which no lower layer defines",
                               cat.name.span, help=did_you_mean(name, [c.name.text for c in model.categories])
                               or "remove `override`: this adds a new column"))
        category_span[name] = (cat.name.span, layer)
        if cat.placement is None:
            model.categories.append(cat)
            continue
        where, anchor = cat.placement
        idx = next((i for i, c in enumerate(model.categories) if c.name.text == anchor.text), None)
        if idx is None:
            hint = did_you_mean(anchor.text, [c.name.text for c in model.categories])
            diags.append(error("E0101", f"unknown score category '{anchor.text}'", anchor.span, help=hint))
            model.categories.append(cat)
            continue
        model.categories.insert(idx + 1 if where == "after" else idx, cat)
