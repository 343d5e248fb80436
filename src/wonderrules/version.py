"""The version of wonder-rules, written in one place: the `version` of pyproject.toml.

An installed package (also an editable install) reads it from its metadata; a source tree that
is not installed reads it from its pyproject.toml. `wonderrules.__version__` is this version; the
cluster refuses workers that run another one, and `wr --version` prints it.

`engine_build()` says which engine this installation runs: compiled by mypyc (what ``pip install .``
builds where a C compiler is present) or plain Python (``WONDERRULES_COMPILE=0``, an editable
install, a machine without a compiler); `wr --version` prints it on a second line.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["DISTRIBUTION", "UNKNOWN", "COMPILED", "PLAIN", "package_version", "source_tree_version", "engine_build"]

#: the distribution's name, as pip knows it
DISTRIBUTION = "wonder-rules"
#: the version when neither metadata nor a pyproject.toml tell it (no release is ever numbered so)
UNKNOWN = "0+unknown"
#: what `engine_build` answers
COMPILED = "compiled (mypyc)"
PLAIN = "plain Python"


@cache
def package_version() -> str:
    """The installed package's version, else the source tree's (read once per process)."""
    import importlib.metadata

    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return source_tree_version(Path(__file__).resolve().parents[2] / "pyproject.toml")


def source_tree_version(pyproject: Path) -> str:
    """The version a source tree's pyproject.toml gives wonder-rules, or UNKNOWN when there is
    no such file, it is not TOML, or it is not wonder-rules' or gives no version."""
    import tomllib

    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return UNKNOWN
    version = project.get("version") if isinstance(project, dict) and project.get("name") == DISTRIBUTION else None
    return version if isinstance(version, str) and version else UNKNOWN


def engine_build() -> str:
    """COMPILED when the engine running is the one mypyc compiled, else PLAIN: whether the function
    that starts every game (``wonderrules.interpreter.engine.start``) is Python code or, compiled,
    a built-in function."""
    from types import FunctionType

    from wonderrules.interpreter import engine

    return PLAIN if isinstance(engine.start, FunctionType) else COMPILED
