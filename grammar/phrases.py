"""Phrases: effect lines a rule set names and uses again, written out before any other pass.

    phrase tribute(n) {
      end of turn: others lose n coins or take debt
    }
    card "Hideout" age 1 black { tribute(1) }

A layer sees its own phrases and those of the layers it extends. A use `NAME(ARGUMENTS)` stands
for the phrase's lines with each parameter word replaced by its argument, as written (a word in
quotes or in a comment is left alone); the result is read as effect lines, where the use is
written, and may use other phrases. Everything read from a phrase is placed at its use (the
checks that follow point there); a phrase that does not read with its arguments is reported in
the phrase, with a label at the use. After this pass no syntax tree holds a phrase.

Each text a phrase gives (the phrase with its arguments) is read once; its lines are placed again
at every other use. What phrases write out is bounded: a phrase used twice in a phrase used twice
... doubles at every level, so a few hundred bytes could stand for millions of lines. The texts
written out for every use, at every depth, come to at most :data:`MAX_WRITTEN` characters in a
rule set; beyond that, the use in the item is reported with the chain of phrases that reached it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs
from lark import UnexpectedInput
from lark.exceptions import VisitError
from lark.lexer import PatternStr

from wonderrules.grammar import reading
from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.loading import Layer, closest
from wonderrules.grammar.parse import TokenRefused, _transform, load_parser
from wonderrules.grammar.syntax_errors import explain

__all__ = ["expand", "written_out", "MAX_DEPTH", "MAX_WRITTEN"]

#: phrases using phrases: at most this many deep
MAX_DEPTH = 16
#: the characters the phrases of one rule set write out, every use counted (four times the base game)
MAX_WRITTEN = 100_000

_WORDS = re.compile(r'"[^"\n]*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*')


@cache
def keywords() -> frozenset[str]:
    """The words of the language: a phrase or a parameter named so would be read as the word."""
    return frozenset(t.pattern.value for t in load_parser().terminals
                     if isinstance(t.pattern, PatternStr) and t.pattern.value.isalpha())


def expand(layers: Sequence[Layer]) -> tuple[list[Layer], list[Diagnostic]]:
    """The layers with every phrase written out (their trees without phrase definitions)."""
    diags: list[Diagnostic] = []
    own: dict[str, dict[str, s.PhraseDef]] = {}
    for layer in layers:
        own[layer.name] = _definitions(layer, diags)
    seen: dict[str, dict[str, s.PhraseDef]] = {}

    def visible(name: str) -> dict[str, s.PhraseDef]:
        found = seen.get(name)
        if found is None:
            found = {}
            layer = by_name.get(name)
            for parent in (layer.extends if layer else ()):
                found.update(visible(parent))
            found.update(own.get(name, {}))
            seen[name] = found
        return found

    by_name = {layer.name: layer for layer in layers}
    for layer in layers:  # a phrase defined again in a layer that sees one of that name already
        inherited: dict[str, s.PhraseDef] = {}
        for parent in layer.extends:
            inherited.update(visible(parent))
        for name, d in own[layer.name].items():
            first = inherited.get(name)
            if first is not None:
                diags.append(error("E0102", f"phrase '{name}' is defined twice", d.name.span,
                                   labels=[Label(first.name.span, "first defined here")],
                                   help="give the new phrase a name of its own"))
    out = []
    written = _Written()
    for layer in layers:
        writer = _Writer(visible(layer.name), diags, written)
        items = tuple(writer.item(i) for i in layer.tree.items if not isinstance(i, s.PhraseDef))
        out.append(attrs.evolve(layer, tree=attrs.evolve(layer.tree, items=items)))
    return out, diags


def _definitions(layer: Layer, diags: list[Diagnostic]) -> dict[str, s.PhraseDef]:
    found: dict[str, s.PhraseDef] = {}
    words = keywords()
    for item in layer.tree.items:
        if not isinstance(item, s.PhraseDef):
            continue
        name = item.name.text
        if name in words:
            diags.append(error("E0104", f"a phrase cannot be named '{name}', a word of the language", item.name.span,
                               help="give the phrase a name that is not a keyword"))
            continue
        params: dict[str, s.Name] = {}
        for p in item.params:
            if p.text in words:
                diags.append(error("E0104", f"a parameter cannot be named '{p.text}', a word of the language",
                                   p.span, help="every occurrence of a parameter's word is replaced: name it "
                                                "with a word the phrase does not otherwise use"))
            elif p.text in params:
                diags.append(error("E0102", f"parameter '{p.text}' is named twice", p.span,
                                   labels=[Label(params[p.text].span, "first named here")]))
            params[p.text] = p
        first = found.get(name)
        if first is not None:
            diags.append(error("E0102", f"phrase '{name}' is defined twice", item.name.span,
                               labels=[Label(first.name.span, "first defined here")],
                               help="give the new phrase a name of its own"))
            continue
        found[name] = item
    return found


class _Written:
    """What the phrases of a rule set have written out so far, shared by its layers: the lines
    read from each text (or why it did not read), and the characters of every use."""

    def __init__(self) -> None:
        self.read: dict[tuple[str, str], Any] = {}
        self.characters = 0
        self.beyond = False


class _Writer:
    """Writes out the phrases used in the items of one layer."""

    def __init__(self, phrases: dict[str, s.PhraseDef], diags: list[Diagnostic], written: _Written) -> None:
        self.phrases = phrases
        self.diags = diags
        self.written = written

    def item(self, item: Any) -> Any:
        if isinstance(item, (s.Card, s.RuleEffects, s.NeutralSeat)):
            hooks = self.lines(item.hooks, (), None)
            return item if hooks is item.hooks else attrs.evolve(item, hooks=hooks)
        if isinstance(item, s.Wonder):
            hooks = self.lines(item.hooks, (), None)
            stages = tuple(st if (h := self.lines(st.hooks, (), None)) is st.hooks else attrs.evolve(st, hooks=h)
                           for st in item.stages)
            if hooks is item.hooks and all(a is b for a, b in zip(stages, item.stages)):
                return item
            return attrs.evolve(item, hooks=hooks, stages=stages)
        if isinstance(item, s.Option):
            items = tuple(self.item(i) for i in item.items)
            return item if all(a is b for a, b in zip(items, item.items)) else attrs.evolve(item, items=items)
        return item

    def lines(self, lines: tuple[Any, ...], using: tuple[str, ...], first: s.PhraseUse | None) -> tuple[Any, ...]:
        """The lines with each phrase used written out (the same tuple when none is used).
        `using`: the phrases being written out, outermost first; `first`: the use in the item."""
        if not any(isinstance(h, s.PhraseUse) for h in lines):
            return lines
        out: list[Any] = []
        for h in lines:
            if not isinstance(h, s.PhraseUse):
                out.append(h)
            elif first is None:  # placed at the use in the item (once, whatever the depth)
                out.extend(_respan(x, h.span) for x in self.use(h, using, h))
            else:
                out.extend(self.use(h, using, first))
        return tuple(out)

    def use(self, use: s.PhraseUse, using: tuple[str, ...], first: s.PhraseUse) -> tuple[Any, ...]:
        if self.written.beyond:  # reported once, at the use that went beyond the bound
            return ()
        name = use.name.text
        d = self.phrases.get(name)
        if d is None:
            near = closest(name, self.phrases)
            self.diags.append(error("E0101", f"unknown phrase '{name}'", use.name.span,
                                    help=f"did you mean '{near}'?" if near else
                                    "a phrase is defined with `phrase NAME(PARAMETERS) { EFFECT LINES }` in this "
                                    "rule set or a layer it extends"))
            return ()
        if len(use.args) != len(d.params):
            wanted = ", ".join(p.text for p in d.params)
            self.diags.append(error(
                "E0104", f"phrase '{name}' takes {_count(len(d.params))} ({wanted or 'none'}), "
                         f"not {len(use.args)}", use.span,
                labels=[Label(d.name.span, "defined here")]))
            return ()
        if name in using:
            path = " -> ".join((*using[using.index(name):], name))
            self.diags.append(error("E0104", f"phrase '{name}' uses itself ({path})", use.span,
                                    labels=[Label(d.name.span, "defined here")],
                                    help="a phrase is written out where it is used: it cannot contain itself"))
            return ()
        if len(using) >= MAX_DEPTH:
            self.diags.append(error("E0104", f"phrases used within phrases more than {MAX_DEPTH} deep", use.span))
            return ()
        text = _substitute(d.body, {p.text: a.text for p, a in zip(d.params, use.args)})
        self.written.characters += len(text)
        if self.written.characters > MAX_WRITTEN:
            self.written.beyond = True
            chain = " uses ".join(f"'{n}'" for n in (*using, name))
            bound = f"{MAX_WRITTEN:,}".replace(",", " ")
            self.diags.append(error(
                "E0104", f"phrases written out here come to more than {bound} characters: {chain}", first.span,
                help=f"every use writes its phrase out again, also within another phrase, so uses multiply along "
                     f"a chain: the phrases of a rule set write out at most {bound} characters in all"))
            return ()
        padded = "\n" * (d.body_line - 1) + " " * (d.body_column - 1) + text
        path = d.span.path
        parser = load_parser()
        read = self.read(path, padded)
        if isinstance(read, UnexpectedInput):
            given = ", ".join(f"{p.text} = {a.text}" for p, a in zip(d.params, use.args))
            used_here = Label(use.span, f"phrase '{name}' used here" + (f", with {given}" if given else ""))
            diag = explain(parser, read, path=path, padded=padded, start="effect_lines", first_line=0,
                           chunk=padded, last_chunk=True)
            self.diags.append(attrs.evolve(diag, labels=(*diag.labels, used_here)))
            return ()
        if read is False:
            self.diags.append(error("E0104", f"phrase '{name}' does not read with these arguments", use.span,
                                    labels=[Label(d.name.span, "defined here")]))
            return ()
        return self.lines(read, (*using, name), first)


    def read(self, path: str, padded: str) -> Any:
        """The lines of a phrase's text with its arguments, read once and then found again: the
        parser's exception when the text does not follow the grammar, False when it is refused
        for another reason (a number too large, lines nested too deep)."""
        found = self.written.read.get((path, padded))
        if found is None:
            try:
                found = _transform(path, reading.read(load_parser(), padded, "effect_lines"))
            except UnexpectedInput as exc:
                found = exc
            except (TokenRefused, VisitError, RecursionError):
                found = False
            self.written.read[(path, padded)] = found
        return found


def _count(n: int) -> str:
    return "no argument" if n == 0 else "1 argument" if n == 1 else f"{n} arguments"


def _substitute(body: str, args: dict[str, str]) -> str:
    """The body with each parameter word replaced by its argument; a shorter argument is padded
    with spaces, so that what follows it on the line keeps its column."""
    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        arg = args.get(word)
        if arg is None:
            return word
        return arg + " " * (len(word) - len(arg))
    return _WORDS.sub(one, body)


def written_out(phrase: s.PhraseDef, args: Sequence[str]) -> str:
    """What a use of `phrase` with `args` (each as written) stands for, to show a reader: its
    lines, each parameter word replaced by its argument, without the body's indentation."""
    lines = _substitute(phrase.body, {p.text: a for p, a in zip(phrase.params, args)}).splitlines()
    return "\n".join(line.strip() for line in lines if line.strip())


def _respan(node: Any, span: Span) -> Any:
    """`node` with every span in it set to `span` (a phrase's lines are placed at their use)."""
    if isinstance(node, Span):
        return span
    if isinstance(node, tuple):
        return tuple(_respan(x, span) for x in node)
    if attrs.has(type(node)):
        changes = {}
        for f in attrs.fields(type(node)):
            value = getattr(node, f.name)
            new = _respan(value, span)
            if new is not value:
                changes[f.name] = new
        return attrs.evolve(node, **changes) if changes else node
    return node
