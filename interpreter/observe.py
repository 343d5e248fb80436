"""What a player may see of a game on the core, derived from the rule set's declarations.

Every zone declares who sees its cards (`seen_by`) and whether everyone sees how many it holds
(`size_seen`); an option may declare a zone again (team play shows a hand to partners), and the
table's configuration holds the declaration in force. For a zone of a seat:

- `owner`: the seat's player sees its cards (for a neutral seat, the player controlling it now);
- `partners`: the owner and the owner's partners in team play;
- `everyone`, `nobody`: as they say.

A zone of the table (the discard pile) has no owner: its cards are seen when it is declared
`everyone`, by nobody otherwise. Whoever does not see a zone's cards sees how many it holds when
its size is seen. The one exception: a decision that takes its cards from a zone the decider
cannot see (a card built from the discard pile) shows the decider the cards it may choose.

Everything else a city shows is public: its board and side, its stages, coins, tokens (how many
and their value), symbols shown by its cards, its neighbours. The observation is plain JSON data:
the format is documented in docs/engine.rst ("Observations on the core").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wonderrules.interpreter.arguments import check_player, shown
from wonderrules.interpreter.errors import ArgumentError

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter import ir
    from wonderrules.interpreter.game_data import GameData
    from wonderrules.interpreter.state import State

__all__ = ["observation", "public_observation", "zones_in_force", "sees", "size_seen"]

#: the player of a spectator's view: nobody at the table, so it sees only what everyone sees
SPECTATOR = -1


def zones_in_force(st: GameData) -> tuple[ir.Zone, ...]:
    """The declaration in force of each zone (by the catalog's zone index) at this table."""
    declared = {z.name: z for z in st.config.zones}
    return tuple(declared.get(z.name, z) for z in st.catalog.zones)


def sees(st: GameData, player: int, zone: ir.Zone, seat: int) -> bool:
    """Whether `player` sees the cards of `zone` of `seat` (a zone of the table: any seat)."""
    who = zone.seen_by
    if who == "everyone":
        return True
    if who == "nobody" or zone.per == "shared":
        return False
    owner = st.controller_of(seat)
    if owner == player:
        return True
    return who == "partners" and player in st.table.partners(owner)


def size_seen(st: GameData, player: int, zone: ir.Zone, seat: int) -> bool:
    """Whether `player` knows how many cards `zone` of `seat` holds."""
    return zone.size_seen or sees(st, player, zone, seat)


def _zone_view(st: GameData, player: int, zone: ir.Zone, seat: int, cards: list[Any]) -> dict[str, Any] | None:
    if sees(st, player, zone, seat):
        return {"size": len(cards), "cards": [c.name for c in cards]}
    if zone.size_seen:
        return {"size": len(cards)}
    return None


def _city(st: GameData, player: int, seat: int, zones: tuple[ir.Zone, ...]) -> dict[str, Any]:
    city = st.cities[seat]
    cat = st.catalog
    view: dict[str, Any] = {
        "seat": seat,
        "neutral": seat in st.neutral,
        "board": city.board.name,
        "side": city.board.side,
        "stages_built": city.stages_built,
        "stages": len(city.board.stages),
        "coins": city.coins,
        "tokens": {cat.tokens[i]: {"count": n, "value": city.token_values[i]}
                   for i, n in enumerate(city.token_counts) if n or city.token_values[i]},
        "symbols": {cat.symbols[i]: n for i, n in enumerate(city.symbols) if n},
        "neighbours": {"left": st.table.left(seat), "right": st.table.right(seat)},
    }
    if seat in st.neutral:
        view["name"] = st.neutral[seat].name
        view["controller"] = st.controller_of(seat)
    if st.table.team_size and seat < st.players:
        view["partners"] = list(st.table.partners(seat))
    shown_zones: dict[str, Any] = {}
    for i, zone in enumerate(zones):
        if zone.per == "seat":
            found = _zone_view(st, player, zone, seat, city.zones[i])
            if found is not None:
                shown_zones[zone.name] = found
    view["zones"] = shown_zones
    return view


def _choices(st: State, player: int, zones: tuple[ir.Zone, ...]) -> list[str] | None:
    """The cards a pending decision may choose, when they come from a zone the player cannot
    see (None otherwise): every card the legal actions name, in the zone's order."""
    asked = st.asked.get(player)
    if asked is None:
        return None
    cat = st.catalog
    hidden = False
    for kind in cat.decision_kinds[asked.decision]:
        if kind.card_zone >= 0 and not sees(st, player, zones[kind.card_zone], player):
            hidden = True
    if not hidden:
        return None
    return list(dict.fromkeys(a.card for a in st.legal_actions(player) if a.card))


def observation(st: Any, player: Any) -> dict[str, Any]:
    """A JSON-ready view of the game for `player` (see the module's text). ArgumentError when
    `st` is not a game state of the core or `player` not one of its players."""
    from wonderrules.interpreter.state import State

    if not isinstance(st, State):
        raise ArgumentError(f"observation needs a game state (from Game.new_initial_state), not {shown(st)}")
    return _view(st, check_player(st.players, player))


def public_observation(st: State) -> dict[str, Any]:
    """What a spectator may see: the observation's fields with `player` None, every zone shown
    as to a player who owns none of them (cards of zones seen by everyone, sizes of zones whose
    size is seen), no decision and no controls."""
    return _view(st, SPECTATOR)


def _view(st: State, player: int) -> dict[str, Any]:
    """The observation of `player`, or of a spectator (SPECTATOR)."""
    zones = zones_in_force(st)
    table: dict[str, Any] = {}
    for i, zone in enumerate(zones):
        if zone.per == "shared":
            found = _zone_view(st, player, zone, -1, st.shared[i])
            if found is not None:
                table[zone.name] = found
    obs: dict[str, Any] = {
        "player": None if player == SPECTATOR else player,
        "players": st.players,
        "age": st.age,
        "turn": st.turn,
        "terminal": st.terminal,
        "cities": [_city(st, player, s, zones) for s in range(st.n)],
        "table": table,
        "controls": sorted(s for s, p in st.controller.items() if p == player),
    }
    decision = st.pending.get(player)
    if decision is not None:
        obs["decision"] = decision.to_json()
        choices = _choices(st, player, zones)
        if choices is not None:
            obs["choices"] = choices
    if st.terminal:
        obs["scores"] = [sheet.to_json() for sheet in st.scores()]
        obs["winners"] = st.winners()
    return obs
