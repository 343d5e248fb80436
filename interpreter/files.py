"""Reading the files a user names: rule sets, compiled rule sets and game logs.

Every file the tools read from outside goes through :func:`read_text`. It reads only regular
files, and only up to a limit, so that a name pointing at a device that never ends, a named pipe
that would block, a folder or a file far too large for its purpose gets one sentence instead of
a hang, a huge allocation or a Python error:

- the path is looked at (`stat`) before it is opened, and the open descriptor again (`fstat`),
  and anything but a regular file is refused;
- it is opened with O_NONBLOCK, so that a named pipe swapped in between never blocks;
- at most `limit + 1` bytes are read, whatever size the system reports (files in /proc report 0),
  and a file whose content does not match its reported size is refused as a special file;
- the bytes must be UTF-8 text without NUL characters; a bad byte is located by line and column;
  a byte order mark at the start (U+FEFF, which some editors write) is left out of the text.

JSON is read by :func:`parse_json`, which refuses, with their place, what `json.loads` would take
silently or fail on without a place: a key written twice in one object (Python keeps the last
value, other readers the first: the file does not say one thing), a number too long to read, and
nesting too deep to read.

The limits (:data:`RULESET_TEXT_LIMIT`, :data:`COMPILED_RULES_LIMIT`, :data:`LOG_LIMIT`) are far
above any real file of each kind: the bundled rule sets are under 20 KiB, a compiled rule set
under 100 KiB and a game log under 30 KiB.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from typing import Any, Union

from wonderrules.interpreter.words import MAX_NESTING

__all__ = ["FileReadError", "read_text", "read_json", "shown_path", "RULESET_TEXT_LIMIT",
           "COMPILED_RULES_LIMIT", "LOG_LIMIT", "JsonValueError", "parse_json", "json_path"]

MIB = 1024 * 1024
#: what some editors write at the start of UTF-8 text; it is not part of the text
BYTE_ORDER_MARK = "\ufeff"
#: the largest `.wr` rule set file read
RULESET_TEXT_LIMIT = 2 * MIB
#: the largest compiled rule set (`.json`) read
COMPILED_RULES_LIMIT = 8 * MIB
#: the largest game log read
LOG_LIMIT = 32 * MIB

PathLike = Union[str, "os.PathLike[str]"]


class FileReadError(ValueError):
    """A file that cannot be read. The message is one sentence naming the file and the problem;
    `path` is the file as given, `missing` tells a file that does not exist from one that cannot
    be read, and `hint`, when set, says how to fix it."""

    def __init__(self, path: PathLike, problem: str, *, missing: bool = False, hint: str | None = None) -> None:
        self.path = os.fspath(path)
        self.problem = problem
        self.missing = missing
        self.hint = hint
        super().__init__(f"cannot read {shown_path(self.path)}: {problem}")


#: the characters of a name a message shows; a longer one (text taken for a path) is cut
_SHOWN_NAME = 1000


def shown_path(path: PathLike) -> str:
    """A path quoted for a message, with control characters escaped so a name cannot rewrite the
    terminal it is printed on, and cut when far longer than any path."""
    text = os.fspath(path)
    if len(text) > _SHOWN_NAME:
        return f"{shown_path(text[:100] + '...')} (a name of {len(text)} characters)"
    return f"'{text}'" if text.isprintable() else repr(text)


def _limit_words(limit: int) -> str:
    return f"{limit // MIB} MiB" if limit % MIB == 0 else f"{limit} bytes"


def _not_regular(mode: int) -> str | None:
    """Why a file of this mode is not read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a regular file"
    return "it is not a regular file"


def _os_problem(path: str, err: OSError) -> FileReadError:
    if err.errno == errno.ENOENT:
        return FileReadError(path, "there is no such file", missing=True)
    if err.errno in (errno.EACCES, errno.EPERM):
        return FileReadError(path, "permission denied")
    if err.errno == errno.ENOTDIR:
        return FileReadError(path, "a part of its path is a file, not a folder")
    if err.errno == errno.ELOOP:
        return FileReadError(path, "its symbolic links go round in a circle")
    if err.errno == errno.ENAMETOOLONG:
        return FileReadError(path, "its name is too long")
    if err.errno == errno.ENXIO:
        return FileReadError(path, "it is not a regular file")
    if err.errno == errno.EISDIR:
        return FileReadError(path, "it is a folder, not a file")
    reason = (err.strerror or "the system refused it").rstrip(".")
    return FileReadError(path, reason[:1].lower() + reason[1:])


def _read_bytes(path: str, limit: int, what: str) -> bytes:
    too_large = f"it is larger than {_limit_words(limit)}, the limit for {what}"
    try:
        found = os.stat(path)
    except OSError as e:
        raise _os_problem(path, e) from None
    except ValueError:  # a NUL character in the name
        raise FileReadError(path, "its name holds a NUL character") from None
    problem = _not_regular(found.st_mode)
    if problem is not None:
        raise FileReadError(path, problem)
    if found.st_size > limit:
        raise FileReadError(path, too_large)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise _os_problem(path, e) from None
    try:
        opened = os.fstat(fd)
        problem = _not_regular(opened.st_mode)
        if problem is not None:
            raise FileReadError(path, problem)
        if opened.st_size > limit:
            raise FileReadError(path, too_large)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise _os_problem(path, e) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileReadError(path, too_large)
    if len(data) != opened.st_size:
        raise FileReadError(path, "its content does not match the size the system reports (a special file "
                                  "such as those in /proc, or a file being written)")
    return data


def _line_and_column(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (from 1, in characters) of a byte offset of UTF-8 text valid before it."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def read_text(path: PathLike, limit: int, what: str) -> str:
    """The text of a regular file of at most `limit` bytes, without the byte order mark some
    editors begin UTF-8 text with; `what` names the kind of file for the message about the limit
    ("a rule set file"). Raises FileReadError."""
    name = os.fspath(path)
    data = _read_bytes(name, limit, what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, column = _line_and_column(data, e.start)
        raise FileReadError(name, f"it is not UTF-8 text (byte {data[e.start]:#04x} at line {line}, column {column})",
                            hint="save the file as UTF-8 text") from None
    nul = text.find("\0")
    if nul >= 0:
        line, column = _line_and_column(data, len(text[:nul].encode("utf-8")))
        raise FileReadError(name, f"it holds a NUL character (line {line}, column {column}), so it is not text")
    return text.removeprefix(BYTE_ORDER_MARK)


def read_json(path: PathLike, limit: int, what: str) -> Any:
    """The JSON value of a file read by :func:`read_text` and :func:`parse_json`; a file that is
    not JSON, or not JSON the tools read, gets a located sentence (FileReadError)."""
    name = os.fspath(path)
    text = read_text(name, limit, what)
    try:
        return parse_json(text)
    except json.JSONDecodeError as e:
        problem = e.msg[:1].lower() + e.msg[1:]
        raise FileReadError(name, f"it is not valid JSON (line {e.lineno}, column {e.colno}: {problem})") from None
    except JsonValueError as e:
        if e.kind == "deep":
            problem = f"its JSON is nested too deeply: more than {MAX_NESTING} levels at {e.place}"
        elif e.kind == "long":
            problem = f"it holds a number too long to read ({e.digits} digits) at {e.place}"
        else:
            problem = f"the key {e.place} is written twice in its object ({TWICE})"
        raise FileReadError(name, problem) from None


# ---- JSON text --------------------------------------------------------------------------------------

#: a key or an index in a JSON value
Key = Union[str, int]
#: why a key written twice is refused
TWICE = "JSON readers keep one or the other, so the file does not say one thing"
#: the digits Python reads in one integer (its limit on converting text to int)
_MAX_DIGITS = 4300
#: a JSON string (skipped) or a bracket
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class JsonValueError(ValueError):
    """JSON text that parses but is not read: `kind` is "twice" (a key written twice in one
    object), "long" (a number of too many `digits`) or "deep" (nested too deeply). `keys` are the
    keys and indexes from the top of the value to the key or number at fault; for nesting, which
    never parses, `line` and `column` (from 1) say where it goes too deep. `place` says either."""

    def __init__(self, kind: str, keys: tuple[Key, ...] = (), line: int = 0, column: int = 0, digits: int = 0) -> None:
        self.kind = kind
        self.keys = keys
        self.line = line
        self.column = column
        self.digits = digits
        self.place = f"line {line}, column {column}" if kind == "deep" else json_path(keys) or "the top"
        super().__init__(f"{kind} at {self.place}")


def json_path(keys: tuple[Key, ...]) -> str:
    """`rounds[3]["0"].pay`: indexes in brackets, keys that are names after a dot, other keys
    quoted in brackets."""
    out = ""
    for k in keys:
        if isinstance(k, int):
            out += f"[{k}]"
        elif _NAME.fullmatch(k):
            out += f".{k}" if out else k
        else:
            out += f"[{json.dumps(k)}]"
    return out


class _LongNumber:
    """An integer too long to read, kept in its place until it is found."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def parse_json(text: str) -> Any:
    """The value of JSON text (a byte order mark at its start left out), as `json.loads` reads
    it, except that a key written twice in one object, an integer too long to read and nesting
    too deep to read raise JsonValueError with their place. Text that is not JSON raises
    json.JSONDecodeError."""
    twice: list[tuple[dict[str, Any], str]] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) != len(items) and not twice:
            seen: set[str] = set()
            for k, _ in items:
                if k in seen:
                    twice.append((obj, k))
                    break
                seen.add(k)
        return obj

    def integer(digits: str) -> Union[int, _LongNumber]:
        n = len(digits.lstrip("-"))
        return _LongNumber(n) if n > _MAX_DIGITS else int(digits)

    text = text.removeprefix(BYTE_ORDER_MARK)
    try:
        try:
            value = json.loads(text, object_pairs_hook=pairs)
        except json.JSONDecodeError:
            raise
        except ValueError:  # an integer of thousands of digits: read again to find it
            value = json.loads(text, object_pairs_hook=pairs, parse_int=integer)
            for keys, found in _find(value, lambda v: isinstance(v, _LongNumber)):
                raise JsonValueError("long", keys, digits=found.digits) from None
            raise
    except RecursionError:
        raise _too_deep(text) from None
    if twice:
        obj, key = twice[0]
        for keys, _ in _find(value, lambda v: v is obj):
            raise JsonValueError("twice", keys + (key,))
    return value


def _find(value: Any, wanted: Callable[[Any], bool]) -> Iterator[tuple[tuple[Key, ...], Any]]:
    """(keys, value) of every value inside `value` for which `wanted` holds, in the order of the
    text (a walk with a stack of its own: the value may nest as deep as the parser reads)."""
    stack: list[tuple[tuple[Key, ...], Any]] = [((), value)]
    while stack:
        keys, here = stack.pop()
        if wanted(here):
            yield keys, here
        if isinstance(here, dict):
            stack.extend((keys + (k,), v) for k, v in reversed(here.items()))
        elif isinstance(here, list):
            stack.extend((keys + (i,), v) for i, v in reversed(list(enumerate(here))))


def _too_deep(text: str) -> JsonValueError:
    """Where JSON text that is too deep to read first nests more than MAX_NESTING levels."""
    depth = 0
    for m in _STRING_OR_BRACKET.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                at = m.start()
                return JsonValueError("deep", line=text.count("\n", 0, at) + 1, column=at - text.rfind("\n", 0, at))
        elif ch in "]}":
            depth -= 1
    return JsonValueError("deep", line=1, column=1)  # never reached: a parse that recursed too deep nests more
