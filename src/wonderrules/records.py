"""The stable name of the records of ``wr simulate --out``: ``wonderrules.records.read_records``
reads them back (``docs/cli.rst``). They live in :mod:`wonderrules.workbench.records`; this name
stays where users import them from."""

from __future__ import annotations

from wonderrules.workbench.records import (
    FORMATS,
    LEADING,
    TRAILING,
    MissingModule,
    RecordsError,
    RecordWriter,
    column_names,
    open_writer,
    read_records,
    record_format,
)

__all__ = ["FORMATS", "LEADING", "TRAILING", "RecordsError", "MissingModule", "record_format", "column_names",
           "open_writer", "read_records", "RecordWriter"]
