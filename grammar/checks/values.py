"""Pass: required parts are present and values are in range (ages, markers, counts, clauses)."""

from __future__ import annotations

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.resolve import Model, setting_words
from wonderrules.interpreter.vocabulary import MAX_AGES, MAX_PLAYERS  # the engine's limits

__all__ = ["check", "REQUIRED_SETTINGS", "MAX_PLAYERS", "MAX_AGES"]

#: settings every game needs, with the line that would set them
REQUIRED_SETTINGS = {
    "players": "players 3..7",
    "start_coins": "start coins 3",
    "ages": "ages 3",
    "hand": "hand 7",
    "turns": "turns 6",
    "pass_directions": "pass left, right, left",
    "sell_coins": "sell for 3 coins",
    "trade_price": "trade price 2",
}

_CONFLICT_REQUIRED = {"strength": "strength: symbols(shield)", "win": "win: victory worth 1, 3, 5",
                      "lose": "lose: defeat worth -1"}


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
    for entry in model.settings.values():
        body = entry.node.body
        if isinstance(body, s.Neutral):
            _neutral(body, ages, diags)
        if isinstance(body, s.PoolDraw) and body.age is not None and ages is not None and not 1 <= body.age <= ages:
            diags.append(error("E0104", f"age {body.age} does not exist (the game has {ages})", body.span))
    for w in model.whens:
        _players(w.when.players, diags)
    for conflict in model.conflicts.values():
        _conflict(conflict, ages, diags)
    for opt in model.options.values():
        _option(opt, model, ages, diags)
    for card in model.cards.values():
        # A layer may seat fewer players than the layers below it (two players use the cards of
        # three): markers of lower layers' cards beyond the table are expected, not mistakes.
        top = not model.layers or model.card_layers.get((card.name.text, card.age)) == model.layers[-1]
        _card(card, ages, seats_max if top else 0, diags)
    _score_columns(model, diags)
    for wonder in model.wonders.values():
        if not wonder.stages:
            diags.append(error("E0105", f"wonder '{wonder.name.text}' side {wonder.side.text} has no stage",
                               wonder.span, help="add `stage cost ... { ... }`"))
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
    neutrals = sum(1 for e in model.settings.values() if isinstance(e.node.body, s.Neutral))
    return max(counts, default=0) + neutrals


def _per_age(what: str, node, field: str, ages: int | None, diags: list[Diagnostic]) -> None:
    if node is None or ages is None:
        return
    values = getattr(node, field)
    if len(values) != ages:
        diags.append(error("E0104", f"{_n(len(values), what)} for {_n(ages, 'age')}", node.span,
                           help=f"give one per age, {ages} in all"))


def _neutral(n: s.Neutral, ages: int | None, diags: list[Diagnostic]) -> None:
    seen: dict[str, s.NeutralClause] = {}
    for cl in n.clauses:
        if cl.kind in seen:
            diags.append(error("E0102", f"neutral seat clause '{cl.kind.replace('_', ' ')}' is given twice",
                               cl.span, labels=[Label(seen[cl.kind].span, "first given here")]))
        seen[cl.kind] = cl
        if cl.kind == "control_starts" and ages is not None and len(cl.values) != ages:
            diags.append(error("E0104", f"{_n(len(cl.values), 'starting controller')} for {_n(ages, 'age')}", cl.span,
                               help=f"give one side per age, {ages} in all"))


def _conflict(c: s.Conflict, ages: int | None, diags: list[Diagnostic]) -> None:
    seen: dict[str, s.ConflictClause] = {}
    for cl in c.clauses:
        if cl.kind in seen:
            diags.append(error("E0102", f"conflict clause '{cl.kind.replace('_', ' ')}' is given twice",
                               cl.span, labels=[Label(seen[cl.kind].span, "first given here")]))
        seen[cl.kind] = cl
        if cl.kind == "win" and ages is not None and len(cl.numbers) not in (1, ages):
            diags.append(error("E0104", f"{_n(len(cl.numbers), 'victory value')} for {_n(ages, 'age')}", cl.span,
                               help=f"give one value per age ({ages}), or a single value for every age"))
        if cl.kind in ("token_count", "reduced_tokens") and cl.numbers and cl.numbers[0] < 1:
            diags.append(error("E0104", "a conflict gives at least one token", cl.span))
    for kind, example in _CONFLICT_REQUIRED.items():
        if kind not in seen:
            diags.append(error("E0105", f"conflict '{c.name.text}' has no '{kind}' clause", c.name.span,
                               help=f"add `{example}`"))
    if "sit_out" in seen and "reduced_tokens" in seen and \
            seen["sit_out"].token.text == seen["reduced_tokens"].token.text:
        diags.append(error("E0104", f"holders of '{seen['sit_out'].token.text}' cannot both sit out and fight "
                           "for fewer tokens", seen["reduced_tokens"].span,
                           labels=[Label(seen["sit_out"].span, "sit out given here")]))


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
        elif isinstance(item, s.Conflict):
            _conflict(item, ages, diags)
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
    seen: dict[type, object] = {}
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
        for i, stage in enumerate(wonder.stages, 1):
            hooks = _score_hooks(stage.hooks)
            if not hooks:
                continue
            column = "wonder" if "wonder" in free else (free[0] if free else "wonder")
            add = "" if column in free else f", and `{column}` to the `scoring` block"
            diags.append(error("E0105", f"'{wonder.name.text}' side {wonder.side.text} stage {i} scores points, "
                               "but the game has no column for stage points", hooks[0].span,
                               help=f"say which column receives the points of wonder stages: `stages score "
                                    f"{column}` in the game block{add}"))
            return column
    return None


def _attr_word(a) -> str:
    return {s.Cost: "cost", s.ChainFrom: "chain from", s.ChainTo: "chain to", s.Copies: "copies",
            s.Pool: "pool"}.get(type(a), "alias")


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


def _hooks(hooks: tuple[s.Hook, ...], diags: list[Diagnostic]) -> None:
    for h in hooks:
        e = h.effect
        amount = getattr(e, "amount", None)
        if isinstance(amount, int) and amount < 1 and not isinstance(e, s.Score):
            diags.append(error("E0104", "an amount of at least 1 is needed here", e.span))
        count = getattr(e, "count", None)
        if isinstance(count, int) and count < 1:
            diags.append(error("E0104", "a count of at least 1 is needed here", e.span))
