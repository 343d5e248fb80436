"""The rules a game log names: what `wr play --log` records, and what `wr replay` may read.

A log travels: it is shared, downloaded, converted. Its `rules` entry is therefore read as a
request, not as a path to open: an entry is either a bundled name (`base`) or a `.wr`/`.json`
file given relative to the log's own folder that stays inside that folder once symbolic links
are followed. An absolute path, `..`, a link leading out, any other suffix, or a character that
is not printed (a line break would cut the sentence that names the entry) is refused with a
sentence that says how to name the rules instead (`wr replay LOG --rules FILE`).

When a game is played with a rules file outside the folder its log goes to, the log records the
file's absolute path: it says which file was used, and `wr replay` asks for `--rules`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any, NoReturn

import attrs

from wonderrules.interpreter.ir import RuleSet
from wonderrules.interpreter.log_structure import ReplayError, shown

__all__ = ["LogRules", "rules_named_by_log", "load_rules_named_by_log", "rules_for_log", "RULES_SUFFIXES"]

#: the suffixes of the rules files a log may name
RULES_SUFFIXES = (".wr", ".json")


@attrs.frozen
class LogRules:
    """The rules a log names, ready to load: `refs` are bundled names and resolved paths, in the
    log's order; `shown` are the same as a user would type them from the current folder;
    `folder` is the log's folder (resolved), which every file read must stay inside."""

    refs: tuple[str, ...]
    shown: tuple[str, ...]
    folder: Path


def log_folder(log_path: str | os.PathLike[str]) -> Path:
    """The folder of a log as the user named it, with its symbolic links resolved."""
    return Path(log_path).absolute().parent.resolve()


def _how_to_give(log_path: str) -> str:
    import shlex

    return f"give the rules with --rules (wr replay {shlex.quote(log_path)} --rules FILE)"


def rules_named_by_log(log_path: str, entries: Sequence[str], bundled: Sequence[str]) -> LogRules:
    """Resolve a log's `rules` entries (already checked to be strings). `bundled`: the bundled
    names. Raises ReplayError naming the entry at fault; nothing is opened."""
    if not entries:
        raise ReplayError(f"the log names no rules; {_how_to_give(log_path)}", field="rules")
    folder = log_folder(log_path)
    refs: list[str] = []
    views: list[str] = []
    for i, entry in enumerate(entries):
        field = f"rules[{i}]"

        def refuse(why: str, entry: str = entry, field: str = field) -> NoReturn:
            raise ReplayError(f"{shown(entry)} {why}; a log names bundled rule sets or .wr and .json files "
                              f"inside its own folder; {_how_to_give(log_path)}", field=field)

        if not entry.isprintable():
            found = next(c for c in entry if not c.isprintable())
            refuse(f"holds a character that is not printed (U+{ord(found):04X})")
        if not entry.endswith(RULES_SUFFIXES):
            if "/" in entry or "\\" in entry or "." in entry:
                refuse("is not a .wr or .json file")
            if entry not in bundled:
                refuse(f"is not a bundled rule set ({', '.join(bundled)})")
            refs.append(entry)
            views.append(entry)
            continue
        if "\0" in entry or "\\" in entry:
            refuse("is not a path of this form (use / between folders)")
        posix, windows = PurePosixPath(entry), PureWindowsPath(entry)
        if posix.is_absolute() or windows.is_absolute() or windows.drive:
            refuse("is an absolute path")
        if ".." in posix.parts:
            refuse("leads out of the log's folder (..)")
        try:
            target = (folder / posix).resolve()
        except (OSError, RuntimeError):  # a loop of symbolic links
            refuse("cannot be followed (a loop of symbolic links)")
        if not target.is_relative_to(folder) or target == folder:
            refuse("leads out of the log's folder (a symbolic link)")
        refs.append(str(target))
        views.append(str(Path(log_path).parent / posix))
    return LogRules(tuple(refs), tuple(views), folder)


def rules_for_log(refs: Sequence[str], log_path: str) -> tuple[list[str], list[str]]:
    """What `wr play --log` records as `rules` for the rules it was given, and the files among
    them that lie outside the log's folder (recorded by their absolute path, which a replay
    refuses: it asks for --rules). Bundled names are recorded as they are; files inside the
    folder by their path relative to it, so the log replays from anywhere."""
    folder = log_folder(log_path)
    recorded: list[str] = []
    outside: list[str] = []
    for ref in refs:
        is_file = ref.endswith(RULES_SUFFIXES) or "/" in ref or os.sep in ref
        if not is_file:
            recorded.append(ref)
            continue
        target = Path(ref).absolute().resolve()
        if target.is_relative_to(folder) and target.suffix in RULES_SUFFIXES:
            recorded.append(target.relative_to(folder).as_posix())
        else:
            recorded.append(str(target))
            outside.append(ref)
    return recorded, outside


def load_rules_named_by_log(log_path: str, log: dict[str, Any]) -> RuleSet:
    """Load the rules a log (checked by `check_log`) names, reading only bundled rule sets and
    files inside the log's folder. Raises ReplayError with one sentence. The diagnostics of rules
    that do not compile are counted, never shown: they would quote files the user did not name;
    the sentence says which `wr check` command shows them."""
    import shlex

    from wonderrules import load_compiled
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.loading import bundled_names
    from wonderrules.interpreter.files import FileReadError

    named = rules_named_by_log(log_path, log.get("rules", []), bundled_names())
    listed = ", ".join(named.shown)
    for i, (entry, ref, view) in enumerate(zip(log["rules"], named.refs, named.shown)):
        if entry.endswith(RULES_SUFFIXES) and not os.path.exists(ref):
            raise ReplayError(f"the log names {view}, which does not exist; {_how_to_give(log_path)}",
                              field=f"rules[{i}]")
    if any(ref.endswith(".json") for ref in named.refs):
        if len(named.refs) > 1:
            raise ReplayError(f"a compiled rule set is loaded alone, and the log names {listed}; "
                              f"{_how_to_give(log_path)}", field="rules")
        try:
            return load_compiled(named.refs[0])
        except FileReadError as e:
            raise ReplayError(f"{e}; {_how_to_give(log_path)}", field="rules") from None
        except Exception:  # whatever the file holds, its text is not shown: one sentence, no echo
            raise ReplayError(f"the compiled rule set the log names ({listed}) cannot be loaded; give it with "
                              f"--rules to see why (wr replay {shlex.quote(log_path)} --rules "
                              f"{shlex.quote(named.shown[0])})",
                              field="rules") from None
    compiled = compile_rules(list(named.refs), within=named.folder)
    if not compiled.ok:
        errors = sum(d.severity == "error" for d in compiled.diagnostics)
        check = "wr check " + ("--together " if len(named.shown) > 1 else "")
        check += " ".join(shlex.quote(v) for v in named.shown)
        raise ReplayError(f"the rules the log names ({listed}) do not compile ({errors} error(s)); "
                          f"run `{check}` to see them", field="rules")
    assert compiled.rules is not None  # a compilation that is ok has its rules
    return compiled.rules
