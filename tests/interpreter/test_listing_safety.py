"""No text of a rule set ever runs as code.

The catalog writes a Python function per decision to list its legal actions (:mod:`.listing`).
A rule set's names reach that function as constants, never as source: these tests give every
name the listing code handles (actions, ways, cards, decisions, zones) text built to break out of
a comment, a string literal or an expression at every indentation the written code has, with
every character that could do it, and check that nothing of it runs and that the names come back
as they were given. The rule sets are made without the loader (which refuses such names), so the
listing code itself is what is tested.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from compiled_support import document

import wonderrules as wr
from wonderrules.interpreter import serial
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.words import VARIABLES

#: how the text of a name might try to leave a comment, a string or an expression of the source
OPENERS = ("", "'", '"', "'''", '"""', "\\", ")", "))", "]", "}", "#", ":", ";", "{", "\\'", "\x00")
#: what might end a line of source
BREAKS = ("\n", "\r", "\r\n", "\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\u2029", ";")
#: the indentations the written functions use
INDENTS = (0, 4, 8, 12, 16, 20)


def payloads(target: Path) -> list[str]:
    code = f"open({str(target)!r}, 'w').close()"
    found = []
    for opener in OPENERS:
        for brk in BREAKS:
            found.append(opener + brk + brk.join(" " * i + code for i in INDENTS) + brk + "#")
    for i in INDENTS:  # one line of code at one indentation, alone
        found.append("x\n" + " " * i + code + "\n" + " " * i + "#")
    found.append("{" + code + "}")  # a format string's field
    found.append("__import__('os').system('true')")
    return found


def renamed(doc: dict, names: dict[str, str]) -> wr.RuleSet:
    """The rule set with these names replaced wherever they stand as a whole string value, made
    without the loader's checks."""
    def rename(value: object) -> object:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {k: rename(v) for k, v in value.items()}
        return value

    rules: wr.RuleSet = serial.converter().structure(rename(doc), wr.RuleSet)
    return rules


def played_listing(rules: wr.RuleSet, players: int = 3) -> list[wr.Action]:
    state = Game(rules, players).new_initial_state(seed=3)
    listed = []
    for _ in range(3):  # a few rounds: the listing code of the first decision runs for every seat
        pending = state.pending_decisions()
        choices = {p: state.legal_actions(p)[-1] for p in pending}
        for p in pending:
            listed.extend(state.legal_actions(p))
        state.apply_actions(choices)
    return listed


def test_names_written_to_break_out_of_the_listing_code_never_run(tmp_path: Path) -> None:
    doc = document()
    target = tmp_path / "ran"
    card = doc["cards"][0]["name"]
    failed = []
    for payload in payloads(target):
        names = {"build": payload + "b", "sell": payload + "s", "chain": payload + "c", "free": payload + "f",
                 card: payload + "k"}
        try:
            listed = played_listing(renamed(doc, names))
        except SyntaxError as e:  # the name broke the written source: it did not run, but it must not fail
            failed.append(f"{payload!r}: {e}")
            continue
        finally:
            assert not target.exists(), f"a name ran as code: {payload!r}"
        kinds = {a.kind for a in listed}
        assert names["build"] in kinds and names["sell"] in kinds, "the names come back as they were given"
        assert {a.way for a in listed if a.kind == names["build"]} >= {""}
    assert failed == []


def test_the_names_of_decisions_and_zones_never_run(tmp_path: Path) -> None:
    doc = document()
    target = tmp_path / "ran"
    for payload in payloads(target)[::7]:
        decisions = {d["name"]: payload + str(i) for i, d in enumerate(doc["decisions"])}
        zones = {z["name"]: payload + "z" + str(i) for i, z in enumerate(doc["zones"])
                 if z["name"] not in VARIABLES}  # `hand` is also the variable of a hand's size
        played_listing(renamed(doc, {**decisions, **zones}))
        assert not target.exists(), f"a name ran as code: {payload!r}"


def test_the_listing_code_holds_no_text_of_the_rule_set() -> None:
    """Every function written for a decision names its rule set's words only through constants."""
    marker = "zz_marker_zz"
    rules = renamed(document(), {"build": marker + "build", "sell": marker + "sell", "chain": marker + "chain"})
    game = Game(rules, 3)
    listings = [f for f in game.catalog.decision_listings if f is not None]
    assert listings
    for listing in listings:
        assert listing.__doc__ and "def list_plain" in listing.__doc__
        assert marker not in listing.__doc__  # the source is kept as the function's doc


def test_code_with_a_string_a_builtin_or_a_private_attribute_is_refused() -> None:
    """The guard that reads the written code back before it runs."""
    from wonderrules.interpreter.listing import _only_own_words

    def check(source: str) -> None:
        _only_own_words(compile(source, "<test>", "exec"))

    check("def f(KIND_0):\n    def g(st):\n        x = [c for c in st.cards if c.age]\n"
          "        return len(x) + KIND_0 + (1, 2)[0]\n    return g\n")
    with pytest.raises(RuntimeError, match="constant 'build'"):
        check("def f(st):\n    return 'build'\n")
    with pytest.raises(RuntimeError, match="constant 'x'"):
        check("def f(st):\n    return [c for c in st if c == 'x']\n")
    with pytest.raises(RuntimeError, match="names 'open'"):
        check("def f(st):\n    return open\n")
    with pytest.raises(RuntimeError, match="names '__class__'"):
        check("def f(st):\n    return st.__class__\n")
    with pytest.raises(RuntimeError, match="imports"):
        check("def f(st):\n    import os\n")
    with pytest.raises(RuntimeError, match="constant|imports"):
        check("def f(st):\n    from os import path\n")
