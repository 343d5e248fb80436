"""The records of a simulation in a file, one row per seat per game: CSV, JSON lines or Parquet,
chosen by the file's suffix.

The columns, in order: ``game seed rules players options seat board side agent``, then one
column per score column of the rule set (named as the rule set names it; a name that is also one
of the fixed columns is written ``score NAME``), then ``total rank winner built seen decisions
rounds``. Lists (``options``, ``built``, ``seen``) are JSON lists in JSON lines and Parquet, and
one field joined with ``;`` in CSV. A writer writes each batch of records as soon as it gets it,
so a simulation that stops leaves a file of the games it finished, each complete.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from wonderrules.simulation import SeatRecord

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

    def close(self) -> None: ...  # pragma: no cover


class _TextWriter:
    """CSV or JSON lines: each batch is formatted first and written in one call, then flushed,
    so the file holds whole rows only."""

    def __init__(self, path: str, fmt: str, columns: list[str]) -> None:
        self.fmt = fmt
        self.columns = columns
        self.file = open(path, "w", encoding="utf-8", newline="")
        if fmt == "csv":
            self.file.write(self._csv([columns]))
            self.file.flush()

    @staticmethod
    def _csv(rows: Iterable[Sequence[Any]]) -> str:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerows(rows)
        return buffer.getvalue()

    def _cells(self, row: dict[str, Any]) -> list[Any]:
        for name in _LISTS:
            items = row[name]
            for item in items:
                if SEPARATOR in item:
                    raise RecordsError(f"the name {item!r} holds a '{SEPARATOR}', which CSV uses between the "
                                       f"items of a list: write JSON lines (.jsonl) or Parquet instead")
            row[name] = SEPARATOR.join(items)
        return [row[c] for c in self.columns]

    def write(self, records: Sequence[SeatRecord]) -> None:
        rows = [_row(r) for r in records]
        if self.fmt == "csv":
            text = self._csv(self._cells(row) for row in rows)
        else:
            text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
        self.file.write(text)
        self.file.flush()

    def close(self) -> None:
        self.file.close()


class _ParquetWriter:
    """Parquet: each batch is a row group; the file is readable once closed."""

    def __init__(self, path: str, columns: list[str]) -> None:
        pa = _pyarrow()
        import pyarrow.parquet as pq

        self.pa = pa
        kinds = {name: pa.int64() for name in _INTS}
        kinds.update({name: pa.list_(pa.string()) for name in _LISTS})
        kinds.update(rules=pa.string(), board=pa.string(), side=pa.string(), agent=pa.string(), winner=pa.float64())
        self.schema = pa.schema([(c, kinds.get(c, pa.int64())) for c in columns])
        self.columns = columns
        self.file = pq.ParquetWriter(path, self.schema)

    def write(self, records: Sequence[SeatRecord]) -> None:
        if not records:
            return
        rows = [_row(r) for r in records]
        table = self.pa.Table.from_pydict({c: [row[c] for row in rows] for c in self.columns}, schema=self.schema)
        self.file.write_table(table)

    def close(self) -> None:
        self.file.close()


def open_writer(path: str, score_columns: Sequence[str]) -> RecordWriter:
    """A writer of records to `path`, in the format of its suffix (the file is created now)."""
    fmt = record_format(path)
    columns = column_names(score_columns)
    if fmt == "parquet":
        return _ParquetWriter(path, columns)
    return _TextWriter(path, fmt, columns)


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

