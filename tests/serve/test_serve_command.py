"""`wr serve` as a command: it says how to install its extra when missing, checks --rules before
serving, and serves the page and the rule set it was given on 127.0.0.1."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from wonderrules.cli import main


def test_without_the_extra_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1
    assert result.output == "error: wr serve needs its extra: pip install 'wonder-rules[serve]'\n"


def test_rules_that_do_not_check_are_refused_before_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("uvicorn", reason="wr serve needs the extra 'serve' (uvicorn): pip install '.[serve]'")
    monkeypatch.chdir(tmp_path)
    Path("broken.wr").write_text("ruleset broken extends base\ncard {\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["serve", "--rules", "broken.wr", "--port", "1"])
    assert result.exit_code == 1
    assert "broken.wr:" in result.output and "open http" not in result.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as response:
        return bytes(response.read())


def test_the_command_serves_the_page_and_the_rules_it_was_given(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="wr serve needs the extra 'serve' (uvicorn): pip install '.[serve]'")
    pytest.importorskip("starlette", reason="wr serve needs the extra 'serve' (starlette): pip install '.[serve]'")
    (tmp_path / "short.wr").write_text('ruleset short extends base\n', encoding="utf-8")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "wonderrules.cli", "serve", "--rules", "short.wr",
                               "--port", str(port)], cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                page = _get(base + "/").decode("utf-8")
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "wr serve did not start"
                time.sleep(0.2)
        assert 'src="app.js"' in page
        setup = json.loads(_get(base + "/setup.json"))
        assert setup["label"] == "base + short" and "compiled" in setup["rules"]
    finally:
        server.terminate()
        _, err = server.communicate(timeout=20)
    assert f"open http://127.0.0.1:{port}/" in err


def test_every_file_of_the_page_is_shipped_with_the_package(repo_root: Path) -> None:
    """A non-editable install (`pip install .`) holds the page only when package-data names it."""
    import fnmatch
    import tomllib

    data = tomllib.loads((repo_root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    files = sorted(p.name for p in (repo_root / "src" / "wonderrules" / "embedding" / "web").iterdir())
    assert files == ["app.js", "index.html", "style.css"]
    for name in files:
        assert any(fnmatch.fnmatch(f"web/{name}", pattern) for pattern in data["wonderrules.embedding"]), name
