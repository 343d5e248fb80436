"""The engine inside other programs: the JSON protocol that hosts games for a front end
(:mod:`~wonderrules.embedding.protocol`, with its schema ``protocol.schema.json``) and its
WebSocket server with the page of ``wr serve`` (:mod:`~wonderrules.embedding.serve`, ``web/``),
PettingZoo environments for reinforcement learning (:mod:`~wonderrules.embedding.rl`,
:mod:`~wonderrules.embedding.rl_vectors`) and an OpenSpiel game
(:mod:`~wonderrules.embedding.openspiel`).

Users import the stable names :mod:`wonderrules.protocol`, :mod:`wonderrules.rl` and
:mod:`wonderrules.openspiel`, which give these modules' public names. The optional packages
(Starlette, PettingZoo, OpenSpiel ...) are imported only by the module that needs them.

May import: the facade (:mod:`wonderrules`).
"""
