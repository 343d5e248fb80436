"""A small directed graph for the passes that look for cycles (chains, moments, triggers).

The graphs of a rule set are small and, in a rule set that checks, have no cycle at all: a dict
of successors answers whether there is one in linear time. Only a graph that has a cycle is
handed to networkx to list its cycles, so that what is reported (which cycles, in which order,
from which node) stays that library's answer, and a check of a sound rule set never pays for
importing it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, Generic, TypeVar

__all__ = ["Digraph"]

N = TypeVar("N", bound=Hashable)


class Digraph(Generic[N]):
    """Nodes and edges in the order they were first added; each edge holds one value (`data`),
    replaced when the edge is added again."""

    def __init__(self) -> None:
        self._successors: dict[N, dict[N, Any]] = {}
        #: every edge in the order it was first added, with its value
        self._edges: dict[tuple[N, N], Any] = {}

    def add_node(self, node: N) -> None:
        self._successors.setdefault(node, {})

    def add_edge(self, tail: N, head: N, data: Any = None) -> None:
        self._successors.setdefault(tail, {})[head] = data
        self._successors.setdefault(head, {})
        self._edges[(tail, head)] = data

    def has_edge(self, tail: N, head: N) -> bool:
        return (tail, head) in self._edges

    def edge(self, tail: N, head: N) -> Any:
        """The value of an edge (KeyError when there is no such edge)."""
        return self._edges[(tail, head)]

    def has_cycle(self) -> bool:
        """Whether some path leads from a node back to itself (an edge from a node to itself
        counts). Nodes are taken away while one has no edge coming in; a cycle is what stays."""
        incoming = dict.fromkeys(self._successors, 0)
        for _, head in self._edges:
            incoming[head] += 1
        free = [node for node, n in incoming.items() if n == 0]
        removed = 0
        while free:
            node = free.pop()
            removed += 1
            for head in self._successors[node]:
                incoming[head] -= 1
                if incoming[head] == 0:
                    free.append(head)
        return removed < len(incoming)

    def simple_cycles(self) -> Iterator[list[N]]:
        """Every elementary cycle, as networkx lists them for the same graph built in the same
        order (nothing at all when there is no cycle)."""
        if not self.has_cycle():
            return
        import networkx as nx  # only a graph with a cycle needs it: the import takes a while

        graph = nx.DiGraph()
        graph.add_nodes_from(self._successors)
        graph.add_edges_from(self._edges)
        yield from nx.simple_cycles(graph)
