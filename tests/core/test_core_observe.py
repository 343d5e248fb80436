"""Observations on the core: what a player sees follows from the zones' declarations, and no
hidden card ever shows, at every position of random games of every kind of table."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import attrs
import core_support as cs
import pytest

from wonderrules.interpreter import ir
from wonderrules.interpreter import observe as observe_module
from wonderrules.interpreter.errors import ArgumentError
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.observe import observation, zones_in_force

# ---- the declarations, read independently of the engine --------------------------------------


def declared_zones(rules: ir.RuleSet, players: int, options: tuple[str, ...]) -> dict[str, ir.Zone]:
    """Each zone as the rule set declares it for this table: its own declaration, then those of
    the patches for this player count, then those of the options turned on."""
    zones = {z.name: z for z in rules.zones}
    for patch in rules.patches:
        if players in patch.players:
            zones.update({z.name: z for z in patch.zones})
    for option in rules.options:
        if option.name in options:
            for patch in option.patches:
                if not patch.players or players in patch.players:
                    zones.update({z.name: z for z in patch.zones})
    return zones


def visible(zone: ir.Zone, player: int, owner: int | None, team_size: int) -> bool:
    if zone.seen_by == "everyone":
        return True
    if zone.per == "shared" or owner is None or zone.seen_by == "nobody":
        return False
    if owner == player:
        return True
    return zone.seen_by == "partners" and bool(team_size) and owner // team_size == player // team_size


def allowed_names(state, player: int, zones: dict[str, ir.Zone]) -> set[str]:
    """The card names the declarations let `player` see now, with the cards a pending decision
    lets them choose from a zone they cannot see."""
    team_size = state.table.team_size
    out: set[str] = set()
    for name, zone in zones.items():
        index = state.catalog.zone_index[name]
        if zone.per == "shared":
            if visible(zone, player, None, team_size):
                out.update(c.name for c in state.shared[index])
            continue
        for seat, city in enumerate(state.cities):
            owner = seat if seat < state.players else state.controller.get(seat)
            if visible(zone, player, owner, team_size):
                out.update(c.name for c in city.zones[index])
    if player in state.pending:
        out.update(a.card for a in state.legal_actions(player) if a.card)
    return out


@cache
def _pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    longest_first = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in longest_first) + r")(?!\w)")


def card_pattern(layers: tuple[str, ...]) -> re.Pattern[str]:
    return _pattern(tuple(sorted({c.name for c in cs.core_rules(*layers).cards})))


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def leaks(obs: dict, allowed: set[str], pattern: re.Pattern[str]) -> set[str]:
    """Card names in the observation (whole strings, or inside a text) that are not allowed."""
    found = set()
    for text in strings(obs):
        found.update(pattern.findall(text))
    return found - allowed


# ---- the property ----------------------------------------------------------------------------


def check_every_position(game: Game, rules: ir.RuleSet, seeds: range) -> None:
    """The property at every position of random games of one table, for every player."""
    players, options = game.config.players, game.config.options
    zones = declared_zones(rules, players, options)
    pattern = _pattern(tuple(sorted({c.name for c in rules.cards})))
    hidden_seen = observed = 0
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while True:
            for player in range(players):
                obs = observation(state, player)
                assert json.loads(json.dumps(obs)) == obs
                allowed = allowed_names(state, player, zones)
                assert not leaks(obs, allowed, pattern), (state.age, state.turn, player)
                everything = {c.name for city in state.cities for z in city.zones for c in z}
                hidden_seen += bool(everything - allowed)
                observed += 1
                # and what is allowed is shown: every zone the player sees, card by card
                for seat, city in enumerate(state.cities):
                    for name, zone in zones.items():
                        if zone.per == "seat" and visible(zone, player, state.controller_of(seat),
                                                          state.table.team_size):
                            cards = [c.name for c in city.zones[state.catalog.zone_index[name]]]
                            assert obs["cities"][seat]["zones"][name]["cards"] == cards
            if state.is_terminal():
                break
            state.apply_actions(cs.random_round(state, rng))
    # the property was tested where there was something to hide
    assert hidden_seen > observed // 2 and observed > 100


@pytest.mark.parametrize("layers,players,options", cs.TABLES, ids=cs.table_id)
def test_no_hidden_card_ever_shows_in_an_observation(layers, players, options):
    check_every_position(cs.game(layers, players, options), cs.core_rules(*layers), range(3))


def test_no_hidden_card_shows_with_zones_and_deals_of_a_rule_set_s_own():
    """A reserve of leaders each player sees alone, and a pile of them nobody sees."""
    from test_core_log import _leaders_rules

    rules = _leaders_rules()
    check_every_position(Game(rules, 4), rules, range(2))


@cs.plain_engine_only
def test_the_check_finds_a_card_shown_that_should_not_be(monkeypatch):
    """The property test can fail: an observation that shows every zone is caught."""
    layers = ("base",)
    state = cs.random_game(layers, 3, seed=1, upto=2)
    zones = declared_zones(cs.core_rules(*layers), 3, ())
    monkeypatch.setattr(observe_module, "sees", lambda *args: True)
    obs = observation(state, 0)
    assert set(cs.hand(state, 1)) & leaks(obs, allowed_names(state, 0, zones), card_pattern(layers))


# ---- what each declaration shows ----------------------------------------------------------------


def test_a_player_sees_their_hand_and_only_the_size_of_the_others():
    state = cs.game(("base",), 3).new_initial_state(seed=4)
    obs = observation(state, 1)
    assert obs["cities"][1]["zones"]["hand"] == {"size": 7, "cards": cs.hand(state, 1)}
    assert obs["cities"][0]["zones"]["hand"] == {"size": 7}
    assert obs["cities"][2]["zones"]["hand"] == {"size": 7}


def test_built_cards_are_seen_by_everyone_and_cards_under_a_wonder_by_nobody():
    under = None
    for state in cs.positions(("base",), 3, seed=2):
        staged = [s for s in range(3) if state.cities[s].stages_built]
        if staged and any(c.built for c in state.cities):
            under = state
            break
    assert under is not None
    zone = under.catalog.zone_index["tucked"]
    for player in range(3):
        for seat, view in enumerate(observation(under, player)["cities"]):
            city = under.cities[seat]
            assert view["zones"]["tucked"] == {"size": len(city.zones[zone])}
            assert view["zones"]["built"] == {"size": len(city.built), "cards": [c.name for c in city.built]}
            assert view["stages_built"] == city.stages_built and view["stages"] == len(city.board.stages)


def test_in_team_play_partners_see_each_others_hands_and_not_the_other_team():
    state = cs.game(("cities",), 4, ("teams",)).new_initial_state(seed=3)
    assert zones_in_force(state)[state.catalog.zone_index["hand"]].seen_by == "partners"
    obs = observation(state, 0)
    assert obs["cities"][1]["zones"]["hand"]["cards"] == cs.hand(state, 1)
    assert obs["cities"][0]["partners"] == [1]
    assert "cards" not in obs["cities"][2]["zones"]["hand"]
    assert "cards" not in obs["cities"][3]["zones"]["hand"]


def test_without_the_option_the_same_table_hides_every_other_hand():
    state = cs.game(("cities",), 4).new_initial_state(seed=3)
    obs = observation(state, 0)
    assert [("cards" in c["zones"]["hand"]) for c in obs["cities"]] == [True, False, False, False]
    assert "partners" not in obs["cities"][0]


def _declared(rules: ir.RuleSet, **changes: ir.Zone) -> ir.RuleSet:
    zones = tuple(changes.get(z.name.replace(" ", "_"), z) for z in rules.zones)
    return attrs.evolve(rules, zones=zones)


def test_what_is_shown_follows_the_declarations():
    """Declared again, the same zones show differently: every hand to everyone, the discard
    pile's cards to everyone, the cards under a wonder without even their number."""
    rules = cs.core_rules("base")
    changed = _declared(rules, hand=ir.Zone("hand", seen_by="everyone"),
                        discard=ir.Zone("discard", per="shared", seen_by="everyone"),
                        tucked=ir.Zone("tucked", size_seen=False))
    state = Game(changed, 3).new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(3):
        state.apply_actions(cs.random_round(state, rng))
    obs = observation(state, 2)
    for seat in range(3):
        assert obs["cities"][seat]["zones"]["hand"]["cards"] == cs.hand(state, seat)
        assert "tucked" not in obs["cities"][seat]["zones"]
    discard = state.shared[state.catalog.zone_index["discard"]]
    assert obs["table"]["discard"] == {"size": len(discard), "cards": [c.name for c in discard]}


def test_a_hidden_zone_whose_size_is_hidden_is_not_shown_at_all():
    rules = cs.core_rules("base")
    changed = _declared(rules, hand=ir.Zone("hand", seen_by="owner", size_seen=False))
    obs = observation(Game(changed, 3).new_initial_state(seed=1), 0)
    assert "hand" in obs["cities"][0]["zones"]
    assert "hand" not in obs["cities"][1]["zones"] and "hand" not in obs["cities"][2]["zones"]


def test_a_table_zone_declared_for_an_owner_has_none_and_is_hidden():
    rules = cs.core_rules("base")
    changed = _declared(rules, discard=ir.Zone("discard", per="shared", seen_by="owner"))
    state = Game(changed, 3).new_initial_state(seed=1)
    rng = random.Random(1)
    for _ in range(4):
        state.apply_actions(cs.random_round(state, rng))
    assert observation(state, 0)["table"]["discard"].keys() == {"size"}


# ---- the rest of the view ----------------------------------------------------------------------


def test_a_city_shows_its_public_state():
    state = cs.random_game(("cities",), 4, seed=8, upto=14)
    obs = observation(state, 3)
    cat = state.catalog
    for seat, view in enumerate(obs["cities"]):
        city = state.cities[seat]
        assert (view["seat"], view["board"], view["side"]) == (seat, city.board.name, city.board.side)
        assert view["coins"] == city.coins and view["neutral"] is False
        assert view["neighbours"] == {"left": (seat + 1) % 4, "right": (seat - 1) % 4}
        tokens = {cat.tokens[i]: {"count": n, "value": city.token_values[i]}
                  for i, n in enumerate(city.token_counts) if n}
        assert view["tokens"] == tokens
        assert view["symbols"] == {cat.symbols[i]: n for i, n in enumerate(city.symbols) if n}
    assert (obs["player"], obs["age"], obs["turn"], obs["terminal"]) == (3, state.age, state.turn, False)
    assert any(v["tokens"] for v in obs["cities"]) and any(v["symbols"] for v in obs["cities"])


def test_the_free_city_shows_its_controller_and_its_pile_only_by_size():
    state = cs.game(("base", "two_player"), 2).new_initial_state(seed=2)
    obs0, obs1 = observation(state, 0), observation(state, 1)
    free = obs0["cities"][2]
    assert free["neutral"] is True and free["name"] == "Free City"
    controller = free["controller"]
    assert controller in (0, 1) and state.controller_of(2) == controller
    assert (obs0, obs1)[controller]["controls"] == [2] and (obs0, obs1)[1 - controller]["controls"] == []
    assert free["zones"]["pile"].keys() == {"size"}


def test_a_pending_decision_is_shown_to_its_player_only():
    state = cs.game(("base",), 3).new_initial_state(seed=1)
    obs = observation(state, 0)
    assert obs["decision"] == {"player": 0, "seat": 0, "kind": "play", "detail": "age 1, turn 1"}
    assert "choices" not in obs  # the cards of the hand are seen anyway


def _play_to_a_pick(seed: int):
    """A base game at 3 where Halicarnassus (A: its second stage builds a card from the discard
    pile) builds stages whenever it can."""
    state = cs.game(("base",), 3).new_initial_state(seed=seed, boards=[("Halicarnassus", "A"), None, None])
    rng = random.Random(seed)
    while not state.is_terminal():
        pending = state.pending_decisions()
        if any(d.kind == "pick" for d in pending.values()):
            return state
        actions = cs.random_round(state, rng)
        if 0 in pending:
            stages = [a for a in state.legal_actions(0) if a.kind == "stage"]
            actions[0] = stages[0] if stages else actions[0]
        state.apply_actions(actions)
    return None


def test_a_pick_from_the_discard_pile_shows_the_cards_that_may_be_chosen():
    state = next(s for s in map(_play_to_a_pick, range(20)) if s is not None)
    player = next(p for p, d in state.pending_decisions().items() if d.kind == "pick")
    obs = observation(state, player)
    choices = [a.card for a in state.legal_actions(player)]
    assert obs["choices"] == choices and choices
    discard = state.shared[state.catalog.zone_index["discard"]]
    assert obs["table"]["discard"] == {"size": len(discard)}
    built = state.cities[player].names
    assert set(choices) == {c.name for c in discard} - built
    other = (player + 1) % 3
    assert "choices" not in observation(state, other)


def test_a_finished_game_shows_the_scores_and_winners():
    state = cs.random_game(("cities", "two_player"), 2, seed=4)
    obs = observation(state, 1)
    assert obs["terminal"] is True
    assert obs["scores"] == [s.to_json() for s in state.scores()]
    assert obs["winners"] == state.winners()
    assert "decision" not in obs


@pytest.mark.parametrize("player", [-1, 2, 3, True, "0", 0.0, None])
def test_an_observation_is_for_a_player_of_the_game(player):
    state = cs.game(("base", "two_player"), 2).new_initial_state(seed=1)
    with pytest.raises(ArgumentError, match="player"):
        observation(state, player)


def test_an_observation_needs_a_state_of_the_core():
    with pytest.raises(ArgumentError, match="game state"):
        observation({"cities": []}, 0)
