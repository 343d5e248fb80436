"""The layout mypy checks the package in (see ``[tool.mypy]`` in pyproject.toml).

setuptools installs ``interpreter/`` as ``wonderrules.interpreter``, ``grammar/`` as
``wonderrules.grammar`` and ``rulesets/`` as ``wonderrules.rulesets``; mypy cannot follow that
mapping, nor the import hook of an editable install. Beside this file, ``interpreter``,
``grammar`` and ``rulesets`` link to those folders, so that mypy reads their sources under the
names they are imported by. mypy reads ``wonderrules`` itself from ``src/``, which comes first on
its path, and looks for these subpackages here too. This package is never installed and never
imported.
"""
