"""Lowering: the checked model becomes the compiled rule set on the core (IR) the engine runs:
the vocabulary, settings, the structure (zones, deals, actions, decisions, market, flow, moments,
contests, neutral seats) and every effect as a hook, each with where it was written."""

from __future__ import annotations

import attrs
import pytest
from grammar_support import MINI, line_of

from wonderrules.interpreter import ir

SELF, LEFT, RIGHT = ir.Relation("self"), ir.Relation("left"), ir.Relation("right")
PASSIVE, END_OF_GAME = ir.Passive(), ir.EndOfGame()


@pytest.fixture
def mini(compile_files) -> ir.RuleSet:
    r = compile_files({"mini.wr": MINI})
    assert r.ok and r.diagnostics == ()
    return r.rules


def layer(compile_layer, text: str) -> ir.RuleSet:
    r = compile_layer(text)
    assert r.ok, [(d.code, d.message) for d in r.diagnostics]
    return r.rules


def bare(node):
    """`node` without its origins (and those of what it holds)."""
    if attrs.has(type(node)):
        return attrs.evolve(node, **{f.name: None if f.name == "origin" else bare(getattr(node, f.name))
                                     for f in attrs.fields(type(node))})
    if isinstance(node, tuple):
        return tuple(bare(x) for x in node)
    return node


def test_header_and_vocabulary(mini: ir.RuleSet) -> None:
    assert (mini.format, mini.name, mini.title, mini.layers) == (3, "mini", "Mini", ("mini",))
    assert mini.resources == (ir.Resource("wood", "raw"), ir.Resource("stone", "raw"),
                              ir.Resource("glass", "manufactured"))
    assert mini.symbol_groups == (ir.SymbolGroup("science", ("compass", "gear")),
                                  ir.SymbolGroup("military", ("shield",)))
    assert mini.tokens == ("victory", "defeat")
    assert mini.colours[2] == ir.Colour("blue", "civilian") and mini.colours[0] == ir.Colour("brown", None)
    assert mini.decks == ("age",) and mini.abilities == () and mini.pools == ()


def test_settings(mini: ir.RuleSet) -> None:
    st = mini.settings
    assert st.players == (3, 4) and st.start_coins == 3 and st.ages == 2
    assert st.hand == ir.Num(2) and st.turns == ir.Num(1)
    assert st.pass_directions == ("left", "right")
    assert st.stages_category == "wonder" and st.tie_break == ("coins",) and st.card_zone == "built"
    assert st.pool_draws == () and st.order == () and st.neutral_seats == ()


def test_zones_deals_and_market(mini: ir.RuleSet) -> None:
    assert bare(mini.zones) == (ir.Zone("hand", seen_by="owner"), ir.Zone("built", seen_by="everyone", active=True),
                                ir.Zone("tucked"), ir.Zone("discard", per="shared"))
    assert bare(mini.deals) == (ir.Deal("age", "age", (ir.DealTarget("hand", "players", ir.Var("hand")),)),)
    assert bare(mini.market) == ir.Market((LEFT, RIGHT), ("board", "brown", "grey"), 2)


def test_actions_and_decisions(mini: ir.RuleSet) -> None:
    build, stage, sell = bare(mini.actions)
    assert build == ir.ActionKind("build", "build {card}", card_from="hand", unique_in="built", cost="card",
                                  ways=(ir.Way("chain", free=True, when="chained"), ir.Way("")),
                                  then=(ir.MoveCard("built"),))
    assert stage.cost == "stage" and stage.then == (ir.MoveCard("tucked"), ir.BuildStage())
    assert sell.ways == (ir.Way(""),) and sell.then == (ir.MoveCard("discard"), ir.GainCoins(ir.Num(3)))
    chain_first = ir.Preference((ir.Tier((ir.PreferredAction("build", "chain", any_way=False),)),
                                 ir.Tier((ir.PreferredAction("build"),))), per_card=True)
    assert bare(mini.decisions) == (ir.Decision("play", ("build", "stage", "sell"), "age {age}, turn {turn}",
                                                (chain_first,)),)


def test_flow(mini: ir.RuleSet) -> None:
    assert bare(mini.flow) == (
        ir.EachAge((ir.DealStep("age"),
                    ir.EachTurn((ir.RoundStep("play"), ir.AtStep("end of turn"),
                                 ir.If(ir.BinOp("<", ir.Var("turn"), ir.Var("turns")), (ir.PassStep("hand"),)))),
                    ir.DiscardStep(("hand",), "discard"), ir.AtStep("end of age"))),
        ir.AtStep("end of game"))
    # each step knows where it was written (the `repeat` of the flow a loader refuses, say)
    each_age, end_of_game = mini.flow
    assert (each_age.origin.path, each_age.origin.line, each_age.origin.column) == \
        ("mini.wr", line_of(MINI, "each age {"), 3)
    assert each_age.body[1].origin.line == line_of(MINI, "each turn {")
    assert end_of_game.origin.line == line_of(MINI, "  at end of game")


def test_moments_are_added_layer_after_layer_with_their_origin(compile_layer) -> None:
    rules = layer(compile_layer, "at end of turn { round play: players with dash, within the turn }\n"
                                 "abilities: dash\n"
                                 'replace card "Log" age 1 brown copies 3+ 4+ { passive: grant dash once per turn }\n'
                                 "at end of turn { repeat players - 2 times { pass hand right } }\n")
    first, second = rules.moments
    assert bare(first) == ir.MomentSteps("end of turn", (ir.RoundStep("play", "players", "dash", True),))
    assert bare(second) == ir.MomentSteps("end of turn", (
        ir.Repeat((ir.PassStep("hand", "right"),), ir.BinOp("-", ir.Var("players"), ir.Num(2))),))
    assert (first.origin.path, first.origin.line, first.origin.column) == ("t.wr", 2, 1)
    assert second.origin.line == 5


def test_scoring_formulas(mini: ir.RuleSet) -> None:
    cats = {c.name: c.formula for c in mini.categories}
    assert list(cats) == ["military", "treasury", "wonder", "civilian", "science"]
    assert cats["military"] == ir.BinOp("+", ir.Quantity("value", ("victory",)), ir.Quantity("value", ("defeat",)))
    assert cats["treasury"] == ir.BinOp("/", ir.Quantity("coins"), ir.Num(3))
    assert cats["wonder"] is None
    assert cats["science"] == ir.BinOp("+", ir.Quantity("squares", ("science",)),
                                       ir.BinOp("*", ir.Num(7), ir.Quantity("sets", ("science",))))


def test_contest(mini: ir.RuleSet) -> None:
    (c,) = mini.contests
    assert bare(c) == ir.Contest("military", "end of age", ir.Quantity("symbols", ("shield",)),
                                 ir.Outcome("victory", (1, 3)), ir.Outcome("defeat", (-1,)))
    assert c.origin.line == line_of(MINI, "contest military")


def test_contests_pair_any_seats_or_rank(compile_layer) -> None:
    rules = layer(compile_layer, "contest naval at end of age { strength: coins  pairs: left 2, right 2\n"
                                 "  win: victory worth 1  lose: defeat worth -1, -2 }\n"
                                 "contest fame at end of game { strength: cards(blue)  ranking\n"
                                 "  win: victory worth 5  lose: defeat worth 0 }\n")
    naval, fame = rules.contests[1:]
    assert naval.against == (ir.Relation("left", 2), ir.Relation("right", 2)) and naval.mode == "pairs"
    assert naval.lose == ir.Outcome("defeat", (-1, -2))
    assert fame.mode == "ranking" and fame.moment == "end of game"


def test_cards(mini: ir.RuleSet) -> None:
    log = mini.card("Log")
    assert (log.age, log.colour, log.deck, log.cost, log.copies) == (1, "brown", "age", ir.Cost(), (3, 4))
    assert [log.copies_for(n) for n in (2, 3, 4, 7)] == [0, 1, 2, 2]
    assert bare(log.hooks) == (ir.Hook(PASSIVE, ir.Produce(("wood",))),)
    assert log.origin.line == line_of(MINI, 'card "Log"') and log.hooks[0].origin.column == MINI.split("\n")[
        line_of(MINI, 'card "Log"') - 1].index("passive") + 1
    sawmill = mini.card("Sawmill")
    assert sawmill.cost.coins == 1 and sawmill.hooks[0].op == ir.Produce(("wood",), 2)
    temple = mini.card("Temple")
    assert temple.cost.resources == (("wood", 1), ("glass", 1)) and temple.chains_from == ("Shrine",)
    assert mini.card("Shrine").chains_to == ("Temple",)
    assert mini.card("Walls").hooks[0].op == ir.Symbol(("shield",), 2)
    assert [c.name for c in mini.cards if c.name == "Glassworks"] == ["Glassworks", "Glassworks"]


def test_cost_follows_the_declared_order_of_resources(compile_layer) -> None:
    rules = layer(compile_layer, 'replace card "Lab" age 2 green cost glass, 2 stone, 3 coins, wood copies 3+ '
                                 '{ passive: symbol compass }\n')
    lab = rules.card("Lab")
    assert lab.cost == ir.Cost(3, (("wood", 1), ("stone", 2), ("glass", 1)))
    assert lab.origin.path == "t.wr"


def test_boards(mini: ir.RuleSet) -> None:
    b = mini.boards[0]
    assert [x.name for x in mini.boards] == ["Tower", "Gate", "Well", "Lamp"]
    assert (b.name, b.side, b.title) == ("Tower", "A", "The Tower")
    assert bare(b.hooks) == (ir.Hook(PASSIVE, ir.Produce(("stone",))),)
    assert bare(b.stages) == (ir.Stage(ir.Cost(0, (("wood", 2),)), (ir.Hook(END_OF_GAME, ir.Score(ir.Num(3))),)),
                              ir.Stage(ir.Cost(0, (("stone", 2),)), (ir.Hook(PASSIVE, ir.Symbol(("shield",))),)))


def test_effects(compile_layer) -> None:
    rules = layer(compile_layer, '''\
game { order on build: lose, gain }
action pay "pay {amount} of {loss}" {
  amount 0 .. min(loss, coins)
  then: lose amount coins
        gain loss - amount defeat tokens
}
decision pay: pay
replace card "Log" age 1 blue copies 3+ 4+ {
  passive: buy raw from left, right for 1
  end of game: symbol any science
  end of turn: gain 2 coins per grey card in self, left, right (excluding this)
  on build: others lose 1 coin per stage in their city or decide pay
  passive: produce one of the resources not produced by board, brown
  whenever left, right builds red card: gain 1 coin
  each end of age if coins >= 5 and not age == 2: neighbours gain coins(left, right) / 3 coins
  end of game: score max(coins over others) - rank(fewest coins among everyone)
  passive: neighbours stage costs 1 coin less for blue cards
  passive: build costs no resources
}
''')
    hooks = bare(rules.card("Log").hooks)
    grey = ir.Quantity("cards", ("grey",), (SELF, LEFT, RIGHT), this="excluding")
    assert hooks[0] == ir.Hook(PASSIVE, ir.Price(("wood", "stone"), (LEFT, RIGHT), 1))
    assert hooks[1] == ir.Hook(END_OF_GAME, ir.Symbol(("compass", "gear")))
    assert hooks[2] == ir.Hook(ir.At("end of turn"), ir.GainCoins(ir.BinOp("*", ir.Num(2), grey)))
    assert hooks[3].op == ir.LoseCoins(ir.Quantity("stages", (), (ir.Relation("target"),)),
                                       (ir.Relation("others"),), "pay")
    assert hooks[4].op == ir.ProduceOneOf(("board", "brown"), missing=True, for_sale=True)
    assert hooks[5] == ir.Hook(ir.When("builds", (LEFT, RIGHT), ("red",)), ir.GainCoins(ir.Num(1)))
    assert hooks[6] == ir.Hook(
        ir.At("end of age", each=True),
        ir.GainCoins(ir.BinOp("/", ir.Quantity("coins", (), (LEFT, RIGHT)), ir.Num(3)), (ir.Relation("neighbours"),)),
        ir.BinOp("and", ir.BinOp(">=", ir.Quantity("coins"), ir.Num(5)),
                 ir.Not(ir.BinOp("==", ir.Var("age"), ir.Num(2)))))
    assert hooks[7].op == ir.Score(ir.BinOp("-", ir.Over("max", (ir.Relation("others"),), ir.Quantity("coins")),
                                            ir.Rank(ir.Quantity("coins"), (ir.Relation("everyone"),), "fewest")))
    assert hooks[8].op == ir.CostChange("stage", coins_less=1, colours=("blue",), targets=(ir.Relation("neighbours"),))
    assert hooks[9].op == ir.CostChange("build", resources="none")


def test_abilities_decisions_and_moves(compile_layer) -> None:
    rules = layer(compile_layer, '''\
abilities: dash
zone vault: each seat, seen by owner, count hidden
override action build "build {card}" {
  card from hand
  unique in built
  require coins > 0 else "a city without coins builds nothing"
  cost card
  way pay
  way dash: free, with dash
  then: move card to built
}
replace card "Log" age 1 brown copies 3+ 4+ {
  passive: grant dash 2 times per age of brown, grey cards
  each end of age: decide play 2 times
  end of turn: draw 1 card from hand of left into vault of controller
}
''')
    assert rules.abilities == ("dash",)
    assert bare(rules.zones[-1]) == ir.Zone("vault", seen_by="owner", size_seen=False)
    build = rules.actions[0]
    assert build.ways == (ir.Way(""), ir.Way("dash", free=True, when="granted", ability="dash"))
    assert build.requires == (ir.Requirement(ir.BinOp(">", ir.Quantity("coins"), ir.Num(0)),
                                             "a city without coins builds nothing"),)
    grant, decide, draw = (h.op for h in rules.card("Log").hooks)
    assert grant == ir.Grant("dash", "age", 2, ("brown", "grey"))
    assert decide == ir.Decide("play", 2)
    assert draw == ir.Move(ir.Num(1), "hand", "vault", LEFT, ir.Relation("controller"))


def test_setting_expressions_and_patches(compile_layer) -> None:
    rules = layer(compile_layer, "game { override hand max(2, players - 2)  when players 4 { turns 2 } }\n")
    assert rules.settings.hand == ir.Call("max", (ir.Num(2), ir.BinOp("-", ir.Var("players"), ir.Num(2))))
    (patch,) = rules.patches
    assert patch == ir.Patch(players=(4,), turns=ir.Num(2))


def test_negation(compile_layer) -> None:
    rules = layer(compile_layer, "scoring { debt = -coins\n  loss = -3 }\n")
    assert bare(rules.categories[-2]) == ir.Category("debt", ir.BinOp("-", ir.Num(0), ir.Quantity("coins")))
    assert bare(rules.categories[-1]) == ir.Category("loss", ir.Num(-3))
    assert (rules.categories[-1].origin.path, rules.categories[-1].origin.line) == ("t.wr", 3)


def test_option(compile_layer) -> None:
    rules = layer(compile_layer, '''\
option pairs "Pairs" {
  players 4
  teams of 2 adjacent seats
  winner: best team
  override turns 2
  override zone hand: each seat, seen by partners
  override contest military at end of age {
    strength: symbols(shield)  pairs: neighbours where not partners  tokens: 2 - tokens(defeat, opponent)
    takes part: coins > 0
    win: victory worth 1, 3  lose: defeat worth -1
  }
}
''')
    (o,) = rules.options
    assert (o.name, o.title, o.players, o.team_size, o.winner) == ("pairs", "Pairs", (4,), 2, "team")
    assert bare(o.patches) == (ir.Patch(turns=ir.Num(2), zones=(ir.Zone("hand", seen_by="partners"),)),)
    (c,) = o.contests
    assert (c.never_against, c.only_against) == ((ir.Relation("partners"),), ())
    assert c.tokens == ir.BinOp("-", ir.Num(2), ir.Quantity("tokens", ("defeat",), (ir.Relation("opponent"),)))
    assert c.takes_part == ir.BinOp(">", ir.Quantity("coins"), ir.Num(0))


def test_neutral_seat(compile_layer) -> None:
    from wonderrules.grammar.lower import lower

    r = compile_layer('zone pile: each seat\n'
                      'extend deal age { hand cards to pile of "Free" }\n'
                      'seat "Free" { controller starts: left, right  control follows hand  resolves first\n'
                      '  pays any seller  never wins  prefer per card: build by chain > *\n'
                      '  prefer: *, stage by pay > sell, stage\n'
                      '  each end of turn: draw 1 card from pile into hand of controller }\n')
    # the pile is one more hand to deal: the mini decks no longer add up, and 5 seats at 4
    # players are more than the 4 wonders; but the model lowers
    assert {d.code for d in r.diagnostics} == {"E0104", "E0301"}
    rules = lower(r.model)
    (n,) = bare(rules.settings.neutral_seats)
    assert n == ir.NeutralSeat(
        "Free", ("left", "right"), control_follows="hand", resolves_first=True, every_payment=True, competes=False,
        prefer=(ir.Preference((ir.Tier((ir.PreferredAction("build", "chain", any_way=False),)), ir.Tier(others=True)),
                              per_card=True),
                ir.Preference((ir.Tier((ir.PreferredAction("stage", any_way=False),), others=True),
                               ir.Tier((ir.PreferredAction("sell"), ir.PreferredAction("stage")))))),
        hooks=(ir.Hook(ir.At("end of turn", each=True),
                       ir.Move(ir.Num(1), "pile", "hand", to_seat=ir.Relation("controller"))),))
    assert bare(rules.deals[0].targets[-1]) == ir.DealTarget("pile", "Free", ir.Var("hand"))
    # the target added by `extend deal` is where that layer wrote it
    at = rules.deals[0].targets[-1].origin
    assert (at.path, at.line, at.column) == ("t.wr", 3, 19)


def test_transfers(compile_layer) -> None:
    """`pay` and `give`: the payers (the owner unless written first), the receivers after `to`,
    a `per` count on either side of `to`."""
    rules = layer(compile_layer, '''\
game { order on build: gain, lose }
replace card "Log" age 1 blue copies 3+ 4+ {
  on build: pay 2 coins to left
  end of turn: neighbours pay 1 coin to self per red card in their city
  end of age: others pay 1 coin per red card in their city to self
  on build: give 1 defeat token to left, right
}
''')
    hooks = bare(rules.card("Log").hooks)
    reds = ir.Quantity("cards", ("red",), (ir.Relation("target"),))  # 1 coin per red card
    assert hooks[0].op == ir.Transfer(ir.Num(2), (LEFT,))
    assert hooks[1].op == ir.Transfer(reds, (SELF,), targets=(ir.Relation("neighbours"),))
    assert hooks[2].op == ir.Transfer(reds, (SELF,), targets=(ir.Relation("others"),))
    assert hooks[3].op == ir.Transfer(ir.Num(1), (LEFT, RIGHT), token="defeat")
