"""Pass `layering`: options change the game as layers do (E0401, E0404), and overrides between
layers that do not extend each other, decided only by the load order (W0406)."""

from __future__ import annotations

from grammar_support import MINI, codes, only

CONTEST = ("contest {name} at end of age {{ strength: symbols(shield) pairs: neighbours win: victory worth 1, 3 "
           "lose: defeat worth -1 }}")
MARKET = "override market {{ sellers: left, right  sells: board, brown, grey  price {price} }}"


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


# ---- options --------------------------------------------------------------------------------------

def test_an_option_changing_a_game_setting_says_override(compile_layer) -> None:
    text = "option rich { start coins 6 }"
    d = only(compile_layer(text + "\n"))
    assert (d.code, d.message) == ("E0401", "option 'rich' changes game setting 'start coins' without `override`")
    assert (d.span.line, d.span.column) == (2, col(text, "start"))
    assert [(lb.span.path, lb.message) for lb in d.labels] == [("mini.wr", "set by the game here")]
    assert d.help == "to change it while the option is chosen, write `override start coins ...`"
    assert compile_layer("option rich { override start coins 6 }\n").ok


def test_a_when_block_of_an_option_changes_the_game_too(compile_layer) -> None:
    d = only(compile_layer("option rich { when players 4 { start coins 5 } }\n"))
    assert d.code == "E0401" and d.message.startswith("option 'rich' changes game setting 'start coins'")
    # a value the game sets only in a `when` block for other counts is not changed
    r = compile_layer("game { when players 3 { pool relics: 1 in age 1 } }\n"
                      "option o { when players 4 { pool relics: 1 in age 1 } }\n")
    assert "E0401" not in codes(r) and "E0404" not in codes(r)


def test_an_option_override_of_nothing(compile_layer) -> None:
    r = compile_layer("option o {\n  override pool relics: 1 in age 1\n"
                      "  when players 4 { override pool relics: 2 in age 1 }\n}\n")
    found = sorted((d.span.line, d.message, d.help) for d in r.diagnostics if d.code == "E0404")
    assert found == [
        (3, "`override` of game setting 'pool relics', which the game does not set",
         "remove `override`: the option sets it for the first time"),
        (4, "`override` of game setting 'pool relics' for 4 players, which the game does not set",
         "remove `override`: the option sets it for the first time"),
    ]


def test_option_contests(compile_layer) -> None:
    text = "option o { " + CONTEST.format(name="military") + " }"
    d = only(compile_layer(text + "\n"))
    assert (d.code, d.message) == ("E0401", "option 'o' replaces contest 'military' without `override`")
    assert (d.span.line, d.span.column) == (2, col(text, "military"))
    assert d.labels[0].message == "defined by the game here" and d.labels[0].span.path == "mini.wr"
    assert compile_layer("option o { override " + CONTEST.format(name="military") + " }\n").ok
    d = only(compile_layer("option o { override " + CONTEST.format(name="militray") + " }\n"))
    assert (d.code, d.message) == ("E0404", "`override` of contest 'militray', which the game does not define")
    assert d.help == "did you mean 'military'?"
    d = only(compile_layer("option o { override " + CONTEST.format(name="naval") + " }\n"))
    assert d.help == "remove `override`: the option adds a new contest"
    assert compile_layer("option o { " + CONTEST.format(name="naval") + " }\n").ok


def test_the_players_of_an_option_are_no_override(compile_layer) -> None:
    assert compile_layer("option o { players 4 }\n").ok
    d = only(compile_layer("option o { override players 4 }\n"))
    assert (d.code, d.message) == ("E0404", "`override` of the player counts in option 'o'")


def test_a_setting_twice_in_an_option_and_nested_when(compile_layer) -> None:
    r = compile_layer("option o { override hand 2  override hand 2 }\n")
    assert only(r).message == "option 'o' sets 'hand' twice"
    r = compile_layer("option o { when players 4 { when players 4 { override hand 2 } } }\n")
    assert only(r).message == "`when` blocks cannot be nested"


# ---- the load order (W0406) -------------------------------------------------------------------------

def _siblings(a: str, b: str) -> dict[str, str]:
    return {"mini.wr": MINI, "a.wr": f"ruleset a extends mini\n{a}\n", "b.wr": f"ruleset b extends mini\n{b}\n"}


def test_two_layers_changing_one_value(compile_files) -> None:
    r = compile_files(_siblings(MARKET.format(price=1), MARKET.format(price=3)), "a.wr", "b.wr")
    assert r.ok  # a warning
    d = only(r)
    assert (d.code, d.severity) == ("W0406", "warning")
    assert d.message == "layer 'b' changes the market of layer 'a', which it does not extend"
    assert (d.span.path, d.span.line) == ("b.wr", 2)
    assert [(lb.span.path, lb.message) for lb in d.labels] == [("a.wr", "set by 'a' here")]
    assert d.help == ("layers apply in the order given, so 'b' wins; to keep the value of 'a', load 'a' after 'b'; "
                      "if 'b' is meant to change 'a', write `extends a` in its header")
    assert r.rules.market.price == 3


def test_the_order_that_checks_clean_is_named(compile_files) -> None:
    # b's 5 players fail the decks; a's 3 players do not: loaded a then b, b wins and fails
    files = _siblings("game { override players 3 }", "game { override players 3..5 }")
    r = compile_files(files, "a.wr", "b.wr")
    d = only(r, "W0406")
    assert d.help == ("layers apply in the order given, so 'b' wins; loaded the other way round, "
                      "'b' before 'a', the rule set checks clean")
    # the other way round is the order that works: nothing to say
    r = compile_files(files, "b.wr", "a.wr")
    assert r.ok and r.diagnostics == ()


def test_a_layer_that_extends_the_other_is_meant_to_change_it(compile_files) -> None:
    files = _siblings(MARKET.format(price=1), MARKET.format(price=3))
    files["b.wr"] = files["b.wr"].replace("extends mini", "extends a")
    r = compile_files(files, "b.wr")
    assert r.ok and r.diagnostics == ()


def test_cards_and_columns_replaced_by_a_sibling(compile_files) -> None:
    shrine = 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {{ end of game: score {n} }}'
    r = compile_files(_siblings(shrine.format(n=4) + "\nscoring { override treasury = coins / 2 }",
                                shrine.format(n=5) + "\nscoring { override treasury = coins / 4 }"), "a.wr", "b.wr")
    d = only(r, "W0406")
    assert d.message == "layer 'b' changes card 'Shrine' (age 1) (and 1 more) of layer 'a', which it does not extend"
