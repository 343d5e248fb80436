"""Core operations compiled once into hook objects.

A compiled hook has a `step` (its place among the effects of one moment), an optional compiled
`condition`, and one of three uses:

- passive operations change the city while their source is active (`apply`): production, symbols,
  market prices and rebates, granted abilities, cost changes;
- triggered operations act when their trigger comes (`run`): coins, tokens, decisions, moves;
- end-of-game operations are read by final scoring: points, symbols chosen then, copies.

Every operation an effect carries has one compiler here, which the table of operations names
(:mod:`.ops`); nothing reads the IR again during a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from wonderrules.interpreter import ir
from wonderrules.interpreter.expressions import Compiled, SeatsFn, compile_expr, compile_seats, reads_symbols
from wonderrules.interpreter.grants import CityGrant
from wonderrules.interpreter.value_range import MAX_VALUE, beyond, figure, origin

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog, Source
    from wonderrules.interpreter.ops import OpSpec

__all__ = ["CompiledHook", "compile_hook", "compile_op"]


class CompiledHook:
    """One effect of a source, ready to run: `op` is the compiled operation, `spec` the entry of
    its IR operation in the table of operations (:class:`.ops.OpSpec`), `step` its step."""

    __slots__ = ("op", "step", "condition", "source", "spec")

    def __init__(self, op: Any, condition: Optional[Compiled], source: Source, spec: OpSpec) -> None:
        self.op = op
        self.step = spec.step
        self.condition = condition
        self.source = source
        self.spec = spec

    def holds(self, st: Any, seat: int) -> bool:
        return self.condition is None or bool(self.condition(st, seat, seat, None))

    def apply(self, st: Any, seat: int) -> None:
        if self.holds(st, seat):
            self.op.apply(st, seat)

    def run(self, st: Any, seat: int) -> None:
        if self.holds(st, seat):
            self.op.run(st, seat)

    def fire(self, st: Any, seat: int) -> None:
        """Run, its condition read already (the effects of a moment read theirs as it comes)."""
        self.op.run(st, seat)

    def __repr__(self) -> str:
        return f"CompiledHook({self.spec.name} of {self.source.name!r})"


def compile_hook(hook: ir.Hook, cat: Catalog, source: Source) -> CompiledHook:
    from wonderrules.interpreter.ops import spec_of

    spec = spec_of(hook.op)
    op = compile_op(hook.op, cat, source)
    condition = compile_expr(hook.condition, cat, source) if hook.condition is not None else None
    if isinstance(op, Score) and hook.condition is not None and reads_symbols(hook.condition):
        op.reads_symbols = True  # points on a condition that counts symbols
    return CompiledHook(op, condition, source, spec)


# ---- triggered operations ---------------------------------------------------------------------------

class GainCoins:
    __slots__ = ("amount", "targets", "constant", "where", "source")

    def __init__(self, amount: Compiled, targets: SeatsFn, constant: Optional[int] = None, where: str = "",
                 source: Optional[Source] = None) -> None:
        self.amount = amount
        self.targets = targets
        #: a fixed number of coins for the owner alone (the common case, run without a call)
        self.constant = constant
        #: what gives the coins, for a sentence (`gain coins of 'Bank'`; an action's: `action 'sell'`)
        self.where = where
        #: the card or stage whose effect this is (None: an action's), as the event says
        self.source = source

    def run(self, st: Any, seat: int) -> None:
        if self.constant is not None:
            st.gain_coins(seat, self.constant, self.where, self.source)
            return
        for target in self.targets(st, seat, seat):
            n = self.amount(st, seat, target, None)
            if n > 0:  # a gain that comes to 0 or less gives nothing (coins never go below 0)
                st.gain_coins(target, n, self.where, self.source)


class LoseCoins:
    """`decision`: the one each loser decides instead of paying (None: the coins are paid);
    `source`: the card or stage whose effect the loss is, its cause."""

    __slots__ = ("amount", "targets", "decision", "source")

    def __init__(self, amount: Compiled, targets: SeatsFn, decision: Optional[int],
                 source: Optional[Source] = None) -> None:
        self.amount = amount
        self.targets = targets
        self.decision = decision
        self.source = source

    def run(self, st: Any, seat: int) -> None:
        for target in self.targets(st, seat, seat):
            n = self.amount(st, seat, target, None)
            if n > 0:
                st.lose_coins(target, n, self.decision, self.source)


class GainTokens:
    __slots__ = ("token", "amount", "worth", "targets", "giver", "where", "source")

    def __init__(self, token: int, amount: Compiled, worth: Compiled, targets: SeatsFn,
                 giver: Optional[SeatsFn], where: str = "", source: Optional[Source] = None) -> None:
        self.token = token
        self.amount = amount
        self.worth = worth
        self.targets = targets
        self.giver = giver
        #: what gives the tokens, for a sentence (see GainCoins)
        self.where = where
        #: the card or stage whose effect this is (see GainCoins)
        self.source = source

    def run(self, st: Any, seat: int) -> None:
        for target in self.targets(st, seat, seat):
            n = self.amount(st, seat, target, None)
            if n <= 0:  # as for coins: nothing, and no token count below 0
                continue
            if self.giver is None:
                st.gain_tokens(target, self.token, n, self.worth(st, seat, target, None), self.where, self.source)
                continue
            for giver in self.giver(st, seat, target):
                if giver != target:
                    _take_tokens(st, giver, target, self.token, n, self.where, self.source)


class LoseTokens:
    __slots__ = ("token", "amount", "targets", "constant")

    def __init__(self, token: int, amount: Compiled, targets: SeatsFn, constant: Optional[int] = None) -> None:
        self.token = token
        self.amount = amount
        self.targets = targets
        #: a number of the owner's own tokens, when the operation is written so
        self.constant = constant

    def run(self, st: Any, seat: int) -> None:
        if self.constant is not None:
            city = st.cities[seat]
            if city.token_counts[self.token]:  # most seats hold none
                lose_tokens(city, self.token, self.constant)
            return
        for target in self.targets(st, seat, seat):
            n = self.amount(st, seat, target, None)
            if n > 0:
                lose_tokens(st.cities[target], self.token, n)


def lose_tokens(city: Any, token: int, n: int) -> None:
    """Up to `n` tokens back to the bank, with their share of the city's worth of that token (its
    average worth; the remainder of an uneven worth stays)."""
    held = city.token_counts[token]
    n = min(n, held)
    if n <= 0:
        return
    city.token_values[token] -= int(city.token_values[token] * n / held)
    city.token_counts[token] -= n


class Transfer:
    """Coins or tokens from each target to each seat of `to` (see :class:`.ir.Transfer`)."""

    __slots__ = ("amount", "targets", "to", "token", "where", "source")

    def __init__(self, amount: Compiled, targets: SeatsFn, to: SeatsFn, token: Optional[int], where: str,
                 source: Optional[Source]) -> None:
        self.amount = amount
        self.targets = targets
        self.to = to
        #: the token given (None: coins)
        self.token = token
        self.where = where
        self.source = source

    def run(self, st: Any, seat: int) -> None:
        for payer in self.targets(st, seat, seat):
            n = self.amount(st, seat, payer, None)
            if n <= 0:
                continue
            for receiver in self.to(st, seat, payer):
                if receiver == payer:
                    continue
                if self.token is None:
                    _pay_coins(st, payer, receiver, n, self.where, self.source)
                else:
                    _take_tokens(st, payer, receiver, self.token, n, self.where, self.source)


def _pay_coins(st: Any, payer: int, receiver: int, n: int, where: str, source: Optional[Source]) -> None:
    """Up to `n` coins of the payer (what it has) go to the receiver, heard as coins it gains."""
    city = st.cities[payer]
    paid = n if n < city.coins else city.coins
    if paid <= 0:
        return
    city.coins -= paid
    st.gain_coins(receiver, paid, where, source, payer)


def _take_tokens(st: Any, giver: int, taker: int, token: int, n: int, where: str,
                 source: Optional[Source] = None) -> None:
    """Up to `n` tokens of the giver go to the taker, with the giver's average worth (the
    remainder of an uneven worth stays with the giver)."""
    city = st.cities[giver]
    held = city.token_counts[token]
    n = min(n, held)
    if n <= 0:
        return
    value = city.token_values[token]
    moved = int(value * n / held)
    worth = st.cities[taker].token_values[token] + moved
    if not -MAX_VALUE <= worth <= MAX_VALUE:
        beyond(st, f"seat {taker} would hold '{st.catalog.tokens[token]}' tokens worth {figure(worth)}", where)
    city.token_counts[token] -= n
    city.token_values[token] -= moved
    st.gain_tokens(taker, token, n, 0, where, source, giver)  # counted and announced as any gain; their worth follows
    st.cities[taker].token_values[token] += moved


class Decide:
    __slots__ = ("decision", "times")

    def __init__(self, decision: int, times: int) -> None:
        self.decision = decision
        self.times = times

    def run(self, st: Any, seat: int) -> None:
        for _ in range(self.times):
            st.ask(seat, self.decision)


class Move:
    __slots__ = ("count", "from_zone", "from_seat", "to_zone", "to_seat")

    def __init__(self, count: Compiled, from_zone: int, from_seat: SeatsFn, to_zone: int, to_seat: SeatsFn) -> None:
        self.count = count
        self.from_zone = from_zone
        self.from_seat = from_seat
        self.to_zone = to_zone
        self.to_seat = to_seat

    def run(self, st: Any, seat: int) -> None:
        n = self.count(st, seat, seat, None)
        sources = self.from_seat(st, seat, seat)
        targets = self.to_seat(st, seat, seat)
        if n > 0 and sources and targets:
            st.move_cards(n, self.from_zone, sources[0], self.to_zone, targets[0])


# ---- passive operations ---------------------------------------------------------------------------

class Produce:
    __slots__ = ("resources", "amount", "for_sale", "source_class")

    def __init__(self, resources: tuple[int, ...], amount: int, for_sale: bool, source_class: str) -> None:
        self.resources = resources
        self.amount = amount
        self.for_sale = for_sale
        #: what the market's `sells` looks at: `board`, or the colour of the card
        self.source_class = source_class

    def apply(self, st: Any, seat: int) -> None:
        sellable = self.for_sale and self.source_class in st.catalog.market_sells
        st.cities[seat].add_production(self.resources, self.amount, sellable)


class ProduceOneOf:
    __slots__ = ("sources", "missing", "for_sale", "source_class")
    resources = ()

    def __init__(self, sources: frozenset[str], missing: bool, for_sale: bool, source_class: str) -> None:
        self.sources = sources
        self.missing = missing
        self.for_sale = for_sale
        self.source_class = source_class

    def apply(self, st: Any, seat: int) -> None:
        city = st.cities[seat]
        sellable = self.for_sale and self.source_class in st.catalog.market_sells
        city.derived.append((self.sources, self.missing, sellable))
        city.version += 1


class Symbol:
    __slots__ = ("options", "amount")

    def __init__(self, options: tuple[int, ...], amount: int) -> None:
        self.options = options
        self.amount = amount

    @property
    def fixed(self) -> bool:
        return len(self.options) == 1

    def apply(self, st: Any, seat: int) -> None:
        if len(self.options) == 1:
            st.cities[seat].symbols[self.options[0]] += self.amount


class Price:
    """Lower the buyer's price of some resources from the sellers of some relations."""

    __slots__ = ("resources", "sellers", "price")

    def __init__(self, resources: tuple[int, ...], sellers: tuple[ir.Relation, ...], price: int) -> None:
        self.resources = resources
        self.sellers = sellers
        self.price = price

    def apply(self, st: Any, seat: int) -> None:
        city = st.cities[seat]
        for slot in st.market_slots(seat, self.sellers):
            row = city.prices[slot]
            for r in self.resources:
                if self.price < row[r]:
                    row[r] = self.price
        city.version += 1


class Rebate:
    __slots__ = ("sellers", "amount")

    def __init__(self, sellers: tuple[ir.Relation, ...], amount: int) -> None:
        self.sellers = sellers
        self.amount = amount

    def apply(self, st: Any, seat: int) -> None:
        city = st.cities[seat]
        for slot in st.market_slots(seat, self.sellers):
            city.rebates[slot] += self.amount
        city.version += 1


class Grant:
    __slots__ = ("ability", "period", "uses", "colours")

    def __init__(self, ability: int, period: str, uses: int, colours: frozenset[int]) -> None:
        self.ability = ability
        self.period = period
        self.uses = uses
        self.colours = colours

    def apply(self, st: Any, seat: int) -> None:
        st.cities[seat].grants.append(CityGrant(self.ability, self.colours, self.period, self.uses))


class CostChange:
    __slots__ = ("action", "no_resources", "no_coins", "coins_less", "units_less", "colours", "targets")

    def __init__(self, action: int, no_resources: bool, no_coins: bool, coins_less: int, units_less: int,
                 colours: frozenset[int], targets: SeatsFn) -> None:
        self.action = action
        self.no_resources = no_resources
        self.no_coins = no_coins
        self.coins_less = coins_less
        self.units_less = units_less
        self.colours = colours
        self.targets = targets

    def apply(self, st: Any, seat: int) -> None:
        for target in self.targets(st, seat, seat):
            city = st.cities[target]
            city.cost_changes.setdefault(self.action, []).append(self)
            city.version += 1


class StrengthBonus:
    """More strength in a contest, counted when the contest compares the cities."""

    __slots__ = ("contest", "amount")

    def __init__(self, contest: int, amount: Compiled) -> None:
        self.contest = contest
        self.amount = amount

    def apply(self, st: Any, seat: int) -> None:
        st.cities[seat].strength_bonuses.append((self.contest, self.amount))


# ---- end-of-game operations -----------------------------------------------------------------------

class Score:
    __slots__ = ("amount", "virtual_amount", "reads_symbols")

    def __init__(self, amount: Compiled, virtual_amount: Compiled, reads_symbols: bool) -> None:
        self.amount = amount
        #: the same count for a card not built yet, as if it were (to value a card in hand)
        self.virtual_amount = virtual_amount
        #: whether the amount or the effect's condition counts symbols: final scoring counts it
        #: with each choice of the city's symbols (wild symbols, copied symbols)
        self.reads_symbols = reads_symbols

    def points(self, st: Any, seat: int) -> int:
        return self.amount(st, seat, seat, None)


class Copy:
    """At the end of the game: copy `count` cards (or their symbols) of some colours."""

    __slots__ = ("count", "colours", "sources", "relations", "symbols_only")

    def __init__(self, count: int, colours: frozenset[str], relations: tuple[ir.Relation, ...],
                 symbols_only: bool) -> None:
        self.count = count
        self.colours = colours
        self.sources: SeatsFn = compile_seats(relations)
        self.relations = relations
        self.symbols_only = symbols_only


class CopyCard(Copy):
    """Copy whole cards: each scores and shows symbols for the copier."""

    __slots__ = ()


class CopySymbol(Copy):
    """Copy the symbols of cards."""

    __slots__ = ()


# ---- the compilers --------------------------------------------------------------------------------

def compile_op(op: Any, cat: Catalog, source: Optional[Source]) -> Any:
    """`source`: the card or stage whose effect this is (None for an operation of an action). Its
    compiler is the one the table of operations names (:data:`.ops.OP_SPECS`)."""
    from wonderrules.interpreter.ops import spec_of

    compiler = spec_of(op).compile
    if compiler is None:
        raise TypeError(f"not an operation an effect carries: {op!r}")
    return compiler(op, cat, source)


def _colours(cat: Catalog, names: tuple[str, ...]) -> frozenset[int]:
    return frozenset(cat.colour_index[c] for c in names)


def compile_gain_coins(op: ir.GainCoins, cat: Catalog, source: Optional[Source]) -> GainCoins:
    constant = (op.amount.value if isinstance(op.amount, ir.Num) and op.amount.value > 0
                and op.targets == (ir.Relation("self"),) else None)
    return GainCoins(compile_expr(op.amount, cat, source), compile_seats(op.targets), constant,
                     _where("gain coins", source), source)


def _where(operation: str, source: Optional[Source]) -> str:
    """`gain coins of 'Bank'`: an operation and its source, for a sentence."""
    return f"{operation} of {origin(source)}" if source is not None else operation


def compile_lose_coins(op: ir.LoseCoins, cat: Catalog, source: Optional[Source]) -> LoseCoins:
    decision = cat.decision_index[op.or_decide] if op.or_decide else None
    return LoseCoins(compile_expr(op.amount, cat, source), compile_seats(op.targets), decision, source)


def compile_gain_tokens(op: ir.GainTokens, cat: Catalog, source: Optional[Source]) -> GainTokens:
    return GainTokens(cat.token_index[op.token], compile_expr(op.amount, cat, source),
                      compile_expr(op.worth, cat, source), compile_seats(op.targets),
                      compile_seats(op.giver) if op.giver else None, _where("gain tokens", source), source)


def compile_transfer(op: ir.Transfer, cat: Catalog, source: Optional[Source]) -> Transfer:
    what = f"give {op.token} tokens" if op.token else "pay coins"
    return Transfer(compile_expr(op.amount, cat, source), compile_seats(op.targets), compile_seats(op.to),
                    cat.token_index[op.token] if op.token else None, _where(what, source), source)


def compile_lose_tokens(op: ir.LoseTokens, cat: Catalog, source: Optional[Source]) -> LoseTokens:
    constant = op.amount.value if isinstance(op.amount, ir.Num) and op.targets == (ir.Relation("self"),) else None
    return LoseTokens(cat.token_index[op.token], compile_expr(op.amount, cat, source), compile_seats(op.targets),
                      constant)


def compile_decide(op: ir.Decide, cat: Catalog, source: Optional[Source]) -> Decide:
    return Decide(cat.decision_index[op.decision], op.times)


def compile_move(op: ir.Move, cat: Catalog, source: Optional[Source]) -> Move:
    return Move(compile_expr(op.count, cat, source), cat.zone_index[op.from_zone], compile_seats((op.from_seat,)),
                cat.zone_index[op.to_zone], compile_seats((op.to_seat,)))


def compile_produce(op: ir.Produce, cat: Catalog, source: Source) -> Produce:
    return Produce(tuple(cat.res_index[r] for r in op.options), op.amount, op.for_sale, source.source_class)


def compile_produce_one_of(op: ir.ProduceOneOf, cat: Catalog, source: Source) -> ProduceOneOf:
    return ProduceOneOf(frozenset(op.sources), op.missing, op.for_sale, source.source_class)


def compile_symbol(op: ir.Symbol, cat: Catalog, source: Optional[Source]) -> Symbol:
    return Symbol(tuple(cat.sym_index[s] for s in op.options), op.amount)


def compile_price(op: ir.Price, cat: Catalog, source: Optional[Source]) -> Price:
    return Price(tuple(cat.res_index[r] for r in op.resources), op.sellers, op.price)


def compile_rebate(op: ir.Rebate, cat: Catalog, source: Optional[Source]) -> Rebate:
    return Rebate(op.sellers, op.amount)


def compile_grant(op: ir.Grant, cat: Catalog, source: Optional[Source]) -> Grant:
    return Grant(cat.ability_index[op.ability], op.period, op.uses, _colours(cat, op.colours))


def compile_cost_change(op: ir.CostChange, cat: Catalog, source: Optional[Source]) -> CostChange:
    return CostChange(cat.action_index[op.action], op.resources == "none", op.coins == "none", op.coins_less,
                      op.units_less, _colours(cat, op.colours), compile_seats(op.targets))


def compile_score(op: ir.Score, cat: Catalog, source: Optional[Source]) -> Score:
    return Score(compile_expr(op.amount, cat, source), compile_expr(op.amount, cat, source, virtual=True),
                 reads_symbols(op.amount))


def compile_copy_card(op: ir.CopyCard, cat: Catalog, source: Optional[Source]) -> CopyCard:
    return CopyCard(op.count, frozenset(op.colours), op.sources, False)


def compile_strength_bonus(op: ir.StrengthBonus, cat: Catalog, source: Optional[Source]) -> StrengthBonus:
    return StrengthBonus(cat.contest_index[op.contest], compile_expr(op.amount, cat, source))


def compile_copy_symbol(op: ir.CopySymbol, cat: Catalog, source: Optional[Source]) -> CopySymbol:
    return CopySymbol(op.count, frozenset(op.colours), op.sources, True)
