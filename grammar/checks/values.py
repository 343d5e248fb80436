"""Pass: required parts are present and values are in range (ages, markers, counts, clauses)."""

from __future__ import annotations

from collections.abc import Iterable

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.resolve import Model, setting_words
from wonderrules.grammar.resolve_cards import copies_layer
from wonderrules.interpreter.words import MAX_AGES, MAX_PLAYERS  # the engine's limits

__all__ = ["check", "check_pass_distances", "REQUIRED_SETTINGS", "MAX_PLAYERS", "MAX_AGES"]

#: settings every game needs, with the line that would set them
REQUIRED_SETTINGS = {
    "players": "players 3..7",
    "start_coins": "start coins 3",
    "ages": "ages 3",
    "hand": "hand 7",
    "turns": "turns 6",
}

_CONTEST_REQUIRED = {s.Strength: ("strength", "strength: symbols(shield)"),
                     s.ContestWin: ("win", "win: victory worth 1, 3, 5"),
                     s.ContestLose: ("lose", "lose: defeat worth -1")}
_CONTEST_WORDS = {s.Strength: "strength", s.TakesPart: "takes part", s.Pairs: "pairs", s.Ranking: "ranking",
                  s.TokenCount: "tokens", s.ContestAfter: "after", s.ContestWin: "win", s.ContestLose: "lose"}
#: settings that hold for the whole game: no player count or option changes them
_WHOLE_GAME = {s.Ages: "ages", s.StagesScore: "stages score", s.TieBreak: "tie break", s.CardZone: "cards count in"}


def check(model: Model, where: Span | None) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    missing = [key for key in REQUIRED_SETTINGS if key not in model.settings]
    if len(missing) == 1:
        diags.append(error("E0105", f"the game does not set '{setting_words(missing[0])}'", where,
                           help=f"add `{REQUIRED_SETTINGS[missing[0]]}` to the `game` block"))
    elif missing:
        diags.append(error("E0105", "the game does not set " + ", ".join(f"'{setting_words(k)}'" for k in missing),
                           where, help="add them to the `game` block, for example: "
                           + "  ".join(f"`{REQUIRED_SETTINGS[k]}`" for k in missing)))
    ages_node = model.setting("ages")
    ages = ages_node.value if ages_node is not None else None
    if ages is not None and ages < 1:
        diags.append(error("E0104", "a game has at least one age", ages_node.span))
        ages = None
    elif ages is not None and ages > MAX_AGES:
        diags.append(error("E0104", f"{ages} ages are more than a game can hold", ages_node.span,
                           help=f"a rule set has at most {MAX_AGES} ages"))
        ages = None
    players = model.setting("players")
    if players is not None:
        _players(players, diags)
    seats_max = _max_seats(model)
    _per_age("pass direction", model.setting("pass_directions"), "directions", ages, diags)
    passes = [e.node for e in model.settings.values()] + [wh.node for wh in model.whens]
    for node in passes:
        if isinstance(node.body, s.PassDirections):
            check_pass_distances(node.body.distances, node.span, diags)
    for entry in model.settings.values():
        body = entry.node.body
        if isinstance(body, s.PoolDraw) and body.age is not None and ages is not None and not 1 <= body.age <= ages:
            diags.append(error("E0104", f"age {body.age} does not exist (the game has {ages})", body.span))
    for w in model.whens:
        _players(w.when.players, diags)
        _whole_game(w.node, diags)
    for contest in model.contests.values():
        _contest(contest, ages, diags)
    for opt in model.options.values():
        _option(opt, model, ages, diags)
    for card in model.cards.values():
        # A layer may seat fewer players than the layers below it (two players use the cards of
        # three): markers of lower layers' cards beyond the table are expected, not mistakes.
        top = not model.layers or copies_layer(model, (card.name.text, card.age)) == model.layers[-1]
        _card(card, ages, seats_max if top else 0, diags)
    _score_columns(model, diags)
    for block, _ in model.effect_blocks():
        _hooks(block.hooks, diags)
    for wonder in model.wonders.values():
        if not wonder.stages:
            diags.append(error("E0105", f"wonder '{wonder.name.text}' side {wonder.side.text} has no stage",
                               wonder.span, help="add `stage cost ... { ... }`"))
        _board_hooks(wonder, diags)
        for stage in wonder.stages:
            if stage.cost is not None:
                _cost(stage.cost, diags)
            _hooks(stage.hooks, diags)
    return diags


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _players(players: s.Players, diags: list[Diagnostic]) -> None:
    for lo, hi in players.ranges:
        if lo < 1 or hi < lo:
            diags.append(error("E0104", f"bad player range {lo}..{hi}", players.span,
                               help="write the smaller count first, as in `players 3..7`"))
        elif hi > MAX_PLAYERS:
            diags.append(error("E0104", f"{hi} players are more than a table can seat", players.span,
                               help=f"a rule set seats at most {MAX_PLAYERS} players"))


def _max_seats(model: Model) -> int:
    counts: set[int] = set()
    p = model.setting("players")
    if p is not None:
        counts.update(p.counts())
    for w in model.whens:
        counts.update(w.players)
    for opt in model.options.values():
        for item in opt.items:
            if isinstance(item, s.Setting) and isinstance(item.body, s.Players):
                counts.update(item.body.counts())
    return max(counts, default=0) + len(model.seats)


def _per_age(what: str, node: s.PassDirections | None, field: str, ages: int | None, diags: list[Diagnostic]) -> None:
    if node is None or ages is None:
        return
    values = getattr(node, field)
    if len(values) != ages:
        diags.append(error("E0104", f"{_n(len(values), what)} for {_n(ages, 'age')}", node.span,
                           help=f"give one per age, {ages} in all"))


def check_pass_distances(distances: Iterable[int], span: Span, diags: list[Diagnostic]) -> None:
    """Hands pass among the players: at least one and at most as many places away as a table
    may seat players (further goes round the table)."""
    for n in distances:
        if not 1 <= n <= MAX_PLAYERS:
            diags.append(error("E0104", f"hands cannot pass {n} players away", span,
                               help=f"write a distance from 1 to {MAX_PLAYERS} after the direction: `left 2`"))
            return


def _whole_game(st: s.Setting, diags: list[Diagnostic]) -> None:
    word = _WHOLE_GAME.get(type(st.body))
    if word is not None:
        diags.append(error("E0104", f"`{word}` holds for the whole game: it cannot change with the player count or "
                           "an option", st.span, help="set it once, in the `game` block"))


def _contest(c: s.Contest, ages: int | None, diags: list[Diagnostic]) -> None:
    seen: dict[type, s.ContestClause] = {}
    for cl in c.clauses:
        if type(cl) in seen and not isinstance(cl, s.ContestAfter):  # one `after:` line per operation
            diags.append(error("E0102", f"contest clause '{_CONTEST_WORDS[type(cl)]}' is given twice",
                               cl.span, labels=[Label(seen[type(cl)].span, "first given here")]))
        seen[type(cl)] = cl
        if isinstance(cl, (s.ContestWin, s.ContestLose)) and ages is not None and len(cl.worth) > ages:
            what = "victory value" if isinstance(cl, s.ContestWin) else "defeat value"
            diags.append(error("E0104", f"{_n(len(cl.worth), what)} for {_n(ages, 'age')}", cl.span,
                               help=f"give at most one value per age ({ages}): the last one holds for the ages "
                                    "after it"))
        if isinstance(cl, s.TokenCount) and _written_number(cl.count) < 1:
            diags.append(error("E0104", "a contest gives at least one token", cl.span))
    for kind, (word, example) in _CONTEST_REQUIRED.items():
        if kind not in seen:
            diags.append(error("E0105", f"contest '{c.name.text}' has no '{word}' clause", c.name.span,
                               help=f"add `{example}`"))
    if s.Pairs in seen and s.Ranking in seen:
        diags.append(error("E0104", f"contest '{c.name.text}' both pairs seats and ranks them", seen[s.Ranking].span,
                           labels=[Label(seen[s.Pairs].span, "pairs given here")],
                           help="keep `pairs: ...` for fights between pairs, or `ranking` for one ranking of all"))


def _written_number(e: s.Expr) -> float:
    """The value of a number written as such (`2`, `-1`); infinity for any other expression."""
    if isinstance(e, s.Number):
        return e.value
    if isinstance(e, s.Neg) and isinstance(e.operand, s.Number):
        return -e.operand.value
    return float("inf")


def _option(opt: s.Option, model: Model, ages: int | None, diags: list[Diagnostic]) -> None:
    team: s.Teams | None = None
    players: s.Players | None = None
    for item in opt.items:
        if isinstance(item, s.Teams):
            team = item
            if item.size < 2:
                diags.append(error("E0104", "a team has at least two seats", item.span))
        elif isinstance(item, s.Setting) and isinstance(item.body, s.Players):
            players = item.body
            _players(players, diags)
        elif isinstance(item, s.Contest):
            _contest(item, ages, diags)
        elif isinstance(item, s.Setting):
            _whole_game(item, diags)
        elif isinstance(item, s.When):
            for inner in item.settings:
                if isinstance(inner, s.Setting):
                    _whole_game(inner, diags)
    if players is None:
        return
    # An option may name counts the game (after all layers) does not seat: it is then simply
    # unavailable at those counts; two layers can each be right on their own.
    for n in players.counts():
        if team is not None and team.size >= 2 and n % team.size:
            diags.append(error("E0104", f"{n} players cannot sit in teams of {team.size}", players.span,
                               help=f"allow only multiples of {team.size}"))


def _card(card: s.Card, ages: int | None, seats_max: int, diags: list[Diagnostic]) -> None:
    name = card.name.text
    if ages is not None and not 1 <= card.age <= ages:
        diags.append(error("E0104", f"card '{name}' is in age {card.age}, but the game has {_n(ages, 'age')}",
                           card.age_span, help=f"give an age from 1 to {ages}, or change `ages` in the game block"))
    seen: dict[type, s.CardAttr] = {}
    for a in card.attrs:
        if type(a) in seen and not isinstance(a, s.Aliases):
            diags.append(error("E0102", f"card '{name}' has two `{_attr_word(a)}` clauses", a.span,
                               labels=[Label(seen[type(a)].span, "first given here")],
                               help="merge them into one"))
        seen[type(a)] = a
        if isinstance(a, s.Cost):
            _cost(a, diags)
        if isinstance(a, s.Copies):
            marks = a.markers
            if list(marks) != sorted(marks):
                diags.append(error("E0104", "copy markers go from the smallest player count up", a.span,
                                   help="write them in increasing order, as printed: `copies 3+ 5+`"))
            for m in marks:
                if m < 1:
                    diags.append(error("E0104", f"marker {m}+ names no player count", a.span,
                                       help="a marker is the smallest player count that uses the copy: `3+`"))
                elif seats_max and m > seats_max:
                    diags.append(error("E0104", f"marker {m}+ is never used (the game seats at most {seats_max})",
                                       a.span, help="remove the marker or allow more players"))
    if s.Copies in seen and s.Pool in seen:
        diags.append(error("E0104", f"card '{name}' has both copies and a pool", seen[s.Pool].span,
                           help="a pooled card is drawn at random: remove `copies`"))
    if s.Copies not in seen and s.Pool not in seen:
        diags.append(error("E0105", f"card '{name}' is never dealt: it has neither copies nor a pool",
                           card.name.span, help="add player-count markers (`copies 3+ 5+`), or put it in a pool "
                           "that the game block draws from (`pool guilds`)"))
    _hooks(card.hooks, diags)


def _score_hooks(hooks: tuple[s.Hook, ...]) -> list[s.Hook]:
    return [h for h in hooks if isinstance(h.effect, s.Score)]


def _free_columns(model: Model) -> list[str]:
    """Score columns that only add up card and stage points and that nothing writes to yet."""
    used = {c.category.text for c in model.colours.values() if c.category is not None}
    stages = model.setting("stages_category")
    if stages is not None:
        used.add(stages.category.text)
    return [c.name.text for c in model.categories if c.formula is None and c.name.text not in used]


def _score_columns(model: Model, diags: list[Diagnostic]) -> None:
    """Points go to the column of the card's colour, or of `stages score`. The engine would add
    points with no column to an extra `other` column, which is never what a designer meant."""
    free = _free_columns(model)
    stage_column = None
    if model.setting("stages_category") is None:
        stage_column = _stage_points(model, free, diags)
    if stage_column in free:
        free.remove(stage_column)
    rank = {name: i for i, name in enumerate(model.layers)}
    by_colour: dict[str, list[tuple[int, s.Card, s.Hook]]] = {}
    for key, card in model.cards.items():
        colour = model.colours.get(card.colour.text)
        if colour is None or colour.category is not None:
            continue
        for h in _score_hooks(card.hooks):
            by_colour.setdefault(colour.name.text, []).append((rank.get(model.card_layers.get(key, ""), -1), card, h))
    for name, found in by_colour.items():
        _, card, hook = max(found, key=lambda x: x[0])  # the first card of the latest layer
        cards = {c.name.text for _, c, _ in found}
        others = f" (and {_n(len(cards) - 1, 'other card')})" if len(cards) > 1 else ""
        colour = model.colours[name]
        if colour.name.span.path == card.span.path:
            if free:
                hint = f"name the column that receives their points where the colour is declared: " \
                       f"`{name} scores {free[0]}`"
            else:
                hint = f"give the colour a column of its own: `{name} scores {name}` where the colour is " \
                       f"declared, and a column `{name}` in the `scoring` block"
        else:
            scoring = ", ".join(f"{c.name.text} scores {c.category.text}" for c in model.colours.values()
                                if c.category is not None) or "none has one"
            hint = (f"a layer cannot change a colour declared below it: give the card a colour with a column "
                    f"({scoring}), or declare a new colour with one")
        diags.append(error("E0105", f"card '{card.name.text}'{others} scores points, but {name} cards have no "
                           "score column", hook.span,
                           labels=[Label(colour.name.span, f"'{name}' declared here without `scores`")],
                           help=hint))


def _stage_points(model: Model, free: list[str], diags: list[Diagnostic]) -> str | None:
    """Report the first wonder stage that scores points in a game without `stages score`; returns
    the column suggested for them."""
    for wonder in model.wonders.values():
        parts = [("", wonder.hooks)] + [(f" stage {i}", stage.hooks) for i, stage in enumerate(wonder.stages, 1)]
        for part, part_hooks in parts:
            hooks = _score_hooks(part_hooks)
            if not hooks:
                continue
            column = "wonder" if "wonder" in free else (free[0] if free else "wonder")
            add = "" if column in free else f", and `{column}` to the `scoring` block"
            diags.append(error("E0105", f"'{wonder.name.text}' side {wonder.side.text}{part} scores points, "
                               "but the game has no column for stage points", hooks[0].span,
                               help=f"say which column receives the points of wonder stages: `stages score "
                                    f"{column}` in the game block{add}"))
            return column
    return None


def _attr_word(a: s.CardAttr) -> str:
    return {s.Cost: "cost", s.ChainFrom: "chain from", s.ChainTo: "chain to", s.Copies: "copies",
            s.Pool: "pool", s.CardDeck: "deck"}.get(type(a), "alias")


def _cost(cost: s.Cost, diags: list[Diagnostic]) -> None:
    coins = 0
    for item in cost.items:
        if item.amount < 1:
            diags.append(error("E0104", "a cost counts at least 1", item.span,
                               help="leave the item out instead"))
        if item.resource is None:
            coins += 1
    if coins > 1:
        diags.append(error("E0102", "coins are given twice in this cost", cost.span,
                           help="write the coins once: `cost 2 coins, wood`"))


def _board_hooks(wonder: s.Wonder, diags: list[Diagnostic]) -> None:
    """A side's own effects are held from the start of the game and never built."""
    _hooks(wonder.hooks, diags)
    for hook in wonder.hooks:
        if isinstance(hook.trigger, s.OnBuild):
            diags.append(error(
                "E0104", f"'{wonder.name.text}' side {wonder.side.text} is never built, so its own `on build` "
                "never comes", hook.trigger.span,
                help="a side holds its own effects from the start of the game: write the effect in the stage "
                     "that gives it, or use a moment (`each start of age:`)"))


def _hooks(hooks: tuple[s.Hook, ...], diags: list[Diagnostic]) -> None:
    for h in hooks:
        op_values(h.effect, diags)


def op_values(e: object, diags: list[Diagnostic]) -> None:
    """Amounts, counts, repetitions and uses of an operation are at least 1 where they are
    written as numbers (points may be 0 or fewer, and a price 0)."""
    amount = getattr(e, "amount", None)
    if isinstance(amount, s.Number):
        amount = amount.value
    if isinstance(e, s.CostChange) and e.what not in ("less", "resources less"):
        amount = None
    if isinstance(amount, int) and amount < 1 and not isinstance(e, s.Score):
        diags.append(error("E0104", "an amount of at least 1 is needed here", e.span))  # type: ignore[attr-defined]
    for field in ("count", "times", "uses"):
        value = getattr(e, field, None)
        if isinstance(value, s.Number):
            value = value.value
        if isinstance(value, int) and value < 1:
            diags.append(error("E0104", f"a {'count' if field == 'count' else 'number of ' + field} of at least 1 "
                               "is needed here", e.span))  # type: ignore[attr-defined]
