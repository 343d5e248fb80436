"""Reading: text to syntax tree, and parse failures explained as sentences at the right place."""

from __future__ import annotations

from pathlib import Path

import pytest
from grammar_support import MINI, only

from wonderrules.grammar import syntax as s
from wonderrules.grammar.parse import _chunks, load_parser, parse_source
from wonderrules.grammar.syntax_errors import CATALOGUE, _catalogue_index, describe_expected

BASE = Path(__file__).resolve().parents[2] / "rulesets" / "base.wr"


def parse_ok(text: str) -> s.Ruleset:
    tree, diags = parse_source(text, "t.wr")
    assert diags == [] and tree is not None, [d.message for d in diags]
    return tree


def one_error(text: str):
    tree, diags = parse_source(text, "t.wr")
    assert tree is None
    assert len(diags) == 1, [(d.code, d.message) for d in diags]
    return diags[0]


def col(line: str, needle: str) -> int:
    """1-based column of `needle` in `line`."""
    return line.index(needle) + 1


# ---- the grammar itself ---------------------------------------------------------------------------

def test_grammar_loads_in_strict_mode() -> None:
    # strict mode refuses shift/reduce conflicts and terminal collisions
    assert load_parser(strict=True) is not None


def test_parser_is_loaded_once() -> None:
    assert load_parser() is load_parser()


# ---- a good file becomes the right tree -------------------------------------------------------

def test_base_parses_with_every_card_and_wonder_side() -> None:
    tree = parse_ok(BASE.read_text(encoding="utf-8"))
    cards = [i for i in tree.items if isinstance(i, s.Card)]
    wonders = [i for i in tree.items if isinstance(i, s.Wonder)]
    # 27 + 23 + 18 + 10 guilds = 78 definitions (Glassworks, Loom and Press are in ages 1 and 2)
    assert len(cards) == 78
    assert len({c.name.text for c in cards}) == 75
    assert len(wonders) == 14
    assert tree.header.name.text == "base" and tree.header.edition == 1


def test_a_wonder_side_may_have_effects_of_its_own_and_no_starting_resource() -> None:
    tree = parse_ok('ruleset t\nwonder "R" side A {\n  passive: build costs 1 coin less\n'
                    '  each end of age: gain 1 coin\n  stage cost 2 wood { end of game: score 3 }\n}\n'
                    'wonder "R" side B { start ore\n  start of age: gain 2 coins\n'
                    '  stage { on build: gain 1 coin }\n}\n')
    side_a, side_b = [i for i in tree.items if isinstance(i, s.Wonder)]
    assert side_a.start is None and len(side_a.hooks) == 2 and len(side_a.stages) == 1
    assert isinstance(side_a.hooks[0].effect, s.CostChange)
    # after the start line, `start of age` is a moment, not a second starting resource
    assert side_b.start is not None and side_b.start.text == "ore"
    assert len(side_b.hooks) == 1 and len(side_b.stages) == 1


def test_spans_point_at_the_text_written() -> None:
    text = 'ruleset t "T"\ncard "Lumber Yard" age 1 brown cost 2 wood copies 3+ 4+ {\n  passive: produce wood\n}\n'
    card = parse_ok(text).items[0]
    assert isinstance(card, s.Card)
    line2 = text.split("\n")[1]
    assert card.name.text == "Lumber Yard"
    assert (card.name.span.line, card.name.span.column) == (2, col(line2, '"Lumber'))
    assert card.name.span.end_column == col(line2, '"Lumber') + len('"Lumber Yard"')
    assert (card.age_span.line, card.age_span.column) == (2, col(line2, "1 brown"))
    assert card.colour.text == "brown" and card.colour.span.column == col(line2, "brown")
    cost = card.first(s.Cost)
    assert cost.items[0].amount == 2 and cost.items[0].resource.text == "wood"
    assert cost.span.column == col(line2, "cost")
    assert card.first(s.Copies).markers == (3, 4)
    hook = card.hooks[0]
    assert isinstance(hook.trigger, s.Passive)
    assert (hook.span.line, hook.span.column) == (3, 3)
    assert card.span.end_line == 4


def test_effects_become_their_nodes() -> None:
    text = '''ruleset t
card "A" age 2 yellow copies 3+ {
  end of turn: gain 1 coin per brown card in self, left, right
  on build: gain 2 coins per grey card in self (including this)
  end of game: score 1 per stage in self
  passive: produce wood | stone (not for sale)
  others lose 2 coins or decide pay
}
'''
    with pytest.raises(AssertionError):  # the last hook has no trigger
        parse_ok(text)
    text = text.replace("  others lose", "  end of turn: others lose")
    hooks = parse_ok(text).items[0].hooks
    gain = hooks[0].effect
    assert isinstance(gain, s.GainCoins) and gain.amount == s.Number(1, gain.amount.span)
    assert [n.word for n in gain.per.seats] == ["self", "left", "right"]
    assert gain.per.countable.kind == "cards" and gain.per.self_count is None
    assert hooks[1].effect.per.self_count == "including"
    assert hooks[2].effect.per.countable.kind == "stages"
    produce = hooks[3].effect
    assert [n.text for n in produce.options] == ["wood", "stone"] and produce.for_sale is False
    lose = hooks[4].effect
    assert isinstance(lose, s.LoseCoins) and [t.word for t in lose.targets] == ["others"]
    assert lose.or_decide.text == "pay" and lose.or_take is None


def test_an_effect_without_trigger_after_another_effect_is_named() -> None:
    text = f'ruleset t\n{_CARD}{{\n  end of turn: gain 1 coin\n  others lose 2 coins\n}}\n'
    d = one_error(text)
    assert d.message == "an effect starts with its trigger (found 'others')"
    assert (d.span.line, d.span.column, d.span.end_column) == (4, 3, 9)
    assert d.help.startswith("write the trigger and a colon before the effect, as in `end of turn: others ...`")


@pytest.mark.parametrize("before", ["end of game: score 1", "end of game: score coins / 3",
                                    "on build: gain 2 coins per red card in self", "passive: produce wood"])
@pytest.mark.parametrize("moment", ["start of turn", "start of age", "hand over", "turns done", "cards dealt"])
def test_a_moment_may_begin_with_a_word_of_the_language_after_any_effect(before: str, moment: str) -> None:
    # after a number the parser may also be ending a setting (`hand 7` then `start coins 3`),
    # so `start` was read as that keyword and the moment refused: a word of the language that
    # can only be a word there is read as one
    lines = f"  {before}\n  {moment}: gain 1 coin\n"
    wonder = f'wonder "W" side A {{\n  start wood\n  stage {{\n{lines}  }}\n}}\n'
    tree = parse_ok(f"ruleset t\n{_CARD}{{\n{lines}}}\n{wonder}each player {{\n{lines}}}\n")
    hooks = [h for item in tree.items for h in getattr(item, "hooks", ())]
    hooks += [h for item in tree.items for st in getattr(item, "stages", ()) for h in st.hooks]
    moments = [h.trigger.moment.text for h in hooks if isinstance(h.trigger, s.AtMoment)]
    assert len(hooks) == 6 and moments.count(moment) == 3


def test_layer_items_parse() -> None:
    tree = parse_ok('ruleset t extends base, other\nremove card "Altar" age 1\nremove wonder "Giza" side B\n'
                    'replace card "Altar" age 1 blue copies 3+ { end of game: score 9 }\n'
                    'game { override hand 8  when players 8 { hand 7 } }\n')
    assert [n.text for n in tree.header.extends] == ["base", "other"]
    remove, remove_w, replace, game = tree.items
    assert isinstance(remove, s.RemoveCard) and remove.age == 1
    assert isinstance(remove_w, s.RemoveWonder) and remove_w.side.text == "B"
    assert isinstance(replace, s.Card) and replace.replace
    override, when = game.settings
    assert override.override and isinstance(override.body, s.Hand)
    assert isinstance(when, s.When) and when.players.counts() == (8,)


# ---- cutting a file into items -------------------------------------------------------------------

def test_chunks_split_at_item_keywords_in_column_one() -> None:
    text = ('ruleset t\ncard "A" age 1 brown {\n}\n  card "B"\noption o {\n  conflict m at end of age {\n  }\n}\n'
            'wonder "W"')
    starts = [first for first, _ in _chunks(text)]
    # `  card` (indented) does not start an item; `conflict` inside an option does not either
    assert starts == [0, 1, 4, 8]
    # leading comments stay with what follows them
    assert [first for first, _ in _chunks("# note\n\ncard \"A\"\ncard \"B\"")] == [0, 3]


def test_a_broken_item_does_not_hide_the_next_one() -> None:
    text = 'ruleset t\ncard "A" age 1 { passive: produce wood }\ncard "B" age 1 brown copies 3 { }\n'
    tree, diags = parse_source(text, "t.wr")
    assert tree is None
    assert [(d.code, d.span.line) for d in diags] == [("E0001", 2), ("E0001", 3)]


# ---- the catalogue of known mistakes --------------------------------------------------------------

_EXAMPLES = [(m.sentence, m.help, ex) for m in CATALOGUE for ex in m.examples]


@pytest.mark.parametrize(("sentence", "help_", "example"), _EXAMPLES, ids=[e for _, _, e in _EXAMPLES])
def test_each_catalogue_example_is_explained_by_its_own_entry(sentence: str, help_: str, example: str) -> None:
    # An example shadowed by an earlier entry (same accepted tokens, same token kind) would never
    # produce its own sentence: the catalogue would be lying.
    text = example[1:] if example.startswith("!") else "ruleset t\n" + example
    tree, diags = parse_source(text, "t.wr")
    assert tree is None and diags
    assert diags[0].message.startswith(sentence), (diags[0].message, sentence)
    assert diags[0].help == help_


def test_every_catalogue_example_fails_the_parser() -> None:
    index = _catalogue_index(load_parser())
    found = set(index.values())
    assert found == set(CATALOGUE)


# The mistakes a designer makes most, each with the sentence it must produce and where.
_CARD = 'card "A" age 1 brown copies 3+ '
_MISTAKES = [
    # (text after the header line, expected code, expected start of message, needle the caret is on)
    ('card "A" age 1 { passive: produce wood }', "E0001", "a card needs a colour after its age", "{"),
    ('card "A" age 1 cost 2 wood copies 3+ { passive: produce wood }', "E0001",
     "a card needs a colour after its age (found 'cost')", "cost"),
    ('card Lumber Yard age 1 brown copies 3+ { passive: produce wood }', "E0001",
     "card and wonder names are written in double quotes", "Lumber"),
    ('card "A" age 1 brown chain to Temple copies 3+ { passive: produce wood }', "E0001",
     "card names in a chain are written in double quotes", "Temple"),
    (_CARD + "{ produce wood }", "E0001", "an effect starts with its trigger", "produce"),
    (_CARD + "{ score 2 }", "E0001", "an effect starts with its trigger", "score"),
    (_CARD + "{ passive produce wood }", "E0001", "a trigger is followed by a colon", "produce wood"),
    (_CARD + "{ end of game score 2 }", "E0001", "a trigger is followed by a colon", "score"),
    ('card "A" age 1 brown cost wood 2 copies 3+ { passive: produce wood }', "E0001",
     "the count comes before the resource", "2 copies"),
    ('card "A" age 1 brown copies 3 5 { passive: produce wood }', "E0001",
     "copy markers are written as on the printed card", "5 {"),
    ('card "A" age 1 brown copies 3+, 5+ { passive: produce wood }', "E0001",
     "copy markers are separated by spaces, not commas", ","),
    (_CARD + "{ passive: produce wood or stone }", "E0001", "either/or choices are separated by `|`", "or"),
    (_CARD + "{ passive: produce wood, stone }", "E0001", "either/or choices are separated by `|`", ","),
    (_CARD + "{ end of game: score 1 per brown in self }", "E0001",
     "a count needs what it counts", "in self"),
    (_CARD + "{ end of game: score 1 per brown card self }", "E0001",
     "a count needs `in` and the seats whose cities it looks at", "self"),
    (_CARD + "{ end of game: score 1 per brown card in self left }", "E0001",
     "seats in a list are separated by commas", "left"),
    (_CARD + "{ on built: produce wood }", "E0001", "expected 'build', found 'built'", "built"),
    ("override game { hand 8 }", "E0001", "`override` is written inside the block", "game"),
    (_CARD + "{ passive: produce wood } } ", "E0001", "this '}' closes no block", "} "),
    ("game { players 3-7 }", "E0001", "a player range is written with two dots", "-"),
    ('wonder "R" { start ore }', "E0001", "a wonder needs its side after its name", "{"),
    ("resources raw clay, brick", "E0001", "the names of a declaration follow a colon", "clay"),
    ("scoring { bonus = coins, extra = coins }", "E0001",
     "score columns are separated by spaces or new lines, not commas", ","),
    ("conflict naval { strength: symbols(shield) }", "E0001", "a conflict is written as a contest", "conflict"),
    ('game { neutral seat "Free City" { } }', "E0001", "a seat without a player is declared on its own", "neutral"),
    (_CARD + "{ on build: gain 2 gold }", "E0001", "a token is gained with the word `token`", "}"),
    (_CARD + "{ end of game: score 2 points }", "E0001", "points are written as a bare number", "points"),
    (_CARD + "{ end of game: score 1 per blue card in self (including self) }", "E0001",
     "whether a card counts itself is written", "self)"),
    (_CARD + "{ passive: produce wood; end of game: score 1 }", "E0002", "';' is not used in rule sets", ";"),
    (_CARD + "{ passive: build costs nothing }", "E0001", "a cost change lowers what an action costs", "nothing"),
    (_CARD + "{ passive: build costs 1 coin more }", "E0001", "a cost change lowers what an action costs", "more"),
    (_CARD + "{ passive: stage costs free }", "E0001", "a cost change lowers what an action costs", "free"),
    (_CARD + "{ passive: draw costs 1 coin less }", "E0001",
     "'draw' begins an effect of its own, so it cannot name the action of a cost change", "draw"),
    (_CARD + "{ passive: score costs no coins }", "E0001", "'score' begins an effect of its own", "score"),
]


@pytest.mark.parametrize(("text", "code", "message", "needle"), _MISTAKES, ids=[m[0] for m in _MISTAKES])
def test_common_mistakes_are_named(text: str, code: str, message: str, needle: str) -> None:
    d = one_error("ruleset t\n" + text + "\n")
    assert d.code == code
    assert d.message.startswith(message), d.message
    assert d.span.path == "t.wr"
    assert (d.span.line, d.span.column) == (2, text.rindex(needle) + 1 if needle == "} " else col(text, needle))


# ---- cost changes, in the words of the effects page: `[SEATS] ACTION costs ...` ----------------------

@pytest.mark.parametrize(("phrase", "seats", "action", "what", "amount", "colours"), [
    ("build costs 1 coin less", [], "build", "less", 1, []),
    ("others build costs 1 coin less", ["others"], "build", "less", 1, []),
    ("neighbours build costs 2 coins less for red cards", ["neighbours"], "build", "less", 2, ["red"]),
    ("left 2, right build costs no coins", ["left", "right"], "build", "coins", 0, []),
    ("self build costs no resources", ["self"], "build", "resources", 0, []),
    ("controller build costs 1 coin less", ["controller"], "build", "less", 1, []),
    ("everyone stage costs 1 less", ["everyone"], "stage", "less", 1, []),
])
def test_a_cost_change_names_its_action_after_the_seats_it_changes(phrase: str, seats: list[str], action: str,
                                                                   what: str, amount: int, colours: list[str]) -> None:
    # `build` is also a keyword (`on build`, `build stage`); after the seats it is the action's name
    tree = parse_ok(f"ruleset t\n{_CARD}{{ passive: {phrase} }}\n")
    change = tree.items[0].hooks[0].effect
    assert isinstance(change, s.CostChange)
    assert [t.word for t in change.targets] == seats
    assert (change.action.text, change.what, change.amount) == (action, what, amount)
    assert [c.text for c in change.colours] == colours


def test_the_distance_of_a_seat_an_effect_acts_on_is_kept() -> None:
    tree = parse_ok(f"ruleset t\n{_CARD}{{ on build: left 2, right gain 1 coin }}\n")
    gain = tree.items[0].hooks[0].effect
    assert [(t.word, t.distance) for t in gain.targets] == [("left", 2), ("right", None)]


def test_misspelt_keywords_get_a_suggestion() -> None:
    cases = {f"{_CARD}{{ on built: score 1 }}": "on build", f"{_CARD}{{ on buidl: score 1 }}": "on build",
             'card "A" age 1 brown coppies 3+ { }': "copies", "game { hnad 7 }": "hand",
             "game { strat coins 3 }": "start", "contest m at end of age { strenght: coins }": "strength"}
    for wrong, right in cases.items():
        d = one_error(f"ruleset t\n{wrong}\n")
        assert d.help == f"did you mean `{right}`?", (wrong, d.help)


@pytest.mark.parametrize(("wrong", "right", "written"), [
    ("pasive", "passive", "pasive"), ("passives", "passive", "passives"),
    ("end of games", "end of game", "end of games"),
    ("end of tun", "end of turn", "end of tun"), ("each end of aeg", "end of age", "end of aeg"),
    ("eahc end of turn", "each end of turn", "eahc end of turn"),
    ("whenevr left builds cards", "whenever left builds cards", "whenevr left builds cards"),
])
def test_misspelt_triggers_are_named_with_the_trigger_meant(compile_layer, wrong: str, right: str,
                                                            written: str) -> None:
    # a moment is words, so a misspelt trigger reads as a moment: the check of the moments names it
    text = f'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {{ {wrong}: gain 1 coin }}'
    d = only(compile_layer(text + "\n"), "E0107")
    assert d.message == f"an effect of card 'Shrine' waits for '{written}', a moment the flow never runs"
    assert (d.span.line, d.span.column, d.span.end_column) == (2, col(text, written), col(text, written) + len(written))
    assert d.help == f"did you mean '{right}'?"


def test_a_glued_word_is_shown_whole() -> None:
    # `builds` is read as the keyword `build` followed by `s`; the caret covers the whole word
    text = _CARD + "{ on builds: score 2 }"
    d = one_error("ruleset t\n" + text)
    assert (d.span.column, d.span.end_column) == (col(text, "builds"), col(text, "builds") + 6)
    assert d.help == "did you mean `on build`?"


def test_a_missing_brace_before_an_indented_item_is_suggested() -> None:
    d = one_error(f'ruleset t\n{_CARD}{{ passive: produce wood\n  card "B" age 1 brown copies 3+ {{ }}\n')
    assert d.span.line == 3 and d.help == "is a '}' missing before it?"


def test_generic_message_lists_what_was_expected_in_words() -> None:
    d = one_error('ruleset t\ncard "A" age x brown\n')
    assert d.message == "expected a number, found 'x'"


def test_describe_expected_groups_keywords() -> None:
    parser = load_parser()
    lits = {t.pattern.value: t.name for t in parser.terminals if t.pattern.type == "str"}
    # a trigger may also be a moment of the flow, which is words (a name)
    triggers = [lits[w] for w in ("passive", "on", "each", "whenever", "}")] + ["NAME"]
    assert describe_expected(parser, triggers) == \
        "a trigger (`passive:`, `on build:`, `end of turn:`, `end of game:`, ...) or '}'"
    assert describe_expected(parser, ["INT", lits["+"]]) == "a number or '+'"
    assert describe_expected(parser, []) == "nothing more"


# ---- characters and the end of the file ----------------------------------------------------------

def test_unclosed_quote() -> None:
    text = 'card "A age 1 brown copies 3+ { passive: produce wood }'
    d = one_error("ruleset t\n" + text)
    assert d.code == "E0002" and d.message == "this quoted name is not closed on its line"
    assert (d.span.column, d.span.end_column) == (col(text, '"A'), len(text) + 1)


def test_single_quotes() -> None:
    d = one_error("ruleset t\ncard 'A' age 1 brown copies 3+ { }")
    assert d.code == "E0002" and d.message == "names are quoted with double quotes"
    assert d.span.column == 6


def test_stray_character() -> None:
    text = _CARD + "{ passive: produce wood } @"
    d = one_error("ruleset t\n" + text)
    assert d.code == "E0002" and d.message == "unexpected character '@'"
    assert (d.span.line, d.span.column) == (2, col(text, "@"))
    assert d.help == "expected a new item (`card`, `wonder`, `game`, `action`, `flow`, ...)"


def test_letters_outside_ascii_in_a_name() -> None:
    text = _CARD + "{ passive: produce wöod }"
    d = one_error("ruleset t\n" + text)
    assert d.code == "E0002" and d.span.column == col(text, "ö")
    assert "quoted names" in d.help


def test_control_character_is_shown_by_code_point() -> None:
    d = one_error("ruleset t\n\x00")
    assert d.message == "unexpected character 'U+0000'"


def test_unclosed_brace_at_end_of_file_points_at_the_brace() -> None:
    text = _CARD + "{ passive: produce wood"
    d = one_error("ruleset t\n" + text + "\n")
    assert d.code == "E0003" and d.message == "unclosed '{': the file ends before its '}'"
    assert (d.span.line, d.span.column) == (2, col(text, "{"))


def test_unclosed_brace_before_the_next_item() -> None:
    d = one_error(f"ruleset t\n{_CARD}{{ passive: produce wood\n{_CARD}{{ passive: produce stone }}\n")
    assert d.code == "E0003" and d.message == "unclosed '{': the next item starts before its '}'"
    assert d.span.line == 2


def test_an_item_cut_short_before_the_next_one() -> None:
    d = one_error(f"ruleset t\n{_CARD}\n{_CARD}{{ }}\n")
    assert d.code == "E0003"
    assert d.message.startswith("expected a card clause") and d.message.endswith("but the next item starts here")
    # the caret stands just after the last thing written
    assert (d.span.line, d.span.column) == (2, len(_CARD.rstrip()) + 1)


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_a_file_without_header(text: str) -> None:
    d = one_error(text)
    assert d.code == "E0003" and d.message.startswith("a rule set starts with its header")


def test_a_file_starting_with_comments_and_no_header() -> None:
    d = one_error(MINI.replace('ruleset mini "Mini"', ""))
    assert d.code == "E0001" and d.message.startswith("a rule set starts with its header")
    assert d.span.line == MINI.split("\n").index("resources raw: wood, stone") + 1


def test_deep_nesting_is_refused_by_item() -> None:
    d = one_error("ruleset t\n\ngame { hand " + "- " * 5000 + "7 }\n")
    assert d.code == "E0001" and d.message == "this item nests too deeply to read"
    assert d.span.line == 3


def test_a_parse_keeps_nothing_between_calls() -> None:
    """Nothing is cached at module level: the same text parsed twice gives two equal trees."""
    text = BASE.read_text(encoding="utf-8")
    first, _ = parse_source(text, "a.wr")
    again, _ = parse_source(text, "a.wr")
    assert again is not first and again == first


def test_one_compilation_parses_each_file_once(monkeypatch) -> None:
    """Cities and the two-player layer both extend the base game: one compilation of the two
    reads and parses base.wr once, and its layer-order checks parse nothing again."""
    from wonderrules.grammar import loading
    from wonderrules.grammar.compiler import compile_rules

    parsed: list[str] = []

    def counting(text: str, path: str, cache=None):
        parsed.append(path)
        return parse_source(text, path, cache)

    monkeypatch.setattr(loading, "parse_source", counting)
    assert compile_rules(["cities", "two_player"]).ok
    assert sorted(Path(p).stem for p in parsed) == ["base", "cities", "two_player"]


def test_compilations_of_one_run_share_the_files_they_parse(monkeypatch) -> None:
    """`wr check base cities two_player` compiles three rule sets that all read base.wr: with
    one ParsedFiles for the run, base.wr is parsed once; without one, once per compilation."""
    from wonderrules.grammar import parse
    from wonderrules.grammar.compiler import compile_rules

    done: list[str] = []
    real = parse._parse

    def counting(text: str, path: str):
        done.append(Path(path).stem)
        return real(text, path)

    monkeypatch.setattr(parse, "_parse", counting)
    run = parse.ParsedFiles()
    for name in ("base", "cities", "two_player"):
        assert compile_rules([name], parsed=run).ok
    assert sorted(done) == ["base", "cities", "two_player"]
    done.clear()
    for name in ("base", "cities", "two_player"):
        assert compile_rules([name]).ok
    assert sorted(done) == ["base", "base", "base", "cities", "two_player"]


def test_deep_calls_and_steps_are_refused_by_item_as_too_deep() -> None:
    """Nesting that stops the reader while it builds the syntax tree is said the same way (not
    as Python's own words about its recursion)."""
    for body in ('card "X" age 1 blue copies 3+ { end of game: score ' + "max(1, " * 3000 + "1" + ")" * 3000 + " }",
                 "flow {\n" + "if 1 {\n" * 600 + "}\n" * 600 + "}"):
        d = one_error("ruleset t\n\n" + body + "\n")
        assert (d.code, d.message, d.span.line) == ("E0001", "this item nests too deeply to read", 3)
