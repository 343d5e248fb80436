"""Pass: deck arithmetic, derived from the declared deals. For every table the rule set allows
(each player count, with and without each option), each deal's deck holds the cards its targets
take: exactly, for the deck dealt by age when nothing is left over (`rest to ZONE` keeps what is
left; any other deck may hold more). Pools hold enough cards for their draws; turns fit in a
hand; there is a wonder for every seat; hands, turns, draws and deals stay within the engine's
limits. The counting is the loader's own (:mod:`wonderrules.interpreter.decks`,
:func:`~wonderrules.interpreter.config.beyond_limits`): this pass says where in the text.

A mistake usually shows at every player count (one card too many is too many at 3 players and
at 7); such findings are reported once, naming all the tables they concern.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from wonderrules.grammar import syntax as s
from wonderrules.grammar.diagnostics import Diagnostic, Label, Span, error
from wonderrules.grammar.resolve import Model
from wonderrules.interpreter import ir
from wonderrules.interpreter.config import (
    ConfigError,
    TableConfig,
    beyond_limits,
    evaluate,
    resolve_config,
    supported_tables,
)
from wonderrules.interpreter.decks import AGE_DECK, DeckCount, Decks, deck_report
from wonderrules.interpreter.words import MAX_DRAW

__all__ = ["check", "deck_report", "describe_tables", "AGE_DECK"]

#: (deal index, target index, options): a deal's target whose count is wrong at some tables
_TargetKey = tuple[int, int, tuple[str, ...]]
#: (deal name, age, options): a deck that does not match its deal at some tables
_DeckKey = tuple[str, int, tuple[str, ...]]
#: (age, pool, cards available, options): a pool drawn beyond what it holds at some tables
_PoolKey = tuple[int, str, int, tuple[str, ...]]
#: (age, pool, options): a pool drawn fewer than no cards at some tables
_DrawKey = tuple[int, str, tuple[str, ...]]


def describe_tables(players: Sequence[int], options: tuple[str, ...] = ()) -> str:
    """`3 players`, `3 to 7 players`, `3, 5 and 6 players`, with the option if any."""
    counts = sorted(set(players))
    if len(counts) == 1:
        text = f"{counts[0]} player{'s' if counts[0] != 1 else ''}"
    elif len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        text = f"{counts[0]} to {counts[-1]} players"
    else:
        text = ", ".join(map(str, counts[:-1])) + f" and {counts[-1]} players"
    if options:
        text += f" with option '{options[0]}'"
    return text


def _layer_rank(model: Model, layer: str) -> int:
    return model.layers.index(layer) if layer in model.layers else -1


def _setting(model: Model, key: str) -> tuple[int, Span] | None:
    entry = model.settings.get(key)
    if entry is None:
        return None
    return _layer_rank(model, entry.layer), entry.node.span


@attrs.frozen
class _LayerCard:
    """A card of an age deck as the latest layer wrote it: `adds`, `replaces` or `changes` (its
    copy markers, pool or deck), at the attribute that changes the count."""

    layer: str
    verb: str
    name: str
    span: Span


#: attributes of a card that decide which deck it is in and how many copies
_DECK_ATTRIBUTES = ("copies", "pool", "deck")
#: what the latest layer did to a card, as a label says it
_DONE = {"adds": "added", "replaces": "replaced", "changes": "changed"}
#: the most cards the help names before it counts the rest
_NAMED_CARDS = 4


def _count_layer(model: Model, key: tuple[str, int]) -> str:
    """The layer that last wrote what card `key` brings to its deck: its definition, or a
    `change card` of its copy markers, pool or deck."""
    layer = model.card_layers.get(key, "")
    for words in _DECK_ATTRIBUTES:
        change = model.card_changes.get(key, {}).get(words)
        if change is not None and _layer_rank(model, change.layer) > _layer_rank(model, layer):
            layer = change.layer
    return layer


def _layer_cards(model: Model, age: int, layer: str) -> list[_LayerCard]:
    """The cards of `age` that `layer` adds, replaces, or whose count it changes, in the order of
    the text."""
    found = []
    for key, card in model.cards.items():
        if key[1] != age or _count_layer(model, key) != layer:
            continue
        if model.card_layers.get(key) == layer:
            copies = card.first(s.Copies)
            found.append(_LayerCard(layer, "replaces" if card.replace else "adds", card.name.text,
                                    copies.span if copies is not None else card.name.span))
        else:
            changes = model.card_changes.get(key, {})
            change = next(changes[w] for w in _DECK_ATTRIBUTES if w in changes and changes[w].layer == layer)
            found.append(_LayerCard(layer, "changes", card.name.text, change.attr.span))
    return sorted(found, key=lambda c: (c.span.path, c.span.line, c.span.column))


def _deck_span(model: Model, deal: str, age: int,
               fallback: Span | None) -> tuple[Span | None, list[Label], list[_LayerCard]]:
    """Where to point for a deck of the wrong size: the latest layer's change to that age's deal
    (a card it adds or removes, the hand size, a pool draw, a target of the deal); the hand size
    when all are equal. When the latest layer over another adds or changes cards of that age,
    the first of them, with those cards (the rest are labelled)."""
    hand = _setting(model, "hand")
    best_rank, span = hand if hand is not None else (-1, fallback)
    labels: list[Label] = []
    node = model.deals.get(deal)
    if node is not None:
        rank = _layer_rank(model, model.declared_in.get(("deal", deal), ""))
        if rank > best_rank:
            best_rank, span = rank, node.name.span
        for ext, layer in model.deal_extensions.get(deal, ()):
            if _layer_rank(model, layer) > best_rank:
                best_rank, span = _layer_rank(model, layer), ext.span
    for entry in model.settings.values():  # a pool's draws (settings keyed `pool NAME`)
        if isinstance(entry.node.body, s.PoolDraw) and entry.node.body.age in (None, age):
            rank = _layer_rank(model, entry.layer)
            if rank > best_rank:
                best_rank, span = rank, entry.node.span
    for (name, card_age), card in model.cards.items():
        if card_age != age:
            continue
        rank = _layer_rank(model, _count_layer(model, (name, card_age)))
        if rank > best_rank:
            copies = card.first(s.Copies)
            best_rank, span = rank, (copies.span if copies is not None else card.name.span)
    for removal, layer in model.removals:
        rank = _layer_rank(model, layer)
        if removal.age in (None, age) and rank > best_rank:
            best_rank, span = rank, removal.span
    cards: list[_LayerCard] = []
    if age and best_rank > 0:  # a layer over another: the cards it brings are what changed
        cards = _layer_cards(model, age, model.layers[best_rank])
    if cards:
        span = cards[0].span
        labels += [Label(c.span, f"also {_DONE[c.verb]} here") for c in cards[1:_NAMED_CARDS]]
    if hand is not None and span != hand[1]:
        labels.append(Label(hand[1], "hand size set here"))
    players = model.settings.get("players")
    if players is not None:
        labels.append(Label(players.node.span, "player counts set here"))
    return span, labels, cards


def _name_cards(cards: list[_LayerCard]) -> str:
    """`layer 'v' adds 'Kiln' and 'Mine' and changes 'Loom'`, the first few cards, and a count
    of the rest."""
    groups: dict[str, list[str]] = {}
    for card in cards[:_NAMED_CARDS]:
        groups.setdefault(card.verb, []).append(f"'{card.name}'")
    said = " and ".join(f"{verb} {_join(names)}" for verb, names in groups.items())
    more = len(cards) - _NAMED_CARDS
    if more > 0:
        said += f", and {more} more card{'s' if more != 1 else ''}"
    return f"layer '{cards[0].layer}' {said}"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def check(model: Model, rules: ir.RuleSet, where: Span | None) -> list[Diagnostic]:
    diags: list[Diagnostic] = []
    turns_over: dict[tuple[str, ...], list[tuple[int, int, int]]] = {}
    no_hand: dict[tuple[str, ...], list[tuple[int, int, int]]] = {}
    beyond: dict[tuple[str, str, int, int, tuple[str, ...]], list[tuple[int, int]]] = {}
    bad_counts: dict[_TargetKey, list[tuple[int, int | str]]] = {}
    deals: dict[_DeckKey, list[DeckCount]] = {}
    pools: dict[_PoolKey, list[tuple[int, int]]] = {}
    negative_draws: dict[_DrawKey, list[int]] = {}
    config_errors: dict[tuple[str, tuple[str, ...]], None] = {}
    wonders = len({b.name for b in rules.boards})
    no_wonder: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    decks = Decks(rules)

    for players, options in supported_tables(rules):
        try:
            cfg = resolve_config(rules, players, options)
        except ConfigError as e:
            config_errors.setdefault((str(e), options))
            continue
        if cfg.seats > wonders:
            no_wonder.setdefault(options, []).append((players, cfg.seats))
        for b in beyond_limits(cfg):
            if b.value > b.high:  # below: said further down (hands of no card, draws of fewer than none)
                beyond.setdefault((b.setting, b.pool, b.low, b.high, options), []).append((players, b.value))
        by_age = list(zip(cfg.hands_by_age[1:], cfg.turns_by_age[1:]))  # an age may have its own
        empty = [(players, hand, turns) for hand, turns in by_age if turns < 1 or hand < 1]
        if empty:
            no_hand.setdefault(options, []).extend(empty)
            continue
        turns_over.setdefault(options, []).extend((players, h, t) for h, t in by_age if t > h)
        counted = _deal_counts(rules, cfg, options, bad_counts)
        for deal in decks.dealt:
            if deal.name in counted:
                _deals(decks, cfg, deal, options, deals, pools, negative_draws)

    for msg, options in config_errors:
        option = model.options.get(options[0]) if options else None
        diags.append(error("E0104", msg, option.span if option is not None else where))
    for options, seat_rows in no_wonder.items():
        diags.append(_too_few_wonders(model, wonders, options, seat_rows, where))
    hand_span = _setting(model, "hand")
    turns_span = _setting(model, "turns")
    for (setting, pool, low, high, options), found in beyond.items():
        diags.append(_beyond(model, setting, pool, low, high, options, found, where))
    for (i, j, options), counts_found in bad_counts.items():
        diags.append(_bad_count(rules, i, j, options, counts_found, where))
    for options, rows in no_hand.items():
        tables = describe_tables([p for p, _, _ in rows], options)
        hands, turns = _range(h for _, h, _ in rows), _range(t for _, _, t in rows)
        bad_hand = any(h < 1 for _, h, _ in rows)
        span = hand_span if bad_hand else turns_span
        diags.append(error("E0104", f"hands of {hands} cards and {turns} turns ({tables})",
                           span[1] if span else where,
                           help="each player is dealt at least one card and plays at least one turn"))
    for options, rows in turns_over.items():
        if not rows:
            continue
        labels = [Label(hand_span[1], "hand size set here")] if hand_span else []
        tables = describe_tables([p for p, _, _ in rows], options)
        hands, turns = _range(h for _, h, _ in rows), _range(t for _, _, t in rows)
        diags.append(error("E0303", f"{turns} turns but hands of {hands} cards ({tables})",
                           turns_span[1] if turns_span else where, labels=labels,
                           help="each turn plays one card from the hand: play at most as many turns as "
                                "there are cards in a hand"))
    overdrawn = {(age, options) for (age, _, _, options) in pools}
    overdrawn |= {(age, options) for age, _, options in negative_draws}
    for (age, pool, available, options), draws in pools.items():
        drawn = sorted({n for _, n in draws})
        amount = str(drawn[0]) if len(drawn) == 1 else f"{drawn[0]} to {drawn[-1]}"
        cards = "card" if drawn == [1] else "cards"
        span = _setting(model, f"pool {pool}")
        diags.append(error("E0302", f"age {age} draws {amount} {cards} from pool '{pool}', which holds only "
                           f"{available} ({describe_tables([p for p, _ in draws], options)})",
                           span[1] if span else where,
                           help=f"add cards to the pool (`pool {pool}` on a card of age {age}) or draw fewer"))
    for (age, pool, options), draw_players in negative_draws.items():
        span = _setting(model, f"pool {pool}")
        diags.append(error("E0104", f"age {age} draws fewer than 0 cards from pool '{pool}' "
                           f"({describe_tables(draw_players, options)})", span[1] if span else where))
    for (deal_name, age, options), deck_counts in deals.items():
        if (age, options) not in overdrawn:  # the pool's error explains the count
            diags.append(_deck_error(model, deal_name, age, options, deck_counts, where))
    return diags


def _deal_counts(rules: ir.RuleSet, cfg: TableConfig, options: tuple[str, ...],
                 bad_counts: dict[_TargetKey, list[tuple[int, int | str]]]) -> set[str]:
    """The deals whose counts a table computes within the engine's limits (the others are
    noted in `bad_counts`, and their decks are not counted)."""
    good = set()
    for i, deal in enumerate(rules.deals):
        ok = True
        for j, target in enumerate(deal.targets):
            for age in range(cfg.ages + 1):  # before the first age, then in each
                try:
                    n = evaluate(target.count, cfg.variables(age))
                except ConfigError as e:
                    bad_counts.setdefault((i, j, options), []).append((cfg.players, str(e)))
                    ok = False
                    break
                if not 0 <= n <= MAX_DRAW:
                    bad_counts.setdefault((i, j, options), []).append((cfg.players, n))
                    ok = False
                    break
        if ok:
            good.add(deal.name)
    return good


def _beyond(model: Model, setting: str, pool: str, low: int, high: int, options: tuple[str, ...],
            found: list[tuple[int, int]], where: Span | None) -> Diagnostic:
    """E0104: a number of some tables beyond the engine's limits, at the setting that gives it."""
    what = {"hand": "hands of {} cards", "turns": "{} turns in an age", "ages": "{} ages",
            "neutral_seats": "{} seats", "pool_draws": f"{{}} cards drawn from pool '{pool}' in an age"}[setting]
    key = f"pool {pool}" if setting == "pool_draws" else setting
    span = _setting(model, key)
    if setting == "neutral_seats":
        seats = [s.name.span for s in model.seats.values()]
        span = (0, seats[-1]) if seats else None
    tables = describe_tables([p for p, _ in found], options)
    return error("E0104", f"{what.format(_range(v for _, v in found))} ({tables}): beyond what the engine accepts",
                 span[1] if span else where, help=f"the engine accepts {low} to {high}")


def _bad_count(rules: ir.RuleSet, i: int, j: int, options: tuple[str, ...], found: list[tuple[int, int | str]],
               where: Span | None) -> Diagnostic:
    """E0104: a deal gives a target fewer than no cards, or more than the engine deals, or a
    number the table cannot compute (`found`: the players and the count, or why there is none)."""
    deal, target = rules.deals[i], rules.deals[i].targets[j]
    at = target.origin or deal.origin
    span = Span(at.path, at.line, at.column, at.line, at.column + 1) if at else where
    who = "each player" if target.to == "players" else f'"{target.to}"'
    tables = describe_tables([p for p, _ in found], options)
    why = next((n for _, n in found if isinstance(n, str)), None)
    if why is not None:
        return error("E0104", f"the cards deal '{deal.name}' gives to {target.zone} of {who} cannot be counted: "
                              f"{why.removeprefix('a setting ')} ({tables})", span)
    counts = [n for _, n in found if isinstance(n, int)]  # all of them: no count failed
    return error("E0104", f"deal '{deal.name}' gives {_range(counts)} cards to {target.zone} of {who} "
                          f"({tables})", span, help=f"a deal gives each target 0 to {MAX_DRAW} cards")


def _too_few_wonders(model: Model, wonders: int, options: tuple[str, ...], rows: list[tuple[int, int]],
                     where: Span | None) -> Diagnostic:
    """E0104: the engine gives each seat a wonder of its own (a name, with its sides)."""
    tables = describe_tables([p for p, _ in rows], options)
    if any(seats != players for players, seats in rows):
        tables += f" ({_range(seats for _, seats in rows)} seats, neutral seats included)"
    # point at the latest layer's change: the player counts, a neutral seat, a removed wonder
    players = model.settings.get("players")
    changes = [(_layer_rank(model, e.layer), e.node.span) for key, e in model.settings.items() if key == "players"]
    changes += [(_layer_rank(model, model.declared_in.get(("seat", name), "")), seat.name.span)
                for name, seat in model.seats.items()]
    changes += [(_layer_rank(model, layer), removal.span) for removal, layer in model.wonder_removals]
    span = max(changes, key=lambda c: c[0])[1] if changes else where
    labels = [Label(players.node.span, "player counts set here")] if players and players.node.span != span else []
    count = "no wonder" if wonders == 0 else f"only {wonders} wonder{'s' if wonders != 1 else ''}"
    return error("E0104", f"{count} for {tables}: each seat needs a wonder of its own", span, labels=labels,
                 help="add wonders (`wonder \"NAME\" side A { ... }`), or seat fewer players")


def _range(values: Iterable[int]) -> str:
    vals = sorted(set(values))
    return str(vals[0]) if len(vals) == 1 else f"{vals[0]} to {vals[-1]}"


def _deals(decks: Decks, cfg: TableConfig, deal: ir.Deal,
           options: tuple[str, ...], deals: dict[_DeckKey, list[DeckCount]],
           pools: dict[_PoolKey, list[tuple[int, int]]], negative_draws: dict[_DrawKey, list[int]]) -> None:
    if deal.deck == AGE_DECK:
        for short in decks.shortages(cfg):
            pools.setdefault((short.age, short.pool, short.available, options), []).append((cfg.players, short.drawn))
        for pool, age, n in cfg.pool_draws:
            if n < 0:
                negative_draws.setdefault((age, pool, options), []).append(cfg.players)
    for count in decks.wrong(cfg, deal):
        if count.wrong():
            deals.setdefault((deal.name, count.age, options), []).append(count)


def _deck_error(model: Model, deal: str, age: int, options: tuple[str, ...], rows: list[DeckCount],
                where: Span | None) -> Diagnostic:
    tables = describe_tables([r.players for r in rows], options)
    diffs = {r.total - r.need for r in rows}
    deck = f"age {age} deck" if age else f"deck '{rows[0].deck}'"
    if len(rows) == 1:
        r = rows[0]
        message = f"{deck} has {r.total} cards for {tables}, but the deal needs {r.need}"
    elif len(diffs) == 1:
        d = diffs.pop()
        n = abs(d)
        message = f"{deck} has {n} card{'s' if n != 1 else ''} too {'many' if d > 0 else 'few'} for {tables}"
    else:
        message = f"{deck} does not match the deal for {tables}"
    span, labels, cards = _deck_span(model, deal, age, where)
    first = rows[0]
    help_text = f"at {first.players} players the deck holds {first.total} ({first.parts()}), and the deal gives " \
                f"{first.need}: {first.gives()}"
    for r in rows[1:5]:
        help_text += f"; at {r.players} players, {r.total} for {r.need}"
    if len(rows) > 5:
        help_text += f"; and {len(rows) - 5} more tables"
    if not cards:
        help_text += "; adjust copy markers, pool draws or the hand size"
    elif all(r.total > r.need for r in rows):
        help_text = f"{_name_cards(cards)}: remove cards of age {age} (or some of their copy markers), or change " \
                    f"the hand size or pool draws; {help_text}"
    elif all(r.total < r.need for r in rows):
        help_text = f"{_name_cards(cards)}: add cards to age {age} (or copy markers to its cards), or change " \
                    f"the hand size or pool draws; {help_text}"
    else:
        help_text = f"{_name_cards(cards)}: balance age {age} with copy markers, pool draws or the hand size; " \
                    f"{help_text}"
    return error("E0301", message, span, labels=labels, help=help_text)
