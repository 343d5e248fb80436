"""`whenever` effects that set each other off without end (E0403), through any number of effects,
tokens and coins, builds, seats and layers: `wr check` refuses every cycle the loader refuses
(:mod:`wonderrules.interpreter.event_graph` is read by both), and names its effects in order,
located at the first of them. An effect limited to `once per turn|age|game` ends a cycle."""

from __future__ import annotations

import random

import attrs
import pytest
from grammar_support import codes, line_of, only

from wonderrules.interpreter import ir, serial
from wonderrules.interpreter.validate import CompiledRulesError

TOKENS = "tokens: x, y, z, w\n"

#: four cards, each listening to one token and gaining the next: x -> y -> z -> w -> x
FOUR = (TOKENS
        + 'replace card "Log" age 1 brown copies 3+ 4+ { whenever self gains x tokens: gain 1 y token }\n'
        + 'replace card "Rock" age 1 brown copies 3+ 4+ { whenever self gains y tokens: gain 1 z token }\n'
        + 'replace card "Shrine" age 1 blue chain to "Temple" copies 3+ { whenever self gains z tokens: '
          'gain 1 w token }\n'
        + 'replace card "Barracks" age 1 red cost wood copies 3+ { whenever self gains w tokens: gain 1 x token }\n')


def test_four_effects_in_a_cycle_of_four_tokens(compile_layer) -> None:
    text = "ruleset t extends mini\n" + FOUR
    d = only(compile_layer(FOUR), "E0403")
    assert d.message == ("tokens gained trigger each other without end: card 'Log' (gains x tokens) -> "
                         "card 'Rock' (gains y tokens) -> card 'Shrine' (gains z tokens) -> "
                         "card 'Barracks' (gains w tokens) -> card 'Log'")
    assert (d.span.path, d.span.line) == ("t.wr", line_of(text, '"Log"'))
    assert [lb.span.line for lb in d.labels] == [line_of(text, '"Rock"'), line_of(text, '"Shrine"'),
                                                 line_of(text, '"Barracks"')]
    assert "once per turn" in (d.help or "")


def test_a_chain_that_ends_is_no_cycle(compile_layer) -> None:
    r = compile_layer(FOUR.replace("gains w tokens: gain 1 x token", "gains w tokens: gain 1 coin"))
    assert r.ok, [d.message for d in r.diagnostics]


@pytest.mark.parametrize("period", ["turn", "age", "game"])
def test_one_effect_limited_to_once_per_period_ends_the_cycle(compile_layer, period: str) -> None:
    r = compile_layer(FOUR.replace("gains z tokens:", f"gains z tokens once per {period}:"))
    assert r.ok, [d.message for d in r.diagnostics]


def test_a_cycle_across_layers(compile_files) -> None:
    from grammar_support import MINI

    lines = FOUR.split("\n")
    lower = "ruleset low extends mini\n" + "\n".join(lines[:3]) + "\n"
    upper = "ruleset high extends low\n" + "\n".join(lines[3:])
    r = compile_files({"mini.wr": MINI, "low.wr": lower, "high.wr": upper})
    d = only(r, "E0403")
    assert "card 'Log' (gains x tokens) -> card 'Rock' (gains y tokens)" in d.message
    assert {d.span.path, *(lb.span.path for lb in d.labels)} == {"low.wr", "high.wr"}


def test_a_cycle_through_coins_a_wonder_stage_a_leader_and_the_effects_of_each_player(compile_layer) -> None:
    # a leader (a card of its own deck) hears x and gives everyone y; a stage of every Tower
    # hears y from others and gains coins; every player gains x on any coin from the bank
    text = ('tokens: x, y\ndecks: heroes\nzone court: each seat, seen by owner\n'
            'deal heroes from deck heroes { 1 cards to court of each player }\n'
            'action hire "hire {card}" { card from court  then: move card to built }\ndecision hire: hire\n'
            'card "Sage" age 1 blue deck heroes copies 3+ 4+ {\n'
            '  whenever self gains x tokens: everyone gain 1 y token }\n'
            'replace wonder "Tower" side A { start stone  stage cost 2 wood { whenever others gains y tokens: '
            'gain 2 coins }  stage cost 2 stone { passive: symbol shield } }\n'
            'each player { whenever self gains coins: gain 1 x token }\n')
    d = only(compile_layer(text), "E0403")
    assert d.message.startswith("tokens and coins gained trigger each other without end: ")
    assert "card 'Sage' (gains x tokens)" in d.message and "Tower A stage 1 (gains y tokens)" in d.message
    assert "`each player` (gains coins)" in d.message


def test_an_effect_that_gains_what_it_hears_through_its_decision(compile_layer) -> None:
    # an action without a card gains a token; the effect that asks it listens to that token
    text = (TOKENS + 'action bonus "take a bonus" { then: gain 1 x token }\ndecision bonus: bonus\n'
            'replace card "Log" age 1 brown copies 3+ 4+ { whenever self gains x tokens: decide bonus }\n')
    d = only(compile_layer(text), "E0403")
    assert d.message == "tokens gained trigger each other without end: card 'Log' (gains x tokens) -> card 'Log'"


def test_a_cycle_through_a_loss_paid_in_tokens(compile_layer) -> None:
    # a loss decided by `pay`, whose action gains y tokens for each coin not paid
    text = (TOKENS + 'action pay "pay {amount} of {loss}" { amount 0 .. min(loss, coins)  then: lose amount coins  '
            'gain loss - amount y tokens }\ndecision pay: pay\n'
            'replace card "Log" age 1 brown copies 3+ 4+ { whenever neighbours gains x tokens: '
            'others lose 2 coins or decide pay }\n'
            'replace card "Rock" age 1 brown copies 3+ 4+ { whenever left gains y tokens: gain 1 x token }\n')
    d = only(compile_layer(text), "E0403")
    assert d.message == ("tokens gained trigger each other without end: card 'Log' (gains x tokens) -> "
                         "card 'Rock' (gains y tokens) -> card 'Log'")


PICK = ('action pick "build {card} from the discard pile" { card from discard  unique in built  '
        'then: move card to built }\ndecision pick: pick\n')


def test_a_cycle_through_builds_and_tokens(compile_layer) -> None:
    # tokens gained ask for a build from the discard pile; a card built there gains the token
    text = (TOKENS + PICK
            + 'replace card "Log" age 1 brown copies 3+ 4+ { whenever self gains x tokens: decide pick }\n'
            + 'replace card "Rock" age 1 brown copies 3+ 4+ { on build: gain 1 x token }\n')
    d = only(compile_layer(text), "E0403")
    assert d.message == ("builds and tokens gained trigger each other without end: card 'Log' (gains x tokens) -> "
                         "card 'Rock' (built) -> card 'Log'")


def test_contests_won_start_chains_but_close_no_cycle(compile_layer) -> None:
    # no effect makes a contest happen: a win may set off a chain, never a cycle
    text = ('replace card "Log" age 1 brown copies 3+ 4+ { whenever self wins military: gain 1 victory token }\n'
            'replace card "Rock" age 1 brown copies 3+ 4+ { whenever self gains victory tokens: gain 1 coin }\n')
    r = compile_layer(text)
    assert "E0403" not in codes(r), [d.message for d in r.diagnostics]


# ---- the two doors agree -------------------------------------------------------------------------

CARDS = (('"Log" age 1 brown copies 3+ 4+', "produce wood"), ('"Rock" age 1 brown copies 3+ 4+', "produce stone"),
         ('"Workshop" age 1 green cost glass copies 3+', "symbol gear"),
         ('"Shrine" age 1 blue chain to "Temple" copies 3+', "symbol gear"),
         ('"Barracks" age 1 red cost wood copies 3+', "symbol shield"))
EVENTS = ("x tokens", "y tokens", "z tokens", "coins")
SEATS = ("self", "left", "neighbours", "others", "everyone")


def _random_layer(rng: random.Random, limit: str) -> str:
    """Five cards, each with up to two effects that hear one of x, y, z or coins and gain one of
    them, or a token nothing hears."""
    lines = [TOKENS]
    for card, passive in CARDS:
        effects = []
        for _ in range(rng.choice((0, 1, 1, 2))):
            hears, gains = rng.choice(EVENTS), rng.choice(EVENTS + ("victory tokens", "defeat tokens"))
            gain = "gain 1 coin" if gains == "coins" else f"gain 1 {gains.split()[0]} token"
            effects.append(f"whenever {rng.choice(SEATS)} gains {hears}{limit}: {rng.choice(SEATS)} {gain}")
        lines.append(f"replace card {card} {{ passive: {passive}\n  " + "\n  ".join(effects) + " }\n")
    return "".join(lines)


def _loader_refuses(rules: ir.RuleSet) -> bool:
    try:
        serial.rules_from_dict(serial.rules_to_dict(rules))
    except CompiledRulesError as e:
        assert "a cycle of `whenever` effects" in e.message, e.message
        return True
    return False


def _unlimited(rules: ir.RuleSet) -> ir.RuleSet:
    def open_(hook: ir.Hook) -> ir.Hook:
        t = hook.trigger
        return attrs.evolve(hook, trigger=attrs.evolve(t, once_per="")) if isinstance(t, ir.When) else hook
    return attrs.evolve(rules, cards=tuple(attrs.evolve(c, hooks=tuple(open_(h) for h in c.hooks))
                                           for c in rules.cards))


def test_wr_check_refuses_exactly_the_cycles_of_tokens_and_coins_the_loader_refuses(compile_layer) -> None:
    rng = random.Random(17)
    refused = 0
    for _ in range(40):
        seed = rng.random()
        text = _random_layer(random.Random(seed), "")
        checked = compile_layer(text)
        # the same effects limited to once per game check clean; without the limit, the loader judges them
        limited = compile_layer(_random_layer(random.Random(seed), " once per game"))
        assert limited.ok, [d.message for d in limited.diagnostics]
        by_loader = _loader_refuses(_unlimited(limited.rules))
        assert ("E0403" in codes(checked)) == by_loader, text
        assert checked.ok == (not by_loader), [d.message for d in checked.diagnostics]
        refused += by_loader
    assert 5 <= refused <= 35  # both kinds of rule set were tried
