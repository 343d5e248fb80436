"""The small directed graph of the cycle checks: it tells whether there is a cycle by itself and
lists cycles as networkx does for the same graph."""

from __future__ import annotations

import random
import subprocess
import sys

import networkx as nx

from wonderrules.grammar.checks.digraph import Digraph


def graph(*edges: tuple[str, str]) -> Digraph[str]:
    g: Digraph[str] = Digraph()
    for tail, head in edges:
        g.add_edge(tail, head)
    return g


def test_a_graph_without_cycle_has_none_to_list() -> None:
    g = graph(("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"))
    g.add_node("alone")
    assert not g.has_cycle()
    assert list(g.simple_cycles()) == []


def test_an_edge_from_a_node_to_itself_is_a_cycle() -> None:
    g = graph(("a", "b"), ("b", "b"))
    assert g.has_cycle()
    assert list(g.simple_cycles()) == [["b"]]


def test_a_cycle_reached_from_outside_is_found() -> None:
    g = graph(("start", "a"), ("a", "b"), ("b", "c"), ("c", "a"), ("c", "end"))
    assert g.has_cycle()
    (cycle,) = g.simple_cycles()
    assert sorted(cycle) == ["a", "b", "c"]


def test_an_edge_added_again_keeps_its_place_and_takes_the_new_value() -> None:
    g: Digraph[str] = Digraph()
    g.add_edge("a", "b", 1)
    g.add_edge("a", "b", 2)
    assert g.has_edge("a", "b") and not g.has_edge("b", "a")
    assert g.edge("a", "b") == 2


def test_cycles_are_listed_as_networkx_lists_them_for_the_same_graph() -> None:
    rng = random.Random(7)
    for _ in range(300):
        mine: Digraph[int] = Digraph()
        theirs = nx.DiGraph()
        for node in rng.sample(range(8), rng.randint(0, 8)):
            mine.add_node(node)
            theirs.add_node(node)
        for _ in range(rng.randint(0, 14)):
            tail, head = rng.randrange(8), rng.randrange(8)
            mine.add_edge(tail, head)
            theirs.add_edge(tail, head)
        expected = list(nx.simple_cycles(theirs))
        assert mine.has_cycle() == bool(expected)
        assert list(mine.simple_cycles()) == expected


def test_checking_the_bundled_rule_sets_does_not_import_networkx() -> None:
    """Importing it takes a noticeable part of a second; a sound rule set has no cycle to list."""
    script = ("import sys\n"
              "from wonderrules.grammar.compiler import compile_rules\n"
              "assert all(compile_rules([n]).ok for n in ('base', 'cities', 'two_player'))\n"
              "print('networkx' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "False"
