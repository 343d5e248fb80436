"""Pass `counts`: each age's deck deals exactly the hands (E0301), pools hold their draws (E0302),
turns fit in a hand (E0303). Findings that hold at several player counts are reported once."""

from __future__ import annotations

from pathlib import Path

from grammar_support import MINI, line_of, only

from wonderrules.grammar.checks.counts import deck_report, describe_tables
from wonderrules.grammar.compiler import compile_rules

BASE = Path(__file__).resolve().parents[2] / "rulesets" / "base.wr"


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


def test_describe_tables() -> None:
    assert describe_tables([3]) == "3 players"
    assert describe_tables([3, 4]) == "3 and 4 players"
    assert describe_tables([5, 3, 4, 7, 6]) == "3 to 7 players"
    assert describe_tables([3, 5, 6]) == "3, 5 and 6 players"
    assert describe_tables([4, 6], ("teams",)) == "4 and 6 players with option 'teams'"


def test_base_deals_seven_cards_to_each_player_in_every_age() -> None:
    rows = deck_report(compile_rules([str(BASE)]).rules)
    assert {(r["players"], r["age"]) for r in rows} == {(n, a) for n in range(3, 8) for a in (1, 2, 3)}
    for r in rows:
        assert r["total"] == r["needed"] == 7 * r["players"], r
        if r["age"] == 3:  # players + 2 guilds are drawn into age III (rules_facts.md section 1)
            assert r["draws"] == [("guilds", r["players"] + 2)]


def test_one_card_too_many_is_reported_once_for_every_count(compile_layer) -> None:
    text = 'card "Extra" age 1 brown copies 3+ { passive: produce wood }'
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0301"
    assert d.message == "age 1 deck has 1 card too many for 3 and 4 players"
    # the caret is on the copies of the card this layer adds
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, col(text, "copies"))
    assert [(lb.span.path, lb.span.line, lb.message) for lb in d.labels] == [
        ("mini.wr", line_of(MINI, "hand 2"), "hand size set here"),
        ("mini.wr", line_of(MINI, "players 3..4"), "player counts set here")]
    # 3 players: 7 cards for 3 x 2 = 6; 4 players: 9 for 8
    assert d.help == ("layer 't' adds 'Extra': remove cards of age 1 (or some of their copy markers), or change "
                      "the hand size or pool draws; at 3 players the deck holds 7 (7 from copies), and the deal "
                      "gives 6: 2 to hand of each of 3 players; at 4 players, 9 for 8")


def test_a_layer_over_the_base_game_is_told_the_card_it_added(compile_files) -> None:
    # base deals 7 cards to each player: 21 at 3 players, 28 at 4 (rules_facts.md section 1);
    # one more card from 3 players on is one too many at every count
    text = 'card "Fish Market" age 1 yellow cost 1 coin copies 3+ { end of game: score 1 }'
    d = only(compile_files({"market.wr": f"ruleset market extends base\n\n{text}\n"}))
    assert (d.code, d.message) == ("E0301", "age 1 deck has 1 card too many for 3 to 7 players")
    # the caret is in the layer's file, on the card it adds, not on a card of base.wr
    assert (d.span.path, d.span.line, d.span.column) == ("market.wr", 3, col(text, "copies 3+"))
    assert d.help is not None
    assert d.help.startswith("layer 'market' adds 'Fish Market': remove cards of age 1 (or some of their copy "
                             "markers), or change the hand size or pool draws; at 3 players the deck holds 22 "
                             "(22 from copies), and the deal gives 21:")
    # the other labels are the deal's settings, in base.wr
    assert [lb.message for lb in d.labels] == ["hand size set here", "player counts set here"]
    assert all(lb.span.path.endswith("base.wr") for lb in d.labels)


def test_the_cards_a_layer_adds_and_changes_are_named_the_first_few_and_a_count(compile_layer) -> None:
    # six new cards of age 1 at 3+, and Glassworks one copy more at 4: 12 cards for 6 at 3 players,
    # 15 for 8 at 4
    names = ["A1", "A2", "A3", "A4", "A5", "A6"]
    text = 'change card "Glassworks" age 1: copies 3+ 4+\n' + "".join(
        f'card "{n}" age 1 brown copies 3+ {{ passive: produce wood }}\n' for n in names)
    d = only(compile_layer(text))
    assert d.message == "age 1 deck does not match the deal for 3 and 4 players"
    # the first in the text: the change of Glassworks' copies, on line 2 of t.wr
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, col(text, "copies"))
    # the next three are labelled; then the deal's settings
    assert [(lb.span.path, lb.span.line, lb.message) for lb in d.labels] == [
        ("t.wr", 3, "also added here"), ("t.wr", 4, "also added here"), ("t.wr", 5, "also added here"),
        ("mini.wr", line_of(MINI, "hand 2"), "hand size set here"),
        ("mini.wr", line_of(MINI, "players 3..4"), "player counts set here")]
    assert d.help is not None
    assert d.help.startswith("layer 't' changes 'Glassworks' and adds 'A1', 'A2' and 'A3', and 3 more cards: "
                             "remove cards of age 1")


def test_a_layer_short_of_cards_is_told_to_add_some(compile_layer) -> None:
    # Log and Rock lose their 4+ copies: 6 cards at 4 players for the 8 the deal gives
    d = only(compile_layer('change card "Log" age 1: copies 3+\nchange card "Rock" age 1: copies 3+\n'))
    assert d.message == "age 1 deck has 6 cards for 4 players, but the deal needs 8"
    assert (d.span.path, d.span.line) == ("t.wr", 2)
    assert d.help is not None
    assert d.help.startswith("layer 't' changes 'Log' and 'Rock': add cards to age 1 (or copy markers to its cards)")


def test_a_rule_set_of_one_file_is_not_told_of_a_layer(compile_files) -> None:
    text = MINI + 'card "Extra" age 1 brown copies 3+ { passive: produce wood }\n'
    d = only(compile_files({"mini.wr": text}))
    assert d.message == "age 1 deck has 1 card too many for 3 and 4 players"
    # as before: the hand size, as every card and setting is written in the one file
    assert (d.span.path, d.span.line) == ("mini.wr", line_of(MINI, "hand 2"))
    assert d.help == ("at 3 players the deck holds 7 (7 from copies), and the deal gives 6: 2 to hand of each of "
                      "3 players; at 4 players, 9 for 8; adjust copy markers, pool draws or the hand size")


def test_a_count_wrong_at_one_table_only(compile_layer) -> None:
    d = only(compile_layer('card "Extra" age 2 brown copies 4+ { passive: produce wood }\n'))
    assert d.message == "age 2 deck has 9 cards for 4 players, but the deal needs 8"


def test_a_removed_card_is_blamed(compile_layer) -> None:
    text = 'remove card "Glassworks" age 2'
    d = only(compile_layer(text + "\n"))
    assert d.message == "age 2 deck has 1 card too few for 3 and 4 players"
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, 1)
    assert d.help is not None and d.help.endswith("; adjust copy markers, pool draws or the hand size")


def test_a_new_hand_size_is_blamed(compile_layer) -> None:
    r = compile_layer("game { override hand 3 }\n")
    assert sorted(d.message for d in r.diagnostics) == [
        "age 1 deck does not match the deal for 3 and 4 players",
        "age 2 deck does not match the deal for 3 and 4 players"]
    assert all((d.span.path, d.span.line) == ("t.wr", 2) for d in r.diagnostics)
    # 3 players: 6 cards for 3 x 3 = 9; 4 players: 8 for 12
    assert r.diagnostics[0].help.startswith(
        "at 3 players the deck holds 6 (6 from copies), and the deal gives 9: 3 to hand of each of 3 players; "
        "at 4 players, 8 for 12;")
    assert "layer 't'" not in r.diagnostics[0].help  # the layer changed no card


def test_pool_too_small(compile_layer) -> None:
    text = "game { pool extra: players in age 2 }"
    r = compile_layer(text + '\ncard "X1" age 2 brown pool extra { passive: produce wood }\n')
    d = only(r)  # the deck count is not reported on top: the draw cannot happen
    assert d.code == "E0302"
    assert d.message == "age 2 draws 3 to 4 cards from pool 'extra', which holds only 1 (3 and 4 players)"
    assert (d.span.line, d.span.column) == (2, col(text, "pool"))


def test_pool_cards_count_only_in_their_age(compile_layer) -> None:
    r = compile_layer("game { pool extra: 1 in age 2 }\n"
                      'card "X1" age 1 brown pool extra { passive: produce wood }\n')
    d = only(r, "E0302")
    assert d.message == "age 2 draws 1 card from pool 'extra', which holds only 0 (3 and 4 players)"


def test_a_pool_draw_that_completes_the_deck(compile_layer) -> None:
    # remove one card of age 2 and draw one from a pool of two instead: the deal adds up again
    r = compile_layer('remove card "Lab"\ngame { pool extra: 1 in age 2 }\n'
                      'card "X1" age 2 brown pool extra { passive: produce wood }\n'
                      'card "X2" age 2 brown pool extra { passive: produce stone }\n')
    assert r.ok, [d.message for d in r.diagnostics]


def test_more_turns_than_cards(compile_layer) -> None:
    text = "game { override turns 3 }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0303" and d.message == "3 turns but hands of 2 cards (3 and 4 players)"
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, col(text, "override"))
    assert d.labels[0].span.path == "mini.wr" and d.labels[0].message == "hand size set here"


def test_hands_below_one_card(compile_layer) -> None:
    d = only(compile_layer("game { override hand players - 4 }\n"))
    assert d.code == "E0104" and d.message == "hands of -1 to 0 cards and 1 turns (3 and 4 players)"


def test_per_count_settings_are_used(compile_layer) -> None:
    # at 4 players, hands of 3 need 12 cards: 4 short in each age
    r = compile_layer("game { when players 4 { hand 3 } }\n")
    assert sorted(d.message for d in r.diagnostics) == [
        "age 1 deck has 8 cards for 4 players, but the deal needs 12",
        "age 2 deck has 8 cards for 4 players, but the deal needs 12"]


# ---- a wonder for every seat (E0104) ---------------------------------------------------------------

def test_more_seats_than_wonders(compile_layer) -> None:
    text = 'remove wonder "Gate" side A'
    d = only(compile_layer(text + '\nremove wonder "Lamp" side A\n'))
    assert (d.code, d.message) == ("E0104", "only 2 wonders for 3 and 4 players: each seat needs a wonder of its own")
    # the latest layer's change is pointed at: the first removal
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, 1)
    assert [(lb.span.path, lb.message) for lb in d.labels] == [("mini.wr", "player counts set here")]
    assert d.help == 'add wonders (`wonder "NAME" side A { ... }`), or seat fewer players'


def test_neutral_seats_need_wonders_too(compile_layer) -> None:
    # 4 wonders: 3 players and a neutral seat are 4 seats, 4 players and one are 5
    r = compile_layer('seat "Free" { controller starts: left, right }\n')
    d = only(r, "E0104")
    assert d.message == ("only 4 wonders for 4 players (5 seats, neutral seats included): "
                         "each seat needs a wonder of its own")
    assert d.span.line == 2  # the neutral seat, the latest change


def test_wonders_with_two_sides_count_once(compile_layer) -> None:
    r = compile_layer('remove wonder "Gate" side A\n'
                      'wonder "Tower" side B { start wood  stage cost 2 wood { end of game: score 3 } }\n')
    assert only(r, "E0104").message.startswith("only 3 wonders for 4 players:")


def test_a_negative_draw_is_not_blamed_on_the_deck_too(compile_layer) -> None:
    r = compile_layer('card "X1" age 2 brown pool extra { passive: produce wood }\n'
                      "game { pool extra: 0 - 5 in age 2 }\n")
    d = only(r)  # the deck is 5 short because of the draw: said once
    assert d.message == "age 2 draws fewer than 0 cards from pool 'extra' (3 and 4 players)"


def test_a_table_an_option_cannot_seat_is_said_at_the_option(compile_layer) -> None:
    d = only(compile_layer("option pairs {\n  teams of 3 adjacent seats\n}\n"), "E0104")
    assert d.message == "4 players cannot sit in teams of 3"
    assert (d.span.path, d.span.line) == ("t.wr", 2)
