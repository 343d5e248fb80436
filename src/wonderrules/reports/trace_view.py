"""What `wr trace` prints of an account of a game (:mod:`wonderrules.reports.trace`): as text, a table per
round (each city: what it did, how it paid, its coins and the tokens it gained or lost), the
contests and deals recorded after it, and the final score sheet; as JSON, the same account as
plain data, one object per round.

Every word that is not the rule set's or the log's is plain English about the table (seat,
neighbour, bank, coins, tokens); what comes from a rule set or a log (names of cards, actions,
ways, contests, tokens, decisions' titles) is printed literally, control characters escaped
(:func:`wonderrules.reports.text.shown`), and never read as console markup.
"""

from __future__ import annotations

from typing import Any, Optional

import attrs
from rich import box
from rich.table import Table
from rich.text import Text

from wonderrules.reports.text import bold, score_sheet, shown
from wonderrules.reports.trace import CityAfter, Play, Round, Trace

__all__ = ["account", "account_json"]


@attrs.frozen
class _Agent:
    """An agent as the score sheet names it (a log records agents by name)."""

    name: str


# ---- words -----------------------------------------------------------------------------------------

def _seat(trace: Trace, seat: int) -> str:
    info = trace.seats[seat]
    return f"seat {seat}" + (f" ({shown(info.neutral)})" if info.neutral else "")


def _city(trace: Trace, seat: int) -> str:
    info = trace.seats[seat]
    name = f"{shown(info.board)} {shown(info.side)}"
    return name + (f" ({shown(info.neutral)})" if info.neutral else "")


def paid(play: Play) -> str:
    """How a play paid: `free (way chain)`, or the coins to the bank and to each seller."""
    way = play.action.way
    if play.free:
        return f"free (way {shown(way)})"
    parts = [f"{play.bank} to the bank"] if play.bank else []
    for p in play.payments:
        parts.append(f"{p.coins} to seat {p.seat}" + (f" ({shown(p.relation)})" if p.relation else ""))
    text = ", ".join(parts) or "-"
    return f"way {shown(way)}: {text}" if way else text


def _did(play: Play, title: str) -> str:
    """The play's label; who chose it for a neutral seat; the decision as it was asked of the
    city when it differs from the round's title (a loss of another amount)."""
    text = shown(play.label)
    if play.passed:
        text = f"nothing (chose {shown(play.first_choice)}, taken by a seat ahead; none left)"
    elif play.first_choice:
        text += f" (first chose {shown(play.first_choice)}, taken by a seat ahead)"
    if play.seat != play.player:
        text += f" (chosen by player {play.player})"
    elif play.title != title:
        text += f" ({shown(play.title)})"
    return text


def _coins(city: CityAfter) -> str:
    change = city.coins - city.coins_before
    return f"{city.coins}" + (f" ({change:+d})" if change else "")


def _tokens(city: CityAfter) -> str:
    return ", ".join(f"{n:+d} {shown(name)}" + (f" worth {v:+d}" if v != n else "")
                     for name, n, v in city.token_changes())


def _outcome_text(result: dict[str, Any]) -> str:
    worth = result["worth"]
    return f"{result['tokens']} {shown(result['token'])} (worth {worth} each)"


def contest_lines(entry: dict[str, Any], seat: Optional[int] = None) -> list[str]:
    """A contest as the history records it: who sat out, each pair that met and its result, or
    the ranking; only what concerns `seat` when one is followed."""
    def concerns(*seats: int) -> bool:
        return seat is None or seat in seats

    lines = [f"{shown(entry['contest'])} at {shown(entry['moment'])} (age {entry['age']})"]
    lines += [f"  seat {s} sits out" for s in entry["sat_out"] if concerns(s)]
    results = {(r["seat"], r["opponent"]): r for r in entry["results"]}
    for met in entry["pairs"]:
        (a, b), (sa, sb) = met["seats"], met["strengths"]
        if not concerns(a, b):
            continue
        if sa == sb:
            lines.append(f"  seat {a} ({sa}) and seat {b} ({sb}) tie")
            continue
        (w, sw), (lo, sl) = ((a, sa), (b, sb)) if sa > sb else ((b, sb), (a, sa))
        lines.append(f"  seat {w} ({sw}) beats seat {lo} ({sl}): {_outcome_text(results[(w, lo)])} to seat {w}, "
                     f"{_outcome_text(results[(lo, w)])} to seat {lo}")
    if entry["strengths"]:
        ranked = [f"seat {s} {v}" for s, v in entry["strengths"].items() if concerns(s)]
        if ranked:
            lines.append("  strengths: " + ", ".join(ranked))
        for r in entry["results"]:
            if r["opponent"] < 0 and concerns(r["seat"]):
                verb = "is the strongest" if r["outcome"] == "win" else "is the weakest"
                lines.append(f"  seat {r['seat']} {verb}: {_outcome_text(r)}")
    if len(lines) == 1:
        lines.append("  nothing happened" if seat is None else f"  seat {seat} took no part")
    return lines


def deal_lines(entry: dict[str, Any], seat: Optional[int] = None) -> list[str]:
    """A deal as the history records it: each target's cards, in order."""
    head = f"dealt {shown(entry['deal'])} (age {entry['age']})"
    return [f"{head}: {shown(zone)} of seat {s}: {', '.join(shown(c) for c in cards) or '-'}"
            for zone, s, cards in entry["dealt"] if seat is None or s == seat]


# ---- text ----------------------------------------------------------------------------------------------

def _round_table(trace: Trace, rnd: Round, seat: Optional[int]) -> Table:
    table = Table(title=shown(rnd.title), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    table.add_column("seat", justify="right")
    table.add_column("city")
    table.add_column("did")
    table.add_column("paid")
    table.add_column("coins", justify="right", no_wrap=True)  # never cut (see report.console_for)
    table.add_column("tokens")
    plays = {p.seat: p for p in rnd.plays}
    for city in rnd.cities:
        if seat is not None and city.seat != seat:
            continue
        play = plays.get(city.seat)
        table.add_row(str(city.seat), _city(trace, city.seat), _did(play, rnd.title) if play else "",
                      paid(play) if play else "", _coins(city), _tokens(city))
    return table


def _followed(rnd: Round, seat: int) -> bool:
    """Whether a round concerns the followed seat: it played, its coins or tokens changed, or it
    took part in a contest recorded after it."""
    city = rnd.cities[seat]
    if seat in rnd.seats() or city.coins != city.coins_before or city.token_changes():
        return True
    return any(e["type"] == "contest" and (seat in e["strengths"] or seat in e["sat_out"]
                                           or any(seat in m["seats"] for m in e["pairs"]))
               for e in rnd.then)


def account(trace: Trace, seat: Optional[int] = None, width: Optional[int] = None) -> list[Any]:
    """The account as text and tables, ready to print; only what concerns `seat` when given; the
    score sheet folded to `width` (see `score_sheet`)."""
    out: list[Any] = [bold(shown(trace.title))]
    out.append(Text("Seats: " + "; ".join(
        f"{s.seat} {_city(trace, s.seat)}" + (f" ({shown(s.agent)})" if s.agent else "") for s in trace.seats)))
    deals: list[dict[str, Any]] = [e for e in trace.start if e["type"] == "deal"]
    age: Optional[int] = None
    for rnd in trace.rounds:
        if rnd.age != age:
            age = rnd.age
            out.append(Text(""))
            out.append(bold(f"Age {age}" if age else "Before the first age"))
            out += [Text(line) for e in deals for line in deal_lines(e, seat)]
            deals = []
        if seat is None or _followed(rnd, seat):
            out.append(_round_table(trace, rnd, seat))
        for entry in rnd.then:
            if entry["type"] == "contest":
                out += [Text(line) for line in contest_lines(entry, seat)]
            elif entry["type"] == "deal":
                deals.append(entry)
    out += [Text(line) for e in deals for line in deal_lines(e, seat)]
    out.append(Text(""))
    if trace.over:
        agents = [_Agent(s.agent) for s in trace.seats if s.agent] if all(
            s.agent for s in trace.seats[:trace.state.players]) else None
        out += score_sheet(trace.state, agents, "Score sheet", width)
    else:
        out.append(Text(f"The game is not over (age {trace.state.age}, turn {trace.state.turn})."))
    return out


# ---- JSON ----------------------------------------------------------------------------------------------

def _entry_json(entry: dict[str, Any], seat: Optional[int]) -> Optional[dict[str, Any]]:
    """A history entry as JSON data (seats as keys become strings), only what concerns `seat`."""
    if entry["type"] == "deal":
        dealt = [{"zone": zone, "seat": s, "cards": list(cards)} for zone, s, cards in entry["dealt"]
                 if seat is None or s == seat]
        return {"type": "deal", "deal": entry["deal"], "age": entry["age"], "dealt": dealt}
    if entry["type"] == "contest":
        def concerns(*seats: int) -> bool:
            return seat is None or seat in seats

        return {
            "type": "contest", "contest": entry["contest"], "moment": entry["moment"], "age": entry["age"],
            "turn": entry["turn"],
            "sat_out": [s for s in entry["sat_out"] if concerns(s)],
            "pairs": [m for m in entry["pairs"] if concerns(*m["seats"])],
            "strengths": {str(s): v for s, v in entry["strengths"].items() if concerns(s)},
            "results": [r for r in entry["results"] if concerns(r["seat"])],
        }
    return None


def _entries_json(entries: tuple[dict[str, Any], ...], seat: Optional[int]) -> list[dict[str, Any]]:
    return [found for found in (_entry_json(e, seat) for e in entries) if found is not None]


def _play_json(play: Play) -> dict[str, Any]:
    return {"player": play.player, "seat": play.seat, "decision": play.decision, "title": play.title,
            "action": play.action.to_json(), "label": play.label, "free": play.free, "bank": play.bank,
            "pay": [{"seat": p.seat, "coins": p.coins, "relation": p.relation} for p in play.payments],
            "first_choice": play.first_choice, "passed": play.passed}


def _tokens_json(tokens: tuple[tuple[str, int, int], ...]) -> dict[str, Any]:
    return {name: {"count": n, "value": v} for name, n, v in tokens}


def _city_json(city: CityAfter) -> dict[str, Any]:
    return {"seat": city.seat, "coins": city.coins, "coins_change": city.coins - city.coins_before,
            "tokens": _tokens_json(city.tokens), "tokens_change": _tokens_json(city.token_changes())}


def account_json(trace: Trace, seat: Optional[int] = None) -> dict[str, Any]:
    """The account as JSON data: the table, the entries recorded before the first round, one
    object per round, and the final sheets once the game is over."""
    rounds = []
    for rnd in trace.rounds:
        if seat is not None and not _followed(rnd, seat):
            continue
        rounds.append({
            "age": rnd.age, "turn": rnd.turn, "decisions": list(rnd.decisions), "title": rnd.title,
            "plays": [_play_json(p) for p in rnd.plays if seat is None or p.seat == seat],
            "cities": [_city_json(c) for c in rnd.cities if seat is None or c.seat == seat],
            "then": _entries_json(rnd.then, seat),
        })
    state = trace.state
    out: dict[str, Any] = {
        "title": trace.title,
        "rules": list(state.game.rules.layers),
        "players": state.players,
        "options": list(state.config.options),
        "seed": trace.seed,
        "seats": [{"seat": s.seat, "board": s.board, "side": s.side, "neutral": s.neutral or None,
                   "agent": s.agent or None} for s in trace.seats],
        "followed": seat,
        "start": _entries_json(trace.start, seat),
        "rounds": rounds,
        "over": trace.over,
    }
    if trace.over:
        out["scores"] = [sheet.to_json() for sheet in state.scores() if seat is None or sheet.seat == seat]
        out["winners"] = state.winners()
    return out
