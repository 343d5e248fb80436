"""Lowering: the checked model becomes the compiled rule set (IR) the engine runs."""

from __future__ import annotations

import pytest
from grammar_support import MINI

from wonderrules.interpreter import ir


@pytest.fixture
def mini(compile_files) -> ir.RuleSet:
    r = compile_files({"mini.wr": MINI})
    assert r.ok and r.diagnostics == ()
    return r.rules


def layer(compile_layer, text: str) -> ir.RuleSet:
    r = compile_layer(text)
    assert r.ok, [(d.code, d.message) for d in r.diagnostics]
    return r.rules


def test_header_and_vocabulary(mini: ir.RuleSet) -> None:
    assert (mini.name, mini.title, mini.layers) == ("mini", "Mini", ("mini",))
    assert mini.resources == (ir.Resource("wood", "raw"), ir.Resource("stone", "raw"),
                              ir.Resource("glass", "manufactured"))
    assert mini.symbol_groups == (ir.SymbolGroup("science", ("compass", "gear")),
                                  ir.SymbolGroup("military", ("shield",)))
    assert mini.tokens == ("victory", "defeat")
    assert mini.colours[2] == ir.Colour("blue", "civilian") and mini.colours[0] == ir.Colour("brown", None)


def test_settings(mini: ir.RuleSet) -> None:
    st = mini.settings
    assert st.players == (3, 4) and st.start_coins == 3 and st.ages == 2
    assert st.hand == ir.Num(2) and st.turns == ir.Num(1)
    assert st.pass_directions == ("left", "right")
    assert (st.sell_coins, st.trade_price) == (3, 2)
    assert st.neighbours_sell == ("board", "brown", "grey")
    assert st.stages_category == "wonder" and st.tie_break == ("coins",)
    assert st.pool_draws == () and st.order == () and st.neutrals == ()


def test_scoring_formulas(mini: ir.RuleSet) -> None:
    cats = {c.name: c.formula for c in mini.categories}
    assert list(cats) == ["military", "treasury", "wonder", "civilian", "science"]
    assert cats["military"] == ir.BinOp("+", ir.Call("value", ("victory",)), ir.Call("value", ("defeat",)))
    assert cats["treasury"] == ir.BinOp("/", ir.Call("coins"), ir.Num(3))
    assert cats["wonder"] is None
    assert cats["science"] == ir.BinOp("+", ir.Call("squares", ("science",)),
                                       ir.BinOp("*", ir.Num(7), ir.Call("sets", ("science",))))


def test_conflict(mini: ir.RuleSet) -> None:
    (c,) = mini.conflicts
    assert c == ir.Conflict("military", ir.Call("symbols", ("shield",)), "victory", (1, 3), "defeat", -1)


def test_cards(mini: ir.RuleSet) -> None:
    log = mini.card("Log")
    assert (log.age, log.colour, log.coins, log.cost, log.copies) == (1, "brown", 0, (), (3, 4))
    assert [log.copies_for(n) for n in (2, 3, 4, 7)] == [0, 1, 2, 2]
    assert log.hooks == (ir.Hook("passive", ir.Produce(("wood",))),)
    sawmill = mini.card("Sawmill")
    assert sawmill.coins == 1 and sawmill.hooks[0].effect == ir.Produce(("wood",), 2)
    temple = mini.card("Temple")
    assert temple.cost == (("wood", 1), ("glass", 1)) and temple.chains_from == ("Shrine",)
    assert mini.card("Shrine").chains_to == ("Temple",)
    assert mini.card("Walls").hooks[0].effect == ir.Symbol(("shield",), 2)
    assert [c.name for c in mini.cards if c.name == "Glassworks"] == ["Glassworks", "Glassworks"]


def test_cost_follows_the_declared_order_of_resources(compile_layer) -> None:
    rules = layer(compile_layer, 'replace card "Lab" age 2 green cost glass, 2 stone, 3 coins, wood copies 3+ '
                                 '{ passive: symbol compass }\n')
    lab = rules.card("Lab")
    assert lab.coins == 3 and lab.cost == (("wood", 1), ("stone", 2), ("glass", 1))
    assert lab.layer == "t"


def test_wonder(mini: ir.RuleSet) -> None:
    w = mini.wonders[0]
    assert [x.name for x in mini.wonders] == ["Tower", "Gate", "Well", "Lamp"]
    assert (w.name, w.side, w.start, w.title, w.layer) == ("Tower", "A", "stone", "The Tower", "mini")
    assert w.stages == (ir.Stage(0, (("wood", 2),), (ir.Hook("end_of_game", ir.Score(3)),)),
                        ir.Stage(0, (("stone", 2),), (ir.Hook("passive", ir.Symbol(("shield",))),)))


def test_effects(compile_layer) -> None:
    # the loss on build and the gain whenever a neighbour builds run at the same moment
    rules = layer(compile_layer, '''\
game { order on build: lose, gain }
replace card "Log" age 1 brown copies 3+ 4+ {
  passive: buy raw from left, right for 1
  end of game: symbol any science
  end of turn: gain 2 coins per grey card in self, left, right (excluding this)
  on build: others lose 1 coin per stage in their city
  passive: produce one of the resources not produced by board, brown
  whenever left, right builds red card: gain 1 coin
}
''')
    hooks = rules.card("Log").hooks
    assert hooks[0] == ir.Hook("passive", ir.TradePrice(("wood", "stone"), ("left", "right"), 1))
    assert hooks[1] == ir.Hook("end_of_game", ir.Symbol(("compass", "gear")))
    assert hooks[2].effect == ir.GainCoins(2, ("self",), ir.Count("cards", ("grey",), ("self", "left", "right"),
                                                                 exclude_self=True))
    assert hooks[3].effect == ir.LoseCoins(1, ("others",), ir.Count("stages", (), ("their city",)))
    assert hooks[4].effect == ir.ProduceDerived(("board", "brown"), missing=True, for_sale=True)
    assert hooks[5] == ir.Hook("whenever_builds", ir.GainCoins(1), ("left", "right"), ("red",))


def test_setting_expressions_and_patches(compile_layer) -> None:
    rules = layer(compile_layer, "game { override hand max(2, players - 2)  when players 4 { turns 2 } }\n")
    assert rules.settings.hand == ir.Call("max", (), (ir.Num(2), ir.BinOp("-", ir.Var("players"), ir.Num(2))))
    (patch,) = rules.patches
    assert patch.players == (4,) and patch.fields == ("turns",) and patch.values.turns == ir.Num(2)


def test_negation_lowers_to_a_subtraction(compile_layer) -> None:
    rules = layer(compile_layer, "scoring { debt = -coins }\n")
    assert rules.categories[-1] == ir.Category("debt", ir.BinOp("-", ir.Num(0), ir.Call("coins")))


def test_option(compile_layer) -> None:
    rules = layer(compile_layer, '''\
option pairs "Pairs" {
  players 4
  teams of 2 adjacent seats
  winner: best team
  override turns 2
  override conflict military at end of age {
    strength: symbols(shield)  pairs: neighbours except partners  tokens: 2
    win: victory worth 1, 3  lose: defeat worth -1
  }
}
''')
    (o,) = rules.options
    assert (o.name, o.title, o.players, o.team_size, o.winner) == ("pairs", "Pairs", (4,), 2, "team")
    assert o.patches[0].players == () and o.patches[0].fields == ("turns",)
    (c,) = o.conflicts
    assert c.except_partners and c.tokens_per_result == 2


def test_neutral_seat(compile_layer) -> None:
    from wonderrules.grammar.lower import lower

    r = compile_layer('game { neutral seat "Free" { dealt a pile  controller starts: left, right\n'
                      '  controller draws 1 from pile each turn  must build by chain when possible\n'
                      '  sells only when no card in hand can be built or used for a stage  never wins } }\n')
    # the neutral pile is one more pile to deal: the mini decks no longer add up, and 5 seats at 4
    # players are more than the 4 wonders; but the model lowers
    assert {d.code for d in r.diagnostics} == {"E0104", "E0301"}
    (n,) = lower(r.model).settings.neutrals
    assert n == ir.Neutral("Free", dealt_pile=True, control_starts=("left", "right"), draws_per_turn=1,
                           must_chain=True, sells_only_when_hand_unplayable=True, never_wins=True)
