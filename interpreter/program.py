"""The flow of a game compiled into a program: a flat list of instructions with jumps.

A state keeps only a program counter and its loop counters, so a game in progress is plain data
and copies cheaply. A moment (`at end of turn`) compiles into one instruction that holds its
contests and the effects waiting for it, then the steps attached to it by `at MOMENT { ... }`
blocks (in the order the layers wrote them): a round `at end of age` is asked once that moment's
contests are fought and its effects have run.

Instructions (tuples, the first item names them):

- ``("age", end)``: the next age begins, or jump to `end` after the last;
- ``("turn", end)``: the next turn of the age begins, or jump to `end` after the last;
- ``("repeat", slot, times, end)``: count in loop slot `slot` up to `times` (compiled), or jump;
- ``("jump", target)``, ``("unless", condition, target)``: jump (if the condition is 0);
- ``("deal", deal)``, ``("moment", moment)``, ``("round", decision, players_only, ability,
  within_turn)``, ``("pass", zone, direction)``, ``("discard", zones, to)``;
- ``("end",)``: the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wonderrules.interpreter import ir
from wonderrules.interpreter.expressions import compile_expr

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.catalog import Catalog

__all__ = ["Program", "compile_program"]

Instruction = tuple[Any, ...]


class Program:
    """The compiled flow: instructions, and how many loop slots `repeat` steps use."""

    __slots__ = ("instructions", "slots", "within_turn")

    def __init__(self, instructions: list[Instruction], slots: int, within_turn: bool) -> None:
        self.instructions = instructions
        self.slots = slots
        #: some round spends as at the start of the turn: the market is noted at each turn's start
        self.within_turn = within_turn


def compile_program(rules: ir.RuleSet, cat: Catalog) -> Program:
    attached: dict[str, list[ir.Step]] = {}
    for block in rules.moments:
        attached.setdefault(block.moment, []).extend(block.steps)
    out: list[Instruction] = []
    slots = [0]
    within = [False]

    def emit(step: ir.Step, expanding: tuple[str, ...]) -> None:
        if isinstance(step, ir.EachAge):
            head = len(out)
            out.append(("age", -1))
            for s in step.body:
                emit(s, expanding)
            out.append(("jump", head))
            out[head] = ("age", len(out))
        elif isinstance(step, ir.EachTurn):
            head = len(out)
            out.append(("turn", -1))
            for s in step.body:
                emit(s, expanding)
            out.append(("jump", head))
            out[head] = ("turn", len(out))
        elif isinstance(step, ir.Repeat):
            slot = slots[0]
            slots[0] += 1
            out.append(("reset", slot))
            head = len(out)
            out.append(("repeat", slot, compile_expr(step.times, cat), -1))
            for s in step.body:
                emit(s, expanding)
            out.append(("jump", head))
            out[head] = ("repeat", slot, out[head][2], len(out))
        elif isinstance(step, ir.If):
            test = len(out)
            out.append(("unless", compile_expr(step.condition, cat), -1))
            for s in step.then:
                emit(s, expanding)
            if step.otherwise:
                skip = len(out)
                out.append(("jump", -1))
                out[test] = ("unless", out[test][1], len(out))
                for s in step.otherwise:
                    emit(s, expanding)
                out[skip] = ("jump", len(out))
            else:
                out[test] = ("unless", out[test][1], len(out))
        elif isinstance(step, ir.DealStep):
            out.append(("deal", cat.deal_index[step.deal]))
        elif isinstance(step, ir.AtStep):
            if step.moment in expanding:
                raise ValueError(f"moment '{step.moment}' runs itself")
            out.append(("moment", cat.moment(step.moment)))
            for s in attached.get(step.moment, ()):
                emit(s, expanding + (step.moment,))
        elif isinstance(step, ir.RoundStep):
            within[0] = within[0] or step.within_turn
            ability = cat.ability_index[step.ability] if step.ability else -1
            out.append(("round", cat.decision_index[step.decision], step.seats == "players", ability,
                        step.within_turn))
        elif isinstance(step, ir.PassStep):
            # the seats the cards go: +N to the left, -N to the right, 0 for the age's way
            way = {"left": step.distance, "right": -step.distance}.get(step.direction, 0)
            out.append(("pass", cat.zone_index[step.zone], way))
        elif isinstance(step, ir.DiscardStep):
            out.append(("discard", tuple(cat.zone_index[z] for z in step.zones), cat.zone_index[step.to]))
        else:
            raise TypeError(f"not a step of the flow: {step!r}")

    for step in rules.flow:
        emit(step, ())
    out.append(("end",))
    return Program(out, slots[0], within[0])
