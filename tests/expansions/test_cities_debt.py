"""Cities: coin losses and debt (rules_facts.md section 5, "Debt (coin loss)").

Seats follow the rulebook example: Jarek (seat 0, Petra B, whose first stage makes every other
player lose 2 coins), Joasia (seat 1, Rhodes A, start ore), Cyryl (seat 2, Babylon A) and Tosia
(seat 3, Giza A). Jarek's left neighbour is Joasia, his right neighbour Tosia.
"""

from __future__ import annotations

import pytest
from expansion_support import Action, Scenario, build, column, pay, sell, stage, token

BOARDS = [("Petra", "B"), ("Rhodes", "A"), ("Babylon", "A"), ("Giza", "A")]
JAREK, JOASIA, CYRYL, TOSIA = 0, 1, 2, 3

# Jarek builds Petra B stage 1 (2 clay, 2 ore) on turn 3: clay from his board and Clay Pool, ore
# from Ore Vein and one ore bought from Joasia (Rhodes, start ore) for 2 coins.
# Coins before the loss: Jarek 3 - 2 = 1; Joasia 3 + 2 = 5; Cyryl 3 - 1 - 1 = 1 (Clay Pit and
# Timber Yard cost 1 coin each); Tosia 3 - 1 = 2 (Excavation). Nobody sells in these turns.
EXAMPLE = {1: {
    1: {JAREK: build("Clay Pool"), JOASIA: build("Lumber Yard"), CYRYL: build("Clay Pit"),
        TOSIA: build("Excavation")},
    2: {JAREK: build("Ore Vein"), JOASIA: build("Stone Pit"), CYRYL: build("Timber Yard"),
        TOSIA: build("Clay Pool")},
    3: {JAREK: stage("Pawnshop", left=2), JOASIA: build("Glassworks"), CYRYL: build("Loom"),
        TOSIA: build("Press")},
}}


def example_before_payment() -> Scenario:
    sc = Scenario(("cities",), 4, BOARDS, EXAMPLE)
    sc.run_to(1, 3)
    sc.finish_turn()
    return sc


def test_debt_rulebook_example():
    """[R] Example: Jarek builds a card making every other player lose 2 coins. Joasia pays 2
    coins. Cyryl has 1 coin, pays it and takes 1 debt token. Tosia has 2 coins but keeps them
    and takes 2 debt tokens."""
    sc = example_before_payment()
    st = sc.state
    assert [c.coins for c in st.cities] == [1, 5, 1, 2]
    pend = st.pending_decisions()
    assert sorted(pend) == [JOASIA, CYRYL, TOSIA]
    assert all(d.kind == "pay" and d.seat == p for p, d in pend.items())
    assert [a.amount for a in st.legal_actions(JOASIA)] == [0, 1, 2]
    assert [a.amount for a in st.legal_actions(CYRYL)] == [0, 1]
    assert [a.amount for a in st.legal_actions(TOSIA)] == [0, 1, 2]
    st.apply_actions({JOASIA: pay(2), CYRYL: pay(1), TOSIA: pay(0)})
    assert [c.coins for c in st.cities] == [1, 3, 0, 2]
    assert [token(st, s, "debt") for s in range(4)] == [0, 0, 1, 2]
    # the debt stays to the end and costs 1 point per token
    sc.run_to_end()
    assert [token(st, s, "debt") for s in range(4)] == [0, 0, 1, 2]
    assert [column(st, s, "debt") for s in range(4)] == [0, 0, -1, -2]


def test_debt_only_other_players_lose():
    """[R] A card (or wonder stage) with the coin-loss symbol makes every player except the one
    who played it give the shown number of coins to the bank, or take one Debt token per coin
    not paid."""
    sc = example_before_payment()
    st = sc.state
    assert JAREK not in st.pending_decisions()
    st.apply_actions({JOASIA: pay(2), CYRYL: pay(0), TOSIA: pay(1)})
    # coins go to the bank: nobody receives them
    assert [c.coins for c in st.cities] == [1, 3, 1, 1]
    assert [token(st, s, "debt") for s in range(4)] == [0, 0, 2, 1]


def test_debt_split_is_free():
    """[R] Each affected player chooses freely how to split the amount between coins and debt
    tokens; they may take only debt tokens even when they could pay."""
    sc = example_before_payment()
    st = sc.state
    # Joasia has 5 coins: she may pay 0, 1 or 2 of the 2 coins, never more, never less than 0
    assert st.explain(JOASIA, pay(0)) is None
    assert st.explain(JOASIA, pay(3)) is not None
    assert st.explain(JOASIA, pay(-1)) is not None
    # Cyryl holds 1 coin: paying 2 is refused
    assert st.explain(CYRYL, pay(2)) is not None
    # the decision is a payment, not a card
    assert st.explain(CYRYL, sell("Altar")) is not None
    st.apply_actions({JOASIA: pay(0), CYRYL: pay(0), TOSIA: pay(0)})
    assert [c.coins for c in st.cities] == [1, 5, 1, 2]
    assert [token(st, s, "debt") for s in range(4)] == [0, 2, 2, 2]


def test_debt_never_repaid_minus_one_point_each():
    """[R] Debt is never repaid; each Debt token is -1 VP at the end of the game."""
    sc = example_before_payment()
    st = sc.state
    st.apply_actions({JOASIA: pay(0), CYRYL: pay(1), TOSIA: pay(0)})
    sc.run_to_end()  # everybody sells every later card: coins pile up, the tokens stay
    sheets = st.scores()
    assert [token(st, s, "debt") for s in range(4)] == [0, 2, 1, 2]
    for s in range(4):
        assert sheets[s].column("debt") == -token(st, s, "debt")
        assert sum(v for _, v in sheets[s].columns) == sheets[s].total


def test_debt_scored_with_the_coins():
    """[R] Scoring: black-card points are scored in their own column; debt is written in the
    coins column (e.g. 5 coins and 3 debt tokens: 1 - 3 = -2).

    The rule set shows debt in a column of its own, next to treasury; the sum is the printed
    coins column."""
    sc = example_before_payment()
    st = sc.state
    st.apply_actions({JOASIA: pay(2), CYRYL: pay(1), TOSIA: pay(0)})
    sc.run_to_end()
    for s in range(4):
        sheet = st.scores()[s]
        assert sheet.column("treasury") + sheet.column("debt") == st.cities[s].coins // 3 - token(st, s, "debt")
    # Tosia: 2 debt tokens, Cyryl: 1; the sheet's two columns add up to the printed one
    assert [column(st, s, "debt") for s in range(4)] == [0, 0, -1, -2]


def test_loss_after_sales_of_the_same_turn():
    """[R] The loss happens at the end of the turn, after all players have played their cards and
    after all other money operations of that turn.

    Cyryl starts turn 3 with 1 coin and sells a card that turn (3 coins): he may pay the whole
    loss of 2 from those coins."""
    plan = {1: {t: dict(m) for t, m in EXAMPLE[1].items()}}
    plan[1][3] = {JAREK: EXAMPLE[1][3][JAREK], JOASIA: build("Glassworks"), CYRYL: sell("Loom"),
                  TOSIA: build("Press")}
    sc = Scenario(("cities",), 4, BOARDS, plan)
    sc.run_to(1, 3)
    assert sc.city(CYRYL).coins == 1
    sc.finish_turn()
    st = sc.state
    assert st.cities[CYRYL].coins == 4
    assert [a.amount for a in st.legal_actions(CYRYL)] == [0, 1, 2]
    st.apply_actions({JOASIA: pay(2), CYRYL: pay(2), TOSIA: pay(2)})
    assert st.cities[CYRYL].coins == 2 and token(st, CYRYL, "debt") == 0


def test_loss_after_vineyard_of_the_same_turn():
    """[R] The loss happens at the end of the turn, after all players have played their cards and
    after all other money operations of that turn.

    Cyryl has spent every coin in Age I. On the first turn of Age II he builds a Vineyard while
    Jarek builds Petra B stage 1: the Vineyard pays (1 coin per brown card in Cyryl's city and
    his neighbours') before the loss, so Cyryl has coins to pay it with."""
    plan = {
        1: {
            1: {JAREK: build("Clay Pool"), CYRYL: build("Clay Pit")},
            2: {JAREK: build("Ore Vein"), CYRYL: build("Timber Yard")},
            3: {CYRYL: build("Excavation")},
            4: {CYRYL: build("Lumber Yard")},
            5: {CYRYL: build("Stone Pit")},
            6: {CYRYL: build("Loom")},
            7: {CYRYL: build("Glassworks")},
        },
        2: {1: {JAREK: stage("Aqueduct", left=2), CYRYL: build("Vineyard")}},
    }
    sc = Scenario(("cities",), 4, BOARDS, plan, filler={2: "Statue"})
    sc.run_to(2, 1)
    assert sc.city(CYRYL).coins == 0
    sc.finish_turn()
    st = sc.state
    # Vineyard: Cyryl's 5 brown cards, none next door (Joasia and Tosia sold everything)
    assert st.cities[CYRYL].coins == 5
    assert st.pending_decisions()[CYRYL].kind == "pay"
    assert [a.amount for a in st.legal_actions(CYRYL)] == [0, 1, 2]
    st.apply_actions({p: pay(2) for p in st.pending_decisions()})
    assert st.cities[CYRYL].coins == 3 and token(st, CYRYL, "debt") == 0


def test_loss_with_no_coins_is_all_debt():
    """[R] ... give the shown number of coins to the bank, or take one Debt token per coin not
    paid: a player without coins takes the whole loss as debt (nothing to choose)."""
    plan = {1: {1: {CYRYL: build("Clay Pit")}, 2: {CYRYL: build("Secret Warehouse"), JAREK: build("Hideout")}}}
    sc = Scenario(("cities",), 4, BOARDS, plan)
    sc.run_to(1, 2)
    sc.finish_turn()
    st = sc.state
    pend = st.pending_decisions()
    assert CYRYL not in pend  # 3 - 1 - 2 = 0 coins
    assert sorted(pend) == [JOASIA, TOSIA]
    st.apply_actions({JOASIA: pay(1), TOSIA: pay(0)})
    assert st.cities[CYRYL].coins == 0 and token(st, CYRYL, "debt") == 1
    assert token(st, TOSIA, "debt") == 1 and token(st, JOASIA, "debt") == 0


@pytest.mark.parametrize("card, age, loss", [("Hideout", 1, 1), ("Lair", 2, 2), ("Brotherhood", 3, 3)])
def test_hideout_lair_brotherhood(card, age, loss):
    """[R] Hideout, Lair, Brotherhood: victory points, and every other player loses 1 / 2 / 3
    coins at the end of the turn."""
    from expansion_support import new_game
    game = new_game(("cities",), 3)
    cat = game.catalog
    src = cat.card_named(card, age)
    assert src is not None and src.colour == "black"
    points = {"Hideout": 2, "Lair": 3, "Brotherhood": 4}[card]
    # played on the first turn of its age; the resources are given by the deal of earlier ages
    boards = [("Olympia", "A"), ("Rhodes", "A"), ("Giza", "A")]
    # Lair: wood, glass; Brotherhood: 2 wood, ore, loom. Seat 0 builds what it needs in Age I.
    prep = {
        "Hideout": [],
        "Lair": ["Glassworks"],
        "Brotherhood": ["Lumber Yard", "Ore Vein", "Loom"],
    }[card]
    plan = {1: {t + 1: {0: build(name)} for t, name in enumerate(prep)}}
    plan.setdefault(age, {})[1] = {0: build(card)}
    if card == "Hideout":
        plan[1] = {1: {0: build(card)}}
    sc = Scenario(("cities",), 3, boards, plan)
    sc.run_to(age, 1)
    before = [c.coins for c in sc.state.cities]
    sc.finish_turn()
    st = sc.state
    pend = st.pending_decisions()
    assert sorted(pend) == [1, 2]
    # the others sold a card this turn (3 coins each) before losing
    assert [a.amount for a in st.legal_actions(1)] == list(range(loss + 1))
    st.apply_actions({1: pay(loss), 2: pay(0)})
    assert st.cities[1].coins == before[1] + 3 - loss
    assert st.cities[2].coins == before[2] + 3
    assert token(st, 2, "debt") == loss and token(st, 1, "debt") == 0
    sc.run_to_end()
    assert column(st, 0, "city") == points
    assert column(st, 2, "debt") == -loss


def test_loss_from_a_card_built_from_the_discard_pile():
    """[R] A card (or wonder stage) with the coin-loss symbol makes every player except the one
    who played it give the shown number of coins to the bank, or take one Debt token per coin not
    paid. The loss happens at the end of the turn, after ... all other money operations.

    Halicarnassus B (seat 0) builds stage 1 (2 ore) and, at the end of that turn, Hideout from the
    discard pile (sold by seat 2 on turn 1): the other players lose 1 coin at the end of that same
    turn."""
    plan = {1: {1: {0: build("Ore Vein"), 2: sell("Hideout")},
                2: {0: stage("Altar", right=2)}}}
    sc = Scenario(("cities",), 3, [("Halicarnassus", "B"), ("Giza", "A"), ("Rhodes", "A")], plan)
    sc.run_to(1, 2)
    sc.finish_turn()
    st = sc.state
    pend = st.pending_decisions()
    assert {p: d.kind for p, d in pend.items()} == {0: "pick"}
    assert "Hideout" in [a.card for a in st.legal_actions(0)]
    st.apply_actions({0: Action("pick", "Hideout")})
    pend = st.pending_decisions()
    assert sorted(pend) == [1, 2] and all(d.kind == "pay" for d in pend.values())
    st.apply_actions({1: pay(1), 2: pay(0)})
    assert st.turn == 3 and token(st, 2, "debt") == 1 and token(st, 0, "debt") == 0


def test_two_losses_in_one_turn_are_paid_one_after_the_other():
    """[R] Each affected player chooses freely how to split the amount between coins and debt
    tokens (for each loss: here Hideout and Petra B stage 1 in the same turn)."""
    # Turn 3 of the rulebook example, with Tosia building Hideout as Jarek builds his stage:
    # Joasia and Cyryl lose 2 (Petra) and 1 (Hideout); Jarek loses 1; Tosia 2.
    plan = {1: {t: dict(m) for t, m in EXAMPLE[1].items()}}
    plan[1][3][TOSIA] = build("Hideout")
    sc = Scenario(("cities",), 4, BOARDS, plan)
    sc.run_to(1, 3)
    sc.finish_turn()
    st = sc.state
    first = {p: max(a.amount for a in st.legal_actions(p)) for p in st.pending_decisions()}
    # the two losses come one after the other, in seat order of the cards' owners
    assert first == {JOASIA: 2, CYRYL: 1, TOSIA: 2}
    st.apply_actions({JOASIA: pay(2), CYRYL: pay(1), TOSIA: pay(0)})
    second = {p: [a.amount for a in st.legal_actions(p)] for p in st.pending_decisions()}
    # Cyryl has no coin left: his Hideout loss is taken as debt without a question
    assert second == {JAREK: [0, 1], JOASIA: [0, 1]}
    st.apply_actions({JAREK: pay(1), JOASIA: pay(0)})
    assert [c.coins for c in st.cities] == [0, 3, 0, 2]
    assert [token(st, s, "debt") for s in range(4)] == [0, 1, 2, 2]
