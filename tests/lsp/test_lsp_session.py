"""`wr lsp` in a real session: the server started as a process, spoken to in JSON-RPC over its
standard streams, on a broken variant that extends the base game.

What the base game says about Baths is checked against the reference card list
(/work/shared/reference/cards.tsv: age 1, blue, cost stone:1, chains to Aqueduct, 3:1 4:1 5:1 6:1
7:2 copies, vp:3)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="wr lsp needs the extra 'lsp' (pygls): pip install '.[lsp]'")

from lsp_client import LspClient, server_command  # noqa: E402

from wonderrules.lsp.keyword_docs import KEYWORD_DOCS  # noqa: E402

#: the variant as the editor holds it (unsaved): a resource no layer declares, on line 3; its cards
#: are guilds, drawn from a pool, so that the decks still fit the deal
VARIANT = """ruleset tweak extends base

card "Stone Camp" age 3 purple cost unobtainium chain from "Baths" pool guilds {
  passive: produce wood
}

phrase bonus(n) { end of game: score n }

card "Shrine" age 3 purple pool guilds { bonus(2) }
"""

#: the same file on disk, without the mistake: the server must check the editor's text
ON_DISK = VARIANT.replace("unobtainium", "stone")


def _position(line: int, text: str, nth: int = 0) -> dict[str, int]:
    """The position of the start of `text` on 0-based `line` of the variant (its `nth` one)."""
    row = VARIANT.split("\n")[line]
    index = row.index(text)
    for _ in range(nth):
        index = row.index(text, index + 1)
    return {"line": line, "character": index}


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LspClient, str, dict[str, Any]]]:
    folder = tmp_path_factory.mktemp("variant")
    path = folder / "tweak.wr"
    path.write_text(ON_DISK, encoding="utf-8")
    uri = path.as_uri()
    client = LspClient(server_command(), cwd=str(folder))
    try:
        client.request("initialize", {"processId": None, "rootUri": folder.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "wr", "version": 1, "text": VARIANT}})
        published = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
        yield client, uri, published
    finally:
        client.close()


def test_diagnostics_of_the_open_text_at_the_unknown_resource(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    _, _, published = session
    [found] = [d for d in published["diagnostics"] if d["severity"] == 1]
    # and a warning: the card chains from Baths, which does not list it in its `chain to`
    assert [d["code"] for d in published["diagnostics"] if d["severity"] != 1] == ["W0204"]
    start = _position(2, "unobtainium")
    assert found["code"] == "E0101"
    assert found["severity"] == 1  # error
    assert found["range"] == {"start": start, "end": {"line": 2, "character": start["character"] + len("unobtainium")}}
    assert "unobtainium" in found["message"] and "help: known: clay" in found["message"]


def test_a_label_in_a_layer_below_points_into_the_bundled_file(
        session: tuple[LspClient, str, dict[str, Any]]) -> None:
    _, _, published = session
    [warning] = [d for d in published["diagnostics"] if d["code"] == "W0204"]
    assert warning["range"]["start"] == _position(2, '"Baths"')
    [related] = warning["relatedInformation"]
    base = Path(str(resources.files("wonderrules.rulesets").joinpath("base.wr")))
    assert related["location"]["uri"] == base.resolve().as_uri()
    line = base.read_text(encoding="utf-8").split("\n")[related["location"]["range"]["start"]["line"]]
    assert line.startswith('card "Baths" age 1 blue')


def test_a_change_is_checked_again(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    fixed = VARIANT.replace("unobtainium", "stone")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": fixed}]})
    client.wait_for("textDocument/publishDiagnostics",
                    lambda p: p["uri"] == uri and [d["code"] for d in p["diagnostics"]] == ["W0204"])
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": VARIANT}]})
    again = client.wait_for("textDocument/publishDiagnostics",
                            lambda p: p["uri"] == uri and len(p["diagnostics"]) == 2)
    assert sorted(d["code"] for d in again["diagnostics"]) == ["E0101", "W0204"]


def test_hover_on_a_base_card_gives_its_cost_and_effect(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(2, "Baths")})
    text = hover["contents"]["value"]
    assert "**Baths**: age 1, blue card" in text
    assert "cost: stone" in text
    assert "chains: to Aqueduct" in text
    assert "3:1 4:1 5:1 6:1 7:2" in text
    assert "3 points" in text


def test_hover_on_a_keyword_and_on_a_phrase_use(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    keyword = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(3, "passive")})
    assert keyword["contents"]["value"] == f"`passive`: {KEYWORD_DOCS['passive']} — docs: language/effects"
    phrase = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(8, "bonus")})
    assert "end of game: score 2" in phrase["contents"]["value"]
    resource = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _position(3, "wood")})
    assert resource["contents"]["value"] == "resource (raw) `wood`, defined in base.wr line 29"


def test_definition_of_a_base_card_is_in_the_bundled_base(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    found = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                       "position": _position(2, "Baths")})
    [place] = found
    base = Path(str(resources.files("wonderrules.rulesets").joinpath("base.wr")))
    assert place["uri"] == base.resolve().as_uri()
    line = base.read_text(encoding="utf-8").split("\n")[place["range"]["start"]["line"]]
    assert line.startswith('card "Baths" age 1 blue')
    assert place["range"]["start"]["character"] == line.index('"Baths"')


def test_the_bundled_file_opened_from_a_definition_is_checked_and_described(
        session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, _, _ = session
    base = Path(str(resources.files("wonderrules.rulesets").joinpath("base.wr"))).resolve()
    text = base.read_text(encoding="utf-8")
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": base.as_uri(), "languageId": "wr", "version": 1, "text": text}})
    published = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == base.as_uri())
    assert published["diagnostics"] == []
    row = text.split("\n").index(next(line for line in text.split("\n") if line.startswith('card "Baths"')))
    hover = client.request("textDocument/hover", {"textDocument": {"uri": base.as_uri()},
                                                  "position": {"line": row, "character": 7}})
    assert "cost: stone" in hover["contents"]["value"]
    client.notify("textDocument/didClose", {"textDocument": {"uri": base.as_uri()}})


def test_a_diagnostic_of_a_layer_below_goes_to_its_file(session: tuple[LspClient, str, dict[str, Any]],
                                                         tmp_path: Path) -> None:
    client, _, _ = session
    middle = tmp_path / "middle.wr"
    middle.write_text('ruleset middle extends base\n\n'
                      'card "Hut" age 3 purple cost mud pool guilds { passive: produce wood }\n', encoding="utf-8")
    top = tmp_path / "top.wr"
    client.notify("textDocument/didOpen", {"textDocument": {"uri": top.as_uri(), "languageId": "wr", "version": 1,
                                                            "text": "ruleset top extends middle\n"}})
    below = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == middle.as_uri())
    column = middle.read_text(encoding="utf-8").split("\n")[2].index("mud")
    assert [(d["code"], d["range"]["start"]) for d in below["diagnostics"]] == [
        ("E0101", {"line": 2, "character": column})]
    client.notify("textDocument/didClose", {"textDocument": {"uri": top.as_uri()}})
    cleared = client.wait_for("textDocument/publishDiagnostics",
                              lambda p: p["uri"] == middle.as_uri() and p["diagnostics"] == [])
    assert cleared["diagnostics"] == []


def test_an_unsaved_text_that_is_no_file_is_checked(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, _, _ = session
    uri = "untitled:Untitled-1"
    text = 'ruleset scratch extends base\ncard "Hut" age 1 brown cost mud copies 3+ { passive: produce wood }\n'
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "wr", "version": 1,
                                                            "text": text}})
    published = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
    assert [(d["code"], d["range"]["start"]) for d in published["diagnostics"]] == [
        ("E0101", {"line": 1, "character": text.split("\n")[1].index("mud")})]
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_definition_of_a_layer_named_by_extends_is_its_header(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    [place] = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                         "position": _position(0, "base")})
    base = Path(str(resources.files("wonderrules.rulesets").joinpath("base.wr")))
    assert place["uri"] == base.resolve().as_uri()
    line = base.read_text(encoding="utf-8").split("\n")[place["range"]["start"]["line"]]
    assert line.startswith("ruleset base ") and place["range"]["start"]["character"] == len("ruleset ")


def test_definition_of_a_phrase_in_the_same_file(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    [place] = client.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                         "position": _position(8, "bonus")})
    assert place["uri"] == uri and place["range"]["start"] == _position(6, "bonus")


def test_completion_inside_a_card_block_offers_its_keywords(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    result = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                        "position": {"line": 3, "character": 2}})
    keywords = {i["label"] for i in result["items"] if i["detail"] == "keyword"}
    assert {"passive", "produce", "score", "whenever", "if"} <= keywords
    assert not keywords & {"ruleset", "zone", "flow"}  # top-level words are not offered in a card
    passive = next(i for i in result["items"] if i["label"] == "passive" and i["detail"] == "keyword")
    assert passive["documentation"]["value"] == f"`passive`: {KEYWORD_DOCS['passive']} — docs: language/effects"
    names = {i["label"]: i["detail"] for i in result["items"] if i["detail"] != "keyword"}
    assert names["Baths"] == "card" and names["wood"] == "resource" and names["bonus"] == "phrase"


def test_completion_at_the_start_of_a_top_level_line(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    result = client.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                        "position": {"line": 1, "character": 0}})
    keywords = {i["label"] for i in result["items"] if i["detail"] == "keyword"}
    assert {"card", "wonder", "phrase", "resources", "zone", "replace"} <= keywords
    assert "passive" not in keywords


def test_document_symbols_list_the_cards_and_the_phrase(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [(s["name"], s["detail"]) for s in symbols] == [
        ("Stone Camp", "card"), ("bonus", "phrasedef"), ("Shrine", "card")]
    camp = symbols[0]
    assert camp["range"]["start"] == {"line": 2, "character": 0} and camp["range"]["end"]["line"] == 4
    assert camp["selectionRange"]["start"] == _position(2, '"Stone Camp"')


def _renamed(client: LspClient, uri: str, position: dict[str, int], new: str) -> list[tuple[int, int, int]]:
    edit = client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": position, "newName": new})
    assert list(edit["changes"]) == [uri] and all(e["newText"] == new for e in edit["changes"][uri])
    return [(e["range"]["start"]["line"], e["range"]["start"]["character"], e["range"]["end"]["character"])
            for e in edit["changes"][uri]]


def test_rename_of_a_card_and_of_a_phrase_in_the_open_file(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session
    shrine = _position(8, "Shrine")["character"]
    assert _renamed(client, uri, _position(8, "Shrine"), "Chapel") == [(8, shrine, shrine + len("Shrine"))]
    bonus = [_position(6, "bonus")["character"], _position(8, "bonus")["character"]]
    assert _renamed(client, uri, _position(8, "bonus"), "reward") == [
        (6, bonus[0], bonus[0] + 5), (8, bonus[1], bonus[1] + 5)]


def test_rename_is_refused_with_a_reason(session: tuple[LspClient, str, dict[str, Any]]) -> None:
    client, uri, _ = session

    def refusal(position: dict[str, int], new: str) -> str:
        return client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": position,  # type: ignore[no-any-return]
                                                      "newName": new}, failing=True)["message"]
    assert refusal(_position(2, "Baths"), "Spa") == (
        "cannot rename: 'Baths' is also defined in <bundled>/base.wr, which is not open; open it first")
    assert "is a word of the language" in refusal(_position(8, "bonus"), "card")
    assert "is no card, wonder or phrase" in refusal(_position(3, "wood"), "timber")


def test_wr_lsp_without_its_extra_says_how_to_install_it() -> None:
    blocked = ("import sys; sys.modules['pygls'] = None; sys.argv = ['wr', 'lsp']; "
               "from wonderrules.cli.commands import run; run()")
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == "error: wr lsp needs its extra: pip install 'wonder-rules[lsp]'"
    assert "Traceback" not in done.stderr


def test_a_message_that_is_not_json_is_logged_in_one_line_and_the_server_goes_on(tmp_path: Path) -> None:
    client = LspClient(server_command(), cwd=str(tmp_path))
    try:
        body = b"{bad json"
        assert client.process.stdin is not None
        client.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        client.process.stdin.flush()
        reply = client.request("initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}})
        assert "capabilities" in reply
    finally:
        client.close()
    # what the server writes on its standard error, from a run that reads the same message and ends
    run = subprocess.run(server_command(), input=b"Content-Length: 9\r\n\r\n{bad json", capture_output=True,
                         timeout=60, cwd=str(tmp_path))
    lines = run.stderr.decode("utf-8").splitlines()
    assert lines and all(line.startswith("wr lsp: ") for line in lines), lines
    assert "Traceback" not in run.stderr.decode("utf-8") and "JSONDecodeError" in lines[0]
