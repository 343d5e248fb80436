"""The values a game hands out and takes back: an :class:`Action` (one choice) and a
:class:`Decision` (who must choose, for which seat, what).

An :class:`Action` is a small immutable value: its kind, its card, its payment (a map seller seat
-> coins, as pairs in seat order, no zeros), the way its cost is paid (`""`: paid; or a declared
way such as `chain` or `free`), and an amount (for a choice of a number, such as the coins paid
of a loss). Both are named tuples: the lists of legal actions hold many, made as cheaply as plain
tuples.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Action", "Decision"]


class Action(NamedTuple):
    """One choice. `pay`: coins to each seller, as (seat, coins) pairs in seat order."""

    kind: str
    card: str = ""
    pay: tuple[tuple[int, int], ...] = ()
    way: str = ""
    amount: int = 0

    def __str__(self) -> str:
        text = f"{self.kind} {self.card}".strip() if self.card else self.kind
        if self.way:
            text += f" ({self.way})"
        if self.pay:
            text += " paying " + " and ".join(f"{c} to seat {s}" for s, c in self.pay)
        if self.amount or not (self.card or self.pay or self.way):
            text += f" {self.amount}"
        return text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.card:
            out["card"] = self.card
        if self.pay:
            out["pay"] = {str(s): c for s, c in self.pay}
        if self.way:
            out["way"] = self.way
        if self.amount:
            out["amount"] = self.amount
        return out


class Decision(NamedTuple):
    """`player` must choose an action for the city at `seat` (a neutral seat's controller decides
    for it); `kind` is the decision's name in the rule set."""

    player: int
    seat: int
    kind: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "seat": self.seat, "kind": self.kind, "detail": self.detail}
