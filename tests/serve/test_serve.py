"""`wr serve`: the page served over HTTP, and the JSON protocol over WebSocket with one hub shared
by every connection, a table's other connections told when it changes, and each seat's token
acting for that seat only."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="wr serve needs the extra 'serve' (starlette): pip install '.[serve]'")
pytest.importorskip("uvicorn", reason="wr serve needs the extra 'serve' (uvicorn): pip install '.[serve]'")
pytest.importorskip("websockets", reason="the tests' client needs the extra 'serve' (websockets)")

from server_support import Client, running_server, served_by_the_command  # noqa: E402
from websockets.exceptions import InvalidStatus  # noqa: E402
from websockets.sync.client import connect  # noqa: E402
from websockets.typing import Origin  # noqa: E402

import wonderrules  # noqa: E402
from wonderrules.embedding.serve import same_origin  # noqa: E402


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture
def client(base: str) -> Iterator[Client]:
    c = Client(base)
    yield c
    c.close()


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], e.read().decode("utf-8")


def test_the_page_its_script_and_its_style_are_served(base: str) -> None:
    status, kind, page = get(base + "/")
    assert status == 200 and kind.startswith("text/html")
    assert '<script src="app.js">' in page and 'href="style.css"' in page and 'id="setup-form"' in page
    status, kind, script = get(base + "/app.js")
    assert status == 200 and "javascript" in kind
    assert 'new WebSocket(scheme + "://" + location.host + "/ws")' in script and '"create"' in script
    status, kind, style = get(base + "/style.css")
    assert status == 200 and kind.startswith("text/css") and ".city" in style
    assert get(base + "/setup.json")[2] and json.loads(get(base + "/setup.json")[2])["rules"] == ["base"]
    assert get(base + "/serve.py")[0] == 404 and get(base + "/../pyproject.toml")[0] == 404


def test_a_human_seat_plays_to_the_end_over_the_socket_and_the_log_replays(client: Client) -> None:
    created = client.ask(type="create", rules=["cities"], seats=["human", "greedy", "random", "random"], seed=11)
    assert created["type"] == "created", created
    game, token = created["game"], created["seats"][0]["token"]
    rng = random.Random(3)
    status = created
    rounds = 0
    while not status["over"]:
        assert status["waiting_for"] == [0], status
        listed = client.ask(type="legal", game=game, token=token)
        assert listed["type"] == "legal" and listed["actions"], listed
        status = client.ask(type="act", game=game, token=token, action=rng.choice(listed["actions"])["action"])
        assert status["type"] == "accepted", status
        assert status["round"] > rounds  # the agents played the round at once
        rounds = status["round"]
    assert len(status["scores"]) == 4 and status["winners"]
    log = client.ask(type="log", game=game)["log"]
    replayed = wonderrules.replay(wonderrules.Game(wonderrules.load_rules("cities"), 4), log)
    assert [sheet.to_json() for sheet in replayed.scores()] == status["scores"]
    assert replayed.winners() == status["winners"]
    assert client.notices == []  # nobody else touched the table: no notice to its own connection


def test_a_second_connection_joins_a_seat_by_token_and_is_told_when_the_table_changes(base: str) -> None:
    first, second = Client(base), Client(base)
    try:
        created = first.ask(type="create", seats=["human", "human", "greedy"], seed=2)
        game = created["game"]
        tokens = [s.get("token") for s in created["seats"]]
        joined = second.ask(type="observe", game=game, token=tokens[1])
        assert joined["type"] == "observation" and joined["seat"] == 1 and joined["waiting_for"] == [0, 1]
        cities = joined["observation"]["cities"]
        assert len(cities[1]["zones"]["hand"]["cards"]) == 7 and "cards" not in cities[0]["zones"]["hand"]

        mine = first.ask(type="legal", game=game, token=tokens[0])["actions"][0]["action"]
        assert first.ask(type="act", game=game, token=tokens[0], action=mine)["waiting_for"] == [1]
        assert second.notice() == {"type": "changed", "game": game, "round": 0}

        theirs = second.ask(type="legal", game=game, token=tokens[1])["actions"][0]["action"]
        played = second.ask(type="act", game=game, token=tokens[1], action=theirs)
        assert played["round"] == 1
        assert first.notice() == {"type": "changed", "game": game, "round": 1}
        assert second.quiet()  # the connection that acted is not told of its own act
        after = second.ask(type="observe", game=game, token=tokens[1])["observation"]
        assert after["turn"] == 2 and len(after["cities"][1]["zones"]["hand"]["cards"]) == 6
    finally:
        first.close()
        second.close()


def test_a_table_of_another_connection_is_not_announced_to_a_stranger(base: str) -> None:
    first, stranger = Client(base), Client(base)
    try:
        assert stranger.ask(type="hello")["type"] == "welcome"
        created = first.ask(type="create", seats=["human", "greedy", "greedy"])
        token = created["seats"][0]["token"]
        action = first.ask(type="legal", game=created["game"], token=token)["actions"][0]["action"]
        assert first.ask(type="act", game=created["game"], token=token, action=action)["type"] == "accepted"
        assert stranger.quiet()
    finally:
        first.close()
        stranger.close()


def test_an_act_with_another_seats_token_or_none_is_refused_and_nothing_changes(base: str) -> None:
    owner, other = Client(base), Client(base)
    try:
        created = owner.ask(type="create", seats=["human", "human", "random"], seed=4)
        game = created["game"]
        tokens = [s.get("token") for s in created["seats"]]
        hand0 = owner.ask(type="observe", game=game, token=tokens[0])["observation"]["cities"][0]["zones"]["hand"]
        hand1 = other.ask(type="observe", game=game, token=tokens[1])["observation"]["cities"][1]["zones"]["hand"]
        only_seat_0 = next(c for c in hand0["cards"] if c not in hand1["cards"])
        before = [owner.ask(type="observe", game=game, token=t) for t in tokens[:2]]
        before.append(owner.ask(type="log", game=game))

        # seat 1's token cannot play a card of seat 0's hand, nor can a made-up token or none at all
        refused = other.ask(type="act", game=game, token=tokens[1], action={"kind": "sell", "card": only_seat_0})
        assert refused["type"] == "error" and refused["code"] == "illegal-action", refused
        refused = other.ask(type="act", game=game, token="not-a-seat", action={"kind": "sell", "card": only_seat_0})
        assert refused["code"] == "bad-token" and refused["field"] == "token"
        refused = other.ask(type="act", game=game, action={"kind": "sell", "card": only_seat_0})
        assert refused["code"] == "bad-message" and refused["field"] == "token"

        after = [owner.ask(type="observe", game=game, token=t) for t in tokens[:2]]
        after.append(owner.ask(type="log", game=game))
        strip = [{k: v for k, v in reply.items() if k != "re"} for reply in before + after]
        assert strip[:3] == strip[3:]
        assert owner.ask(type="legal", game=game, token=tokens[0])["chosen"] is None
        assert other.ask(type="legal", game=game, token=tokens[1])["chosen"] is None
        assert owner.quiet() and other.quiet()  # a refusal changes nothing, so nobody is told
    finally:
        owner.close()
        other.close()


def test_a_malformed_message_gets_an_error_and_the_connection_goes_on(client: Client) -> None:
    client.ws.send("{not json")
    reply = json.loads(client.ws.recv(timeout=10))
    assert reply["type"] == "error" and reply["code"] == "bad-message"
    assert client.ask(type="hello")["type"] == "welcome"


def test_a_socket_opened_by_a_page_of_another_site_is_refused(base: str) -> None:
    url = base.replace("http://", "ws://") + "/ws"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin=Origin("http://evil.example"), open_timeout=10)
    assert refused.value.response.status_code == 403
    port = base.rsplit(":", 1)[1]
    with pytest.raises(InvalidStatus):  # the same host on another port is another site
        connect(url, origin=Origin(f"http://127.0.0.1:{int(port) + 1}"), open_timeout=10)
    with connect(url, origin=Origin(base), open_timeout=10) as own:  # the server's own page
        own.send(json.dumps({"type": "hello"}))
        assert json.loads(own.recv(timeout=10))["type"] == "welcome"


def test_the_origin_rule_compares_host_and_port() -> None:
    assert same_origin(None, "127.0.0.1:8000")  # no Origin: not a browser page
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin("https://Example.org", "example.org")
    assert not same_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not same_origin("http://evil.example", "127.0.0.1:8000")
    assert not same_origin("null", "127.0.0.1:8000")
    assert not same_origin("http://127.0.0.1:8000", None)


def test_a_slow_table_does_not_hold_up_another_connection() -> None:
    # `wr serve` in its own process: the agent's thread then shares the interpreter lock with the
    # server's event loop only, as it does in use
    with served_by_the_command() as base:
        slow, other = Client(base), Client(base)
        try:
            assert other.ask(type="hello")["type"] == "welcome"
            created = slow.ask(type="create", seats=["mcts:2s", "random", "random"], auto=False, seed=1)
            slow.ws.send(json.dumps({"type": "step", "game": created["game"]}))  # the agent thinks 2 s
            stepped: list[float] = []
            waiter = threading.Thread(target=lambda: slow.ws.recv(timeout=60) and stepped.append(time.monotonic()))
            waiter.start()
            time.sleep(0.1)
            assert other.ask(type="hello")["type"] == "welcome"
            status, _, _ = get(base + "/setup.json")  # and the page's files are served meanwhile
            assert status == 200
            answered = time.monotonic()
            waiter.join(60)
            assert stepped and answered < stepped[0]  # answered while the round was being played
        finally:
            slow.close()
            other.close()
