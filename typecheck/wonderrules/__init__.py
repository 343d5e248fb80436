"""The layout mypy checks the engine in (see ``[tool.mypy]`` in pyproject.toml).

setuptools installs ``interpreter/`` as ``wonderrules.interpreter``; mypy cannot follow that
mapping, nor the import hook of an editable install. Beside this file, ``interpreter`` links to
``../../interpreter``, so that mypy reads the engine's sources under the name they are imported by.
This package is never installed and never imported.
"""
