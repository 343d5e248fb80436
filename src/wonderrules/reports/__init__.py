"""What people read of a rule set and of games: the text the commands print
(:mod:`~wonderrules.reports.text`: the summary of a rule set, the score sheet), the tables of a
simulation or a comparison (:mod:`~wonderrules.reports.tables`), the HTML page with plots of
``--report`` (:mod:`~wonderrules.reports.data`, :mod:`~wonderrules.reports.plots`,
:mod:`~wonderrules.reports.page`) and the account of one game, round by round
(:mod:`~wonderrules.reports.trace`, :mod:`~wonderrules.reports.trace_view`).

A report is made, never printed here: the command line prints it.

May import: :mod:`wonderrules.workbench`, the facade (:mod:`wonderrules`).
"""
