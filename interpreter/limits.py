"""Bounds on what a rule set may ask for, shared by the front end and the engine.

They keep every table finite and small: no rule set, written or compiled, can make the checker
or the engine allocate without bound or run for minutes.
"""

from __future__ import annotations

__all__ = ["MAX_PLAYERS", "MAX_AGES", "MAX_NUMBER", "MAX_NUMBER_DIGITS"]

#: seats at one table (players and neutral seats)
MAX_PLAYERS = 20
#: ages in one game
MAX_AGES = 20
#: the largest number a rule set may write (coins, counts, costs, points, prices...)
MAX_NUMBER = 1_000_000
MAX_NUMBER_DIGITS = len(str(MAX_NUMBER))
