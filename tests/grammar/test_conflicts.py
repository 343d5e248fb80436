"""Passes `conflicts` and `triggers`: effects of one moment whose order changes the outcome need a
declared order (E0402), from what their core operations read and write; builds, and tokens
gained, must not trigger each other without end (E0403)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from grammar_support import MINI, codes, line_of, only
from hypothesis import given, settings
from hypothesis import strategies as st

from wonderrules.grammar.checks import conflicts
from wonderrules.grammar.checks.conflicts import Effects, _order_dependent, first_conflicts
from wonderrules.grammar.compiler import compile_rules
from wonderrules.interpreter import ir

BASE = Path(__file__).resolve().parents[2] / "rulesets" / "base.wr"

GAIN = 'replace card "Log" age 1 brown copies 3+ 4+ { end of turn: gain 1 coin }'
LOSE = 'replace card "Rock" age 1 brown copies 3+ 4+ { end of turn: others lose 1 coin }'
#: an action that builds a card of the discard pile, and the decision that asks it (two lines)
PICK = ('action pick "build {card} from the discard pile" { card from discard  unique in built  '
        'then: move card to built }\ndecision pick: pick\n')


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


@pytest.fixture(scope="module")
def effects() -> Effects:
    rules = compile_rules([str(BASE)])
    assert rules.ok
    return Effects(rules.model, rules.rules)


def test_a_loss_that_asks_a_decision_writes_what_its_actions_write() -> None:
    # cities.wr: `lose N coins or decide pay`, whose action loses coins and gains debt tokens
    rules = compile_rules([str(BASE), str(BASE.with_name("cities.wr"))])
    assert rules.ok
    effects = Effects(rules.model, rules.rules)
    reads, writes = effects.reads_writes(ir.LoseCoins(ir.Num(1), or_decide="pay"))
    assert writes == {"coins-", "tokens+"} and "coins" in reads


def test_reads_and_writes_of_core_operations(effects: Effects) -> None:
    cards = ir.Quantity("cards", ("brown",))
    assert effects.reads_writes(ir.GainCoins(cards)) == ({"cards"}, {"coins+"})
    assert effects.reads_writes(ir.GainCoins(ir.Num(1))) == (set(), {"coins+"})
    assert effects.reads_writes(ir.LoseCoins(ir.Num(1))) == ({"coins"}, {"coins-"})
    assert effects.reads_writes(ir.Score(ir.Num(1))) == (set(), set())
    assert effects.reads_writes(ir.Move(ir.Num(1), "discard", "built")) == (
        {"zone discard"}, {"zone discard", "zone built", "cards+", "symbols+"})


def test_a_decision_does_what_its_actions_do(effects: Effects) -> None:
    # base's `pick` takes a card of the discard pile and builds it, free: no coin moves
    assert effects.reads_writes(ir.Decide("pick")) == (
        {"zone discard"}, {"zone discard", "zone built", "cards+", "symbols+"})
    # `play` may pay a card's cost, or a stage's, to the bank and to the sellers
    reads, writes = effects.reads_writes(ir.Decide("play"))
    assert {"coins", "zone hand"} <= reads
    assert {"coins-", "coins+", "cards+", "stages+", "zone hand", "zone discard"} <= writes
    assert effects.builds(ir.Decide("pick")) and not effects.builds(ir.GainCoins(ir.Num(1)))


def test_gain_and_loss_at_the_same_moment_need_an_order(compile_layer) -> None:
    text = GAIN + "\n" + LOSE
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0402"
    assert d.message == ("at end of turn, 'lose' (card 'Rock') and 'gain' (card 'Log') both touch coins, "
                         "and their order is not declared")
    assert (d.span.line, d.span.column) == (3, col(LOSE, "end of turn"))
    assert [(lb.span.line, lb.message) for lb in d.labels] == [(2, "'gain' here")]
    assert d.help == ("declare it in the game block, in the order they should run: "
                      "`order end of turn: gain, lose`")


def test_a_declared_order_settles_it(compile_layer) -> None:
    assert compile_layer(f"game {{ order end of turn: lose, gain }}\n{GAIN}\n{LOSE}\n").ok


def test_an_order_missing_a_step_is_extended_in_the_help(compile_files) -> None:
    lower = MINI.replace("  tie break coins\n", "  tie break coins\n  order end of turn: gain, decide\n")
    r = compile_files({"mini.wr": lower, "t.wr": f"ruleset t extends mini\n{GAIN}\n{LOSE}\n"})
    d = only(r, "E0402")
    assert d.help == ("declare it in the game block, in the order they should run: "
                      "`override order end of turn: gain, decide, lose`")
    assert d.labels[1].span.path == "mini.wr" and d.labels[1].message == "the declared order"
    assert d.labels[1].span.line == line_of(lower, "order end of turn")


def test_the_new_layer_is_pointed_at(compile_files) -> None:
    # the gain is in the lower layer, the loss in the new one: the caret goes to the new one
    lower = MINI.replace('card "Log" age 1 brown copies 3+ 4+ { passive: produce wood }', GAIN[len("replace "):])
    r = compile_files({"mini.wr": lower, "t.wr": f"ruleset t extends mini\n{LOSE}\n"})
    d = only(r, "E0402")
    assert d.span.path == "t.wr" and d.labels[0].span.path == "mini.wr"


def test_effects_of_different_moments_do_not_conflict(compile_layer) -> None:
    r = compile_layer(GAIN.replace("end of turn", "on build") + "\n" + LOSE + "\n")
    assert "E0402" not in codes(r)


def test_base_declares_what_it_needs() -> None:
    # Vineyard / Bazar gain and Halicarnassus builds at the end of a turn: base orders them
    r = compile_rules([str(BASE)])
    assert r.ok and not [d for d in r.diagnostics if d.code == "E0402"]


def test_base_without_its_order_is_refused(tmp_path: Path) -> None:
    text = BASE.read_text(encoding="utf-8")
    assert text.count("  order end of turn: gain, decide\n") == 1
    (tmp_path / "base.wr").write_text(text.replace("  order end of turn: gain, decide\n", ""), encoding="utf-8")
    d = only(compile_rules([str(tmp_path / "base.wr")]), "E0402")
    assert "'decide'" in d.message and "'gain'" in d.message and d.message.endswith(
        "both touch cards, and their order is not declared")


def test_a_card_that_builds_from_the_discard_when_built(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ { end of turn: decide pick }'
    d = only(compile_layer(PICK + text + "\n"))
    assert d.code == "E0403"
    assert d.message == "card 'Log' builds when it is built, so what it builds may do the same again, without end"
    assert (d.span.line, d.span.column) == (4, col(text, "end of turn"))


def test_two_cards_building_each_other(compile_layer) -> None:
    r = compile_layer(PICK + 'replace card "Log" age 1 brown copies 3+ 4+ { end of turn: decide pick }\n'
                      'replace card "Rock" age 1 brown copies 3+ 4+ { on build: decide pick }\n')
    # each may build the other, or one like itself, from the discard pile: each is named where it builds
    msgs = sorted(d.message for d in r.diagnostics if d.code == "E0403")
    assert msgs == [f"card '{name}' builds when it is built, so what it builds may do the same again, without end"
                    for name in ("Log", "Rock")]


def test_a_stage_that_builds_from_the_discard_is_no_cycle(compile_layer) -> None:
    # a wonder stage is not built again by a build from the discard pile (Halicarnassus)
    r = compile_layer(PICK + 'replace wonder "Tower" side A { start stone  stage cost 2 wood '
                      '{ end of turn: decide pick } }\n')
    assert r.ok, [d.message for d in r.diagnostics]


def test_an_effect_run_at_each_moment_is_no_cycle(compile_layer) -> None:
    # only a card's own once-effects come again with each card built
    r = compile_layer(PICK + 'replace card "Log" age 1 brown copies 3+ 4+ { each end of turn: decide pick }\n')
    assert "E0403" not in codes(r)


def test_tokens_gained_whenever_tokens_are_gained(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ { whenever self gains victory tokens: gain 1 victory token }'
    d = only(compile_layer(text + "\n"), "E0403")
    assert d.message == "tokens gained trigger each other without end: card 'Log' (gains victory tokens) -> card 'Log'"
    other = 'replace card "Log" age 1 brown copies 3+ 4+ { whenever self gains victory tokens: gain 1 defeat token }'
    assert "E0403" not in codes(compile_layer(other + "\n"))


def test_an_earlier_harmless_effect_does_not_hide_a_conflict(compile_layer) -> None:
    # the first coin gain of the moment counts nothing; the second counts cards, which the
    # stage's build from the discard pile adds: their order matters
    r = compile_layer(PICK + 'replace card "Log" age 1 brown copies 3+ 4+ { end of turn: gain 1 coin }\n'
                      'replace card "Rock" age 1 brown copies 3+ 4+ '
                      '{ end of turn: gain 1 coin per brown card in left, right }\n'
                      'replace wonder "Tower" side A { start stone  stage cost 2 wood '
                      '{ end of turn: decide pick } }\n')
    d = only(r, "E0402")
    assert d.message == ("at end of turn, 'decide' (Tower A stage 1) and 'gain' (card 'Rock') both touch cards, "
                         "and their order is not declared")
    assert d.labels[0].span.line == 5


# ---- moments: the effects that run together -------------------------------------------------------

def test_each_end_of_turn_shares_the_end_of_turn(compile_layer) -> None:
    # `each end of turn` effects run at the moment `end of turn`, with the `end of turn` ones
    r = compile_layer(GAIN.replace("end of turn", "each end of turn") + "\n" + LOSE + "\n")
    d = only(r, "E0402")
    assert d.message.startswith("at end of turn, 'lose' (card 'Rock') and 'gain' (card 'Log')")
    assert d.help.endswith("`order end of turn: gain, lose`")


def test_order_end_of_turn_settles_each_end_of_turn_too(compile_layer) -> None:
    text = GAIN.replace("end of turn", "each end of turn") + "\n" + LOSE.replace("end of turn", "each end of turn")
    assert compile_layer(f"game {{ order end of turn: gain, lose }}\n{text}\n").ok


def test_whenever_effects_run_with_the_build_effects(compile_layer) -> None:
    r = compile_layer(GAIN.replace("end of turn", "on build") + "\n"
                      + LOSE.replace("end of turn", "whenever left, right builds cards") + "\n")
    d = only(r, "E0402")
    assert d.message.startswith("on build, 'lose' (card 'Rock') and 'gain' (card 'Log') both touch coins")
    assert d.help == "declare it in the game block, in the order they should run: `order on build: gain, lose`"
    text = GAIN.replace("end of turn", "on build") + "\n" + LOSE.replace("end of turn", "whenever left builds cards")
    assert compile_layer(f"game {{ order on build: lose, gain }}\n{text}\n").ok


def test_effects_at_each_end_of_age(compile_layer) -> None:
    d = only(compile_layer(GAIN.replace("end of turn", "each end of age") + "\n"
                           + LOSE.replace("end of turn", "each end of age") + "\n"), "E0402")
    assert d.message.startswith("at end of age, 'lose'")
    assert d.help.endswith("`order end of age: gain, lose`")


def test_an_order_of_this_layer_is_completed_without_override(compile_layer) -> None:
    # `override` would be refused (E0102, the same layer sets it twice): the help edits the line
    d = only(compile_layer(f"game {{ order end of turn: decide }}\n{GAIN}\n{LOSE}\n"), "E0402")
    assert d.help == ("name both steps in the declared order, in the order they should run: "
                      "`order end of turn: decide, gain, lose`")
    assert d.labels[1].message == "the declared order" and d.labels[1].span.line == 2


#: a deck of heroes dealt to a zone of their own, from which they are only ever built
HEROES = ('decks: heroes\nzone court: each seat, seen by owner\n'
          'deal heroes from deck heroes { 1 cards to court of each player }\n'
          'action hire "hire {card}" { card from court  then: move card to built }\n'
          'decision hire: hire\n')


def test_a_card_that_never_lies_in_the_discard_may_build_from_it(compile_layer) -> None:
    # the hero is never in the discard pile, so no build from the discard pile builds it again
    hero = 'card "Sage" age 1 blue deck heroes copies 3+ 4+ { end of turn: decide pick }\n'
    r = compile_layer(PICK + HEROES + hero)
    assert "E0403" not in codes(r), [d.message for d in r.diagnostics]


def test_a_card_that_can_be_discarded_still_may_not_build_from_the_discard(compile_layer) -> None:
    # one more action puts heroes in the discard pile: then the hero may be built from it again
    hero = 'card "Sage" age 1 blue deck heroes copies 3+ 4+ { end of turn: decide pick }\n'
    drop = 'action drop "drop {card}" { card from court  then: move card to discard }\n'
    d = only(compile_layer(PICK + HEROES + drop + hero), "E0403")
    assert d.message == "card 'Sage' builds when it is built, so what it builds may do the same again, without end"


# ---- how much work the check does -------------------------------------------------------------

def _pairwise(effects: list[tuple[str, tuple[set[str], set[str]]]], settled) -> list[tuple[int, int]]:
    """The definition, pair by pair: for each effect, every earlier one in order; the first pair
    of each two steps that depends (and is not settled) is reported."""
    reported: set[frozenset[str]] = set()
    out = []
    for j, (step, rw) in enumerate(effects):
        for i, (other, other_rw) in enumerate(effects[:j]):
            pair = frozenset((step, other))
            if other == step or pair in reported or settled(step, other):
                continue
            if _order_dependent(rw, other_rw) is not None:
                reported.add(pair)
                out.append((j, i))
    return out


_QUANTITIES = ["coins", "tokens", "cards", "stages", "symbols", "zone hand", "zone discard"]
_WRITES = ["coins+", "coins-", "tokens+", "tokens-", "cards+", "stages+", "symbols+", "zone hand",
           "zone discard"]
_EFFECT = st.tuples(st.sampled_from(["gain", "lose", "decide", "move"]),
                    st.tuples(st.sets(st.sampled_from(_QUANTITIES), max_size=3),
                              st.sets(st.sampled_from(_WRITES), max_size=3)))


@settings(max_examples=300, deadline=None)
@given(effects=st.lists(_EFFECT, max_size=12),
       settled_pairs=st.sets(st.frozensets(st.sampled_from(["gain", "lose", "decide", "move"]), min_size=2,
                                           max_size=2)))
def test_the_indexed_search_finds_the_pairs_the_definition_finds(effects, settled_pairs) -> None:
    def settled(a: str, b: str) -> bool:
        return frozenset((a, b)) in settled_pairs

    assert first_conflicts(effects, settled) == _pairwise(effects, settled)


def test_many_effects_at_one_moment_are_checked_in_linear_time(tmp_path: Path) -> None:
    # 5,400 effects at the end of each turn from 50 KB of text: a phrase of 60 lines used by 60
    # guilds (about 97,000 characters written out), and 30 guilds of 60 lines; comparing every
    # pair took about half a minute of processor time
    lines = "".join(f"  end of turn: {'gain' if i % 2 else 'lose'} 1 coin\n" for i in range(60))
    text = ("ruleset many extends base\ngame { override order end of turn: gain, decide, lose }\n"
            f"phrase tick() {{\n{lines}}}\n"
            + "".join(f'card "Tick {i}" age 3 purple pool guilds {{ tick() }}\n' for i in range(60))
            + "".join(f'card "Tock {i}" age 3 purple pool guilds {{\n{lines}}}\n' for i in range(30)))
    assert len(text) < 100_000
    (tmp_path / "many.wr").write_text(text, encoding="utf-8")
    result = compile_rules([str(tmp_path / "many.wr")])
    assert result.ok, [d.message for d in result.diagnostics]
    began = time.process_time()
    assert conflicts.check(result.model, result.rules) == []
    assert time.process_time() - began < 3


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ref", ["base", "cities", "leaders", "two_player",
                                 *sorted(str(p) for p in (ROOT / "docs" / "examples").glob("*.wr"))])
def test_every_written_effect_is_joined_to_its_compiled_form_by_its_origin(ref: str) -> None:
    """The conflicts pass reads each effect as written beside its compiled form, joined by the
    place it is written (the compiled effect's origin), never lowered a second time: every effect
    of the model is found, and the two agree on what the effect is."""
    from wonderrules.grammar.checks.structure import all_hooks

    result = compile_rules([ref])
    assert result.ok, ref
    found = list(conflicts.entries(result.model, result.rules))
    assert len(found) == sum(1 for _ in all_hooks(result.model)) > 0
    for _, hook, compiled, _ in found:
        assert compiled.origin is not None
        assert (compiled.origin.path, compiled.origin.line, compiled.origin.column) == (
            hook.span.path, hook.span.line, hook.span.column)


def test_an_effect_of_a_file_whose_name_is_not_printable_is_joined_by_its_escaped_origin(tmp_path) -> None:
    """A compiled origin writes a path's unprinted characters as escapes: the join reads the
    written place the same way, and still finds every effect."""
    path = tmp_path / "a\nb\x1b.wr"
    path.write_text('ruleset odd extends base\nreplace card "Tavern" age 1 yellow copies 4+ 5+ 7+ '
                    '{ on build: gain 6 coins }\n', encoding="utf-8")
    result = compile_rules([str(path)])
    assert result.ok, result.diagnostics
    owners = [owner for owner, hook, _, _ in conflicts.entries(result.model, result.rules)
              if hook.span.path == str(path)]
    assert owners == ["card 'Tavern'"]
