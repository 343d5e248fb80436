"""The compiled base game against the reference tables (cards.tsv, wonders.tsv).

Every base row is read at test time and turned into the core IR objects it describes, one notation
word at a time (rules_facts.md section 7); the compiled `rulesets/base.wr` must hold exactly those:
name, age, colour, costs, chains, copies at 3 to 7 players, guild pool, aliases and effects, and
for the wonders each side's starting resource, title and stages. Timings the tables leave out come
from rules_facts.md: coins and per-card coins are taken once, when built, except Vineyard and Bazar
(they count the neighbours' cards of the same turn, so they pay at the end of the turn); points at
the end of the game; production, shields and trade prices while in the city; wild symbols and the
Olympia B copy at the end of the game; Halicarnassus builds at the end of the turn (it asks the
rule set's decision `pick`); Olympia A and Babylon B grant the rule set's abilities `free_build`
(once per age) and `last_card`.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import attrs
import pytest

from wonderrules.grammar.compiler import compile_rules
from wonderrules.interpreter import ir

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "tests" / "data" / "reference"
BASE = ROOT / "rulesets" / "base.wr"


RAW = ("wood", "stone", "clay", "ore")
MANUFACTURED = ("glass", "loom", "papyrus")
SCIENCE = ("compass", "gear", "tablet")
PLAYERS = (3, 4, 5, 6, 7)
SCOPES = {"self": ("self",), "neighbors": ("left", "right"), "self+neighbors": ("self", "left", "right"),
          "left": ("left",), "right": ("right",), "left+right": ("left", "right")}
PASSIVE, ON_BUILD, END_OF_GAME = ir.Passive(), ir.OnBuild(), ir.EndOfGame()
END_OF_TURN = ir.At("end of turn")


def seats(scope: str) -> tuple[ir.Relation, ...]:
    return tuple(ir.Relation(x) for x in SCOPES[scope])


def _rows(name: str) -> list[dict[str, str]]:
    with open(REFERENCE / name, newline="", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["expansion"] == "base"]


@cache
def card_rows() -> dict[tuple[str, int], dict[str, str]]:
    return {(r["name"], int(r["age"])): r for r in _rows("cards.tsv")}


@cache
def wonder_rows() -> dict[tuple[str, str], list[dict[str, str]]]:
    out: dict[tuple[str, str], list[dict[str, str]]] = {}
    for r in _rows("wonders.tsv"):
        out.setdefault((r["wonder"], r["side"]), []).append(r)
    return out


@cache
def base() -> ir.RuleSet:
    return compile_base(BASE)


def compile_base(path: Path) -> ir.RuleSet:
    result = compile_rules([str(path)])
    assert result.rules is not None, [(d.code, d.message) for d in result.diagnostics[:5]]
    return result.rules


# ---- the notation, word by word --------------------------------------------------------------------

def cost(text: str) -> tuple[int, dict[str, int]]:
    coins, resources = 0, {}
    for item in text.split():
        kind, n = item.split(":")
        if kind == "coin":
            coins += int(n)
        else:
            resources[kind] = resources.get(kind, 0) + int(n)
    return coins, resources


def count(what: str, scope: str) -> ir.Quantity:
    if what == "wonder_stage":
        return ir.Quantity("stages", (), seats(scope))
    if what.endswith("_token"):
        return ir.Quantity("tokens", (what[: -len("_token")],), seats(scope))
    return ir.Quantity("cards", tuple(what.split("+")), seats(scope))


def times(n: int, q: ir.Quantity) -> ir.Expr:
    """`n per q`, as the language lowers it: the quantity alone when n is 1."""
    return q if n == 1 else ir.BinOp("*", ir.Num(n), q)


def hooks(effect: str) -> list[ir.Hook]:
    """The hooks one reference effect cell stands for (`a + b` is two effects)."""
    out = []
    for part in effect.split(" + "):
        not_for_sale = "cannot be bought" in part
        word = re.sub(r"\s*\(.*\)\s*$", "", part).strip()
        out.append(_hook(word, not_for_sale))
    return out


def _hook(word: str, not_for_sale: bool) -> ir.Hook:
    head, _, rest = word.partition(":")
    if head == "produce":
        options, _, amount = rest.partition(":")
        return ir.Hook(PASSIVE, ir.Produce(tuple(options.split("|")), int(amount or 1), not not_for_sale))
    if head == "vp":
        return ir.Hook(END_OF_GAME, ir.Score(ir.Num(int(rest))))
    if head == "shields":
        return ir.Hook(PASSIVE, ir.Symbol(("shield",), int(rest)))
    if head == "science":
        if rest == "any":  # chosen at the end of the game (rules_facts.md section 4)
            return ir.Hook(END_OF_GAME, ir.Symbol(SCIENCE))
        return ir.Hook(PASSIVE, ir.Symbol((rest,)))
    if head == "coins":
        return ir.Hook(ON_BUILD, ir.GainCoins(ir.Num(int(rest))))
    if head in ("coins_per", "vp_per"):
        what_scope, _, n = rest.rpartition(":")
        what, _, scope = what_scope.partition("@")
        per = times(int(n), count(what, scope))
        if head == "vp_per":
            return ir.Hook(END_OF_GAME, ir.Score(per))
        # own-city coins are taken when built; with the neighbours' cities (Vineyard, Bazar) at the
        # end of the turn, after the neighbours' builds of that turn ([R], rules_facts.md section 4)
        trigger = END_OF_TURN if "neighbors" in scope else ON_BUILD
        return ir.Hook(trigger, ir.GainCoins(per))
    if head == "trade_discount":
        what_side, _, price = rest.rpartition(":")
        what, _, side = what_side.partition("@")
        resources = RAW if what == "raw" else MANUFACTURED
        return ir.Hook(PASSIVE, ir.Price(resources, seats(side), int(price)))
    if word == "build_free_once_per_age":
        return ir.Hook(PASSIVE, ir.Grant("free_build", "age", 1))
    if word == "build_from_discard":
        return ir.Hook(END_OF_TURN, ir.Decide("pick", 1))
    if word == "play_last_card":
        return ir.Hook(PASSIVE, ir.Grant("last_card"))
    if word == "copy_guild@neighbors":
        return ir.Hook(END_OF_GAME, ir.CopyCard(("purple",), seats("neighbors"), 1))
    raise AssertionError(f"notation not understood: {word!r}")


def normal(hook: ir.Hook):
    """A hook with the order of unordered lists removed (an either/or, a list of cities), without
    its origin, and with `(including this)` read as the core reads it: as a count that says
    nothing (the tables do not say whether a card counts itself)."""
    def sort(v):
        if isinstance(v, tuple) and all(isinstance(x, (str, ir.Relation)) for x in v):
            return tuple(sorted(v, key=repr))
        return v

    def norm(obj):
        if attrs.has(type(obj)):
            changes = {f.name: norm(sort(getattr(obj, f.name))) for f in attrs.fields(type(obj)) if f.init}
            if "origin" in changes:
                changes["origin"] = None
            if changes.get("this") == "including":
                changes["this"] = ""
            return attrs.evolve(obj, **changes)
        return obj

    return norm(hook)


def same_hooks(actual: Iterable[ir.Hook], expected: Iterable[ir.Hook]) -> bool:
    return sorted(map(repr, map(normal, actual))) == sorted(map(repr, map(normal, expected)))


# ---- comparing ------------------------------------------------------------------------------------

def card_mismatches(card: ir.Card, row: dict[str, str]) -> list[str]:
    bad = []
    if card.colour != row["color"]:
        bad.append(f"colour {card.colour} != {row['color']}")
    coins, resources = cost(row["cost"])
    if (card.cost.coins, dict(card.cost.resources)) != (coins, resources):
        bad.append(f"cost {card.cost.coins} coins {dict(card.cost.resources)} != {coins} coins {resources}")
    for field, column in (("chains_from", "chains_from"), ("chains_to", "chains_to")):
        expected = sorted(n.strip() for n in row[column].split(";") if n.strip())
        if sorted(getattr(card, field)) != expected:
            bad.append(f"{field} {sorted(getattr(card, field))} != {expected}")
    if row["n3"] == "guild":
        if card.pool != "guilds" or card.copies:
            bad.append(f"a guild is in pool 'guilds' without copies, not {card.pool!r} {card.copies}")
    else:
        counts = [card.copies_for(n) for n in PLAYERS]
        expected_counts = [int(row[f"n{n}"]) for n in PLAYERS]
        if counts != expected_counts or card.pool:
            bad.append(f"copies at 3..7 players {counts} != {expected_counts}")
    aliases = {re.sub(r"\s*\(.*\)$", "", a).strip() for a in row["aliases"].split(";") if a.strip()}
    if set(card.aliases) != aliases:
        bad.append(f"aliases {sorted(card.aliases)} != {sorted(aliases)}")
    if not same_hooks(card.hooks, hooks(row["effect"])):
        bad.append(f"effects {card.hooks} != {hooks(row['effect'])}")
    return bad


def wonder_mismatches(wonder: ir.Board, rows: list[dict[str, str]]) -> list[str]:
    bad = []
    first = rows[0]
    start = [normal(h) for h in wonder.hooks]
    if start != [ir.Hook(PASSIVE, ir.Produce((first["starting_resource"],)))]:
        bad.append(f"start {wonder.hooks} != {first['starting_resource']}")
    if wonder.title != first["official_name"]:
        bad.append(f"title {wonder.title!r} != {first['official_name']!r}")
    if len(wonder.stages) != int(first["stages_total"]) or len(rows) != int(first["stages_total"]):
        bad.append(f"{len(wonder.stages)} stages != {first['stages_total']}")
    for row, stage in zip(sorted(rows, key=lambda r: int(r["stage"])), wonder.stages):
        coins, resources = cost(row["cost"])
        if (stage.cost.coins, dict(stage.cost.resources)) != (coins, resources):
            bad.append(f"stage {row['stage']} cost {stage.cost.coins} {dict(stage.cost.resources)} != {coins} "
                       f"{resources}")
        if not same_hooks(stage.hooks, hooks(row["effect"])):
            bad.append(f"stage {row['stage']} effects {stage.hooks} != {hooks(row['effect'])}")
    return bad


def _card(rules: ir.RuleSet, name: str, age: int) -> ir.Card:
    found = [c for c in rules.cards if (c.name, c.age) == (name, age)]
    assert len(found) == 1, (name, age, len(found))
    return found[0]


# ---- the tests ------------------------------------------------------------------------------------

def test_base_defines_exactly_the_reference_cards() -> None:
    assert sorted((c.name, c.age) for c in base().cards) == sorted(card_rows())
    assert len(card_rows()) == 78  # 27 + 23 + 18 + 10 guilds (REPORT.md)


@pytest.mark.parametrize("key", sorted(card_rows()),
                         ids=lambda k: f"{k[0]}-{k[1]}")
def test_card_matches_reference(key: tuple[str, int]) -> None:
    assert card_mismatches(_card(base(), *key), card_rows()[key]) == []


def test_base_defines_exactly_the_reference_wonder_sides() -> None:
    assert sorted((w.name, w.side) for w in base().boards) == sorted(wonder_rows())


@pytest.mark.parametrize("key", sorted(wonder_rows()),
                         ids=lambda k: f"{k[0]}-{k[1]}")
def test_wonder_side_matches_reference(key: tuple[str, str]) -> None:
    (wonder,) = [w for w in base().boards if (w.name, w.side) == key]
    assert wonder_mismatches(wonder, wonder_rows()[key]) == []


def test_guild_draw_is_players_plus_two_in_age_three() -> None:
    (draw,) = base().settings.pool_draws
    assert (draw.pool, draw.age) == ("guilds", 3)
    assert draw.count == ir.BinOp("+", ir.Var("seats"), ir.Num(2))


# ---- the comparison catches a slip --------------------------------------------------------------

def test_notation_reads_known_rows() -> None:
    assert hooks("coins_per:brown@self+neighbors:1 (when built)") == [
        ir.Hook(END_OF_TURN, ir.GainCoins(ir.Quantity("cards", ("brown",), seats("self+neighbors"))))]
    assert hooks("vp_per:grey@neighbors:2 (end of game)") == [
        ir.Hook(END_OF_GAME, ir.Score(ir.BinOp("*", ir.Num(2), ir.Quantity("cards", ("grey",), seats("neighbors")))))]
    assert hooks("produce:wood|stone") == [ir.Hook(PASSIVE, ir.Produce(("wood", "stone")))]
    assert hooks("shields:1 + vp:3 + coins:3") == [
        ir.Hook(PASSIVE, ir.Symbol(("shield",), 1)), ir.Hook(END_OF_GAME, ir.Score(ir.Num(3))),
        ir.Hook(ON_BUILD, ir.GainCoins(ir.Num(3)))]


@pytest.mark.parametrize(("find", "replace", "card", "complaint", "breaks_deal"), [
    ('card "Baths" age 1 blue cost stone', 'card "Baths" age 1 blue cost 2 stone', ("Baths", 1), "cost", False),
    ('card "Lumber Yard" age 1 brown copies 3+ 4+', 'card "Lumber Yard" age 1 brown copies 3+ 5+',
     ("Lumber Yard", 1), "copies", True),
    ("on build: gain 1 coin per brown card in self\n", "on build: gain 1 coin per grey card in self\n",
     ("Haven", 3), "effects", False),
    ('card "Palace" age 3 blue cost wood, stone', 'card "Palace" age 3 blue cost wood, wood',
     ("Palace", 3), "cost", False),
])
def test_a_slip_in_base_is_caught(tmp_path: Path, find: str, replace: str, card: tuple[str, int],
                                  complaint: str, breaks_deal: bool) -> None:
    from wonderrules.grammar.lower import lower

    text = BASE.read_text(encoding="utf-8")
    assert text.count(find) == 1, find
    broken = tmp_path / "base.wr"
    broken.write_text(text.replace(find, replace), encoding="utf-8")
    result = compile_rules([str(broken)])
    # a slip that changes the deal is caught by the checker too; either way it lowers
    assert ("E0301" in {d.code for d in result.diagnostics}) == breaks_deal
    bad = card_mismatches(_card(lower(result.model), *card), card_rows()[card])
    assert bad and bad[0].startswith(complaint), bad


def test_a_slip_in_a_wonder_is_caught(tmp_path: Path) -> None:
    find = "stage cost 3 clay { passive: symbol 2 shield }"  # Rhodes A stage 2
    text = BASE.read_text(encoding="utf-8")
    assert text.count(find) == 1
    broken = tmp_path / "base.wr"
    broken.write_text(text.replace(find, find.replace("clay", "stone")), encoding="utf-8")
    (rhodes,) = [w for w in compile_base(broken).boards if (w.name, w.side) == ("Rhodes", "A")]
    assert wonder_mismatches(rhodes, wonder_rows()[("Rhodes", "A")]) == ["stage 2 cost 0 {'stone': 3} != 0 {'clay': 3}"]
