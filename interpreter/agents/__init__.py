"""Agents that choose actions: random and greedy."""
