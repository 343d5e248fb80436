"""The table each bundled combination sets for 2 to 8 players, with and without team play.

Expected values are written out from rules_facts.md (sections 1, 5 and 6) and REPORT.md
section 5, not computed from the rule sets: hands and turns, cards drawn from each pool,
seats, the conflict's clauses, team size and winner, and the size of every age's deck.
"""

from __future__ import annotations

from functools import cache

import pytest

import wonderrules
from wonderrules.interpreter import ir
from wonderrules.interpreter.config import ConfigError, TableConfig, deck_cards, resolve_config
from wonderrules.interpreter.game import Game


@cache
def rules(*names: str) -> ir.RuleSet:
    """The bundled rule sets, layered in order."""
    return wonderrules.load_rules(*names)


def base() -> ir.RuleSet:
    return rules("base")


def cities() -> ir.RuleSet:
    return rules("cities")


def two_player() -> ir.RuleSet:
    return rules("two_player")


def cities_two_player() -> ir.RuleSet:
    return rules("cities", "two_player")


def deck_sizes(r: ir.RuleSet, cfg: TableConfig) -> list[int]:
    return [len(deck_cards(r, cfg, age)) + sum(n for _, n in cfg.draws_for(age))
            for age in range(1, cfg.ages + 1)]


def draws(cfg: TableConfig) -> set[tuple[str, int, int]]:
    return set(cfg.pool_draws)


def only_conflict(cfg: TableConfig) -> ir.Contest:
    assert [(c.name, c.moment, c.mode) for c in cfg.contests] == [("military", "end of age", "pairs")]
    return cfg.contests[0]


#: the general contest words as the Cities contests write them (rules_facts section 5, Diplomacy
#: and Team play): a diplomacy holder stays out; in team play partners never fight, and a result
#: gives 2 tokens, 1 when either seat of the pair holds diplomacy
EVERYONE = ir.Num(1)
NO_DIPLOMACY = ir.BinOp("==", ir.Quantity("tokens", ("diplomacy",)), ir.Num(0))
TEAM_TOKENS = ir.BinOp("-", ir.Num(2), ir.BinOp(
    "or", ir.BinOp(">", ir.Quantity("tokens", ("diplomacy",)), ir.Num(0)),
    ir.BinOp(">", ir.Quantity("tokens", ("diplomacy",), (ir.Relation("opponent"),)), ir.Num(0))))
#: every seat, neutral ones too, spends one diplomacy token (if it holds one) once the results are given
SPEND_DIPLOMACY = (ir.LoseTokens("diplomacy", ir.Num(1)),)


def age_deal_sizes(r: ir.RuleSet, players: int) -> list[tuple[str, int, int]]:
    """(zone, seat, cards) of each hand the age deal gives in Age I, in order."""
    game = Game(r, players)
    deal = next(d for d in r.deals if d.deck == "age")
    return [(game.catalog.zones[z].name, seat, n) for z, seat, n in game.deal_targets(deal, 1)]


# ---- base game --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_base_table(n: int) -> None:
    cfg = resolve_config(base(), n)
    assert (cfg.seats, cfg.hand, cfg.turns) == (n, 7, 6)
    assert draws(cfg) == {("guilds", 3, n + 2)}
    assert deck_sizes(base(), cfg) == [7 * n] * 3  # REPORT.md section 5: 21, 28, 35, 42, 49
    c = only_conflict(cfg)
    assert (c.takes_part, c.tokens, c.only_against, c.never_against, c.after) == (EVERYONE, ir.Num(1), (), (), ())
    assert (c.win.token, c.win.worth, c.lose.token, c.lose.worth) == ("victory", (1, 3, 5), "defeat", (-1,))
    # the end of a turn: coins gained (Vineyard, Bazar...), then the decisions it asks (a build
    # from the discard pile)
    assert cfg.steps("end of turn") == ("gain", "decide")
    assert (cfg.team_size, cfg.winner) == (0, "player")


@pytest.mark.parametrize("n", [2, 8])
def test_base_seats_three_to_seven(n: int) -> None:
    with pytest.raises(ConfigError, match="3 to 7 players"):
        resolve_config(base(), n)


# ---- Cities -----------------------------------------------------------------------------------

# rules_facts section 5: 8 x N cards per age at 3..7 players (24, 32, 40, 48, 56)
CITIES_DECKS = {3: 24, 4: 32, 5: 40, 6: 48, 7: 56}


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_cities_table(n: int) -> None:
    cfg = resolve_config(cities(), n)
    assert (cfg.seats, cfg.hand, cfg.turns) == (n, 8, 7)
    # as many black cards per age as players; guilds unchanged (players + 2)
    assert draws(cfg) == {("guilds", 3, n + 2), ("black", 1, n), ("black", 2, n), ("black", 3, n)}
    assert deck_sizes(cities(), cfg) == [CITIES_DECKS[n]] * 3
    c = only_conflict(cfg)
    assert (c.takes_part, c.after) == (NO_DIPLOMACY, SPEND_DIPLOMACY)
    assert (c.tokens, c.only_against, c.never_against) == (ir.Num(1), (), ())
    assert (c.win.token, c.win.worth, c.lose.token, c.lose.worth) == ("victory", (1, 3, 5), "defeat", (-1,))
    # coin losses come after every other money operation of the turn
    assert cfg.steps("end of turn") == ("gain", "decide", "lose")
    assert (cfg.team_size, cfg.winner, cfg.neutral_seats) == (0, "player", ())


def test_cities_eight_players() -> None:
    """Printed: the 7-player decks, 9 guilds and 7 black cards per age, hands of 7, 6 turns."""
    r = cities()
    cfg = resolve_config(r, 8)
    assert (cfg.seats, cfg.hand, cfg.turns) == (8, 7, 6)
    assert draws(cfg) == {("guilds", 3, 9), ("black", 1, 7), ("black", 2, 7), ("black", 3, 7)}
    assert [len(deck_cards(r, cfg, a)) for a in (1, 2, 3)] == [49, 49, 40]  # the 7-player decks
    assert deck_sizes(r, cfg) == [56, 56, 56]
    assert only_conflict(cfg).takes_part == NO_DIPLOMACY


@pytest.mark.parametrize("n", [2, 9])
def test_cities_seats_three_to_eight(n: int) -> None:
    with pytest.raises(ConfigError, match="3 to 8 players"):
        resolve_config(cities(), n)


# ---- team play --------------------------------------------------------------------------------

@pytest.mark.parametrize("n, hand, turns, guilds, black", [
    (4, 8, 7, 6, 4),
    (6, 8, 7, 8, 6),
    (8, 7, 6, 9, 7),
])
def test_team_play_table(n: int, hand: int, turns: int, guilds: int, black: int) -> None:
    cfg = resolve_config(cities(), n, ["teams"])
    # the deal is the one of the same count without teams
    assert (cfg.seats, cfg.hand, cfg.turns) == (n, hand, turns)
    assert draws(cfg) == {("guilds", 3, guilds)} | {("black", a, black) for a in (1, 2, 3)}
    assert deck_sizes(cities(), cfg) == [n * hand] * 3
    assert (cfg.team_size, cfg.winner) == (2, "team")
    c = only_conflict(cfg)
    # partners never fight; each result gives two tokens, one when either seat holds diplomacy
    assert (c.never_against, c.only_against, c.tokens) == ((ir.Relation("partners"),), (), TEAM_TOKENS)
    # diplomacy: the holder fights, and spends one diplomacy token
    assert (c.takes_part, c.after) == (EVERYONE, SPEND_DIPLOMACY)
    assert (c.win.token, c.win.worth, c.lose.token, c.lose.worth) == ("victory", (1, 3, 5), "defeat", (-1,))


@pytest.mark.parametrize("n", [3, 5, 7])
def test_team_play_refused_at_odd_counts(n: int) -> None:
    with pytest.raises(ConfigError, match="needs 4, 6, 8 players"):
        resolve_config(cities(), n, ["teams"])


def test_team_play_refused_with_two_players() -> None:
    with pytest.raises(ConfigError, match="needs 4, 6, 8 players"):
        resolve_config(cities_two_player(), 2, ["teams"])


def test_team_play_is_a_cities_option_only() -> None:
    for r in (base(), two_player()):
        with pytest.raises(ConfigError, match="no option 'teams'"):
            resolve_config(r, 4 if r is base() else 2, ["teams"])


# ---- two players ------------------------------------------------------------------------------

def _free_city(cfg: TableConfig) -> ir.NeutralSeat:
    assert [n.name for n in cfg.neutral_seats] == ["Free City"]
    return cfg.neutral_seats[0]


def _draws_one_card_each_turn(fc: ir.NeutralSeat) -> bool:
    """The Free City's one hook: at each start of turn its controller draws the pile's top card."""
    (hook,) = fc.hooks
    op = hook.op
    return (hook.trigger == ir.At(moment="start of turn", each=True) and isinstance(op, ir.Move)
            and op.count == ir.Num(1) and (op.from_zone, op.to_zone) == ("pile", "hand")
            and (op.from_seat.kind, op.to_seat.kind) == ("self", "controller"))


def test_two_player_table() -> None:
    """rules_facts section 6: the 3-player cards and 5 guilds; two hands of 7 and a Free City
    pile of 7 (21 cards per age); the Free City card starts Age I with the player on the Free
    City's left, Age II on its right, Age III on its left (the Hungarian and Romanian
    rulebooks)."""
    r = two_player()
    cfg = resolve_config(r, 2)
    assert (cfg.players, cfg.seats, cfg.hand, cfg.turns) == (2, 3, 7, 6)
    assert age_deal_sizes(r, 2) == [("hand", 0, 7), ("hand", 1, 7), ("pile", 2, 7)]
    assert draws(cfg) == {("guilds", 3, 5)}
    assert deck_sizes(r, cfg) == [21, 21, 21]
    fc = _free_city(cfg)
    assert _draws_one_card_each_turn(fc)
    assert fc.controller_starts == ("left", "right", "left")
    assert (fc.control_follows, fc.resolves_first, fc.every_payment) == ("hand", True, True)
    # it must chain when it can, sells only when nothing else can be played, and never wins
    chain = ir.Tier((ir.PreferredAction("build", "chain", any_way=False),))
    assert fc.prefer == (ir.Preference((chain, ir.Tier(others=True)), per_card=True),
                         ir.Preference((ir.Tier(others=True), ir.Tier((ir.PreferredAction("sell"),)))))
    assert not fc.competes
    c = only_conflict(cfg)
    assert (c.takes_part, c.never_against) == (EVERYONE, ())
    assert (cfg.team_size, cfg.winner) == (0, "player")


@pytest.mark.parametrize("n", [1, 3, 7])
def test_two_player_seats_two(n: int) -> None:
    for r in (two_player(), cities_two_player()):
        with pytest.raises(ConfigError, match="for 2 players"):
            resolve_config(r, n)


def test_two_player_with_cities_table() -> None:
    """The 3-seat Cities configuration ([U] inference in rules_facts): hands of 8, 7 turns,
    3 black cards per age, 5 guilds: 24 = 3 x 8 cards per age."""
    r = cities_two_player()
    cfg = resolve_config(r, 2)
    assert (cfg.players, cfg.seats, cfg.hand, cfg.turns) == (2, 3, 8, 7)
    assert age_deal_sizes(r, 2) == [("hand", 0, 8), ("hand", 1, 8), ("pile", 2, 8)]
    assert draws(cfg) == {("guilds", 3, 5), ("black", 1, 3), ("black", 2, 3), ("black", 3, 3)}
    assert deck_sizes(r, cfg) == [24, 24, 24]
    assert _free_city(cfg).controller_starts == ("left", "right", "left")
    c = only_conflict(cfg)
    assert (c.takes_part, c.after) == (NO_DIPLOMACY, SPEND_DIPLOMACY)
    assert cfg.steps("end of turn") == ("gain", "decide", "lose")
