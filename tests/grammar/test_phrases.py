"""Phrases (`phrase NAME(PARAMETERS) { ... }`, used as `NAME(ARGUMENTS)`): written out before
every other pass, so a phrase gives exactly the lines written by hand."""

from __future__ import annotations

import random

from grammar_support import MINI, codes, line_of, only

from wonderrules.grammar import syntax as s
from wonderrules.grammar.compiler import compile_rules
from wonderrules.grammar.loading import load_layers
from wonderrules.grammar.phrases import MAX_DEPTH, MAX_WRITTEN, _substitute, expand
from wonderrules.interpreter import ir
from wonderrules.interpreter.game import Game


def effects(hooks: tuple[ir.Hook, ...]) -> list[tuple[object, object, object]]:
    return [(h.trigger, h.op, h.condition) for h in hooks]


def card(rules: ir.RuleSet, name: str) -> ir.Card:
    return next(c for c in rules.cards if c.name == name)


def ok(result):
    assert result.ok and result.diagnostics == (), [(d.code, d.message) for d in result.diagnostics]
    return result.rules


BY_HAND = """
replace card "Barracks" age 1 red cost wood copies 3+ {
  passive: symbol 2 shield
  each end of age if coins >= 2: gain 2 coins
  passive: build costs 1 coin less for red cards
}
"""

WITH_PHRASES = """
phrase garrison(n, colour) {
  passive: symbol n shield
  each end of age if coins >= n: gain n coins  # n: "n" in quotes stays
  rebate(colour)
}
phrase rebate(colour) {
  passive: build costs 1 coin less for colour cards
}
replace card "Barracks" age 1 red cost wood copies 3+ {
  garrison(2, red)
}
"""


def test_a_phrase_gives_the_lines_written_by_hand(compile_layer) -> None:
    by_hand = card(ok(compile_layer(BY_HAND)), "Barracks")
    phrased = card(ok(compile_layer(WITH_PHRASES)), "Barracks")
    assert effects(phrased.hooks) == effects(by_hand.hooks)
    assert len(phrased.hooks) == 3
    # everything read from the phrase is placed at its use
    use = line_of("ruleset t extends mini\n" + WITH_PHRASES, "garrison(2, red)")
    assert {(h.origin.path, h.origin.line) for h in phrased.hooks} == {("t.wr", use)}


def test_the_rule_set_holds_no_phrase_and_plays_as_written_by_hand(compile_files) -> None:
    by_hand = ok(compile_files({"mini.wr": MINI, "t.wr": "ruleset t extends mini\n" + BY_HAND}))
    phrased = ok(compile_files({"mini.wr": MINI, "t.wr": "ruleset t extends mini\n" + WITH_PHRASES}))
    scores = []
    for rules in (by_hand, phrased):
        game = Game(rules, 3)
        finals = []
        for seed in range(5):
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_actions({p: rng.choice(state.legal_actions(p)) for p in state.pending_decisions()})
            finals.append([s.to_json() for s in state.scores()])
        scores.append(finals)
    assert scores[0] == scores[1]


def test_an_argument_replaces_whole_words_outside_quotes_and_comments() -> None:
    body = ' passive: symbol n shield\n end of game: score n per "n" card  # n more\n gain nn coins'
    assert _substitute(body, {"n": "12"}) == (
        ' passive: symbol 12 shield\n end of game: score 12 per "n" card  # n more\n gain nn coins')
    # a shorter argument is padded: what follows keeps its column
    assert _substitute(" symbol count shield", {"count": "2"}) == " symbol 2     shield"


def test_a_neutral_seat_uses_a_phrase(tmp_path, monkeypatch) -> None:
    (tmp_path / "mini.wr").write_text(MINI, encoding="utf-8")
    (tmp_path / "t.wr").write_text('ruleset t extends mini\nphrase stipend(n) {\n  each end of age: gain n coins\n}\n'
                                   'seat "Robot" {\n  controller starts: left, right\n  stipend(4)\n}\n',
                                   encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    layers, _, diags = load_layers(["t.wr"])
    written, more = expand(layers)
    assert diags == [] and more == []
    seat = next(i for i in written[-1].tree.items if isinstance(i, s.NeutralSeat))
    (hook,) = seat.hooks
    assert isinstance(hook, s.Hook) and isinstance(hook.effect, s.GainCoins) and hook.span.line == 7
    assert not any(isinstance(i, s.PhraseDef) for i in written[-1].tree.items)


def test_phrases_in_a_wonder_stage_and_a_block_of_the_rule_set(compile_layer) -> None:
    text = """
phrase stipend(n) {
  each end of age: gain n coins
}
each player {
  stipend(1)
}

replace wonder "Tower" side A {
  start stone
  stipend(2)
  stage cost 2 wood { stipend(3) }
}
"""
    rules = ok(compile_layer(text))
    gain = ir.At("end of age", each=True)
    assert effects(rules.effects[0].hooks) == [(gain, ir.GainCoins(ir.Num(1)), None)]
    tower = next(b for b in rules.boards if b.name == "Tower" and b.side == "A")
    assert (gain, ir.GainCoins(ir.Num(2)), None) in effects(tower.hooks)
    assert effects(tower.stages[0].hooks) == [(gain, ir.GainCoins(ir.Num(3)), None)]


def test_a_layer_uses_the_phrases_of_the_layers_it_extends_and_no_others(compile_files) -> None:
    files = {
        "mini.wr": MINI,
        "a.wr": "ruleset a extends mini\nphrase tithe(n) {\n  on build: gain n coins\n}\n",
        "b.wr": 'ruleset b extends a\nreplace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n'
                "  tithe(4)\n}\n",
        "c.wr": 'ruleset c extends mini\nreplace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n'
                "  tithe(4)\n}\n",
    }
    rules = ok(compile_files(files, "b.wr"))
    assert effects(card(rules, "Shrine").hooks) == [(ir.OnBuild(), ir.GainCoins(ir.Num(4)), None)]
    # `c` extends the mini game only: `a`'s phrase is not its own, even loaded with it
    d = only(compile_files(files, "a.wr", "c.wr"), "E0101")
    assert d.message == "unknown phrase 'tithe'" and (d.span.path, d.span.line) == ("c.wr", 3)


def test_a_phrase_defined_again_in_a_layer_is_refused(compile_files) -> None:
    files = {"mini.wr": MINI, "a.wr": "ruleset a extends mini\nphrase tithe(n) {\n  on build: gain n coins\n}\n",
             "b.wr": "ruleset b extends a\nphrase tithe(m) {\n  on build: gain m coins\n}\n"}
    d = only(compile_files(files, "b.wr"))
    assert (d.code, d.message, d.span.path, d.span.line) == ("E0102", "phrase 'tithe' is defined twice", "b.wr", 2)
    assert [(lb.span.path, lb.span.line, lb.message) for lb in d.labels] == [("a.wr", 2, "first defined here")]


def test_a_phrase_that_does_not_read_is_shown_in_the_phrase_with_its_use(compile_layer) -> None:
    text = 'phrase fortify(n) {\n  passive: symbol n shield\n}\nreplace card "Barracks" age 1 red cost wood ' \
           'copies 3+ {\n  fortify("Altar")\n}\n'
    d = only(compile_layer(text))
    assert (d.code, d.span.line, d.span.column) == ("E0001", 3, 19)
    assert [(lb.span.line, lb.span.column, lb.message) for lb in d.labels] == [
        (6, 3, "phrase 'fortify' used here, with n = \"Altar\"")]


def test_a_mistake_in_a_phrase_does_not_hide_the_others(compile_layer) -> None:
    text = ('phrase fortify(n) {\n  passive: symbol n shield\n}\nreplace card "Barracks" age 1 red cost wood '
            'copies 3+ {\n  fortifi(1)\n  passive: produce wod\n}\n')
    assert codes(compile_layer(text)) == ["E0101", "E0101"]


def test_phrases_nest_to_a_bounded_depth(compile_layer) -> None:
    chain = "".join(f"phrase p{i}() {{\n  p{i + 1}()\n}}\n" for i in range(MAX_DEPTH + 2))
    chain += f"phrase p{MAX_DEPTH + 2}() {{\n  end of game: score 1\n}}\n"
    use = 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n  p0()\n}\n'
    d = only(compile_layer(chain + use))
    assert d.code == "E0104" and d.message == f"phrases used within phrases more than {MAX_DEPTH} deep"
    shallow = "".join(f"phrase p{i}() {{\n  p{i + 1}()\n}}\n" for i in range(3)) + \
        "phrase p3() {\n  end of game: score 1\n}\n"
    rules = ok(compile_layer(shallow + use))
    assert effects(card(rules, "Shrine").hooks) == [(ir.EndOfGame(), ir.Score(ir.Num(1)), None)]


def test_a_negative_number_and_a_text_are_arguments(compile_layer) -> None:
    text = ('phrase toll(n, other) {\n  end of game: score n\n  passive: buy wood from left for 1\n'
            '}\nreplace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n  toll(-2, "x")\n}\n')
    rules = ok(compile_layer(text))
    assert effects(card(rules, "Shrine").hooks)[0][1] == ir.Score(ir.Num(-2))


def test_bundled_rule_sets_check_as_before() -> None:
    for names in (["base"], ["cities"], ["cities", "two_player"]):
        assert compile_rules(names).diagnostics == ()


def _doubling(levels: int, uses: int = 2) -> str:
    """Phrases `p0` .. `p<levels>`, each using the next `uses` times; the last gains a coin."""
    text = "".join(f"phrase p{i}() {{\n" + f"  p{i + 1}()\n" * uses + "}\n" for i in range(levels))
    return text + f"phrase p{levels}() {{\n  on build: gain 1 coins\n}}\n"


def test_a_phrase_is_read_once_for_each_text_it_gives(compile_layer, monkeypatch) -> None:
    # p0 uses p1 twice, p1 uses p2 twice...: 63 uses, 6 texts (each phrase with no argument)
    import wonderrules.grammar.phrases as phrases

    parser = phrases.load_parser()
    reads: list[str] = []

    class Counting:
        terminals = parser.terminals

        def parse(self, text: str, start: str, **options):
            reads.append(text)
            return parser.parse(text, start=start, **options)

    monkeypatch.setattr(phrases, "load_parser", lambda: Counting())
    rules = ok(compile_layer(_doubling(5) + 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n'
                                           '  p0()\n}\n'))
    assert len(card(rules, "Shrine").hooks) == 32
    assert len(reads) == 6


def test_phrases_write_out_a_bounded_text_and_the_diagnostic_names_the_chain(compile_layer) -> None:
    # 4^8 = 65 536 uses of p8, each 25 characters or so: beyond the bound
    text = _doubling(8, uses=4) + 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ {\n  p0()\n}\n'
    d = only(compile_layer(text))
    assert d.code == "E0104"
    bound = f"{MAX_WRITTEN:,}".replace(",", " ")
    sentence, chain = d.message.split(": ")
    assert sentence == f"phrases written out here come to more than {bound} characters"
    # the chain from the use in the card to the phrase written out when the bound was reached
    names = chain.split(" uses ")
    assert len(names) >= 2 and names == [f"'p{i}'" for i in range(len(names))]
    assert (d.span.path, d.span.line) == ("t.wr", line_of("ruleset t extends mini\n" + text, "  p0()"))
    # a rule set that stays within the bound writes every line out
    rules = ok(compile_layer(_doubling(3, uses=4) + 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ '
                                                    '{\n  p0()\n}\n'))
    assert len(card(rules, "Shrine").hooks) == 4 ** 3


def test_wr_check_of_a_phrase_bomb_ends_at_once_with_the_diagnostic(tmp_path) -> None:
    # 16 phrases, each using the next 10 times: 10^15 lines if they were all written out; a few
    # hundred bytes of text. The check runs in its own process, so that a hang fails the test.
    import subprocess
    import sys

    text = "ruleset bomb extends base\n" + _doubling(15, uses=10)
    text += 'card "Bomb" age 1 yellow copies 3+ {\n  p0()\n}\n'
    (tmp_path / "bomb.wr").write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "wonderrules.cli", "check", "bomb.wr", "--format", "short"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "phrases written out here come to more than" in done.stdout + done.stderr


def test_the_docs_state_the_bounds_of_phrases() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    text = " ".join((docs / "language" / "phrases.rst").read_text(encoding="utf-8").split())
    assert f"nest at most {MAX_DEPTH} deep" in text
    assert f"at most {MAX_WRITTEN:,} characters in all".replace(",", " ") in text
