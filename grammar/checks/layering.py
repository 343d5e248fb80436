"""Pass: layering beyond one definition at a time.

- Options change the game as a layer does: a setting, a contest or a zone of an option that
  replaces one the game defines is written with `override` (E0401), and an `override` that
  replaces nothing is refused (E0404). An option changes who sees a zone, not what it is.
- A layer that overrides (or replaces) what a layer it does not extend defined wins only
  because of the order the layers were loaded in (W0406). The checker tries the other order:
  when the order given is the one that works, it says nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, error, warning
from wonderrules.grammar.loading import Layer
from wonderrules.grammar.resolve import Model, SiblingOverride, closest, setting_key, setting_words

__all__ = ["options", "load_order"]


# ---- options --------------------------------------------------------------------------------------

def options(model: Model) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    for opt in model.options.values():
        _option(model, opt, diags)
    return diags


def _game_definition(model: Model, key: str, counts: tuple[int, ...] | None) -> s.Setting | None:
    """Where the game (all layers) sets a setting: the game-wide value, or a `when` value for
    some of `counts` (None: any count). Returns a setting node, or None."""
    entry = model.settings.get(key)
    if entry is not None:
        return entry.node
    for w in model.whens:
        if setting_key(w.node.body) == key and (counts is None or set(w.players) & set(counts)):
            return w.node
    return None


def _option(model: Model, opt: s.Option, diags: list[Diagnostic]) -> None:
    name = opt.name.text
    seen: dict[str, s.Setting] = {}
    for item in opt.items:
        if isinstance(item, s.Setting):
            if isinstance(item.body, s.Players):
                if item.override:
                    diags.append(error("E0404", f"`override` of the player counts in option '{name}'", item.span,
                                       help="remove `override`: an option's `players` lists the counts it may be "
                                            "chosen at, and changes nothing in the game"))
                continue
            key = setting_key(item.body)
            if key in seen:
                diags.append(error("E0102", f"option '{name}' sets '{setting_words(key)}' twice", item.span,
                                   labels=[Label(seen[key].span, "first set here")], help="remove one of the two"))
            seen[key] = item
            _option_setting(model, name, item, None, diags)
        elif isinstance(item, s.When):
            for inner in item.settings:
                if isinstance(inner, s.When):
                    diags.append(error("E0104", "`when` blocks cannot be nested", inner.span,
                                       help="combine the conditions into one `when players ...` block"))
                elif isinstance(inner.body, s.Players):
                    diags.append(error("E0104", "`players` cannot be set in a `when` block", inner.span,
                                       help="an option's `players` comes first in the option, outside `when`"))
                else:
                    _option_setting(model, name, inner, item.players.counts(), diags)
        elif isinstance(item, s.Contest):
            _option_contest(model, name, item, diags)
        elif isinstance(item, s.Zone):
            _option_zone(model, name, item, diags)


def _option_setting(model: Model, option: str, st: s.Setting, counts: tuple[int, ...] | None,
                    diags: list[Diagnostic]) -> None:
    key = setting_key(st.body)
    words = setting_words(key)
    game = _game_definition(model, key, counts)
    if game is not None and not st.override:
        diags.append(error("E0401", f"option '{option}' changes game setting '{words}' without `override`", st.span,
                           labels=[Label(game.span, "set by the game here")],
                           help=f"to change it while the option is chosen, write `override {words} ...`"))
    elif game is None and st.override:
        where = "" if counts is None else f" for {', '.join(map(str, counts))} players"
        diags.append(error("E0404", f"`override` of game setting '{words}'{where}, which the game does not set",
                           st.span, help="remove `override`: the option sets it for the first time"))


def _option_contest(model: Model, option: str, c: s.Contest, diags: list[Diagnostic]) -> None:
    name = c.name.text
    game = model.contests.get(name)
    if game is not None and not c.override:
        diags.append(error("E0401", f"option '{option}' replaces contest '{name}' without `override`", c.name.span,
                           labels=[Label(game.name.span, "defined by the game here")],
                           help=f"to replace it while the option is chosen, write `override contest {name} ...`; "
                                "to add a contest, give it another name"))
    elif game is None and c.override:
        hint = closest(name, model.contests)
        diags.append(error("E0404", f"`override` of contest '{name}', which the game does not define", c.name.span,
                           help=f"did you mean '{hint}'?" if hint else
                           "remove `override`: the option adds a new contest"))


def _option_zone(model: Model, option: str, z: s.Zone, diags: list[Diagnostic]) -> None:
    name = z.name.text
    game = model.zones.get(name)
    if game is None:
        hint = closest(name, model.zones)
        diags.append(error("E0404", f"option '{option}' declares zone '{name}', which the game does not declare",
                           z.name.span, help=f"did you mean '{hint}'?" if hint else
                           "an option changes who sees a zone of the game: declare the zone in the game"))
        return
    if not z.override:
        diags.append(error("E0401", f"option '{option}' changes zone '{name}' without `override`", z.name.span,
                           labels=[Label(game.name.span, "declared by the game here")],
                           help=f"to change who sees it while the option is chosen, write `override zone {name}: ...`"))
    if z.per != game.per or z.has("active") != game.has("active"):
        diags.append(error("E0104", f"option '{option}' changes what zone '{name}' is", z.span,
                           labels=[Label(game.span, "declared by the game here")],
                           help="an option may change who sees a zone (`seen by`, `count hidden`); keep "
                                f"`{'each seat' if game.per == 'seat' else 'shared'}`"
                                f"{' and `active`' if game.has('active') else ''} as the game declares"))


# ---- the order the layers were loaded in ----------------------------------------------------------

def load_order(model: Model, layers: Sequence[Layer], failed: bool,
               check: Callable[[list[Layer]], bool]) -> list[Diagnostic]:
    """W0406 for each pair of layers where one overrides the other without extending it.

    `failed`: the layers as given do not check. `check(layers)` checks another order and returns
    whether it has errors. A pair is left alone when this order checks and the other does not.
    """
    pairs: dict[tuple[str, str], list[SiblingOverride]] = {}
    for o in model.sibling_overrides:
        pairs.setdefault((o.layer, o.other), []).append(o)
    diags: list[Diagnostic] = []
    for (later, earlier), found in pairs.items():
        other_order = _moved_before(layers, later, earlier, model)
        other_fails = check(other_order) if other_order is not None else True
        if not failed and other_fails:
            continue  # the order given is the one that works
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        if failed and not other_fails:
            hint = (f"layers apply in the order given, so '{later}' wins; loaded the other way round, "
                    f"'{later}' before '{earlier}', the rule set checks clean")
        else:
            hint = (f"layers apply in the order given, so '{later}' wins; to keep the value of '{earlier}', "
                    f"load '{earlier}' after '{later}'; if '{later}' is meant to change '{earlier}', "
                    f"write `extends {earlier}` in its header")
        diags.append(warning(
            "W0406", f"layer '{later}' changes {first.what}{more} of layer '{earlier}', which it does not extend",
            first.span, labels=[Label(first.other_span, f"set by '{earlier}' here")], help=hint))
    return diags


def _moved_before(layers: Sequence[Layer], later: str, earlier: str, model: Model) -> list[Layer] | None:
    """The layers with `later` loaded just before `earlier`, or None when that would load it
    before a layer it extends."""
    names = [layer.name for layer in layers]
    i, j = names.index(earlier), names.index(later)
    if any(n in model.ancestors.get(later, ()) for n in names[i:j]):
        return None
    order = list(layers)
    moved = order.pop(j)
    order.insert(i, moved)
    return order
