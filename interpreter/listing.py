"""The legal actions of a decision, as a function written for that decision once per rule set.

Listing every way to play every card runs for every player on every turn. For a decision whose
action kinds all take their card from one zone, the catalog writes one Python function that lists
them card by card, with each kind's uniqueness test, cost and ways spelled out in order (the same
rules as :meth:`.legal._Lister.list`, which serves every other decision and is the reference the
tests hold this code to). No rule set is read while it runs: the names, ways and indices are
constants of the function. The decision's preferences (:mod:`.preferences`) are written into
it: a preference per card whose first tier is a way open when chained and whose second is the
rest of that kind's ways is the test of the chain itself (the other ways are listed only when it
fails); every other one filters each card's actions, or the list, tier by tier. A neutral seat
with its own preferences, or offered every exact payment, has a function of its own, written the
same way with them. A buyer with more than two sellers is listed by
:func:`.legal.list_by_card` instead (its payments are not pairs).

Text of the rule set never becomes source. The source is written from the code's own words and
from integers; every name and every other value of the rule set reaches the function as a
parameter (``NAME_0``, ``KIND_1``...) of the function that defines them, never spelt in
the text. Before the compiled source runs, :func:`_only_own_words` reads its code back and
refuses any string in it, any global but the builtins it is meant to use, and any private
attribute.
"""

from __future__ import annotations

import builtins
import dis
from collections.abc import Callable
from types import CodeType
from typing import TYPE_CHECKING, Any

from wonderrules.interpreter import actions as a
from wonderrules.interpreter import ir
from wonderrules.interpreter.action_steps import CompiledWay
from wonderrules.interpreter.market import trade_context
from wonderrules.interpreter.trading import ZERO_COST

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog
    from wonderrules.interpreter.game_data import GameData

__all__ = ["compile_listing", "Listing"]

#: ``list_actions(state, player, seat, within)``: the legal actions (see :func:`compile_listing`)
Listing = Callable[["GameData", int, int, bool], list[a.Action]]


def compile_listing(name: str, kinds: tuple[a.CompiledAction, ...], cat: Catalog,
                    prefer: tuple[ir.Preference, ...] = ()) -> Listing:
    """A function ``list_actions(state, player, seat, within)`` returning the legal actions of
    these kinds (none of which has requirements; all take their card from one zone), as the
    decision's preferences `prefer` leave them. It is written once for the seats of players, and
    once for each view of a neutral seat (:attr:`.Catalog.seat_views`), with its preferences and
    its payments."""
    decision = cat.decision_index[name]
    namespace: dict[str, Any] = {"_changed": a.changed_cost, "_dominated": a.dominated,
                                 "_grant": a.grant_for, "_costs": a.costs, "_FREE": a.NOTHING_TO_PAY,
                                 "_budget": a.budget,
                                 "_seat_info": a.seat_info_of, "_trade_context": trade_context,
                                 "_new_free": a.new_free_action, "_pay": a.new_pay, "_tnew": tuple.__new__,
                                 "_Action": a.Action, "_payments": a.payments, "ZERO_COST": ZERO_COST,
                                 "DECISION": decision}
    for k in kinds:
        namespace[f"KIND_{k.index}"] = k
    namespace["KINDS"] = kinds
    namespace["_by_card"] = a.list_by_card
    free: dict[tuple[str, str], str] = {}
    constants: dict[str, Any] = {}
    sources = [_function("list_plain", kinds, cat, False, prefer, free, constants)]
    views = []
    for n, (every, own) in enumerate(cat.seat_views):
        sources.append(_function(f"list_view_{n}", kinds, cat, every, prefer + own, free, constants))
        views.append(f"list_view_{n}")
    # a seat with more than two sellers is listed by the reference lister; one with a view of its own
    view = (f"        if info.view >= 0 and not info.many:\n"
            f"            return ({', '.join(views)},)[info.view](st, player, seat, within, info)\n") if views else ""
    sources.append("def list_actions(st, player, seat, within):\n"
                   "    info = st.caches.seat_info[seat]\n"
                   "    if info is None:\n"
                   "        info = st.caches.seat_info[seat] = _seat_info(st, seat, st.neutral.get(seat))\n"
                   "    if info.listed_apart:\n"
                   f"{view}"
                   "        return _by_card(st, player, seat, within, KINDS, DECISION)\n"
                   "    return list_plain(st, player, seat, within, info)\n")
    # an action that pays nobody is the same value for every seat: one per card name, made now
    for (kname, wname), table in free.items():
        namespace[table] = {n: a.Action(kname, n, (), wname) for n in cat.card_by_name}
    namespace.update(constants)
    # the functions are written inside one that takes every value as a parameter: they read them
    # from its closure, the quickest reads after their own variables, and have no globals
    body = "".join("    " + line if line.strip() else line for line in "\n".join(sources).splitlines(True))
    source = f"def listing_functions({', '.join(namespace)}):\n{body}    return list_actions\n"
    code = compile(source, f"<legal actions of decision {decision}>", "exec")
    _only_own_words(code)
    scope: dict[str, Any] = {"__builtins__": builtins}
    exec(code, scope)
    listing: Listing = scope["listing_functions"](**namespace)
    listing.__doc__ = source
    return listing


def chain_first(prefer: tuple[ir.Preference, ...], k: a.CompiledAction) -> str:
    """The way open when chained that the first preference read per card puts before the rest
    of the kind's ways (`prefer per card: build by chain > build`), written as the chain's own
    test; empty when there is none."""
    first = next((p for p in prefer if p.per_card), None)
    if first is None or len(first.tiers) != 2:
        return ""
    top, rest = first.tiers
    if top.others or rest.others or len(top.actions) != 1 or len(rest.actions) != 1:
        return ""
    way, kind = top.actions[0], rest.actions[0]
    if way.any_way or way.action != k.name or not kind.any_way or kind.action != k.name:
        return ""
    found = k.way(way.way)
    return way.way if found is not None and found.when == a.CHAINED else ""


def _function(fname: str, kinds: tuple[a.CompiledAction, ...], cat: Catalog, every: bool,
              prefer: tuple[ir.Preference, ...], free: dict[tuple[str, str], str], constants: dict[str, Any]) -> str:
    """One listing function: payments as a seat that pays any seller is offered them when
    `every`; the preferences `prefer` (the decision's, then the seat's)."""
    zone = kinds[0].card_zone
    shared = cat.zones[zone].per == "shared"
    chained = {k.index: chain_first(prefer, k) for k in kinds}
    inlined = next((p for p in prefer if p.per_card), None) if any(chained.values()) else None
    ordered = [p for p in prefer if p.per_card] + [p for p in prefer if not p.per_card]
    filters = [p for p in ordered if p is not inlined]
    per_card = [p for p in filters if p.per_card]
    w = _Writer(free, constants)
    w.line(f"def {fname}(st, player, seat, within, info):")
    w.indent += 1
    w.line("city = st.cities[seat]; names = city.names")
    w.line("coins = _budget(st, seat, True) if within else city.coins")
    w.line("sellers = info.sellers; table = info.table" + ("; every = info.every" if every else ""))
    w.line("changes = city.cost_changes; grants = city.grants")
    w.line("get = table.get")
    w.line("stages_left = city.stages_built < len(city.board.stages)")
    if any(k.cost != a.NO_COST for k in kinds):
        w.line("ctx = _trade_context(st, seat, within); answers = ctx[0]; answer = st.catalog.solver.answer")
    for k in kinds:
        if k.cost == a.STAGE_COST:
            i = k.index
            w.line(f"stage_pays_{i} = ()")
            w.line("if stages_left:")
            w.line("    stage = city.board.stages[city.stages_built]")
            w.line(f"    sc, sid = _costs(city, KIND_{i}, stage) if changes else (stage.coins, stage.cost_id)")
            w.line("    if sc <= coins:")
            w.line("        if sid == ZERO_COST:")
            w.line("            sp = _FREE")
            if every:
                w.line("        elif every:")
                w.line("            sp = _payments(st, sid, ctx, True)")
            w.line("        else:")
            w.line("            sp = answers.get(sid)")
            w.line("            if sp is None:")
            w.line("                sp = answer(sid, ctx)")
            w.line(f"        stage_pays_{i} = [p for p in sp if sc + p[0] + p[1] <= coins]")
            # the same as the seat's pay objects, made once for every card of the hand
            w.line(f"stage_paid_{i} = [get(p) or _pay(table, sellers, p[0], p[1]) if p[0] or p[1] else ()")
            w.line(f"                for p in stage_pays_{i}]")
            for n, wname in enumerate(k.way_changes):
                # a way that changes the stage's cost: its payments that beat every plain one
                # (worked out only for a city that holds a grant, when the way needs one)
                change = k.way_changes[wname]
                granted = k.way(wname)[2] == a.GRANTED  # type: ignore[index]
                w.line(f"stage_changed_{i}_{n} = ()")
                w.line(f"if stages_left and sid != ZERO_COST{' and grants' if granted else ''}:")
                w.line(f"    c2, id2 = _changed(KIND_{i}, {w.constant(change)}, sc, sid)")
                w.line("    if c2 <= coins:")
                _answer(w, "id2", "sp2", every, 8)
                w.line(f"        stage_changed_{i}_{n} = [p for p in sp2 if c2 + p[0] + p[1] <= coins and "
                       f"not _dominated(p, stage_pays_{i})]")
    w.line(f"cards = st.shared[{zone}]" if shared else f"cards = st.cities[player].zones[{zone}]")
    w.line("out = []")
    w.line("seen = set()")
    w.line("for card in cards:")
    w.indent += 1
    w.line("name = card.name")
    w.line("if name in seen:")
    w.line("    continue")
    w.line("seen.add(name)")
    if per_card:
        w.line("first = len(out)")
    for k in kinds:
        _kind(w, k, cat, every, chained[k.index])
    for p in per_card:
        w.line("if len(out) > first:")
        w.indent += 1
        _tiers(w, p, "out[first:]", "out[first:] = ")
        w.indent -= 1
    w.indent -= 1
    for p in filters:
        if not p.per_card:
            _tiers(w, p, "out", "out = ")
    w.line("return out")
    return "\n".join(w.lines) + "\n"


def _tiers(w: _Writer, p: ir.Preference, seg: str, keep: str) -> None:
    """The test of each tier but the last in turn: the first that holds an action of `seg` is
    kept, with the actions no tier names (when no earlier tier holds any, the last tier and
    those are all there is). With `*` in a tier, every action is named: the tier's own actions
    are gathered once, and kept when there are any."""
    named = [_named(w, t) for t in p.tiers]
    any_named = " or ".join(n for n in named if n != "False")
    others = any(t.others for t in p.tiers)
    opened = 0
    for i, t in enumerate(p.tiers[:-1]):
        holds = named[i]
        if t.others:
            holds = f"{holds} or not ({any_named})" if holds != "False" else f"not ({any_named})"
        if others:
            w.line(f"chosen = [x for x in {seg} if {holds}]")
            w.line("if chosen:")
            w.line(f"    {keep}chosen")
        else:
            w.line(f"if any({holds} for x in {seg}):")
            w.line(f"    {keep}[x for x in {seg} if {holds} or not ({any_named})]")
        if i < len(p.tiers) - 2:
            w.line("else:")
            w.indent += 1
            opened += 1
    w.indent -= opened


def _named(w: _Writer, t: ir.Tier) -> str:
    """The test that an action `x` is one the tier names (`*` aside)."""
    tests = []
    for p in t.actions:
        if p.any_way:
            tests.append(f"x.kind == {w.constant(p.action)}")
        else:
            tests.append(f"(x.kind == {w.constant(p.action)} and x.way == {w.constant(p.way)})")
    return " or ".join(tests) or "False"


class _Writer:
    def __init__(self, free: dict[tuple[str, str], str], constants: dict[str, Any]) -> None:
        self.lines: list[str] = []
        self.indent = 0
        #: (kind, way) -> the name of the table of its actions that pay nobody
        self.free = free
        #: the name in the function's namespace -> a value of the rule set it stands for
        self.constants = constants

    def line(self, text: str) -> None:
        self.lines.append("    " * self.indent + text)

    def constant(self, value: object) -> str:
        """The name the function reads `value` by (the same name for an equal value)."""
        for known, held in self.constants.items():
            if type(held) is type(value) and held == value:
                return known
        name = f"NAME_{len(self.constants)}"
        self.constants[name] = value
        return name


def _append(w: _Writer, k: a.CompiledAction, wname: str, left: str = "0", right: str = "0") -> None:
    if left == "0":
        table = w.free.setdefault((k.name, wname), f"FREE_{len(w.free)}")
        w.line(f"out.append({table}.get(name) or _new_free({w.constant(k.name)}, name, {w.constant(wname)}))")
        return
    w.line("p = get(pair)")
    w.line("if p is None:")
    w.line("    p = _pay(table, sellers, left, right)")
    w.line(f"out.append(_tnew(_Action, ({w.constant(k.name)}, name, p, {w.constant(wname)}, 0)))")


def _kind(w: _Writer, k: a.CompiledAction, cat: Catalog, every: bool, chain_way: str) -> None:
    """The actions of one kind for the card; `chain_way`: its way open when chained that comes
    before the others (see :func:`chain_first`)."""
    w.line(f"# kind {k.index}")
    opened = 0
    if k.unique_zone >= 0:
        w.line(f"if {_unique_test(k, cat)}:")
        w.indent += 1
        opened += 1
    if k.needs_stage:
        w.line("if stages_left:")
        w.indent += 1
        opened += 1
    if k.cost == a.STAGE_COST:
        changed = list(k.way_changes)
        for wname, free, when, ability in k.ways:
            if wname in changed:
                guard = f"if grants and _grant(city, {ability}, card) is not None:" if when == a.GRANTED else "if True:"
                w.line(guard)
                w.line(f"    for pair in stage_changed_{k.index}_{changed.index(wname)}:")
                w.indent += 2
                w.line("left, right = pair")
                _append(w, k, wname, "left", "right")
                w.indent -= 2
                continue
            if free:
                if when == a.GRANTED:
                    w.line(f"if grants and _grant(city, {ability}, card) is not None:")
                    w.indent += 1
                    _append(w, k, wname)
                    w.indent -= 1
                else:
                    _append(w, k, wname)
                continue
            w.line(f"for p in stage_paid_{k.index}:")
            w.line(f"    out.append(_tnew(_Action, ({w.constant(k.name)}, name, p, {w.constant(wname)}, 0)))")
    else:
        ways = list(k.ways)
        if any(way.when == a.GRANTED for way in ways):
            w.line("free_already = False")
        if chain_way:
            # the chain's way alone when it is open, the others when it is not
            w.line("chains = card.chains_from")
            w.line("if chains and not chains.isdisjoint(names):")
            w.indent += 1
            _append(w, k, chain_way)
            w.indent -= 1
            rest = [way for way in ways if way.name != chain_way]
            if rest:
                w.line("else:")
                w.indent += 1
                _ways(w, k, rest, every)
                w.indent -= 1
        else:
            _ways(w, k, ways, every)
    w.indent -= opened


def _unique_test(k: a.CompiledAction, cat: Catalog) -> str:
    if k.unique_zone == cat.card_zone_id:
        return "name not in names"
    return f"not any(c.name == name for c in st.zone({k.unique_zone}, seat))"


def _ways(w: _Writer, k: a.CompiledAction, ways: list[CompiledWay], every: bool) -> None:
    """The ways of a kind in order. `free_already` (a paid way cost nothing) is kept only when a
    granted way comes later."""
    for i, (wname, free, when, ability) in enumerate(ways):
        track = any(later.when == a.GRANTED for later in ways[i + 1:])
        if when == a.CHAINED:
            w.line("chains = card.chains_from")
            w.line("if chains and not chains.isdisjoint(names):")
            w.indent += 1
            _append(w, k, wname)
            w.indent -= 1
            continue
        guarded = when == a.GRANTED
        if guarded:
            w.line(f"if grants and not free_already and _grant(city, {ability}, card) is not None:")
            w.indent += 1
        if free or k.cost == a.NO_COST:
            _append(w, k, wname)
            if track:
                w.line("free_already = True")
        elif wname in k.way_changes:
            _changed_pay(w, k, wname, every)
        else:
            _pay(w, k, wname, every, track)
        if guarded:
            w.indent -= 1


def _answer(w: _Writer, cid: str, into: str, every: bool, indent: int) -> None:
    """`into` = the payments of the cost `cid` in the seat's trade context (a cost less units of
    choice may be nothing at all: ZERO_COST)."""
    pad = " " * indent
    w.line(f"{pad}if {cid} == ZERO_COST:")
    w.line(f"{pad}    {into} = _FREE")
    if every:
        w.line(f"{pad}elif every:")
        w.line(f"{pad}    {into} = _payments(st, {cid}, ctx, True)")
    w.line(f"{pad}else:")
    pad += "    "
    w.line(f"{pad}{into} = answers.get({cid})")
    w.line(f"{pad}if {into} is None:")
    w.line(f"{pad}    {into} = answer({cid}, ctx)")


def _card_cost(w: _Writer, k: a.CompiledAction) -> None:
    """`cc, cid`: the card's coins and cost id for this city, after its cost changes."""
    w.line("if changes:")
    w.line(f"    cc, cid = _costs(city, KIND_{k.index}, card)")
    w.line("else:")
    w.line("    cc = card.coins; cid = card.cost_id")


def _changed_pay(w: _Writer, k: a.CompiledAction, wname: str, every: bool) -> None:
    """A way that changes the card's cost: its payments, each unless a plain payment the city
    can afford pays every seller as little (see legal._Lister.changed)."""
    _card_cost(w, k)
    w.line("if cid != ZERO_COST:")
    w.indent += 1
    w.line("plain = ()")
    w.line("if cc <= coins:")
    _answer(w, "cid", "pp", every, 4)
    w.line("    plain = [p for p in pp if cc + p[0] + p[1] <= coins]")
    w.line(f"c2, id2 = _changed(KIND_{k.index}, {w.constant(k.way_changes[wname])}, cc, cid)")
    w.line("if c2 <= coins:")
    w.indent += 1
    _answer(w, "id2", "pays", every, 0)
    w.line("for pair in pays:")
    w.indent += 1
    w.line("left, right = pair")
    w.line("if c2 + left + right <= coins and not _dominated(pair, plain):")
    w.indent += 1
    _append(w, k, wname, "left", "right")
    w.indent -= 4


def _pay(w: _Writer, k: a.CompiledAction, wname: str, every: bool, track: bool) -> None:
    _card_cost(w, k)
    w.line("if cc <= coins:")
    w.indent += 1
    _answer(w, "cid", "pays", every, 0)
    w.line("for pair in pays:")
    w.indent += 1
    w.line("left, right = pair")
    w.line("if cc + left + right <= coins:")
    w.indent += 1
    # nothing paid to a seller: the action every seat lists for the card
    w.line("if left or right:")
    w.indent += 1
    _append(w, k, wname, "left", "right")
    w.indent -= 1
    w.line("else:")
    w.indent += 1
    _append(w, k, wname)
    if track:
        w.line("if not cc:")
        w.line("    free_already = True")
    w.indent -= 4


#: the builtins the written functions call
_BUILTINS = frozenset({"len", "set", "any", "tuple"})
#: the operations that written functions never use: importing, defining a class
_FORBIDDEN_OPS = frozenset(dis.opmap[name] for name in ("IMPORT_NAME", "IMPORT_FROM", "LOAD_BUILD_CLASS")
                           if name in dis.opmap)
#: what the compiled code of a written function may hold as constants (besides other code)
_CONSTANTS = (int, type(None))


def _only_own_words(code: CodeType) -> None:
    """Refuse compiled source that holds a string, a global other than a builtin it uses, or a
    private attribute (``__class__``, ``__globals__``): what could only come from the rule set's
    text. Read on the code objects (those of the functions and of their comprehensions): their
    constants, and the names they read from globals and attributes (the values they are given
    are parameters of the function that holds them, read from its closure). (A guard on this
    module's own writer: the rule set's values are passed as values, so a refusal here is a bug
    of the writer, not of the rules.)"""
    known = _BUILTINS
    forbidden = set(vars(builtins)) - _BUILTINS
    codes = [code]
    while codes:
        c = codes.pop()
        for value in c.co_consts:
            if isinstance(value, CodeType):
                codes.append(value)
            elif not isinstance(value, _CONSTANTS) and not (
                    isinstance(value, tuple) and all(isinstance(v, _CONSTANTS) for v in value)):
                raise RuntimeError(f"the listing code holds the constant {value!r}: values are passed by name")
        if any(op in _FORBIDDEN_OPS for op in c.co_code[::2]):
            raise RuntimeError("the listing code imports a module or defines a class")
        for name in c.co_names:  # globals read or written, and attributes
            if name not in known and (name.startswith("_") or name in forbidden):
                raise RuntimeError(f"the listing code names {name!r}, which it is not given")
