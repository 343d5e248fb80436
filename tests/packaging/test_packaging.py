"""The distribution ships every package and data file the code needs (an editable install in
development would hide a missing one)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_python_package_folder_is_listed() -> None:
    cfg = _config()
    listed = set(cfg["packages"])
    mapping = cfg["package-dir"]
    for package, folder in mapping.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            name = ".".join([package, *rel.parts]) if rel.parts else package
            assert name in listed, f"{name} ({init.parent}) is not in [tool.setuptools] packages"


def test_no_top_level_grammar_or_interpreter_package() -> None:
    """The import package is `wonderrules`; `grammar` and `interpreter` exist only under it."""
    for name in _config()["packages"]:
        assert name == "wonderrules" or name.startswith("wonderrules."), name


def test_data_files_are_declared() -> None:
    data = _config()["package-data"]
    assert "*.lark" in data["wonderrules.grammar"]
    assert "*.wr" in data["wonderrules.rulesets"]
    assert "*.json" in data["wonderrules.interpreter"]
    assert list((ROOT / "grammar").glob("*.lark"))
    assert (ROOT / "interpreter" / "ruleset.schema.json").is_file()
