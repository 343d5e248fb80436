"""The compiled engine plays the same games as the plain Python one, bit for bit.

`pip install .` compiles the engine with mypyc where a C compiler is present (setup.py). The plain
Python source stays the reference: over two thousand seeded random-agent games, spread over every
bundled table (the base game at 3, 5 and 7, Cities at 4 and 8 and in teams at 6, the two-player
game, Leaders, Cities with Leaders), and some on each rule set of the docs' examples
(docs/examples/*.wr, at the first of 4, 3, 5, 6, 7 and 2 players it allows), are played twice, each
in a process of its own: once by the installed, compiled package, and once by a copy of that same
package without its compiled modules, put first on the path. Every legal list asked (in order), the
running scores after every round, the log and the final scores must be the same
(tests/core/same_games_play.py digests them, game by game).

Skipped where the installed engine is plain Python (WONDERRULES_COMPILE=0, an editable install, a
machine without a C compiler): there is then nothing compiled to compare.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import wonderrules as wr
from wonderrules.version import COMPILED, PLAIN

PLAYER = Path(__file__).with_name("same_games_play.py")
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.wr"))
GAMES_PER_TABLE = 200
GAMES_PER_EXAMPLE = 24
TABLES = [
    ("base", 3, []),
    ("base", 5, []),
    ("base", 7, []),
    ("cities", 4, []),
    ("cities", 8, []),
    ("cities", 6, ["teams"]),
    ("two_player", 2, []),
    ("leaders", 4, []),
    ("cities_leaders", 5, []),
]

pytestmark = pytest.mark.skipif(
    wr.engine_build() != COMPILED,
    reason="the installed engine is plain Python (WONDERRULES_COMPILE=0, an editable install, or no C compiler): "
           "there is no compiled engine to compare with it (pip install . builds one where a C compiler is present)")


def _plain_copy(into: Path) -> Path:
    """A copy of the installed package without its compiled modules: the same source, run as Python."""
    installed = Path(wr.__file__).resolve().parent
    shutil.copytree(installed, into / "wonderrules",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    return into


def _example_tables() -> list[list[object]]:
    """A table per rule set of the docs' examples: the first of 4, 3, 5, 6, 7 and 2 players it allows."""
    tables: list[list[object]] = []
    for path in EXAMPLES:
        rules = wr.load_rules(str(path))
        for players in (4, 3, 5, 6, 7, 2):
            try:
                wr.Game(rules, players)
            except ValueError:  # a table the rule set cannot seat (its players' range), said with a sentence
                continue
            tables.append([str(path), players, [], 0, GAMES_PER_EXAMPLE])
            break
        else:
            raise AssertionError(f"{path.name} allows none of 2 to 7 players")
    return tables


def _play(path_first: Path | None, tables: list[list[object]]) -> subprocess.Popen[str]:
    env = dict(os.environ)
    if path_first is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path_first), *filter(None, [env.get("PYTHONPATH")])])
    return subprocess.Popen([sys.executable, str(PLAYER), json.dumps(tables)], env=env, cwd=PLAYER.parent,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _result(process: subprocess.Popen[str]) -> dict:
    out, err = process.communicate(timeout=1500)
    assert process.returncode == 0, err
    return json.loads(out)


def test_the_compiled_engine_plays_the_same_games_as_the_plain_one(tmp_path) -> None:
    # both at once: the machine's two cores
    tables = [[name, players, options, 0, GAMES_PER_TABLE] for name, players, options in TABLES]
    tables += _example_tables()
    compiled_run = _play(None, tables)
    plain_run = _play(_plain_copy(tmp_path), tables)
    compiled, plain = _result(compiled_run), _result(plain_run)
    assert compiled["engine"] == COMPILED and plain["engine"] == PLAIN
    assert len(EXAMPLES) >= 10
    assert len(plain["games"]) == len(compiled["games"]) == (
        GAMES_PER_TABLE * len(TABLES) + GAMES_PER_EXAMPLE * len(EXAMPLES)) >= 2000
    for ours, reference in zip(compiled["games"], plain["games"]):
        assert ours == reference, f"{reference['table']}, seed {reference['seed']}: the engines played otherwise"
    # the games were played to the end, with scores that differ from game to game
    assert len({tuple(game["scores"]) for game in plain["games"]}) > len(plain["games"]) // 2
