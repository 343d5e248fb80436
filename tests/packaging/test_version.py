"""`wonderrules.__version__` is written in one place, the `version` of pyproject.toml: it is read
from the installed package's metadata, or, from a source tree that is not installed, from
pyproject.toml itself. The cluster compares it between machines."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest

import wonderrules
from wonderrules import version as version_module

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh():
    """The version is read once per process; each test reads it again, and leaves it read afresh."""
    version_module.package_version.cache_clear()
    yield
    version_module.package_version.cache_clear()


def test_the_version_is_the_installed_package_metadata(fresh, monkeypatch) -> None:
    asked = []

    def installed(name: str) -> str:
        asked.append(name)
        return "7.7.7"

    monkeypatch.setattr(importlib.metadata, "version", installed)
    assert wonderrules.__version__ == "7.7.7" and asked == ["wonder-rules"]


def test_the_installed_version_is_the_one_pyproject_gives() -> None:
    written = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert wonderrules.__version__ == importlib.metadata.version("wonder-rules") == written


def test_a_source_tree_that_is_not_installed_reads_pyproject(fresh, monkeypatch) -> None:
    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    # The module as it lies in this source tree (the suite may run against an installed copy,
    # which has no pyproject.toml beside it).
    monkeypatch.setattr(version_module, "__file__", str(ROOT / "src" / "wonderrules" / "version.py"))
    written = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert wonderrules.__version__ == written


@pytest.mark.parametrize("text", [
    None,  # no pyproject.toml
    "[project]\nname = 'another'\nversion = '1.0'\n",
    "[project]\nname = 'wonder-rules'\ndynamic = ['version']\n",
    "not toml = = =",
])
def test_without_metadata_nor_pyproject_the_version_says_it_is_unknown(tmp_path: Path, text) -> None:
    pyproject = tmp_path / "pyproject.toml"
    if text is not None:
        pyproject.write_text(text, encoding="utf-8")
    assert version_module.source_tree_version(pyproject) == "0+unknown"
    pyproject.write_text("[project]\nname = 'wonder-rules'\nversion = '2.5.1'\n", encoding="utf-8")
    assert version_module.source_tree_version(pyproject) == "2.5.1"


def test_the_cluster_checks_the_same_version() -> None:
    from wonderrules.workers import cluster

    assert cluster.__version__ == wonderrules.__version__
    assert cluster._installed_version() == wonderrules.__version__
