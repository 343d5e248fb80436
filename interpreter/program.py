"""The flow of a game compiled into a program: a flat list of instructions with jumps.

A state keeps only a program counter and its loop counters, so a game in progress is plain data
and copies cheaply. A moment (`at end of turn`) compiles into one instruction that holds its
contests and the effects waiting for it, then the steps attached to it by `at MOMENT { ... }`
blocks (in the order the layers wrote them): a round `at end of age` is asked once that moment's
contests are fought and its effects have run. A moment at which nothing can happen (no contest,
no effect waits for it: :func:`live_moments`) compiles into its attached steps alone.

Each instruction is a named record (below: slotted, frozen classes, whose fields read as fast as
a tuple's items); the engine runs it by its class
(:data:`.engine.INSTRUCTIONS`), and :attr:`Instruction.kind` names it in one word.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Union

import attrs

from wonderrules.interpreter import ir
from wonderrules.interpreter.expressions import Compiled, compile_expr

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog

__all__ = ["Program", "compile_program", "live_moments", "Instruction", "AgeStart", "TurnStart", "ResetCount",
           "RepeatTest", "Jump", "JumpUnless", "DealCards", "RunMoment", "AskRound", "PassZone", "DiscardZones",
           "EndGame"]


@attrs.frozen
class AgeStart:
    """The next age begins, or the program jumps to `end` after the last."""
    end: int


@attrs.frozen
class TurnStart:
    """The next turn of the age begins, or the program jumps to `end` after the last."""
    end: int


@attrs.frozen
class ResetCount:
    """Loop counter `slot` starts again at 0 (before a `repeat`)."""
    slot: int


@attrs.frozen
class RepeatTest:
    """Loop counter `slot` counts one more, up to `times` (read each time), or the program jumps to
    `end`."""
    slot: int
    times: Compiled
    end: int


@attrs.frozen
class Jump:
    """The program goes on at `target`."""
    target: int


@attrs.frozen
class JumpUnless:
    """The program goes on at `target` when `condition` is 0, else at the next instruction."""
    condition: Compiled
    target: int


@attrs.frozen
class DealCards:
    """Deal number `deal` of the catalog runs."""
    deal: int


@attrs.frozen
class RunMoment:
    """Moment number `moment` comes: its contests, then the effects waiting for it."""
    moment: int


@attrs.frozen
class AskRound:
    """A round of decision number `decision`: every player (`players_only`) or every seat, only
    those holding ability number `ability` (-1: all), spending as at the start of the turn
    (`within_turn`)."""
    decision: int
    players_only: bool
    ability: int
    within_turn: bool


@attrs.frozen
class PassZone:
    """Zone number `zone` passes `step` players away: +N to the left, -N to the right, 0 as the
    age's setting says."""
    zone: int
    step: int


@attrs.frozen
class DiscardZones:
    """Every city's `zones` go to shared zone `to`."""
    zones: tuple[int, ...]
    to: int


@attrs.frozen
class EndGame:
    """The game is over: the score sheets are drawn."""


Instruction = Union[AgeStart, TurnStart, ResetCount, RepeatTest, Jump, JumpUnless, DealCards, RunMoment, AskRound,
                    PassZone, DiscardZones, EndGame]

#: one word per instruction class (for a listing of the program)
KINDS: Mapping[type, str] = MappingProxyType({
    AgeStart: "age", TurnStart: "turn", ResetCount: "reset", RepeatTest: "repeat", Jump: "jump", JumpUnless: "unless",
    DealCards: "deal", RunMoment: "moment", AskRound: "round", PassZone: "pass", DiscardZones: "discard",
    EndGame: "end"})


def kind(instruction: Instruction) -> str:
    """The instruction's word (``"age"``, ``"round"`` ...)."""
    return KINDS[type(instruction)]


class Program:
    """The compiled flow: instructions, and how many loop slots `repeat` steps use."""

    __slots__ = ("instructions", "slots", "within_turn")

    def __init__(self, instructions: list[Instruction], slots: int, within_turn: bool) -> None:
        self.instructions = instructions
        self.slots = slots
        #: some round spends as at the start of the turn: the market is noted at each turn's start
        self.within_turn = within_turn


def live_moments(rules: ir.RuleSet, cat: Catalog) -> frozenset[int]:
    """The moments at which something may happen: a contest of the rule set or of one of its
    options is fought, or an effect of some card, board, seat or rule waits for it. The program
    runs no other moment: nothing would happen there (the steps attached to it run all the same)."""
    fought = {c.moment for c in rules.contests} | {c.moment for opt in rules.options for c in opt.contests}
    live = {cat.moment(m) for m in fought}
    for src in cat._all_sources():  # noqa: SLF001 (the catalog's own list, while it is built)
        live.update(src.at_each)
        live.update(src.at_once)
    return frozenset(live)


def compile_program(rules: ir.RuleSet, cat: Catalog) -> Program:
    attached: dict[str, list[ir.Step]] = {}
    for block in rules.moments:
        attached.setdefault(block.moment, []).extend(block.steps)
    live = live_moments(rules, cat)
    out: list[Instruction] = []
    slots = [0]
    within = [False]

    def emit(step: ir.Step, expanding: tuple[str, ...]) -> None:
        if isinstance(step, ir.EachAge):
            head = len(out)
            out.append(AgeStart(-1))
            for s in step.body:
                emit(s, expanding)
            out.append(Jump(head))
            out[head] = AgeStart(len(out))
        elif isinstance(step, ir.EachTurn):
            head = len(out)
            out.append(TurnStart(-1))
            for s in step.body:
                emit(s, expanding)
            out.append(Jump(head))
            out[head] = TurnStart(len(out))
        elif isinstance(step, ir.Repeat):
            slot = slots[0]
            slots[0] += 1
            out.append(ResetCount(slot))
            head = len(out)
            times = compile_expr(step.times, cat)
            out.append(RepeatTest(slot, times, -1))
            for s in step.body:
                emit(s, expanding)
            out.append(Jump(head))
            out[head] = RepeatTest(slot, times, len(out))
        elif isinstance(step, ir.If):
            test = len(out)
            condition = compile_expr(step.condition, cat)
            out.append(JumpUnless(condition, -1))
            for s in step.then:
                emit(s, expanding)
            if step.otherwise:
                skip = len(out)
                out.append(Jump(-1))
                out[test] = JumpUnless(condition, len(out))
                for s in step.otherwise:
                    emit(s, expanding)
                out[skip] = Jump(len(out))
            else:
                out[test] = JumpUnless(condition, len(out))
        elif isinstance(step, ir.DealStep):
            out.append(DealCards(cat.deal_index[step.deal]))
        elif isinstance(step, ir.AtStep):
            if step.moment in expanding:
                raise ValueError(f"moment '{step.moment}' runs itself")
            if cat.moment(step.moment) in live:
                out.append(RunMoment(cat.moment(step.moment)))
            for s in attached.get(step.moment, ()):
                emit(s, expanding + (step.moment,))
        elif isinstance(step, ir.RoundStep):
            within[0] = within[0] or step.within_turn
            ability = cat.ability_index[step.ability] if step.ability else -1
            out.append(AskRound(cat.decision_index[step.decision], step.seats == "players", ability,
                                step.within_turn))
        elif isinstance(step, ir.PassStep):
            # the seats the cards go: +N to the left, -N to the right, 0 for the age's way
            step_to = {"left": step.distance, "right": -step.distance}.get(step.direction, 0)
            out.append(PassZone(cat.zone_index[step.zone], step_to))
        elif isinstance(step, ir.DiscardStep):
            out.append(DiscardZones(tuple(cat.zone_index[z] for z in step.zones), cat.zone_index[step.to]))
        else:
            raise TypeError(f"not a step of the flow: {step!r}")

    for step in rules.flow:
        emit(step, ())
    out.append(EndGame())
    return Program(out, slots[0], within[0])
