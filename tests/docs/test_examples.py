"""Every example in the documentation is checked, so the docs cannot drift from the language.

How the pages mark their examples (``docs/**/*.rst``):

- ``.. code-block:: wr`` and ``.. literalinclude:: some.wr``: a complete file. It starts with its
  ``ruleset`` header (comments may come first) and is compiled as it is. A ``:caption:`` that ends
  in ``.wr`` names the file it is saved as, so that later examples of the same page can
  ``extends`` it or run ``wr check`` on it. The files of ``docs/examples`` are there for every page.
- ``.. code-block:: wr-fragment``: items added to a layer over the base game. The text is compiled
  after the line ``ruleset fragment extends base``. Deck arithmetic (E0301) is not checked for
  fragments: one added card cannot balance a deal on its own.
- ``.. code-block:: wr-excerpt`` with ``:caption: from base.wr``: lines quoted from a bundled rule
  set. Each line must appear in that file (spaces and comments aside).
- A comment ``# wr check reports E0401, W0501`` inside a block: exactly these codes must be
  reported. Without it, the example must compile with no error and no warning.
- ``.. code-block:: console``: each line starting with ``$ wr`` is run, in a folder holding the
  page's example files as written so far, and its output must equal the lines that follow.
  Run with ``WR_UPDATE_DOCS=1`` to rewrite those outputs from a fresh run (then read the diff).

Two coverage tests tie the docs to the grammar and to the diagnostic codes: every construct of
``wr.lark`` and every code of ``diagnostics.CODES`` needs at least one checked example.
"""

from __future__ import annotations

import os
import re
import shlex
from functools import cache
from importlib import resources as pkg_resources
from pathlib import Path

import attrs
import pytest

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.references import QUANTITIES
from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.diagnostics import CODES
from wonderrules.grammar.parse import parse_source

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.parts)
UPDATE = os.environ.get("WR_UPDATE_DOCS") == "1"

_DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\. (?P<name>code-block|literalinclude)::\s*(?P<arg>\S+)\s*$")
_OPTION = re.compile(r"^\s+:(?P<key>[\w-]+):\s*(?P<value>.*)$")
_EXPECT = re.compile(r"#\s*wr check reports\s+(?P<codes>[EW]\d{4}(?:\s*,\s*[EW]\d{4})*)")
FRAGMENT_HEADER = "ruleset fragment extends base\n"  # numbered per example: fragment_3
#: codes a fragment may raise without saying so: a lone card cannot balance a deal
FRAGMENT_IGNORED = {"E0301"}


@attrs.define
class Block:
    page: Path
    line: int  # line of the directive, from 1
    kind: str  # wr | wr-fragment | wr-excerpt | console
    text: str
    caption: str | None = None
    content: tuple[int, int] | None = None  # [start, end) line indices of the content in the page

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(DOCS)}:{self.line}"


def read_blocks(page: Path) -> list[Block]:
    """The wr, wr-fragment and console blocks of a page, in order."""
    lines = page.read_text(encoding="utf-8").split("\n")
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = _DIRECTIVE.match(lines[i])
        if not m:
            i += 1
            continue
        indent = len(m.group("indent"))
        options: dict[str, str] = {}
        j = i + 1
        while j < len(lines) and (o := _OPTION.match(lines[j])) and _indent(lines[j]) > indent:
            options[o.group("key")] = o.group("value").strip()
            j += 1
        start = j
        while start < len(lines) and not lines[start].strip():
            start += 1
        end = start
        while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > indent):
            end += 1
        while end > start and not lines[end - 1].strip():
            end -= 1
        body = lines[start:end]
        depth = min((_indent(ln) for ln in body if ln.strip()), default=0)
        text = "\n".join(ln[depth:] for ln in body) + "\n"
        name, arg = m.group("name"), m.group("arg")
        if name == "literalinclude":
            if arg.endswith(".wr"):
                included = (page.parent / arg).read_text(encoding="utf-8")
                out.append(Block(page, i + 1, "wr", included, options.get("caption", Path(arg).name)))
        elif arg in ("wr", "wr-fragment", "wr-excerpt", "console"):
            out.append(Block(page, i + 1, arg, text, options.get("caption"), (start, end)))
        i = end if name == "code-block" else j
    return out


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def expected_codes(text: str) -> set[str]:
    codes: set[str] = set()
    for m in _EXPECT.finditer(text):
        codes.update(c.strip() for c in m.group("codes").split(","))
    return codes


def _first_code_line(text: str) -> str:
    for ln in text.split("\n"):
        if ln.strip() and not ln.strip().startswith("#"):
            return ln.strip()
    return ""


# ---- running a page ------------------------------------------------------------------------------

@attrs.define
class Outcome:
    block: Block
    problem: str | None = None
    codes: set[str] = attrs.Factory(set)
    tree: s.Ruleset | None = None
    output: str | None = None  # console blocks: what the commands printed


@cache
def run_page(page: Path, workdir: Path) -> tuple[Outcome, ...]:
    """Check the blocks of a page in order, in `workdir` (the page's example files)."""
    outcomes = []
    for n, block in enumerate(read_blocks(page), 1):
        if block.kind == "console":
            outcomes.append(_run_console(block, workdir))
        elif block.kind == "wr-excerpt":
            outcomes.append(_check_excerpt(block))
        else:
            outcomes.append(_run_example(block, workdir, n))
    if UPDATE:
        _rewrite_console_outputs(page, outcomes)
    return tuple(outcomes)


def _run_example(block: Block, workdir: Path, n: int) -> Outcome:
    out = Outcome(block)
    if block.kind == "wr":
        if not _first_code_line(block.text).startswith("ruleset"):
            out.problem = ("a `wr` block is a complete file and starts with `ruleset`; "
                           "mark a piece of a file as `wr-fragment`")
            return out
        name = block.caption if block.caption and block.caption.endswith(".wr") else f"example_{n}.wr"
        text = block.text
        ignored: set[str] = set()
    else:
        name = f"fragment_{n}.wr"
        text = FRAGMENT_HEADER.replace("fragment", f"fragment_{n}", 1) + block.text
        ignored = FRAGMENT_IGNORED
    path = workdir / name
    path.write_text(text, encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(workdir)
    try:
        result = compile_rules([name])
        out.tree, _ = parse_source(text, name)
    finally:
        os.chdir(cwd)
    out.codes = {d.code for d in result.diagnostics}
    expected = expected_codes(block.text)
    seen = out.codes - (ignored - expected)
    if seen != expected:
        shown = "\n".join(f"  {d.code} {d.span.path if d.span else ''}:{d.span.line if d.span else ''}: "
                          f"{d.message}" for d in result.diagnostics if d.code in seen ^ expected)
        out.problem = (f"expected {sorted(expected) or 'no diagnostics'}, got {sorted(seen) or 'none'}\n"
                       + shown)
    return out


def _normal(line: str) -> str:
    """A line without its comment and with single spaces (quoted names kept whole)."""
    code = re.sub(r'("[^"\n]*")|#.*$', lambda m: m.group(1) or "", line)
    return " ".join(code.split())


def _check_excerpt(block: Block) -> Outcome:
    out = Outcome(block)
    m = re.fullmatch(r"from (\w+)\.wr", block.caption or "")
    if not m:
        out.problem = "a `wr-excerpt` block needs `:caption: from <bundled name>.wr`"
        return out
    source = pkg_resources.files("wonderrules.rulesets").joinpath(f"{m.group(1)}.wr").read_text(encoding="utf-8")
    known = {_normal(ln) for ln in source.split("\n")}
    missing = [ln for ln in block.text.split("\n") if _normal(ln) and _normal(ln) not in known]
    if missing:
        out.problem = f"lines not found in {m.group(1)}.wr:\n" + "\n".join(missing)
    return out


def _commands(text: str) -> list[tuple[str, list[str]]]:
    """(command line, expected output lines) for each `$ ` line of a console block."""
    out: list[tuple[str, list[str]]] = []
    for ln in text.rstrip("\n").split("\n"):
        if ln.startswith("$ "):
            out.append((ln[2:], []))
        elif out:
            out[-1][1].append(ln)
    return out


def _run_console(block: Block, workdir: Path) -> Outcome:
    from click.testing import CliRunner

    from wonderrules.cli import main

    out = Outcome(block)
    runner = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"})
    printed: list[str] = []
    problems: list[str] = []
    cwd = os.getcwd()
    os.chdir(workdir)
    try:
        for command, expected in _commands(block.text):
            args = shlex.split(command)
            if not args or args[0] != "wr":
                problems.append(f"only `wr` commands are run in console blocks: {command!r}")
                continue
            result = runner.invoke(main, args[1:])
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                problems.append(f"`{command}` raised {result.exception!r}")
                continue
            actual = _clean(result.output)
            printed.append("$ " + command)
            printed.extend(actual)
            if actual != _clean("\n".join(expected)):
                problems.append(f"`{command}` printed:\n" + "\n".join(actual))
    finally:
        os.chdir(cwd)
    out.output = "\n".join(printed)
    out.problem = "\n".join(problems) or None
    return out


def _clean(text: str) -> list[str]:
    lines = [ln.rstrip() for ln in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _rewrite_console_outputs(page: Path, outcomes: list[Outcome]) -> None:
    lines = page.read_text(encoding="utf-8").split("\n")
    for oc in reversed(outcomes):
        b = oc.block
        if b.kind != "console" or oc.output is None or b.content is None or oc.problem is None:
            continue
        start, end = b.content
        pad = " " * _indent(lines[start])
        lines[start:end] = [(pad + ln) if ln else "" for ln in oc.output.split("\n")]
    page.write_text("\n".join(lines), encoding="utf-8")


# ---- the tests -----------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def workdirs(tmp_path_factory) -> dict[Path, Path]:
    """One folder per page, holding the files of docs/examples (any page may extend them)."""
    out = {}
    for page in PAGES:
        folder = tmp_path_factory.mktemp(page.stem)
        for example in (DOCS / "examples").glob("*.wr"):
            (folder / example.name).write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
        out[page] = folder
    return out


def _block_ids() -> list[tuple[Path, int, str]]:
    out = []
    for page in PAGES:
        for i, b in enumerate(read_blocks(page)):
            out.append((page, i, b.where))
    return out


_BLOCKS = _block_ids()


def test_docs_have_examples():
    kinds = {read_blocks(p)[i].kind for p, i, _ in _BLOCKS}
    assert PAGES, "no documentation pages found"
    assert {"wr", "wr-fragment", "console"} <= kinds


@pytest.mark.parametrize(("page", "index"), [(p, i) for p, i, _ in _BLOCKS], ids=[w for _, _, w in _BLOCKS])
def test_example(page: Path, index: int, workdirs):
    outcome = run_page(page, workdirs[page])[index]
    if outcome.problem:
        pytest.fail(f"{outcome.block.where}: {outcome.problem}", pytrace=False)


def _all_outcomes(workdirs) -> list[Outcome]:
    return [oc for page in PAGES for oc in run_page(page, workdirs[page])]


#: codes that no input should produce: a bug in the checker itself
UNREACHABLE_CODES = {"E0005"}


def test_every_diagnostic_code_has_a_checked_example(workdirs):
    shown: set[str] = set()
    for oc in _all_outcomes(workdirs):
        if oc.problem:
            continue
        if oc.block.kind == "console":
            shown.update(re.findall(r"\[([EW]\d{4})\]", oc.output or ""))
        else:
            shown.update(expected_codes(oc.block.text))
    missing = sorted(set(CODES) - UNREACHABLE_CODES - shown)
    assert not missing, f"codes without a checked example in the docs: {missing}"


def test_every_diagnostic_code_has_a_section():
    text = (DOCS / "diagnostics.rst").read_text(encoding="utf-8")
    titles = set(re.findall(r"^([EW]\d{4}):", text, flags=re.M))
    assert set(CODES) <= titles, f"codes without a section: {sorted(set(CODES) - titles)}"


# ---- grammar coverage ----------------------------------------------------------------------------

def _grammar() -> str:
    return pkg_resources.files("wonderrules.grammar").joinpath("wr.lark").read_text(encoding="utf-8")


def _alternatives(rule: str) -> list[str]:
    """The alternatives of a rule of wr.lark, as written (one string each)."""
    lines = _grammar().split("\n")
    head = re.compile(rf"^[?!]?{rule}\s*:(.*)$")
    for i, ln in enumerate(lines):
        m = head.match(ln)
        if not m:
            continue
        body = [m.group(1)]
        for nxt in lines[i + 1:]:
            if re.match(r"^\s+\|", nxt):
                body.append(nxt)
            else:
                break
        return [a.split("//")[0].strip() for a in " ".join(body).split("|") if a.strip()]
    raise AssertionError(f"no rule '{rule}' in wr.lark")


def _camel(rule: str) -> str:
    return "".join(part.capitalize() for part in rule.split("_"))


def grammar_constructs() -> set[str]:
    """Every construct of the language a designer can write, named from wr.lark."""
    out: set[str] = set()
    for rule in ("item", "setting_body", "card_attr", "effect"):
        for alt in _alternatives(rule):
            out.add(_camel(alt.split()[0]))
    for rule, prefix in (("conflict_clause", "conflict"), ("neutral_clause", "neutral")):
        out.update(f"{prefix}:{alt.split()[0]}" for alt in _alternatives(rule))
    for alt in _alternatives("timing"):
        out.add("timing:" + alt.split("->")[1].strip())
    for alt in _alternatives("countable"):
        out.add("count:" + alt.split("->")[1].strip().removeprefix("count_"))
    for alt in _alternatives("scope"):
        out.add("scope:" + " ".join(re.findall(r'"(\w+)"', alt)))
    for alt in _alternatives("self_count"):
        out.update(f"self_count:{w}" for w in re.findall(r'"(\w+)"', alt) if w != "this")
    for alt in _alternatives("winner_mode"):
        out.add("winner:" + re.findall(r'"(\w+)"', alt)[0])
    out.update(f"quantity:{q}" for q in QUANTITIES)
    out.update({"quantity:min", "quantity:max", "op:+", "op:-", "op:*", "op:/", "Neg",
                "When", "Teams", "Winner", "Stage", "Called", "Override:setting", "Override:category",
                "Override:conflict", "Replace:card", "Replace:wonder", "Extends", "Edition",
                "Placement:after", "Placement:before", "PoolDraw:each age", "PoolDraw:one age",
                "RemoveCard:one age", "NotForSale", "ProduceDerived:not", "Worth", "OrTake",
                "Targets", "Per", "WheneverColours", "ExceptPartners", "Option:conflict",
                "Variable:players", "Variable:seats", "Variable:age"})
    return out


def constructs_in(tree: s.Ruleset, header: bool = True) -> set[str]:
    """The constructs a parsed example uses, named as in :func:`grammar_constructs`; the header
    counts only when the example wrote it (not for fragments)."""
    found: set[str] = set()
    h = tree.header
    if header and h.extends:
        found.add("Extends")
    if header and h.edition is not None:
        found.add("Edition")

    def visit(node, parent=None) -> None:
        if isinstance(node, (tuple, list)):
            for x in node:
                visit(x, parent)
            return
        if not attrs.has(type(node)):
            return
        name = type(node).__name__
        found.add(name)
        if isinstance(node, s.Timing):
            found.add(f"timing:{node.kind}")
            found.update(f"scope:{sc.text}" for sc in node.scopes)
            if node.colours:
                found.add("WheneverColours")
        elif isinstance(node, s.ConflictClause):
            found.add(f"conflict:{node.kind}")
            if node.kind == "pairs" and node.flag:
                found.add("ExceptPartners")
        elif isinstance(node, s.NeutralClause):
            found.add(f"neutral:{node.kind}")
        elif isinstance(node, s.Countable):
            found.add(f"count:{node.kind}")
        elif isinstance(node, s.Per):
            found.update(f"scope:{sc.text}" for sc in node.scopes)
            if node.self_count:
                found.add(f"self_count:{node.self_count}")
        elif isinstance(node, (s.GainCoins, s.GainTokens, s.LoseCoins)):
            if node.targets:
                found.add("Targets")
                found.update(f"scope:{sc.text}" for sc in node.targets)
            if isinstance(node, s.GainTokens) and node.worth is not None:
                found.add("Worth")
            if isinstance(node, s.LoseCoins) and node.or_take is not None:
                found.add("OrTake")
        elif isinstance(node, (s.CopyCard, s.CopySymbol)):
            found.update(f"scope:{sc.text}" for sc in node.scopes)
        elif isinstance(node, s.Produce) and not node.for_sale:
            found.add("NotForSale")
        elif isinstance(node, s.ProduceDerived):
            if not node.for_sale:
                found.add("NotForSale")
            if node.missing:
                found.add("ProduceDerived:not")
        elif isinstance(node, s.Setting):
            found.add(type(node.body).__name__)
            if node.override:
                found.add("Override:setting")
            if isinstance(node.body, s.PoolDraw):
                found.add("PoolDraw:each age" if node.body.age is None else "PoolDraw:one age")
        elif isinstance(node, s.Category):
            if node.override:
                found.add("Override:category")
            if node.placement:
                found.add(f"Placement:{node.placement[0]}")
        elif isinstance(node, s.Conflict):
            if node.override:
                found.add("Override:conflict")
            if isinstance(parent, s.Option):
                found.add("Option:conflict")
        elif isinstance(node, s.Card) and node.replace:
            found.add("Replace:card")
        elif isinstance(node, s.Wonder):
            if node.replace:
                found.add("Replace:wonder")
            if node.title is not None:
                found.add("Called")
        elif isinstance(node, s.RemoveCard) and node.age is not None:
            found.add("RemoveCard:one age")
        elif isinstance(node, s.Winner):
            found.add(f"winner:{node.mode}")
        elif isinstance(node, s.BinOp):
            found.add(f"op:{node.op}")
        elif isinstance(node, s.Call):
            found.add(f"quantity:{node.function.text}")
        elif isinstance(node, s.NameRef):
            text = node.name.text
            found.add(f"quantity:{text}" if text in QUANTITIES else f"Variable:{text}")
        for field in attrs.fields(type(node)):
            if field.name != "span":
                visit(getattr(node, field.name), node)

    visit(tree.items)
    return found


def test_every_construct_of_the_grammar_has_a_checked_example(workdirs):
    used: set[str] = set()
    for oc in _all_outcomes(workdirs):
        if oc.tree is not None and not oc.problem:
            used |= constructs_in(oc.tree, header=oc.block.kind == "wr")
    missing = sorted(grammar_constructs() - used)
    assert not missing, f"constructs of wr.lark without a checked example in the docs: {missing}"


# ---- the effect/timing table ---------------------------------------------------------------------

_TABLE_EFFECTS = {
    "produce": s.Produce, "produce one of the resources": s.ProduceDerived, "symbol": s.Symbol,
    "symbol any": s.SymbolAny, "gain ... coins": s.GainCoins, "gain ... tokens": s.GainTokens,
    "lose ... coins": s.LoseCoins, "score": s.Score, "buy ... for": s.TradePriceEffect,
    "first purchase ... costs less": s.TradeRebate, "build free once per age": s.FreeBuild,
    "play last card": s.PlayLastCard, "stages cost no resources": s.FreeStageResources,
    "build ... from discard free": s.BuildFromDiscard, "copy ... card": s.CopyCard,
    "copy symbol of ...": s.CopySymbol,
}
_TABLE_TIMINGS = {"passive": "passive", "on build": "on_build", "end of turn": "end_of_turn",
                  "each end of turn": "each_end_of_turn", "each end of age": "each_end_of_age",
                  "end of game": "end_of_game", "whenever": "whenever_builds"}


def test_effect_timing_table_matches_the_checker():
    from wonderrules.grammar.checks.references import EFFECT_TIMINGS

    text = (DOCS / "language" / "timings.rst").read_text(encoding="utf-8")
    rows = re.findall(r"^   \* - ``([^`]+)``\n     - (.+)$", text, flags=re.M)
    documented = {_TABLE_EFFECTS[name]: {_TABLE_TIMINGS[t] for t in re.findall(r"``([^`]+)``", timings)}
                  for name, timings in rows}
    assert documented == {k: set(v) for k, v in EFFECT_TIMINGS.items()}
