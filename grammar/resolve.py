"""Layered files to one model: find the files, order the layers, merge their definitions.

A layer may add definitions, `replace` or `remove` cards and wonders, and `override` game
settings, scoring categories and conflicts. Changing something a lower layer defined without
saying so is an error that names both places (E0401); overriding something no layer defined is
E0404. Names are checked later, against the merged model, by ``checks.references``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from importlib import resources as pkg_resources
from pathlib import Path
from typing import Union

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.parse import parse_source

__all__ = ["Model", "SettingEntry", "load_layers", "merge", "closest", "bundled_names",
           "read_bundled", "setting_key", "setting_words"]

#: game-setting node type -> the field it sets
SETTING_FIELDS: dict[type, str] = {
    s.Players: "players", s.StartCoins: "start_coins", s.Ages: "ages", s.Hand: "hand",
    s.Turns: "turns", s.PassDirections: "pass_directions", s.Sell: "sell_coins",
    s.TradePrice: "trade_price", s.NeighboursSell: "neighbours_sell",
    s.StagesScore: "stages_category", s.TieBreak: "tie_break",
}


def setting_key(body: s.SettingBody) -> str:
    """The identity of a setting for layering: pool draws per pool, orders per timing, neutral
    seats per name, other settings per field."""
    if isinstance(body, s.PoolDraw):
        return f"pool {body.pool.text}"
    if isinstance(body, s.Order):
        return f"order {body.timing.kind}"
    if isinstance(body, s.Neutral):
        return f"neutral {body.name.text}"
    return SETTING_FIELDS[type(body)]


#: setting field -> the words a designer writes for it
_SETTING_WORDS = {
    "players": "players", "start_coins": "start coins", "ages": "ages", "hand": "hand", "turns": "turns",
    "pass_directions": "pass", "sell_coins": "sell for", "trade_price": "trade price",
    "neighbours_sell": "neighbours sell", "stages_category": "stages score", "tie_break": "tie break",
}
_TIMING_WORDS = {"end_of_turn": "end of turn", "each_end_of_turn": "each end of turn",
                 "each_end_of_age": "each end of age", "on_build": "on build", "end_of_game": "end of game",
                 "passive": "passive", "whenever_builds": "whenever ... builds"}


def setting_words(key: str) -> str:
    """A setting key as the designer writes it: `start coins`, `pool guilds`, `order end of turn`."""
    if key.startswith("order "):
        timing = key[len("order "):]
        return f"order {_TIMING_WORDS.get(timing, timing)}"
    if key.startswith("neutral "):
        return f'neutral seat "{key[len("neutral "):]}"'
    return _SETTING_WORDS.get(key, key)


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The nearest known name, for `help: did you mean ...`."""
    pool = list(candidates)
    found = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if not found:
        lowered = {c.lower(): c for c in pool}
        found = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
        found = [lowered[f] for f in found]
    return found[0] if found else None


# ---- finding files ------------------------------------------------------------------------------

def bundled_names() -> list[str]:
    files = pkg_resources.files("wonderrules.rulesets")
    return sorted(p.name[:-3] for p in files.iterdir() if p.name.endswith(".wr"))


def read_bundled(name: str) -> tuple[str, str] | None:
    """(display path, text) of a bundled rule set, or None."""
    res = pkg_resources.files("wonderrules.rulesets").joinpath(f"{name}.wr")
    if not res.is_file():
        return None
    repo_copy = Path("rulesets") / f"{name}.wr"
    same = repo_copy.is_file() and repo_copy.read_text() == res.read_text()
    shown = str(repo_copy) if same else f"<bundled>/{name}.wr"
    return shown, res.read_text(encoding="utf-8")


@attrs.frozen
class _Unreadable:
    message: str
    help: str | None


def _read(ref: str, near: Path | None) -> Union[tuple[str, str], str, _Unreadable]:
    """Find a rule set named `ref`: a path, a file next to the layer that extends it, or a bundled
    name. Returns (path, text) or an error message."""
    candidates: list[Path] = []
    p = Path(ref)
    if ref.endswith(".wr") or "/" in ref or p.is_file():
        candidates.append(p)
    else:
        if near is not None:
            candidates.append(near / f"{ref}.wr")
    for c in candidates:
        if c.is_file():
            try:
                return str(c), c.read_text(encoding="utf-8")
            except UnicodeDecodeError as e:
                return _Unreadable(f"cannot read '{c}': it is not UTF-8 text (byte {e.object[e.start]:#04x} "
                                   f"at offset {e.start})", "save the file as UTF-8 text")
            except OSError as e:
                return _Unreadable(f"cannot read '{c}': {e.strerror or e}", None)
    if not ref.endswith(".wr") and "/" not in ref:
        found = read_bundled(ref)
        if found is not None:
            return found
    if ref.endswith(".wr") or "/" in ref:
        return f"no file '{ref}'"
    return f"no rule set '{ref}'"


def _not_found_help(ref: str, near: Path | None) -> str:
    known = bundled_names()
    hint = closest(ref, known)
    where = f"`{ref}.wr` next to this file, then " if near is not None else ""
    text = f"`extends {ref}` looks for {where}a bundled rule set ({', '.join(known)})"
    return f"did you mean '{hint}'? " + text if hint else text


@attrs.define
class Layer:
    name: str
    path: str
    tree: s.Ruleset


def load_layers(refs: list[str]) -> tuple[list[Layer], dict[str, str], list[Diagnostic]]:
    """Read every named rule set and the layers they extend, dependencies first."""
    layers: list[Layer] = []
    sources: dict[str, str] = {}
    diags: list[Diagnostic] = []
    by_name: dict[str, Layer] = {}
    visiting: list[str] = []
    layer_names: dict[str, str] = {}

    def visit(ref: str, near: Path | None, span: Span | None) -> None:
        found = _read(ref, near)
        if isinstance(found, _Unreadable):
            diags.append(error("E0004" if span is None else "E0405", found.message, span, help=found.help))
            return
        if isinstance(found, str):
            if span is None:
                known = ", ".join(bundled_names())
                diags.append(error("E0004", found, None, help=f"give a .wr file or a bundled name ({known})"))
            else:
                diags.append(error("E0405", found, span, help=_not_found_help(ref, near)))
            return
        path, text = found
        if path in sources:
            if path in visiting:
                cycle = visiting[visiting.index(path):] + [path]
                names = " -> ".join(layer_names.get(p, Path(p).stem) for p in cycle)
                diags.append(error("E0405", f"layers extend each other in a cycle: {names}", span,
                                   help="a layer extends only rule sets below it; remove one of these `extends`"))
            return
        sources[path] = text
        tree, parse_diags = parse_source(text, path)
        diags.extend(parse_diags)
        if tree is None:
            return
        layer_names[path] = tree.header.name.text
        visiting.append(path)
        base_dir = Path(path).parent if not path.startswith("<bundled>") else None
        for ext in tree.header.extends:
            visit(ext.text, base_dir, ext.span)
        visiting.pop()
        name = tree.header.name.text
        if name in by_name:
            other = by_name[name]
            diags.append(error("E0405", f"two rule sets are both called '{name}'", tree.header.name.span,
                               labels=[Label(other.tree.header.name.span, "the other one")],
                               help="give each layer its own name in its `ruleset` header"))
            return
        layer = Layer(name, path, tree)
        by_name[name] = layer
        layers.append(layer)

    for ref in refs:
        visit(ref, None, None)
    return layers, sources, diags


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
    conflicts: dict[str, s.Conflict] = attrs.Factory(dict)
    conflict_layers: dict[str, str] = attrs.Factory(dict)
    options: dict[str, s.Option] = attrs.Factory(dict)
    #: (name, age) -> card; a name may appear in several ages (Loom in ages 1 and 2)
    cards: dict[tuple[str, int], s.Card] = attrs.Factory(dict)
    card_layers: dict[tuple[str, int], str] = attrs.Factory(dict)
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

    def card_names(self) -> dict[str, list[s.Card]]:
        """Card name -> its definitions (one per age it appears in)."""
        out: dict[str, list[s.Card]] = {}
        for card in self.cards.values():
            out.setdefault(card.name.text, []).append(card)
        return out

    def setting(self, key: str):
        e = self.settings.get(key)
        return e.node.body if e else None

    def resource_classes(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for name, (_, cls) in self.resources.items():
            out.setdefault(cls.text, []).append(name)
        return out


def _redefined(what: str, new_span: Span, old_span: Span, keyword: str, same_layer: bool,
               lower: str = "", setting: bool = False) -> Diagnostic:
    verb = "set" if setting else "defined"
    if same_layer:
        return error("E0102", f"{what} is {verb} twice", new_span,
                     labels=[Label(old_span, f"first {verb} here")],
                     help="remove one of the two")
    where = f" (layer '{lower}')" if lower else ""
    rename = "" if setting else "; to add something new, give it another name"
    return error("E0401", f"{what} is already {verb} by a lower layer{where}", new_span,
                 labels=[Label(old_span, f"{verb} here")],
                 help=f"to change it on purpose, write `{keyword}`{rename}")


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
                for other in model.whens:
                    if (setting_key(other.node.body) == key and set(other.players) & set(players)
                            and not inner.override):
                        both = sorted(set(other.players) & set(players))
                        diags.append(_redefined(f"game setting '{words}' for {_counts(tuple(both))} players",
                                                inner.span, other.node.span, f"override {words} ...",
                                                other.layer == layer, other.layer, setting=True))
                        break
                model.whens.append(WhenEntry(players, inner, layer, st))
            continue
        key = setting_key(st.body)
        words = setting_words(key)
        old = model.settings.get(key)
        if old is not None and not st.override:
            diags.append(_redefined(f"game setting '{words}'", st.span, old.node.span, f"override {words} ...",
                                    old.layer == layer, old.layer, setting=True))
        elif old is None and st.override:
            diags.append(error("E0404", f"`override` of game setting '{words}', which no lower layer sets",
                               st.span, help="remove `override`: this sets it for the first time"))
        model.settings[key] = SettingEntry(st, layer)


def _counts(players: tuple[int, ...]) -> str:
    return ", ".join(str(p) for p in players)


def merge(layers: list[Layer]) -> tuple[Model, list[Diagnostic]]:
    model = Model()
    diags: list[Diagnostic] = []
    category_span: dict[str, tuple[Span, str]] = {}
    for layer in layers:
        model.layers.append(layer.name)
        if layer.tree.header.title is not None:
            model.title = layer.tree.header.title.text
        for item in layer.tree.items:
            _merge_item(model, item, layer.name, diags, category_span)
        players = model.setting("players")
        model.layer_players[layer.name] = players.counts() if players is not None else ()
    return model, diags


def _vocab(model_dict: dict, name: s.Name, value, what: str, diags: list[Diagnostic],
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
    return None


def _merge_item(model: Model, item, layer: str, diags: list[Diagnostic],
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
    elif isinstance(item, s.Game):
        _merge_settings(model, item.settings, layer, diags)
    elif isinstance(item, s.Scoring):
        _merge_scoring(model, item, layer, diags, category_span)
    elif isinstance(item, s.Conflict):
        old = model.conflicts.get(item.name.text)
        if old is not None and not item.override:
            old_layer = model.conflict_layers.get(item.name.text, "")
            diags.append(_redefined(f"conflict '{item.name.text}'", item.name.span, old.name.span,
                                    f"override conflict {item.name.text} ...", old_layer == layer, old_layer))
        elif old is None and item.override:
            diags.append(error("E0404", f"`override` of conflict '{item.name.text}', which no lower layer defines",
                               item.name.span, help=_did_you_mean(item.name.text, model.conflicts)
                               or "remove `override`: this adds a new conflict"))
        model.conflicts[item.name.text] = item
        model.conflict_layers[item.name.text] = layer
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
                if same_name:
                    hint = f"'{name}' is defined in age {', '.join(map(str, same_name))}; `replace` names its age"
                else:
                    hint = _did_you_mean(name, model.card_names()) or "remove `replace` to add a new card"
                diags.append(error("E0404", f"`replace` of card '{name}' (age {item.age}), which no lower "
                                   "layer defines", item.name.span, help=hint))
            elif model.card_layers[ckey] == layer and old_card.span.path == item.span.path:
                diags.append(_redefined(f"card '{name}' (age {item.age})", item.name.span, old_card.name.span,
                                        "", True))
                return
        elif old_card is not None:
            diags.append(_redefined(f"card '{name}' (age {item.age})", item.name.span, old_card.name.span,
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
            elif model.wonder_layers[key] == layer and old_w.span.path == item.span.path:
                diags.append(_redefined(f"wonder '{key[0]}' side {key[1]}", item.name.span, old_w.name.span,
                                        "", True))
                return
        elif old_w is not None:
            diags.append(_redefined(f"wonder '{key[0]}' side {key[1]}", item.name.span, old_w.name.span,
                                    f'replace wonder "{key[0]}" ...', model.wonder_layers[key] == layer,
                                    model.wonder_layers[key]))
            return
        model.wonders[key] = item
        model.wonder_layers[key] = layer
    elif isinstance(item, s.RemoveCard):
        keys = [k for k in model.cards if k[0] == item.name.text and item.age in (None, k[1])]
        for k in keys:
            del model.cards[k]
        if keys:
            model.removals.append((item, layer))
        else:
            where = f" in age {item.age}" if item.age is not None else ""
            diags.append(error("E0404", f"`remove` of card '{item.name.text}'{where}, which no lower layer defines",
                               item.name.span, help=_did_you_mean(item.name.text, model.card_names())))
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
    return _did_you_mean(name, {w for w, _ in model.wonders}) or fallback


def _did_you_mean(name: str, known: Iterable[str]) -> str | None:
    hint = closest(name, known)
    return f"did you mean '{hint}'?" if hint else None


def _merge_scoring(model: Model, item: s.Scoring, layer: str, diags: list[Diagnostic],
                   category_span: dict[str, tuple[Span, str]]) -> None:
    for cat in item.categories:
        name = cat.name.text
        existing = next((i for i, c in enumerate(model.categories) if c.name.text == name), None)
        if existing is not None:
            old_span, old_layer = category_span[name]
            if not cat.override:
                diags.append(_redefined(f"score category '{name}'", cat.name.span, old_span,
                                        f"override {name} ...", old_layer == layer, old_layer))
                continue
            del model.categories[existing]
            if cat.placement is None:
                model.categories.insert(existing, cat)
                category_span[name] = (cat.name.span, layer)
                continue
        elif cat.override:
            diags.append(error("E0404", f"`override` of score category '{name}', which no lower layer defines",
                               cat.name.span, help=_did_you_mean(name, [c.name.text for c in model.categories])
                               or "remove `override`: this adds a new column"))
        category_span[name] = (cat.name.span, layer)
        if cat.placement is None:
            model.categories.append(cat)
            continue
        where, anchor = cat.placement
        idx = next((i for i, c in enumerate(model.categories) if c.name.text == anchor.text), None)
        if idx is None:
            hint = _did_you_mean(anchor.text, [c.name.text for c in model.categories])
            diags.append(error("E0101", f"unknown score category '{anchor.text}'", anchor.span, help=hint))
            model.categories.append(cat)
            continue
        model.categories.insert(idx + 1 if where == "after" else idx, cat)
