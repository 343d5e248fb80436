"""The language server: the protocol's requests answered from :mod:`.analysis` and :mod:`.words`.

Every open file is checked as `wr check FILE` checks it, with the editor's open files read
instead of the disk: on opening, and 0.3 s after the last change. Its diagnostics go to the file
they belong to (a layer below included). Hover, definition, completion and the outline read the
last check of the file. pygls and lsprotocol (the extra `lsp`) are imported here only.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping, Sequence
from hashlib import sha256
from typing import Any

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Span, sort_and_cap
from wonderrules.lsp.analysis import (
    Analyser,
    Analysis,
    Definition,
    character_column,
    file_path,
    utf16_column,
    word_at,
)
from wonderrules.lsp.rename import places, refused_name
from wonderrules.lsp.words import block_keywords, hover_text, keyword_text, top_level_keywords
from wonderrules.reports.catalogue import source_lines

__all__ = ["DEBOUNCE_SECONDS", "build_server", "enclosing_blocks"]

#: the protocol's error code for a request that could not be done (a rename refused)
_REQUEST_FAILED = -32803

#: how long the server waits after the last change before it checks a file again
DEBOUNCE_SECONDS = 0.3


def enclosing_blocks(text: str) -> list[str]:
    """The blocks open at the end of `text`, outermost first, each as the text of its line up
    to its `{` (strings and comments skipped)."""
    opened: list[str] = []
    for line in text.split("\n"):
        quoted = False
        for index, ch in enumerate(line):
            if ch == '"':
                quoted = not quoted
            elif quoted:
                continue
            elif ch == "#":
                break
            elif ch == "{":
                opened.append(line[:index])
            elif ch == "}" and opened:
                opened.pop()
    return opened


class _Desk:
    """The server's state: the checks of the open files and what each one published."""

    def __init__(self, server: Any, types: Any, uris: Any) -> None:
        self.server = server
        self.t = types
        self.uris = uris
        self.analyser = Analyser()
        self.analyses: dict[str, Analysis] = {}
        self.published: dict[str, dict[str, list[Any]]] = {}  # by file checked: diagnostics by URI
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.unsaved: dict[str, str] = {}  # the URI of a text that is no file, by the path it is checked under

    # ---- files ----------------------------------------------------------------------------------

    def path_of(self, uri: str) -> str:
        """The path a file is checked under: its absolute path, so that the editor's text is read
        for it (a bundled rule set opened from the package included). A text that is no file (a
        new, unsaved one) gets a path of its own in the current folder, which no file has."""
        fs_path = self.uris.to_fs_path(uri)
        if fs_path:
            return os.path.abspath(str(fs_path))
        path = os.path.abspath(f"unsaved-{sha256(uri.encode('utf-8')).hexdigest()[:16]}.wr")
        self.unsaved[path] = uri
        return path

    def uri_of(self, path: str) -> str | None:
        if path in self.unsaved:
            return self.unsaved[path]
        found = file_path(path)
        return self.uris.from_fs_path(found) if found is not None else None

    def overlay(self) -> dict[str, str]:
        """The open files' texts, by the path each one is checked under."""
        return {self.path_of(uri): document.source for uri, document in self.server.workspace.text_documents.items()}

    def lines(self, path: str, analysis: Analysis | None = None) -> Sequence[str] | None:
        """The lines of a file as the front end names it: open, read by the check, or on disk."""
        found = path if path in self.unsaved else file_path(path)
        if found is not None and (text := self.overlay().get(found)) is not None:
            return text.split("\n")
        if analysis is not None and path in analysis.sources:
            return analysis.sources[path].split("\n")
        return source_lines(path)

    def range_of(self, span: Span, analysis: Analysis | None = None) -> Any:
        lines = self.lines(span.path, analysis) or []

        def position(line: int, column: int) -> Any:
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            return self.t.Position(line=max(line - 1, 0), character=utf16_column(text, column))
        return self.t.Range(start=position(span.line, span.column), end=position(span.end_line, span.end_column))

    # ---- checking -------------------------------------------------------------------------------

    def schedule(self, uri: str, delay: float) -> None:
        """Check the file at `uri` after `delay` seconds, unless it changes again before."""
        loop = asyncio.get_running_loop()
        old = self.timers.pop(uri, None)
        if old is not None:
            old.cancel()
        self.timers[uri] = loop.call_later(delay, lambda: loop.create_task(self.check(uri)))

    async def check(self, uri: str) -> None:
        self.timers.pop(uri, None)
        if uri not in self.server.workspace.text_documents:
            return
        analysis = await asyncio.to_thread(self.analyser.analyse, self.path_of(uri), self.overlay())
        if uri not in self.server.workspace.text_documents or uri in self.timers:
            return  # closed, or changed again, while it was checked
        self.analyses[uri] = analysis
        self.publish(uri, self.diagnostics_by_uri(uri, analysis))

    def diagnostics_by_uri(self, uri: str, analysis: Analysis) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {uri: []}
        kept, _ = sort_and_cap(analysis.compiled.diagnostics)  # as `wr check` shows them
        for d in kept:
            where = self.uri_of(d.span.path) if d.span is not None else uri
            found.setdefault(where or uri, []).append(self.diagnostic(d, analysis, where is None))
        return found

    def diagnostic(self, d: Diagnostic, analysis: Analysis, elsewhere: bool) -> Any:
        t = self.t
        message = d.message + (f"\nhelp: {d.help}" if d.help else "")
        if d.span is None or elsewhere:
            place = t.Range(start=t.Position(line=0, character=0), end=t.Position(line=0, character=0))
        else:
            place = self.range_of(d.span, analysis)
        related = [t.DiagnosticRelatedInformation(
            location=t.Location(uri=where, range=self.range_of(label.span, analysis)), message=label.message)
            for label in d.labels if (where := self.uri_of(label.span.path)) is not None]
        severity = t.DiagnosticSeverity.Error if d.severity == "error" else t.DiagnosticSeverity.Warning
        return t.Diagnostic(range=place, message=message, severity=severity, code=d.code, source="wr",
                            related_information=related or None)

    def publish(self, checked: str, by_uri: Mapping[str, list[Any]]) -> None:
        """Publish what checking `checked` found, and clear what its last check found and this one
        did not; a file also gets what the checks of other open files found in it."""
        before = self.published.get(checked, {})
        self.published[checked] = dict(by_uri)
        for uri in sorted(set(before) | set(by_uri)):
            gathered: list[Any] = []
            for found in self.published.values():
                gathered += [d for d in found.get(uri, []) if d not in gathered]
            self.server.text_document_publish_diagnostics(
                self.t.PublishDiagnosticsParams(uri=uri, diagnostics=gathered))

    def forget(self, uri: str) -> None:
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        self.analyses.pop(uri, None)
        self.publish(uri, {})
        self.published.pop(uri, None)

    # ---- answers --------------------------------------------------------------------------------

    def analysis(self, uri: str) -> Analysis:
        found = self.analyses.get(uri)
        if found is None:
            found = self.analyses[uri] = self.analyser.analyse(self.path_of(uri), self.overlay())
        return found

    def word(self, params: Any) -> Any:
        document = self.server.workspace.get_text_document(params.text_document.uri)
        lines = document.source.split("\n")
        line = lines[params.position.line] if params.position.line < len(lines) else ""
        return word_at(line, character_column(line, params.position.character))

    def hover(self, params: Any) -> Any:
        word = self.word(params)
        if word is None:
            return None
        analysis = self.analysis(params.text_document.uri)
        text = hover_text(analysis, word, lambda path: self.lines(path, analysis))
        if text is None:
            return None
        return self.t.Hover(contents=self.t.MarkupContent(kind=self.t.MarkupKind.Markdown, value=text))

    def definition(self, params: Any) -> Any:
        word = self.word(params)
        if word is None:
            return None
        analysis = self.analysis(params.text_document.uri)
        places = []
        header = analysis.layers.get(word.text) if not word.quoted else None
        if header is not None and (uri := self.uri_of(header.span.path)) is not None:  # `extends NAME`
            places.append(self.t.Location(uri=uri, range=self.range_of(header.name.span, analysis)))
        for found in analysis.definitions.get(word.text, ()):
            uri = self.uri_of(found.span.path)
            if uri is not None:
                places.append(self.t.Location(uri=uri, range=self.range_of(found.span, analysis)))
        return places or None

    def completion(self, params: Any) -> Any:
        t = self.t
        uri = params.text_document.uri
        document = self.server.workspace.get_text_document(uri)
        lines = document.source.split("\n")
        row = min(params.position.line, len(lines) - 1)
        line = lines[row][:character_column(lines[row], params.position.character)]
        blocks = enclosing_blocks("\n".join(lines[:row] + [line]))
        if blocks:
            keywords = block_keywords(blocks[-1].strip())
        elif line.strip() == "" or line.lstrip() == line and line.isidentifier():
            keywords = top_level_keywords()
        else:
            keywords = frozenset()
        items = [t.CompletionItem(label=k, kind=t.CompletionItemKind.Keyword, detail="keyword",
                                  documentation=t.MarkupContent(kind=t.MarkupKind.Markdown, value=keyword_text(k)))
                 for k in sorted(keywords)]
        names: dict[str, Definition] = {}
        for name, found in self.analysis(uri).definitions.items():
            names.setdefault(name, found[-1])
        items += [t.CompletionItem(label=name, kind=_completion_kind(t, d.kind), detail=d.kind)
                  for name, d in sorted(names.items())]
        return t.CompletionList(is_incomplete=False, items=items)

    def rename(self, params: Any) -> Any:
        """The edits that rename the card, wonder or phrase under the cursor in every open file;
        refused (with why) for any other name, a new name the language cannot read, or a name also
        defined in a file that is not open."""
        from pygls.exceptions import JsonRpcException

        def refused(why: str) -> Exception:
            failure: Exception = JsonRpcException(f"cannot rename: {why}", code=_REQUEST_FAILED)
            return failure

        t = self.t
        word = self.word(params)
        if word is None:
            raise refused("there is no name here")
        found = self.analysis(params.text_document.uri).definitions.get(word.text, ())
        kinds = {d.kind for d in found}
        if not (kinds & {"card", "wonder"} if word.quoted else "phrase" in kinds):
            raise refused(f"'{word.text}' is no card, wonder or phrase of these rule sets")
        reason = refused_name(params.new_name, word.quoted)
        if reason is not None:
            raise refused(reason)
        overlay = self.overlay()
        closed = sorted({d.span.path for d in found if file_path(d.span.path) not in overlay})
        if closed:
            raise refused(f"'{word.text}' is also defined in {', '.join(closed)}, which is not open; open it first")
        changes = {}
        for uri, document in sorted(self.server.workspace.text_documents.items()):
            lines = document.source.split("\n")
            edits = [t.TextEdit(new_text=params.new_name, range=t.Range(
                start=t.Position(line=p.line, character=utf16_column(lines[p.line], p.start + 1)),
                end=t.Position(line=p.line, character=utf16_column(lines[p.line], p.end + 1))))
                for p in places(document.source, word.text, word.quoted)]
            if edits:
                changes[uri] = edits
        return t.WorkspaceEdit(changes=changes)

    def symbols(self, params: Any) -> Any:
        analysis = self.analysis(params.text_document.uri)
        return [self.symbol(item, analysis) for item in analysis.items]

    def symbol(self, item: object, analysis: Analysis) -> Any:
        t = self.t
        span: Span = item.span  # type: ignore[attr-defined]  # every top-level item has one
        name = getattr(item, "name", None)
        kind = type(item).__name__
        if isinstance(name, (s.Name, s.Text)):
            label, selection = name.text, name.span
            if isinstance(item, s.Wonder):
                label += f" side {item.side.text}"
        else:
            label, selection = _label(item), span
        declared = [n for n in getattr(item, "names", ()) if isinstance(n, s.Name)]
        children = [t.DocumentSymbol(name=n.text, kind=t.SymbolKind.Constant, range=self.range_of(n.span, analysis),
                                     selection_range=self.range_of(n.span, analysis)) for n in declared]
        return t.DocumentSymbol(name=label, detail=kind.lower(), kind=_symbol_kind(t, kind),
                                range=self.range_of(span, analysis), selection_range=self.range_of(selection, analysis),
                                children=children or None)


def _label(item: object) -> str:
    """What an item without a name of its own is called in the outline (`resources raw`, `game`)."""
    word = {"Resources": "resources", "Symbols": "symbols", "Tokens": "tokens", "Colours": "colours",
            "Abilities": "abilities", "Decks": "decks", "RuleEffects": "rule effects", "AtBlock": "at"}
    label = word.get(type(item).__name__, type(item).__name__.lower())
    group = getattr(item, "resource_class", None) or getattr(item, "group", None)
    return f"{label} {group.text}" if isinstance(group, s.Name) else label


def _symbol_kind(t: Any, kind: str) -> Any:
    return {"Card": t.SymbolKind.Class, "Wonder": t.SymbolKind.Struct, "PhraseDef": t.SymbolKind.Function,
            "Zone": t.SymbolKind.Namespace, "Action": t.SymbolKind.Method, "Decision": t.SymbolKind.Event,
            "Game": t.SymbolKind.Module, "Scoring": t.SymbolKind.Module}.get(kind, t.SymbolKind.Object)


def _completion_kind(t: Any, kind: str) -> Any:
    return {"card": t.CompletionItemKind.Class, "wonder": t.CompletionItemKind.Struct,
            "phrase": t.CompletionItemKind.Function, "zone": t.CompletionItemKind.Module,
            "action": t.CompletionItemKind.Method}.get(kind, t.CompletionItemKind.Constant)


def _plain(method: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A function calling a bound method: pygls marks the functions it registers, which a bound
    method refuses."""
    def call(params: Any) -> Any:
        return method(params)
    return call


def build_server() -> Any:
    """The language server, its features registered; `start_io()` runs it on stdin and stdout."""
    from lsprotocol import types as t
    from pygls import uris
    from pygls.lsp.server import LanguageServer

    from wonderrules.version import package_version

    server = LanguageServer("wr", package_version())
    desk = _Desk(server, t, uris)

    def opened(params: Any) -> None:
        desk.schedule(params.text_document.uri, 0)

    def changed(params: Any) -> None:
        for uri in server.workspace.text_documents:  # a layer's change may change what extends it
            desk.schedule(uri, DEBOUNCE_SECONDS)

    def closed(params: Any) -> None:
        desk.forget(params.text_document.uri)
        for uri in server.workspace.text_documents:  # what extends it now reads it from the disk
            if uri != params.text_document.uri:
                desk.schedule(uri, DEBOUNCE_SECONDS)

    server.feature(t.TEXT_DOCUMENT_DID_OPEN)(opened)
    server.feature(t.TEXT_DOCUMENT_DID_CHANGE)(changed)
    server.feature(t.TEXT_DOCUMENT_DID_SAVE)(opened)
    server.feature(t.TEXT_DOCUMENT_DID_CLOSE)(closed)
    server.feature(t.TEXT_DOCUMENT_HOVER)(_plain(desk.hover))
    server.feature(t.TEXT_DOCUMENT_DEFINITION)(_plain(desk.definition))
    server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=['"']))(_plain(desk.completion))
    server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)(_plain(desk.symbols))
    server.feature(t.TEXT_DOCUMENT_RENAME)(_plain(desk.rename))
    return server
