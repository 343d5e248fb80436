"""A rule set's cards and wonder boards in plain words: what `wr cards` lists and `wr show` prints.

Everything is read from the compiled rule set (:class:`.ir.RuleSet`), in which every layer is
already merged, so a layered variant is described as it is played. The effects most cards have
(production, symbols, points, coins, tokens, trading prices) are put in words here; any other
effect is given as it is written in its `.wr` file (the text at the effect's origin), which is
the rule set's own plain words for it. `effect_words` is the one function that says what an
effect does; a card's row (`card_row`) and a board's lines (`board_lines`) are built from it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from wonderrules.interpreter import ir

__all__ = ["WrittenText", "CardRow", "FIELDS", "effect_words", "cost_words", "chain_words", "copies_words",
           "card_row", "card_rows", "board_lines", "source_lines"]

#: the source lines of a file by its display path (None when it cannot be read)
WrittenText = Callable[[str], "Sequence[str] | None"]


def source_lines(path: str) -> Sequence[str] | None:
    """The lines of a rule set's file as its origins name it: a bundled one (`<bundled>/base.wr`)
    is read from the package, any other from its path; None when it cannot be read."""
    from pathlib import Path

    from wonderrules.grammar.loading import BUNDLED_PREFIX, read_bundled

    if path.startswith(BUNDLED_PREFIX):
        found = read_bundled(path[len(BUNDLED_PREFIX):].removesuffix(".wr"))
        return found[1].splitlines() if found is not None else None
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None


#: the most lines an effect's written text is read from
_MAX_LINES = 8


def _written(origin: ir.Origin | None, text: WrittenText) -> str | None:
    """The effect as written at `origin`: the rest of its line (and of the next ones while a
    bracket is open), without comments or a closing brace of the block."""
    if origin is None:
        return None
    lines = text(origin.path)
    if lines is None or not 0 < origin.line <= len(lines):
        return None
    written = lines[origin.line - 1][origin.column - 1:].split("#", 1)[0].strip()
    following = iter(lines[origin.line:origin.line + _MAX_LINES])
    while written.count("(") > written.count(")") and (line := next(following, None)) is not None:
        written += " " + line.split("#", 1)[0].strip()
    if written.endswith("}") and written.count("{") < written.count("}"):
        written = written[:-1].rstrip()
    return written or None


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _seats(seats: ir.Seats) -> str:
    """`you`, `the neighbours`, `left and right`: whose cities."""
    def one(r: ir.Relation) -> str:
        if r.kind == "self":
            return "you"
        if r.kind in ("left", "right") and r.distance > 1:
            return f"{r.kind} ({r.distance} seats away)"
        return "the " + r.kind if r.kind in ("neighbours", "others", "players") else r.kind
    names = [one(r) for r in seats]
    if names == ["you", "left", "right"]:
        return "the neighbours and you"
    if names == ["left", "right"]:
        return "the neighbours"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _counted(q: ir.Quantity) -> str | None:
    """`brown card of the neighbours`, `stage of you`: one unit of a quantity, or None."""
    whose = _seats(q.seats)
    if q.what == "cards" and not q.zone and not q.this:
        return f"{' or '.join(q.names) + ' ' if q.names else ''}card of {whose}"
    if q.what == "stages" and not q.this:
        return f"wonder stage of {whose}"
    if q.what == "tokens" and len(q.names) == 1:
        return f"{q.names[0]} token of {whose}"
    return None


def _amount(expr: ir.Expr, unit: str) -> str | None:
    """`3 coins`, `1 coin per brown card of you`: an amount of `unit` in words, or None."""
    if isinstance(expr, ir.Num):
        return _count(expr.value, unit)
    if isinstance(expr, ir.Quantity) and (each := _counted(expr)) is not None:
        return f"1 {unit} per {each}"
    if isinstance(expr, ir.BinOp) and expr.op == "*":
        number, counted = (expr.left, expr.right) if isinstance(expr.left, ir.Num) else (expr.right, expr.left)
        if isinstance(number, ir.Num) and isinstance(counted, ir.Quantity) and (each := _counted(counted)):
            return f"{_count(number.value, unit)} per {each}"
    return None


def _one_of(options: Sequence[str]) -> str:
    return options[0] if len(options) == 1 else " / ".join(options) + " (one of them)"


def _op_words(op: ir.Op) -> str | None:
    """What an operation does, in words; None for one left to its written text."""
    if isinstance(op, ir.Produce):
        sale = "" if op.for_sale else ", not for sale"
        return f"produces {op.amount} {_one_of(op.options)}{sale}"
    if isinstance(op, ir.Symbol):
        return f"+{op.amount} {_one_of(op.options)}"
    if isinstance(op, ir.Score):
        points = _amount(op.amount, "point")
        return f"{points}" if points else None
    if isinstance(op, ir.GainCoins) and op.targets == (ir.Relation("self"),):
        coins = _amount(op.amount, "coin")
        return f"gain {coins}" if coins else None
    if isinstance(op, ir.LoseCoins) and not op.or_decide:
        coins = _amount(op.amount, "coin")
        return f"{_seats(op.targets)} lose {coins}" if coins else None
    if isinstance(op, ir.GainTokens) and op.targets == (ir.Relation("self"),) and not op.giver:
        tokens = _amount(op.amount, f"{op.token} token")
        worth = "" if op.worth == ir.Num(1) else None
        return f"gain {tokens}" if tokens and worth is not None else None
    if isinstance(op, ir.Price):
        return f"buys {', '.join(op.resources)} from {_seats(op.sellers)} for {_count(op.price, 'coin')}"
    return None


def _trigger_words(trigger: ir.Trigger) -> str | None:
    """When an effect works, as a prefix (`` for always); None for one left to its written text."""
    if isinstance(trigger, ir.Passive):
        return ""
    if isinstance(trigger, ir.OnBuild):
        return "when built: "
    if isinstance(trigger, ir.EndOfGame):
        return "at the end of the game: "
    if isinstance(trigger, ir.At):
        return f"{'every ' if trigger.each else 'at '}{trigger.moment}: "
    return None


def effect_words(hook: ir.Hook, text: WrittenText = source_lines) -> str:
    """What one effect of a card, board or stage does, in plain words: `produces 1 wood`, `+2
    shield`, `at the end of the game: 1 point per brown card of the neighbours`; an effect this
    module has no words for is given as written in its file (`text` reads the file), else by
    the name of its operation."""
    when = _trigger_words(hook.trigger)
    what = _op_words(hook.op)
    if when is not None and what is not None and hook.condition is None:
        return when + what
    written = _written(hook.origin, text)
    if written is not None:
        return written
    return f"{(when or '').rstrip(': ')} {type(hook.op).__name__}".strip()


def cost_words(cost: ir.Cost) -> str:
    """`free`, `1 coin`, `2 clay, loom`."""
    parts = [_count(cost.coins, "coin")] if cost.coins else []
    parts += [name if n == 1 else f"{n} {name}" for name, n in cost.resources]
    return ", ".join(parts) or "free"


def chain_words(card: ir.Card) -> str:
    """`from Baths; to Gardens`: the cards that build this one for free, and those it builds."""
    parts = []
    if card.chains_from:
        parts.append("from " + ", ".join(card.chains_from))
    if card.chains_to:
        parts.append("to " + ", ".join(card.chains_to))
    return "; ".join(parts)


def copies_words(card: ir.Card, players: Sequence[int], main_deck: str = "") -> str:
    """`3:1 4:2 5:2`: the copies in the deck at each player count (one per printed marker at or
    below it), or the pool a card is drawn from instead; a card of another deck than `main_deck`
    names its deck (`deck leaders: 3:1 ...`)."""
    if card.pool:
        return f"pool {card.pool}"
    counts = " ".join(f"{n}:{sum(1 for m in card.copies if m <= n)}" for n in players)
    return f"deck {card.deck}: {counts}" if main_deck and card.deck != main_deck else counts


@attrs.frozen
class CardRow:
    """One card of a catalogue, every field in words."""

    age: int
    colour: str
    name: str
    cost: str
    chains: str
    copies: str
    effects: str

    def as_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)


#: the fields of a row, in the order of the columns
FIELDS = tuple(f.name for f in attrs.fields(CardRow))


def card_row(card: ir.Card, ruleset: ir.RuleSet, text: WrittenText = source_lines) -> CardRow:
    """A card of `ruleset` in words; the copies name the deck of a card not in the rule set's
    first deck."""
    main_deck = ruleset.decks[0] if ruleset.decks else ""
    return CardRow(card.age, card.colour, card.name, cost_words(card.cost), chain_words(card),
                   copies_words(card, ruleset.settings.players, main_deck),
                   "; ".join(effect_words(h, text) for h in card.hooks))


def card_rows(ruleset: ir.RuleSet, text: WrittenText = source_lines) -> list[CardRow]:
    """Every card of the rule set, by age, then in the rule set's own order."""
    ordered = sorted(enumerate(ruleset.cards), key=lambda found: (found[1].age, found[0]))
    return [card_row(card, ruleset, text) for _, card in ordered]


def board_lines(board: ir.Board, text: WrittenText = source_lines) -> list[str]:
    """A wonder board's side in words: its title, its own effects, then each stage's cost and
    effects."""
    lines = [f"{board.name} side {board.side}" + (f": {board.title}" if board.title else "")]
    lines += [f"  board: {effect_words(h, text)}" for h in board.hooks]
    for n, stage in enumerate(board.stages, 1):
        effects = "; ".join(effect_words(h, text) for h in stage.hooks)
        lines.append(f"  stage {n} (cost {cost_words(stage.cost)}): {effects}")
    return lines
