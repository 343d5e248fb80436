"""The JSON protocol (wonderrules.embedding.protocol): games created, seen, played, undone, logged and
replayed by messages; every refusal names its field and changes nothing."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import wonderrules
from wonderrules.embedding.protocol import ERROR_CODES, MAX_TABLES, Hub, json_schema

SCHEMA = json_schema()


def conforms(value: dict, part: str) -> bool:
    """Whether `value` is a message (part "message") or a reply ("reply") of the protocol's schema."""
    import jsonschema

    validator = jsonschema.Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": f"#/$defs/{part}"}]})
    return validator.is_valid(value)


def send(hub: Hub, **msg) -> dict:
    """A message's reply; every reply conforms to the schema, and so does every message not refused."""
    reply = hub.handle(json.dumps(msg))
    assert conforms(reply, "reply"), reply
    if reply["type"] != "error":
        assert conforms(msg, "message"), msg
    return reply


def snapshot(hub: Hub, game: str) -> str:
    """Everything a table shows: the spectator's view, its status and its log."""
    return json.dumps([send(hub, type="observe", game=game), send(hub, type="log", game=game)], sort_keys=True)


def play_to_the_end(hub: Hub, created: dict, rng: random.Random) -> dict:
    """Every human seat of a table chooses a random legal action until the game is over."""
    game = created["game"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
    status = created
    while not status["over"]:
        assert status["waiting_for"], status
        for seat in status["waiting_for"]:
            listed = send(hub, type="legal", game=game, token=tokens[seat])
            assert listed["type"] == "legal" and listed["actions"], listed
            chosen = rng.choice(listed["actions"])["action"]
            status = send(hub, type="act", game=game, token=tokens[seat], action=chosen)
            assert status["type"] == "accepted", status
    return status


def test_hello_names_the_protocol_and_the_bundled_rule_sets() -> None:
    reply = send(Hub(), type="hello", id=7)
    assert reply["re"] == 7 and reply["type"] == "welcome" and reply["protocol"] == 1
    assert {"base", "cities", "two_player", "leaders"} <= set(reply["bundled"])


@pytest.mark.parametrize("rules,players", [(["base"], 3), (["cities"], 4), (["two_player"], 2), (["leaders"], 3),
                                           (["cities_leaders"], 4)])
def test_a_human_seat_plays_a_whole_game_against_agents_and_its_log_replays(rules, players) -> None:
    hub = Hub()
    created = send(hub, type="create", rules=rules, seats=["human"] + ["random"] * (players - 1), seed=5)
    assert created["type"] == "created" and [s["seat"] for s in created["seats"]] == list(range(players))
    assert "token" in created["seats"][0] and all("token" not in s for s in created["seats"][1:])
    end = play_to_the_end(hub, created, random.Random(1))
    assert end["over"] and len(end["scores"]) == len(end["scores"]) and end["winners"]
    log = send(hub, type="log", game=created["game"])["log"]
    game = wonderrules.Game(wonderrules.load_rules(*rules), players)
    replayed = wonderrules.replay(game, log)
    assert [s.to_json() for s in replayed.scores()] == end["scores"]
    assert replayed.winners() == end["winners"]


def test_two_human_seats_each_act_for_their_own_seat_only() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["human", "human", "greedy"], seed=2)
    game = created["game"]
    t0, t1 = created["seats"][0]["token"], created["seats"][1]["token"]
    assert t0 != t1 and created["waiting_for"] == [0, 1]
    first = send(hub, type="legal", game=game, token=t0)["actions"][0]["action"]
    assert send(hub, type="act", game=game, token=t0, action=first)["waiting_for"] == [1]
    # seat 0 has chosen: the round waits for seat 1, whose view seat 0 never gets
    assert send(hub, type="legal", game=game, token=t0)["chosen"] == first
    before = snapshot(hub, game)
    wrong = send(hub, type="act", game=game, token="not-a-token", action=first)
    assert (wrong["code"], wrong["field"]) == ("bad-token", "token")
    other = send(hub, type="create", rules=["base"], seats=["human", "random", "random"])
    borrowed = send(hub, type="act", game=game, token=other["seats"][0]["token"], action=first)
    assert borrowed["code"] == "bad-token"
    assert snapshot(hub, game) == before


def test_a_seat_sees_its_own_hand_and_a_spectator_sees_no_hand() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["human", "human", "random"], seed=4)
    game = created["game"]
    mine = send(hub, type="observe", game=game, token=created["seats"][0]["token"])["observation"]
    assert mine["player"] == 0 and len(mine["cities"][0]["zones"]["hand"]["cards"]) == 7
    assert "cards" not in mine["cities"][1]["zones"].get("hand", {})
    public = send(hub, type="observe", game=game)["observation"]
    assert public["player"] is None and public["controls"] == [] and "decision" not in public
    for city in public["cities"]:
        assert "cards" not in city["zones"].get("hand", {})
    # the spectator's view holds no name of a card in any hand
    hands = {c for seat in (0, 1) for c in send(hub, type="observe", game=game, token=created["seats"][seat]["token"])
             ["observation"]["cities"][seat]["zones"]["hand"]["cards"]}
    text = json.dumps(public)
    assert not any(f'"{name}"' in text for name in hands)


def test_an_illegal_action_gets_its_reason_and_changes_nothing() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["human", "random", "random"], seed=1)
    game, token = created["game"], created["seats"][0]["token"]
    before = snapshot(hub, game)
    refused = send(hub, type="act", game=game, token=token, action={"kind": "build", "card": "Palace"})
    assert refused["type"] == "error" and refused["code"] == "illegal-action" and refused["field"] == "action"
    assert refused["reason"].startswith("'Palace' is not in the hand")
    assert refused["reason_code"] == "card-not-in-zone"
    explained = send(hub, type="explain", game=game, token=token, action={"kind": "build", "card": "Palace"})
    assert explained["legal"] is False and explained["reason"] == refused["reason"]
    assert explained["code"] == "card-not-in-zone"
    by_id = send(hub, type="act", game=game, token=token, action_id=10**6, id="x")
    assert (by_id["code"], by_id["field"], by_id["re"]) == ("bad-message", "action_id", "x")
    space = hub.tables[game].space
    palace = next(i for i, label in enumerate(space.labels()) if "Palace" in label)
    refused_id = send(hub, type="act", game=game, token=token, action_id=palace)
    assert (refused_id["code"], refused_id["field"]) == ("illegal-action", "action_id")
    assert snapshot(hub, game) == before


def test_legal_lists_the_moves_refused_now_with_their_reasons() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["cities"], seats=["human", "greedy", "greedy", "greedy"], seed=3)
    game, token = created["game"], created["seats"][0]["token"]
    listed = send(hub, type="legal", game=game, token=token)
    hand = send(hub, type="observe", game=game, token=token)["observation"]["cities"][0]["zones"]["hand"]["cards"]
    allowed = {(a["action"]["kind"], a["action"].get("card")) for a in listed["actions"]}
    refused = {(r["action"]["kind"], r["action"]["card"]): r for r in listed["refused"]}
    # Babylon B's first stage needs a loom nobody at this table makes; Baths need a stone
    assert refused[("build", "Baths")]["code"] == "resources-missing"
    assert {card for kind, card in refused if kind == "stage"} == set(hand)
    assert not set(refused) & allowed
    # every card of the hand is either built, staged or sold, or listed as refused, for each kind
    assert {(kind, card) for kind in ("build", "stage", "sell") for card in hand} == set(refused) | allowed
    for entry in listed["refused"]:
        explained = send(hub, type="explain", game=game, token=token, action=entry["action"])
        assert (explained["legal"], explained["reason"], explained["code"]) == (False, entry["reason"], entry["code"])
    assert entry["label"] == "stage " + entry["action"]["card"]


def test_legal_gives_the_printed_cost_of_each_card_built_and_every_way_to_pay_it() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["cities"], seats=["human", "greedy", "greedy", "greedy"], seed=3)
    game, token = created["game"], created["seats"][0]["token"]
    listed = send(hub, type="legal", game=game, token=token)["actions"]
    cost = {(a["action"]["kind"], a["action"]["card"]): a["cost"] for a in listed}
    # the printed costs (cards.tsv): Gates of the City 1 coin and 1 wood, Secret Warehouse 2 coins,
    # Scriptorium 1 papyrus; selling costs nothing
    assert cost[("build", "Gates of the City")] == {"coins": 1, "resources": {"wood": 1}}
    assert cost[("build", "Secret Warehouse")] == {"coins": 2, "resources": {}}
    assert cost[("build", "Scriptorium")] == {"coins": 0, "resources": {"papyrus": 1}}
    assert cost[("sell", "Scriptorium")] is None
    # the wood is bought: each way to pay is its own entry, its coins to sellers in `pay`
    gates = [a for a in listed if a["action"] == {**a["action"], "kind": "build", "card": "Gates of the City"}]
    assert gates and all(a["coins_to_bank"] == 1 and sum(a["action"]["pay"].values()) >= 1 for a in gates)


def test_an_action_is_chosen_by_its_id_as_legal_lists_it() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["human", "random", "random"], seed=6)
    game, token = created["game"], created["seats"][0]["token"]
    listed = send(hub, type="legal", game=game, token=token)["actions"]
    ids = [a["action_id"] for a in listed]
    assert all(isinstance(i, int) and i > 0 for i in ids)
    first = listed[0]
    # a request's own `id` is only repeated in its reply
    accepted = send(hub, type="act", game=game, token=token, action_id=first["action_id"], id=first["action_id"] + 1)
    assert accepted["round"] == 1 and accepted["re"] == first["action_id"] + 1
    log = send(hub, type="log", game=game)["log"]
    played = log["rounds"][0]["0"]
    assert (played["kind"], played.get("card")) == (first["action"]["kind"], first["action"].get("card"))


@pytest.mark.parametrize("text,code,field", [
    ("not json", "bad-message", ""),
    ("[1, 2]", "bad-message", ""),
    ('{"id": 1}', "bad-message", "type"),
    ('{"type": "shout"}', "unknown-type", "type"),
    ('{"type": "hello", "v": 2}', "bad-message", "v"),
    ('{"type": "observe"}', "bad-message", "game"),
    ('{"type": "observe", "game": "g99"}', "unknown-game", "game"),
    ('{"type": "create", "seats": "human"}', "bad-message", "seats"),
    ('{"type": "create", "seats": ["human", 3]}', "bad-message", "seats[1]"),
    ('{"type": "create", "seats": ["human", "clever"]}', "setup-refused", "seats[1]"),
    ('{"type": "create", "seats": ["human"]}', "setup-refused", "seats"),
    ('{"type": "create", "seats": ["human", "human"], "seed": "x"}', "bad-message", "seed"),
    ('{"type": "create", "seats": ["human", "human"], "rules": ["nowhere"]}', "rules-invalid", "rules[0]"),
    ('{"type": "create", "seats": ["human", "human"], "rules": "base"}', "bad-message", "rules"),
    ('{"type": "create", "seats": ["human", "human"], "rules": [{"name": "a/b", "text": ""}]}',
     "bad-message", "rules[0].name"),
    ('{"type": "create", "seats": ["human", "human"], "seats": ["human"]}', "bad-message", "seats"),
    ('{"type": "create", "seats": ["human", "human"], "rules": {"compiled": {"format": 3}}}', "rules-invalid",
     "rules.compiled.name"),
])
def test_a_malformed_message_is_refused_naming_its_field(text, code, field) -> None:
    hub = Hub()
    reply = hub.handle(text)
    assert reply["type"] == "error" and reply["code"] == code and reply["field"] == field, reply
    assert conforms(reply, "reply")
    if code in ("bad-message", "unknown-type") and text.startswith("{") and text.count('"seats"') < 2:
        # the schema refuses it too (a key written twice is beyond what a schema sees)
        assert not conforms(json.loads(text), "message")
    assert reply["code"] in ERROR_CODES and reply["message"] and "\n" not in reply["message"]
    assert hub.tables == {}


def test_malformed_actions_are_refused_at_their_field_and_change_nothing() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["human", "random", "random"])
    game, token = created["game"], created["seats"][0]["token"]
    before = snapshot(hub, game)
    for action, field in [("build", "action"), ({"card": "x"}, "kind"), ({"kind": "build", "colour": 1},
                                                                          "action.colour"),
                          ({"kind": "build", "pay": {"left": 1}}, "action.pay"),
                          ({"kind": "build", "pay": {"1": "2"}}, "action.pay.1"),
                          ({"kind": "build", "amount": True}, "amount")]:
        reply = send(hub, type="act", game=game, token=token, action=action)
        assert reply["type"] == "error" and reply["field"] == field, (action, reply)
    assert snapshot(hub, game) == before


def test_a_rule_set_given_as_text_is_checked_and_its_diagnostics_returned() -> None:
    hub = Hub()
    bad = send(hub, type="create", seats=["human", "random", "random"],
               rules=[{"name": "mine", "text": "ruleset mine extends base\ncard Foo\n"}])
    assert bad["code"] == "rules-invalid" and bad["diagnostics"]
    first = bad["diagnostics"][0]
    assert (first["path"], first["line"], first["column"], first["code"]) == ("<given>/mine.wr", 2, 6, "E0001")
    good = send(hub, type="create", seats=["human", "random", "random"],
                rules=[{"name": "mine", "text": 'ruleset mine extends base\ngame {\n  override start coins 9\n}\n'}])
    assert good["type"] == "created", good
    seen = send(hub, type="observe", game=good["game"], token=good["seats"][0]["token"])["observation"]
    assert seen["cities"][0]["coins"] == 9


def test_a_rule_set_given_as_text_reads_no_file(tmp_path) -> None:
    secret = tmp_path / "secret.wr"
    secret.write_text("ruleset secret extends base\n", encoding="utf-8")
    hub = Hub()
    for ext in (f'"{secret}"', str(secret), "secret"):
        reply = send(hub, type="create", seats=["human", "random", "random"],
                     rules=[{"name": "mine", "text": f"ruleset mine extends {ext}\n"}])
        assert reply["type"] == "error" and reply["code"] == "rules-invalid", (ext, reply)


def test_undo_takes_back_the_solo_players_last_round() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["human", "greedy", "greedy"], seed=3, undo=True)
    game, token = created["game"], created["seats"][0]["token"]
    assert send(hub, type="undo", game=game, token=token)["code"] == "cannot-undo"
    before = send(hub, type="observe", game=game, token=token)
    action = send(hub, type="legal", game=game, token=token)["actions"][0]["action"]
    assert send(hub, type="act", game=game, token=token, action=action)["round"] == 1
    assert send(hub, type="undo", game=game, token=token)["round"] == 0
    assert send(hub, type="observe", game=game, token=token) == before
    refused = send(hub, type="create", rules=["base"], seats=["human", "human", "greedy"], undo=True)
    assert (refused["code"], refused["field"]) == ("setup-refused", "undo")


def test_a_table_of_agents_is_stepped_round_by_round_and_a_log_replayed_step_by_step() -> None:
    hub = Hub()
    created = send(hub, type="create", rules=["base"], seats=["greedy", "random", "random"], seed=8, auto=False)
    game = created["game"]
    assert created["round"] == 0 and created["waiting_for"] == []
    status = created
    while not status["over"]:
        status = send(hub, type="step", game=game)
        assert status["type"] == "stepped", status
    assert send(hub, type="step", game=game)["code"] == "game-over"
    log = send(hub, type="log", game=game)["log"]
    replaying = send(hub, type="replay", log=log)
    assert replaying["type"] == "replaying" and replaying["rounds"] == status["round"]
    shown = send(hub, type="observe", game=replaying["game"], seat=1)["observation"]
    assert shown["player"] == 1 and shown["age"] == 1 and len(shown["cities"][1]["zones"]["hand"]["cards"]) == 7
    for _ in range(replaying["rounds"]):
        stepped = send(hub, type="step", game=replaying["game"])
    assert stepped["over"] and stepped["scores"] == status["scores"]
    tampered = json.loads(json.dumps(log))
    tampered["rounds"][3]["0"]["card"] = "Palace"
    refused = send(hub, type="replay", log=tampered)
    assert refused["code"] == "replay-refused" and "Palace" in refused["message"]


def test_the_hub_holds_a_bounded_number_of_tables() -> None:
    hub = Hub()
    for _ in range(MAX_TABLES):
        assert send(hub, type="create", rules=["base"], seats=["human", "human"] + ["human"])["type"] == "created"
    assert send(hub, type="create", rules=["base"], seats=["human"] * 3)["code"] == "too-many-tables"
    created = next(iter(hub.tables))
    token = next(iter(hub.tables[created].tokens))
    assert send(hub, type="close", game=created)["code"] == "bad-token"
    assert send(hub, type="close", game=created, token=token)["type"] == "closed"
    assert send(hub, type="create", rules=["base"], seats=["human"] * 3)["type"] == "created"


def test_wr_protocol_answers_a_line_per_message() -> None:
    lines = [json.dumps({"type": "hello", "id": "a"}), "", "{oops",
             json.dumps({"type": "create", "seats": ["human", "random", "random"], "id": "b"})]
    run = subprocess.run([sys.executable, "-m", "wonderrules.cli", "protocol"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == ""
    replies = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r.get("re") for r in replies] == ["a", None, "b"]
    assert [r["type"] for r in replies] == ["welcome", "error", "created"]


def test_a_client_in_javascript_plays_a_game_over_wr_protocol() -> None:
    import shutil
    from pathlib import Path

    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed (Debian's nodejs package), so the JavaScript client cannot run")
    client = Path(__file__).with_name("node") / "play.js"
    run = subprocess.run([node, str(client), sys.executable, "-m", "wonderrules.cli", "protocol"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["decisions"] == 18  # 3 ages of 6 turns (the wonder dealt to seat 0 at seed 11 adds no decision)
    game = wonderrules.Game(wonderrules.load_rules("base"), 3)
    replayed = wonderrules.replay(game, result["log"])
    assert [s.to_json() for s in replayed.scores()] == result["scores"] and replayed.winners() == result["winners"]


def test_the_schema_lists_the_error_codes_and_every_message_type() -> None:
    from wonderrules.embedding.protocol import _HANDLERS

    assert SCHEMA["$defs"]["replies"]["error"]["properties"]["code"]["enum"] == list(ERROR_CODES)
    assert sorted(SCHEMA["$defs"]["messages"]) == sorted(_HANDLERS)
