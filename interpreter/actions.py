"""Actions and decisions: what a player may choose, and what they are asked.

An :class:`Action` is a small immutable value, cheap to create and hash, and serialisable to JSON
for logs. A :class:`Decision` says who must choose, for which city, and what kind of choice it is.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

__all__ = ["Action", "Decision", "IllegalActionError", "PLAY_KINDS"]

#: action kinds
BUILD = "build"        # build the card as a structure (means: "" pay, "chain", "free")
STAGE = "stage"        # tuck the card under the board to build the next wonder stage
SELL = "sell"          # discard the card for coins
PICK = "pick"          # build a card from the discard pile (a free build)
PAY = "pay"            # pay `coins` of a loss; the rest is taken as tokens
PLAY_KINDS = (BUILD, STAGE, SELL)


class Action(NamedTuple):
    """One choice. `left`/`right`: coins paid to each neighbour for resources."""

    kind: str
    card: str = ""
    left: int = 0
    right: int = 0
    means: str = ""
    coins: int = 0

    def __str__(self) -> str:
        if self.kind == PAY:
            return f"pay {self.coins}"
        text = f"{self.kind} {self.card}"
        if self.means:
            text += f" ({self.means})"
        if self.left or self.right:
            parts = []
            if self.left:
                parts.append(f"{self.left} to left")
            if self.right:
                parts.append(f"{self.right} to right")
            text += " paying " + " and ".join(parts)
        return text

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.card:
            out["card"] = self.card
        if self.kind in (BUILD, STAGE):
            out["left"] = self.left
            out["right"] = self.right
        if self.means:
            out["means"] = self.means
        if self.kind == PAY:
            out["coins"] = self.coins
        return out

    @classmethod
    def from_json(cls, data: dict) -> Action:
        known = {"kind", "card", "left", "right", "means", "coins"}
        extra = set(data) - known
        if extra:
            raise ValueError(f"unknown action field(s): {', '.join(sorted(extra))}")
        if not isinstance(data.get("kind"), str):
            raise ValueError("an action needs a 'kind'")
        return cls(str(data["kind"]), str(data.get("card", "")), int(data.get("left", 0)),
                   int(data.get("right", 0)), str(data.get("means", "")), int(data.get("coins", 0)))


class Decision(NamedTuple):
    """`player` must choose an action for the city at `seat` (a neutral seat's controller decides
    for it). kind: "play" (the turn's card), "extra" (the card left at the end of an age),
    "pick" (a card from the discard pile), "pay" (how much of a loss to pay in coins)."""

    player: int
    seat: int
    kind: str
    detail: str = ""

    def to_json(self) -> dict:
        return {"player": self.player, "seat": self.seat, "kind": self.kind, "detail": self.detail}


class IllegalActionError(ValueError):
    """An action that the rules forbid; `reasons` maps each refused player to a sentence.
    The state is unchanged."""

    def __init__(self, reasons: dict[int, str]) -> None:
        self.reasons = dict(reasons)
        text = "; ".join(f"player {p}: {r}" for p, r in sorted(self.reasons.items()))
        super().__init__(text)

    def reason(self, player: int) -> Optional[str]:
        return self.reasons.get(player)
