"""The parts of a compiled action kind (:class:`.action_kinds.CompiledAction`): its ways to pay
(:class:`CompiledWay`) and the steps of its `then` (:data:`Step`), as named records read by
the lister, the judge, the executor and the agents."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Union

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.expressions import SeatsFn

__all__ = ["CompiledWay", "MoveStep", "StageStep", "OpStep", "Step"]


class CompiledWay(NamedTuple):
    """A way to pay for an action, ready to list: its name, whether it is free, when it is open
    (ALWAYS, CHAINED or GRANTED of :mod:`.action_costs`) and the ability a granted way uses (its
    index; -1: none)."""

    name: str
    free: bool
    when: int
    ability: int


class MoveStep(NamedTuple):
    """A step of an action's `then`: move its card into a zone (its index), of the acting seat
    (`seats` None) or of the first seat `seats` gives."""

    zone: int
    seats: Optional[SeatsFn]


class StageStep(NamedTuple):
    """A step of an action's `then`: build the acting city's next stage."""


class OpStep(NamedTuple):
    """A step of an action's `then`: run a compiled operation for the acting seat."""

    op: Any


#: a step of an action's `then`
Step = Union[MoveStep, StageStep, OpStep]
