"""One cascade of events is bounded: the `whenever` effects that the events of one step of the
flow (or of one effect of a moment) set off, in turn, decisions they ask included, are at most
`MAX_CASCADE`; beyond it the game stops (GameStoppedError) with a sentence naming the effects,
in the order they set each other off. Rule sets built in Python, which no loader checks: a cycle
of four effects, and a chain that reaches every other seat at each link (6^k effects at 7 seats,
counted by hand)."""

from __future__ import annotations

import re

import attrs
import pytest
import tiny
from tiny import OTHERS, SELF, card, hook

import wonderrules as wr
from wonderrules.interpreter import engine
from wonderrules.interpreter import ir as c
from wonderrules.interpreter.actions import Action
from wonderrules.interpreter.game import Game
from wonderrules.interpreter.words import MAX_CASCADE

TOKENS = ("x", "y", "z", "w")


def gains(token: str, targets: tuple[c.Relation, ...] = (SELF,)) -> c.GainTokens:
    return c.GainTokens(token, c.Num(1), targets=targets)


def when(token: str) -> c.When:
    return c.When("gains", (SELF,), name=token)


#: four cards, each hearing one token and gaining the next: x -> y -> z -> w -> x
CYCLE = tuple(card(name, hooks=[hook(when(heard), gains(gained))])
              for name, heard, gained in (("Ant", "x", "y"), ("Bee", "y", "z"), ("Cat", "z", "w"), ("Dog", "w", "x")))
SPARK = card("Spark", hooks=[hook(c.OnBuild(), gains("x"))])
HUT = card("Hut")


def build_all(state, chosen: dict[int, str]) -> None:
    """Each pending player builds the named card, else the first card it can build, else sells."""
    def choice(p: int) -> Action:
        actions = state.legal_actions(p)
        builds = [a for a in actions if a.kind == "build" and (p not in chosen or a.card == chosen[p])]
        return (builds or actions)[0]
    state.apply_actions({p: choice(p) for p in state.pending_decisions()})


def test_a_cycle_of_four_effects_stops_the_game_naming_them_in_order() -> None:
    rules = tiny.rules(CYCLE + (SPARK, HUT), hand=5, extra_tokens=TOKENS)
    hands = [["Ant", "Bee", "Cat", "Dog", "Spark"]] * 3  # every seat builds the four, then the Spark
    state = Game(rules, 3).new_initial_state(seed=1, hands={1: hands})
    for name in ("Ant", "Bee", "Cat", "Dog"):
        build_all(state, {p: name for p in range(3)})
    with pytest.raises(wr.GameStoppedError) as stopped:
        build_all(state, {p: "Spark" for p in range(3)})
    message = stopped.value.message
    assert state.stopped == message
    assert message.startswith(f"the rules set off more than {MAX_CASCADE} `whenever` effects in one cascade of "
                              "events: card '")
    named = re.findall(r"card '(\w+)' \(whenever self gains (\w) tokens\)", message)
    assert sorted(named) == [("Ant", "x"), ("Bee", "y"), ("Cat", "z"), ("Dog", "w")]
    order = "".join(name[0] for name, _ in named)
    assert order in "ABCDABCD"  # in the order they set each other off, from one of them
    # nothing goes on: every later call says why
    with pytest.raises(wr.GameStoppedError):
        state.pending_decisions()


def chain(links: int, players: int = 7, sparks: int = 1) -> Game:
    """Every player holds `links` effects: whenever it gains t0 tokens, every other seat gains a
    t1 token; whenever it gains t1, every other seat gains t2; ... A Spark gives its builder a
    t0 token: then 1 + 6 + 36 + ... + 6^(links-1) effects run at 7 seats."""
    tokens = tuple(f"t{i}" for i in range(links + 1))
    links_ = tuple(hook(when(f"t{i}"), gains(f"t{i + 1}", (OTHERS,))) for i in range(links))
    starts = tuple(card(f"Spark{i}", hooks=[hook(c.OnBuild(), gains("t0"))]) for i in range(sparks))
    rules = tiny.rules(starts + (HUT,), players=(players,), hand=sparks, extra_tokens=tokens)
    return Game(attrs.evolve(rules, effects=(c.RuleEffects(links_),)), players)


def _start(game: Game, sparks: int = 1):
    hands = [[f"Spark{i}" for i in range(sparks)]] + [["Hut"] * sparks for _ in range(game.players - 1)]
    return game.new_initial_state(seed=1, hands={1: hands})


def _effects(links: int) -> int:
    return sum(6 ** i for i in range(links))


def test_a_chain_within_the_bound_runs_to_its_end() -> None:
    assert _effects(6) <= MAX_CASCADE < _effects(7)  # 9331 and 55987
    state = _start(chain(6))
    build_all(state, {})
    assert state.is_terminal()
    t6 = state.catalog.token_index["t6"]
    assert sum(city.token_counts[t6] for city in state.cities) == 6 ** 6


def test_a_chain_that_multiplies_beyond_the_bound_stops_the_game_naming_its_links() -> None:
    state = _start(chain(7))
    with pytest.raises(wr.GameStoppedError) as stopped:
        build_all(state, {})
    message = stopped.value.message
    links = re.findall(r"the effects of each player \(whenever self gains (t\d) tokens\)", message)
    assert links == [f"t{i}" for i in range(7)]  # from the first link of the chain to the last


def test_the_bound_is_on_one_cascade_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_CASCADE", _effects(4))
    state = _start(chain(4, sparks=2), sparks=2)
    build_all(state, {})  # seat 0's Spark0: one cascade of 259 effects, at the bound; seat 1's Spark1: another
    build_all(state, {})
    assert state.is_terminal()
    monkeypatch.setattr(engine, "MAX_CASCADE", _effects(4) - 1)
    with pytest.raises(wr.GameStoppedError):
        build_all(_start(chain(4)), {})


def test_a_cascade_through_decisions_is_one_cascade(monkeypatch: pytest.MonkeyPatch) -> None:
    # whenever its owner gains an x token, it decides: the only action gains an x token again.
    # Each decision pauses the cascade, which goes on when it is answered
    monkeypatch.setattr(engine, "MAX_CASCADE", 50)
    again = c.ActionKind("again", "again", then=(gains("x"),))
    asker = card("Asker", hooks=[hook(when("x"), c.Decide("again"))])
    rules = tiny.rules((asker, SPARK, HUT), hand=2, extra_tokens=TOKENS)
    rules = attrs.evolve(rules, actions=rules.actions + (again,),
                         decisions=rules.decisions + (c.Decision("again", ("again",)),))
    # seat 0 builds the Asker, then the Spark that seat 2 passes on
    state = Game(rules, 3).new_initial_state(seed=1, hands={1: [["Asker", "Hut"], ["Hut", "Hut"], ["Hut", "Spark"]]})
    build_all(state, {0: "Asker", 2: "Hut"})
    build_all(state, {0: "Spark"})
    answered = 0
    with pytest.raises(wr.GameStoppedError) as stopped:
        while answered < 100:
            assert state.pending_decisions()[0].kind == "again"
            state.apply_actions({0: Action("again")})
            answered += 1
    assert answered == 49  # the Spark set off the first effect; the 50th answer sets off the 51st
    assert "card 'Asker' (whenever self gains x tokens)" in stopped.value.message


@pytest.mark.parametrize("layers,players", [(("base",), 7), (("cities",), 8), (("leaders",), 7),
                                            (("cities_leaders",), 8), (("two_player",), 2)])
def test_the_bundled_rule_sets_stay_far_below_the_bound(monkeypatch: pytest.MonkeyPatch, layers, players) -> None:
    # every game of a few seeds, with the bound at a hundredth of its value, plays to the end
    from wonderrules.interpreter.agents import make_agent

    monkeypatch.setattr(engine, "MAX_CASCADE", MAX_CASCADE // 100)
    game = Game(wr.load_rules(*layers), players)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        agents = [make_agent("random", seed=seed + p) for p in range(players)]
        while not state.is_terminal():
            state.apply_actions({p: agents[p].choose(state, p) for p in state.pending_decisions()})


@pytest.mark.parametrize("cheer_first,honours", [(True, 2), (False, 1)])
def test_the_listeners_of_one_event_run_in_the_order_they_became_active(cheer_first: bool, honours: int) -> None:
    # one listens to any win, the other to wins of the war only; both are effects of every
    # player, active in the order of their blocks. Seat 0 wins twice (3 coins at first): the
    # token needs 4 coins, which the coin of a win run before it gives
    cheer = c.RuleEffects((hook(c.When("wins", (SELF,)), c.GainCoins(c.Num(1))),))
    proud = c.RuleEffects((hook(c.When("wins", (SELF,), name="war"), gains("honour"),
                                c.BinOp(">=", c.Quantity("coins"), c.Num(4))),))
    rules = tiny.rules((card("Fort", "red", hooks=[tiny.shields(2)]), HUT), hand=1, extra_tokens=("honour",))
    rules = attrs.evolve(rules, effects=(cheer, proud) if cheer_first else (proud, cheer))
    state = Game(rules, 3).new_initial_state(seed=1, hands={1: [["Fort"], ["Hut"], ["Hut"]]})
    build_all(state, {})
    assert state.is_terminal()
    assert state.cities[0].coins == 3 + 2
    assert state.cities[0].token_counts[state.catalog.token_index["honour"]] == honours
