"""Builds wonder-rules, with the engine compiled by mypyc when asked.

Everything else about the package is declared in pyproject.toml; this file only adds the compiled
engine. A compiled wheel holds the engine's modules of ``interpreter/`` compiled to C extensions
next to their ``.py`` sources, which Python then imports first. ``WONDERRULES_COMPILE`` says what
``pip install .`` builds:

- ``auto`` (the default): the compiled engine where compiling can be done, else the plain one,
  with a warning (no mypyc, a mypyc that refuses the code, no C compiler, a compiler that fails):
  the build never fails because compiling failed;
- ``1``: the compiled engine, or the build fails saying why (for benchmarks and checks);
- ``0``: the plain Python engine, the reference the compiled one is held to
  (tests/core/test_compiled_same_games.py plays the same seeded games on both).

CI runs the whole test suite on both engines.

An editable install (``pip install -e .``) is never compiled: compiled modules would be left in the
source tree and shadow the ``.py`` files being edited. ``wonderrules.engine_build()`` and
``wr --version`` say which engine is running.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

#: The engine's modules left plain Python, each with why; every other module of interpreter/ and
#: interpreter/agents/ is compiled.
PLAIN = {
    # an exception class must inherit from a built-in type, which mypyc's native classes cannot
    "errors.py": "inherits built-in exceptions",
    # mypyc 2.4.1 stops on an internal error in its JSON walker; read once, when a file is loaded
    "files.py": "read once per file loaded",
    # the compiled rule set's attrs classes: cattrs builds them, validate.py walks their fields and
    # the module's names, and they are what a rule set pickles as; left plain until native attrs
    # classes are shown to keep all that (a game reads the catalog, built from them once)
    "ir.py": "attrs classes read by cattrs, the validator and pickle",
    # named tuples whose fields name classes of modules that import this one: compiled, the class
    # is built as the module is imported and reads those classes before they exist (a crash)
    "work.py": "named tuples of classes not yet made",
    # attrs' stubs type a field's metadata as a dict, which is a mappingproxy at run time: compiled
    # code checks the declared type and refuses it; read when the rule set's classes are made
    "constraints.py": "attrs metadata is no dict",
    # run once when a rule set is loaded, checked or written, never while a game is played: compiling
    # them would only lengthen the build
    "validate.py": "load time only",
    "consistency.py": "load time only",
    "serial.py": "load time only",
    "fingerprint.py": "load time only",
    "log_structure.py": "load time only",
}


#: WONDERRULES_COMPILE when it is not set (see above)
DEFAULT_MODE = "auto"


def _mode() -> str:
    mode = os.environ.get("WONDERRULES_COMPILE", "").strip() or DEFAULT_MODE
    if mode not in ("0", "1", "auto"):
        raise SystemExit(f"wonder-rules: WONDERRULES_COMPILE is 0, 1 or auto, not {mode!r}")
    return mode


def _wants_compiled() -> bool:
    """Whether this run builds a wheel that should hold the compiled engine."""
    if _mode() == "0":
        return False
    # setuptools' build backend runs `bdist_wheel` for a wheel and `editable_wheel` for an editable
    # install; metadata and source distributions need no compiling either
    return "bdist_wheel" in sys.argv[1:]


def _say(message: str) -> None:
    print(f"wonder-rules: {message}", file=sys.stderr)


def _fall_back(why: str) -> None:
    """Say why the engine is left plain; with WONDERRULES_COMPILE=1, fail the build instead."""
    if _mode() == "1":
        raise SystemExit(f"wonder-rules: {why}, and WONDERRULES_COMPILE=1 asks for the compiled engine")
    _say(f"{why}: the engine is installed as plain Python")


def _engine_sources() -> list[str]:
    """The engine's modules to compile, copied under build/ into the layout of the installed package
    (``wonderrules/interpreter/...``), so that mypyc names them as they are imported."""
    layout = ROOT / "build" / "mypyc-layout"
    shutil.rmtree(layout, ignore_errors=True)
    package = layout / "wonderrules"
    shutil.copytree(ROOT / "interpreter", package / "interpreter",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
    (package / "__init__.py").write_text("")
    (layout / "mypy.ini").write_text("[mypy]\npython_version = 3.11\nstrict = True\n"
                                     "[mypy-networkx.*]\nignore_missing_imports = True\n")
    engine = package / "interpreter"
    return [str(p.relative_to(layout)) for p in sorted(engine.glob("*.py")) + sorted(engine.glob("agents/*.py"))]


def _compiled_extensions() -> list[Any]:
    """mypyc's extensions of the engine, or none when mypyc is missing or refuses the code."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        _fall_back("mypyc is not installed")
        return []
    here = Path.cwd()
    try:
        files = _engine_sources()
        os.chdir(ROOT / "build" / "mypyc-layout")
        try:
            # mypy reads every module of the engine (the same program whatever is left plain)
            compiled = [f for f in files if Path(f).name not in PLAIN or "/agents/" in f]
            extensions: list[Any] = mypycify(["--config-file", "mypy.ini", *files], only_compile_paths=compiled,
                                             opt_level="3", group_name="wonderrules_engine", target_dir="c")
        finally:
            os.chdir(here)
    except (Exception, SystemExit) as error:  # mypyc reports refused code by exiting
        _fall_back(f"mypyc could not compile the engine ({error})")
        return []
    layout = ROOT / "build" / "mypyc-layout"
    for extension in extensions:  # the C sources are found from the layout, not from the root
        extension.sources = [str(layout / s) if not os.path.isabs(s) else s for s in extension.sources]
        extension.include_dirs = [str(layout / d) if not os.path.isabs(d) else d for d in extension.include_dirs]
    return extensions


class BuildEngine(build_ext):
    """Compiles the engine's extensions, or leaves the engine plain when the C compiler fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, a missing compiler (any platform's)
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            _fall_back(f"the engine could not be compiled ({error})")


if "bdist_wheel" in sys.argv[1:]:
    # a wheel starts from an empty build folder: a plain wheel must not pick up the compiled
    # modules an earlier build left there
    for built in (ROOT / "build").glob("lib*"):
        shutil.rmtree(built, ignore_errors=True)
setup(ext_modules=_compiled_extensions() if _wants_compiled() else [], cmdclass={"build_ext": BuildEngine})
