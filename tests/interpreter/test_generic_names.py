"""The engine's code names nothing of the game: no card, wonder, resource, symbol, token, colour or
score column of the bundled rule sets, no leader of the reference tables, and none of the words of
the expansions' mechanics, in an identifier or a string literal of `interpreter/` (comments and
docstrings may use them to explain).

This runs on every clone; the vocabulary comes from the rule sets themselves and from the
reference tables in tests/data/reference."""

from __future__ import annotations

import ast
import csv
import re
from functools import cache
from pathlib import Path

import wonderrules

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "interpreter"
REFERENCE = ROOT / "tests" / "data" / "reference"

#: words of mechanics that must live in rule sets, not in the engine
MECHANIC_WORDS = {
    "free city", "border", "diplomacy", "debt", "guild", "guilds", "spy", "spies", "scientist", "science",
    "military", "shield", "shields", "victory", "defeat", "leader", "leaders", "recruit", "courtesan",
    "babylon", "olympia", "halicarnassus", "rhodos", "ephesos", "gizah", "architect", "clandestine",
}

#: score-column names that are also the engine's own generic words: a seat's tableau is its
#: `city`, and the project is wonder-rules
GENERIC_WORDS = {"city", "wonder"}


def _words(text: str) -> str:
    """`text` as lower-case words between spaces: `freeCity` and `free_city` read `free city`."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "


@cache
def vocabulary() -> frozenset[str]:
    names: set[str] = set(MECHANIC_WORDS)
    for layers in (("base",), ("cities",), ("two_player",)):
        rules = wonderrules.load_rules(*layers)
        names.update(c.name for c in rules.cards)
        names.update(a for c in rules.cards for a in c.aliases)
        names.update(b.name for b in rules.boards)
        names.update(b.title for b in rules.boards if b.title)
        names.update(r.name for r in rules.resources)
        names.update(g.name for g in rules.symbol_groups)
        names.update(m for g in rules.symbol_groups for m in g.members)
        names.update(rules.tokens)
        names.update(c.name for c in rules.colours)
        names.update(c.name for c in rules.categories)
        # the mechanics the rule sets declare by name: pools drawn into the decks, abilities grants
        # give, contests between neighbours (a table's teams are the core's own: a team size)
        names.update(rules.pools)
        names.update(rules.abilities)
        names.update(c.name for c in rules.contests)
    with open(REFERENCE / "leaders.tsv", newline="", encoding="utf-8") as f:
        names.update(row["name"] for row in csv.DictReader(f, delimiter="\t"))
    words = {_words(n).strip() for n in names if _words(n).strip()}
    return frozenset(words - GENERIC_WORDS)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def names_in(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every identifier and string literal of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            text = node.name
        elif isinstance(node, ast.arg):
            text = node.arg
        elif isinstance(node, ast.alias):
            text = node.asname or node.name
        elif isinstance(node, ast.keyword) and node.arg:
            text = node.arg
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
        if text:
            found.append((getattr(node, "lineno", 0), text))
    return found


def offences() -> list[str]:
    words = vocabulary()
    out = []
    for path in sorted(ENGINE.rglob("*.py")):
        for line, text in names_in(path):
            said = _words(text)
            hits = sorted(w for w in words if f" {w} " in said)
            if hits:
                out.append(f"{path.relative_to(ROOT)}:{line}: {text!r} names {', '.join(hits)}")
    return out


def test_the_vocabulary_is_read_from_the_rule_sets() -> None:
    words = vocabulary()
    for word in ("lumber yard", "halicarnassus", "papyrus", "compass", "victory", "guilds", "debt",
                 "pigeon loft", "hatshepsut", "free city", "free build", "last card",
                 "the colossus of rhodes"):
        assert word in words


def test_a_name_of_the_game_in_engine_code_is_found(tmp_path: Path) -> None:
    # the scan itself: a module that names a card in an identifier or a string is caught, its
    # comments and docstrings are not
    sample = tmp_path / "sample.py"
    sample.write_text((ROOT / "tests" / "data" / "engine_sample.py.txt").read_text(encoding="utf-8"))
    said = {t for _, t in names_in(sample) if any(f" {w} " in _words(t) for w in vocabulary())}
    assert said == {"LumberYardHook", "papyrus", "spy_count"}


def test_interpreter_code_names_nothing_of_the_game() -> None:
    found = offences()
    assert not found, "names of the game in engine code (they belong in rulesets/*.wr):\n" + "\n".join(found)
