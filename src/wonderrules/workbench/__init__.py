"""The workbench of a rule set's designer: many games played to measure a rule set
(:mod:`~wonderrules.workbench.simulation`, :mod:`~wonderrules.workbench.simulation_run`), their
statistics (:mod:`~wonderrules.workbench.statistics`, :mod:`~wonderrules.workbench.value_counts`),
two rule sets compared on the same seeds (:mod:`~wonderrules.workbench.comparison`), agents ranked
against each other (:mod:`~wonderrules.workbench.ladder`), the records of every game
(:mod:`~wonderrules.workbench.records`) and the files the commands write, whole or not at all
(:mod:`~wonderrules.workbench.output_files`).

Everything here returns data; what is printed or drawn of it is the reports' and the command line's.

May import: :mod:`wonderrules.workers`, the facade (:mod:`wonderrules`).
"""
