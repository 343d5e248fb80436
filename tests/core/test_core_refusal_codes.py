"""Every refusal carries a stable code beside its sentence: one test per code, each in a real
position (the scripted base game of test_core_explain at three seats: Giza A makes stone, Rhodes A
ore, Babylon A clay; positions found in random games; or the bundled game with one rule changed),
asserting the code and the sentence; and the codes the engine can give are exactly those
docs/engine.rst lists, in the order of ``wr.REFUSAL_CODES``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs
import core_support as cs
import pytest
from test_core_explain import find, scripted, sell_all

import wonderrules as wr
from wonderrules import Action, IllegalActionError, Refusal
from wonderrules.interpreter import ir
from wonderrules.interpreter.refusals import REFUSAL_CODES, refusal

ROOT = Path(__file__).resolve().parents[2]


def refused(state, player: int, action: Action, code: str, sentence: str) -> None:
    """`action` is refused with `code` and `sentence`, by refusal, explain and apply_actions alike."""
    assert state.refusal(player, action) == Refusal(code, sentence)
    assert state.explain(player, action) == sentence
    others = {p: state.legal_actions(p)[0] for p in state.pending_decisions() if p != player}
    with pytest.raises(IllegalActionError) as caught:
        state.apply_actions({**others, player: action})
    assert caught.value.codes == {player: code}
    assert caught.value.code(player) == code
    assert caught.value.reasons == {player: sentence}


def with_build_way(way: ir.Way) -> ir.RuleSet:
    rules = cs.core_rules("base")
    actions = tuple(attrs.evolve(k, ways=k.ways + (way,)) if k.name == "build" else k for k in rules.actions)
    return attrs.evolve(rules, actions=actions)


def with_boards(change) -> ir.RuleSet:
    rules = cs.core_rules("base")
    return attrs.evolve(rules, boards=tuple(change(b) for b in rules.boards))


# ---- the state's own refusals ------------------------------------------------------------------------


def test_game_over():
    state = cs.random_game(("base",), 3, seed=4)
    assert state.is_terminal()
    assert state.refusal(0, Action("sell", "Altar")) == Refusal("game-over", "the game is over")


def picking(state):
    """A position where one player picks from the discard pile while the others wait."""
    for p, d in state.pending_decisions().items():
        if d.kind == "pick" and len(state.pending_decisions()) == 1:
            return p
    return None


def test_not_your_turn():
    state, picker = find(("cities",), 7, picking)
    idle = (picker + 1) % 7
    refused(state, idle, Action("sell", "Altar"), "not-your-turn",
            f"player {idle} has no decision to make now (waiting for: {picker})")


def test_choice_missing():
    state = scripted()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_actions({0: Action("sell", "Altar")})
    assert caught.value.codes == {1: "choice-missing", 2: "choice-missing"}
    assert caught.value.reasons == {1: "player 1 must choose (play)", 2: "player 2 must choose (play)"}
    assert caught.value.code(0) is None
    assert str(caught.value) == "player 1: player 1 must choose (play); player 2: player 2 must choose (play)"


# ---- the decision, the card, the way -------------------------------------------------------------------


@pytest.mark.parametrize("action,code,sentence", [
    (Action("pick", "Altar"), "wrong-decision",
     "the pending decision is 'play': choose 'build', 'stage', 'sell', not 'pick'"),
    (Action("build", "Altar", amount=1), "field-not-used", "a 'build' action has no amount: leave it 0"),
    (Action("build", "Arena"), "card-not-in-zone",
     "'Arena' is not in the hand (it holds: Altar, Baths, Loom, Lumber Yard, Press, Theater, Timber Yard)"),
    (Action("build", "Altar", way="magic"), "unknown-way",
     "'magic' is not a way to pay for 'build' (ways: 'chain', '', 'free')"),
    (Action("build", "Altar", way="chain"), "chain-needed",
     "'Altar' chains from no card: way 'chain' is not open for it"),
    (Action("build", "Altar", way="free"), "no-grant", "the city has no 'free_build'"),
    (Action("sell", "Altar", ((1, 2),)), "pay-nobody", "way '' costs nothing: pay nobody"),
    (Action("build", "Loom", ((0, 2),)), "bad-payment", "a city does not pay itself"),
])
def test_codes_of_the_first_turn(action, code, sentence):
    refused(scripted(), 0, action, code, sentence)


def test_field_not_used_of_a_pay_decision_and_amount_out_of_range():
    def paying(state):
        return next((p for p, d in state.pending_decisions().items() if d.kind == "pay"), None)

    state, player = find(("cities",), 5, paying)
    seat = state.pending_decisions()[player].seat
    loss, coins = state.losses[seat], state.cities[seat].coins
    top = min(loss, coins)
    refused(state, player, Action("pay", "Altar"), "field-not-used", "a 'pay' action gives only its amount")
    refused(state, player, Action("pay", amount=top + 1), "amount-out-of-range",
            f"a 'pay' action takes an amount from 0 to {top} now (`amount 0 .. min(loss, coins)`, the loss being "
            f"{loss})")
    refused(state, player, Action("build", "Altar"), "wrong-decision",
            "the pending decision is 'pay': choose 'pay', not 'build'")


def test_card_not_offered_and_duplicate_name():
    def owned_in_discard(state):
        p = picking(state)
        if p is None:
            return None
        discard = {c.name for c in state.shared[state.catalog.zone_index["discard"]]}
        both = sorted(discard & state.cities[state.pending_decisions()[p].seat].names)
        return (p, both[0]) if both else None

    state, (player, owned) = find(("cities",), 7, owned_in_discard)
    choices = ", ".join(dict.fromkeys(a.card for a in state.legal_actions(player)))
    refused(state, player, Action("pick", "Nothing"), "card-not-offered",
            f"'Nothing' cannot be taken from the discard (the choices: {choices})")
    refused(state, player, Action("pick", owned), "duplicate-name",
            f"'{owned}' is already in the city's zone 'built', where a name may be only once")


def test_requirement_unmet_gives_the_declared_reason():
    rules = cs.core_rules("base")
    closed = ir.Requirement(ir.Num(0), "the market is closed today")
    actions = tuple(attrs.evolve(k, requires=(closed,)) if k.name == "sell" else k for k in rules.actions)
    refused(scripted(attrs.evolve(rules, actions=actions)), 0, Action("sell", "Altar"), "requirement-unmet",
            "the market is closed today")


def test_not_preferred_by_a_seat_for_the_same_card():
    def chaining(state):
        for p, d in state.pending_decisions().items():
            if d.seat == 2:
                chained = [a for a in state.legal_actions(p) if a.way == "chain"]
                if chained:
                    return p, chained[0]
        return None

    state, (player, chained) = find(("base", "two_player"), 2, chaining, seeds=range(60))
    refused(state, player, Action("stage", chained.card), "not-preferred",
            "Free City may 'stage' only when no action of an earlier tier can be played for the same card "
            f"(`prefer per card: build by chain > *`): '{chained.card}' can be played as 'build' by way 'chain'")


def test_not_preferred_by_a_seat_over_the_decision():
    def free_city(state):
        for p, d in state.pending_decisions().items():
            if d.seat == 2 and any(a.kind == "build" for a in state.legal_actions(p)):
                return p
        return None

    state, player = find(("base", "two_player"), 2, free_city)
    playable = next(a for a in state.legal_actions(player) if a.kind != "sell")
    by = f" by way '{playable.way}'" if playable.way else ""
    refused(state, player, Action("sell", playable.card), "not-preferred",
            f"Free City may 'sell' only when nothing else can be played (`prefer: * > sell`): '{playable.card}' can "
            f"be played as '{playable.kind}'{by}")


def test_all_stages_built():
    state = scripted(with_boards(lambda b: attrs.evolve(b, stages=(ir.Stage(),))))
    sell_all(state, {0: Action("stage", "Altar")})
    refused(state, 0, Action("stage", "Workshop"), "all-stages-built", "every stage of Giza is already built")


def test_not_preferred_by_the_decision():
    state = scripted()
    sell_all(state, {0: Action("build", "Altar")})
    while state.age == 1:
        sell_all(state)
    refused(state, 0, Action("build", "Temple"), "not-preferred",
            "decision 'play' offers 'build' only when no action of an earlier tier can be played for the same card "
            "(`prefer per card: build by chain > build`): 'Temple' can be played as 'build' by way 'chain'")


def test_no_grant_left_and_grant_not_needed():
    grant = ir.Hook(ir.Passive(), ir.Grant("free_build", "age", 1))
    state = scripted(with_boards(lambda b: attrs.evolve(b, hooks=b.hooks + (grant,))))
    refused(state, 0, Action("build", "Altar", way="free"), "grant-not-needed",
            "'Altar' costs nothing by way '': the 'free_build' is not spent on it")
    sell_all(state, {0: Action("build", "Timber Yard", way="free")})
    refused(state, 0, Action("build", "Workshop", way="free"), "no-grant-left",
            "no 'free_build' is left for this card now")


# ---- payments ---------------------------------------------------------------------------------------------


def test_payment_codes():
    state = scripted()
    refused(state, 0, Action("build", "Altar", ((1, 2),)), "pay-nobody",
            "'Altar' needs nothing from the sellers: pay nobody")
    refused(state, 1, Action("build", "Baths", ((0, 2), (0, 1))), "bad-payment", "a payment names each seller once")
    refused(state, 1, Action("build", "Baths", ((0, 1),)), "payment-mismatch",
            "paying 1 to seat 0 does not buy exactly what 'Baths' lacks; ways to pay: 2 to seat 0")
    refused(state, 2, Action("stage", "Tavern"), "resources-missing",
            "stage 1 of Babylon needs 1 clay more than the city and its sellers can supply (production sellers "
            "keep for themselves cannot be bought)")


def test_cannot_afford():
    base = cs.core_rules("base")
    state = scripted(attrs.evolve(base, settings=attrs.evolve(base.settings, start_coins=0)))
    refused(state, 0, Action("build", "Timber Yard"), "cannot-afford",
            "'Timber Yard' costs 1 coin(s) and the city has 0 to spend this turn")
    refused(state, 1, Action("build", "Baths", ((0, 2),)), "cannot-afford",
            "'Baths' would cost 2 coin(s) in all and the city has 0 to spend this turn")


def test_way_costs_more():
    """A way `bank` that pays one resource unit less for a coin more: seat 0 (Giza) makes the
    stone of the Baths itself, and the Altar needs no resources."""
    state = scripted(with_build_way(ir.Way("bank", units_less=1, coins_more=1)))
    refused(state, 0, Action("build", "Baths", way="bank"), "way-costs-more",
            "way 'bank' costs more and pays the sellers no less than paying 'Baths' as it is (paying nobody)")
    refused(state, 0, Action("build", "Altar", way="bank"), "way-costs-more",
            "'Altar' needs no resources: way 'bank' would only cost more")


def test_not_available_is_the_safeguard_of_an_action_no_rule_refuses():
    """No position is known where it answers: the judge, asked about listed actions (which the
    state never does), finds no rule that refuses them and says so with the safeguard's code."""
    state = scripted()
    assert Action("sell", "Altar") in state.legal_actions(0)
    assert refusal(state, 0, Action("sell", "Altar")) == Refusal("not-available", "this action is not available now")
    assert Action("build", "Baths", ((0, 2),)) in state.legal_actions(1)
    assert refusal(state, 1, Action("build", "Baths", ((0, 2),))) == \
        Refusal("not-available", "'Baths' is not paid this way now")
    assert state.refusal(0, Action("sell", "Altar")) is None


# ---- the list of codes ----------------------------------------------------------------------------------


def codes_in_source() -> set[str]:
    """The codes of every Refusal the engine builds (its first argument, always a literal)."""
    found = set()
    for module in ("refusals.py", "state.py"):
        tree = ast.parse((ROOT / "interpreter" / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refusal":
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.dump(first)
                found.add(first.value)
    return found


def codes_in_docs() -> list[str]:
    text = (ROOT / "docs" / "engine.rst").read_text(encoding="utf-8")
    section = text.split("\nRefusal codes\n-------------\n", 1)[1].split("\n.. code-block::", 1)[0]
    return re.findall(r"^``([a-z-]+)``", section, re.MULTILINE)


def test_the_codes_the_engine_gives_are_the_documented_list():
    assert codes_in_source() == set(REFUSAL_CODES)
    assert codes_in_docs() == list(REFUSAL_CODES)
    assert len(set(REFUSAL_CODES)) == len(REFUSAL_CODES)
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", code) for code in REFUSAL_CODES)
    assert wr.REFUSAL_CODES is REFUSAL_CODES and "Refusal" in wr.__all__


def test_a_refusal_is_a_frozen_value():
    found = Refusal("unknown-way", "'magic' is not a way")
    assert str(found) == "'magic' is not a way"
    assert found.to_json() == {"code": "unknown-way", "sentence": "'magic' is not a way"}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        found.code = "other"  # type: ignore[misc]
    assert hash(found) == hash(Refusal("unknown-way", "'magic' is not a way"))


def test_every_code_of_this_file_is_tested():
    """Each code of the list appears in a test of this file as the code of a refusal."""
    text = Path(__file__).read_text(encoding="utf-8")
    asserted = set(re.findall(r'"([a-z]+(?:-[a-z]+)+|[a-z]+)"', text)) & set(REFUSAL_CODES)
    assert asserted == set(REFUSAL_CODES)
