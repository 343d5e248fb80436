"""`wr cards` and `wr show`: a rule set's cards and wonders in plain words. The rows checked by
hand are read against rulesets/base.wr and the reference card list
(/work/shared/reference/cards.tsv): copies there are given per player count, 3 to 7."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

import wonderrules
from wonderrules.cli import main


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


def csv_rows(*rules: str) -> list[dict[str, str]]:
    result = run("cards", *rules, "--format", "csv")
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.output)))


def test_cards_csv_has_one_row_per_card_of_the_rule_set():
    rows = csv_rows("base")
    cards = wonderrules.load_rules("base").cards
    assert sorted((int(r["age"]), r["name"]) for r in rows) == sorted((c.age, c.name) for c in cards)
    # by age, and within an age in the order of base.wr: Clay Pit is its first card
    assert [int(r["age"]) for r in rows] == sorted(int(r["age"]) for r in rows)
    assert rows[0]["name"] == "Clay Pit"


def test_cards_rows_read_as_the_rule_set_writes_them():
    rows = {(r["age"], r["name"]): r for r in csv_rows("base")}
    # card "Lumber Yard" age 1 brown copies 3+ 4+ { passive: produce wood }; reference: 1 2 2 2 2
    lumber = rows["1", "Lumber Yard"]
    assert (lumber["colour"], lumber["cost"], lumber["chains"]) == ("brown", "free", "")
    assert lumber["copies"] == "3:1 4:2 5:2 6:2 7:2"
    assert lumber["effects"] == "produces 1 wood"
    # Library: cost 2 stone, loom; chain from Scriptorium, to Senate and University; reference 1 1 1 2 2
    library = rows["2", "Library"]
    assert (library["colour"], library["cost"]) == ("green", "2 stone, loom")
    assert library["chains"] == "from Scriptorium; to Senate, University"
    assert library["copies"] == "3:1 4:1 5:1 6:2 7:2"
    assert library["effects"] == "+1 tablet"
    # Workers Guild: 1 point per brown card of the two neighbours, drawn from the guild pool
    guild = rows["3", "Workers Guild"]
    assert guild["copies"] == "pool guilds"
    assert guild["effects"] == "at the end of the game: 1 point per brown card of the neighbours"
    # Vineyard: 1 coin per brown card of its city and the neighbours' (base.wr pays at the end of the turn)
    assert rows["2", "Vineyard"]["effects"] == "at end of turn: gain 1 coin per brown card of the neighbours and you"


def test_cards_json_and_md_hold_the_same_cards():
    names = [r["name"] for r in csv_rows("base")]
    listed = json.loads(run("cards", "base", "--format", "json").output)
    assert [c["name"] for c in listed] == names
    assert set(listed[0]) == {"age", "colour", "name", "cost", "chains", "copies", "effects"}
    lines = run("cards", "base", "--format", "md").output.splitlines()
    assert lines[0].startswith("| Age | Colour | Card |") and set(lines[1]) == {"|", "-"}
    assert len(lines) == 2 + len(names) and all(ln.startswith("| ") and ln.endswith(" |") for ln in lines[2:])


def test_cards_of_a_layered_variant_include_its_cards():
    rows = csv_rows("cities")
    black = [r for r in rows if r["colour"] == "black"]
    assert "Hideout" in [r["name"] for r in black] and all(r["copies"] == "pool black" for r in black)
    assert any(r["name"] == "Lumber Yard" for r in rows)  # base's cards, merged
    assert rows == csv_rows("base", "cities")


def test_cards_table_names_every_card():
    result = CliRunner().invoke(main, ["cards", "base"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Lumber Yard" in result.output and "Workers Guild" in result.output


def test_show_a_card_and_a_wonder():
    card = run("show", "base", "Lumber Yard")
    assert card.exit_code == 0
    assert card.output.splitlines() == ["Lumber Yard (age 1, brown)", "  cost: free", "  copies: 3:1 4:2 5:2 6:2 7:2",
                                        "  effects: produces 1 wood"]
    # base.wr: Rhodes A produces ore; stages 2 wood -> 3 points, 3 clay -> 2 shields, 4 ore -> 7 points
    wonder = run("show", "base", "Rhodes").output.splitlines()
    side_a = wonder[:wonder.index("Rhodes side B: The Colossus of Rhodes")]
    assert side_a == ["Rhodes side A: The Colossus of Rhodes", "  board: produces 1 ore",
                      "  stage 1 (cost 2 wood): at the end of the game: 3 points",
                      "  stage 2 (cost 3 clay): +2 shield",
                      "  stage 3 (cost 4 ore): at the end of the game: 7 points"]


def test_show_wraps_long_lines_to_the_width_under_their_label():
    # Scientists Guild (base.wr): 2 wood, 2 ore, papyrus; one science symbol of the three, at the end
    wide = CliRunner().invoke(main, ["show", "base", "Scientists Guild"], env={"COLUMNS": "200"}).output
    narrow = CliRunner().invoke(main, ["show", "base", "Scientists Guild"], env={"COLUMNS": "40"}).output
    assert max(map(len, narrow.splitlines())) <= 40 < max(map(len, wide.splitlines()))
    assert narrow.split() == wide.split()  # the same words, folded
    effects = narrow.splitlines()[3:]
    assert effects[0].startswith("  effects: ") and len(effects) > 1
    assert all(line.startswith(" " * len("  effects: ")) for line in effects[1:])


def test_show_without_a_name_summarises_the_rule_set():
    lines = run("show", "base").output.splitlines()
    assert "players: 3, 4, 5, 6, 7" in lines
    assert any(ln.startswith("wonders (7): Rhodes, ") for ln in lines)


def test_a_name_not_found_gets_did_you_mean():
    result = run("show", "base", "Lumbr Yard")
    assert result.exit_code == 2
    assert "did you mean 'Lumber Yard'?" in result.output


def test_show_source_names_the_installed_files():
    result = run("show", "--source", "base")
    assert result.exit_code == 0
    path = Path(result.output.strip())
    assert path.name == "base.wr" and path.exists()
    layered = run("show", "--source", "cities").output.split()
    assert [Path(p).name for p in layered] == ["base.wr", "cities.wr"]


def test_an_effect_without_words_of_its_own_is_shown_as_written():
    # leaders.wr: Plato's points are written over two lines; the second is read while a bracket is open
    plato = run("show", "leaders", "Plato").output.splitlines()
    assert plato[2] == "  copies: deck leaders: 3:1 4:1 5:1 6:1 7:1"  # `deck leaders ... copies 3+`
    assert plato[3] == ("  effects: end of game: score 7 * min(min(min(cards(brown), cards(grey)), "
                        "min(cards(blue), cards(yellow))), min(min(cards(green), cards(red)), cards(purple)))")
