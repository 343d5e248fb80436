"""Name tables for the checks: what each identifier is, and the sentences for bad references."""

from __future__ import annotations

from collections.abc import Iterable

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, error
from wonderrules.grammar.resolve import Model, closest

__all__ = ["Names", "KINDS"]

KINDS = ("resource", "resource class", "colour", "symbol", "symbol group", "token", "category",
         "pool", "card")

#: article for each kind, for sentences
_A = {"resource": "a resource", "resource class": "a resource class", "colour": "a colour",
      "symbol": "a symbol", "symbol group": "a symbol group", "token": "a token kind",
      "category": "a score category", "pool": "a card pool", "card": "a card"}


#: how a name of each kind comes to exist, for help when none is declared
_DECLARE = {"resource": "declare it: `resources raw: {name}`", "colour": "declare it: `colours: {name}`",
            "symbol": "declare it: `symbols science: {name}`", "symbol group": "declare it: `symbols {name}: ...`",
            "token": "declare it: `tokens: {name}`", "category": "add it to the `scoring` block",
            "pool": "put cards in it: `pool {name}` on each of them"}


class Names:
    """Every name the model declares, by kind, with where it was declared."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.by_kind: dict[str, dict[str, s.Name | None]] = {k: {} for k in KINDS}
        for name, (node, cls) in model.resources.items():
            self.by_kind["resource"][name] = node
            self.by_kind["resource class"].setdefault(cls.text, cls)
        for group, (node, members) in model.symbol_groups.items():
            self.by_kind["symbol group"][group] = node
            for m in members:
                self.by_kind["symbol"][m.text] = m
        for name, node in model.tokens.items():
            self.by_kind["token"][name] = node
        for name, colour in model.colours.items():
            self.by_kind["colour"][name] = colour.name
        for cat in model.categories:
            self.by_kind["category"][cat.name.text] = cat.name
        for card in model.cards.values():
            self.by_kind["card"][card.name.text] = None
            pool = card.first(s.Pool)
            if pool is not None:
                self.by_kind["pool"].setdefault(pool.name.text, pool.name)

    def kind_of(self, name: str) -> str | None:
        for kind in KINDS:
            if name in self.by_kind[kind]:
                return kind
        return None

    def check(self, node: s.Name, kinds: Iterable[str], diags: list[Diagnostic],
              extra: Iterable[str] = (), what: str | None = None) -> bool:
        """True when `node` names something of one of `kinds` (or one of the `extra` words)."""
        kinds = tuple(kinds)
        extra = tuple(extra)
        if node.text in extra or any(node.text in self.by_kind[k] for k in kinds):
            return True
        expected = what or " or ".join(_A[k] for k in kinds)
        other = self.kind_of(node.text)
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
