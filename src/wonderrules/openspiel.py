"""The stable name of the OpenSpiel game: ``import wonderrules.openspiel`` registers
``python_wonder_rules`` with OpenSpiel. The game lives in :mod:`wonderrules.embedding.openspiel`;
this name stays where users import it from (``docs/engine.rst``). Needs the optional extra
``openspiel``."""

from __future__ import annotations

from wonderrules.embedding.openspiel import (
    DEFAULT_DEALS,
    GAME_NAME,
    MAX_ROUNDS,
    WonderGame,
    WonderObserver,
    WonderState,
)

__all__ = ["GAME_NAME", "DEFAULT_DEALS", "MAX_ROUNDS", "WonderGame", "WonderState", "WonderObserver"]
