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
  page's example files as written so far, and its output must equal the lines that follow. The
  folder the bundled rule sets are installed in, which diagnostics name, is written
  ``.../wonderrules/rulesets``: the same on every machine.
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
from wonderrules.grammar.checks.references import EFFECT_TRIGGERS, EFFECT_WORDS, QUANTITIES
from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.diagnostics import CODES
from wonderrules.grammar.parse import parse_source
from wonderrules.interpreter import words as w

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
    # the output of a pipe (no COLUMNS): the widths of a file, the same on every machine (cli-width)
    runner = CliRunner(env={"COLUMNS": None, "NO_COLOR": "1"})
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


#: where the bundled rule sets are installed (diagnostics name their files by it), and how the docs write it
_INSTALLED = str(Path(str(pkg_resources.files("wonderrules.rulesets"))).resolve()) + os.sep
_INSTALLED_SHOWN = ".../wonderrules/rulesets/"


def _clean(text: str) -> list[str]:
    lines = [ln.rstrip() for ln in text.replace(_INSTALLED, _INSTALLED_SHOWN).split("\n")]
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


#: the class a clause of wr.lark builds, where its name differs from the rule's
_CLASS_OF = {"win": "ContestWin", "lose": "ContestLose", "pay_way": "Way:pay", "then": "Then", "phrase": "PhraseDef",
             "effect_line": "PhraseUse"}


def grammar_constructs() -> set[str]:
    """Every construct of the language a designer can write, named from wr.lark."""
    out: set[str] = set()
    for rule in ("item", "setting_body", "card_attr", "op", "action_op", "step", "contest_clause",
                 "seat_clause", "action_clause"):
        for alt in _alternatives(rule):
            word = alt.split()[0]
            if word == "op":  # an action's `then:` takes any operation: counted with `op`
                continue
            out.add(_CLASS_OF.get(word, _camel(word)))
    for alt in _alternatives("trigger"):
        out.add("trigger:" + alt.split("->")[1].strip())
    for alt in _alternatives("countable"):
        out.add("count:" + alt.split("->")[1].strip().removeprefix("count_"))
    for alt in _alternatives("seat"):
        out.add("seat:" + " ".join(re.findall(r'"(\w+)"', alt)))
    for rule, prefix in (("self_count", "self_count"), ("winner_mode", "winner"), ("visibility", "seen_by"),
                         ("cost_kind", "cost"), ("removable", "remove"), ("period", "period"),
                         ("round_seats", "round"), ("rank_order", "rank")):
        for alt in _alternatives(rule):
            out.update(f"{prefix}:{w}" for w in re.findall(r'"(\w+)"', alt) if w != "this")
    for rule, prefix in (("way_property", "way"), ("zone_property", "zone"), ("zone_owner", "zone"),
                         ("receiver", "receiver"), ("grant_uses", "grant"), ("cost_change_kind", "costs")):
        out.update(f"{prefix}:" + alt.split("->")[1].strip() for alt in _alternatives(rule))
    out.update(f"quantity:{q}" for q in QUANTITIES)
    out.update(f"Variable:{v}" for v in w.VARIABLES)
    out.update(f"function:{f}" for f in w.FUNCTIONS)
    out.update(f"aggregate:{a}" for a in w.AGGREGATES)
    out.update(f"op:{o}" for o in w.OPERATORS)
    out.update(f"Override:{k}" for k in ("setting", "category", "zone", "deal", "action", "decision", "market",
                                         "flow", "contest", "seat"))
    out.update({"Neg", "Not", "When", "Teams", "Winner", "Stage", "Called", "Replace:card", "Replace:wonder",
                "Extends", "Edition", "Placement:after", "Placement:before", "PoolDraw:each age",
                "PoolDraw:one age", "RemoveCard:one age", "NotForSale", "ProduceDerived:not", "Worth", "OrDecide",
                "Targets", "Per", "WheneverColours", "PairsWhere", "PairsWhere:not", "Option:contest", "Option:zone",
                "Condition", "Otherwise", "round:ability", "round:within the turn", "seat:distance",
                "Draw:seat", "MoveCard:seat", "Decide:times", "grant:colours", "costs:colours",
                "Prefer:per card", "Prefer:seat", "PreferredAction:way", "DealRest", "seat:their city",
                "MarketPrice:for", "MarketPrice:from",
                "RuleEffects:players", "RuleEffects:seats", "RuleEffects:scores", "Option:rule_effects"})
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
        found.add(type(node).__name__)
        found.update(_details(node, parent))
        if getattr(node, "override", False):
            kind = {"Setting": "setting", "Category": "category", "NeutralSeat": "seat"}.get(
                type(node).__name__, type(node).__name__.lower())
            found.add(f"Override:{kind}")
        for field in attrs.fields(type(node)):
            if field.name != "span":
                visit(getattr(node, field.name), node)

    visit(tree.items)
    return found


def _details(node, parent) -> set[str]:
    """The variants of one node: which words it was written with."""
    found: set[str] = set()
    if isinstance(node, s.Passive):
        found.add("trigger:passive")
    elif isinstance(node, s.OnBuild):
        found.add("trigger:on_build")
    elif isinstance(node, (s.EndOfGame, s.AtMoment)):
        found.add("trigger:each_moment" if getattr(node, "each", False) else "trigger:at_moment")
    elif isinstance(node, s.Whenever):
        found.add("trigger:" + {"builds": "whenever_builds", "stages": "whenever_stage", "gains": "whenever_gains",
                                "wins": "whenever_wins", "loses": "whenever_loses",
                                "buys": "whenever_buys", "coins": "whenever_gains_coins"}[node.event])
        if node.colours:
            found.add("WheneverColours")
    elif isinstance(node, s.Hook) and node.condition is not None:
        found.add("Condition")
    elif isinstance(node, s.Seat):
        found.add(f"seat:{node.word}")
        if node.distance is not None:
            found.add("seat:distance")
    elif isinstance(node, s.Countable):
        found.add(f"count:{node.kind}")
    elif isinstance(node, s.Per) and node.self_count:
        found.add(f"self_count:{node.self_count}")
    elif isinstance(node, (s.GainCoins, s.GainTokens, s.LoseCoins)):
        if node.targets:
            found.add("Targets")
        if isinstance(node, s.GainTokens) and node.worth is not None:
            found.add("Worth")
        if isinstance(node, s.LoseCoins) and node.or_decide is not None:
            found.add("OrDecide")
    elif isinstance(node, s.Produce) and not node.for_sale:
        found.add("NotForSale")
    elif isinstance(node, s.ProduceDerived):
        if not node.for_sale:
            found.add("NotForSale")
        if node.missing:
            found.add("ProduceDerived:not")
    elif isinstance(node, s.Grant):
        if node.period:
            found.add(f"period:{node.period}")
            found.add("grant:once_per" if node.uses == 1 else "grant:times_per")
        if node.colours:
            found.add("grant:colours")
    elif isinstance(node, s.CostChange):
        found.add("costs:" + {"resources": "no_resources", "coins": "no_coins", "less": "coins_less",
                              "resources less": "resources_less"}[node.what])
        if node.colours:
            found.add("costs:colours")
    elif isinstance(node, s.Decide) and node.times != 1:
        found.add("Decide:times")
    elif isinstance(node, s.Draw) and (node.from_seat or node.to_seat):
        found.add("Draw:seat")
    elif isinstance(node, s.MoveCard) and node.seat is not None:
        found.add("MoveCard:seat")
    elif isinstance(node, s.Setting) and isinstance(node.body, s.PoolDraw):
        found.add("PoolDraw:each age" if node.body.age is None else "PoolDraw:one age")
    elif isinstance(node, s.Category) and node.placement:
        found.add(f"Placement:{node.placement[0]}")
    elif isinstance(node, (s.Contest, s.Zone)) and isinstance(parent, s.Option):
        found.add(f"Option:{type(node).__name__.lower()}")
    elif isinstance(node, s.RuleEffects):
        found.add(f"RuleEffects:{node.holders}")
        if node.category is not None:
            found.add("RuleEffects:scores")
        if isinstance(parent, s.Option):
            found.add("Option:rule_effects")
    elif isinstance(node, s.Card) and node.replace:
        found.add("Replace:card")
    elif isinstance(node, s.Wonder):
        if node.replace:
            found.add("Replace:wonder")
        if node.title is not None:
            found.add("Called")
    elif isinstance(node, s.RemoveCard) and node.age is not None:
        found.add("RemoveCard:one age")
    elif isinstance(node, s.RemoveNamed):
        found.add(f"remove:{node.kind}")
    elif isinstance(node, s.Winner):
        found.add(f"winner:{node.mode}")
    elif isinstance(node, s.Zone):
        found.add("zone:each_seat" if node.per == "seat" else "zone:shared")
        for prop in node.properties:
            found.add(f"zone:{prop.kind}")
            if prop.value is not None:
                found.add(f"seen_by:{prop.value.text}")
    elif isinstance(node, s.DealTarget):
        found.add("receiver:each_player" if node.seat is None else "receiver:one_seat")
    elif isinstance(node, s.ActionCost):
        found.add(f"cost:{node.kind}")
    elif isinstance(node, s.Way):
        if node.name is None:
            found.add("Way:pay")
        found.update("way:" + {"free": "way_free", "chained": "way_chained", "granted": "way_granted",
                               "units less": "way_units_less",
                               "coins more": "way_coins_more"}[p.kind] for p in node.properties)
    elif isinstance(node, s.IfStep) and node.otherwise:
        found.add("Otherwise")
    elif isinstance(node, s.RoundStep):
        found.add(f"round:{node.seats}")
        if node.ability is not None:
            found.add("round:ability")
        if node.within_turn:
            found.add("round:within the turn")
    elif isinstance(node, s.MarketPrice):
        found.update(word for word, named in (("MarketPrice:for", node.resources), ("MarketPrice:from", node.sellers))
                     if named)
    elif isinstance(node, s.Pairs) and node.where:
        found.add("PairsWhere:not" if node.where_not else "PairsWhere")
    elif isinstance(node, s.Prefer):
        if node.per_card:
            found.add("Prefer:per card")
        if isinstance(parent, s.NeutralSeat):
            found.add("Prefer:seat")
    elif isinstance(node, s.PreferredAction) and node.way is not None:
        found.add("PreferredAction:way")
    elif isinstance(node, s.BinOp):
        found.add(f"op:{node.op}")
    elif isinstance(node, s.Call):
        name = node.function.text
        found.add(f"quantity:{name}" if name in QUANTITIES else f"function:{name}")
    elif isinstance(node, s.Over):
        found.add(f"aggregate:{node.function.text}")
    elif isinstance(node, s.Rank):
        found.add(f"rank:{node.order}")
    elif isinstance(node, s.NameRef):
        text = node.name.text
        found.add(f"quantity:{text}" if text in QUANTITIES else f"Variable:{text}")
    return found


def test_every_construct_of_the_grammar_has_a_checked_example(workdirs):
    used: set[str] = set()
    for oc in _all_outcomes(workdirs):
        if oc.tree is not None and not oc.problem:
            used |= constructs_in(oc.tree, header=oc.block.kind == "wr")
    missing = sorted(grammar_constructs() - used)
    assert not missing, f"constructs of wr.lark without a checked example in the docs: {missing}"


# ---- the table of effects and their triggers ----------------------------------------------------

_TABLE_TRIGGERS = {"passive": "passive", "on build": "on_build", "a moment": "moment",
                   "end of game": "end_of_game", "whenever": "whenever"}


def test_table_of_effects_and_triggers_matches_the_checker():
    """The table of docs/language/effects.rst says which triggers each effect may have: the same
    as the checker's (an effect of `then:` in an action has no trigger and is not listed)."""
    text = (DOCS / "language" / "effects.rst").read_text(encoding="utf-8")
    rows = re.findall(r"^   \* - ``([^`]+)``\n     - (.+)$", text, flags=re.M)
    documented = {name: {_TABLE_TRIGGERS[t] for t in re.findall(r"``([^`]+)``", triggers)}
                  for name, triggers in rows}
    expected = {EFFECT_WORDS[k]: set(v) for k, v in EFFECT_TRIGGERS.items() if v}
    assert documented == expected
