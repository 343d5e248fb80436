"""Pass `fanout`: the `whenever` effects one event may set off, counted at the largest table
(W0407 beyond the engine's bound of one cascade; E0408 when every link is sure to run). On the
mini game (4 seats at most) a chain of links that each give every other seat a token sets off
1 + 3 + 9 + ... + 3^(k-1) = (3^k - 1) / 2 effects: 9841 for 9 links, 29524 for 10."""

from __future__ import annotations

import pytest
from grammar_support import codes, line_of, only

from wonderrules.interpreter.words import MAX_CASCADE


def chain(links: int, condition: str = " if coins >= 0", limit: str = "", start: str = "") -> str:
    """`each player` effects: whenever a player gains t_i tokens, every other seat gains a t_(i+1)."""
    tokens = "tokens: " + ", ".join(f"t{i}" for i in range(links + 1)) + "\n"
    lines = [f"  whenever self gains t{i} tokens{limit if i == 1 else ''}{condition}: others gain 1 t{i + 1} token\n"
             for i in range(links)]
    return tokens + start + "each player {\n" + "".join(lines) + "}\n"


def test_the_count_by_hand() -> None:
    assert (3 ** 9 - 1) // 2 == 9841 <= MAX_CASCADE < (3 ** 10 - 1) // 2 == 29524


def test_a_chain_within_the_bound_says_nothing(compile_layer) -> None:
    r = compile_layer(chain(9))
    assert r.ok and not {"W0407", "E0408"} & set(codes(r)), [d.message for d in r.diagnostics]


def test_a_chain_that_may_go_beyond_the_bound_is_a_warning_at_its_first_link(compile_layer) -> None:
    text = "ruleset t extends mini\n" + chain(10)
    r = compile_layer(chain(10))
    assert r.ok  # a warning: the conditions may stop the chain
    d = only(r, "W0407")
    assert d.message == ("each t0 token gained may set off up to 29524 `whenever` effects at 4 seats, more than the "
                         "10000 a game allows in one cascade: " + " -> ".join(
                             f"`each player` (gains t{i} tokens)" for i in range(8)))
    assert d.span.line == line_of(text, "gains t0 tokens")
    assert [lb.span.line for lb in d.labels] == [line_of(text, f"gains t{i} tokens") for i in range(1, 8)]
    assert "once per turn" in (d.help or "")


def test_a_chain_sure_to_run_is_an_error(compile_layer) -> None:
    d = only(compile_layer(chain(10, condition="")), "E0408")
    assert d.message.startswith("each t0 token gained sets off 29524 `whenever` effects at 4 players, more than the "
                                "10000 a game allows in one cascade, so every game where it happens stops: "
                                "`each player` (gains t0 tokens) -> `each player` (gains t1 tokens)")
    assert "W0407" not in codes(compile_layer(chain(10, condition="")))


@pytest.mark.parametrize("period", ["turn", "age", "game"])
def test_a_link_limited_to_once_per_period_ends_the_chain(compile_layer, period: str) -> None:
    r = compile_layer(chain(10, limit=f" once per {period}"))
    assert r.ok and not {"W0407", "E0408"} & set(codes(r)), [d.message for d in r.diagnostics]


def test_a_chain_of_cards_may_not_be_built_a_warning_only(compile_layer) -> None:
    # the same links on cards: a city that never builds one breaks the chain
    tokens = "tokens: " + ", ".join(f"t{i}" for i in range(11)) + "\n"
    cards = "".join(f'card "Link {i}" age 2 blue copies 3+ {{ whenever self gains t{i} tokens: others gain 1 '
                    f't{i + 1} token }}\n' for i in range(10))
    r = compile_layer(tokens + cards)
    d = only(r, "W0407")
    assert "up to 29524" in d.message and d.message.endswith("card 'Link 7' (gains t7 tokens)")
    assert "E0408" not in codes(r)


def test_a_chain_set_off_by_a_contest(compile_layer) -> None:
    # every win of the military contest starts the chain: each seat that wins gives every other a t0
    text = chain(9, start="each player { whenever self wins military: others gain 1 t0 token }\n")
    d = only(compile_layer(text), "W0407")
    # 3 seats hear t0 per win: 3 * 9841 + 1
    assert d.message.startswith(f"each military won may set off up to {3 * 9841 + 1} `whenever` effects at 4 seats")


def test_the_bundled_rule_sets_say_nothing() -> None:
    from wonderrules.grammar.compiler import compile_rules

    for name in ("base", "cities", "leaders", "cities_leaders", "two_player"):
        r = compile_rules([name])
        assert r.ok and not {"W0407", "E0408"} & set(codes(r)), name
