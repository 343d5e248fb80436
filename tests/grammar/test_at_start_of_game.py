"""The moment `start of game` of the base flow, and `override at MOMENT { ... }`: a layer attaches
steps before Age I without restating the flow (the Leaders draft, the cookbook's draft and
reserve), and a higher layer replaces the steps lower layers attached to a moment."""

from __future__ import annotations

from pathlib import Path

from grammar_support import codes, only

import wonderrules as wr
from wonderrules.interpreter import ir
from wonderrules.interpreter.catalog import Catalog
from wonderrules.interpreter.program import kind

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def kinds(rules: ir.RuleSet) -> list[str]:
    """The kinds of the compiled program's instructions, in order."""
    return [kind(instr) for instr in Catalog(rules).program.instructions]


def test_the_base_flow_runs_the_start_of_the_game_before_the_first_age() -> None:
    rules = wr.load_rules("base")
    assert rules.flow[0] == ir.AtStep("start of game", rules.flow[0].origin)
    assert isinstance(rules.flow[1], ir.EachAge)
    assert not [m for m in rules.moments if m.moment == "start of game"]  # nothing attached in base
    # nothing can happen at that moment in base (no contest, no effect waits for it): the program
    # runs no moment there, and opens on Age I
    assert kinds(rules)[:3] == ["age", "deal", "turn"]


def test_the_leaders_draft_runs_at_the_start_of_the_game_and_the_flow_is_the_base_one() -> None:
    base, leaders = wr.load_rules("base"), wr.load_rules("leaders")
    assert [type(st) for st in leaders.flow] == [type(st) for st in base.flow]
    # the steps attached to the moment (at which no effect runs): the deal of the leaders and four
    # picks each followed by a pass, then Age I
    assert kinds(leaders)[:8] == ["deal", "reset", "repeat", "round", "pass", "jump", "age", "deal"]


def test_the_cities_and_leaders_table_drafts_once() -> None:
    rules = wr.load_rules("cities_leaders")
    attached = [m for m in rules.moments if m.moment == "start of game"]
    assert len(attached) == 1 and isinstance(attached[0].steps[0], ir.DealStep)


def test_override_at_replaces_the_steps_lower_layers_attached(compile_files) -> None:
    draft = (EXAMPLES / "draft.wr").read_text(encoding="utf-8")
    undo = ("ruleset no_draft extends draft\nremove deal draft\nremove decision draft\nremove action keep\n"
            "remove zone packet\nremove zone court\noverride at start of game {}\n")
    r = compile_files({"draft.wr": draft, "no_draft.wr": undo})
    assert r.ok, codes(r)
    assert r.rules is not None
    attached = [m for m in r.rules.moments if m.moment == "start of game"]
    assert [m.steps for m in attached] == [()]
    assert kinds(r.rules) == kinds(wr.load_rules("base"))


def test_override_at_with_steps_keeps_only_its_own(compile_layer) -> None:
    r = compile_layer('at end of turn {\n  discard hand to discard\n}\n'
                      'override at end of turn {\n  discard tucked to discard\n}\n')
    assert r.ok, codes(r)
    assert r.rules is not None
    steps = [st for m in r.rules.moments if m.moment == "end of turn" for st in m.steps]
    assert [st.zones for st in steps if isinstance(st, ir.DiscardStep)] == [("tucked",)]


def test_override_at_a_moment_no_lower_layer_attaches_steps_to_is_refused(compile_layer) -> None:
    r = compile_layer("override at end of turn {\n  discard hand to discard\n}\n")
    d = only(r, "E0404")
    assert d.span.path == "t.wr" and d.span.line == 2
    assert "no lower layer attaches" in d.message
    assert "remove `override`" in (d.help or "")



def test_an_effect_waiting_for_the_start_of_the_game_runs_there_before_the_first_deal(compile_files) -> None:
    gift = "ruleset gift extends base\neach player {\n  each start of game: gain 2 coins\n}\n"
    r = compile_files({"gift.wr": gift})
    assert r.ok, codes(r)
    assert r.rules is not None
    assert kinds(r.rules)[:3] == ["moment", "age", "deal"]  # the moment runs, as an effect waits for it
    state = wr.Game(r.rules, 3).new_initial_state(seed=1)
    assert [city.coins for city in state.cities] == [5, 5, 5]  # 3 coins to start (base.wr), 2 more
