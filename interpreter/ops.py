"""One table of the core operations: for each operation class of :mod:`.ir`, everything the
engine, the checks and the agents need to know about it, written once.

An :class:`OpSpec` says:

- where the operation may stand: the triggers of an effect that carries it (none: only in an
  action), whether an action's `then` may carry it, whether a contest spends with it (`after`);
- its step among the effects of one moment (the game's `order`; empty: it has none);
- how it is compiled (:mod:`.effects`), and the class of what it compiles into;
- what it reads and writes (coins, tokens, cards, stages, symbols, zones: the checker's rule
  conflicts), and the events it raises (coins and tokens gained, cards and stages built: the
  cycles of `whenever` effects the loader and the checker refuse);
- what it is worth to an agent that values actions by what they bring now (:mod:`.agents.greedy`).

Every reader looks the operation up here, once, while a rule set is compiled or checked: a
compiled hook holds its spec (:class:`.effects.CompiledHook`), so no move looks anything up.
Adding an operation takes its words in the grammar, one class of :mod:`.ir`, one entry here, its
compiler, the docs and the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Optional, Protocol

import attrs

from wonderrules.interpreter import effects as fx
from wonderrules.interpreter import ir

__all__ = ["OpSpec", "OP_SPECS", "spec_of", "compiled_spec", "Event", "COINS", "BUILDS", "TouchContext",
           "RaiseContext", "Valuer"]

#: an event: what happens and the name it concerns (see :mod:`.event_graph`)
Event = tuple[str, str]
COINS: Event = ("coins", "")
BUILDS: Event = ("builds", "")


class TouchContext(Protocol):
    """What an operation's reads and writes need from the rule set (see conflicts.Effects)."""

    def into(self, zone: str, writes: set[str]) -> None:
        """The writes of cards put into a zone (built, when the zone is active)."""

    def decided(self, decision: str, seen: frozenset[str], reads: set[str], writes: set[str]) -> None:
        """What the actions of a decision read and write (none for a decision in `seen`)."""


class RaiseContext(Protocol):
    """What the events an operation raises need from the rule set (see event_graph.Raising)."""

    def active(self, zone: str) -> bool:
        """Whether cards put into a zone are built."""

    def decided(self, decision: str, asking: tuple[str, ...]) -> set[Event]:
        """What the actions of a decision may raise (none for a decision in `asking`)."""


class Valuer(Protocol):
    """What an operation's worth needs from an agent (see agents.greedy.GreedyAgent)."""

    #: the worth of a coin, in points
    coin: float

    def symbol_value(self, st: Any, seat: int, sym: int, amount: int) -> float: ...

    def token_points(self, st: Any, seat: int, token: int, n: int, worth: int) -> float: ...


#: what an operation reads and writes, added to two sets: (operation, rule set, decisions being
#: asked, reads, writes)
Touches = Callable[[Any, TouchContext, frozenset[str], set[str], set[str]], None]
#: the events an operation raises: (operation, rule set, decisions being asked)
Raises = Callable[[Any, RaiseContext, tuple[str, ...]], set[Event]]
#: what a compiled operation is worth now to its owner: (agent, game, owner, compiled operation)
Value = Callable[[Valuer, Any, int, Any], float]


@attrs.frozen(eq=False)
class OpSpec:
    """Everything known about one operation class of the IR (see the module's text)."""

    #: the IR class
    op: type
    #: the triggers of an effect that carries it, in the order a sentence names them (empty: it
    #: happens in an action only)
    triggers: tuple[type, ...]
    #: whether an action's `then` may carry it
    in_action: bool
    #: its step among the effects of one moment (one of words.STEPS; empty: none)
    step: str
    #: compiles it for a catalog: (operation, catalog, source or None) -> the compiled operation;
    #: None: the actions compile it themselves (a card moved, a stage built)
    compile: Optional[Callable[..., Any]]
    #: the class :attr:`compile` returns
    compiled: Optional[type]
    touches: Touches
    raises: Raises
    value: Value
    #: whether a contest may spend with it once its results are given (`after`)
    spends: bool = False

    @property
    def name(self) -> str:
        """The IR class's name (`GainCoins`), as compiled rule sets and sentences write it."""
        return self.op.__name__

    @property
    def triggers_written(self) -> str:
        """The triggers it may have, for a sentence: `OnBuild, At or When`."""
        names = [t.__name__ for t in self.triggers]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


# ---- reads and writes ---------------------------------------------------------------------------

def _touch_nothing(op: Any, rules: TouchContext, seen: frozenset[str], reads: set[str], writes: set[str]) -> None:
    return None


def _touch_gain_coins(op: ir.GainCoins, rules: TouchContext, seen: frozenset[str], reads: set[str],
                      writes: set[str]) -> None:
    writes.add("coins+")


def _touch_lose_coins(op: ir.LoseCoins, rules: TouchContext, seen: frozenset[str], reads: set[str],
                      writes: set[str]) -> None:
    reads.add("coins")
    writes.add("coins-")
    if op.or_decide:  # the loser decides: what the decision's actions read and write
        rules.decided(op.or_decide, seen, reads, writes)


def _touch_gain_tokens(op: ir.GainTokens, rules: TouchContext, seen: frozenset[str], reads: set[str],
                       writes: set[str]) -> None:
    writes.add("tokens+")
    if op.giver:  # taken from a seat: as many as it holds
        reads.add("tokens")
        writes.add("tokens-")


def _touch_lose_tokens(op: ir.LoseTokens, rules: TouchContext, seen: frozenset[str], reads: set[str],
                       writes: set[str]) -> None:
    reads.add("tokens")  # as many as the seat holds
    writes.add("tokens-")


def _touch_transfer(op: ir.Transfer, rules: TouchContext, seen: frozenset[str], reads: set[str],
                     writes: set[str]) -> None:
    what = "tokens" if op.token else "coins"  # as much as the payer holds, from it to others
    reads.add(what)
    writes.update((f"{what}-", f"{what}+"))


def _touch_move(op: ir.Move, rules: TouchContext, seen: frozenset[str], reads: set[str], writes: set[str]) -> None:
    reads.add(f"zone {op.from_zone}")
    writes.add(f"zone {op.from_zone}")
    rules.into(op.to_zone, writes)


def _touch_move_card(op: ir.MoveCard, rules: TouchContext, seen: frozenset[str], reads: set[str],
                     writes: set[str]) -> None:
    rules.into(op.zone, writes)


def _touch_build_stage(op: ir.BuildStage, rules: TouchContext, seen: frozenset[str], reads: set[str],
                       writes: set[str]) -> None:
    writes.update(("stages+", "symbols+"))


def _touch_decide(op: ir.Decide, rules: TouchContext, seen: frozenset[str], reads: set[str], writes: set[str]) -> None:
    rules.decided(op.decision, seen, reads, writes)


# ---- events raised ----------------------------------------------------------------------------

def _raise_nothing(op: Any, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return set()


def _raise_coins(op: ir.GainCoins, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return {COINS}


def _raise_tokens(op: ir.GainTokens, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return {("gains", op.token)}


def _raise_transfer(op: ir.Transfer, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    """What the receivers gain: tokens, or coins."""
    return {("gains", op.token)} if op.token else {COINS}


def _raise_lose_coins(op: ir.LoseCoins, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    """With a decision: what its actions raise (a loss paid in tokens, say)."""
    return rules.decided(op.or_decide, asking) if op.or_decide else set()


def _raise_move(op: ir.Move, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return {BUILDS} if rules.active(op.to_zone) else set()


def _raise_move_card(op: ir.MoveCard, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return {BUILDS} if rules.active(op.zone) else set()


def _raise_builds(op: ir.BuildStage, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return {BUILDS}


def _raise_decide(op: ir.Decide, rules: RaiseContext, asking: tuple[str, ...]) -> set[Event]:
    return rules.decided(op.decision, asking)


# ---- worth to an agent ------------------------------------------------------------------------

def _worth_nothing(agent: Valuer, st: Any, seat: int, op: Any) -> float:
    return 0.0


def _share(st: Any) -> float:
    """What another city gains counts against the owner for a share."""
    return float(1 / max(1, st.n - 1))


def _ages_left(st: Any) -> int:
    return int(st.config.ages - st.age)


def _worth_gain_coins(agent: Valuer, st: Any, seat: int, op: fx.GainCoins) -> float:
    if op.constant is not None:
        return float(op.constant * agent.coin)
    share = _share(st)
    return float(sum(op.amount(st, seat, t, None) * (1 if t == seat else -share)
                     for t in op.targets(st, seat, seat)) * agent.coin)


def _worth_lose_coins(agent: Valuer, st: Any, seat: int, op: fx.LoseCoins) -> float:
    share = _share(st)
    return float(sum(max(0, op.amount(st, seat, t, None)) * (-1 if t == seat else share)
                     for t in op.targets(st, seat, seat)) * agent.coin)


def _worth_gain_tokens(agent: Valuer, st: Any, seat: int, op: fx.GainTokens) -> float:
    share = _share(st)
    v = 0.0
    for t in op.targets(st, seat, seat):
        points = agent.token_points(st, t, op.token, op.amount(st, seat, t, None), op.worth(st, seat, t, None))
        v += points if t == seat else -share * points
    return v


def _worth_transfer(agent: Valuer, st: Any, seat: int, op: fx.Transfer) -> float:
    """Coins from payers to receivers (what the payers have), for and against the owner; tokens
    given are worth nothing here."""
    if op.token is not None:
        return 0.0
    share = _share(st)
    v = 0.0
    for payer in op.targets(st, seat, seat):
        n = max(0, min(op.amount(st, seat, payer, None), st.cities[payer].coins))
        for receiver in op.to(st, seat, payer):
            if receiver != payer:
                v += n * ((1 if receiver == seat else -share) - (1 if payer == seat else -share))
    return v * agent.coin


def _worth_decide(agent: Valuer, st: Any, seat: int, op: fx.Decide) -> float:
    return 2.0 * float(op.times)


def _worth_score(agent: Valuer, st: Any, seat: int, op: fx.Score) -> float:
    """Its points, counted as if its source were built already."""
    return float(op.virtual_amount(st, seat, seat, None))


def _worth_symbol(agent: Valuer, st: Any, seat: int, op: fx.Symbol) -> float:
    """The best of its symbols (the one symbol of a fixed one)."""
    return max(agent.symbol_value(st, seat, s, op.amount) for s in op.options)


def _worth_copy(agent: Valuer, st: Any, seat: int, op: fx.Copy) -> float:
    return 2.0 * op.count


def _worth_produce(agent: Valuer, st: Any, seat: int, op: fx.Produce) -> float:
    return 0.6 * op.amount * (_ages_left(st) + 0.5)


def _worth_produce_one_of(agent: Valuer, st: Any, seat: int, op: fx.ProduceOneOf) -> float:
    return 0.6 * (_ages_left(st) + 0.5)


def _worth_prices(agent: Valuer, st: Any, seat: int, op: Any) -> float:
    return 0.4 * (_ages_left(st) + 1)


def _worth_grant(agent: Valuer, st: Any, seat: int, op: fx.Grant) -> float:
    return 1.5 * (_ages_left(st) + 1)


def _worth_strength(agent: Valuer, st: Any, seat: int, op: fx.StrengthBonus) -> float:
    """What it adds now, as symbols would."""
    return 1.5 * max(0, op.amount(st, seat, seat, None))


def _worth_cost_change(agent: Valuer, st: Any, seat: int, op: fx.CostChange) -> float:
    """Each stage left to build, for a change of what building a stage costs; each age left else."""
    from wonderrules.interpreter.actions import STAGE_COST

    if st.catalog.actions[op.action].cost == STAGE_COST:
        city = st.cities[seat]
        return float(0.5 * (len(city.board.stages) - city.stages_built))
    return 0.5 * (_ages_left(st) + 1)


# ---- the table ----------------------------------------------------------------------------------

_PASSIVE = (ir.Passive,)
_END = (ir.EndOfGame,)
_TRIGGERED = (ir.OnBuild, ir.At, ir.When)


def _spec(op: type, triggers: tuple[type, ...], compile: Optional[Callable[..., Any]], compiled: Optional[type], *,
          in_action: bool = False, step: str = "", touches: Touches = _touch_nothing,
          raises: Raises = _raise_nothing, value: Value = _worth_nothing, spends: bool = False) -> OpSpec:
    return OpSpec(op, triggers, in_action, step, compile, compiled, touches, raises, value, spends)


#: every operation class of the IR -> its spec, in the order of ir.OP_TYPES
OP_SPECS: Mapping[type, OpSpec] = MappingProxyType({s.op: s for s in (
    _spec(ir.GainCoins, _TRIGGERED, fx.compile_gain_coins, fx.GainCoins, in_action=True, step="gain",
          touches=_touch_gain_coins, raises=_raise_coins, value=_worth_gain_coins),
    _spec(ir.LoseCoins, _TRIGGERED, fx.compile_lose_coins, fx.LoseCoins, in_action=True, step="lose",
          touches=_touch_lose_coins, raises=_raise_lose_coins, value=_worth_lose_coins, spends=True),
    _spec(ir.GainTokens, _TRIGGERED, fx.compile_gain_tokens, fx.GainTokens, in_action=True, step="gain",
          touches=_touch_gain_tokens, raises=_raise_tokens, value=_worth_gain_tokens),
    _spec(ir.LoseTokens, _TRIGGERED, fx.compile_lose_tokens, fx.LoseTokens, in_action=True, step="lose",
          touches=_touch_lose_tokens, spends=True),
    _spec(ir.Score, _END, fx.compile_score, fx.Score, value=_worth_score),
    _spec(ir.Produce, _PASSIVE, fx.compile_produce, fx.Produce, value=_worth_produce),
    _spec(ir.ProduceOneOf, _PASSIVE, fx.compile_produce_one_of, fx.ProduceOneOf, value=_worth_produce_one_of),
    _spec(ir.Symbol, _PASSIVE + _END, fx.compile_symbol, fx.Symbol, value=_worth_symbol),
    _spec(ir.Price, _PASSIVE, fx.compile_price, fx.Price, value=_worth_prices),
    _spec(ir.Rebate, _PASSIVE, fx.compile_rebate, fx.Rebate, value=_worth_prices),
    _spec(ir.Grant, _PASSIVE, fx.compile_grant, fx.Grant, value=_worth_grant),
    _spec(ir.CostChange, _PASSIVE, fx.compile_cost_change, fx.CostChange, value=_worth_cost_change),
    _spec(ir.StrengthBonus, _PASSIVE, fx.compile_strength_bonus, fx.StrengthBonus, value=_worth_strength),
    _spec(ir.Decide, _TRIGGERED, fx.compile_decide, fx.Decide, in_action=True, step="decide",
          touches=_touch_decide, raises=_raise_decide, value=_worth_decide),
    _spec(ir.CopyCard, _END, fx.compile_copy_card, fx.CopyCard, value=_worth_copy),
    _spec(ir.CopySymbol, _END, fx.compile_copy_symbol, fx.CopySymbol, value=_worth_copy),
    _spec(ir.Move, _TRIGGERED, fx.compile_move, fx.Move, in_action=True, step="move", touches=_touch_move,
          raises=_raise_move),
    _spec(ir.MoveCard, (), None, None, in_action=True, touches=_touch_move_card, raises=_raise_move_card),
    _spec(ir.BuildStage, (), None, None, in_action=True, touches=_touch_build_stage, raises=_raise_builds),
    _spec(ir.Transfer, _TRIGGERED, fx.compile_transfer, fx.Transfer, in_action=True, step="lose",
          touches=_touch_transfer, raises=_raise_transfer, value=_worth_transfer),
)})
#: the compiled class -> the spec of the operation compiled into it
_BY_COMPILED: Mapping[type, OpSpec] = MappingProxyType({s.compiled: s for s in OP_SPECS.values()
                                                        if s.compiled is not None})


def spec_of(op: Any) -> OpSpec:
    """The spec of an IR operation; TypeError for anything else."""
    found = OP_SPECS.get(type(op))
    if found is None:
        raise TypeError(f"not an operation: {op!r}")
    return found


def compiled_spec(op: Any) -> OpSpec:
    """The spec of a compiled operation (an action's `then` holds them without their hook)."""
    return _BY_COMPILED[type(op)]
