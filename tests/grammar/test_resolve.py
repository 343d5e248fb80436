"""Layers: finding the files, and merging definitions with override / replace / remove."""

from __future__ import annotations

import pytest
from grammar_support import MINI, codes, line_of, only

from wonderrules.grammar import syntax as s
from wonderrules.grammar.resolve import closest, setting_words


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


# ---- what the merged model holds -------------------------------------------------------------------

def test_replace_card_takes_the_new_definition(compile_layer) -> None:
    r = compile_layer('replace card "Rock" age 1 brown copies 3+ 4+ { passive: produce stone | wood }\n')
    assert r.ok, [d.message for d in r.diagnostics]
    rock = r.model.cards[("Rock", 1)]
    assert [n.text for n in rock.hooks[0].effect.options] == ["stone", "wood"]
    assert r.model.card_layers[("Rock", 1)] == "t"
    # the compiled cards say where they were defined
    assert r.rules.card("Rock").origin.path == "t.wr"
    assert r.rules.card("Log").origin.path == "mini.wr"


def test_remove_card_of_one_age_keeps_the_other(compile_layer) -> None:
    r = compile_layer('remove card "Glassworks" age 1\n')
    assert ("Glassworks", 1) not in r.model.cards
    assert ("Glassworks", 2) in r.model.cards
    # the age 1 deck is now one card short at both counts
    assert codes(r) == ["E0301"]


def test_remove_card_without_age_removes_every_age(compile_layer) -> None:
    r = compile_layer('remove card "Glassworks"\n')
    assert not any(name == "Glassworks" for name, _ in r.model.cards)


def test_remove_wonder_side(compile_layer) -> None:
    r = compile_layer('remove wonder "Tower" side A\n')
    assert sorted(r.model.wonders) == [("Gate", "A"), ("Lamp", "A"), ("Well", "A")]


def test_override_setting_replaces_the_value(compile_layer) -> None:
    r = compile_layer("game { override turns 2 }\n")
    assert r.ok
    assert r.model.settings["turns"].layer == "t"
    assert r.model.setting("turns").value == s.Number(2, r.model.setting("turns").value.span)


def test_override_category_keeps_its_place(compile_layer) -> None:
    r = compile_layer("scoring { override treasury = coins / 2 }\n")
    assert r.ok
    names = [c.name.text for c in r.model.categories]
    assert names == ["military", "treasury", "wonder", "civilian", "science"]
    assert r.model.categories[1].span.path == "t.wr"


def test_new_category_placed_after_another(compile_layer) -> None:
    r = compile_layer("scoring { bonus = coins after military  extra = coins before science }\n")
    assert r.ok
    names = [c.name.text for c in r.model.categories]
    assert names == ["military", "bonus", "treasury", "wonder", "civilian", "extra", "science"]


def test_placement_after_an_unknown_category(compile_layer) -> None:
    text = "scoring { bonus = coins after militray }\n"
    d = only(compile_layer(text))
    assert d.code == "E0101" and d.message == "unknown score category 'militray'"
    assert d.help == "did you mean 'military'?"
    assert (d.span.line, d.span.column) == (2, col(text, "militray"))


def test_layer_extends_the_vocabulary(compile_layer) -> None:
    r = compile_layer("resources raw: clay\nsymbols science: tablet\n")
    assert r.model.resources["clay"][1].text == "raw"
    assert [m.text for m in r.model.symbol_groups["science"][1]] == ["compass", "gear", "tablet"]


# ---- E0401: changing a lower layer without saying so ---------------------------------------------

def test_redefined_card_names_both_places(compile_layer) -> None:
    text = 'card "Log" age 1 brown copies 3+ 4+ { passive: produce wood }'
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0401"
    assert d.message == "card 'Log' (age 1) is already defined by a lower layer (layer 'mini')"
    assert (d.span.path, d.span.line, d.span.column) == ("t.wr", 2, col(text, '"Log"'))
    (label,) = d.labels
    assert (label.span.path, label.span.line) == ("mini.wr", line_of(MINI, 'card "Log"'))
    assert label.message == "defined here"
    assert d.help.startswith('to change it on purpose, write `replace card "Log" ...`')


def test_redefined_setting_asks_for_override(compile_layer) -> None:
    d = only(compile_layer("game { start coins 5 }\n"))
    assert d.code == "E0401"
    assert d.message == "game setting 'start coins' is already set by a lower layer (layer 'mini')"
    assert d.help == "to change it on purpose, write `override start coins ...`"
    assert (d.labels[0].span.path, d.labels[0].span.line) == ("mini.wr", line_of(MINI, "start coins 3"))


def test_redefined_category_and_contest(compile_layer) -> None:
    r = compile_layer("scoring { civilian }\ncontest military at end of age { strength: symbols(shield) "
                      "pairs: neighbours win: victory worth 1 lose: defeat worth -1 }\n")
    assert codes(r) == ["E0401", "E0401"]
    category, contest = sorted(r.diagnostics, key=lambda d: d.sort_key())
    assert category.message == "score category 'civilian' is already defined by a lower layer (layer 'mini')"
    assert contest.message == "contest 'military' is already defined by a lower layer (layer 'mini')"
    assert (contest.span.line, contest.span.column) == (3, len("contest ") + 1)
    assert contest.help.startswith("to change it on purpose, write `override contest military ...`")


def test_redefined_wonder_side(compile_layer) -> None:
    d = only(compile_layer('wonder "Tower" side A { start wood stage cost 2 wood { end of game: score 9 } }\n'))
    assert d.code == "E0401" and d.help.startswith('to change it on purpose, write `replace wonder "Tower" ...`')


def test_when_block_setting_overlapping_another_layer(compile_files) -> None:
    lower = MINI.replace("  tie break coins\n", "  tie break coins\n  when players 4 { turns 2 }\n")
    r = compile_files({"mini.wr": lower, "t.wr": "ruleset t extends mini\ngame { when players 3, 4 { turns 1 } }\n"})
    d = only(r, "E0401")
    assert d.message == "game setting 'turns' for 4 players is already set by a lower layer (layer 'mini')"
    r = compile_files({"mini.wr": lower,
                       "t.wr": "ruleset t extends mini\ngame { when players 3, 4 { override turns 1 } }\n"})
    assert "E0401" not in codes(r)


# ---- E0102: twice in one layer --------------------------------------------------------------------

def test_card_defined_twice_in_one_file(compile_files) -> None:
    text = MINI + 'card "Log" age 1 brown copies 3+ 4+ { passive: produce wood }\n'
    d = only(compile_files({"mini.wr": text}), "E0102")
    assert d.message == "card 'Log' (age 1) is defined twice"
    assert d.span.line == text.count("\n")
    assert d.labels[0].span.line == line_of(MINI, 'card "Log"') and d.labels[0].message == "first defined here"


def test_setting_given_twice_in_one_block(compile_files) -> None:
    text = MINI.replace("  turns 1\n", "  turns 1\n  turns 2\n")
    d = only(compile_files({"mini.wr": text}), "E0102")
    assert d.message == "game setting 'turns' is set twice"
    assert d.span.line == line_of(text, "turns 2")


def test_name_declared_twice(compile_layer) -> None:
    text = "resources raw: wood\n"
    d = only(compile_layer(text))
    assert d.code == "E0102" and d.message == "resource 'wood' is declared twice"
    assert (d.span.line, d.span.column) == (2, col(text, "wood"))
    assert d.labels[0].span.path == "mini.wr"


def test_a_name_cannot_be_two_kinds(compile_layer) -> None:
    d = only(compile_layer("tokens: gear\n"))
    assert d.code == "E0102" and d.message == "token 'gear' is declared twice"


# ---- E0404: override / replace / remove of nothing -------------------------------------------------

def test_override_of_an_unset_setting(compile_layer) -> None:
    text = "game { override pool guilds: 1 in age 2 }\n"
    d = only(compile_layer(text), "E0404")
    assert d.message == "`override` of game setting 'pool guilds', which no lower layer sets"
    assert d.help == "remove `override`: this sets it for the first time"
    assert (d.span.line, d.span.column) == (2, col(text, "override"))


def test_replace_of_an_unknown_card_suggests_a_name(compile_layer) -> None:
    d = only(compile_layer('replace card "Rok" age 1 brown copies 3+ { passive: produce stone }\n'), "E0404")
    assert d.message == "`replace` of card 'Rok' (age 1), which no lower layer defines"
    assert d.help == "did you mean 'Rock'?"


def test_replace_in_the_wrong_age_names_the_right_one(compile_layer) -> None:
    d = only(compile_layer('replace card "Rock" age 2 brown copies 3+ { passive: produce stone }\n'), "E0404")
    assert d.help == "'Rock' is defined in age 1; `replace` names its age"


def test_remove_of_an_unknown_wonder_side_lists_the_sides(compile_layer) -> None:
    d = only(compile_layer('remove wonder "Tower" side B\n'))
    assert d.code == "E0404" and d.help == "'Tower' has side A"


def test_remove_of_an_unknown_card(compile_layer) -> None:
    d = only(compile_layer('remove card "Lgo"\n'))
    assert d.code == "E0404" and d.message == "`remove` of card 'Lgo', which no lower layer defines"
    assert d.help == "did you mean 'Log'?"


def test_override_of_an_unknown_contest_and_category(compile_layer) -> None:
    r = compile_layer("scoring { override civillian }\noverride contest militar at end of age { "
                      "strength: symbols(shield) pairs: neighbours win: victory worth 1 lose: defeat worth -1 }\n")
    msgs = {d.message: d.help for d in r.diagnostics if d.code == "E0404"}
    assert msgs == {
        "`override` of score category 'civillian', which no lower layer defines": "did you mean 'civilian'?",
        "`override` of contest 'militar', which no lower layer defines": "did you mean 'military'?",
    }


def test_override_in_a_when_block_needs_a_lower_when_value(compile_layer) -> None:
    text = "game { when players 4 { override hand 2 } }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0404"
    assert d.message == "`override` of game setting 'hand' for 4 players, which no lower `when` block sets"
    assert d.help == "remove `override`: a `when` value applies over the game-wide value without it"
    assert d.span.column == col(text, "override")
    assert compile_layer("game { when players 4 { hand 2 } }\n").ok


def test_override_in_a_when_block_of_a_lower_when_value(compile_files) -> None:
    lower = MINI.replace("  tie break coins\n", "  tie break coins\n  when players 3, 4 { hand 2 }\n")
    layer = "ruleset t extends mini\ngame { when players 4 { override hand 2 } }\n"
    r = compile_files({"mini.wr": lower, "t.wr": layer})
    assert r.ok, [d.message for d in r.diagnostics]


def test_a_failed_replace_adds_nothing(compile_layer) -> None:
    # no second 'Rock' (age 2) to compare with the first: one error, and the card's names checked
    r = compile_layer('replace card "Rock" age 2 brown copies 3+ { passive: produce stne }\n')
    assert codes(r) == ["E0404", "E0101"]
    assert ("Rock", 2) not in r.model.cards
    r = compile_layer('replace wonder "Tower" side B { start stone  stage cost 2 wood { end of game: score 3 } }\n')
    assert codes(r) == ["E0404"] and ("Tower", "B") not in r.model.wonders


def test_a_removed_card_is_named_as_removed(compile_layer) -> None:
    text = ('remove card "Rock"\nreplace card "Rock" age 1 brown copies 3+ 4+ { passive: produce stone }\n'
            'remove card "Rock"\n')
    r = compile_layer(text)
    replace, again = sorted((d for d in r.diagnostics if d.code == "E0404"), key=lambda d: d.sort_key())
    assert replace.help == "layer 't' removes 'Rock'; to add it again, write `card` without `replace`"
    assert [(lb.span.line, lb.message) for lb in replace.labels] == [(2, "removed here")]
    assert again.message == "`remove` of card 'Rock', which layer 't' already removes"
    assert again.help == "remove this line: the card is already gone"


def test_a_chain_to_a_removed_card_points_at_the_removal(compile_layer) -> None:
    d = only(compile_layer('remove card "Shrine"\n'))
    assert (d.code, d.message) == ("E0201", "chain from 'Shrine', a card that layer 't' removes")
    assert (d.span.path, d.span.line) == ("mini.wr", line_of(MINI, 'card "Temple"'))
    assert [(lb.span.path, lb.span.line, lb.message) for lb in d.labels] == [("t.wr", 2, "removed here")]
    assert d.help == 'replace "Temple" without this link (`replace card "Temple" age 2 ...`), or keep \'Shrine\''


# ---- finding files: E0004, E0405 --------------------------------------------------------------------

def test_unknown_extends_suggests_a_file_next_to_the_layer(compile_files) -> None:
    d = only(compile_files({"mini.wr": MINI, "t.wr": "ruleset t extends mnii\n"}))
    assert d.help.startswith("did you mean 'mini' (mini.wr, next to this file)? `extends mnii` looks for")
    # nothing close: the few files there are listed (the layer itself left out)
    d = only(compile_files({"mini.wr": MINI, "t.wr": "ruleset t extends zzz\n"}))
    assert d.help.endswith("; the rule set files next to this one: mini.wr")

def test_unknown_extends_suggests_a_bundled_name(compile_files) -> None:
    d = only(compile_files({"t.wr": "ruleset t extends bse\n"}))
    assert d.code == "E0405" and d.message == "no rule set 'bse'"
    assert d.help.startswith("did you mean 'base'? `extends bse` looks for `bse.wr` next to this file")
    assert (d.span.line, d.span.column) == (1, col("ruleset t extends bse", "bse"))


def test_layers_extending_each_other(compile_files) -> None:
    r = compile_files({"a.wr": "ruleset a extends b\n", "b.wr": "ruleset b extends a\n"}, "a.wr")
    d = only(r)
    assert d.code == "E0405" and d.message == "layers extend each other in a cycle: a -> b -> a"
    assert (d.span.path, d.span.line) == ("b.wr", 1)


def test_two_layers_with_one_name(compile_files) -> None:
    r = compile_files({"mini.wr": MINI, "t.wr": "ruleset mini extends mini2\n",
                       "mini2.wr": MINI.replace('ruleset mini "Mini"', "ruleset mini2 extends mini")}, "t.wr")
    d = only(r)
    assert d.code == "E0405" and d.message == "two rule sets are both called 'mini'"


def test_layers_are_read_in_order_below_their_extensions(compile_files) -> None:
    r = compile_files({"mini.wr": MINI, "t.wr": "ruleset t extends mini\n",
                       "u.wr": "ruleset u extends t\n"})
    assert r.ok and r.model.layers == ["mini", "t", "u"]
    assert r.rules.layers == ("mini", "t", "u")


def test_missing_file_on_the_command_line(compile_files) -> None:
    d = only(compile_files({"mini.wr": MINI}, "nothere.wr"))
    assert d.code == "E0004" and d.message == "no file 'nothere.wr'" and d.span is None


def test_file_that_is_not_utf8(tmp_path, monkeypatch) -> None:
    from wonderrules.grammar.compiler import compile_rules

    (tmp_path / "bad.wr").write_bytes(b"ruleset bad\n# caf\xe9\n")
    monkeypatch.chdir(tmp_path)
    d = only(compile_rules(["bad.wr"]))
    assert d.code == "E0004"
    assert d.message == "cannot read 'bad.wr': it is not UTF-8 text (byte 0xe9 at line 2, column 6)"
    assert d.help == "save the file as UTF-8 text"


# ---- helpers --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "words"), [("start_coins", "start coins"), ("pass_directions", "pass"),
                                            ("order end of turn", "order end of turn"),
                                            ("stages_category", "stages score"), ("card_zone", "cards count in"),
                                            ("pool guilds", "pool guilds")])
def test_setting_words(key: str, words: str) -> None:
    assert setting_words(key) == words


def test_closest_ignores_case_and_refuses_far_names() -> None:
    assert closest("lumber yard", ["Lumber Yard", "Ore Vein"]) == "Lumber Yard"
    assert closest("xyz", ["Lumber Yard", "Ore Vein"]) is None


# ---- names the language would read as its own words (E0104) ------------------------------------------

@pytest.mark.parametrize(("declaration", "kind", "word"), [
    ("resources luxury: one", "resource", "one"),
    ("resources luxury: coins", "resource", "coins"),
    ("colours: stage", "colour", "stage"),
    ("colours: cards", "colour", "cards"),
    ("colours: any", "colour", "any"),
    ("colours: board", "colour", "board"),
    ("colours: left", "colour", "left"),
    ("tokens: coin", "token", "coin"),
    ("tokens: any", "token", "any"),
    ("tokens: stages", "token", "stages"),
    ("symbols faith: any", "symbol", "any"),
    ("symbols stage: sun", "symbol group", "stage"),
    ("scoring { total = coins / 2 }", "score category", "total"),
    ("scoring { seat }", "score category", "seat"),
    ("scoring { coins = 2 }", "score category", "coins"),
    ("scoring { choices = 1 }", "score category", "choices"),
])
def test_a_reserved_word_is_refused_where_it_is_declared(compile_layer, declaration: str, kind: str,
                                                         word: str) -> None:
    d = only(compile_layer(declaration + "\n"))
    assert d.code == "E0104" and d.message.startswith(f"'{word}' cannot be the name of a {kind}: ")
    assert (d.span.line, d.span.column) == (2, declaration.rindex(word) + 1)
    assert d.help == f"give the {kind} another name"


def test_a_use_that_fails_to_parse_is_explained_by_the_declaration(compile_layer) -> None:
    use = 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ { end of game: score 1 per stage card in self }'
    d = only(compile_layer(f"colours: stage\n{use}\n"))
    assert d.code == "E0104" and d.span.line == 2
    assert [(lb.span.line, lb.span.column, lb.message) for lb in d.labels] == [
        (3, use.index("stage card") + 1, "read as a word of the language here")]


def test_the_use_may_come_in_a_higher_layer(compile_files) -> None:
    lower = "ruleset lower extends mini\ntokens: coin\n"
    upper = ('ruleset upper extends lower\n'
             'replace card "Log" age 1 brown copies 3+ 4+ { on build: gain 1 coin token }\n')
    r = compile_files({"mini.wr": MINI, "lower.wr": lower, "upper.wr": upper})
    d = only(r)
    assert (d.code, d.span.path) == ("E0104", "lower.wr")
    assert [(lb.span.path, lb.span.line) for lb in d.labels] == [("upper.wr", 2)]


def test_other_syntax_errors_stay(compile_layer) -> None:
    r = compile_layer('colours: any\nreplace card "Log" age 1 brown copies 3+ 4+ { passive produce wood }\n')
    assert codes(r) == ["E0104", "E0001"]


# ---- aliases (E0102) ----------------------------------------------------------------------------------

def test_an_alias_that_names_another_card(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ alias "Rock" { passive: produce wood }'
    d = only(compile_layer(text + "\n"))
    assert (d.code, d.message) == ("E0102", "alias 'Rock' of card 'Log' is the name of another card")
    assert d.span.column == col(text, '"Rock"')
    assert d.labels[0].span.path == "mini.wr" and d.labels[0].message == "that card"


def test_an_alias_of_two_cards(compile_layer) -> None:
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ alias "Timber" { passive: produce wood }\n'
                      'replace card "Sawmill" age 2 brown cost 1 coin copies 3+ 4+ alias "Timber" '
                      '{ passive: produce 2 wood }\n')
    d = only(r)
    assert (d.code, d.message) == ("E0102", "alias 'Timber' is given to cards 'Log' and 'Sawmill'")
    assert d.span.line == 3 and d.labels[0].span.line == 2


def test_an_alias_of_a_card_in_two_ages_is_one_card(compile_layer) -> None:
    r = compile_layer('replace card "Glassworks" age 1 grey copies 3+ alias "Glass Works" { passive: produce glass }\n'
                      'replace card "Glassworks" age 2 grey copies 3+ alias "Glass Works" { passive: produce glass }\n')
    assert r.ok, [d.message for d in r.diagnostics]
