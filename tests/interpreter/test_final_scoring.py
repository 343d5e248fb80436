"""Final scoring (rules_facts.md section 4): the score sheet's columns, the rulebook's worked
examples, wild science symbols and Olympia B's copy chosen to the best score, every guild's
count, and the winner with ties broken by coins.

End-of-game positions that would take long to reach by play are prepared with `place` (cards)
and `place_stages`, then every player sells to the end, so the counts do not change.
"""

from __future__ import annotations

import pytest
from engine_support import Script, build, game, place, place_stages, play_out

GIZA, OLYMPIA, RHODES = ("Giza", "A"), ("Olympia", "A"), ("Rhodes", "A")


def _finished(state):
    play_out(state)
    return state.scores()


def test_score_sheet_columns_in_the_printed_order():
    """"Scoring order on the score sheet: military, treasury, wonder, civilian (blue), science,
    commercial (yellow), guilds.\""""
    st = game(3).new_initial_state(0)
    sheets = _finished(st)
    assert [name for name, _ in sheets[0].columns] == [
        "military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]


def test_a_whole_score_sheet_worked_by_hand():
    """Giza builds 14 free cards and sells 4: it ends with 3 - 1 (Clay Pit) + 4 x 3 = 14 coins,
    "1 VP per 3 coins; leftover coins score nothing" -> 4; civilian Gardens 5 + Town Hall 6 +
    Palace 8 + Pantheon 7 = 26; science 2 gears -> 4; nothing else: 34. Its neighbours only sell:
    57 coins -> 19 points each. Giza wins."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Clay Pit"), build("Lumber Yard"), build("Stone Pit"), build("Clay Pool"),
                        build("Ore Vein"), build("Loom")]},
                2: {0: [build("Glassworks"), build("Press")]},
                3: {0: [build("Gardens"), build("Town Hall"), build("Palace"), build("Pantheon"),
                        build("Observatory"), build("Study")]}})
    s.turns(18)
    st = s.state
    assert st.is_terminal()
    sheet = st.scores()[0]
    assert sheet.coins == 14
    assert dict(sheet.columns) == {"military": 0, "treasury": 4, "wonder": 0, "civilian": 26, "science": 4,
                                   "commercial": 0, "guilds": 0}
    assert sheet.total == 34
    for seat in (1, 2):
        assert (st.scores()[seat].coins, st.scores()[seat].total) == (57, 19)
    assert st.winners() == [0]
    assert st.returns() == [1.0, 0.0, 0.0]


@pytest.mark.parametrize("cards,expected", [
    (["Apothecary", "Dispensary", "Lodge", "Workshop", "Laboratory", "Scriptorium"], 9 + 4 + 1 + 7),
    (["Apothecary", "Dispensary", "Lodge", "Workshop", "Laboratory", "Scriptorium", "School"], 9 + 4 + 4 + 2 * 7),
    (["Apothecary"], 1),
    (["Apothecary", "Workshop", "Scriptorium"], 1 + 1 + 1 + 7),
    (["Apothecary", "Dispensary", "Academy", "Lodge"], 16),
])
def test_science_squares_plus_7_per_set(cards, expected):
    """The rulebook's example: 3 compass, 2 gear, 1 tablet = 9 + 4 + 1 + 7 = 21; with a second
    tablet, 9 + 4 + 4 + 2 x 7 = 31. A count squared per symbol, 7 per set of 3 different."""
    st = game(3).new_initial_state(0, boards=[GIZA, OLYMPIA, RHODES])
    for name in cards:
        place(st, 0, name)
    assert _finished(st)[0].column("science") == expected


def test_babylon_wild_symbol_is_chosen_to_the_best_score():
    """"Any" symbols are chosen at the end of the game: Babylon A stage 2 with 2 compass and 1
    gear takes a tablet: 4 + 1 + 1 + 7 = 13 (a compass would give 9 + 1 = 10)."""
    st = game(3).new_initial_state(0, boards=[("Babylon", "A"), OLYMPIA, RHODES])
    place(st, 0, "Apothecary", "Dispensary", "Workshop")
    place_stages(st, 0, 2)
    sheet = _finished(st)[0]
    assert sheet.column("science") == 13
    assert "symbol tablet" in sheet.choices


def test_scientists_guild_and_babylon_b_wild_symbols_together():
    """Two wild symbols (Scientists Guild, Babylon B stage 3) with 2 compass and 1 gear: the best
    pair is a compass and a tablet: 9 + 1 + 1 + 7 = 18 (two tablets: 4 + 1 + 4 + 7 = 16)."""
    st = game(3).new_initial_state(0, boards=[("Babylon", "B"), OLYMPIA, RHODES])
    place(st, 0, "Apothecary", "Dispensary", "Workshop", "Scientists Guild")
    place_stages(st, 0, 3)
    sheet = _finished(st)[0]
    assert sheet.column("science") == 18
    assert sheet.column("guilds") == 0


def test_military_column_adds_token_values():
    """The rulebook's example: tokens +1, +3, +5, -1, -1, -1 = 6 (a city stronger than one
    neighbour and weaker than the other in every Age)."""
    st = game(3).new_initial_state(0, boards=[GIZA, OLYMPIA, RHODES])
    place(st, 0, "Barracks")                  # 1 shield
    place(st, 2, "Stockade", "Guard Tower")   # 2 shields; seat 1 has none
    sheets = _finished(st)
    assert sheets[0].column("military") == 1 + 3 + 5 - 1 - 1 - 1
    assert sheets[2].column("military") == 2 * (1 + 3 + 5)
    assert sheets[1].column("military") == -6


def test_ties_share_the_win_when_coins_are_equal_too():
    """"Tie: the player with the most coins wins. A tie on coins stays a tie." Giza: 2 (Altar) +
    51 coins / 3 = 19 points; its neighbours sell everything: 57 coins, 19 points. The two richer
    players share the win."""
    s = Script(3, [GIZA, OLYMPIA, RHODES], {1: {0: [build("Altar"), build("Lumber Yard")]}, 2: {}, 3: {}})
    s.turns(18)
    st = s.state
    assert [sh.total for sh in st.scores()] == [19, 19, 19]
    assert [sh.coins for sh in st.scores()] == [51, 57, 57]
    assert st.winners() == [1, 2]
    assert st.returns() == [0.0, 0.5, 0.5]


def test_ties_are_broken_by_coins():
    """The same, but Rhodes builds a Lumber Yard instead of selling once (54 coins, 18 points):
    Olympia (19 points, 57 coins) beats Giza (19 points, 51 coins)."""
    s = Script(3, [GIZA, OLYMPIA, RHODES],
               {1: {0: [build("Altar"), build("Lumber Yard")], 2: [build("Lumber Yard")]}, 2: {}, 3: {}})
    s.turns(18)
    st = s.state
    assert [sh.total for sh in st.scores()] == [19, 19, 18]
    assert st.winners() == [1]


# ---- guilds ----------------------------------------------------------------------------------
#
# Four players: seat 0 (Giza) holds the guild; its left neighbour is seat 1, its right seat 3;
# seat 2 sits opposite and must never be counted.
#   seat 0: Ore Vein, Glassworks, 1 stage
#   seat 1: brown 2, grey 1, blue 3, green 1, red 1 (1 shield), yellow 1; 1 stage
#   seat 2: brown 4, grey 1, blue 1, green 1, red 2 (3 shields), yellow 1
#   seat 3: brown 3, grey 2, blue 1, green 3, red 2 (2 shields), yellow 2; 2 stages
# Conflicts each Age: 1 beats 0, 2 beats 1, 2 beats 3, 3 beats 0: seats 1 and 3 each take one
# defeat token per Age, 3 in all.
LAYOUT = {
    0: ["Ore Vein", "Glassworks"],
    1: ["Lumber Yard", "Stone Pit", "Loom", "Altar", "Theater", "Pawnshop", "Apothecary", "Barracks", "Tavern"],
    2: ["Ore Vein", "Timber Yard", "Clay Pool", "Lumber Yard", "Press", "Baths", "Scriptorium", "Stables",
        "Stockade", "Marketplace"],
    3: ["Clay Pool", "Timber Yard", "Sawmill", "Glassworks", "Press", "Baths", "Workshop", "Scriptorium",
        "Dispensary", "Stockade", "Guard Tower", "Marketplace", "East Trading Post"],
}
STAGES_BUILT = {0: 1, 1: 1, 3: 2}
BOARDS = [GIZA, OLYMPIA, ("Babylon", "A"), ("Ephesus", "A")]


def _guild_table(extra: dict[int, list[str]], boards=BOARDS):
    st = game(4).new_initial_state(0, boards=boards)
    for seat, names in LAYOUT.items():
        place(st, seat, *names)
    for seat, names in extra.items():
        place(st, seat, *names)
    for seat, n in STAGES_BUILT.items():
        place_stages(st, seat, n)
    return st


@pytest.mark.parametrize("guild,points", [
    ("Builders Guild", 1 + 1 + 2),       # stages in self, left, right
    ("Craftsmens Guild", 2 * (1 + 2)),   # 2 per grey card in left, right
    ("Magistrates Guild", 3 + 1),        # blue in left, right
    ("Philosophers Guild", 1 + 3),       # green in left, right
    ("Shipowners Guild", 1 + 1 + 1),     # brown, grey, purple in self, counting itself
    ("Spies Guild", 1 + 2),              # red in left, right
    ("Strategists Guild", 3 + 3),        # defeat tokens in left, right
    ("Traders Guild", 1 + 2),            # yellow in left, right
    ("Workers Guild", 2 + 3),            # brown in left, right
    ("Scientists Guild", 0),             # a wild science symbol, scored in the science column
])
def test_each_guild_counts_at_the_end_of_the_game(guild, points):
    """Each guild's printed count, made at the end of the game, over the neighbours (never the
    city across the table) or the city itself as printed."""
    st = _guild_table({0: [guild]})
    sheet = _finished(st)[0]
    assert sheet.column("guilds") == points
    assert sheet.column("science") == (1 if guild == "Scientists Guild" else 0)
    if guild == "Strategists Guild":
        assert [c.token_counts[st.catalog.token_index["defeat"]] for c in st.cities] == [6, 3, 0, 3]


def test_olympia_b_copies_the_best_neighbour_guild_without_changing_its_owner():
    """Olympia B stage 3: "copy one purple card built by a neighbour" at the end of the game; "the
    copied guild scores as if the player had built it and does not change its owner's score".
    Left has the Workers Guild (for Olympia: 2 + 3 brown = 5), right the Spies Guild (1 + 2 red
    = 3); the Magistrates Guild across the table (it would give 4) cannot be copied."""
    boards = [("Olympia", "B"), ("Giza", "A"), ("Babylon", "A"), ("Ephesus", "A")]
    st = _guild_table({1: ["Workers Guild"], 3: ["Spies Guild"], 2: ["Magistrates Guild"]}, boards)
    place_stages(st, 0, 2)   # stages 2 and 3 (the layout built stage 1)
    sheets = _finished(st)
    assert sheets[0].column("guilds") == 5
    assert "copy Workers Guild" in sheets[0].choices
    # owners: Workers for seat 1 counts seats 2 (4 brown) and 0 (1 brown); Spies for seat 3
    # counts seats 0 (no red) and 2 (2 red); Magistrates for seat 2: seats 3 (1) and 1 (3)
    assert sheets[1].column("guilds") == 4 + 1
    assert sheets[3].column("guilds") == 0 + 2
    assert sheets[2].column("guilds") == 1 + 3


def test_olympia_b_copy_of_a_shipowners_guild_counts_the_copy_itself():
    """A copied Shipowners Guild counts "brown, grey, purple cards in self (including this)" for
    Olympia: Ore Vein, Glassworks, and the copied guild itself: 3."""
    boards = [("Olympia", "B"), ("Giza", "A"), ("Babylon", "A"), ("Ephesus", "A")]
    st = _guild_table({1: ["Shipowners Guild"]}, boards)
    place_stages(st, 0, 2)
    sheets = _finished(st)
    assert sheets[0].column("guilds") == 3
    # its owner, seat 1: Lumber Yard, Stone Pit, Loom and the guild
    assert sheets[1].column("guilds") == 4


def test_olympia_b_copies_the_scientists_guild_for_science():
    """The copy may be the Scientists Guild: its wild symbol goes to Olympia's science, chosen
    to the best: 2 compass, 2 gear, 1 tablet + a tablet = 4 + 4 + 4 + 2 x 7 = 26, better than the
    Spies Guild's 3 points added to 4 + 4 + 1 + 7 = 16."""
    boards = [("Olympia", "B"), ("Giza", "A"), ("Babylon", "A"), ("Ephesus", "A")]
    st = _guild_table({1: ["Scientists Guild"], 3: ["Spies Guild"]}, boards)
    place(st, 0, "Apothecary", "Dispensary", "Workshop", "Laboratory", "Scriptorium")
    place_stages(st, 0, 2)
    sheet = _finished(st)[0]
    assert sheet.column("science") == 26
    assert sheet.column("guilds") == 0
    assert "copy Scientists Guild" in sheet.choices


# ---- Olympia B's copy: a purple card of the copying city, as if built there --------------------
#
# base.wr's reading: the copied guild counts as a purple card of the copying city for its own
# counts and for every other card that counts that city's purple cards (an owned Shipowners
# Guild, a neighbour's guild counting purple cards next door), as if built there; the copier
# chooses the copy that gives it the best total. Olympia B sits at seat 0, between seat 1 (left)
# and seat 3 (right); seat 0's own cards are Ore Vein (brown) and Glassworks (grey).

OLYMPIA_B_TABLE = [("Olympia", "B"), ("Giza", "A"), ("Babylon", "A"), ("Ephesus", "A")]

#: guilds no printed card matches, to reach the cases the base game cannot: a guild counting
#: the purple cards of the neighbours, and a second card that copies a guild (from the left)
VARIANT = """\
ruleset copy_variants "Guilds that count or copy purple cards next door" extends base

card "Heralds Guild" age 3 purple cost 2 loom pool guilds {
  end of game: score 1 per purple card in left, right
}
card "Forgers Guild" age 3 purple cost 2 glass pool guilds {
  end of game: copy 1 purple card from left
}
"""


@pytest.fixture(scope="module")
def variant_game(tmp_path_factory):
    layer = tmp_path_factory.mktemp("variants") / "copy_variants.wr"
    layer.write_text(VARIANT, encoding="utf-8")
    import wonderrules as wr
    return wr.Game(wr.load_rules("base", str(layer)), players=4, sides="A")


def _olympia_b_table(extra: dict[int, list[str]], game_=None):
    st = _guild_table(extra, OLYMPIA_B_TABLE) if game_ is None else _layout(game_, extra)
    place_stages(st, 0, 2)   # stages 2 and 3 (the layout built stage 1)
    return st


def _layout(game_, extra: dict[int, list[str]]):
    st = game_.new_initial_state(0, boards=OLYMPIA_B_TABLE)
    for seat, names in LAYOUT.items():
        place(st, seat, *names)
    for seat, names in extra.items():
        place(st, seat, *names)
    for seat, n in STAGES_BUILT.items():
        place_stages(st, seat, n)
    return st


def test_owned_shipowners_guild_counts_the_copied_guild():
    """base.wr: the copied guild counts as a purple card of the copying city for every card that
    counts purple cards there. Olympia B owns the Shipowners Guild and copies the Workers Guild
    on its left: Shipowners counts Ore Vein, Glassworks, itself and the copy (4); the copied
    Workers Guild counts 2 + 3 brown cards next door (5)."""
    st = _olympia_b_table({0: ["Shipowners Guild"], 1: ["Workers Guild"]})
    sheets = _finished(st)
    assert sheets[0].choices == ("copy Workers Guild",)
    assert sheets[0].column("guilds") == 4 + 5
    # the owner's Workers Guild is not changed by the copy: 4 brown on its left, 1 on its right
    assert sheets[1].column("guilds") == 4 + 1


def test_copied_shipowners_guild_counts_itself_and_the_owned_purple_cards():
    """A copied Shipowners Guild counts "brown, grey, purple cards in self (including this)" for
    Olympia: Ore Vein, Glassworks, the Spies Guild Olympia owns and the copy itself (4); the
    Spies Guild scores 1 + 2 red cards next door."""
    st = _olympia_b_table({0: ["Spies Guild"], 1: ["Shipowners Guild"]})
    sheets = _finished(st)
    assert sheets[0].choices == ("copy Shipowners Guild",)
    assert sheets[0].column("guilds") == 4 + 3
    assert sheets[1].column("guilds") == 4    # Lumber Yard, Stone Pit, Loom and the guild


def test_two_copied_guilds_count_each_other(variant_game):
    """A copied guild that counts purple cards counts every purple card of the copying city,
    other copies included. Olympia B owns the Forgers Guild (a variant: it copies a purple card
    on the left) and so makes two copies: the Shipowners Guild on its left counts Ore Vein,
    Glassworks, the Forgers Guild and both copies (5); the Strategists Guild on its right
    counts 3 + 3 defeat tokens next door (6). Copying the Shipowners Guild twice would give
    only 5 + 5."""
    st = _olympia_b_table({0: ["Forgers Guild"], 1: ["Shipowners Guild"], 3: ["Strategists Guild"]},
                          variant_game)
    sheet = _finished(st)[0]
    assert sorted(sheet.choices) == ["copy Shipowners Guild", "copy Strategists Guild"]
    assert sheet.column("guilds") == 5 + 6


def test_a_neighbours_guild_counts_the_copied_guild(variant_game):
    """The copied guild counts for every other card that counts purple cards in the copying city,
    also a neighbour's. Seat 1's Heralds Guild (a variant: 1 point per purple card in its left
    and right cities) sees no purple card on its left (seat 2) and Olympia's copied Workers
    Guild on its right (seat 0): 1. Olympia copies the Workers Guild (5), not the Heralds Guild
    (1 each for the guilds of seats 1 and 3: 2)."""
    st = _olympia_b_table({1: ["Heralds Guild"], 3: ["Workers Guild"]}, variant_game)
    sheets = _finished(st)
    assert sheets[0].choices == ("copy Workers Guild",)
    assert sheets[0].column("guilds") == 2 + 3
    assert sheets[1].column("guilds") == 0 + 1
    # seat 3, the Workers Guild's owner, counts its own neighbours' brown cards: 4 and 1
    assert sheets[3].column("guilds") == 4 + 1


def test_olympia_b_with_no_guild_next_door_copies_nothing():
    """Olympia B stage 3 copies a guild built by a neighbour: with none on either side (the
    Magistrates Guild across the table cannot be copied) the copy is lost, and its Shipowners
    Guild counts only Ore Vein, Glassworks and itself."""
    st = _olympia_b_table({0: ["Shipowners Guild"], 2: ["Magistrates Guild"]})
    sheet = _finished(st)[0]
    assert sheet.choices == ("copy: nothing to copy",)
    assert sheet.column("guilds") == 3
