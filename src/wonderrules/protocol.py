"""The stable name of the JSON protocol: ``wonderrules.protocol.Hub`` answers its messages and
``wonderrules.protocol.json_schema()`` gives their schema (``docs/protocol.rst``). The protocol
lives in :mod:`wonderrules.embedding.protocol`; this name stays where front ends import it from."""

from __future__ import annotations

from wonderrules.embedding.protocol import (
    ERROR_CODES,
    MAX_MESSAGE,
    MAX_TABLES,
    PROTOCOL_VERSION,
    Hub,
    ProtocolError,
    json_schema,
)

__all__ = ["PROTOCOL_VERSION", "MAX_MESSAGE", "MAX_TABLES", "ERROR_CODES", "Hub", "ProtocolError", "json_schema"]
