"""The fingerprint of a rule set: what game logs record to refuse a replay against other rules.

It is `sha256:` and the SHA-256 of the rule set written as canonical JSON (sorted keys, no spaces,
ASCII), each object with its class name as `type` and every field but the places in the source
text (`origin`) and the fields added since that hold their default (``added`` in their spec):
equal for equal rule sets however they were made (.wr files from anywhere, or a compiled .json),
different as soon as anything that plays differs. A rule set computes it once, when it is first
asked (:attr:`.ir.RuleSet.fingerprint`); docs/log_format.rst describes it.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.ir import RuleSet

__all__ = ["computed_fingerprint"]


def _canonical(value: Any) -> Any:
    """The rule set as plain JSON data: every object with its class name as `type` and every
    field but `origin`, which does not change the game."""
    if attrs.has(type(value)):
        out = {"type": type(value).__name__}
        for field in attrs.fields(type(value)):
            given = getattr(value, field.name)
            if field.name != "origin" and not (field.metadata.get("added") and given == field.default):
                out[field.name] = _canonical(given)
        return out
    if isinstance(value, (tuple, list)):
        return [_canonical(v) for v in value]
    return value


def computed_fingerprint(rules: RuleSet) -> str:
    """The fingerprint of `rules`, computed afresh (read `rules.fingerprint`, computed once)."""
    text = json.dumps(_canonical(rules), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()
