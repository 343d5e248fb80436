"""Small rule sets on the core, written in Python for tests of one mechanism at a time.

`rules()` gives a complete game: one age (or more) of a few turns, where each player builds or
sells a card of their hand and passes the rest on; a contest of shields between neighbours at
the end of each age (`victory` tokens worth 1 point for the winner, `defeat` tokens worth -1 for
the loser); a market where each city buys the `wood` and `stone` of its sellers (by default its
two neighbours) at 2 coins; score columns for tokens, coins (one point per 3) and the points of
cards. Every name is this file's: the core knows none of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from wonderrules.interpreter import ir as c

SELF = c.Relation("self")
LEFT = c.Relation("left")
RIGHT = c.Relation("right")
NEIGHBOURS = c.Relation("neighbours")
OTHERS = c.Relation("others")


def card(name: str, colour: str = "blue", hooks: Sequence[c.Hook] = (), coins: int = 0,
         resources: Sequence[tuple[str, int]] = (), copies: int = 3, age: int = 1) -> c.Card:
    """A card of age 1 with `copies` copies at every table (up to 16)."""
    return c.Card(name, colour, age=age, cost=c.Cost(coins, tuple(resources)), copies=(1,) * copies,
                  hooks=tuple(hooks))


def hook(trigger: object, op: object, condition: c.Expr | None = None) -> c.Hook:
    return c.Hook(trigger, op, condition)  # type: ignore[arg-type]


def produce(resource: str, amount: int = 1) -> c.Hook:
    return c.Hook(c.Passive(), c.Produce((resource,), amount))


def shields(n: int) -> c.Hook:
    return c.Hook(c.Passive(), c.Symbol(("shield",), n))


def points(n: int) -> c.Hook:
    return c.Hook(c.EndOfGame(), c.Score(c.Num(n)))


def board(name: str, resource: str = "wood", stages: Sequence[c.Stage] = ()) -> c.Board:
    return c.Board(name, "A", name, (produce(resource),), tuple(stages))


MILITARY = c.Contest("war", "end of age", c.Quantity("symbols", ("shield",)),
                     win=c.Outcome("victory", (1,)), lose=c.Outcome("defeat", (-1,)))


#: a card that can be built by its chain is built so
CHAIN_FIRST = c.Preference((c.Tier((c.PreferredAction("build", "chain", any_way=False),)),
                            c.Tier((c.PreferredAction("build"),))), per_card=True)


def rules(cards: Sequence[c.Card], *, players: Sequence[int] = (3, 4, 5), ages: int = 1, hand: int = 3,
          boards: Sequence[c.Board] = (), contests: Sequence[c.Contest] = (MILITARY,),
          sellers: Sequence[c.Relation] = (LEFT, RIGHT), price: int = 2, start_coins: int = 3,
          sells: Sequence[str] = ("board", "brown"), extra_tokens: Sequence[str] = (),
          prices: Sequence[c.MarketPrice] = (), pay_token: str = "") -> c.RuleSet:
    """A game of `ages` ages of `hand` turns: each turn every player builds or sells a card of its
    hand (for 3 coins), then hands pass left; contests at the end of each age. With `pay_token`,
    the decision `pay` of a loss (`lose N coins or decide pay`), as Cities declares it: pay some
    coins of the loss, a token of that name for each coin not paid."""
    if not boards:
        boards = [board(f"Board {i}", "wood" if i % 2 else "stone") for i in range(1, 9)]
    build = c.ActionKind("build", "build {card}", card_from="hand", unique_in="built", cost="card",
                         ways=(c.Way("chain", free=True, when="chained"), c.Way("")),
                         then=(c.MoveCard("built"),))
    sell = c.ActionKind("sell", "sell {card}", card_from="hand",
                        then=(c.MoveCard("discard"), c.GainCoins(c.Num(3))))
    flow = (
        c.EachAge((
            c.DealStep("age"),
            c.EachTurn((c.RoundStep("play"), c.AtStep("end of turn"), c.PassStep("hand", "left"))),
            c.AtStep("end of age"),
            c.DiscardStep(("hand",), "discard"),
        )),
        c.AtStep("end of game"),
    )
    tokens = ("victory", "defeat") + tuple(extra_tokens)
    pay_kind: tuple[c.ActionKind, ...] = ()
    pay_decision: tuple[c.Decision, ...] = ()
    if pay_token:
        loss, amount = c.Var("loss"), c.Var("amount")
        pay_kind = (c.ActionKind("pay", "pay {amount} of {loss}", amount_from=c.Num(0),
                                 amount_to=c.Call("min", (loss, c.Quantity("coins"))),
                                 then=(c.LoseCoins(amount), c.GainTokens(pay_token, c.BinOp("-", loss, amount)))),)
        title = f"lose {{loss}} coin(s): pay in coins, the rest as {pay_token} tokens"
        pay_decision = (c.Decision("pay", ("pay",), title),)
    military = c.BinOp("+", c.Quantity("value", ("victory",)), c.Quantity("value", ("defeat",)))
    return c.RuleSet(
        format=3, name="tiny",
        settings=c.Settings(players=tuple(players), start_coins=start_coins, ages=ages, hand=c.Num(hand),
                            turns=c.Num(hand), card_zone="built"),
        resources=(c.Resource("wood", "raw"), c.Resource("stone", "raw"), c.Resource("glass", "made")),
        symbol_groups=(c.SymbolGroup("might", ("shield",)),),
        tokens=tokens,
        colours=(c.Colour("brown"), c.Colour("red"), c.Colour("blue", "civic")),
        categories=(c.Category("military", military),
                    c.Category("treasury", c.BinOp("/", c.Quantity("coins"), c.Num(3))),
                    c.Category("civic")),
        zones=(c.Zone("hand", seen_by="owner"), c.Zone("built", seen_by="everyone", active=True),
               c.Zone("discard", per="shared")),
        deals=(c.Deal("age", "age", (c.DealTarget("hand", "players", c.Var("hand")),)),),
        actions=(build, sell) + pay_kind,
        decisions=(c.Decision("play", ("build", "sell"), "turn {turn}", (CHAIN_FIRST,)),) + pay_decision,
        flow=flow,
        market=c.Market(tuple(sellers), tuple(sells), price, tuple(prices)) if sellers else None,
        contests=tuple(contests),
        cards=tuple(cards),
        boards=tuple(boards),
    )
