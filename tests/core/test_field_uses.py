"""`field_uses`: which rules set each optional field of the compiled form, on small rule sets
whose every use is known from their text (tiny.py), and on the bundled base game."""

from __future__ import annotations

import attrs
from tiny import card, rules

import wonderrules as wr
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.field_uses import Rule, field_uses, optional_fields, single_use


def _missing(name: str) -> c.Card:
    """A card that produces one resource its city does not produce through its brown cards."""
    return card(name, hooks=[c.Hook(c.Passive(), c.ProduceOneOf(("brown",), missing=True))])


def test_the_optional_fields_are_those_with_a_default():
    fields = optional_fields()
    assert "ProduceOneOf.missing" in fields and "Card.age" in fields and "Way.when" in fields
    assert "Card.name" not in fields  # required
    assert not any(f.endswith(".origin") for f in fields)  # where a value was written is no rule's
    assert list(fields) == sorted(fields)


def test_a_field_left_at_its_default_has_no_user():
    uses = field_uses([rules([card("Plain")])])
    assert uses["ProduceOneOf.missing"] == ()
    assert uses["Card.pool"] == ()  # no card of tiny.py is drawn from a pool


def test_each_card_that_sets_a_field_is_a_user():
    uses = field_uses([rules([_missing("Gap"), card("Plain"), _missing("Hole")])])
    assert uses["ProduceOneOf.missing"] == (Rule("card", "Gap"), Rule("card", "Hole"))
    assert "ProduceOneOf.missing" not in single_use(uses)


def test_a_card_restated_in_another_rule_set_counts_once():
    first = rules([_missing("Gap")])
    placed = attrs.evolve(_missing("Gap"), origin=c.Origin("layer.wr", 7, 1))
    second = attrs.evolve(rules([placed]), name="layer")
    uses = field_uses([first, second])
    assert uses["ProduceOneOf.missing"] == (Rule("card", "Gap"),)
    assert single_use(uses)["ProduceOneOf.missing"].origin is None  # the rule as first met
    assert field_uses([second, first])["ProduceOneOf.missing"][0].origin == c.Origin("layer.wr", 7, 1)


def test_values_belong_to_the_nearest_rule_around_them():
    uses = field_uses([rules([card("Plain")])])
    # tiny.py's build: `way chain` is free and open when chained; its play prefers that way
    assert uses["Way.when"] == (Rule("way", "build chain"),)
    assert uses["Decision.prefer"] == (Rule("decision", "play"),)
    assert uses["ActionKind.unique_in"] == (Rule("action", "build"),)
    assert uses["PassStep.direction"] == (Rule("pass", "hand"),)
    assert uses["Zone.seen_by"] == (Rule("zone", "hand"), Rule("zone", "built"))
    assert uses["Settings.start_coins"] == (Rule("rule set", "tiny"),)
    assert uses["Colour.category"] == (Rule("colour", "blue"),)


def test_the_base_game():
    uses = field_uses([wr.load_rules("base")])
    # the round that only seats holding `last_card` play (Babylon B), at the last turn:
    # base.wr line 158, `round extra: players with last_card, within the turn`
    assert single_use(uses)["RoundStep.ability"] == Rule("round", "extra with last_card")
    assert str(single_use(uses)["RoundStep.ability"]) == "round extra with last_card (<bundled>/base.wr:158)"
    # `prefer per card: build by chain > build` in both of base's decisions of a turn
    assert uses["Decision.prefer"] == (Rule("decision", "play"), Rule("decision", "extra"))
    # the ten guilds, drawn from a pool
    assert len(uses["Card.pool"]) == 10
