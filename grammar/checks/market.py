"""Pass: the prices of the market say one price for each seller and resource; its sales say
what sellers sell.

Besides its plain `price N`, a market may price some sellers (`price 3 from left 2, right 2`),
some resources (`price 1 for manufactured`), or both. A line names sellers as `sellers:` names
them: the price of a seat is that of the relation that makes it a seller, so `from left 2` with
`sellers: left, right` could never hold (E0104). For one relation and one resource, a line that
names both wins over one that names either; two lines of the same rank that both hold and ask
different prices leave the price unsaid (E0108): the designer says which, in a line naming both.

A `sells only raw from left 2, right 2` line says what the sellers of some relations sell; it
names them as `sellers:` does (E0104), and says all they sell: a relation in two such lines is
refused (E0102). A resource a relation never sells has no price to disagree on, and a price line
that holds only for what is never sold never applies (W0509).

The prices and rebates of effects (`buy raw from left 2 for 1`) change the price of sellers the
market already has; a seat that never sells is never charged. When a seat word of such an effect
names no seller at some table the rule set seats, the effect does nothing there (W0509): the
market's sellers gain the seat, or the effect names sellers.
"""

from __future__ import annotations

from collections.abc import Iterator

from wonderrules.grammar import syntax as s
from wonderrules.grammar.checks.counts import describe_tables
from wonderrules.grammar.checks.structure import all_hooks
from wonderrules.grammar.diagnostics import Diagnostic, Label, error, warning
from wonderrules.grammar.lower_effects import RELATION_WORDS, lower_seat
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.config import ConfigError, resolve_config, supported_tables
from wonderrules.interpreter.table import DYNAMIC, Table

__all__ = ["check", "unsold"]


def check(model: Model) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    market = model.market
    if market is None:
        return diags
    sellers = [c for c in market.clauses if isinstance(c, s.Sellers)]
    lines = [c for c in market.clauses if isinstance(c, s.MarketPrice) and not c.plain]
    sales = [c for c in market.clauses if isinstance(c, s.SellsOnly)]
    if not sellers or not (lines or sales):
        return diags
    relations = [lower_seat(seat) for seat in sellers[0].seats if seat.word in RELATION_WORDS]
    named: list[tuple[str, tuple[s.Seat, ...]]] = [("a price", line.sellers) for line in lines]
    named += [("a `sells only` line", line.sellers) for line in sales]
    for what, seats in named:
        for seat in seats:
            if seat.word in RELATION_WORDS and lower_seat(seat) not in relations:
                diags.append(_not_a_seller(seat, sellers[0], what))
    classes = model.resource_classes()
    sold = _sold(sales, classes, diags)
    resources = list(model.resources)
    reported: set[tuple[int, int]] = set()
    for rel in relations:
        for res in resources:
            if rel in sold and res not in sold[rel][1]:
                continue  # never sold: its price is never asked
            holding = list(_holding(lines, rel, res, classes))
            if not holding:
                continue
            top = max(rank for rank, _ in holding)
            best = [line for rank, line in holding if rank == top]
            first = best[0]
            other = next((line for line in best[1:] if line.coins != first.coins), None)
            if other is None or (id(first), id(other)) in reported:
                continue
            reported.add((id(first), id(other)))
            diags.append(_disagree(first, other, rel, res))
    if sold:
        for line in lines:
            held = [(rel, res) for rel in relations for res in resources if next(_holding([line], rel, res, classes),
                                                                                   None) is not None]
            if held and all(rel in sold and res not in sold[rel][1] for rel, res in held):
                diags.append(_never_sold(line, relations, sold))
    return diags


def _sold(sales: list[s.SellsOnly], classes: dict[str, list[str]],
          diags: list[Diagnostic]) -> dict[ir.Relation, tuple[s.SellsOnly, set[str]]]:
    """Each relation a `sells only` line names: that line and the resources it sells. A relation
    named by two lines is refused (E0102): which would hold?"""
    out: dict[ir.Relation, tuple[s.SellsOnly, set[str]]] = {}
    for line in sales:
        for seat in line.sellers:
            if seat.word not in RELATION_WORDS:
                continue
            rel = lower_seat(seat)
            if rel in out:
                shown = _seat_words(rel)
                diags.append(error("E0102", f"what `{shown}` sells is said twice", seat.span,
                                   labels=[Label(out[rel][0].span, "said first here")],
                                   help=f"name `{shown}` in one `sells only` line, with every resource it sells"))
                continue
            out[rel] = (line, {r for n in line.resources for r in classes.get(n.text, [n.text])})
    return out


def _never_sold(line: s.MarketPrice, relations: list[ir.Relation],
                sold: dict[ir.Relation, tuple[s.SellsOnly, set[str]]]) -> Diagnostic:
    names = ", ".join(n.text for n in line.resources)
    named = [lower_seat(x) for x in line.sellers if x.word in RELATION_WORDS] or relations
    limits = [sold[rel][0] for rel in named if rel in sold]
    labels = [Label(limits[0].span, "what they sell")] if limits else []
    return warning("W0509", f"this price never applies: the sellers it names never sell {names}", line.span,
                   labels=labels, help="price what these sellers sell, or let them sell it in their `sells only` line")


def _holding(lines: list[s.MarketPrice], rel: ir.Relation, res: str,
             classes: dict[str, list[str]]) -> Iterator[tuple[int, s.MarketPrice]]:
    """(rank, line) of each line that holds for the sellers of a relation and a resource; the
    rank counts what the line names (sellers, resources)."""
    for line in lines:
        if line.sellers and rel not in [lower_seat(x) for x in line.sellers if x.word in RELATION_WORDS]:
            continue
        if line.resources and res not in {r for n in line.resources for r in classes.get(n.text, [n.text])}:
            continue
        yield bool(line.sellers) + bool(line.resources), line


def _seat_words(rel: ir.Relation) -> str:
    word = next(k for k, v in RELATION_WORDS.items() if v == rel.kind)
    return f"{word} {rel.distance}" if rel.distance != 1 else word


def _not_a_seller(seat: s.Seat, sellers: s.Sellers, what: str = "a price") -> Diagnostic:
    written = ", ".join(f"{x.word} {x.distance}" if x.distance else x.word for x in sellers.seats)
    shown = f"{seat.word} {seat.distance}" if seat.distance else seat.word
    if seat.word == "neighbours":
        hint = f"{what} names sellers as `sellers:` writes them ({written}): write `from left, right`"
    elif seat.word in ("left", "right") and seat.distance in (None, 1) and \
            any(x.word == "neighbours" for x in sellers.seats):
        verb = "price" if what == "a price" else "name"
        hint = (f"{what} names sellers as `sellers:` writes them ({written}): to {verb} one neighbour apart, "
                "write `left, right` among the sellers in place of `neighbours`")
    else:
        hint = f"{what} names sellers as `sellers:` writes them ({written}): name one of them, or add `{shown}` " \
               "to the sellers"
    return error("E0104", f"the market does not buy from `{shown}` as its sellers are written", seat.span,
                 labels=[Label(sellers.span, "the sellers")], help=hint)


def _disagree(first: s.MarketPrice, other: s.MarketPrice, rel: ir.Relation, res: str) -> Diagnostic:
    seller = _seat_words(rel)
    both = sorted((first, other), key=lambda line: (line.span.line, line.span.column))
    if bool(first.sellers) != bool(other.sellers):  # one names sellers, the other resources
        by_seller = first if first.sellers else other
        by_resource = other if first.sellers else first
        names = ", ".join(n.text for n in by_resource.resources)
        seats = ", ".join(f"{x.word} {x.distance}" if x.distance else x.word for x in by_seller.sellers)
        hint = f"say which price holds for both in one line: `price N for {names} from {seats}`"
    else:
        hint = "name each seller and resource in one `price` line of this rank only, or in a line naming both"
    return error("E0108", f"two prices of the market hold for {res} bought from `{seller}`: {first.coins} and "
                 f"{other.coins} coins", both[1].span, labels=[Label(both[0].span, "the other price")], help=hint)


def unsold(model: Model, rules: ir.RuleSet) -> list[Diagnostic]:
    """W0509: a price or rebate of an effect naming a seat word that, at some table the rule set
    seats, is no seller of the market: there the effect does nothing."""
    diags: list[Diagnostic] = []
    market = rules.market
    if market is None:
        return diags
    tables: list[tuple[int, Table]] | None = None
    for _, hook in all_hooks(model):
        effect = hook.effect
        if not isinstance(effect, (s.Price, s.Rebate)):
            continue
        if tables is None:
            tables = _tables(rules)
        for seat in effect.sellers:
            rel = lower_seat(seat)
            if rel.kind in DYNAMIC:  # refused by the seats fixed by the table (E0104)
                continue
            never = [players for players, table in tables if _sells_nothing(table, rel, market.sellers)]
            if never:
                diags.append(_unsold(effect, seat, never, market))
    return diags


def _tables(rules: ir.RuleSet) -> list[tuple[int, Table]]:
    """A table for each player count the rule set seats, without options."""
    out: list[tuple[int, Table]] = []
    for players, options in supported_tables(rules):
        if options:
            continue
        try:
            cfg = resolve_config(rules, players, options)
        except ConfigError:  # said by the deck arithmetic
            continue
        out.append((players, Table(cfg.players, len(cfg.neutral_seats), cfg.team_size)))
    return out


def _sells_nothing(table: Table, rel: ir.Relation, sellers: tuple[ir.Relation, ...]) -> bool:
    """Whether, for some buyer of the table, the seats of `rel` are others than the buyer and none
    is among its sellers."""
    for buyer in range(table.seats):
        named = [seat for seat in table.seats_of(rel, buyer) if seat != buyer]
        if named and not set(named) & set(table.union(sellers, buyer)):
            return True
    return False


def _unsold(effect: s.Price | s.Rebate, seat: s.Seat, players: list[int], market: ir.Market) -> Diagnostic:
    shown = _seat_words(lower_seat(seat))
    what = "price" if isinstance(effect, s.Price) else "rebate"
    written = ", ".join(_seat_words(r) for r in market.sellers)
    return warning("W0509", f"this {what} from `{shown}` never applies at {describe_tables(players)}: the market "
                   f"does not buy from that seat", seat.span,
                   help=f"add `{shown}` to the market's sellers (`sellers: {written}, {shown}` in an `override "
                        f"market`), or name sellers the market has")
