"""Every Cities card and the Petra / Byzantium stages, compared with the reference tables.

The expected IR objects are built here from the notation of cards.tsv / wonders.tsv (defined at
the end of rules_facts.md), one notation word at a time, so a card that drifts from the
reference (a cost, a count, a scope, a timing) fails by name. Timings the tables do not carry
come from rules_facts.md section 5: coin losses strike at the end of the turn, diplomacy tokens
and coins are taken when the card is built, spies copy at the end of the game.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from functools import cache
from pathlib import Path

import attrs
import pytest

import wonderrules
from wonderrules.interpreter import ir

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "tests" / "data" / "reference"
SELF, LEFT, RIGHT = ir.Relation("self"), ir.Relation("left"), ir.Relation("right")


@cache
def cities() -> ir.RuleSet:
    return wonderrules.load_rules("cities")


def from_cities(thing: ir.Card | ir.Board) -> bool:
    """Whether the Cities layer declares it (not the base game under it)."""
    return thing.origin is not None and thing.origin.path.endswith("cities.wr")


def card(name: str) -> ir.Card:
    (found,) = [c for c in cities().cards if c.name == name]
    return found


def bare(value):
    """A value of the rule set without where it was written, to compare with one built here."""
    if attrs.has(type(value)):
        changes = {f.name: bare(getattr(value, f.name)) for f in attrs.fields(type(value)) if f.name != "origin"}
        if any(f.name == "origin" for f in attrs.fields(type(value))):
            changes["origin"] = None
        return attrs.evolve(value, **changes)
    if isinstance(value, tuple):
        return tuple(bare(v) for v in value)
    return value


def _rows(name: str) -> list[dict[str, str]]:
    with open(REFERENCE / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


@cache
def card_rows() -> dict[tuple[str, int], dict[str, str]]:
    return {(r["name"], int(r["age"])): r for r in _rows("cards.tsv") if r["expansion"] == "cities"}


@cache
def stage_rows() -> list[dict[str, str]]:
    return [r for r in _rows("wonders.tsv") if r["expansion"] == "cities"]


# ---- the notation, word by word -------------------------------------------------------------

_SCOPES = {"self": (SELF,), "neighbors": (LEFT, RIGHT), "left": (LEFT,), "right": (RIGHT,),
           # "each other player loses 1 coin per X they own": counted in the victim's city
           "each_other_player": (ir.Relation("target"),)}


def _count(what: str, scope: str) -> ir.Quantity:
    seats = _SCOPES[scope]
    if what == "victory_token":
        return ir.Quantity("tokens", ("victory",), seats)
    if what == "wonder_stage":
        return ir.Quantity("stages", (), seats)
    # a black card counting black cards in its own city counts itself (cities.wr's reading)
    this = "including" if (what, scope) == ("black", "self") else ""
    return ir.Quantity("cards", (what,), seats, this=this)


def _hook(word: str) -> ir.Hook:
    name, _, arg = word.partition(":")
    on_build, passive, end_of_game = ir.OnBuild(), ir.Passive(), ir.EndOfGame()
    end_of_turn = ir.At("end of turn")
    if word == "diplomacy_token":
        return ir.Hook(on_build, ir.GainTokens("diplomacy", ir.Num(1), ir.Num(1), (SELF,)))
    if word == "spy:copy_science_symbol@neighbor_green_card":
        return ir.Hook(end_of_game, ir.CopySymbol(("green",), (LEFT, RIGHT), 1))
    if word == "produce_owned_choice":
        return ir.Hook(passive, ir.ProduceOneOf(("board", "brown", "grey"), missing=False, for_sale=False))
    if word == "produce_missing_choice":
        return ir.Hook(passive, ir.ProduceOneOf(("board", "brown", "grey"), missing=True, for_sale=False))
    if word == "free_wonder_resources":
        return ir.Hook(passive, ir.CostChange("stage", resources="none", targets=(SELF,)))
    if name == "vp":
        return ir.Hook(end_of_game, ir.Score(ir.Num(int(arg))))
    if name == "shields":
        return ir.Hook(passive, ir.Symbol(("shield",), int(arg)))
    if name == "coins":
        return ir.Hook(on_build, ir.GainCoins(ir.Num(int(arg)), (SELF,)))
    if name == "neighbors_gain_coins":
        return ir.Hook(on_build, ir.GainCoins(ir.Num(int(arg)), (ir.Relation("neighbours"),)))
    if name == "others_lose_coins":
        return ir.Hook(end_of_turn, ir.LoseCoins(ir.Num(int(arg)), (ir.Relation("others"),), "pay"))
    m = re.fullmatch(r"trade_rebate@(left|right):(\d+)", word)
    if m:
        return ir.Hook(passive, ir.Rebate((ir.Relation(m[1]),), int(m[2])))
    m = re.fullmatch(r"(others_lose_coins_per|coins_per|vp_per):(\w+)@(\w+):(\d+)", word)
    if m:
        kind, what, scope, n = m[1], m[2], m[3], int(m[4])
        if n != 1:
            raise AssertionError(f"notation not covered by this test: {word!r} (only 1 per thing is)")
        amount = _count(what, scope)
        if kind == "others_lose_coins_per":
            return ir.Hook(end_of_turn, ir.LoseCoins(amount, (ir.Relation("others"),), "pay"))
        if kind == "coins_per":
            return ir.Hook(on_build, ir.GainCoins(amount, (SELF,)))
        return ir.Hook(end_of_game, ir.Score(amount))
    raise AssertionError(f"notation not covered by this test: {word!r}")


def expected_hooks(effect: str) -> Counter:
    # "(when built)", "(end of game)" and explanations in parentheses: the timing follows from
    # the word itself (coins_per pays when built, vp_per scores at the end).
    plain = re.sub(r"\s*\([^)]*\)", "", effect)
    return Counter(_hook(w.strip()) for w in plain.split(" + ") if w.strip())


def expected_cost(cost: str) -> tuple[int, dict[str, int]]:
    coins = 0
    resources: dict[str, int] = {}
    for item in cost.split():
        what, _, n = item.partition(":")
        if what == "coin":
            coins += int(n)
        else:
            resources[what] = resources.get(what, 0) + int(n)
    return coins, resources


# ---- cards ------------------------------------------------------------------------------------

def test_the_cities_layer_defines_exactly_the_reference_cards() -> None:
    ours = {(c.name, c.age) for c in cities().cards if from_cities(c)}
    assert ours == set(card_rows())
    assert len(ours) == 30  # 27 black cards, 9 per age, and 3 guilds
    assert Counter(age for _, age in ours if card_rows()[(_, age)]["color"] == "black") == {1: 9, 2: 9, 3: 9}


@pytest.mark.parametrize("key", sorted(card_rows()), ids=lambda k: k[0])
def test_card_matches_reference(key: tuple[str, int]) -> None:
    row = card_rows()[key]
    card = next(c for c in cities().cards if (c.name, c.age) == key)
    assert card.age == int(row["age"])
    assert card.colour == row["color"]
    coins, resources = expected_cost(row["cost"])
    assert card.cost.coins == coins
    assert dict(card.cost.resources) == resources
    assert Counter(bare(card.hooks)) == expected_hooks(row["effect"])
    # never dealt by markers: black cards come from their pool, guilds from the guild pool
    assert card.copies == ()
    assert card.pool == {"city": "black", "guild": "guilds"}[row["n3"]]
    # black cards never chain; the new guilds neither
    assert card.chains_from == () and card.chains_to == ()
    assert not row["chains_from"] and not row["chains_to"]
    for alias in card.aliases:
        assert alias in row["aliases"], f"alias {alias!r} is not in the reference"


# ---- wonders ----------------------------------------------------------------------------------

@cache
def _sides() -> list[tuple[str, str]]:
    return sorted({(r["wonder"], r["side"]) for r in stage_rows()})


def test_the_cities_layer_defines_petra_and_byzantium_on_both_sides() -> None:
    ours = {(w.name, w.side) for w in cities().boards if from_cities(w)}
    assert ours == set(_sides()) == {("Petra", "A"), ("Petra", "B"), ("Byzantium", "A"), ("Byzantium", "B")}


@pytest.mark.parametrize("name, side", _sides(), ids=lambda v: str(v))
def test_wonder_side_matches_reference(name: str, side: str) -> None:
    rows = sorted((r for r in stage_rows() if (r["wonder"], r["side"]) == (name, side)),
                  key=lambda r: int(r["stage"]))
    wonder = next(w for w in cities().boards if (w.name, w.side) == (name, side))
    assert wonder.title == rows[0]["official_name"]
    # the board's starting resource, produced for the city and for sale
    assert bare(wonder.hooks) == (ir.Hook(ir.Passive(), ir.Produce((rows[0]["starting_resource"],))),)
    assert len(wonder.stages) == int(rows[0]["stages_total"]) == len(rows)
    for stage, row in zip(wonder.stages, rows):
        coins, resources = expected_cost(row["cost"])
        assert (stage.cost.coins, dict(stage.cost.resources)) == (coins, resources), f"stage {row['stage']} cost"
        assert Counter(bare(stage.hooks)) == expected_hooks(row["effect"]), f"stage {row['stage']} effect"


def test_petra_coin_costs_are_coins_not_resources() -> None:
    """Petra's coin stages (7 on side A, 14 on side B) are paid in coins, which Architect
    Cabinet does not remove (rules_facts section 5)."""
    petra = {w.side: w for w in cities().boards if w.name == "Petra"}
    assert petra["A"].stages[1].cost == ir.Cost(coins=7)
    assert petra["B"].stages[1].cost == ir.Cost(coins=14)
    # Architect Cabinet takes away the resources of a stage, not its coins
    assert _hook("free_wonder_resources") in bare(card("Architect Cabinet").hooks)
    assert _hook("free_wonder_resources").op.coins == ""


def test_notation_translation_reads_a_known_card() -> None:
    """The translator itself, on Secret Society, checked by hand against its printed text:
    1 coin per black card when built, 1 point per black card at the end, both in its own city."""
    per = ir.Quantity("cards", ("black",), (SELF,), this="including")
    assert expected_hooks(card_rows()[("Secret Society", 3)]["effect"]) == Counter({
        ir.Hook(ir.OnBuild(), ir.GainCoins(per, (SELF,))): 1,
        ir.Hook(ir.EndOfGame(), ir.Score(per)): 1,
    })
    assert expected_cost("coin:2 stone:2 clay:2 glass:1 papyrus:1") == (
        2, {"stone": 2, "clay": 2, "glass": 1, "papyrus": 1})
