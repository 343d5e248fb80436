"""What each player may see: public cities, their own hand, never anyone else's hand.

In team play a partner's hand is visible (partners may show each other their cards).
"""

from __future__ import annotations

from typing import Any

from wonderrules.interpreter import legal
from wonderrules.interpreter.arguments import check_player

__all__ = ["observation"]


def _city(state, seat: int) -> dict[str, Any]:
    city = state.cities[seat]
    cat = state.cat
    return {
        "seat": seat,
        "neutral": seat >= state.players,
        "wonder": city.board.name,
        "side": city.board.side,
        "stages_built": city.stages_built,
        "stages": len(city.board.stages),
        "coins": city.coins,
        "built": [c.name for c in city.built],
        "tokens": {cat.tokens[i]: {"count": n, "value": city.token_values[i]}
                   for i, n in enumerate(city.token_counts) if n},
        "symbols": {cat.symbols[i]: n for i, n in enumerate(city.symbols) if n},
        "left": state.left(seat),
        "right": state.right(seat),
    }


def observation(state, player: int) -> dict[str, Any]:
    """A JSON-ready view for `player`: everything public plus their own hand (and, with the
    discard-pile pick pending, the discard pile they may choose from). ArgumentError when
    `player` is not a player of this game: a neutral seat has no hand to show, and a negative
    number is nobody."""
    player = check_player(state.players, player)
    obs: dict[str, Any] = {
        "player": player,
        "age": state.age,
        "turn": state.turn,
        "phase": state.phase,
        "terminal": state.is_terminal(),
        "cities": [_city(state, s) for s in range(state.n)],
        "hand": [c.name for c in state.hands[player]],
        "hand_sizes": {str(s): len(state.hands[s]) for s in range(state.players)},
        "discard_size": len(state.discard),
        "controls": [s for s, p in state.controller.items() if p == player],
    }
    if state.team_size:
        obs["partner_hands"] = {str(s): [c.name for c in state.hands[s]] for s in state.partner_seats(player)}
    dec = state.pending.get(player)
    if dec is not None:
        obs["decision"] = dec.to_json()
        if dec.kind == "pick":
            obs["discard_choices"] = legal.discard_choices(state, dec.seat)
    if state.is_terminal():
        obs["scores"] = [s.to_json() for s in state.scores()]
        obs["winners"] = state.winners()
    return obs
