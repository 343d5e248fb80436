"""Fixtures of the front-end tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from grammar_support import MINI

from wonderrules.grammar.compiler import Compiled


@pytest.fixture
def compile_layer(compile_files: Callable[..., Compiled]) -> Callable[[str], Compiled]:
    """Compile `text` as a layer `t.wr` over the mini game (`mini.wr`). The layer's first line is
    `ruleset t extends mini`, so the first line of `text` is line 2 of `t.wr`."""

    def run(text: str) -> Compiled:
        return compile_files({"mini.wr": MINI, "t.wr": "ruleset t extends mini\n" + text})

    return run
