"""Where the games of a long run are played: worker processes on this machine
(:mod:`~wonderrules.workers.processes`, which also say how a command stops on a signal) and a Dask
cluster (:mod:`~wonderrules.workers.cluster`).

Nothing here knows what a simulation is: a worker is handed pure functions and plain data.

May import: the facade (:mod:`wonderrules`).
"""
