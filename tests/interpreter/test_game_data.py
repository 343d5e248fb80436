"""A state is the game's data and the public calls, nothing else: the data's fields are listed
once with how a copy copies them, the per-table caches and the scratch live apart, and the
engine's modules take the data, never the public type."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path

import wonderrules as wr
from wonderrules.interpreter import game_data
from wonderrules.interpreter.game_data import FIELDS, GameData, Scratch
from wonderrules.interpreter.state import State
from wonderrules.interpreter.table_caches import TableCaches

ENGINE = Path(game_data.__file__).parent
#: the modules that serve the public calls and take a State: the calls themselves, what a user
#: reads of a game (observations, logs, copies as a player believes them) and the numbering of
#: actions and observations
PUBLIC = {"state.py", "observe.py", "log.py", "hidden.py", "action_space.py", "observation_space.py",
          "payment_space.py", "game.py"}


def _game(players: int = 3) -> State:
    return wr.Game(wr.load_rules("base"), players).new_initial_state(seed=4)


def test_every_field_is_listed_once_with_its_copy_and_the_public_type_adds_none() -> None:
    names = [name for name, _ in FIELDS]
    assert len(names) == len(set(names))
    # its slots, as Python makes the class; the attributes mypyc lists, compiled
    assert set(getattr(GameData, "__mypyc_attrs__", None) or GameData.__slots__) == set(names)
    # the class's annotated fields, read from its source (a compiled class keeps no annotations)
    body = next(node for node in ast.parse((ENGINE / "game_data.py").read_text(encoding="utf-8")).body
                if isinstance(node, ast.ClassDef) and node.name == "GameData").body
    assert {node.target.id for node in body if isinstance(node, ast.AnnAssign)} == set(names)
    # the public type adds no slot of its own (compiled: it has its base's attributes and no others)
    compiled = getattr(State, "__mypyc_attrs__", None)
    assert State.__slots__ == () if compiled is None else set(compiled) == set(names)
    assert State.__mro__[1] is GameData
    st = _game()
    assert all(hasattr(st, name) for name in names) and not hasattr(st, "__dict__")


def test_a_copy_shares_what_its_table_says_and_copies_the_rest() -> None:
    st = _game()
    for copied in (st.clone(), copy.copy(st), copy.deepcopy(st)):
        assert type(copied) is State
        for name, how in FIELDS:
            mine, theirs = getattr(st, name), getattr(copied, name)
            if how is None:
                assert theirs is mine, name
            else:
                assert theirs is not mine or mine is None, name
        assert copied.rng.getstate() == st.rng.getstate()


def test_the_caches_are_the_games_and_are_shared_by_its_games_and_their_copies() -> None:
    game = wr.Game(wr.load_rules("base"), 4)
    one, two = game.new_initial_state(seed=1), game.new_initial_state(seed=2)
    assert type(game.caches) is TableCaches
    assert one.caches is two.caches is game.caches is one.clone().caches
    assert len(game.caches.seller_pairs) == 4  # filled by the first game, for every seat


def test_the_scratch_is_apart_and_a_copy_forgets_the_listings_of_its_original() -> None:
    st = _game()
    assert type(st.scratch) is Scratch
    listed = st.legal_actions(0)
    assert listed and st.scratch.legal[0] is listed
    copied = st.clone()
    assert copied.scratch is not st.scratch and copied.scratch.legal == {}
    assert copied.legal_actions(0) == listed
    assert copied.scratch.event is None and copied.scratch.amount == 0


def test_the_engine_takes_the_data_and_never_the_public_type() -> None:
    """Outside the modules that serve the public calls, no engine module names State: each
    takes a GameData."""
    naming = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in PUBLIC:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and node.id == "State":
                naming.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and node.module == "wonderrules.interpreter.state":
                naming.append(f"{path.name}:{node.lineno}")
    assert naming == []


def test_a_new_game_is_started_by_the_game_not_by_its_data() -> None:
    """The data's constructor sets up a game before anything is active: no card dealt, nothing
    asked; Game.new_initial_state starts it."""
    game = wr.Game(wr.load_rules("base"), 3)
    boards = game.choose_boards(random.Random(0), [None] * 3)
    data = State(game, 0, boards, {}, random.Random(0))
    assert data.pending == {} and data.age == 0 and all(not any(c.zones) for c in data.cities)
    started = game.new_initial_state(seed=0)
    assert started.pending and started.age == 1


def test_the_round_under_way_and_the_parts_of_an_action_are_named_records() -> None:
    """The round being played, each action kind's ways and the steps of its `then` are read by
    name: the base game's `build` moves its card into the city, is free by chain, paid otherwise."""
    from wonderrules.interpreter.action_costs import CHAINED
    from wonderrules.interpreter.action_steps import CompiledWay, MoveStep, OpStep, StageStep
    from wonderrules.interpreter.asks import RoundUnderWay

    st = _game()
    assert type(st.round) is RoundUnderWay and st.round.sub == 1 and st.round.ability == -1
    assert st.catalog.decisions[st.round.decision].name == "play"
    kinds = {k.name: k for k in st.catalog.actions}
    build = kinds["build"]
    assert all(type(w) is CompiledWay for w in build.ways)
    chain = build.way("chain")
    assert chain is not None and chain.free and chain.when == CHAINED and chain.ability == -1
    assert [type(s) for s in build.then] == [MoveStep]
    assert build.then[0].zone == st.catalog.zone_index["built"] and build.then[0].seats is None
    assert [type(s) for s in kinds["stage"].then] == [MoveStep, StageStep]
    assert kinds["stage"].then[0].zone == st.catalog.zone_index["tucked"]
    assert [type(s) for s in kinds["sell"].then] == [MoveStep, OpStep]
