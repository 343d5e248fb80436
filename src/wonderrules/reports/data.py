"""What a report page of `wr simulate --report` or `wr compare --report` shows, as plain frozen
data: what was simulated (the rule set, the table, the agents, the seeds), the statistics of
:mod:`wonderrules.workbench.statistics` and :mod:`wonderrules.workbench.comparison`, and the few distributions the
statistics keep only as quartiles (the length of a game), counted value by value (as the
:class:`~wonderrules.workbench.statistics.Tally` of the games counted them).

The page and its plots are drawn from this data alone (:mod:`wonderrules.reports.page`,
:mod:`wonderrules.reports.plots`), so they can be tested on figures made by hand, without playing
a game. Nothing here depends on the moment or the machine: the same inputs give the same data,
and the same page, byte for byte. This module imports no plotting library;
:func:`require_matplotlib` tells the command line, before any game is played, whether a page can
be drawn at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Optional

import attrs

from wonderrules.workbench.comparison import Comparison
from wonderrules.workbench.statistics import Summary, Tally
from wonderrules.workbench.value_counts import ValueCounts

__all__ = ["Counts", "Simulated", "Compared", "RulesChanges", "MissingMatplotlib", "counts", "simulated",
           "rules_changes", "require_matplotlib"]


class MissingMatplotlib(RuntimeError):
    """A report was asked for and matplotlib, which draws its plots, is not installed."""


def require_matplotlib() -> None:
    """Raise :class:`MissingMatplotlib`, with what to install, unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingMatplotlib("a report needs matplotlib, which is not installed: "
                                "pip install 'wonder-rules[report]'") from None


@attrs.frozen
class Counts:
    """How often each whole value occurred: (value, count) pairs, by increasing value."""

    pairs: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.pairs)


def counts(values: Iterable[int]) -> Counts:
    return Counts(tuple(sorted(Counter(values).items())))


@attrs.frozen
class Simulated:
    """One simulation as a report shows it. No date and no timing: the page must be the same
    for the same games."""

    #: the rule set's title (or its name when it has none)
    title: str
    #: its layers, in the order loaded
    layers: tuple[str, ...]
    players: int
    options: tuple[str, ...]
    #: how the side of each board was chosen: random, A or B
    sides: str
    #: the agent of each seat, repeated round the table as given
    agents: tuple[str, ...]
    #: the seed of game 0; game g was dealt with seed + g
    seed: int
    #: the games asked for; `summary.games` of them finished
    games: int
    summary: Summary
    #: rounds of decisions per game
    rounds: Counts
    #: decisions per seat and game
    decisions: Counts
    #: (seat, wonder, side) of each seat whose board every game fixed (`wr simulate --boards`)
    boards: tuple[tuple[int, str, str], ...] = ()

    @property
    def finished(self) -> int:
        return self.summary.games

    @property
    def stopped(self) -> bool:
        return self.finished < self.games


@attrs.frozen
class RulesChanges:
    """What rule set B changes of rule set A, as its designer wrote it: the cards it adds, removes
    or changes, and the settings it sets otherwise. When B is A with more layers, these are the
    changes of those layers (`layers`); else the difference of the two compiled rule sets."""

    #: the layers B adds over A's own, lowest first; empty when B does not extend A
    layers: tuple[str, ...] = ()
    #: cards of B that A has not, in B's order
    added: tuple[str, ...] = ()
    #: cards of A that B has not, in A's order
    removed: tuple[str, ...] = ()
    #: (card, what of it changed) of the cards both have and B writes otherwise, in B's order
    changed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: (setting, its value in A, in B) of the settings B sets otherwise
    settings: tuple[tuple[str, str, str], ...] = ()
    #: (card, its effects in A, in B) in plain words, of the changed cards whose effects differ
    effects: tuple[tuple[str, str, str], ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.settings)

    @property
    def cards_of_a(self) -> frozenset[str]:
        """The names of A's cards that B removes or changes: those A's plots highlight."""
        return frozenset(_name(c) for c in self.removed) | frozenset(_name(c) for c, _ in self.changed)

    @property
    def cards_of_b(self) -> frozenset[str]:
        """The names of B's cards that B adds or changes: those B's plots highlight."""
        return frozenset(_name(c) for c in self.added) | frozenset(_name(c) for c, _ in self.changed)


@attrs.frozen
class Compared:
    """Two simulations of the same table on the same seeds, and what differs between them."""

    a: Simulated
    b: Simulated
    comparison: Comparison
    #: what B changes of A's rules (None: not known, as when only the figures are at hand)
    changes: Optional[RulesChanges] = None


def simulated(title: str, layers: Sequence[str], plan: Any, tally: Tally, summary: Summary | None = None
              ) -> Simulated:
    """A simulation run by `plan` (a :class:`~wonderrules.workbench.simulation.Plan`) whose games were
    counted into `tally`; `summary` is the tally's summary when it is already made."""
    return Simulated(
        title=title, layers=tuple(layers), players=plan.players, options=tuple(plan.options), sides=plan.sides,
        agents=tuple(plan.agents), seed=plan.seed, games=plan.games,
        summary=summary if summary is not None else tally.summary(),
        rounds=_counted(tally.rounds), decisions=_counted(tally.decisions),
        boards=tuple((seat, b[0], b[1]) for seat, b in enumerate(_fixed_boards(plan)) if b is not None))


def _fixed_boards(plan: Any) -> Sequence[Any]:
    """The (wonder, side) or None of each seat of a plan; nothing when it fixes no board (or
    predates fixed boards)."""
    return getattr(plan, "boards", None) or ()


def _counted(values: ValueCounts) -> Counts:
    return Counts(tuple((int(v), n) for v, n in values.ordered()))


# ---- what rule set B changes of rule set A ------------------------------------------------------

#: how a card's fields are named when they differ
_CARD_FIELDS = (("colour", "colour"), ("age", "age"), ("deck", "deck"), ("cost", "cost"),
                ("chains_from", "chains from"), ("chains_to", "chains to"), ("copies", "copies"), ("pool", "pool"),
                ("hooks", "effects"), ("aliases", "aliases"))
_AGE = " (age "


def _name(label: str) -> str:
    """The card's name in a label of :class:`RulesChanges` (which adds the age to a name that
    several cards share)."""
    return label.split(_AGE)[0] if label.endswith(")") and _AGE in label else label


def _written(value: Any) -> Any:
    """A part of a compiled rule set as plain data, without where it was written: the same text
    in two files is the same."""
    if attrs.has(type(value)):
        return attrs.asdict(value, filter=lambda a, _: a.name != "origin")
    if isinstance(value, tuple):
        return [_written(v) for v in value]
    return value


def _plain(value: Any) -> str:
    """A setting's value in a few words when it is a number, a name or a list of them (`3`,
    `3, 4, 5`); "" when it is more (an expression, a structure), which the page does not spell."""
    if isinstance(value, dict) and set(value) == {"value"}:
        value = value["value"]
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, (int, str)) for v in value):
        return ", ".join(str(v) for v in value)
    return ""


def _cards(rules: Any) -> dict[tuple[str, str, int], Any]:
    return {(c.name, c.deck, c.age): c for c in rules.cards}


def _card_labels(rules: Any) -> dict[tuple[str, str, int], str]:
    shared = Counter(c.name for c in rules.cards)
    return {(c.name, c.deck, c.age): c.name if shared[c.name] == 1 else f"{c.name}{_AGE}{c.age})"
            for c in rules.cards}


def rules_changes(a: Any, b: Any) -> RulesChanges:
    """What compiled rule set `b` changes of `a` (two :class:`~wonderrules.RuleSet`): its cards
    added, removed and changed (a card is known by its name, deck and age), with the old and new
    effects of a card whose effects changed in the words of
    :func:`~wonderrules.reports.catalogue.effect_words`, and its settings set otherwise; a card or
    setting written alike in two files is unchanged."""
    from wonderrules.reports.catalogue import effect_words

    def words(card: Any) -> str:
        return "; ".join(effect_words(hook) for hook in card.hooks) or "none"

    cards_a, cards_b = _cards(a), _cards(b)
    labels_a, labels_b = _card_labels(a), _card_labels(b)
    changed, effects = [], []
    for key, card in cards_b.items():
        if key in cards_a:
            fields = tuple(said for field, said in _CARD_FIELDS
                           if _written(getattr(card, field)) != _written(getattr(cards_a[key], field)))
            if fields:
                changed.append((labels_b[key], fields))
            if "effects" in fields:
                effects.append((labels_b[key], words(cards_a[key]), words(card)))
    settings = []
    for f in attrs.fields(type(b.settings)):
        was, now = _written(getattr(a.settings, f.name)), _written(getattr(b.settings, f.name))
        if f.name != "origin" and was != now:
            settings.append((f.name.replace("_", " "), _plain(was), _plain(now)))
    layered = len(b.layers) > len(a.layers) and tuple(b.layers[:len(a.layers)]) == tuple(a.layers)
    return RulesChanges(
        layers=tuple(b.layers[len(a.layers):]) if layered else (),
        added=tuple(labels_b[k] for k in cards_b if k not in cards_a),
        removed=tuple(labels_a[k] for k in cards_a if k not in cards_b),
        changed=tuple(changed), settings=tuple(settings), effects=tuple(effects))
