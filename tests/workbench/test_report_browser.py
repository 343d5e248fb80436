"""The report page in a real browser: headless Chromium opens it from a file:// address with every
host name unresolvable (no network), and the page it builds holds the sections, the plots and the
rule set's names as text; its screenshot shows the plots drawn. Skipped where no Chromium is
installed (Debian: apt-get install chromium)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from report_page import Page
from report_support import SCRIPT_CARD, hand_comparison

from wonderrules.cli import main
from wonderrules.reports.page import comparison_page
from wonderrules.reports.plots import COLOURS

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no chromium binary found on the PATH (Debian: apt-get "
                                                        "install chromium); the page is not checked in a browser")
WIDTH, HEIGHT = 1200, 2400


def chromium(tmp_path: Path, page: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    assert BROWSER is not None
    command = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--host-resolver-rules=MAP * ~NOTFOUND", f"--user-data-dir={tmp_path / 'profile'}",
               "--hide-scrollbars", *args, page.resolve().as_uri()]
    done = subprocess.run(command, capture_output=True, timeout=180)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return done


def close_to(pixel: tuple[int, ...], colour: str, within: int = 24) -> bool:
    wanted = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(p - w) <= within for p, w in zip(pixel[:3], wanted))


@pytest.fixture(scope="module")
def simulation_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "report.html"
    result = CliRunner().invoke(main, ["simulate", "-p", "3", "-n", "60", "-j", "1", "--report", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_the_browser_builds_every_section_and_plot_of_the_page(tmp_path: Path, simulation_report: Path) -> None:
    dom = Page(chromium(tmp_path, simulation_report, "--dump-dom").stdout.decode("utf-8"))
    assert dom.headings == ["Simulation of 7 Wonders (base)", "What was simulated", "Win rate per board and side",
                            "Win rate per seat", "Win rate per agent", "Score columns", "Card strength",
                            "Game length"]
    assert dom.sections == ["setup", "boards", "seats", "agents", "scores", "cards", "length"]
    assert len(dom.images) == 5  # random at every seat: the agents' section says so, with no plot
    assert all(image["src"].startswith("data:image/svg+xml;base64,") for image in dom.images)


def test_the_screenshot_shows_the_plots_drawn(tmp_path: Path, simulation_report: Path) -> None:
    shot = tmp_path / "shot.png"
    chromium(tmp_path, simulation_report, f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}")
    image = Image.open(shot).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    colours = image.getcolors(WIDTH * HEIGHT)  # (pixels, colour) of every colour in it
    assert len(colours) > 100  # text, tables and plots, not a blank page
    # the marks of the plots are drawn in the first panel's colour, which nothing else on the page uses
    assert sum(n for n, colour in colours if close_to(colour, COLOURS[0])) > 500


def test_the_browser_shows_a_rule_sets_markup_as_text(tmp_path: Path) -> None:
    path = tmp_path / "comparison.html"
    path.write_text(comparison_page(hand_comparison()), encoding="utf-8")
    dom = Page(chromium(tmp_path, path, "--dump-dom").stdout.decode("utf-8"))
    assert "script" not in dom.tags
    assert dom.headings[0] == "Comparison: Hand <game> (hand) against Hand richer (hand + richer)"
    cards = [t["rows"] for t in dom.tables if t["caption"] == "Cards"]
    assert [rows[1][1] for rows in cards] == [SCRIPT_CARD, SCRIPT_CARD]
    assert len(dom.images) == 7
