"""`change card "NAME" [age N]: ATTRIBUTES`: a layer changes some attributes of a card a lower
layer defines, and the card keeps the rest (see grammar/resolve_cards.py)."""

from __future__ import annotations

from grammar_support import MINI, codes, only

from wonderrules import Game


def _card(result, name: str, age: int):  # type: ignore[no-untyped-def]
    assert result.ok, [f"{d.code} {d.message}" for d in result.diagnostics]
    found = [c for c in result.rules.cards if c.name == name and c.age == age]
    assert len(found) == 1
    return found[0]


def test_a_change_takes_the_place_of_the_attributes_it_names_and_keeps_the_rest(compile_layer) -> None:
    r = compile_layer('change card "Shrine": cost 1 coin copies 3+ 4+\n'
                      'change card "Log": copies 3+\n'
                      'change card "Sawmill" age 2: copies 3+ 4+ 4+ chain from "Log"\n'
                      'change card "Quarry": copies 3+\n')
    shrine = _card(r, "Shrine", 1)
    assert shrine.copies == (3, 4) and shrine.cost.coins == 1
    assert shrine.chains_to == ("Temple",) and shrine.colour == "blue"  # what the line does not name stays
    assert [type(h.op).__name__ for h in shrine.hooks] == ["Score"]
    sawmill = _card(r, "Sawmill", 2)
    assert sawmill.copies == (3, 4, 4) and sawmill.cost.coins == 1 and sawmill.chains_from == ("Log",)
    assert [type(h.op).__name__ for h in sawmill.hooks] == ["Produce"]


def test_without_an_age_every_age_of_the_card_changes(compile_layer) -> None:
    r = compile_layer('change card "Glassworks": copies 3+ 4+\n'
                      'change card "Log": copies 3+\nchange card "Quarry": copies 3+\n')
    assert _card(r, "Glassworks", 1).copies == (3, 4) and _card(r, "Glassworks", 2).copies == (3, 4)


def test_changed_copy_markers_change_the_deck(compile_layer) -> None:
    """Deck arithmetic follows the change: one more copy of a card at 4 players, one too many."""
    d = only(compile_layer('change card "Shrine": copies 3+ 4+\n'), "E0301")
    assert d.message == "age 1 deck has 9 cards for 4 players, but the deal needs 8"
    assert (d.span.path, d.span.line) == ("t.wr", 2)  # the change, not the card of mini.wr


def test_a_game_deals_the_changed_copies(compile_files) -> None:
    """Base, with a second Loom in Age I from 5 players instead of 6 and one Tavern fewer at 5
    (Tavern 4+ 5+ 7+ becomes 4+ 6+ 7+): the Age I deck keeps its 35 cards at 5 players."""
    text = ('ruleset weavers extends base\n'
            'change card "Loom" age 1: copies 3+ 5+\n'
            'change card "Tavern": copies 4+ 6+ 7+\n')
    r = compile_files({"weavers.wr": text})
    assert r.ok, [f"{d.code} {d.message}" for d in r.diagnostics]
    state = Game(r.rules, 5).new_initial_state(seed=3)
    hand = state.catalog.zone_index["hand"]
    dealt = [card.name for seat in range(5) for card in state.cities[seat].zones[hand]]
    assert len(dealt) == 35
    assert dealt.count("Loom") == 2 and dealt.count("Tavern") == 1


def test_a_replace_or_a_remove_takes_the_changes_with_the_card(compile_files) -> None:
    files = {"mini.wr": MINI,
             "a.wr": 'ruleset a extends mini\nchange card "Shrine": copies 3+ 4+\nremove card "Log"\n',
             "b.wr": 'ruleset b extends a\nreplace card "Shrine" age 1 blue copies 3+ { end of game: score 5 }\n'
                     'card "Log" age 1 brown copies 3+ 4+ { passive: produce wood }\n'}
    r = compile_files(files, "b.wr")
    assert r.ok and r.diagnostics == ()
    assert _card(r, "Shrine", 1).copies == (3,)


def test_a_later_layer_changes_a_change_it_extends(compile_files) -> None:
    files = {"mini.wr": MINI,
             "a.wr": 'ruleset a extends mini\nchange card "Barracks": cost stone\n',
             "b.wr": 'ruleset b extends a\nchange card "Barracks": cost glass\n'}
    r = compile_files(files, "b.wr")
    assert r.ok and r.diagnostics == ()
    assert _card(r, "Barracks", 1).cost.resources == (("glass", 1),)


def test_layers_that_do_not_extend_each_other_changing_one_card_depend_on_the_load_order(compile_files) -> None:
    files = {"mini.wr": MINI,
             "a.wr": 'ruleset a extends mini\nchange card "Barracks": cost stone\n',
             "b.wr": 'ruleset b extends mini\nreplace card "Barracks" age 1 red copies 3+ { passive: symbol shield }\n'}
    r = compile_files(files, "a.wr", "b.wr")
    d = only(r, "W0406")
    assert d.message == ("layer 'b' changes `cost` of card 'Barracks' (age 1) of layer 'a', which it does not "
                         "extend")
    assert _card(r, "Barracks", 1).cost.resources == ()
    # a change of a card a layer not extended adds
    files = {"mini.wr": MINI,
             "a.wr": 'ruleset a extends mini\ncard "Hut" age 1 blue copies 3+ 4+ { end of game: score 1 }\n'
                     'remove card "Log"\n',
             "b.wr": 'ruleset b extends mini\nchange card "Hut": cost 1 coin\n'}
    r = compile_files(files, "a.wr", "b.wr")
    assert codes(r) == []  # the other order fails (no card 'Hut' to change): this one is meant
    r = compile_files(files, "b.wr", "a.wr")
    assert "E0404" in codes(r)


def test_markers_a_change_writes_are_checked_against_the_table(compile_layer) -> None:
    """A layer's own markers beyond the players it seats are a mistake; a lower layer's are not."""
    d = only(compile_layer('change card "Shrine": copies 3+ 5+\n'), "E0104")
    assert d.message == "marker 5+ is never used (the game seats at most 4)"
    assert d.span.path == "t.wr"
