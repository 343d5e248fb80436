"""Pass: how many `whenever` effects one event may set off (W0407, E0408).

A game stops when one cascade of events sets off more than the engine's bound of `whenever`
effects (:data:`wonderrules.interpreter.words.MAX_CASCADE`). Tokens or coins gained and contests
won or lost set off the effects that listen to them; what those gain sets off more. Each effect
runs in every city whose seats it listens to (`whenever others gains ...`: every other city) and
raises an event for every seat it gives to (`others gain ...`), so a chain multiplies at each
link. Counted at the largest table the rule set seats, for one event:

    effects(event) = sum, over the effects that listen to it, of
                     (cities that hear it) x (1 + sum, over what the effect gains,
                                                  (seats it gives to) x effects(that event))

This is an upper bound: conditions are taken as true, a decision as taken, a card as built in
every city. Beyond the bound, W0407 warns at the first effect of the chain. When every link is
sure to run (effects of every player, held from the start, without a condition, giving a fixed
number of tokens or coins to seats the table fixes), the same count taken at the largest table
of players only is what any game does when the event happens: beyond the bound it is E0408.

Effects limited to once per turn, age or game are not followed: each runs at most once in a
city. Cycles are E0403's (:mod:`.triggers`); a rule set that has one gets no estimate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Optional

from wonderrules.grammar.checks.conflicts import Entry, entries
from wonderrules.grammar.checks.triggers import heard_words
from wonderrules.grammar.diagnostics import Diagnostic, Label, error, warning
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.config import ConfigError, resolve_config, supported_tables
from wonderrules.interpreter.event_graph import COINS, Event, EventGraph, heard
from wonderrules.interpreter.words import MAX_CASCADE

__all__ = ["check"]

#: what the runtime bound counts: the effects set off by these events
_COUNTED = ("gains", "coins", "wins", "loses")
#: relations whose seats the table fixes, whatever happens in the game
_FIXED = ("self", "left", "right", "neighbours", "others", "everyone", "players")
#: counts beyond this are said as "more than" it (the estimate of a long chain is astronomical)
_HUGE = 10**18
#: links of a chain named at most
_NAMED = 8


def check(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    tables = _tables(rules)
    if tables is None:
        return []
    seats, players = tables
    found = list(entries(model, rules))
    nodes = [k for k, (_, _, hook, _) in enumerate(found) if _listens(hook)]
    if not nodes:
        return []
    held = {id(h) for block in rules.effects for h in block.hooks}
    counts = _Counts(rules)
    listened = [frozenset(heard(found[k][2].trigger)) for k in nodes]
    raised = [counts.events(found[k][2].op) for k in nodes]
    last_first = EventGraph([list(r) for r in raised], listened).last_first()
    if last_first is None:  # a cycle: E0403
        return []
    order = [n for n in last_first if n < len(nodes)]
    most = _Estimate(found, nodes, listened, raised, order, seats, exact=False, counts=counts)
    diags = []
    sure: set[Event] = set()
    if players:
        certain = [_certain(found[k][2], held) for k in nodes]
        sure_raised = [r if ok else {} for r, ok in zip(raised, certain)]
        exact = _Estimate(found, nodes, listened, sure_raised, order, players, exact=True, counts=counts,
                          only=certain)
        for event in _starts(listened, sure_raised, certain):
            if exact.effects(event) > MAX_CASCADE:
                sure.add(event)
                diags.append(_diagnostic(found, nodes, exact, event, players, certain=True))
    for event in _starts(listened, raised, [True] * len(nodes)):
        if event not in sure and most.effects(event) > MAX_CASCADE:
            diags.append(_diagnostic(found, nodes, most, event, seats, certain=False))
    return diags


def _starts(listened: list[frozenset[Event]], raised: Sequence[_Raised], kept: list[bool]) -> list[Event]:
    """The events that kept effects listen to and no kept effect raises: where chains start."""
    heard_events = {e for events, ok in zip(listened, kept) if ok for e in events}
    links = {e for r in raised for e in r if e in heard_events or (e[0], "") in heard_events}
    return sorted(e for e in heard_events if e not in links and not (not e[1] and any(x[0] == e[0] for x in links)))


def _tables(rules: ir.RuleSet) -> Optional[tuple[int, int]]:
    """(the most seats at a table of the rule set, the most players at a table without neutral
    seats, or 0); None when a table cannot be set up (other passes say why)."""
    try:
        configs = [resolve_config(rules, p, o) for p, o in supported_tables(rules)]
    except ConfigError:
        return None
    if not configs:
        return None
    return max(c.seats for c in configs), max((c.players for c in configs if c.seats == c.players), default=0)


def _listens(hook: ir.Hook) -> bool:
    t = hook.trigger
    return isinstance(t, ir.When) and t.event in _COUNTED and not t.once_per


def _seats(relations: Iterable[ir.Relation], n: int, exact: bool) -> int:
    """How many seats some relations name at a table of `n` seats (seen from one seat), or how
    many seats see a given seat so (the same, by symmetry): at most (their sum, up to n), or,
    `exact`, at least (the largest)."""
    def one(kind: str) -> int:
        if kind == "neighbours":
            return 2 if n >= 3 else 1
        if kind == "others":
            return n - 1
        if kind in ("everyone", "players"):
            return n
        if kind in ("partners", "enemies"):
            return n - 1
        return 1
    found = [one(r.kind) for r in relations]
    if exact:
        return max(found, default=0)
    return min(n, sum(found))


SELF = (ir.Relation("self"),)
#: what gives an event: the seats given to, the seats each takes from (none: the bank), how many times
_Gives = tuple[tuple[ir.Relation, ...], tuple[ir.Relation, ...], int]
#: the events one effect raises, and what gives each
_Raised = Mapping[Event, list[_Gives]]


class _Counts:
    """The events an operation raises, and at how many seats, at a table of n seats."""

    def __init__(self, rules: ir.RuleSet) -> None:
        self.actions = {a.name: a for a in rules.actions}
        self.decisions = {d.name: d for d in rules.decisions}

    def events(self, op: Any, asking: tuple[str, ...] = ()) -> dict[Event, list[_Gives]]:
        """Event -> what gives it: (the seats given to, the seats each takes from, times)."""
        out: dict[Event, list[_Gives]] = {}
        if isinstance(op, ir.GainTokens):
            out[("gains", op.token)] = [(op.targets, op.giver, 1)]  # from each giver, when there are givers
        elif isinstance(op, ir.GainCoins):
            out[COINS] = [(op.targets, (), 1)]
        elif isinstance(op, ir.LoseCoins) and op.or_decide:  # each loser decides: what it gives itself
            for e, gives in self.events(ir.Decide(op.or_decide), asking).items():
                out.setdefault(e, []).extend((op.targets if to == SELF else to, of, times) for to, of, times in gives)
        elif isinstance(op, ir.Transfer):  # each seat of `to`, from each payer
            out[("gains", op.token) if op.token else COINS] = [(op.to, op.targets, 1)]
        elif isinstance(op, ir.Decide) and op.decision not in asking:
            decision = self.decisions.get(op.decision)
            for name in decision.actions if decision is not None else ():
                kind = self.actions.get(name)
                for inner in kind.then if kind is not None else ():
                    for e, gives in self.events(inner, asking + (op.decision,)).items():
                        out.setdefault(e, []).extend((to, of, times * op.times) for to, of, times in gives)
        return out

    @staticmethod
    def at(gives: list[_Gives], n: int, exact: bool) -> int:
        """How many such events one run raises at a table of n seats."""
        return sum(_seats(to, n, exact) * (_seats(of, n, exact) if of else 1) * times for to, of, times in gives)


def _certain(hook: ir.Hook, held: set[int]) -> bool:
    """Whether an effect runs every time its event comes, in every city, and gives a fixed count."""
    op = hook.op
    t = hook.trigger
    fixed = isinstance(t, ir.When) and all(r.kind in _FIXED for r in t.by)
    if not ((isinstance(op, ir.GainTokens) and not op.giver) or isinstance(op, ir.GainCoins)):
        return False  # an operation that gives nothing
    return (id(hook) in held and hook.condition is None and fixed
            and isinstance(op.amount, ir.Num) and op.amount.value > 0 and all(r.kind in _FIXED for r in op.targets))


class _Estimate:
    """The effects one event sets off (see the module's text), at a table of `n` seats: the effects
    one run of each effect sets off are counted once, each after those of the effects it sets off
    (`order`), without recursion, however long the chain."""

    def __init__(self, found: list[Entry], nodes: list[int], listened: list[frozenset[Event]],
                 raised: Sequence[_Raised], order: list[int], n: int, exact: bool, counts: _Counts,
                 only: Optional[list[bool]] = None) -> None:
        self.found, self.nodes, self.listened, self.raised = found, nodes, listened, raised
        self.n, self.exact, self.counts = n, exact, counts
        self.only = only
        self._by_event: dict[Event, list[int]] = {}
        for i, events in enumerate(listened):
            if only is None or only[i]:
                for e in events:
                    self._by_event.setdefault(e, []).append(i)
        self._effects: dict[Event, int] = {}
        self._run: dict[int, int] = {}
        for i in order:  # the effects an effect sets off are counted before it
            total = 1
            for event, gives in raised[i].items():
                total = min(_HUGE, total + counts.at(gives, n, exact) * self.effects(event))
            self._run[i] = total

    def hearers(self, i: int) -> int:
        """How many cities run effect i for one event."""
        trigger = self.found[self.nodes[i]][2].trigger
        assert isinstance(trigger, ir.When)
        return _seats(trigger.by, self.n, self.exact)

    def listeners(self, event: Event) -> list[int]:
        """The effects an event sets off (an effect that listens to any token hears every one)."""
        return self._by_event.get(event, []) + (self._by_event.get((event[0], ""), []) if event[1] else [])

    def effects(self, event: Event) -> int:
        """The effects one event sets off."""
        found = self._effects.get(event)
        if found is None:
            found = self._effects[event] = min(_HUGE, sum(self.hearers(i) * self._run[i]
                                                          for i in self.listeners(event)))
        return found

    def run(self, i: int) -> int:
        """The effects one run of effect i sets off, itself included."""
        return self._run[i]

    def chain(self, event: Event) -> list[int]:
        """The links that set off the most, from the first effect that listens to `event`."""
        out: list[int] = []
        while len(out) < _NAMED:
            options = [i for i in self.listeners(event) if i not in out]
            if not options:
                break
            best = max(options, key=lambda i: self.hearers(i) * self.run(i))
            out.append(best)
            nexts = [(self.counts.at(g, self.n, self.exact) * self.effects(e), e) for e, g in self.raised[best].items()]
            if not nexts or max(nexts)[0] == 0:
                break
            event = max(nexts)[1]
        return out


def _event_words(event: Event) -> str:
    what, name = event
    if what == "gains":
        return f"each {name} token gained" if name else "each token gained"
    if what == "coins":
        return "each gain of coins"
    return f"each {name} {'won' if what == 'wins' else 'lost'}" if name else f"each contest {what[:-1]}"


def _count_words(n: int, most: str = "") -> str:
    """`29524`, `up to 29524` (`most`: what is said of an upper bound), or more than 10^18."""
    return f"more than 10^{len(str(_HUGE)) - 1}" if n >= _HUGE else f"{most}{n}"


def _diagnostic(found: list[Entry], nodes: list[int], estimate: _Estimate, event: Event, seats: int,
                certain: bool) -> Diagnostic:
    chain = estimate.chain(event)
    head = found[nodes[chain[0]]]
    names = " -> ".join(f"{found[nodes[i]][0]} ({heard_words(found[nodes[i]][2])})" for i in chain)
    labels = [Label(found[nodes[i]][1].span, "sets off the next") for i in chain[1:]]
    total = estimate.effects(event)
    help_ = ("each link that gives to several seats (`others`, `everyone`) multiplies the effects: let fewer "
             "seats gain, or limit one of the effects to `once per turn` (a game stops when one cascade goes "
             f"beyond {MAX_CASCADE} effects)")
    what = _event_words(event)
    if certain:
        return error("E0408", f"{what} sets off {_count_words(total)} `whenever` effects at {seats} players, more "
                              f"than the {MAX_CASCADE} a game allows in one cascade, so every game where it happens "
                              f"stops: {names}", head[1].span, labels=labels, help=help_)
    return warning("W0407", f"{what} may set off {_count_words(total, 'up to ')} `whenever` effects at {seats} "
                            f"seats, more than the {MAX_CASCADE} a game allows in one cascade: {names}", head[1].span,
                   labels=labels, help=help_)
