"""`explain` on the core gives the reason of every kind of illegal action, as a sentence; these
tests read the sentences. Scenarios fix the boards and the deals (base game at 3: Giza A makes
stone, Rhodes A ore, Babylon A clay; seat 0's right neighbour is seat 2, its left seat 1), or
search random games for a position (a pick from the discard pile, a loss to pay, the Free City
deciding), or change a rule of the bundled game to reach a case it never has."""

from __future__ import annotations

import random

import attrs
import core_support as cs
import pytest

from wonderrules.interpreter import ir
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game

BOARDS = [("Giza", "A"), ("Rhodes", "A"), ("Babylon", "A")]
AGE1 = [["Altar", "Baths", "Timber Yard", "Lumber Yard", "Loom", "Press", "Theater"],
        ["Baths", "Stone Pit", "Clay Pool", "Glassworks", "Stockade", "Barracks", "Apothecary"],
        ["Altar", "Workshop", "Scriptorium", "Guard Tower", "Ore Vein", "Marketplace", "Tavern"]]
AGE2 = [["Temple", "Aqueduct", "Statue", "Forum", "Stables", "Walls", "Library"],
        ["Sawmill", "Quarry", "Brickyard", "Foundry", "Courthouse", "Caravansery", "Vineyard"],
        ["Bazar", "Archery Range", "Training Ground", "Dispensary", "Laboratory", "School", "Glassworks"]]


def scripted(rules: ir.RuleSet | None = None):
    game = Game(rules or cs.core_rules("base"), 3)
    return game.new_initial_state(0, boards=BOARDS, deals=[{"deal": "age", "age": 1, "cards": AGE1},
                                                            {"deal": "age", "age": 2, "cards": AGE2}])


def legal(state, player: int, action: Action) -> bool:
    return state.explain(player, action) is None


def sell_all(state, keep: dict[int, Action] | None = None) -> None:
    """One round: the given actions, every other player sells the last card of their hand."""
    keep = keep or {}
    state.apply_actions({p: keep.get(p, Action("sell", cs.hand(state, p)[-1])) for p in state.pending_decisions()})


# ---- the decision and the card --------------------------------------------------------------------


@pytest.mark.parametrize("action,reason", [
    (Action("pick", "Altar"), "the pending decision is 'play': choose 'build', 'stage', 'sell', not 'pick'"),
    (Action("fly"), "the pending decision is 'play': choose 'build', 'stage', 'sell', not 'fly'"),
    (Action("build", "Arena"),
     "'Arena' is not in the hand (it holds: Altar, Baths, Loom, Lumber Yard, Press, Theater, Timber Yard)"),
    (Action("build", "Altar", amount=1), "a 'build' action has no amount: leave it 0"),
    (Action("build", "Altar", way="magic"), "'magic' is not a way to pay for 'build' (ways: 'chain', '', 'free')"),
    (Action("build", "Altar", way="chain"), "'Altar' chains from no card: way 'chain' is not open for it"),
    (Action("build", "Altar", way="free"), "the city has no 'free_build'"),
    (Action("sell", "Altar", way="free"), "'free' is not a way to pay for 'sell' (ways: '')"),
    (Action("sell", "Altar", ((1, 2),)), "way '' costs nothing: pay nobody"),
])
def test_the_decision_the_card_and_the_way(action, reason):
    state = scripted()
    assert state.explain(0, action) == reason


def test_a_name_may_be_built_once():
    state = scripted()
    sell_all(state, {0: Action("build", "Altar")})
    assert "Altar" in cs.hand(state, 0)  # seat 2's hand came to seat 0
    assert state.explain(0, Action("build", "Altar")) == \
        "'Altar' is already in the city's zone 'built', where a name may be only once"
    assert legal(state, 0, Action("sell", "Altar"))


def test_a_card_that_chains_is_built_by_its_chain_only():
    state = scripted()
    sell_all(state, {0: Action("build", "Altar")})
    while state.age == 1:
        sell_all(state)
    assert "Temple" in cs.hand(state, 0)
    assert legal(state, 0, Action("build", "Temple", way="chain"))
    assert state.explain(0, Action("build", "Temple")) == \
        "decision 'play' offers 'build' only when no action of an earlier tier can be played for the same card " \
        "(`prefer per card: build by chain > build`): 'Temple' can be played as 'build' by way 'chain'"
    assert state.explain(2, Action("build", "Laboratory", way="chain")) == \
        "way 'chain' is open for 'Laboratory' when the city has 'Workshop'"


# ---- payments --------------------------------------------------------------------------------------


@pytest.mark.parametrize("player,action,reason", [
    (0, Action("build", "Altar", ((1, 2),)), "'Altar' needs nothing from the sellers: pay nobody"),
    (0, Action("build", "Loom", ((0, 2),)), "a city does not pay itself"),
    (1, Action("build", "Baths", ((0, -2),)), "a payment to a seller is a positive number of coins"),
    (1, Action("build", "Baths", ((0, 0),)), "a payment to a seller is a positive number of coins"),
    (1, Action("build", "Baths", ((0, 2), (0, 1))), "a payment names each seller once"),
    (1, Action("build", "Baths", ((0, 1),)),
     "paying 1 to seat 0 does not buy exactly what 'Baths' lacks; ways to pay: 2 to seat 0"),
    (1, Action("build", "Baths", ((0, 4),)),
     "paying 4 to seat 0 does not buy exactly what 'Baths' lacks; ways to pay: 2 to seat 0"),
    (1, Action("build", "Baths", ((2, 2),)),
     "paying 2 to seat 2 does not buy exactly what 'Baths' lacks; ways to pay: 2 to seat 0"),
    (1, Action("build", "Baths"), "paying nobody does not buy exactly what 'Baths' lacks; ways to pay: 2 to seat 0"),
    (1, Action("build", "Glassworks", ((2, 2),)), "'Glassworks' needs nothing from the sellers: pay nobody"),
    (2, Action("stage", "Tavern"),
     "stage 1 of Babylon needs 1 clay more than the city and its sellers can supply (production sellers "
     "keep for themselves cannot be bought)"),
])
def test_a_payment_buys_exactly_what_is_lacking_from_sellers(player, action, reason):
    state = scripted()
    assert legal(state, 1, Action("build", "Baths", ((0, 2),)))
    assert state.explain(player, action) == reason


def test_a_seat_that_does_not_sell_is_not_paid():
    """At five seats, seat 0 buys from seats 1 and 4 only."""
    state = cs.game(("base",), 5).new_initial_state(1)
    card = cs.hand(state, 0)[0]
    assert state.explain(0, Action("build", card, ((2, 2),))) == "seat 2 does not sell to this city (its sellers: 1, 4)"
    assert state.explain(0, Action("build", card, ((9, 2),))) == "seat 9 does not sell to this city (its sellers: 1, 4)"


def test_what_the_city_cannot_afford_is_too_dear():
    base = cs.core_rules("base")
    poor = attrs.evolve(base, settings=attrs.evolve(base.settings, start_coins=0))
    state = scripted(poor)
    assert state.explain(0, Action("build", "Timber Yard")) == \
        "'Timber Yard' costs 1 coin(s) and the city has 0 to spend this turn"
    assert state.explain(1, Action("build", "Baths", ((0, 2),))) == \
        "'Baths' would cost 2 coin(s) in all and the city has 0 to spend this turn"


# ---- stages, grants and requirements, in rule sets changed for the case ------------------------------


def _boards(rules: ir.RuleSet, change) -> ir.RuleSet:
    return attrs.evolve(rules, boards=tuple(change(b) for b in rules.boards))


def test_a_stage_once_every_stage_is_built():
    one = _boards(cs.core_rules("base"), lambda b: attrs.evolve(b, stages=(ir.Stage(),)))
    state = scripted(one)
    sell_all(state, {0: Action("stage", "Altar")})
    assert state.explain(0, Action("stage", "Workshop")) == "every stage of Giza is already built"


def test_a_granted_way_once_its_uses_are_spent():
    grant = ir.Hook(ir.Passive(), ir.Grant("free_build", "age", 1))
    granted = _boards(cs.core_rules("base"), lambda b: attrs.evolve(b, hooks=b.hooks + (grant,)))
    state = scripted(granted)
    assert state.explain(0, Action("build", "Altar", way="free")) == \
        "'Altar' costs nothing by way '': the 'free_build' is not spent on it"
    assert legal(state, 0, Action("build", "Timber Yard", way="free"))
    sell_all(state, {0: Action("build", "Timber Yard", way="free")})
    assert state.explain(0, Action("build", "Workshop", way="free")) == "no 'free_build' is left for this card now"


def test_a_requirement_gives_its_declared_reason_and_a_kind_without_a_card_takes_none():
    rules = cs.core_rules("base")
    closed = ir.Requirement(ir.Num(0), "the market is closed today")
    actions = tuple(attrs.evolve(k, requires=(closed,)) if k.name == "sell" else k for k in rules.actions)
    actions += (ir.ActionKind("wait", "wait"),)
    decisions = tuple(attrs.evolve(d, actions=d.actions + ("wait",)) if d.name == "play" else d
                      for d in rules.decisions)
    state = scripted(attrs.evolve(rules, actions=actions, decisions=decisions))
    assert state.explain(0, Action("sell", "Altar")) == "the market is closed today"
    assert state.explain(0, Action("wait", "Altar")) == "a 'wait' action takes no card"
    assert legal(state, 0, Action("wait"))


# ---- decisions found in random games ----------------------------------------------------------------


def find(layers, players, predicate, seeds=range(40), options=()):
    for seed in seeds:
        for state in cs.positions(layers, players, seed, options):
            found = predicate(state)
            if found is not None:
                return state, found
    raise AssertionError("no such position in the games searched")


def test_a_pick_from_the_discard_pile():
    def picking(state):
        for p, d in state.pending_decisions().items():
            if d.kind == "pick":
                discard = {c.name for c in state.shared[state.catalog.zone_index["discard"]]}
                if discard & state.cities[d.seat].names:
                    return p
        return None

    state, player = find(("cities",), 7, picking)
    choices = ", ".join(dict.fromkeys(a.card for a in state.legal_actions(player)))
    assert state.explain(player, Action("pick", "Nothing")) == \
        f"'Nothing' cannot be taken from the discard (the choices: {choices})"
    owned = sorted({c.name for c in state.shared[state.catalog.zone_index["discard"]]} &
                   state.cities[player].names)[0]
    assert state.explain(player, Action("pick", owned)) == \
        f"'{owned}' is already in the city's zone 'built', where a name may be only once"
    assert state.explain(player, Action("build", owned)) == \
        "the pending decision is 'pick': choose 'pick', not 'build'"


def test_a_loss_to_pay_in_coins_and_tokens():
    def paying(state):
        return next((p for p, d in state.pending_decisions().items() if d.kind == "pay"), None)

    state, player = find(("cities",), 5, paying)
    seat = state.pending_decisions()[player].seat
    loss = state.losses[seat]  # cities.wr: `amount 0 .. min(loss, coins)`
    coins = state.cities[seat].coins
    top = min(loss, coins)
    assert [a.amount for a in state.legal_actions(player)] == list(range(top + 1))
    assert state.explain(player, Action("build", "Altar")) == \
        "the pending decision is 'pay': choose 'pay', not 'build'"
    assert state.explain(player, Action("pay", "Altar")) == "a 'pay' action gives only its amount"
    assert state.explain(player, Action("pay", "", ((1, 1),))) == "a 'pay' action gives only its amount"
    for wrong in (top + 1, -1):
        assert state.explain(player, Action("pay", amount=wrong)) == (
            f"a 'pay' action takes an amount from 0 to {top} now (`amount 0 .. min(loss, coins)`, the loss being "
            f"{loss})")


def test_the_free_city_sells_only_when_nothing_else_can_be_played():
    def free_city(state):
        for p, d in state.pending_decisions().items():
            if d.seat == 2 and any(a.kind == "build" for a in state.legal_actions(p)):
                return p
        return None

    state, player = find(("base", "two_player"), 2, free_city)
    playable = next(a for a in state.legal_actions(player) if a.kind != "sell")
    assert all(a.kind != "sell" for a in state.legal_actions(player))
    by = f" by way '{playable.way}'" if playable.way else ""
    assert state.explain(player, Action("sell", playable.card)) == \
        f"Free City may 'sell' only when nothing else can be played (`prefer: * > sell`): '{playable.card}' can be " \
        f"played as '{playable.kind}'{by}"


def test_the_free_city_builds_by_its_chain_what_it_can():
    def chaining(state):
        for p, d in state.pending_decisions().items():
            if d.seat == 2:
                chained = [a for a in state.legal_actions(p) if a.way == "chain"]
                if chained:
                    return p, chained[0]
        return None

    state, (player, chained) = find(("base", "two_player"), 2, chaining, seeds=range(60))
    assert state.explain(player, Action("stage", chained.card)) == \
        "Free City may 'stage' only when no action of an earlier tier can be played for the same card " \
        f"(`prefer per card: build by chain > *`): '{chained.card}' can be played as 'build' by way 'chain'"
    assert all(a.card != chained.card or a == chained for a in state.legal_actions(player))


def test_every_illegal_action_of_random_games_has_a_sentence():
    """Random actions at every position of games of every kind of table: explain gives a
    sentence for each one that is not listed, and None for each listed one."""
    rng = random.Random(5)
    kinds = ("build", "stage", "sell", "pick", "pay", "fly")
    for layers, players, options in cs.TABLES:
        for state in cs.positions(layers, players, 1, options):
            for player in state.pending_decisions():
                listed = state.legal_actions(player)
                for action in listed:
                    assert state.explain(player, action) is None
                cards = cs.hand(state, player) + ["Nothing"]
                for _ in range(10):
                    pay = tuple(sorted({rng.randrange(state.n): rng.choice((1, 2, 3)) for _ in range(rng.randrange(3))}
                                       .items()))
                    action = Action(rng.choice(kinds), rng.choice(cards), pay, rng.choice(("", "chain", "free")),
                                    rng.choice((0, 0, 1)))
                    why = state.explain(player, action)
                    assert (why is None) == (action in listed), (action, why)
                    assert why is None or (why and why != "this action is not available now"), (action, why)
