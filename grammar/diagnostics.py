"""Diagnostics: one model, three renderings (pretty, short, JSON).

Passes never print. They return :class:`Diagnostic` values; the collector sorts them by position
and caps the list; the CLI renders them at the edge.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from wonderrules.interpreter.validate import escaped_char, printable

__all__ = ["Span", "Label", "Diagnostic", "CODES", "error", "warning", "sort_and_cap",
           "render_pretty", "render_short", "render_json", "has_errors", "printable"]


@attrs.frozen(order=True)
class Span:
    """A region of a source file; lines and columns count from 1, `end_column` is exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, path: str, line: int, column: int) -> Span:
        return cls(path, line, column, line, column + 1)

    def to(self, other: Span) -> Span:
        return Span(self.path, self.line, self.column, other.end_line, other.end_column)


#: Every diagnostic code, with a one-line title. Codes are stable: tools may match on them.
CODES: dict[str, str] = {
    "E0001": "syntax error: unexpected token",
    "E0002": "syntax error: unexpected character",
    "E0003": "syntax error: unexpected end of file",
    "E0004": "cannot read rule set",
    "E0005": "internal error in the checker",
    "E0101": "unknown name",
    "E0102": "duplicate definition",
    "E0103": "wrong kind of name",
    "E0104": "invalid value",
    "E0105": "missing required part",
    "E0106": "bad expression",
    "E0107": "a moment the flow never runs",
    "E0108": "market prices that disagree",
    "E0201": "chain to an unknown card",
    "E0202": "chain does not lead to a later age",
    "E0203": "chain cycle",
    "W0204": "chain links disagree",
    "E0301": "deck size does not match the deal",
    "E0302": "pool too small for its draw",
    "E0303": "more turns than cards in hand",
    "E0401": "redefinition without override",
    "E0402": "order-dependent effects in the same hook",
    "E0403": "effects or moments that trigger each other in a cycle",
    "E0404": "override of something never defined",
    "E0405": "bad layering",
    "W0406": "the load order decides an override",
    "W0407": "one event may set off more effects than a game allows",
    "E0408": "one event sets off more effects than a game allows",
    "W0501": "self-count not stated",
    "W0502": "declared but never used",
    "W0503": "settings for player counts never seated",
    "W0504": "an action kind in no decision",
    "W0505": "a decision never asked",
    "W0506": "an ability granted but never used",
    "W0507": "an ability used but never granted",
    "W0508": "a zone that never receives a card",
    "W0509": "a price or rebate from a seat that never sells",
    "W0510": "a round after a lower layer empties its zone",
    "W0511": "a part of a preference that never applies",
    "W0512": "an override that leaves out a decision's preferences",
}


@attrs.frozen
class Label:
    """A secondary place that explains a diagnostic (`first defined here`)."""

    span: Span
    message: str


@attrs.frozen
class Diagnostic:
    code: str
    severity: str  # "error" | "warning"
    message: str
    span: Span | None
    labels: tuple[Label, ...] = ()
    help: str | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        if self.span is None:
            return ("", 0, 0, self.code, self.message)
        return (self.span.path, self.span.line, self.span.column, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        s = self.span
        return {
            "path": s.path if s else None,
            "line": s.line if s else None,
            "column": s.column if s else None,
            "end_line": s.end_line if s else None,
            "end_column": s.end_column if s else None,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "help": self.help,
            "labels": [
                {"path": lb.span.path, "line": lb.span.line, "column": lb.span.column,
                 "message": lb.message}
                for lb in self.labels
            ],
        }


def error(code: str, message: str, span: Span | None, *, help: str | None = None,
          labels: Iterable[Label] = ()) -> Diagnostic:
    return Diagnostic(code, "error", message, span, tuple(labels), help)


def warning(code: str, message: str, span: Span | None, *, help: str | None = None,
            labels: Iterable[Label] = ()) -> Diagnostic:
    return Diagnostic(code, "warning", message, span, tuple(labels), help)


def has_errors(diags: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diags)


def sort_and_cap(diags: Iterable[Diagnostic], cap: int = 50) -> tuple[list[Diagnostic], int]:
    """Deduplicate, keep at most `cap`, errors before warnings (so that what is left out is
    warnings, unless there are more than `cap` errors), sorted by position; returns (kept,
    number left out)."""
    unique = sorted(set(diags), key=Diagnostic.sort_key)
    if len(unique) <= cap:
        return unique, 0
    errors = [d for d in unique if d.severity == "error"]
    kept = set(errors[:cap])
    kept.update([d for d in unique if d.severity != "error"][:cap - len(kept)])
    return [d for d in unique if d in kept], len(unique) - len(kept)


def _left_out(kept: Sequence[Diagnostic], left_out: int) -> str:
    """`12 more warning(s)`, or `12 more diagnostic(s)` when errors may be among them (see
    sort_and_cap)."""
    only_errors = all(d.severity == "error" for d in kept)
    return f"{left_out} more {'diagnostic(s)' if only_errors else 'warning(s)'}"


# ---- rendering ------------------------------------------------------------------------------

#: the widest source text shown on one line; longer lines are cut around the caret
SHOWN_WIDTH = 160


def _line_text(sources: dict[str, str], span: Span, line: int) -> str | None:
    text = sources.get(span.path)
    if text is None:
        return None
    lines = text.split("\n")
    if 1 <= line <= len(lines):
        return lines[line - 1].rstrip("\r").expandtabs(1)
    if line == len(lines) + 1:
        return ""
    return None


def _window(text: str, start: int, end: int) -> tuple[str, int, int]:
    """The source line as shown, and the caret's first column and width in it (0-based): control
    characters escaped, and a line wider than SHOWN_WIDTH cut around the caret with `...`."""
    pieces = [escaped_char(c) for c in text]
    offsets = [0]
    for p in pieces:
        offsets.append(offsets[-1] + len(p))
    start = min(max(start, 0), len(pieces))
    end = min(max(end, start + 1), len(pieces) + 1)
    col = offsets[start]
    width = max(1, offsets[min(end, len(pieces))] - col) if start < len(pieces) else 1
    shown = "".join(pieces)
    if len(shown) <= SHOWN_WIDTH:
        return shown, col, width
    width = min(width, SHOWN_WIDTH - 8)
    left = max(0, min(col - (SHOWN_WIDTH - width) // 3, len(shown) - SHOWN_WIDTH))
    right = min(len(shown), left + SHOWN_WIDTH)
    cut = shown[left:right]
    col -= left
    if left > 0:
        cut, col = "..." + cut, col + 3
    if right < len(shown):
        cut += "..."
    return cut, col, width


def _snippet(sources: dict[str, str], span: Span, marker: str, note: str = "") -> list[str]:
    text = _line_text(sources, span, span.line)
    if text is None:
        return []
    gutter = " " * len(str(span.line))
    end = span.end_column - 1 if span.end_line == span.line else len(text)
    shown, col, width = _window(text, span.column - 1, end)
    caret = " " * col + marker * width
    note = printable(note)
    out = [f"{gutter} |", f"{span.line} | {shown}", f"{gutter} | {caret}" + (f" {note}" if note else "")]
    return out


def render_pretty(diags: Sequence[Diagnostic], sources: dict[str, str], left_out: int = 0) -> str:
    """rustc-like: `error[E0101]: message`, `--> file:line:col`, the line, a caret, `help:`."""
    blocks = []
    for d in diags:
        lines = [f"{d.severity}[{d.code}]: {printable(d.message)}"]
        if d.span is not None:
            lines.append(f"  --> {printable(d.span.path)}:{d.span.line}:{d.span.column}")
            lines.extend("  " + x for x in _snippet(sources, d.span, "^"))
        for lb in d.labels:
            lines.append(f"  ::: {printable(lb.span.path)}:{lb.span.line}:{lb.span.column}")
            snippet = _snippet(sources, lb.span, "-", lb.message)
            lines.extend("  " + x for x in snippet) if snippet else lines.append(f"  = note: {printable(lb.message)}")
        if d.help:
            lines.append(f"  = help: {printable(d.help)}")
        blocks.append("\n".join(lines))
    errors = sum(1 for d in diags if d.severity == "error")
    warnings = len(diags) - errors
    if left_out:
        blocks.append(f"... and {_left_out(diags, left_out)}")
    if diags:
        blocks.append(f"{errors} error(s), {warnings} warning(s){' shown' if left_out else ''}")
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def render_short(diags: Sequence[Diagnostic], left_out: int = 0) -> str:
    """GNU style: `file:line:col: error: message [E0101]`."""
    out = []
    for d in diags:
        where = f"{printable(d.span.path)}:{d.span.line}:{d.span.column}" if d.span else "wr"
        msg = f"{where}: {d.severity}: {printable(d.message)} [{d.code}]"
        if d.help:
            msg += f" (help: {printable(d.help)})"
        out.append(msg)
    if left_out:
        out.append(f"wr: note: {_left_out(diags, left_out)} not shown")
    return "\n".join(out) + ("\n" if out else "")


def render_json(diags: Sequence[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diags], indent=2)
