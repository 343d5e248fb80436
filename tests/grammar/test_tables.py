"""The parse tables shipped beside the grammar: current, plain data, and the same parser."""

import pickle
from importlib import resources

import pytest

from wonderrules.grammar import tables
from wonderrules.grammar.parse import build_parser, load_parser


def test_the_shipped_tables_were_built_from_this_grammar():
    assert tables.read_tables() is not None, (
        "grammar/wr.tables is missing or was built from another wr.lark or Lark: "
        "run `python -m wonderrules.grammar.tables` and commit the file")


def test_the_parser_read_from_tables_reads_as_the_one_built_from_the_grammar():
    shipped, built = load_parser(), build_parser()
    assert shipped.source_path == "<deserialized>"  # it did come from the tables
    for name in ("base", "cities", "two_player"):
        text = resources.files("wonderrules.rulesets").joinpath(f"{name}.wr").read_text(encoding="utf-8")
        assert shipped.parse(text, start="start") == built.parse(text, start="start")


def test_tables_that_name_a_class_are_refused(monkeypatch):
    class Evil:
        def __reduce__(self):
            return (print, ("never",))
    raw = pickle.dumps({"key": tables.grammar_key(), "data": Evil(), "memo": {}})
    monkeypatch.setattr(tables, "_read_shipped", lambda: raw)
    assert tables.read_tables() is None


@pytest.mark.parametrize("raw", [b"", b"not a pickle", pickle.dumps({"key": "1:0.0:other"}), pickle.dumps([1, 2])])
def test_broken_or_foreign_tables_are_not_used(monkeypatch, raw):
    monkeypatch.setattr(tables, "_read_shipped", lambda: raw)
    assert tables.read_tables() is None

