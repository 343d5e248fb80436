"""Sessions of `wr serve` in a real browser (Debian's Chromium under Selenium): a human seat plays
a whole Cities game against bots, a Leaders draft, a two-player game with the Free City's picks;
a second browser joins a seat by its link; bots are watched on a timer and a log is stepped
through. Each test skips, with the reason, where Chromium or chromedriver is missing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="wr serve needs the extra 'serve' (starlette): pip install '.[serve]'")
pytest.importorskip("uvicorn", reason="wr serve needs the extra 'serve' (uvicorn): pip install '.[serve]'")
pytest.importorskip("websockets", reason="the tests' client needs the extra 'serve' (websockets)")
pytest.importorskip("selenium", reason="the browser tests need selenium (the extra 'test')")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from server_support import Client, chromium, running_server  # noqa: E402


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    yield driver
    driver.quit()


def wait(driver: Any, what: str, found: Callable[[], Any], seconds: float = 30) -> Any:
    """What `found` gives once it is true, waited for (an explicit wait, polling the page)."""
    return WebDriverWait(driver, seconds, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda _: found(), message=f"the page never showed {what}")


def set_up(driver: Any, base: str, rules: str, seats: list[str], seed: int = 0, undo: bool = False) -> None:
    """The setup page filled in (a bundled rule set, the seats, the seed) and the table created."""
    driver.get(base + "/")
    wait(driver, "the bundled rule sets", lambda: driver.find_elements(By.CSS_SELECTOR, "#bundled option"))
    driver.find_element(By.CSS_SELECTOR, "input[name=rules-from][value=bundled]").click()
    Select(driver.find_element(By.ID, "bundled")).select_by_visible_text(rules)
    while len(driver.find_elements(By.CSS_SELECTOR, "#seats input.seat")) > len(seats):
        driver.find_element(By.ID, "remove-seat").click()
    while len(driver.find_elements(By.CSS_SELECTOR, "#seats input.seat")) < len(seats):
        driver.find_element(By.ID, "add-seat").click()
    for field, who in zip(driver.find_elements(By.CSS_SELECTOR, "#seats input.seat"), seats):
        field.clear()
        field.send_keys(who)
    driver.find_element(By.ID, "seed").clear()
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    undo_box = driver.find_element(By.ID, "undo")
    assert undo_box.is_displayed() == (seats.count("human") == 1)
    if undo:
        undo_box.click()
    driver.find_element(By.ID, "create").click()
    wait(driver, "the table", lambda: driver.find_element(By.ID, "table").is_displayed())


def turn(driver: Any) -> str:
    return str(driver.find_element(By.ID, "turn").text)


def my_zone(driver: Any, zone: str) -> list[str]:
    """The cards of one's own zone as the page lists them ("hand (7): A, B, ..."), waited for:
    the table may be shown before its cities are drawn (on a busy machine)."""
    def read() -> Any:
        for item in driver.find_elements(By.CSS_SELECTOR, ".city.mine li"):
            found = re.fullmatch(rf"{zone} \((\d+)\): (.*)", item.text)
            if found:
                return ([] if found.group(1) == "0" else found.group(2).split(", "),)
        return None
    cards: list[str] = wait(driver, f"the zone {zone} of one's city", read)[0]
    return cards


def buttons_or_sheet(driver: Any) -> list[Any]:
    """The action buttons when the seat has a decision, else the score sheet once the game is over."""
    if "your decision" in turn(driver):
        return list(driver.find_elements(By.CSS_SELECTOR, "button.action"))
    return list(driver.find_elements(By.ID, "score-sheet"))


def click_and_wait(driver: Any, button: Any) -> None:
    """One action clicked, and the turn line waited for until it changes (the round is played)."""
    before = turn(driver)
    button.click()
    wait(driver, "the next round", lambda: turn(driver) != before)


def build_first(driver: Any) -> Any:
    """The button of the first move that builds a card, else the first button."""
    for row in driver.find_elements(By.CSS_SELECTOR, "#actions .move"):
        if row.get_attribute("data-move").startswith("build "):
            return row.find_element(By.CSS_SELECTOR, "button.action")
    return driver.find_element(By.CSS_SELECTOR, "button.action")


def play_to_the_end(driver: Any, seen: Callable[[str], None] = lambda text: None, limit: int = 80) -> int:
    """Clicks through the game (building where it can) until the score sheet shows; the clicks made."""
    clicks = 0
    while True:
        shown = wait(driver, "an action or the score sheet", lambda: buttons_or_sheet(driver))
        if shown[0].tag_name != "button":
            return clicks
        seen(turn(driver))
        click_and_wait(driver, build_first(driver))
        clicks += 1
        assert clicks < limit, "the game does not end"


def score_rows(driver: Any) -> dict[int, dict[str, str]]:
    rows = driver.find_elements(By.CSS_SELECTOR, "#score-sheet tr")
    header = [th.text for th in rows[0].find_elements(By.TAG_NAME, "th")]
    cells = [[td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows[1:]]
    return {int(row[0]): dict(zip(header, row)) for row in cells}


def test_a_human_plays_a_four_player_cities_game_against_greedy_bots_to_the_end(browser: Any, base: str) -> None:
    set_up(browser, base, "cities", ["human", "greedy", "greedy", "greedy"], seed=5)
    assert len(my_zone(browser, "hand")) == 8  # Cities deals a black card more to each hand
    # every move is a row with a button per way to pay it; a card built shows its printed cost
    rows = {row.get_attribute("data-move"): row for row in browser.find_elements(By.CSS_SELECTOR, "#actions .move")}
    assert all(row.find_elements(By.CSS_SELECTOR, "button.action") for row in rows.values())
    assert not any(row.find_elements(By.CSS_SELECTOR, ".cost") for name, row in rows.items() if name.startswith("sell"))
    built = [row.find_element(By.CSS_SELECTOR, ".cost").text for name, row in rows.items() if name.startswith("build")]
    assert built and all(text.startswith("cost: ") for text in built)
    refused = browser.find_elements(By.CSS_SELECTOR, "#refused li.refusal")
    assert refused and all(r.get_attribute("data-code") in r.text for r in refused)
    decisions: set[str] = set()
    several_ways: list[list[str]] = []

    def seen(text: str) -> None:
        decisions.add(text.split("your decision (")[1].split(",")[0])
        for row in browser.find_elements(By.CSS_SELECTOR, "#actions .move"):
            ways = [b.text for b in row.find_elements(By.CSS_SELECTOR, "button.action")]
            if len(ways) > 1:
                several_ways.append(ways)

    clicks = play_to_the_end(browser, seen)
    assert clicks >= 18 and "play" in decisions  # six turns an age at least, each a decision of the human
    assert "pay" in decisions  # a coin loss of a black card: the human chose what to pay and what to take as debt
    # a move bought from either neighbour shows a button per payment, naming who is paid
    assert several_ways and all(len(set(ways)) == len(ways) for ways in several_ways)
    assert any(re.search(r"to seat \d \((left|right) neighbour\)", way) for ways in several_ways for way in ways)
    sheet = score_rows(browser)
    assert sorted(sheet) == [0, 1, 2, 3] and all(row["total"].lstrip("-").isdigit() for row in sheet.values())
    assert my_zone(browser, "built")  # the human's city shows the cards it built
    # the military tokens of three ages show as "name count (value)", never as a raw object
    cities = browser.find_element(By.ID, "cities").text
    assert "[object" not in browser.find_element(By.TAG_NAME, "body").text
    assert re.search(r"Tokens: .*\b(victory|defeat) \d+ \(-?\d+\)", cities)

    # "Download the log" gives the game's log, as the protocol's `log` does
    browser.execute_script("window.saved = null; HTMLAnchorElement.prototype.click = function () {"
                           " window.saved = {name: this.download, href: this.href}; };")
    browser.find_element(By.ID, "download-log").click()
    saved = wait(browser, "the log saved", lambda: browser.execute_script("return window.saved"))
    text = browser.execute_async_script("const done = arguments[0]; fetch(window.saved.href)"
                                        ".then((r) => r.text()).then(done);")
    game = browser.execute_script("return page.game")
    client = Client(base)
    try:
        assert saved["name"] == game + ".log.json" and json.loads(text) == client.ask(type="log", game=game)["log"]
    finally:
        client.close()


def test_a_human_makes_the_leaders_draft_picks_then_plays_into_age_one(browser: Any, base: str) -> None:
    set_up(browser, base, "leaders", ["human", "greedy", "greedy"], seed=2)
    picks = 0
    while "draft" in turn(browser):
        assert "your decision (draft" in turn(browser)
        before = my_zone(browser, "draft")
        rows = browser.find_elements(By.CSS_SELECTOR, "#actions .move")
        assert len(rows) == len(before) and all(r.get_attribute("data-move").split(" ", 1)[1] in before for r in rows)
        click_and_wait(browser, rows[0].find_element(By.CSS_SELECTOR, "button.action"))
        picks += 1
        if "draft" in turn(browser):
            assert len(my_zone(browser, "draft")) == len(before) - 1  # the hand passed on is one card shorter
    assert picks == 4 and len(my_zone(browser, "leaders")) == 4
    while "age 1, turn 1:" not in turn(browser):  # the recruitment of age 1 (turn 0), then its first turn
        click_and_wait(browser, build_first(browser))
    assert "your decision (play" in turn(browser)
    click_and_wait(browser, build_first(browser))
    assert "age 1, turn 2" in turn(browser)


def test_a_two_player_game_is_played_to_the_end_with_the_free_citys_picks(browser: Any, base: str) -> None:
    set_up(browser, base, "two_player", ["human", "greedy"], seed=4)
    for_free_city: list[str] = []

    def seen(text: str) -> None:
        if "for seat 2" in text:
            for_free_city.append(text)
            assert "(you control it)" in browser.find_element(By.CSS_SELECTOR, ".city[data-seat='2'] h4").text

    play_to_the_end(browser, seen)
    assert for_free_city  # the human chose for the Free City (seat 2), on the turns it controlled it
    assert "(neutral)" in browser.find_element(By.CSS_SELECTOR, ".city[data-seat='2'] h4").text
    assert sorted(score_rows(browser)) == [0, 1, 2]


def test_a_second_browser_joins_a_seat_by_its_link_and_both_play_the_first_round(browser: Any, base: str) -> None:
    set_up(browser, base, "base", ["human", "human", "greedy"], seed=3)
    links = {field.find_element(By.XPATH, "..").text.split(":")[0]: field.get_attribute("value")
             for field in browser.find_elements(By.CSS_SELECTOR, "#links input")}
    assert set(links) == {"Seat 1 joins at", "Spectators watch at"}
    wait(browser, "seat 0's decision", lambda: "your decision" in turn(browser))
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button.action"))
    assert "you chose; waiting for seats 1" in turn(browser)
    hand = my_zone(browser, "hand")

    # a second browser (its own Chromium process and profile) knows only the link
    other = chromium()
    try:
        other.get(links["Seat 1 joins at"])
        wait(other, "seat 1's decision", lambda: "your decision" in turn(other))
        theirs = my_zone(other, "hand")
        assert len(theirs) == 7 and theirs != hand
        assert "(you)" in other.find_element(By.CSS_SELECTOR, ".city.mine h4").text
        assert other.find_element(By.CSS_SELECTOR, ".city.mine").get_attribute("data-seat") == "1"
        # seat 0's hand is shown to the second browser only by its size
        seat0 = other.find_element(By.CSS_SELECTOR, ".city[data-seat='0']").text
        assert "hand: 7 cards" in seat0 and not [card for card in hand if card in seat0]
        click_and_wait(other, other.find_element(By.CSS_SELECTOR, "button.action"))
        assert "age 1, turn 2" in turn(other) and len(my_zone(other, "hand")) == 6
    finally:
        other.quit()
    # the first page was told of the round played by the other browser, and looked again
    wait(browser, "the second turn on the first page", lambda: "age 1, turn 2: your decision" in turn(browser))
    assert len(my_zone(browser, "hand")) == 6


def test_bots_are_watched_at_a_speed_then_their_log_is_replayed_round_by_round(browser: Any, base: str,
                                                                                  tmp_path: Path) -> None:
    set_up(browser, base, "base", ["greedy", "random", "greedy"], seed=8)
    wait(browser, "the watch controls", lambda: browser.find_element(By.ID, "watch").is_displayed())
    assert turn(browser).startswith("Round 0")
    browser.find_element(By.ID, "step").click()
    wait(browser, "round 1", lambda: turn(browser).startswith("Round 1,"))
    Select(browser.find_element(By.ID, "speed")).select_by_value("250")
    browser.find_element(By.ID, "play").click()
    assert browser.find_element(By.ID, "play").text == "Pause"
    wait(browser, "round 3 played on the timer", lambda: turn(browser).startswith("Round 3,"))
    browser.find_element(By.ID, "play").click()  # pause
    paused = turn(browser)
    assert browser.find_element(By.ID, "play").text == "Play"
    browser.find_element(By.ID, "play").click()  # and on again, to the end
    wait(browser, "the score sheet", lambda: browser.find_elements(By.ID, "score-sheet"))
    assert not paused.startswith("Round 18") and not browser.find_element(By.ID, "watch").is_displayed()
    watched = score_rows(browser)

    game = browser.execute_script("return page.game")
    client = Client(base)
    try:
        log = client.ask(type="log", game=game)["log"]
    finally:
        client.close()
    assert len(log["rounds"]) == 18
    path = tmp_path / "game.log.json"
    path.write_text(json.dumps(log), encoding="utf-8")

    browser.get(base + "/")
    wait(browser, "the setup page", lambda: browser.find_elements(By.CSS_SELECTOR, "#bundled option"))
    browser.find_element(By.ID, "replay-file").send_keys(str(path))
    browser.find_element(By.ID, "replay").click()
    wait(browser, "the replayed table", lambda: browser.find_element(By.ID, "table").is_displayed())
    wait(browser, "the log's first round", lambda: turn(browser).startswith("Round 0 of 18"))
    built = browser.find_elements(By.CSS_SELECTOR, ".city li")
    assert "hand: 7 cards" in [li.text for li in built]
    browser.find_element(By.ID, "step").click()
    wait(browser, "the log's second round", lambda: turn(browser).startswith("Round 1 of 18, age 1, turn 2"))
    hands = [li.text for li in browser.find_elements(By.CSS_SELECTOR, ".city li") if li.text.startswith("hand")]
    assert hands == ["hand: 6 cards"] * 3
    Select(browser.find_element(By.ID, "replay-seat")).select_by_visible_text("seat 1")  # a log holds every hand
    wait(browser, "seat 1's hand", lambda: browser.find_elements(By.CSS_SELECTOR, ".city.mine[data-seat='1']"))
    assert len(my_zone(browser, "hand")) == 6
    Select(browser.find_element(By.ID, "speed")).select_by_value("250")
    browser.find_element(By.ID, "play").click()
    wait(browser, "the score sheet at the log's end", lambda: browser.find_elements(By.ID, "score-sheet"))
    assert turn(browser).startswith("Round 18 of 18") and score_rows(browser) == watched


def test_a_solo_player_undoes_a_round_on_the_page(browser: Any, base: str) -> None:
    set_up(browser, base, "base", ["human", "greedy", "greedy"], seed=1, undo=True)
    wait(browser, "a decision", lambda: "your decision" in turn(browser))
    hand = my_zone(browser, "hand")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button.action"))
    assert turn(browser).startswith("Round 1,") and len(my_zone(browser, "hand")) == 6
    browser.find_element(By.ID, "undo-round").click()
    wait(browser, "round 0 again", lambda: turn(browser).startswith("Round 0,"))
    assert my_zone(browser, "hand") == hand
