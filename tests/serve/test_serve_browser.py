"""`wr serve` in a real browser: Debian's Chromium, driven by Selenium through Debian's
chromedriver, sets up a table against bots on the page and clicks through to the score sheet."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="wr serve needs the extra 'serve' (starlette): pip install '.[serve]'")
pytest.importorskip("uvicorn", reason="wr serve needs the extra 'serve' (uvicorn): pip install '.[serve]'")
pytest.importorskip("websockets", reason="the tests' client needs the extra 'serve' (websockets)")
pytest.importorskip("selenium", reason="the browser test needs selenium (the extra 'test')")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from server_support import Client, chromium, running_server  # noqa: E402


@pytest.fixture
def browser() -> Iterator[Any]:
    driver = chromium()
    yield driver
    driver.quit()


def _wait(what: str, found: Any, seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = found()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"the page never showed {what}")


def test_a_game_against_bots_is_set_up_and_played_on_the_page_to_the_score_sheet(browser: Any) -> None:
    with running_server() as base:
        browser.get(base + "/")
        _wait("the bundled rule sets", lambda: browser.find_elements(By.CSS_SELECTOR, "#bundled option"))
        seats = [e.get_attribute("value") for e in browser.find_elements(By.CSS_SELECTOR, "#seats input.seat")]
        assert seats == ["human", "greedy", "greedy"]
        browser.find_element(By.ID, "seed").clear()
        browser.find_element(By.ID, "seed").send_keys("9")
        browser.find_element(By.ID, "create").click()
        _wait("the table", lambda: browser.find_element(By.ID, "table").is_displayed())
        hand = _wait("one's hand", lambda: browser.find_elements(By.CSS_SELECTOR, ".city.mine li"))
        assert hand[0].text.startswith("hand (7): ")

        def actions_or_sheet() -> list[Any]:
            return list(browser.find_elements(By.CSS_SELECTOR, "button.action")
                        or browser.find_elements(By.ID, "score-sheet"))

        def turn_text() -> str:
            return str(browser.find_element(By.ID, "turn").text)

        clicks = 0
        while True:
            shown = _wait("an action or the score sheet", actions_or_sheet)
            if shown[0].tag_name != "button":
                break
            before = turn_text()
            try:
                shown[0].click()
            except StaleElementReferenceException:
                continue  # the page was drawn again meanwhile
            clicks += 1
            _wait("the next round", lambda before=before: turn_text() != before)
            assert clicks < 100, "the game does not end"
        assert clicks >= 18  # three ages of six turns in the base game, each a decision of seat 0

        rows = browser.find_elements(By.CSS_SELECTOR, "#score-sheet tr")
        header = [th.text for th in rows[0].find_elements(By.TAG_NAME, "th")]
        cells = [[td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows[1:]]
        totals = {int(row[0]): int(row[header.index("total")]) for row in cells}
        game = browser.execute_script("return page.game")
        client = Client(base)
        try:
            ended = client.ask(type="observe", game=game)
        finally:
            client.close()
        assert ended["over"] and totals == {sheet["seat"]: sheet["total"] for sheet in ended["scores"]}
        assert browser.find_element(By.ID, "table-error").is_displayed() is False
