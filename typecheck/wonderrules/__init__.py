"""The layout mypy checks the engine and the front end in (see ``[tool.mypy]`` in pyproject.toml).

setuptools installs ``interpreter/`` as ``wonderrules.interpreter`` and ``grammar/`` as
``wonderrules.grammar``; mypy cannot follow that mapping, nor the import hook of an editable
install. Beside this file, ``interpreter`` links to ``../../interpreter`` and ``grammar`` to
``../../grammar``, so that mypy reads their sources under the names they are imported by. mypy
reads ``wonderrules`` itself from ``src/``, which comes first on its path, and looks for these
subpackages here too. This package is never installed and never imported.
"""
