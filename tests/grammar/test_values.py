"""Passes `values` and `values_structure`: required parts are present (E0105), given once (E0102)
and values are in range (E0104)."""

from __future__ import annotations

from grammar_support import MINI, codes, only

from wonderrules.grammar.checks.values import MAX_AGES, MAX_PLAYERS


def col(line: str, needle: str) -> int:
    return line.index(needle) + 1


def messages(result) -> list[str]:
    return [d.message for d in sorted(result.diagnostics, key=lambda d: d.sort_key())]


# ---- required parts (E0105) -----------------------------------------------------------------------

def test_a_game_without_settings_names_them_all_once(compile_files) -> None:
    r = compile_files({"t.wr": 'ruleset t "T"\n'})
    settings, flow = sorted((d for d in r.diagnostics if d.code == "E0105"), key=lambda d: d.message)
    assert settings.message == "the game does not set 'players', 'start coins', 'ages', 'hand', 'turns'"
    assert (settings.span.line, settings.span.column, settings.span.end_column) == (1, 1, 8)  # the word `ruleset`
    assert "`players 3..7`" in settings.help and "`turns 6`" in settings.help
    assert flow.message == "the rule set has no flow" and flow.span == settings.span


def test_one_missing_setting(compile_files) -> None:
    d = only(compile_files({"mini.wr": MINI.replace("  start coins 3\n", "")}), "E0105")
    assert d.message == "the game does not set 'start coins'"
    assert d.help == "add `start coins 3` to the `game` block"


def test_passing_in_the_age_direction_needs_pass(compile_files) -> None:
    d = only(compile_files({"mini.wr": MINI.replace("  pass left, right\n", "")}), "E0105")
    assert d.message == "the flow passes cards in the age's direction, but the game sets no `pass`"
    r = compile_files({"mini.wr": MINI.replace("  pass left, right\n", "").replace("pass hand }", "pass hand left }")})
    assert r.ok, messages(r)


def test_a_card_never_dealt(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown { passive: produce wood }'
    r = compile_layer(text + "\n")
    d = only(r, "E0105")
    assert d.message == "card 'Log' is never dealt: it has neither copies nor a pool"
    assert d.span.column == col(text, '"Log"')


def test_a_wonder_without_stages(compile_layer) -> None:
    d = only(compile_layer('wonder "W" side A { start wood }\n'))
    assert d.code == "E0105" and d.message == "wonder 'W' side A has no stage"


def test_a_contest_without_lose(compile_layer) -> None:
    text = "override contest military at end of age { strength: symbols(shield) win: victory worth 1 }"
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0105" and d.message == "contest 'military' has no 'lose' clause"
    assert d.help == "add `lose: defeat worth -1`"
    assert d.span.column == col(text, "military")


# ---- points must land in a score column (E0105) -----------------------------------------------------

def test_points_of_a_colour_without_a_column(compile_layer) -> None:
    # mini has no column free for purple: the help gives the colour one of its own
    text = 'replace card "Log" age 1 purple copies 3+ 4+ { end of game: score 1 }'
    r = compile_layer(f"colours: purple\n{text}\n"
                      'replace card "Rock" age 1 purple copies 3+ 4+ { end of game: score 2 }\n')
    d = only(r)
    assert d.code == "E0105"
    assert d.message == "card 'Log' (and 1 other card) scores points, but purple cards have no score column"
    assert (d.span.line, d.span.column) == (3, col(text, "end of game"))
    assert [(lb.span.line, lb.span.column, lb.message) for lb in d.labels] == [
        (2, col("colours: purple", "purple"), "'purple' declared here without `scores`")]
    assert d.help == ("give the colour a column of its own: `purple scores purple` where the colour is declared, "
                      "and a column `purple` in the `scoring` block")


def test_a_free_column_is_suggested(compile_layer) -> None:
    d = only(compile_layer("colours: purple\nscoring { guilds }\n"
                           'replace card "Log" age 1 purple copies 3+ 4+ { end of game: score 1 }\n'))
    assert d.help == "name the column that receives their points where the colour is declared: `purple scores guilds`"


def test_a_colour_of_a_lower_layer_cannot_be_given_a_column(compile_layer) -> None:
    d = only(compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ { end of game: score 2 }\n'))
    assert d.message == "card 'Barracks' scores points, but red cards have no score column"
    assert d.labels[0].span.path == "mini.wr"
    assert d.help == ("a layer cannot change a colour declared below it: give the card a colour with a column "
                      "(blue scores civilian), or declare a new colour with one")


def test_points_of_a_card_that_are_not_from_score_are_fine(compile_layer) -> None:
    # coins and symbols of a colour without a column are not points
    assert compile_layer('replace card "Barracks" age 1 red cost wood copies 3+ '
                         '{ on build: gain 1 coin  passive: symbol shield }\n').ok


def test_stage_points_without_stages_score(compile_files) -> None:
    r = compile_files({"mini.wr": MINI.replace("  stages score wonder\n", "")})
    d = only(r)
    assert d.code == "E0105"
    assert d.message == "'Tower' side A stage 1 scores points, but the game has no column for stage points"
    assert d.help == "say which column receives the points of wonder stages: `stages score wonder` in the game block"


def test_undeclared_names_say_how_to_declare(compile_files) -> None:
    r = compile_files({"t.wr": 'ruleset t\ncard "A" age 1 brown copies 3+ { passive: produce wood }\n'})
    helps = {d.message: d.help for d in r.diagnostics if d.code == "E0101"}
    assert helps == {"unknown colour 'brown'": "nothing is declared as a colour; declare it: `colours: brown`",
                     "unknown resource 'wood'": "nothing is declared as a resource; declare it: `resources raw: wood`"}


# ---- values in range (E0104) ----------------------------------------------------------------------

def test_card_age_beyond_the_game(compile_layer) -> None:
    text = 'card "New" age 3 brown copies 3+ { passive: produce wood }'
    d = only(compile_layer(text + "\n"), "E0104")
    assert d.message == "card 'New' is in age 3, but the game has 2 ages"
    assert (d.span.column, d.span.end_column) == (col(text, "3 brown"), col(text, "3 brown") + 1)


def test_copy_markers(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 4+ 3+ 9+ 0+ { passive: produce wood }'
    got = [m for m in messages(compile_layer(text + "\n"))]
    assert "copy markers go from the smallest player count up" in got
    assert "marker 0+ names no player count" in got
    assert "marker 9+ is never used (the game seats at most 4)" in got


def test_markers_of_lower_layers_are_not_judged_by_a_smaller_table(compile_layer) -> None:
    # a layer seating fewer players keeps the lower layer's cards and markers
    r = compile_layer("game { override players 3 }\n")
    assert "E0104" not in codes(r)


def test_cost_checks(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ cost 1 coin, 2 coins, 0 wood { passive: produce wood }'
    got = messages(compile_layer(text + "\n"))
    assert got == ["coins are given twice in this cost", "a cost counts at least 1"]


def test_a_clause_given_twice(compile_layer) -> None:
    text = 'replace card "Log" age 1 brown copies 3+ 4+ cost wood cost stone { passive: produce wood }'
    d = only(compile_layer(text + "\n"))
    assert d.code == "E0102" and d.message == "card 'Log' has two `cost` clauses"
    assert d.span.column == col(text, "cost stone")
    assert d.labels[0].span.column == col(text, "cost wood") and d.labels[0].message == "first given here"


def test_copies_and_pool_together(compile_layer) -> None:
    d = only(compile_layer('replace card "Log" age 1 brown copies 3+ 4+ pool extra { passive: produce wood }\n'))
    assert d.message == "card 'Log' has both copies and a pool"


def test_amounts_and_counts_of_effects(compile_layer) -> None:
    r = compile_layer('replace card "Log" age 1 brown copies 3+ 4+ { passive: produce 0 wood }\n'
                      'replace card "Rock" age 1 brown copies 3+ 4+ { each end of age: decide play 0 times }\n'
                      'replace card "Sawmill" age 2 brown copies 3+ 4+ { on build: gain 0 coins }\n'
                      'replace card "Quarry" age 2 brown copies 3+ 4+ '
                      '{ end of turn: draw 0 cards from hand into tucked }\n')
    assert messages(r) == ["an amount of at least 1 is needed here", "a number of times of at least 1 is needed here",
                           "an amount of at least 1 is needed here", "a count of at least 1 is needed here"]


def test_points_may_be_zero_or_fewer(compile_layer) -> None:
    r = compile_layer('replace card "Shrine" age 1 blue chain to "Temple" copies 3+ { end of game: score -1 }\n')
    assert r.ok, messages(r)


def test_per_age_lists(compile_layer) -> None:
    r = compile_layer("game { override pass left }\noverride contest military at end of age { "
                      "strength: symbols(shield) win: victory worth 1, 2, 3 lose: defeat worth -1, -2, -3 }\n")
    assert messages(r) == ["1 pass direction for 2 ages", "3 victory values for 2 ages", "3 defeat values for 2 ages"]
    # a single value serves every age
    r = compile_layer("override contest military at end of age { strength: symbols(shield) "
                      "win: victory worth 2 lose: defeat worth -1 }\n")
    assert r.ok


def test_fewer_contest_values_than_ages_repeat_the_last(compile_files) -> None:
    """contests.rst: one value per age, the last one repeats (base has three ages)."""
    r = compile_files({"t.wr": "ruleset t extends base\noverride contest military at end of age {\n"
                               "  strength: symbols(shield)\n  pairs: neighbours\n"
                               "  win: victory worth 1, 3\n  lose: defeat worth -1\n}\n"})
    assert r.ok and r.diagnostics == (), messages(r)
    contest = next(c for c in r.rules.contests if c.name == "military")
    assert contest.win.worth == (1, 3)


def test_player_ranges(compile_layer) -> None:
    d = only(compile_layer("game { override players 4..2 }\n"))
    assert d.message == "bad player range 4..2"
    d = only(compile_layer(f"game {{ override players 3..{MAX_PLAYERS + 1} }}\n"))
    assert d.message == f"{MAX_PLAYERS + 1} players are more than a table can seat"


def test_a_huge_player_range_is_refused_before_it_is_expanded(compile_layer) -> None:
    # a range as wide as numbers allow, in a setting and in a `when` block: checked against the
    # bound, never expanded into a million counts (that took minutes and gigabytes before)
    d = only(compile_layer("game { override players 3..999999 }\n"))
    assert d.message == "999999 players are more than a table can seat"
    r = compile_layer("game { when players 3..999999 { start coins 4 } }\n")
    assert "999999 players are more than a table can seat" in messages(r)


def test_numbers_beyond_the_bound_are_refused_where_written(compile_layer) -> None:
    text = "game { override start coins 1000001 }"
    d = only(compile_layer(text + "\n"))
    assert (d.code, d.message) == ("E0104", "1000001 is larger than a rule set may write")
    assert (d.span.line, d.span.column) == (2, col(text, "1000001"))
    # thousands of digits: refused without converting them (no Python message leaks out)
    d = only(compile_layer("game { override start coins " + "9" * 5000 + " }\n"))
    assert d.message == "a number of 5000 digits is larger than a rule set may write"
    # the bound itself is a number the language reads (the engine's own limits may still refuse it)
    r = compile_layer("game { override start coins 1000000 }\n")
    assert all("larger than a rule set may write" not in m for m in messages(r))


def test_ages_at_least_one_and_bounded(compile_layer) -> None:
    assert only(compile_layer("game { override ages 0 }\n")).message == "a game has at least one age"
    d = only(compile_layer(f"game {{ override ages {MAX_AGES + 1} }}\n"))
    assert d.message == f"{MAX_AGES + 1} ages are more than a game can hold"


def test_nested_when_blocks(compile_layer) -> None:
    text = "game { when players 3 { when players 4 { turns 1 } } }"
    d = only(compile_layer(text + "\n"))
    assert d.message == "`when` blocks cannot be nested"
    assert d.span.column == col(text, "when players 4")


def test_contest_clauses(compile_layer) -> None:
    r = compile_layer("override contest military at end of age { strength: symbols(shield) strength: coins "
                      "win: victory worth 1 lose: defeat worth -1 tokens: 0 "
                      "takes part: coins > 0  takes part: coins > 1 }\n")
    assert messages(r) == ["contest clause 'strength' is given twice", "a contest gives at least one token",
                           "contest clause 'takes part' is given twice"]
    # a count that is an expression is counted in the game: no message for it here
    r = compile_layer("override contest military at end of age { strength: coins  tokens: 2 - tokens(defeat) "
                      "win: victory worth 1 lose: defeat worth -1 }\n")
    assert messages(r) == []
    r = compile_layer("override contest military at end of age { strength: coins  pairs: neighbours  ranking "
                      "win: victory worth 1 lose: defeat worth -1 }\n")
    assert messages(r) == ["contest 'military' both pairs seats and ranks them"]


def test_team_options(compile_layer) -> None:
    r = compile_layer('option teams "Teams" { players 3, 4  teams of 2 adjacent seats  winner: best team }\n'
                      "option solo { teams of 1 adjacent seats }\n")
    assert messages(r) == ["3 players cannot sit in teams of 2", "a team has at least two seats"]


def test_neutral_seat_and_pool_draw(compile_layer) -> None:
    r = compile_layer('seat "Free" { resolves first  resolves first  controller starts: left }\n'
                      "game { pool extra: 1 in age 5 }\n"
                      'card "X" age 2 brown pool extra { passive: produce wood }\n')
    assert messages(r)[:3] == ["seat clause 'resolves first' is given twice",
                               "1 starting controller for 2 ages", "age 5 does not exist (the game has 2)"]


def test_settings_of_the_whole_game_stay_out_of_when_and_options(compile_layer) -> None:
    r = compile_layer("game { when players 4 { ages 3 } }\noption o { override tie break coins }\n")
    assert messages(r) == [
        "`ages` holds for the whole game: it cannot change with the player count or an option",
        "`tie break` holds for the whole game: it cannot change with the player count or an option"]


# ---- the structure (values_structure) ------------------------------------------------------------------

def test_parts_of_actions_given_twice_or_missing(compile_layer) -> None:
    r = compile_layer('action a "a" { card from hand  card from discard  way pay  way pay  way x: free  '
                      'way x: free, free }\n'
                      'action b "b" { cost card  unique in built  then: move card to built }\n'
                      'action c { card from hand  way y: when chained, with z }\n'
                      "decision d: a, a, b, c\nat end of age { round d }\nabilities: z\n"
                      'replace card "Log" age 1 brown copies 3+ 4+ { passive: grant z }\n')
    assert messages(r) == [
        "clause 'card from' of action 'a' is given twice", "`way pay` of action 'a' is given twice",
        "way 'x' of action 'a' is given twice", "way property 'free' is given twice",
        "action 'b' pays its card's cost, but takes no card", "action 'b' takes no card, so no name is unique",
        "action 'b' takes no card, so `move card` moves nothing",
        "a way opens when the card is chained or with an ability, not both",
        "action 'a' in decision 'd' is given twice"]


def test_deals_markets_zones_and_loops(compile_layer) -> None:
    r = compile_layer("deal extra from deck age { rest to discard  rest to discard }\n"
                      "override market { price 51  price 2 }\n"
                      "zone vault: each seat, active, active\n"
                      "zone pool: shared, active\n"
                      "at end of age { each age { each turn { each age { at x } } } }\n")
    assert messages(r) == [
        "deal 'extra' gives cards to nobody", "clause 'rest to' is given twice",
        # the missing clauses point at the whole market, which starts before its clauses
        "the market has no 'sellers' clause", "the market has no 'sells' clause",
        "a price of 51 coins is more than a rule set may ask", "market clause 'price' is given twice",
        "zone property 'active' is given twice",
        "a shared zone cannot be active: the cards of a city are built in a zone of each seat",
        "`each age` is written inside `each age`", "`each age` is written inside `each turn`"]


def test_tie_break_and_order_steps(compile_layer) -> None:
    r = compile_layer("game { override tie break coins, points  order end of turn: gain, gain }\n")
    assert messages(r) == ["cannot break ties by 'points'", "step 'gain' is listed twice"]


def test_a_deal_count_may_change_with_the_age(compile_layer) -> None:
    """engine.rst: a deal's counts are counted in the age it is dealt. Hands of 2 in age 1 and
    of 3 in age 2: the decks of age 1 hold what the deal gives, those of age 2 (6 and 8 cards,
    as in age 1) are 3 and 4 cards short."""
    d = only(compile_layer("override deal age from deck age {\n  hand + age - 1 cards to hand of each player\n}\n"))
    assert (d.code, d.message) == ("E0301", "age 2 deck does not match the deal for 3 and 4 players")
    assert "at 3 players the deck holds 6" in (d.help or "") and "gives 9" in (d.help or "")
