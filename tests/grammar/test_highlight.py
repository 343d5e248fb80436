"""Highlighting of `.wr` text: the Pygments lexer and the TextMate grammar take their words from
the grammar, read every bundled rule set without an error, and are registered for Pygments."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from wonderrules.grammar import phrases
from wonderrules.grammar.highlight import (
    WrLexer,
    keywords,
    operators,
    punctuation,
    textmate_grammar,
    textmate_text,
)

REPO = Path(__file__).resolve().parents[2]
RULESETS = sorted((REPO / "rulesets").glob("*.wr"))
TEXTMATE = REPO / "editors" / "vscode" / "syntaxes" / "wr.tmLanguage.json"


def lex(text: str) -> list[tuple[object, str]]:
    """The tokens of `text`, blanks left out."""
    return [(kind, value) for kind, value in WrLexer().get_tokens(text) if kind is not Whitespace]


def test_keywords_are_the_words_the_parser_knows() -> None:
    # the grammar file read as text gives the very words Lark builds its keyword terminals from
    assert set(keywords()) == phrases.keywords()
    assert {"ruleset", "card", "whenever", "neighbours", "their", "city", "coins"} <= set(keywords())
    assert "NAME" not in keywords() and "lark" not in keywords()  # neither a terminal nor a comment's word


@pytest.mark.parametrize("word", keywords())
def test_each_keyword_alone_is_a_keyword(word: str) -> None:
    assert lex(word) == [(Keyword, word)]


@pytest.mark.parametrize("word", keywords())
def test_each_keyword_in_context(word: str) -> None:
    text = f'{word}({word}, x{word} {word}_y {word}2) "{word}" # {word}\n  {word}: 3'
    assert lex(text) == [
        (Keyword, word), (Punctuation, "("), (Keyword, word), (Punctuation, ","),
        (Name, f"x{word}"), (Name, f"{word}_y"), (Name, f"{word}2"), (Punctuation, ")"),
        (String.Double, f'"{word}"'), (Comment.Single, f"# {word}"),
        (Keyword, word), (Punctuation, ":"), (Number.Integer, "3"),
    ]


def test_a_card_reads_as_written() -> None:
    text = 'card "Lumber Yard" age 1 brown cost 1 coin copies 3+ 4+ { produce wood | clay }  # two\n'
    assert lex(text) == [
        (Keyword, "card"), (String.Double, '"Lumber Yard"'), (Keyword, "age"), (Number.Integer, "1"),
        (Name, "brown"), (Keyword, "cost"), (Number.Integer, "1"), (Keyword, "coin"),
        (Keyword, "copies"), (Number.Integer, "3"), (Operator, "+"), (Number.Integer, "4"), (Operator, "+"),
        (Punctuation, "{"), (Keyword, "produce"), (Name, "wood"), (Operator, "|"), (Name, "clay"),
        (Punctuation, "}"), (Comment.Single, "# two"),
    ]


def test_operators_and_punctuation_are_whole_tokens() -> None:
    assert set(operators()) >= {"..", ">=", "<=", "==", "!=", "+", "-", "*", "/", "|", ">", "<", "="}
    assert set(punctuation()) == {"{", "}", "(", ")", ":", ","}
    for symbol in operators():
        assert lex(symbol) == [(Operator, symbol)]
    for symbol in punctuation():
        assert lex(symbol) == [(Punctuation, symbol)]
    assert lex("players 3..7") == [(Keyword, "players"), (Number.Integer, "3"), (Operator, ".."),
                                   (Number.Integer, "7")]


@pytest.mark.parametrize("text", ["score 1;", "gain @ coins", 'card "no end', "score 1.5"])
def test_what_the_language_has_no_use_for_is_an_error(text: str) -> None:
    assert Error in {kind for kind, _ in lex(text)}


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.name)
def test_bundled_rule_sets_lex_without_an_error(path: Path) -> None:
    tokens = lex(path.read_text(encoding="utf-8"))
    assert [value for kind, value in tokens if kind is Error] == []
    assert (Keyword, "ruleset") in tokens


def test_textmate_grammar_is_current() -> None:
    assert TEXTMATE.read_text(encoding="utf-8") == textmate_text(), \
        f"{TEXTMATE.relative_to(REPO)} is stale: run `python grammar/highlight.py {TEXTMATE.relative_to(REPO)}`"


def test_textmate_grammar_knows_every_keyword() -> None:
    patterns = {p["name"]: p["match"] for p in json.loads(TEXTMATE.read_text(encoding="utf-8"))["patterns"]}
    assert patterns == {p["name"]: p["match"] for p in textmate_grammar()["patterns"]}
    keyword = re.compile(patterns["keyword.other.wr"])
    for word in keywords():
        assert keyword.fullmatch(word), word
    assert not keyword.search("lumber_yard build2 xcard")
    assert re.compile(patterns["keyword.operator.wr"]).match("..").group() == ".."


def _registered() -> bool:
    return any(e.name == "wr" and e.value == "wonderrules.grammar.highlight:WrLexer"
               for e in metadata.entry_points(group="pygments.lexers"))


def test_pygmentize_highlights_a_bundled_rule_set() -> None:
    if not _registered():
        pytest.skip("the pygments.lexers entry point `wr` is not installed here: reinstall with `pip install -e .`")
    pygmentize = Path(sys.executable).with_name("pygmentize")
    command = [str(pygmentize)] if pygmentize.exists() else [shutil.which("pygmentize") or "pygmentize"]
    proc = subprocess.run([*command, "-l", "wr", "-f", "raw", str(REPO / "rulesets" / "base.wr")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "Token.Keyword\t'ruleset'" in lines
    assert not [line for line in lines if line.startswith("Token.Error")]


EXTENSION = REPO / "editors" / "vscode"


def test_the_vscode_extension_declares_wr_files_with_the_grammar_written_from_wr_lark() -> None:
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    (language,) = manifest["contributes"]["languages"]
    assert language["id"] == "wr" and language["extensions"] == [".wr"]
    (grammar,) = manifest["contributes"]["grammars"]
    assert grammar["language"] == "wr"
    assert (EXTENSION / grammar["path"]).resolve() == TEXTMATE.resolve()  # the file the test above keeps current
    assert grammar["scopeName"] == json.loads(TEXTMATE.read_text(encoding="utf-8"))["scopeName"]
    settings = json.loads((EXTENSION / language["configuration"]).read_text(encoding="utf-8"))
    lark = (REPO / "grammar" / "wr.lark").read_text(encoding="utf-8")
    assert "COMMENT: /" + settings["comments"]["lineComment"] in lark
    for opening, closing in settings["brackets"]:
        assert f'"{opening}"' in lark and f'"{closing}"' in lark  # brackets the language writes


def test_the_vscode_indentation_rules_read_the_braces_of_the_bundled_rule_sets() -> None:
    settings = json.loads((EXTENSION / "language-configuration.json").read_text(encoding="utf-8"))
    more = re.compile(settings["indentationRules"]["increaseIndentPattern"])
    less = re.compile(settings["indentationRules"]["decreaseIndentPattern"])
    checked = 0
    for path in RULESETS:
        for line in path.read_text(encoding="utf-8").split("\n"):
            code = re.sub(r'"[^"\n]*"', '""', line).split("#")[0]
            opens = code.count("{") > code.count("}")
            assert bool(more.search(line)) == opens, line
            assert bool(less.search(line)) == code.lstrip().startswith("}"), line
            checked += opens
    assert checked > 100
