"""The command line `wr` (:func:`run` is its entry point, :func:`main` its click group): the
commands (:mod:`~wonderrules.cli.commands`), what ``wr simulate`` and ``wr compare`` do once their
options are read (:mod:`~wonderrules.cli.simulations`), what the commands share
(:mod:`~wonderrules.cli.support`), the seat a person plays at the terminal
(:mod:`~wonderrules.cli.human_seat`) and the rules a game log may name
(:mod:`~wonderrules.cli.log_rules`).

Only this room prints and reads the terminal; the others return data and text to print.

May import: :mod:`wonderrules.embedding`, :mod:`wonderrules.lsp`, :mod:`wonderrules.reports`,
:mod:`wonderrules.workbench`, :mod:`wonderrules.workers`, the facade (:mod:`wonderrules`).
"""

from wonderrules.cli.commands import main, run

__all__ = ["main", "run"]
