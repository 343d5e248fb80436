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
- the bytes must be UTF-8 text without NUL characters; a bad byte is located by line and column.

The limits (:data:`RULESET_TEXT_LIMIT`, :data:`COMPILED_RULES_LIMIT`, :data:`LOG_LIMIT`) are far
above any real file of each kind: the bundled rule sets are under 20 KiB, a compiled rule set
under 100 KiB and a game log under 30 KiB.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from typing import Any, Union

__all__ = ["FileReadError", "read_text", "read_json", "shown_path", "RULESET_TEXT_LIMIT",
           "COMPILED_RULES_LIMIT", "LOG_LIMIT"]

MIB = 1024 * 1024
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


def shown_path(path: PathLike) -> str:
    """A path quoted for a message, with control characters escaped so a name cannot rewrite the
    terminal it is printed on."""
    text = os.fspath(path)
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
    """The text of a regular file of at most `limit` bytes; `what` names the kind of file for the
    message about the limit ("a rule set file"). Raises FileReadError."""
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
    return text


def read_json(path: PathLike, limit: int, what: str) -> Any:
    """The JSON value of a file read by :func:`read_text`; a file that is not JSON gets a located
    sentence (FileReadError)."""
    name = os.fspath(path)
    text = read_text(name, limit, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        problem = e.msg[:1].lower() + e.msg[1:]
        raise FileReadError(name, f"it is not valid JSON (line {e.lineno}, column {e.colno}: {problem})") from None
    except RecursionError:
        raise FileReadError(name, "its JSON is nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise FileReadError(name, "it holds a number too long to read") from None
