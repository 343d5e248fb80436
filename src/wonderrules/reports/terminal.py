"""How wide `wr` prints and whether it prints in colour, and the diagnostics of `wr check` made to
fit the terminal.

The width is `COLUMNS` when it is set to a number, else the terminal's width when the output is a
terminal; in a file or a pipe each command has its own (`reports.text.console`). Colour follows
`--color`: `always`, `never`, or `auto`: only on a terminal and when `NO_COLOR` is not set
(https://no-color.org).
"""

from __future__ import annotations

import os
import re
import textwrap
from typing import IO, Any

from rich.text import Text

__all__ = ["known_width", "use_colour", "fit_diagnostics", "paint_diagnostics"]

#: the narrowest width honoured: a smaller `COLUMNS` or terminal is taken as this
NARROWEST = 40


def _is_terminal(stream: IO[Any]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def known_width(stream: IO[Any]) -> int | None:
    """The width `COLUMNS` sets, or the terminal's when `stream` is one; None when neither says."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return max(NARROWEST, int(columns))
    if not _is_terminal(stream):
        return None
    try:
        columns_seen = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):  # a terminal that does not say its size
        return None
    return max(NARROWEST, columns_seen) if columns_seen > 0 else None


def use_colour(choice: str, stream: IO[Any]) -> bool:
    """Whether to colour what goes to `stream`, for `--color` `choice`."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    return _is_terminal(stream) and not os.environ.get("NO_COLOR")


def fit_lines(text: str, width: int | None) -> str:
    """Lines of plain words wrapped to `width` (None: left whole), each piece after the first
    indented under the words after the line's own indentation and label (``  cost: ``), or four
    columns in from the line's own indentation when it has no label."""
    if width is None:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        head = re.match(r"^( *)([\w ]{1,24}: )?", line)
        assert head is not None  # the pattern matches every line
        indent = " " * (len(head.group(0)) if head.group(2) else len(head.group(1)) + 4)
        if len(indent) > width // 2:
            indent = "    "
        out.append(textwrap.fill(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False))
    return "\n".join(out)


# ---- diagnostics -------------------------------------------------------------------------------------

_HEAD = re.compile(r"^((?:error|warning)\[\w+\]: )")
_NOTE = re.compile(r"^(  = (?:help|note): )")
_SNIPPET = re.compile(r"^  (\d*) *\|(?: |$)")


def fit_diagnostics(text: str, width: int) -> str:
    """Pretty diagnostics (`render_pretty`) with their messages, help and notes wrapped to `width`;
    a quoted source line, its caret line and a file's path are never broken."""
    out = []
    for line in text.split("\n"):
        prefix = _HEAD.match(line) or _NOTE.match(line)
        if prefix is None or len(line) <= width:
            out.append(line)
            continue
        indent = " " * len(prefix.group(1))
        room = max(width - len(indent), 20)
        body = textwrap.wrap(line[len(indent):], room, break_long_words=False, break_on_hyphens=False)
        out.append(prefix.group(1) + f"\n{indent}".join(body))
    return "\n".join(out)


def paint_diagnostics(text: str) -> Text:
    """Pretty diagnostics (plain, perhaps fitted) with styles: `error[E...]` red, `warning[W...]`
    yellow, the message bold, `= help:` cyan, `= note:` dim, carets in their diagnostic's colour
    (a label's `---` cyan), gutters and paths blue. The text is unchanged: without its styles it
    is `text`."""
    painted = Text()
    severity = "red"
    continued = ""  # the style of the lines a wrapped message goes on with
    for line in text.split("\n"):
        piece = Text(line)
        head = _HEAD.match(line)
        note = _NOTE.match(line)
        snippet = _SNIPPET.match(line)
        if head:
            severity = "red" if line.startswith("error") else "yellow"
            piece.stylize(f"bold {severity}", 0, len(head.group(1)) - 2)
            piece.stylize("bold", len(head.group(1)))
            continued = "bold"
        elif note:
            piece.stylize("cyan" if "help" in note.group(1) else "dim", 0, len(note.group(1)))
            continued = ""
        elif line.startswith(("  --> ", "  ::: ")):
            piece.stylize("blue", 0, 5)
            continued = ""
        elif snippet:
            piece.stylize("bold blue", 0, snippet.end())
            if not snippet.group(1):  # a caret line: `^^^` in the diagnostic's colour, `---` cyan
                marks = line[snippet.end():]
                start = snippet.end() + len(marks) - len(marks.lstrip())
                end = start + len(marks.lstrip()) - len(marks.lstrip().lstrip("^-"))
                piece.stylize(f"bold {severity}" if line[start:start + 1] == "^" else "bold cyan", start, end)
            continued = ""
        elif continued and line.startswith(" ") and line.strip():
            piece.stylize(continued)
        elif line.endswith("shown") or re.match(r"^\d+ error\(s\), \d+ warning\(s\)", line):
            piece.stylize("bold")
        else:
            continued = ""
        painted.append_text(piece)
        painted.append("\n")
    painted.right_crop(1)
    return painted
