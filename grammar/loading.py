"""Finding rule-set files and reading the layers they extend, dependencies first.

A reference is a path when it ends in `.wr` or holds a path separator; any other reference is a
bare name and always means a bundled rule set: no file of the current folder is ever read for
it, nor to choose how a bundled file is shown (`<bundled>/NAME.wr`). `extends NAME` looks for
`NAME.wr` next to the layer, then for a bundled rule set. Files are read by the safe reader
(`interpreter.files`): regular files only, at most RULESET_TEXT_LIMIT bytes. A name that
finds nothing, two layers with one name and layers that extend each other in a circle are
refused (E0405) before anything is merged.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping
from importlib import resources as pkg_resources
from pathlib import Path
from typing import Union

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks import reserved
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.parse import ParsedFiles, parse_source, readable_parts
from wonderrules.interpreter.files import RULESET_TEXT_LIMIT, FileReadError, read_text, shown_path

__all__ = ["Layer", "load_layers", "closest", "bundled_names", "bundled_like", "did_you_mean", "read_bundled",
           "names_a_file", "BUNDLED_PREFIX", "GIVEN_PREFIX", "given_path"]


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The nearest known name, for `help: did you mean ...`."""
    pool = list(candidates)
    found = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if not found:
        lowered = {c.lower(): c for c in pool}
        found = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
        found = [lowered[f] for f in found]
    return found[0] if found else None


# ---- finding files ------------------------------------------------------------------------------

def bundled_names() -> list[str]:
    files = pkg_resources.files("wonderrules.rulesets")
    return sorted(p.name[:-3] for p in files.iterdir() if p.name.endswith(".wr"))


def bundled_like(name: str) -> list[str]:
    """The bundled names closest to a name that is none of them (a typo: `citiez`, `Base`),
    nearest first; none when nothing is close. A name that differs only in case has one answer."""
    known = bundled_names()
    if name.lower() in known:
        return [name.lower()]
    return difflib.get_close_matches(name.lower(), known, n=3, cutoff=0.6)


def did_you_mean(names: list[str]) -> str:
    """`did you mean 'cities'?`, `did you mean 'base' or 'leaders'?`; empty for no name."""
    if not names:
        return ""
    quoted = [f"'{n}'" for n in names]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f"did you mean {listed}?"


#: how a bundled rule set is shown in diagnostics: no file of the user's is ever read to choose it
BUNDLED_PREFIX = "<bundled>/"


#: how a rule set given as text (not read from a file: see load_layers' `given`) is shown
GIVEN_PREFIX = "<given>/"


def given_path(name: str) -> str:
    """The display path of a rule set given as text under `name` (`.wr` added when missing)."""
    return f"{GIVEN_PREFIX}{name if name.endswith('.wr') else name + '.wr'}"


def read_bundled(name: str) -> tuple[str, str] | None:
    """(display path, text) of a bundled rule set, or None. Only the package is read."""
    if name not in bundled_names():
        return None
    text = pkg_resources.files("wonderrules.rulesets").joinpath(f"{name}.wr").read_text(encoding="utf-8")
    return f"{BUNDLED_PREFIX}{name}.wr", text


def names_a_file(ref: str) -> bool:
    """Whether a rule set reference is a path (it ends in `.wr` or holds a path separator) rather
    than a bundled name. A bare name never reads a file, whatever the current folder holds."""
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return ref.endswith(".wr") or any(sep in ref for sep in separators)


@attrs.frozen
class _Unreadable:
    message: str
    help: str | None


def _read_file(path: Path | str, within: Path | None,
               overlay: Mapping[str, str] | None = None) -> Union[tuple[str, str], _Unreadable, None]:
    """(path, text) of a rule set file, an _Unreadable, or None when there is no such file.
    `within`: a folder (resolved) the file must stay inside, symbolic links followed. `overlay`:
    texts that stand in for files, by absolute path (an editor's unsaved buffers)."""
    if within is not None:
        try:
            inside = Path(path).resolve().is_relative_to(within)
        except (OSError, RuntimeError):  # a loop of symbolic links
            inside = False
        if not inside:
            return _Unreadable(f"{shown_path(str(path))} leads out of the folder {shown_path(str(within))}", None)
    if overlay is not None and (text := overlay.get(os.path.abspath(path))) is not None:
        return str(path), text
    try:
        return str(path), read_text(path, RULESET_TEXT_LIMIT, "a rule set file")
    except FileReadError as e:
        return None if e.missing else _Unreadable(str(e), e.hint)


def _read(ref: str, near: Path | None, within: Path | None = None, given: Mapping[str, str] | None = None,
          overlay: Mapping[str, str] | None = None) -> Union[tuple[str, str], str, _Unreadable]:
    """Find a rule set named `ref`: a path; or a bare name, which is `NAME.wr` next to the layer
    that extends it (`near`), else a bundled rule set. Returns (path, text) or an error message.
    With `given` (texts by display path), no file is read: a name is a given text, else a
    bundled rule set."""
    if given is not None:
        path = ref if ref.startswith(GIVEN_PREFIX) else given_path(ref)
        if path in given:
            return path, given[path]
        if names_a_file(ref):
            return _Unreadable(f"'{ref}' names a file: a rule set given as text extends only bundled rule sets "
                               "and other rule sets given with it", None)
        bundled = read_bundled(ref)
        return bundled if bundled is not None else f"no rule set '{ref}'"
    if names_a_file(ref):
        found = _read_file(ref, within, overlay)
        return f"no file '{ref}'" if found is None else found
    if near is not None:
        found = _read_file(near / f"{ref}.wr", within, overlay)
        if found is not None:
            return found
    bundled = read_bundled(ref)
    return bundled if bundled is not None else f"no rule set '{ref}'"


def _not_given_help(ref: str) -> str:
    """Help for a rule set named on the command line that names nothing."""
    text = f"give a .wr file or a bundled name ({', '.join(bundled_names())})"
    if names_a_file(ref):
        return text
    if ref.endswith(".json"):
        return text + "; a compiled .json rule set is loaded by `wr play --rules`, not checked"
    hint = did_you_mean(bundled_like(ref))
    return (f"{hint} " if hint else "") + text + (f"; a bare name is always a bundled rule set, a file is named by "
                                                  f"its path (./{ref})")


def _not_found_help(ref: str, near: Path | None, here: str | None = None) -> str:
    """Help for an `extends` that names nothing: the closest bundled name or `.wr` file next to
    the layer (`here`, which is left out)."""
    known = bundled_names()
    local = _files_next_to(near, here)
    hint = closest(ref, local + known)
    where = f"`{ref}.wr` next to this file, then " if near is not None else ""
    text = f"`extends {ref}` looks for {where}a bundled rule set ({', '.join(known)})"
    if hint is not None and hint in local:
        return f"did you mean '{hint}' ({hint}.wr, next to this file)? " + text
    if hint is not None:
        return f"did you mean '{hint}'? " + text
    if local and len(local) <= 8:
        text += "; the rule set files next to this one: " + ", ".join(f"{n}.wr" for n in local)
    return text


def _files_next_to(folder: Path | None, here: str | None) -> list[str]:
    """The names of the `.wr` files of a folder, but `here`."""
    if folder is None:
        return []
    try:
        own = Path(here).resolve() if here else None
        return sorted(p.stem for p in folder.glob("*.wr") if p.is_file() and p.resolve() != own)
    except OSError:
        return []


@attrs.define
class Layer:
    name: str
    path: str
    tree: s.Ruleset
    #: the layers its header extends, by name
    extends: tuple[str, ...] = ()


def load_layers(refs: list[str], within: Path | None = None, parsed: ParsedFiles | None = None,
                given: Mapping[str, str] | None = None, overlay: Mapping[str, str] | None = None,
                ) -> tuple[list[Layer], dict[str, str], list[Diagnostic]]:
    """Read every named rule set and the layers they extend, dependencies first. `within`: a
    folder every file read must stay inside (the folder of a game log naming its rules); files
    already in `parsed` are not parsed again. `given`: rule sets given as text, by display path
    (given_path): then no file is read at all, and a name is one of them or a bundled rule set.
    `overlay`: texts read instead of files, by absolute path (what an editor holds unsaved)."""
    layers: list[Layer] = []
    sources: dict[str, str] = {}
    diags: list[Diagnostic] = []
    by_name: dict[str, Layer] = {}
    visiting: list[str] = []
    layer_names: dict[str, str] = {}

    def visit(ref: str, near: Path | None, span: Span | None, here: str | None = None) -> str | None:
        """Load `ref` and what it extends; returns the name of its layer (None when it failed)."""
        found = _read(ref, near, within, given, overlay)
        if isinstance(found, _Unreadable):
            diags.append(error("E0004" if span is None else "E0405", found.message, span, help=found.help))
            return None
        if isinstance(found, str):
            if span is None:
                diags.append(error("E0004", found, None, help=_not_given_help(ref)))
            else:
                diags.append(error("E0405", found, span, help=_not_found_help(ref, near, here)))
            return None
        path, text = found
        if path in sources:
            if path in visiting:
                cycle = visiting[visiting.index(path):] + [path]
                names = " -> ".join(layer_names.get(p, Path(p).stem) for p in cycle)
                diags.append(error("E0405", f"layers extend each other in a cycle: {names}", span,
                                   help="a layer extends only rule sets below it; remove one of these `extends`"))
                return None
            return layer_names.get(path)
        sources[path] = text
        tree, file_diags = parse_source(text, path, parsed)
        parse_diags.extend(file_diags)
        header, items = (tree.header, tree.items) if tree is not None else readable_parts(text, path)
        reserved_diags.extend(reserved.declarations(items))
        if header is None:
            return None
        # a file that does not parse still has its lower layers read: their declarations may
        # explain its syntax errors
        layer_names[path] = header.name.text
        visiting.append(path)
        base_dir = Path(path).parent if not path.startswith((BUNDLED_PREFIX, GIVEN_PREFIX)) else None
        extended = [visit(ext.text, base_dir, ext.span, path) for ext in header.extends]
        visiting.pop()
        if tree is None:
            return None
        name = tree.header.name.text
        if name in by_name:
            other = by_name[name]
            diags.append(error("E0405", f"two rule sets are both called '{name}'", tree.header.name.span,
                               labels=[Label(other.tree.header.name.span, "the other one")],
                               help="give each layer its own name in its `ruleset` header"))
            return None
        layer = Layer(name, path, tree, tuple(e for e in extended if e is not None))
        by_name[name] = layer
        layers.append(layer)
        return name

    parse_diags: list[Diagnostic] = []
    reserved_diags: list[Diagnostic] = []
    for ref in refs:
        visit(ref, None, None)
    if reserved_diags:
        reserved_diags, parse_diags = reserved.explain_uses(reserved_diags, parse_diags, sources)
    return layers, sources, parse_diags + reserved_diags + diags
