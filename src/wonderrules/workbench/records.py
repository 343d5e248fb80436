"""The records of a simulation in a file, one row per seat per game: CSV, JSON lines or Parquet,
chosen by the file's suffix.

The columns, in order: ``game seed rules players options seat board side agent``, then one
column per score column of the rule set (named as the rule set names it; a name that is also one
of the fixed columns is written ``score NAME``), then ``total rank winner built seen decisions
rounds``. Lists (``options``, ``built``, ``seen``) are JSON lists in JSON lines and Parquet, and
one field joined with ``;`` in CSV. In CSV a text cell that begins with ``=``, ``+``, ``-``,
``@``, a tab, a carriage return or ``'`` gets a ``'`` before it, so that a spreadsheet reads it as
text, never as a formula; :func:`read_records` takes it away.

A writer publishes the rows it gets every few seconds: the file at its name is complete at every
moment (see :mod:`wonderrules.workbench.output_files`), so a simulation that stops in any way, killed
too, leaves a file of the games published last, each complete, that reads as it should."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Optional, Protocol

from wonderrules.workbench.simulation import SeatRecord

__all__ = ["FORMATS", "LEADING", "TRAILING", "RecordsError", "MissingModule", "record_format", "column_names",
           "open_writer", "read_records", "RecordWriter"]

#: suffix -> format
FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".parquet": "parquet"}
#: the columns before the score columns, and after them
LEADING = ("game", "seed", "rules", "players", "options", "seat", "board", "side", "agent")
TRAILING = ("total", "rank", "winner", "built", "seen", "decisions", "rounds")
_LISTS = ("options", "built", "seen")
_INTS = ("game", "seed", "players", "seat", "total", "rank", "decisions", "rounds")
#: how CSV joins the items of a list field
SEPARATOR = ";"


class RecordsError(ValueError):
    """A file of records cannot be written or read as asked; the message is one sentence."""


class MissingModule(RecordsError):
    """The format needs a module that is not installed (Parquet: pyarrow)."""


def record_format(path: str) -> str:
    """The format a file name asks for; RecordsError names the suffixes known otherwise."""
    suffix = Path(path).suffix.lower()
    found = FORMATS.get(suffix)
    if found is None:
        known = ", ".join(list(FORMATS)[:-1]) + f" or {list(FORMATS)[-1]}"
        said = f"from its suffix '{suffix}'" if suffix else "without a suffix"
        raise RecordsError(f"cannot tell the format of {path!r} {said}: name a {known} file")
    if found == "parquet":
        _pyarrow()
    return found


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise MissingModule("writing Parquet needs pyarrow, which is not installed: "
                            "pip install 'wonder-rules[parquet]'") from None
    return pyarrow


def _score_column(name: str) -> str:
    return f"score {name}" if name in LEADING or name in TRAILING else name


def column_names(score_columns: Sequence[str]) -> list[str]:
    """Every column of a file of records whose rule set has these score columns."""
    return [*LEADING, *(_score_column(c) for c in score_columns), *TRAILING]


def _row(record: SeatRecord) -> dict[str, Any]:
    """A record as the columns of a file: names as :func:`column_names` gives them."""
    row: dict[str, Any] = {name: getattr(record, name) for name in LEADING}
    row.update((_score_column(name), value) for name, value in record.scores)
    row.update((name, getattr(record, name)) for name in TRAILING)
    for name in _LISTS:
        row[name] = list(row[name])
    return row


class RecordWriter(Protocol):
    def write(self, records: Sequence[SeatRecord]) -> None: ...  # pragma: no cover

    def close(self) -> bool: ...  # pragma: no cover

    def discard(self) -> None: ...  # pragma: no cover


#: the seconds between two publications of a records file: Parquet adds a row group and rewrites
#: its footer each time, so it is published less often
PUBLISH_EVERY = {"csv": 1.0, "jsonl": 1.0, "parquet": 5.0}
#: the rows that may wait for a publication, whatever the time (they are kept in memory)
MOST_WAITING = 100_000
#: the characters that make a spreadsheet read a CSV cell as a formula (and the quote that marks
#: a cell kept as text)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")
#: the columns of text (the others hold numbers)
_TEXTS = ("rules", "options", "board", "side", "agent", "built", "seen")


def _cell_text(value: str) -> str:
    """The text of a CSV cell written with a ' before it (see :class:`_TextFormat`)."""
    return value[1:] if value.startswith("'") else value


class _TextFormat:
    """CSV or JSON lines: the header (CSV), then rows; nothing after them. In CSV, a text cell
    that begins like a formula gets a ' before it, so that a spreadsheet reads it as text
    (numbers, negative ones too, are left as they are)."""

    def __init__(self, fmt: str, columns: list[str]) -> None:
        self.fmt = fmt
        self.columns = columns
        self.texts = [i for i, c in enumerate(columns) if c in _TEXTS]

    def head(self) -> bytes:
        return self._csv([self.columns]) if self.fmt == "csv" else b""

    def _csv(self, rows: Iterable[list[Any]]) -> bytes:
        buffer = io.StringIO()
        plain = csv.writer(buffer, lineterminator="\n")
        # the csv module quotes a cell that holds a line feed, not one that holds a carriage
        # return alone, which a reader takes for the end of the row: such a row is quoted whole
        quoted = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_ALL)
        for row in rows:
            (quoted if any("\r" in row[i] for i in self.texts) else plain).writerow(row)
        return buffer.getvalue().encode("utf-8")

    def _check(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            for name in _LISTS:
                for item in row[name]:
                    if SEPARATOR in item:
                        raise RecordsError(f"the name {item!r} holds a '{SEPARATOR}', which CSV uses between the "
                                           f"items of a list: write JSON lines (.jsonl) or Parquet instead")

    def _cells(self, row: dict[str, Any]) -> list[Any]:
        cells = [SEPARATOR.join(row[c]) if c in _LISTS else row[c] for c in self.columns]
        for i in self.texts:
            if cells[i].startswith(_FORMULA_START):
                cells[i] = "'" + cells[i]
        return cells

    def piece(self, rows: list[dict[str, Any]]) -> bytes:
        """The rows as they wait for the next publication: their lines (RecordsError for a row
        that cannot be written)."""
        if self.fmt == "csv":
            self._check(rows)
            return self._csv(self._cells(row) for row in rows)
        return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8")

    def block(self, pieces: list[Any], at: int) -> bytes:
        return b"".join(pieces)

    def ending(self) -> bytes:
        return b""


class _ParquetFormat:
    """Parquet: the magic number, one row group per publication, and a footer that describes them
    all. Each row group is encoded by pyarrow where it will lie in the file (its footer records
    where its pages are), and the footer is written again at each publication."""

    def __init__(self, columns: list[str], scratch: str) -> None:
        pa = _pyarrow()
        import pyarrow.parquet as pq

        self.pa, self.pq = pa, pq
        #: where a row group is encoded: a hidden file next to the records
        self.scratch = scratch
        kinds = {name: pa.int64() for name in _INTS}
        kinds.update({name: pa.list_(pa.string()) for name in _LISTS})
        kinds.update(rules=pa.string(), board=pa.string(), side=pa.string(), agent=pa.string(), winner=pa.float64())
        self.schema = pa.schema([(c, kinds.get(c, pa.int64())) for c in columns])
        self.columns = columns
        empty = pa.BufferOutputStream()
        pq.ParquetWriter(empty, self.schema).close()
        #: the footer so far: the schema, then the row groups written
        self.footer = pq.read_metadata(pa.BufferReader(empty.getvalue()))

    def head(self) -> bytes:
        return b"PAR1"

    def piece(self, rows: list[dict[str, Any]]) -> Any:
        """The rows as they wait for the next publication: a table (columns take less room than rows)."""
        return self.pa.Table.from_pydict({c: [row[c] for row in rows] for c in self.columns}, schema=self.schema)

    def block(self, pieces: list[Any], at: int) -> bytes:
        table = self.pa.concat_tables(pieces)
        room = 2 * table.nbytes + 64 * table.num_rows * table.num_columns + (1 << 20)
        for attempt in range(2):
            # a scratch file as long as the records file will be with this row group (sparse: only
            # the row group is written), so that the writer records the row group's place in the file
            sink = self.pa.create_memory_map(self.scratch, at + room * 4 ** attempt)
            try:
                self._claim_disk(at, room * 4 ** attempt)
                writer = self.pq.ParquetWriter(sink, self.schema)
                sink.seek(at)
                try:
                    writer.write_table(table)
                    writer.close()
                except OSError:
                    if attempt:
                        raise
                    continue
                end = sink.tell()
                sink.seek(end - 8)
                footer_size = int.from_bytes(sink.read(4), "little")
                sink.seek(at)
                block = sink.read(end - 8 - footer_size - at)
            finally:
                sink.close()
                os.unlink(self.scratch)
            self.footer.append_row_groups(writer.writer.metadata)
            return bytes(block)
        raise AssertionError("unreachable")  # pragma: no cover

    def _claim_disk(self, at: int, room: int) -> None:
        """Take the disk's room for what is written into the scratch file (its first page and the
        row group's place): written through a memory map, a full disk would end the process
        (SIGBUS) instead of raising OSError (ENOSPC) here."""
        if not hasattr(os, "posix_fallocate"):  # pragma: no cover - not on Linux
            return
        fd = os.open(self.scratch, os.O_RDWR)
        try:
            os.posix_fallocate(fd, 0, 4096)
            os.posix_fallocate(fd, at, room)
        except OSError as e:
            if e.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):  # (a file system that cannot)
                raise
        finally:
            os.close(fd)

    def ending(self) -> bytes:
        out = self.pa.BufferOutputStream()
        self.footer.write_metadata_file(out)
        return bytes(out.getvalue())[4:]  # its footer, without the magic number it starts with


class _RecordsFile:
    """A file of records written as a :class:`~wonderrules.workbench.output_files.GrowingFile`: the rows
    wait in memory and are published every few seconds (:data:`PUBLISH_EVERY`; the first rows
    at once; sooner when :data:`MOST_WAITING` rows wait), and at :meth:`close`. The file at the
    name is complete at every moment: after a stop of any kind (``kill -9`` too) it holds the
    games published last, each whole."""

    def __init__(self, path: str, form: Any, every: float) -> None:
        from wonderrules.workbench.output_files import GrowingFile

        self.path = path
        self.form = form
        self.every = every
        self.file = GrowingFile(path)
        head = form.head()
        self.file.add(head)
        self.length = len(head)
        #: the rows waiting for the next publication, in the format's pieces, and how many
        self.waiting: list[Any] = []
        self.waiting_rows = 0
        self.rows = 0
        self.last: Optional[float] = None
        #: set while the file is being changed: a change cut short (an error, an interruption)
        #: publishes nothing more, and leaves the file published last
        self.broken = False

    def write(self, records: Sequence[SeatRecord]) -> None:
        if not records:
            return
        rows = [_row(r) for r in records]
        self.waiting.append(self.form.piece(rows))
        self.waiting_rows += len(rows)
        self.rows += len(rows)
        if self.last is None or time.monotonic() - self.last >= self.every or self.waiting_rows >= MOST_WAITING:
            self._publish()

    def _publish(self, durable: bool = False) -> None:
        from wonderrules.workbench.output_files import why_not

        if self.broken:
            raise RecordsError("an earlier write of the records failed")
        self.broken = True
        try:
            if self.waiting:
                block = self.form.block(self.waiting, self.length)
                self.file.add(block)
                self.length += len(block)
                self.waiting, self.waiting_rows = [], 0
            self.file.publish(self.form.ending(), durable)
        except OSError as e:
            raise RecordsError(why_not(e)) from None
        self.last = time.monotonic()
        self.broken = False

    def close(self) -> bool:
        """Publish the rows waiting, for good, and remove the helper files; whether the file was
        written (a run that wrote no row leaves a file that was there as it was)."""
        try:
            if self.broken or (not self.rows and Path(self.path).exists()):
                return False
            self._publish(durable=True)
            return True
        finally:
            self.file.discard()

    def discard(self) -> None:
        """Stop here: the file stays as it was published last."""
        self.broken = True
        self.file.discard()


def open_writer(path: str, score_columns: Sequence[str], every: Optional[float] = None) -> RecordWriter:
    """A writer of records to `path`, in the format of its suffix, published every `every`
    seconds (by default :data:`PUBLISH_EVERY` of the format). A file that is at `path` stays as
    it is until the first rows are published."""
    from wonderrules.workbench.output_files import helper_path, why_not

    fmt = record_format(path)
    columns = column_names(score_columns)
    scratch = helper_path(os.path.realpath(path), "wr-part-row-group")
    form = _ParquetFormat(columns, scratch) if fmt == "parquet" else _TextFormat(fmt, columns)
    try:
        return _RecordsFile(path, form, PUBLISH_EVERY[fmt] if every is None else every)
    except OSError as e:
        raise RecordsError(why_not(e)) from None


# ---- reading ------------------------------------------------------------------------------------

def _record(row: dict[str, Any], names: list[str], where: str) -> SeatRecord:
    """The record of a row read back; RecordsError names the row and the column at fault."""
    missing = [c for c in (*LEADING, *TRAILING) if c not in row]
    if missing:
        raise RecordsError(f"{where}: no column {missing[0]!r}")
    first, last = names.index("agent") + 1, names.index("total")
    scores = []
    values: dict[str, Any] = {}
    column = ""
    try:
        for column in names[first:last]:
            bare = column[len("score "):] if column.startswith("score ") else column
            scores.append((bare if bare in LEADING or bare in TRAILING else column, int(row[column])))
        for column in _INTS:
            values[column] = int(row[column])
        column = "winner"
        values["winner"] = float(row["winner"])
    except (TypeError, ValueError):
        raise RecordsError(f"{where}: column {column!r} is not a number: {row[column]!r}") from None
    for column in _LISTS:
        items = row[column]
        if isinstance(items, str):
            items = items.split(SEPARATOR) if items else []
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise RecordsError(f"{where}: column {column!r} is not a list of names")
        values[column] = tuple(items)
    for column in ("rules", "board", "side", "agent"):
        if not isinstance(row[column], str):
            raise RecordsError(f"{where}: column {column!r} is not text")
        values[column] = row[column]
    return SeatRecord(scores=tuple(scores), **values)


def read_records(path: str) -> list[SeatRecord]:
    """The records of a file written by :func:`open_writer`."""
    fmt = record_format(path)
    try:
        if fmt == "parquet":
            import pyarrow.parquet as pq

            table = pq.read_table(path)
            names = list(table.column_names)
            return [_record(row, names, f"{path}: row {i + 1}") for i, row in enumerate(table.to_pylist())]
        with open(path, encoding="utf-8", newline="") as file:
            if fmt == "csv":
                reader = csv.reader(file)
                names = next(reader, [])
                out = []
                for row in reader:
                    row = [_cell_text(cell) for cell in row]
                    if len(row) != len(names):
                        raise RecordsError(f"{path}: line {reader.line_num}: {len(row)} fields, "
                                           f"the header names {len(names)}")
                    out.append(_record(dict(zip(names, row)), names, f"{path}: line {reader.line_num}"))
                return out
            out = []
            for number, line in enumerate(file, start=1):
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as e:
                    raise RecordsError(f"{path}: line {number}: not JSON ({e.msg})") from None
                if not isinstance(row, dict):
                    raise RecordsError(f"{path}: line {number}: not a JSON object")
                out.append(_record(row, list(row), f"{path}: line {number}"))
            return out
    except OSError as e:
        raise RecordsError(f"cannot read {path}: {(e.strerror or 'the system refused it').lower()}") from None
    except UnicodeDecodeError as e:
        raise RecordsError(f"cannot read {path}: it is not UTF-8 text (byte {e.start})") from None

