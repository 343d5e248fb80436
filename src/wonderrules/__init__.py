"""wonder-rules: a declarative rules language for 7 Wonders and a generic interpreter.

    import wonderrules as wr
    rules = wr.load_rules("base")                 # or "cities", a .wr path, a compiled .json
    game = wr.Game(rules, players=4)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        choices = {p: state.legal_actions(p)[0] for p in state.pending_decisions()}
        state.apply_actions(choices)
    print(state.scores(), state.winners())

Importing this package does not load the parser: `load_rules` does, for `.wr` text only, so a
program that runs compiled JSON rule sets never imports lark.

This module is the facade: the API above, from the engine (:mod:`wonderrules.interpreter`) and the
front end (:mod:`wonderrules.grammar`). The rest lives in rooms that may import it and never the
other way: the command line (:mod:`wonderrules.cli`), the designer's workbench
(:mod:`wonderrules.workbench`), the reports (:mod:`wonderrules.reports`), where long runs play
(:mod:`wonderrules.workers`) and the engine inside other programs (:mod:`wonderrules.embedding`).
``wonderrules.rl``, ``wonderrules.openspiel``, ``wonderrules.protocol`` and ``wonderrules.records``
are stable names for modules of those rooms.
"""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike, fspath
from typing import TYPE_CHECKING, Any, Optional, Union

from wonderrules.interpreter.action_space import ActionSpace
from wonderrules.interpreter.actions import Action, Decision
from wonderrules.interpreter.errors import ArgumentError, GameStoppedError, IllegalActionError, SetupError
from wonderrules.interpreter.files import FileReadError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.ir import RuleSet
from wonderrules.interpreter.log_structure import ReplayError
from wonderrules.interpreter.observation_space import ObservationSpace, running_scores
from wonderrules.interpreter.payment_space import PaymentActionSpace
from wonderrules.interpreter.refusals import REFUSAL_CODES, Refusal
from wonderrules.interpreter.validate import CompiledRulesError
from wonderrules.version import engine_build

if TYPE_CHECKING:  # pragma: no cover
    from wonderrules.grammar.diagnostics import Diagnostic
    from wonderrules.interpreter.log import BeforeRound
    from wonderrules.interpreter.state import State

__all__ = ["load_rules", "load_compiled", "RulesError", "CompiledRulesError", "Game", "Action", "Decision",
           "IllegalActionError", "ArgumentError", "SetupError", "GameStoppedError", "RuleSet", "FileReadError",
           "observation", "to_log", "replay", "ReplayError", "Refusal", "REFUSAL_CODES", "ActionSpace",
           "PaymentActionSpace", "ObservationSpace", "running_scores", "engine_build"]


def __getattr__(name: str) -> str:
    """`__version__`, read from the package's metadata when first asked (see `wonderrules.version`):
    importing wonderrules does not pay for reading it."""
    if name == "__version__":
        from wonderrules.version import package_version

        return package_version()
    raise AttributeError(f"module 'wonderrules' has no attribute {name!r}")


class RulesError(ValueError):
    """The rule sets did not compile; `diagnostics` holds every problem, `text` them rendered."""

    def __init__(self, diagnostics: Sequence[Diagnostic], text: str) -> None:
        self.diagnostics = list(diagnostics)
        self.text = text
        super().__init__(text)


def load_compiled(source: Union[str, bytes, PathLike[str]]) -> RuleSet:
    """A compiled rule set from a JSON file path or JSON text (no parser involved). The file is
    read by the safe reader: a regular UTF-8 file of at most 8 MiB, else FileReadError.
    ArgumentError for anything but a path, a text or bytes."""
    from wonderrules.interpreter.arguments import shown
    from wonderrules.interpreter.files import COMPILED_RULES_LIMIT, read_text
    from wonderrules.interpreter.serial import rules_from_json

    if isinstance(source, PathLike):
        source = fspath(source)
    if not isinstance(source, (str, bytes)):
        raise ArgumentError(f"load_compiled reads a file path or JSON text, not {shown(source)}")
    if isinstance(source, bytes):
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError as e:
            raise CompiledRulesError("", f"the compiled rule set is not UTF-8 text (byte {e.start})") from None
    else:
        text = source
    if not text.lstrip(" \t\r\n\ufeff").startswith("{"):
        text = read_text(text, COMPILED_RULES_LIMIT, "a compiled rule set")
    return rules_from_json(text)


def load_rules(*refs: str) -> RuleSet:
    """Compile rule sets given as bundled names (`base`, `cities`, `two_player`) or `.wr` paths,
    layered in order; or load one compiled `.json` file. A bare name (no `.wr` suffix, no path
    separator) always means a bundled rule set. Raises RulesError on any error of `.wr` files
    (an unreadable file is E0004), FileReadError for an unreadable `.json` file."""
    return load_rules_and_files(refs)[0]


def load_rules_and_files(refs: Sequence[str]) -> tuple[RuleSet, tuple[str, ...]]:
    """:func:`load_rules`, and the files it read (the bundled rule sets are not files): the command
    line refuses to write over them. Not in ``__all__``: the command line's, not the API's."""
    if len(refs) == 1 and isinstance(refs[0], (list, tuple)):
        refs = tuple(refs[0])
    if not refs:
        refs = ("base",)
    if len(refs) == 1 and str(refs[0]).endswith(".json"):
        return load_compiled(str(refs[0])), (str(refs[0]),)
    from wonderrules.grammar.compiler import compile_rules
    from wonderrules.grammar.diagnostics import error, render_pretty, sort_and_cap
    from wonderrules.grammar.loading import BUNDLED_PREFIX

    compiled = [str(r) for r in refs if str(r).endswith(".json")]
    if compiled:
        found = error("E0004", f"a compiled rule set ('{compiled[0]}') cannot be layered with other rule sets",
                      None, help="give the compiled rule set alone, or layer the .wr files it was compiled from")
        raise RulesError([found], render_pretty([found], {}, 0))
    result = compile_rules([str(r) for r in refs])
    if not result.ok:
        kept, left_out = sort_and_cap(result.diagnostics)
        raise RulesError(result.diagnostics, render_pretty(kept, result.sources, left_out))
    assert result.rules is not None  # a compilation that is ok has its rules
    return result.rules, tuple(p for p in result.sources if not p.startswith(BUNDLED_PREFIX))


def observation(state: State, player: int) -> dict[str, Any]:
    """What `player` may see (see docs/engine.rst); ArgumentError for anything but a game state
    and one of its players."""
    from wonderrules.interpreter.arguments import shown
    from wonderrules.interpreter.observe import observation as _observation
    from wonderrules.interpreter.state import State

    if not isinstance(state, State):
        raise ArgumentError(f"observation needs a game state (from Game.new_initial_state), not {shown(state)}")
    return _observation(state, player)


def to_log(state: State, rules: Sequence[str] = ()) -> dict[str, Any]:
    """The game so far as a log of the current format (docs/log_format.rst), with the final
    scores once it is over. `rules`: how a replay names the rule sets (default: its layers)."""
    from wonderrules.interpreter.log import to_log as _to_log

    return _to_log(state, rules)


def replay(game: Game, log: dict[str, Any], upto: Optional[int] = None,
           before_round: Optional[BeforeRound] = None) -> State:
    """The state a log (of any format version) leads to, every action checked, or only its
    first `upto` rounds; ReplayError names the field at fault. The recorded scores are compared
    by `wonderrules.interpreter.log.check_scores`. `before_round(index, state, actions)`, when
    given, sees each round's legal actions and the state before they are applied."""
    from wonderrules.interpreter.log import replay as _replay

    return _replay(game, log, upto, before_round)
