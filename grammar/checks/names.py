"""Name tables for the checks: what each identifier is, and the sentences for bad references.

Names are the rule set's own: its vocabulary (resources, symbols, tokens, colours, abilities,
decks), its score columns and pools, and the names of its structure (zones, deals, actions,
decisions, contests, neutral seats, and the moments its flow runs)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.resolve import Model, closest
from wonderrules.interpreter.flow_steps import nested_steps

__all__ = ["Names", "KINDS", "flow_moments"]

KINDS = ("resource", "resource class", "colour", "symbol", "symbol group", "token", "ability", "category",
         "pool", "deck", "card", "zone", "deal", "action", "decision", "contest", "seat", "moment")

#: article for each kind, for sentences
_A = {"resource": "a resource", "resource class": "a resource class", "colour": "a colour",
      "symbol": "a symbol", "symbol group": "a symbol group", "token": "a token kind", "ability": "an ability",
      "category": "a score category", "pool": "a card pool", "deck": "a deck", "card": "a card", "zone": "a zone",
      "deal": "a deal", "action": "an action", "decision": "a decision", "contest": "a contest",
      "seat": "a neutral seat", "moment": "a moment of the flow"}


#: how a name of each kind comes to exist, for help when none is declared
_DECLARE = {"resource": "declare it: `resources raw: {name}`", "colour": "declare it: `colours: {name}`",
            "symbol": "declare it: `symbols science: {name}`", "symbol group": "declare it: `symbols {name}: ...`",
            "token": "declare it: `tokens: {name}`", "category": "add it to the `scoring` block",
            "pool": "put cards in it: `pool {name}` on each of them", "ability": "declare it: `abilities: {name}`",
            "deck": "declare it: `decks: {name}`", "zone": "declare it: `zone {name}: each seat`",
            "deal": "declare it: `deal {name} from deck age {{ ... }}`",
            "action": "declare it: `action {name} {{ ... }}`", "decision": "declare it: `decision {name}: ...`",
            "seat": 'declare it: `seat "{name}" {{ ... }}`', "moment": "run it in the flow: `at {name}`"}


def flow_moments(model: Model) -> dict[str, s.Name]:
    """Every moment the flow runs (`at MOMENT`, in the flow or in an `at` block), where first
    written."""
    out: dict[str, s.Name] = {}
    blocks = [model.flow.steps] if model.flow is not None else []
    blocks += [b.steps for b, _ in model.at_blocks]
    for steps in blocks:
        for step in nested_steps(steps):
            if isinstance(step, s.AtStep):
                out.setdefault(step.moment.text, step.moment)
    return out


class Names:
    """Every name the model declares, by kind, with where it was declared."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.by_kind: dict[str, dict[str, Any]] = {k: {} for k in KINDS}
        by = self.by_kind
        for name, (node, cls) in model.resources.items():
            by["resource"][name] = node
            by["resource class"].setdefault(cls.text, cls)
        for group, (node, members) in model.symbol_groups.items():
            by["symbol group"][group] = node
            for m in members:
                by["symbol"][m.text] = m
        by["token"].update(model.tokens)
        by["ability"].update(model.abilities)
        by["deck"]["age"] = None
        by["deck"].update(model.decks)
        for name, colour in model.colours.items():
            by["colour"][name] = colour.name
        for cat in model.categories:
            by["category"][cat.name.text] = cat.name
        for card in model.cards.values():
            by["card"][card.name.text] = None
            pool = card.first(s.Pool)
            if pool is not None:
                by["pool"].setdefault(pool.name.text, pool.name)
        for kind, table in (("zone", model.zones), ("deal", model.deals), ("action", model.actions),
                            ("decision", model.decisions), ("contest", model.contests), ("seat", model.seats)):
            for name, declared in table.items():
                by[kind][name] = declared.name
        for opt in model.options.values():  # an option's own contests may be won and lost too
            for item in opt.items:
                if isinstance(item, s.Contest):
                    by["contest"].setdefault(item.name.text, item.name)
        by["moment"].update(flow_moments(model))

    def kind_of(self, name: str, skip: Iterable[str] = ()) -> str | None:
        skip = tuple(skip)
        for kind in KINDS:
            if kind not in skip and name in self.by_kind[kind]:
                return kind
        return None

    def check(self, node: s.Name | s.Text, kinds: Iterable[str], diags: list[Diagnostic],
              extra: Iterable[str] = (), what: str | None = None) -> bool:
        """True when `node` names something of one of `kinds` (or one of the `extra` words)."""
        kinds = tuple(kinds)
        extra = tuple(extra)
        if node.text in extra or any(node.text in self.by_kind[k] for k in kinds):
            return True
        expected = what or " or ".join(_A[k] for k in kinds)
        other = self.kind_of(node.text, skip=kinds)
        if other is not None:
            where = self.by_kind[other].get(node.text)
            labels = [Label(where.span, f"declared as {_A[other]} here")] if where is not None else []
            diags.append(error("E0103", f"'{node.text}' is {_A[other]}, not {expected}", node.span,
                               labels=labels, help=self._suggest(node.text, kinds, extra)))
            return False
        message = f"'{node.text}' is not {what}" if what else f"unknown {_kind_word(kinds)} '{node.text}'"
        diags.append(error("E0101", message, node.span, help=self._suggest(node.text, kinds, extra)))
        return False

    def _suggest(self, name: str, kinds: tuple[str, ...], extra: tuple[str, ...]) -> str | None:
        pool = list(extra)
        for k in kinds:
            pool.extend(self.by_kind[k])
        hint = closest(name, pool)
        if hint:
            return f"did you mean '{hint}'?"
        if pool and len(pool) <= 12:
            return "known: " + ", ".join(sorted(set(pool)))
        if not pool and len(kinds) == 1 and kinds[0] in _DECLARE:
            return f"nothing is declared as {_A[kinds[0]]}; {_DECLARE[kinds[0]].format(name=name)}"
        return None


def _kind_word(kinds: tuple[str, ...]) -> str:
    """`score category`, `resource or resource class`: the kinds without their articles."""
    return " or ".join(_A[k].split(" ", 1)[1] for k in kinds)
