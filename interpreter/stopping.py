"""A game the rules stopped: they asked the engine, while playing, for more than it allows (a
cascade of events, a number or a search beyond its bound). :func:`stop` stops it for good with a
sentence saying why; :func:`judged` counts something without stopping the game.

The engine (:mod:`.engine`) and the modules that find a bound passed (:mod:`.value_range`,
:mod:`.legal`, :mod:`.scoring`) call these; the module imports nothing of the engine, so that
each of them imports it at the top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn, Optional, TypeVar

from wonderrules.interpreter.errors import GameStoppedError

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.interpreter.game_data import GameData

__all__ = ["stop", "judged"]

T = TypeVar("T")


def stop(st: GameData, message: str) -> NoReturn:
    """The rules asked for more than the engine allows: the game stops here, for good, with a
    sentence saying why (every later call that plays it raises the same error)."""
    st.stopped = message
    st.pending = {}
    st.scratch.legal = {}
    raise GameStoppedError(message)


def judged(st: GameData, compute: Callable[[], T]) -> Optional[T]:
    """What `compute` reads from the state (an agent judging an action it may choose), or None
    where the rules would stop the game (a number beyond the range): the game is not stopped by
    what was only counted, and goes on as it was."""
    stopped, pending, legal = st.stopped, st.pending, st.scratch.legal
    try:
        return compute()
    except GameStoppedError:
        st.stopped, st.pending, st.scratch.legal = stopped, pending, legal
        return None
